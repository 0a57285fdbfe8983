// Stage 3, rank: runs the plan's statements (src/search/plan/plan.ts) in one round trip per pass, each
// group's ranking in a CTE that loads its items through the read API's own list query (same shapes,
// urls and visibility). Page text lives on the text shards (src/text/shards.ts): those that may match
// (src/search/understand/shard-absence.ts) are asked first, all at once (src/search/rank/shard-search.ts), and their
// documents join the documents group by score,
// through the same visibility rule.
import { postsLoader } from "../../db/queries/blog";
import { boardsLoader } from "../../db/queries/boards/boards";
import { casesLoader } from "../../db/queries/cases";
import type { Keys, Loader, QueryContext } from "../../db/queries/runtime";
import { documentsLoader } from "../../db/queries/documents";
import { threadsLoader } from "../../db/queries/forum";
import { SEARCH_GROUP_LIMIT, SEARCH_MAX_PAGE } from "../../schemas/search/search";
import { foldedBatch, type LoadResult } from "./folded-batch";
import { loadStatement } from "./load-template";
import { hitTextColumns, withHighlights } from "../present/highlight";
import { typeTokenOf } from "../index/index-sql";
import { boardsRanking, statementsFor } from "../plan/plan";
import { matchExpression, withoutWordPrefixes } from "../understand/query";
import { cannotMatch } from "../understand/shard-absence";
import { rankShards } from "./shard-search";
import { type SqlFragment, sql } from "../plan/sql-fragment";
import { suggestionLookup, suggestionsOf } from "../suggest/board-suggestions";
import {
  DEFAULT_TUNING,
  ITEM_GROUPS,
  type Found,
  type ItemGroup,
  type Prepared,
  type RankOptions,
  type SearchOptions,
  type SearchResult,
  type ShardHit,
} from "../stages";
import {
  prepare,
  rememberPendingCounts,
  rememberShardCounts,
  scopeStillCurrent,
  textGenerationQuery,
  textGenerationStillCurrent,
} from "../understand/understand";

const LOADERS = { documents: documentsLoader, threads: threadsLoader, posts: postsLoader, cases: casesLoader };

type BuildLoader = (ctx: QueryContext, keys: Keys) => Loader<unknown> | undefined;

/** A group's items through the read API's own query, ranked by the given statement (one statement). */
const loaderFor = (ctx: QueryContext, group: ItemGroup, ranking: SqlFragment) => loadStatement(ctx, group, ranking, LOADERS[group] as BuildLoader);

/**
 * One round trip ranks and loads the groups asked for (and the boards, on the first pass): each
 * statement ranks in a CTE and loads through the read API's query.
 */
async function rankAndLoad(
  ctx: QueryContext,
  prepared: Prepared,
  mode: "all" | "any",
  options: RankOptions,
  only: ItemGroup[] = ITEM_GROUPS,
  withBoardGroup = true,
  forgiving = false,
): Promise<Found> {
  const match = matchExpression(prepared.expanded, mode);
  // Text databases that lack a word the match needs are not asked (src/search/understand/shard-absence.ts).
  let skipped = false;
  // A text database's answer kept by the isolate (src/search/rank/kept-rankings.ts) is checked as a skip is: the
  // generation is read in the ranking's batch, and a newer one makes the search run again.
  const known = { generation: prepared.textGeneration, taken: () => (skipped = true) };
  const able = (pass: "all" | "any") => {
    const asked = ctx.shards.filter((shard) => !cannotMatch(prepared.shardAbsent[shard.name], pass));
    skipped ||= asked.length < ctx.shards.length;
    return asked;
  };
  // The text shards first (all at once) when documents are asked for: their documents join the primary's ranking.
  const shardHits =
    match && only.includes("documents")
      ? await rankShards(
          able(mode),
          prepared.expanded,
          prepared.shardCommon,
          mode,
          options.type ? typeTokenOf(options.type) : undefined,
          options.tuning.candidates.documents,
          {
            pending: prepared.pendingShardCounts,
            remember: (shard, keys, counts) => rememberShardCounts(shard, keys, counts, prepared.textGeneration),
          },
          known,
        )
      : [];
  const boardMatch = matchExpression(prepared.expanded, mode, "exact");
  const withBoards = withBoardGroup && mode === "all" && (prepared.parsed.norms.length || boardMatch);
  const boards = withBoards
    ? loadStatement(ctx, "boards", boardsRanking(prepared.parsed, boardMatch, options, options.tuning.candidates.boards), boardsLoader)
    : undefined;
  const plans = match ? statementsFor(ctx, prepared, mode, options, shardHits) : undefined;
  // The forgiving pass folded in (first page): each group's items with any of the words, ranked only where
  // none has them all. The text databases' answer for it is asked only when they matched nothing with all.
  let anyHits: ShardHit[] = [];
  if (plans && forgiving) {
    anyHits =
      shardHits.length === 0 && only.includes("documents")
        ? await rankShards(
            able("any"),
            prepared.expanded,
            prepared.shardCommon,
            "any",
            options.type ? typeTokenOf(options.type) : undefined,
            options.tuning.candidates.documents,
            undefined,
            known,
          )
        : [];
    const anyPlans = statementsFor(ctx, prepared, "any", options, anyHits.length ? anyHits : shardHits);
    for (const group of ITEM_GROUPS) plans[group] = orElse(plans[group], anyPlans[group]);
  }
  const loaders = ITEM_GROUPS.map((group) => (plans && only.includes(group) ? loaderFor(ctx, group, plans[group]) : undefined));
  // The hits' texts for the highlights ride along with each loaded row: no round trip of their own.
  const pages = matchExpression(withoutWordPrefixes(prepared.expanded), "any");
  const answered = [...shardHits, ...anyHits].filter((h) => h.text !== null).map((h) => h.id);
  // Counts not known before ranking ride along too, once (src/search/understand/understand.ts).
  const counts = prepared.pendingCounts;
  prepared.pendingCounts = undefined;
  const check = prepared.scopeCheck;
  prepared.scopeCheck = undefined;
  // The text generation is read where a text database was skipped (is the skip still right?) or is not known yet.
  const generation = skipped || prepared.textGeneration === undefined ? textGenerationQuery() : undefined;
  // Did you mean: a typed board number that names no board looks up its near spellings in the same round trip.
  const suggest = boards ? suggestionLookup(typedNumbers(prepared)) : undefined;
  const results = await foldedBatch(ctx, [
    boards ? { kind: "load", query: boards.query } : undefined,
    ...loaders.map((l, i) => (l ? { kind: "load" as const, query: l.query, extra: hitTextColumns(ITEM_GROUPS[i], pages, answered) } : undefined)),
    counts ? { kind: "plain", query: counts.query } : undefined,
    check ? { kind: "plain", query: check.query } : undefined,
    generation ? { kind: "plain", query: generation } : undefined,
    suggest ? { kind: "plain", query: suggest.query } : undefined,
  ]);
  const plain = (offset: number) => results[ITEM_GROUPS.length + offset] as Record<string, unknown>[] | undefined;
  rememberPendingCounts(counts, plain(1));
  const found = { boards: boards ? boards.map((results[0] as LoadResult).rows) : [], texts: new Map() } as Found;
  for (const [i, group] of ITEM_GROUPS.entries()) {
    const r = results[i + 1] as LoadResult | undefined;
    found[group] = (loaders[i] && r ? loaders[i]!.map(r.rows) : []) as never;
    for (const [id, text] of r?.extra ?? []) found.texts!.set(id, text);
  }
  found.shardHits = [...shardHits, ...anyHits];
  if (suggest && found.boards.length === 0) found.suggestions = suggestionsOf(suggest, plain(4) ?? [], ctx.urls);
  const scopeCurrent = scopeStillCurrent(ctx, { ...prepared, scopeCheck: check }, plain(2));
  found.stale = !textGenerationStillCurrent(ctx, prepared, plain(3), skipped) || !scopeCurrent;
  return found;
}

/** The query's codes (or the whole query, when it holds none) that may be board numbers. */
function typedNumbers(prepared: Prepared): string[] {
  const codes = prepared.parsed.terms.flatMap((t) => (t.norm ? [t.norm] : []));
  return codes.length ? codes : [prepared.parsed.whole];
}

/**
 * `first`'s ids, or where it has none, `second`'s: one statement, the first ranking run once (materialized)
 * and the second only run when the first is empty. A LIMIT is computed once, before its loop: 0 when the
 * first has ids, so the second is never ranked (a WHERE on it would be checked row by row, after ranking
 * every candidate: about half the statement's reads).
 */
function orElse(first: SqlFragment, second: SqlFragment): SqlFragment {
  return sql`with first_pass as materialized (${first}) select id from first_pass
    union all select id from (select id from (${second}) limit (select case when exists (select 1 from first_pass) then 0 else -1 end))`;
}

export async function searchIndex(ctx: QueryContext, q: string, options: SearchOptions): Promise<SearchResult> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_GROUP_LIMIT), 1), SEARCH_GROUP_LIMIT);
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const group = options.group;
  const page = group ? Math.max(Math.trunc(options.page ?? 1), 1) : 1;
  // One group paged: one item more than the page tells whether a next page exists.
  const rankOptions = { type: options.type, limit: group ? limit + 1 : limit, offset: (page - 1) * limit, tuning };
  const only = group ? ITEM_GROUPS.filter((g) => g === group) : ITEM_GROUPS;
  const withBoards = !group || group === "boards";
  const prepared = await prepare(ctx, q, tuning);
  if (group && page > SEARCH_MAX_PAGE) {
    // Past every candidate: an empty page without a read, like a list past its last page.
    const none = { boards: [], documents: [], threads: [], posts: [], cases: [] };
    return { query: q.trim(), interpretation: prepared.interpretation, paging: { group, page, next_page: null }, ...none };
  }
  // (A concept's phrase counts as its words here: "buck converter" also finds "converter" alone.)
  const forgives = prepared.expanded.terms.length > 1 || prepared.expanded.terms.some((t) => t.words?.length);
  const found = await rankAndLoad(ctx, prepared, "all", rankOptions, only, withBoards, forgives && page === 1);
  // A board added since the isolate read the scope table, or page text stored since a text database was skipped:
  // forgotten, and the search runs again (once: what was stale is then read fresh, with nothing to check).
  if (found.stale) return searchIndex(ctx, q, options);
  // Forgiving second pass, per group: where no item has every word, rank the items with any of them
  // (a board number found among the boards no longer leaves the threads empty). A later page follows
  // the pass its first page used.
  let empty = page === 1 ? [] : only.filter((g) => found[g].length === 0);
  if (empty.length) {
    const first = await rankAndLoad(ctx, prepared, "all", { ...rankOptions, limit: 1, offset: 0 }, empty, false);
    if (first.stale) return searchIndex(ctx, q, options);
    empty = empty.filter((g) => first[g].length === 0);
  }
  if (empty.length && forgives) {
    const more = await rankAndLoad(ctx, prepared, "any", rankOptions, empty, false);
    if (more.stale) return searchIndex(ctx, q, options);
    for (const g of empty) found[g] = more[g] as never;
    found.shardHits = [...(found.shardHits ?? []), ...(more.shardHits ?? [])];
    for (const [id, text] of more.texts ?? []) found.texts!.set(id, text);
  }
  const hasNext = group !== undefined && found[group].length > limit && page < SEARCH_MAX_PAGE;
  if (group) found[group] = found[group].slice(0, limit) as never;
  const paging = group ? { group, page, next_page: hasNext ? page + 1 : null } : null;
  const interpretation = found.suggestions?.length ? { ...prepared.interpretation, suggestions: found.suggestions } : prepared.interpretation;
  return { query: q.trim(), interpretation, paging, ...withHighlights(prepared, found) };
}
