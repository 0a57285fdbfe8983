// A group's loading statement, built once per isolate, group and kind of reader with stand-ins for the ranking and
// the request's values (its cost: bench/RESULTS.md); test/search/load-template.test.ts holds it equal to a fresh one.
import { sql } from "drizzle-orm";
import { IsolateCache } from "../../core/isolate-cache";
import { Keys, type Loader, type QueryContext } from "../../db/queries/runtime";
import type { SqlFragment } from "../plan/sql-fragment";
import { toDrizzle } from "../plan/sql-fragment-drizzle";
import { requestValue, STAND_INS, withStandIn } from "../plan/stand-ins";

/** The statement of one loader: its SQL, its values and drizzle's mapping of a D1 result. */
export interface LoadStatement {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
  /** Put together from the isolate's template (else built afresh by drizzle). */
  fromTemplate?: boolean;
}

/** Drizzle's prepared query (internal to drizzle, the same its own batch uses: see src/search/rank/folded-batch.ts). */
type Prepared = Omit<LoadStatement, "fromTemplate">;

// A stand-in no request ever holds for the ranking: a comment (the request's values: src/search/plan/stand-ins.ts).
const RANKING_SLOT = "select null as id /*ranking*/";
const [STAND_IN] = STAND_INS;

interface Template {
  /** The SQL before and after the ranking. */
  before: string;
  after: string;
  params: unknown[];
  /** How many of `params` come before the ranking. */
  paramsBefore: number;
  mapResult: Prepared["mapResult"];
  /** The loader's rows → items, over `holder`: the request's context is put into it right before (both sync). */
  map: Loader<unknown>["map"];
  holder: QueryContext;
}

/** A loading statement and its rows → items, for one request. */
export interface Load {
  query: LoadStatement;
  map: Loader<unknown>["map"];
}

const templates = new IsolateCache<string, Template | null>({ maxEntries: 32 });

const prepareOf = (loader: Loader<unknown>): Prepared =>
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's `_prepare` is internal (see Prepared above).
  (loader.query as any)._prepare() as Prepared;

/** The template, or null when its SQL cannot be split safely (then each search builds its own). */
function templateOf(ctx: QueryContext, build: (ctx: QueryContext, keys: Keys) => Loader<unknown> | undefined): Template | null {
  const standIn = withStandIn(ctx, STAND_IN);
  // The loader's mapping reads its context when it runs: a holder, given each request's context before mapping.
  const holder: QueryContext = { ...ctx };
  const loader = build(standIn, Keys.ranked(ctx.db, sql.raw(RANKING_SLOT)));
  const mapper = build(holder, Keys.ranked(ctx.db, sql.raw(RANKING_SLOT)));
  if (!loader) return null;
  const prepared = prepareOf(loader);
  const { sql: text, params } = prepared.getQuery();
  const parts = text.split(RANKING_SLOT);
  const marks = (s: string) => s.split("?").length - 1;
  // Exactly one slot, every "?" a bound value and the stand-ins only among the values: else a search builds its own.
  if (parts.length !== 2 || marks(text) !== params.length || text.includes(STAND_IN.now) || text.includes(String(STAND_IN.readerId))) return null;
  if (!mapper) return null;
  return {
    before: parts[0],
    after: parts[1],
    params,
    paramsBefore: marks(parts[0]),
    mapResult: prepared.mapResult.bind(prepared),
    map: mapper.map,
    holder,
  };
}

/**
 * The loader `build` around `ranking` for this request, as one statement and its mapping: from the isolate's
 * template of `name` (the group), or built afresh when there is none.
 */
export function loadStatement(
  ctx: QueryContext,
  name: string,
  ranking: SqlFragment,
  build: (ctx: QueryContext, keys: Keys) => Loader<unknown> | undefined,
): Load | undefined {
  const key = `${name}:${ctx.viewer ? "reader" : "anonymous"}`;
  let template = templates.get(key);
  if (template === undefined) templates.set(key, (template = templateOf(ctx, build)));
  if (!template) {
    // The loader's drizzle query embeds the ranking: it crosses over as one drizzle statement.
    const loader = build(ctx, Keys.ranked(ctx.db, toDrizzle(ranking)));
    return loader ? { query: prepareOf(loader), map: loader.map } : undefined;
  }
  const own = ranking.render();
  const values = template.params.map(requestValue(ctx, STAND_IN));
  const query = {
    sql: template.before + own.sql + template.after,
    params: [...values.slice(0, template.paramsBefore), ...own.params, ...values.slice(template.paramsBefore)],
  };
  const { holder, map } = template;
  return {
    query: { getQuery: () => query, mapResult: template.mapResult, fromTemplate: true },
    map: (rows) => {
      Object.assign(holder, ctx);
      return map(rows);
    },
  };
}
