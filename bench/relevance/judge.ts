// Graded judgments of the scope queries (bench/relevance/meaning.ts): a named item 2, any other item
// of a board in scope 1, the rest 0. The ideal ranking counts the demo's items of those boards.
import { normalizeBoardNumber } from "../../src/core/urls";
import { ALSO_RELEVANT } from "./also-relevant";
import type { ScopeQuery } from "./meaning";
import type { KnownItemQuery } from "./queries";

export interface Judge {
  grade(query: ScopeQuery, item: Record<string, unknown>): number;
  ideal(query: ScopeQuery): number[];
}

const boardOf = (item: Record<string, unknown>): string | null => {
  const board = item.board as string | { number?: string } | null | undefined;
  return typeof board === "string" ? board : (board?.number ?? null);
};

export function scopeJudge(demo: Record<string, unknown>): Judge {
  // Demo items name their board in any spelling (number or alias): each spelling → the board's number.
  const numberOf = new Map<string, string>();
  for (const b of demo.boards as { number: string; aliases?: string[] }[])
    for (const spelling of [b.number, ...(b.aliases ?? [])]) numberOf.set(normalizeBoardNumber(spelling), b.number);
  const canonical = (board: unknown) => (board ? (numberOf.get(normalizeBoardNumber(String(board))) ?? String(board)) : null);
  const items = (group: "threads" | "cases") => (demo[group] as Record<string, unknown>[]).filter((i) => i.published !== false);
  // A thread of the search results carries no board (the list shape): its board is read from the demo, by id.
  const boardById = new Map<string, string | null>();
  for (const group of ["threads", "cases"] as const) for (const i of items(group)) boardById.set(String(i.id), canonical(i.board));
  return {
    grade(query, item) {
      if (query.targets.includes(String(item.title))) return 2;
      const board = boardOf(item) ?? boardById.get(String(item.id)) ?? null;
      return board && query.scope.includes(board) ? 1 : 0;
    },
    ideal(query) {
      const others = items(query.group).filter((i) => query.scope.includes(canonical(i.board) ?? "") && !query.targets.includes(String(i.title)));
      return [...query.targets.map(() => 2), ...others.map(() => 1)].slice(0, 10);
    },
  };
}

/** Every item ALSO_RELEVANT names is a published item of its query's board, in the query's group. */
export function checkAlsoRelevant(demo: Record<string, unknown>, queries: KnownItemQuery[]): string[] {
  const numberOf = new Map<string, string>();
  for (const b of demo.boards as { number: string; aliases?: string[] }[])
    for (const spelling of [b.number, ...(b.aliases ?? [])]) numberOf.set(normalizeBoardNumber(spelling), b.number);
  const boardOf = (spelling: unknown) => numberOf.get(normalizeBoardNumber(String(spelling ?? ""))) ?? null;
  const problems: string[] = [];
  for (const [text, titles] of ALSO_RELEVANT) {
    const query = queries.find((q) => q.q === text);
    if (!query) {
      problems.push(`judged relevance for a query that does not exist: ${text}`);
      continue;
    }
    const board = boardOf(text.split(" ")[0]);
    const items = (demo[query.group] as Record<string, unknown>[]).filter((i) => i.published !== false && boardOf(i.board) === board);
    for (const title of titles)
      if (!items.some((i) => i.title === title)) problems.push(`${text}: no published ${query.group} item of ${board} titled ${title}`);
  }
  return problems;
}
