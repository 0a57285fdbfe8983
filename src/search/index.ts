// Site search: boards, documents, threads, blog posts and repair cases in one call. Used by
// GET /search, the MCP `search` tool and the HTML search page; items come from the same query
// modules as the read API, so shapes, urls and visibility are identical.
//
// Ranking is bm25 with column weights (FTS_TABLES), kept bounded at any corpus size:
// - Candidates: each group ranks only its newest `tuning.candidates` visible matches (rowid order
//   follows creation; document metadata rows come before page rows), never every match.
// - bm25 also reads every row of each phrase to weigh it (its IDF). So each word is first counted in
//   the index's vocabulary (fts5vocab, one row read per word: src/search/index/term-counts.ts): a term
//   estimated in more than `tuning.commonRows` rows of the whole index is "common". Common words still
//   filter the candidates but are not weighed over the whole index; when every word is common, bm25
//   runs over the recent tier (the newest RECENT_KEYS items), where its cost is bounded.
// - One D1 round trip per search: each group's statement ranks in a CTE and loads its items
//   through the read API's list query. Probes and board spellings are cached per isolate, so a
//   repeated word costs no extra round trip.
// - Page text lives on the text shards (src/text/shards.ts): they are asked first, all at once
//   (src/search/rank/shard-search.ts), and their documents join the primary's documents group by score,
//   through the same visibility rule; each shard sends the text of its best pages along, for the
//   highlights. So the shards add one round trip to a search, before the primary ranks (the
//   preparation's word counts, when a word is not cached yet, run on primary and shards side by side).
// Trade-offs: for a query made only of common words, results come from the newest RECENT_KEYS items;
// an old, highly relevant item can lose its place to newer ones.
//
// Stages, each its own module: understand.ts (terms, concepts, scope, word counts) -> plan.ts (pure SQL per
// group) -> rank.ts (one round trip per pass, loading through the read API) -> highlight.ts.
import type { QueryContext } from "../db/queries/runtime";
import { SearchUnavailable } from "./errors";
import { forgetKeptRankings } from "./rank/kept-rankings";
import { searchIndex } from "./rank/rank";
import { forgetUnderstanding } from "./understand/understand";
import type { SearchOptions, SearchResult } from "./stages";

export { DEFAULT_TUNING, type DocumentType, type SearchOptions, type SearchResult, type SearchTuning } from "./stages";

export async function searchSite(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<SearchResult> {
  try {
    return await searchIndex(ctx, q, options);
  } catch (err) {
    // Between `admin search:drop` and `search:rebuild` (the window for `wrangler d1 export`) the index is gone.
    // (fts5vocab tables name their index table: "no such fts5 table: main.search_threads".)
    if (/no such (fts5 )?table: (main\.)?(search_|page_index|page_keys)/.test(String((err as { cause?: unknown }).cause ?? err))) {
      throw new SearchUnavailable();
    }
    throw err;
  }
}

/**
 * Forgets every word, count, board spelling and kept ranking remembered: the isolate then reads them afresh, as a
 * new one would. For the tests, whose files share one isolate but each seed their own database.
 */
export function forgetSearchMemory(): void {
  forgetUnderstanding();
  forgetKeptRankings();
}
