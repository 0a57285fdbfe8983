// Scope from the query: a board number or alias, a model or platform ("T480", "A1708", "MacBook Pro
// 13 2016", from boards' platform and codename), a product line ("ThinkPad", the first word of a
// platform) or a manufacturer names the boards asked about. Their items rank first, matched on the
// rest of the query, then their other items; an item of another board never outranks them for sharing
// a generic word (the ranking tiers: src/search/index.ts).
//
// Which words name a model is read from the boards themselves, so the scope knows every board without a
// list to keep: each word of the query finds the boards whose platform, codename or maker hold it through
// the boards' search index (search_boards' info column), one statement per word not remembered yet, and
// only those boards are weighed (a whole-table read was ~6,000 rows at 3,000 boards on a cold isolate).
// The device model a published repair case names for its board counts too ("A1708" for 820-00165, whose
// platform says "MacBook Pro 13" 2016"): technicians name a Mac by its A-number, a laptop by its sticker.
import { sql, type SQL } from "drizzle-orm";
import { caseVisible } from "../../db/visibility";
import { repairCases } from "../../db/schema";
import type { ParsedQuery, Scope, Term } from "../query-types";
import { tokenize } from "../index/tokens";
import { fold } from "../index/vocabulary";

export type { Scope } from "../query-types";

/** At most this many boards in one scope (a manufacturer's whole range stays bounded). */
export const MAX_SCOPE_BOARDS = 200;
/** Boards read per query word at most (in id order): a scope holds no more anyway. */
export const SCOPE_WORD_BOARDS = MAX_SCOPE_BOARDS;
/** Query words looked up at most (a query has at most 8 terms; a quoted phrase may hold more words). */
export const MAX_SCOPE_WORDS = 16;

/** Words that begin some platforms but name no product line. */
const GENERIC_LINES = new Set(["notebook", "laptop", "portatil", "computer", "pc"]);

export interface ScopeBoard {
  id: number;
  number: string;
  /** Folded words of the platform, codename and manufacturer. */
  words: Set<string>;
  /** Words that alone name the board's family: product line, codename, manufacturer. */
  names: Set<string>;
}

/**
 * The boards whose platform, codename, board code or maker hold `word` (a folded token: letters and digits
 * only); for a model-like word (A1466, T480), also the boards of the newest published cases whose codes hold
 * it, with those cases' device models (a case's codes: its board, device model, maker and parts; only the
 * device model's words join the board's). A plain word (MacBook, Lenovo) is left to the boards' own words: it
 * names a model only beside a model-like one, and a maker's word is in thousands of cases' codes.
 * The cross joins keep the cases' matches the outer loop: SQLite otherwise walked every case key (20,000 at
 * 100,000 documents) and probed the matches, about 60,000 rows per word.
 */
export const scopeWordQuery = (word: string, now: string): SQL => {
  const phrase = `"${word.replaceAll('"', '""')}"`;
  return sql`select b.id as id, b.number as number, b.platform as platform, b.codename as codename, m.name as maker, null as models
    from (select rowid as id from search_boards where search_boards match ${`info : ${phrase}`} order by rowid limit ${SCOPE_WORD_BOARDS}) s
    join boards b on b.id = s.id left join manufacturers m on m.id = b.manufacturer_id
    ${modelLike(word) ? casesNaming(phrase, now) : sql``}`;
};

/** The boards of the newest published cases whose codes hold the phrase, with their device models (a union arm). */
const casesNaming = (phrase: string, now: string): SQL =>
  sql`union all
    select b.id, b.number, b.platform, b.codename, m.name, group_concat(${repairCases.deviceModel}, ' ')
    from (select rowid as r from search_cases where search_cases match ${`codes : ${phrase}`} order by rowid desc limit ${SCOPE_WORD_BOARDS}) s
    cross join search_keys k on k.n = s.r and k.kind = 'case'
    cross join ${repairCases} on ${repairCases.id} = k.id
    join boards b on b.id = ${repairCases.boardId} left join manufacturers m on m.id = b.manufacturer_id
    where ${repairCases.deviceModel} is not null and ${caseVisible(now)}
    group by b.id`;

interface ScopeRow {
  id: number;
  number: string;
  platform: string | null;
  codename: string | null;
  maker: string | null;
  /** Device models of published cases of the board that hold the word. */
  models: string | null;
}

const words = (text: string | null) => tokenize(text ?? "").map(fold);

export function parseScopeBoards(rows: unknown[]): ScopeBoard[] {
  return boardsOfWords([
    (rows as ScopeRow[]).map((r) => {
      const platform = words(r.platform);
      const line = platform[0] && /^\p{L}{3,}$/u.test(platform[0]) && !GENERIC_LINES.has(platform[0]) ? [platform[0]] : [];
      const names = [...line, ...words(r.codename), ...words(r.maker)];
      return { id: r.id, number: r.number, words: new Set([...platform, ...names, ...words(r.models)]), names: new Set(names) };
    }),
  ]);
}

/** A word that can name a model on its own: letters and digits (T480, A1932, X512DA) or a number of 3+ digits. */
const modelLike = (token: string) => (/\p{L}/u.test(token) && /\p{N}/u.test(token)) || /^\p{N}{3,}$/u.test(token);

const tokensOf = (term: Term) => term.alternatives[0].flatMap((p) => p.tokens).map(fold);

/** The words of the query that may name a scope (a concept's words never do): each is looked up (scopeWordQuery). */
export const scopeWords = (parsed: ParsedQuery): string[] =>
  [...new Set(parsed.terms.flatMap((t) => (t.concept ? [] : tokensOf(t))))].slice(0, MAX_SCOPE_WORDS);

/** The boards of every word's lookup, once each (their words joined), in id order (the order findScope weighs them in). */
export function boardsOfWords(lists: readonly (readonly ScopeBoard[])[]): ScopeBoard[] {
  const byId = new Map<number, ScopeBoard>();
  for (const list of lists)
    for (const board of list) {
      const known = byId.get(board.id);
      byId.set(
        board.id,
        known ? { ...known, words: new Set([...known.words, ...board.words]), names: new Set([...known.names, ...board.names]) } : board,
      );
    }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface BoardNamed {
  id: number;
  /** The norm of the query word that named it. */
  matched: string;
  number: string;
}

/**
 * The boards a query names: by number or alias (the board lookup's hits) first; else the boards whose
 * platform, codename or manufacturer hold the most of the query's words, at least one of them a
 * model-like word, a product line, a codename or a manufacturer.
 */
export function findScope(parsed: ParsedQuery, table: readonly ScopeBoard[], named: readonly BoardNamed[]): Scope | undefined {
  const byCode = parsed.terms.flatMap((t, i) => (t.norm && named.some((b) => b.matched === t.norm) ? [i] : []));
  if (byCode.length) {
    const hits = named.filter((b) => byCode.some((i) => parsed.terms[i].norm === b.matched));
    // The board's own model words beside its number ("820-01700 macbook", "nm-a311 thinkpad e470") say it again:
    // left out of the rest with the number, where they met every item whose first post names the board's model.
    const own = table.filter((b) => hits.some((h) => h.id === b.id));
    const again = parsed.terms.flatMap((t, i) =>
      !byCode.includes(i) && !t.concept && tokensOf(t).length && tokensOf(t).every((x) => own.some((b) => b.words.has(x))) ? [i] : [],
    );
    return {
      by: "board",
      named: byCode.map((i) => tokensOf(parsed.terms[i]).join(" ")).join(" "),
      boardIds: [...new Set(hits.map((b) => b.id))].slice(0, MAX_SCOPE_BOARDS),
      boards: [...new Set(hits.map((b) => b.number))].slice(0, MAX_SCOPE_BOARDS),
      terms: [...byCode, ...again].sort((a, b) => a - b),
    };
  }
  const candidates = parsed.terms.map((t, i) => ({ i, tokens: t.concept ? [] : tokensOf(t) }));
  let best = 0;
  let scoped: { board: ScopeBoard; terms: number[] }[] = [];
  for (const board of table) {
    const terms = candidates.filter((c) => c.tokens.length > 0 && c.tokens.every((x) => board.words.has(x)));
    const tokens = terms.flatMap((c) => c.tokens);
    if (!tokens.some((x) => modelLike(x) || board.names.has(x))) continue;
    if (tokens.length > best) [best, scoped] = [tokens.length, []];
    if (tokens.length === best) scoped.push({ board, terms: terms.map((c) => c.i) });
  }
  if (!scoped.length) return undefined;
  const terms = [...new Set(scoped.flatMap((s) => s.terms))].sort((a, b) => a - b);
  scoped = scoped.slice(0, MAX_SCOPE_BOARDS);
  return {
    by: "model",
    named: terms.map((i) => tokensOf(parsed.terms[i]).join(" ")).join(" "),
    boardIds: scoped.map((s) => s.board.id),
    boards: scoped.map((s) => s.board.number),
    terms,
  };
}

/** The query without the terms that named the scope. */
export const restOf = (parsed: ParsedQuery, scope: Scope): ParsedQuery => ({
  ...parsed,
  terms: parsed.terms.filter((_, i) => !scope.terms.includes(i)),
});
