// Graded judgments of the scope queries (bench/relevance/meaning.ts): a named item 2, any other item
// of a board in scope 1, the rest 0. The ideal ranking counts the demo's items of those boards.
import { normalizeBoardNumber } from "../../src/core/urls";
import type { ScopeQuery } from "./meaning";

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
