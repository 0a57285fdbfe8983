// The groups a search ranks (documents, threads, posts, cases) as the plan sees them: how an index row
// leads to a visible item, its merit, its closeness levels and its scope tier. Shared by the plan's
// rankings (src/search/plan/plan.ts) and its scope (src/search/plan/plan-scope.ts).
import { type SqlFragment, sql } from "./sql-fragment";
import { FTS_TABLES, META_BASE, PAGE_FACTOR, type FtsTable } from "../index/index-sql";
import { hasLoose, hasNegatedApart, matchExpression, termExpressions, withMarker, type ParsedQuery } from "../understand/query";
import type { ShardHit } from "../stages";

/** One group of results and how its index rows lead to a visible item. */
export interface Group {
  /** FTS table (its weights); `tiered` groups also have `<table>_recent`. */
  table: FtsTable;
  tiered: boolean;
  kind: string;
  base: SqlFragment;
  id: SqlFragment;
  visible: SqlFragment;
  /** Extra SQL condition on the base table (the document type). */
  where?: SqlFragment;
  /** Required marker added to the candidate MATCH (the document type token). */
  marker?: string;
  /** The key n of an index row, from its rowid. */
  keyOf: (table: string) => string;
  candidates: number;
  /** Documents the text shards matched: merged with this group's own rows by score, visible ones only. */
  shardHits?: readonly ShardHit[];
  /** The boards the query names (src/search/understand/scope.ts): their items rank first. */
  scope?: GroupScope;
  /** Merit of the base row (MERIT), 0 when the group has none: bm25 is multiplied by 1 + merit. */
  merit?: SqlFragment;
}

/**
 * Ranking among equals: a solved thread (a visible accepted solution) and a fixed case weigh more, and
 * so do a thread's votes (its visible replies' scores, capped). bm25 is negative (lower is better), so
 * `score * (1 + merit)` moves an item up by that fraction: a close match with merit passes a slightly
 * closer one without; it never crosses the scope tiers or closeness levels.
 */
export const MERIT = { solvedThread: 0.25, votePerPoint: 0.02, maxVotes: 5, fixedCase: 0.25, partiallyFixedCase: 0.1 } as const;

/** Kept per thread by migrations/0021_thread_merit.sql's triggers from MERIT (test/search/merit.test.ts holds them equal). */
export const threadMerit = sql.raw("ifnull((select tm.merit from thread_merits tm where tm.thread_id = threads.id), 0)");
export const caseMerit = sql.raw(
  `(case repair_cases.outcome when 'fixed' then ${MERIT.fixedCase} when 'partially_fixed' then ${MERIT.partiallyFixedCase} else 0 end)`,
);

/** bm25 weighed by the row's merit. */
export const meritScore = (g: Group, score: SqlFragment) => (g.merit ? sql`(${score} * (1 + ${g.merit}))` : score);

/** How a group ranks the items of the boards in scope (tier 0: matched on the rest of the query; 1: the others). */
export interface GroupScope {
  /** Condition on the base row: the item belongs to a board in scope. */
  inScope: SqlFragment;
  /** A narrow scope's items, found from the boards' side (a broad one only lifts the query's own candidates). */
  fromBoards?: {
    /** The newest visible items in scope (ids), as many as one page. */
    fill: (limit: number) => SqlFragment;
    /** The newest visible items in scope, at most `limit`: id, key n and score (merit first). */
    newest: (limit: number) => SqlFragment;
    /** The rest of the query (any word) and its closeness levels. */
    rest?: { match: string; levels?: Levels; weighed: boolean };
  };
}

export const bm25 = (weightsOf: FtsTable, table: string) =>
  sql.raw(`bm25(${table}, ${FTS_TABLES[weightsOf].weights.map((w) => w.toFixed(1)).join(", ")})`);

export const documentKey = (t: string) =>
  `(case when ${t}.rowid >= ${META_BASE} then ${t}.rowid - ${META_BASE} else ${t}.rowid / ${PAGE_FACTOR} end)`;
export const itemKey = (t: string) => `${t}.rowid`;

/** The FTS table, its key and its base row. */
export function from(g: Group, table: string): SqlFragment {
  return sql`${sql.raw(table)} join search_keys k on k.n = ${sql.raw(g.keyOf(table))} join ${g.base} on ${g.id} = k.id`;
}

export const visibleRows = (g: Group) => sql`k.kind = ${g.kind} and ${g.visible} ${g.where ?? sql``}`;

/** The expressions of a query as typed and with its words' forms (no concept words): the levels of `exactFlag`. */
export interface Levels {
  exact?: string;
  forms?: string;
  /** Also a concept's other words, but a negated phrase's words never apart (only when the query has such a phrase). */
  said?: string;
  /** Any word: each term's expression and weight; an item matching more weight ranks first. */
  terms?: { match: string; weight: number }[];
}

/**
 * The columns where an item states its own fault: a thread's title and first post (its replies discuss causes:
 * "si el corto desaparece" in a thread about a dead board), a case's title and symptom. A concept said only
 * elsewhere weighs a plain word in the coverage. Other groups: every column.
 */
export const STATEMENT_COLUMNS: Partial<Record<FtsTable, readonly string[]>> = {
  search_threads: ["title", "codes", "body"],
  search_cases: ["title", "codes", "symptom"],
};

export function levelsOf(parsed: ParsedQuery, mode: "all" | "any", table?: FtsTable): Levels | undefined {
  const terms = mode === "any" ? termExpressions(parsed, table ? STATEMENT_COLUMNS[table] : undefined) : [];
  const coverage = terms.length > 1 ? { terms } : {};
  if (!hasLoose(parsed)) return terms.length > 1 ? coverage : undefined;
  const said = hasNegatedApart(parsed) ? { said: matchExpression(parsed, mode, "said")! } : {};
  return { exact: matchExpression(parsed, mode, "exact")!, forms: matchExpression(parsed, mode, "forms")!, ...said, ...coverage };
}

/**
 * A count we computed (a limit, an offset, a share), written into the SQL instead of bound: D1 binds at
 * most 100 values per statement, and a ranking already binds each of its expressions.
 */
export const int = (n: number) => sql.raw(String(Number.isFinite(n) ? Math.trunc(n) : 0));

/**
 * Whether the index row(s) of the item with key `n` match `match` in `table`: a seek by rowid in each
 * phrase's rows, never a walk through them. A document is its metadata row and its pages.
 */
export function itemMatches(g: Group, table: string, match: string, n: SqlFragment): SqlFragment {
  const t = sql.raw(table);
  const expression = g.marker ? withMarker(match, g.marker) : match;
  if (g.keyOf !== documentKey) return sql`exists (select 1 from ${t} where ${t} match ${expression} and ${t}.rowid = ${n})`;
  // The expression bound once for both seeks (the metadata row, then the pages).
  return sql`(select exists (select 1 from ${t} where ${t} match q.e and ${t}.rowid = ${n} + ${int(META_BASE)})
    or exists (select 1 from ${t} where ${t} match q.e and ${t}.rowid between ${n} * ${int(PAGE_FACTOR)} and ${n} * ${int(PAGE_FACTOR)} + ${int(PAGE_FACTOR - 1)})
    from (select ${expression} as e) q)`;
}

/**
 * How closely an item matches: 3 every term as typed, 1 through a word's other form, a correction or a
 * code prefix, 0 only through a concept's other words (src/search/thesaurus), and half a level more for
 * an item that says the query without a negated phrase's words apart ("no enciende" is not "enciende pero
 * no da imagen"); in the forgiving pass (any
 * word) first how much of the query it covers (4 per term, a concept's weight per concept). The closer match ranks first. Each
 * level is a seek for the item's rows (`n`: its key, k.n in the rankings), reading only what matches: a
 * membership in each level's newest matches read them all, 200 rows per level and group.
 */
export function exactFlag(g: Group, table: string, levels: Levels | undefined, n: SqlFragment = sql.raw("k.n")): SqlFragment {
  if (!levels) return sql`3`;
  const member = (match: string) => itemMatches(g, table, match, n);
  const level =
    !levels.exact || !levels.forms
      ? sql`3`
      : levels.forms === levels.exact
        ? sql`(${member(levels.exact)} * 3)`
        : sql`(${member(levels.exact)} * 2 + ${member(levels.forms)})`;
  const closeness = levels.said ? sql`(${level} + ${member(levels.said)} * ${sql.raw(String(SAID_BONUS))})` : level;
  if (!levels.terms) return closeness;
  return sql`(${sql.join(
    levels.terms.map((term) => (term.weight === 1 ? member(term.match) : sql`${member(term.match)} * ${int(term.weight)}`)),
    " + ",
  )}) * 4 + ${closeness}`;
}

/** What saying the query without a negated phrase's words apart adds to a closeness level (below one level). */
export const SAID_BONUS = 0.5;

/** 0 for an item of a board in scope (or when there is no scope), 2 for any other item. */
export const tierOf = (g: Group) => (g.scope ? sql`(case when ${g.scope.inScope} then 0 else 2 end)` : sql`0`);
