// The shapes passed between the stages of a search (src/search/index.ts): understand -> plan -> rank ->
// highlight. Below every stage: each one reads them, none is imported here.
import type { z } from "@hono/zod-openapi";
import type { SQL } from "drizzle-orm";
import type { BlogPost } from "../db/queries/blog";
import type { Board } from "../db/queries/board-lookup";
import type { RepairCase } from "../db/queries/cases";
import type { DocumentItem } from "../db/queries/documents";
import type { Thread } from "../db/queries/forum";
import type { DocumentTypeSchema } from "../schemas/common";
import type { SearchInterpretationSchema, SearchResultSchema } from "../schemas/search/search";
import type { ParsedQuery, Scope } from "./query-types";
import type { BoardSuggestion } from "./suggest/board-suggestions";
import type { CountKey } from "./index/term-counts";

export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SearchGroup = "boards" | "documents" | "threads" | "posts" | "cases";
export type DocumentType = z.infer<typeof DocumentTypeSchema>;
/** What the search understood (src/search/understand/interpretation.ts). */
export type Interpretation = z.infer<typeof SearchInterpretationSchema>;

export interface SearchTuning {
  /** How many of the newest visible matches each group ranks. */
  candidates: { documents: number; threads: number; posts: number; cases: number; boards: number };
  /** A word estimated in more rows than this (whole index) is common: bm25 never weighs it over the whole index. */
  commonRows: number;
}

export const DEFAULT_TUNING: SearchTuning = {
  candidates: { documents: 200, threads: 200, posts: 100, cases: 200, boards: 100 },
  commonRows: 8000,
};

export interface SearchOptions {
  /** Only documents of this type (the other groups are unaffected). */
  type?: DocumentType;
  /** Items per group, 1 to 10 (default 10). */
  limit?: number;
  /** One group only, paged: page `page` (from 1) of `limit` items; the other groups come back empty. */
  group?: SearchGroup;
  page?: number;
  /** Only for tests and benchmarks. */
  tuning?: Partial<SearchTuning>;
}

/** What the understanding stage hands the plan: the query's terms, their commonness, its scope. */
export interface Prepared {
  parsed: ParsedQuery;
  /** The terms with the other spellings of the boards they name. */
  expanded: ParsedQuery;
  /** Per tiered table, per term: common or not. */
  common: Record<TieredGroup, boolean[]>;
  /** Per tiered table, per term: at most how many index rows it matches (src/search/index/term-counts.ts). */
  rows: Record<TieredGroup, number[]>;
  /** Per text shard, per term: common on that shard or not. */
  shardCommon: Record<string, boolean[]>;
  /** The boards the query names, if any. */
  scope?: Scope;
  interpretation: Interpretation;
  /** Counts not known before ranking: they ride with the ranking's round trip and are remembered. */
  pendingCounts?: PendingCounts;
  /** Per text database, the counts it does not know yet: they ride with its ranking and are remembered. */
  pendingShardCounts: Record<string, CountKey[]>;
  /** When the scope table came from the isolate: the statement that tells whether it is still current. */
  scopeCheck?: { query: SQL; newest: number };
  /** Per text database, per term: no page there can match it (src/search/understand/shard-absence.ts). */
  shardAbsent: Record<string, boolean[]>;
  /** The text generation the isolate knew when the search began (undefined: not read yet). */
  textGeneration?: number;
}

export interface PendingCounts {
  keys: CountKey[];
  query: SQL;
}

export type TieredGroup = "documents" | "threads" | "cases";
export const TIERED: TieredGroup[] = ["documents", "threads", "cases"];

/** A document a text database matched (src/search/rank/shard-search.ts): its best page and that page's bm25 score (lower is better). */
export interface ShardHit {
  id: string;
  score: number;
  page: number;
  /** 1 when its page matches every word as typed (exact matches rank first, as on the primary). */
  exact: number;
  /** The page's text (its start), for the shard's best SEARCH_GROUP_LIMIT documents: the highlight's source. */
  text: string | null;
  shard: string;
}

export interface Found {
  boards: Board[];
  documents: DocumentItem[];
  threads: Thread[];
  posts: BlogPost[];
  cases: RepairCase[];
  /** What the text shards matched (with the text of their best pages, for the highlights). */
  shardHits?: ShardHit[];
  /** The hits' texts read beside them (src/search/present/highlight.ts), by id. */
  texts?: Map<string, HitText>;
  /** Boards near a typed board number that named none (src/search/suggest/), when no board was found. */
  suggestions?: BoardSuggestion[];
  /**
   * What the isolate remembered turned out stale: a board was added (the scope table), or page text was stored
   * since a text database was skipped (src/search/understand/shard-absence.ts). Search again.
   */
  stale?: boolean;
}

/** The texts read beside a hit for its highlight (columns a, b, c; page: JSON [page, text] of a document's matched page). */
export interface HitText {
  a?: string | null;
  b?: string | null;
  c?: string | null;
  page?: string | null;
}

export type ItemGroup = "documents" | "threads" | "posts" | "cases";
export const ITEM_GROUPS: ItemGroup[] = ["documents", "threads", "posts", "cases"];

export interface RankOptions {
  type?: string;
  limit: number;
  /** Items skipped (paging one group). */
  offset: number;
  tuning: SearchTuning;
}
