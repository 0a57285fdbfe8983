// Site search (GET /search, MCP search, the search page): stages understand -> plan -> rank -> present, items
// loaded through the read API's queries; how ranking stays bounded at any size: docs/search.md.
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
