// Completion of resource template arguments: board numbers and aliases from a prefix in any spelling, and the
// language. Completions are never limited, so what they read is kept in the isolate for a minute.
import { LANGUAGES } from "../core/language";
import { boardNumbersByPrefix } from "../db/queries/boards/boards";
import { boardPointsByPrefix } from "../db/queries/boards/board-points";
import { normalizeBoardNumber } from "../core/urls";
import { IsolateCache } from "../core/isolate-cache";
import { anonymousQueryContext, type ToolContext } from "./tool-context";

/** Values one completion offers at most (the protocol allows 100; a picker shows a few). */
export const COMPLETIONS_SHOWN = 10;
const KEPT_MS = 60_000;

const boardPrefixes = new IsolateCache<string, { numbers: string[]; until: number }>({ maxEntries: 10_000, expired: (v, nowMs) => v.until <= nowMs });

/** Board numbers whose number or an alias starts with `value` in any spelling (`la-k3` → LA-K351P). */
export async function completeBoardNumber(tools: ToolContext, value: string): Promise<string[]> {
  const norm = normalizeBoardNumber(value);
  if (!norm) return [];
  const nowMs = Date.now();
  const kept = boardPrefixes.get(norm, nowMs);
  if (kept) return kept.numbers;
  const numbers = await boardNumbersByPrefix(anonymousQueryContext(tools, tools.defaultLang), norm, COMPLETIONS_SHOWN);
  boardPrefixes.set(norm, { numbers, until: nowMs + KEPT_MS }, nowMs);
  return numbers;
}

export function completeLang(value: string): string[] {
  return LANGUAGES.filter((lang) => lang.startsWith(value.trim().toLowerCase()));
}

/** Point names of a board (measured or changed in its published cases) that start with `value` in any spelling. */
export async function completeBoardPoint(tools: ToolContext, board: string, value: string): Promise<string[]> {
  if (!board) return [];
  return boardPointsByPrefix(anonymousQueryContext(tools, tools.defaultLang), board, value, COMPLETIONS_SHOWN);
}
