// "Did you mean": the boards one slip away from a board number that names no board (src/search/suggest/
// board-keys.ts). One statement of index probes on the boards' and aliases' unique norms, guarded so it reads
// nothing more when a typed number does name a board. Boards are public (any board opens at
// `/boards/{number}`), so every board found may be suggested.
import { type SQL, sql } from "drizzle-orm";
import { boardUrl, normalizeBoardNumber, type UrlContext } from "../../core/urls";
import type { QueryContext } from "../../db/queries/runtime";
import { looksLikeBoardNumber, nearKeys } from "./board-keys";

/** Boards suggested for one typed number, likeliest first. */
export const MAX_BOARD_SUGGESTIONS = 3;
/** Typed numbers of one query looked up (a query of many codes asks for the first two). */
export const MAX_TYPED_NUMBERS = 2;
/** Rows the statement may answer (every key of every typed number could name a board). */
const MAX_ROWS = 50;

export interface BoardSuggestion {
  /** The typed number, normalised (upper case letters and digits). */
  typed: string;
  number: string;
  url: string;
}

export interface SuggestionLookup {
  query: SQL;
  /** Per key: the typed norm it comes from and its cost. */
  keys: Map<string, { typed: string; cost: number }>;
}

/** `('A', 'B')` of norms; anything but upper case letters and digits never reaches the SQL. */
function literalList(norms: readonly string[]): SQL {
  const safe = norms.filter((n) => /^[A-Z0-9]+$/.test(n));
  return sql.raw(`(${safe.map((n) => `'${n}'`).join(", ") || "''"})`);
}

/** The lookup for the typed norms that look like board numbers, or undefined when none does. */
export function suggestionLookup(norms: readonly string[]): SuggestionLookup | undefined {
  const typed = [...new Set(norms)].filter(looksLikeBoardNumber).slice(0, MAX_TYPED_NUMBERS);
  if (!typed.length) return undefined;
  const keys = new Map<string, { typed: string; cost: number }>();
  for (const norm of typed)
    for (const [key, cost] of nearKeys(norm)) {
      const known = keys.get(key);
      if (!known || cost < known.cost) keys.set(key, { typed: norm, cost });
    }
  // The keys are upper case letters and digits only (checked): written as a literal list, so the probes read
  // only the rows they find (a json_each list is read as rows, once per use: about 1,000 for one number).
  const near = literalList([...keys.keys()]);
  const exact = literalList(typed);
  // Nothing is read past the guard when a typed number names a board or an alias (two index probes each).
  const query = sql`with named as (
      select 1 from boards where norm in ${exact} union all select 1 from board_aliases where norm in ${exact} limit 1)
    select b.number as number, b.norm as norm, b.norm as matched from boards b
      where not exists (select 1 from named) and b.norm in ${near}
    union all
    select b.number, b.norm, a.norm from board_aliases a join boards b on b.id = a.board_id
      where not exists (select 1 from named) and a.norm in ${near}
    limit ${sql.raw(String(MAX_ROWS))}`;
  return { query, keys };
}

/** The suggestions from the lookup's rows: per board its likeliest key, the likeliest boards first. */
export function suggestionsOf(lookup: SuggestionLookup, rows: readonly Record<string, unknown>[], urls: UrlContext): BoardSuggestion[] {
  const best = new Map<string, { typed: string; number: string; cost: number }>();
  for (const row of rows) {
    const key = lookup.keys.get(String(row.matched));
    if (!key) continue;
    const norm = String(row.norm);
    const known = best.get(norm);
    if (!known || key.cost < known.cost) best.set(norm, { typed: key.typed, number: String(row.number), cost: key.cost });
  }
  return [...best.entries()]
    .sort(([an, a], [bn, b]) => a.cost - b.cost || an.localeCompare(bn))
    .slice(0, MAX_BOARD_SUGGESTIONS)
    .map(([norm, s]) => ({ typed: s.typed, number: s.number, url: boardUrl(urls, norm) }));
}

/** Boards one slip away from a spelling that names no board (the 404 of a board): one statement. */
export async function suggestBoards(ctx: QueryContext, anySpelling: string): Promise<BoardSuggestion[]> {
  const lookup = suggestionLookup([normalizeBoardNumber(anySpelling.slice(0, 100))]);
  if (!lookup) return [];
  const rows = await ctx.db.all<Record<string, unknown>>(lookup.query);
  return suggestionsOf(lookup, rows, ctx.urls);
}
