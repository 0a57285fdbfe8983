// The ranking statements a query runs on its first pass, built from the search's own stages
// (src/search/understand/understand.ts -> shard-search.ts -> plan.ts), for profiling (profile.ts). Benchmark-only: the
// Worker never needs the statements without running them, so this stays out of src/.
import type { QueryContext } from "../../src/db/queries/runtime";
import { SEARCH_GROUP_LIMIT } from "../../src/schemas/search/search";
import { typeTokenOf } from "../../src/search/index/index-sql";
import { statementsFor } from "../../src/search/plan/plan";
import { rankShards } from "../../src/search/rank/shard-search";
import type { SqlFragment } from "../../src/search/plan/sql-fragment";
import { DEFAULT_TUNING, type SearchOptions } from "../../src/search/stages";
import { prepare } from "../../src/search/understand/understand";

export async function searchPlans(ctx: QueryContext, q: string, options: SearchOptions = {}): Promise<Record<string, SqlFragment>> {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const prepared = await prepare(ctx, q, tuning);
  if (!prepared.expanded.terms.length) return {};
  const hits = await rankShards(
    ctx.shards,
    prepared.expanded,
    prepared.shardCommon,
    "all",
    options.type ? typeTokenOf(options.type) : undefined,
    tuning.candidates.documents,
  );
  return statementsFor(ctx, prepared, "all", { type: options.type, limit: SEARCH_GROUP_LIMIT, offset: 0, tuning }, hits);
}
