// A read whose SQL text depends only on its shape is built by drizzle once per isolate and shape, with stand-ins
// each request binds its own values into; a shape whose two test builds disagree is built every time (bench/RESULTS.md).
import type { SQL } from "drizzle-orm";
import { QueryPromise, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { IsolateCache } from "../core/isolate-cache";
import type { Db } from "./client";
import { sqlText } from "./sql-text";

/** A request's values, by name: only those that are set (which are set is part of the shape). */
export type TemplateValues = Record<string, string | number>;

/** What drizzle's prepared query gives a batch (internal to drizzle: its own `db.batch` reads the same). */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

/** A value of the template: a constant of the shape, or the request's value of that name. */
type TemplateParam = { constant: unknown } | { name: string };

interface Template {
  /** The text before and after the slot (all of it in `before` when there is no slot). */
  before: string;
  after: string;
  params: TemplateParam[];
  /** How many of `params` come before the slot. */
  paramsBefore: number;
  mapResult: Prepared["mapResult"];
}

// Text no statement holds: where a request's own piece of SQL (a page's guard) goes.
const SLOT = "1 /*slot*/";

/**
 * Two sets of stand-ins: strings no request sends, positive numbers far apart (a sum of two is none of them), so a
 * value derived from one (an offset plus a limit) is told apart from the value itself.
 */
function standIns(values: TemplateValues, set: 0 | 1): TemplateValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value], i) =>
      typeof value === "number" ? [name, 1_000_000_000 + 1_000_000 * i + 1000 * set + 7] : [name, `\u0001${set}:${name}\u0001`],
    ),
  );
}

const templates = new IsolateCache<string, Template | null>({ maxEntries: 256 });

/** Forgets every template (tests: an isolate as new). */
export function forgetStatementTemplates(): void {
  templates.clear();
}

let useTemplates = true;

/** `run` with every statement built by drizzle afresh (tests: the reference a template must equal). */
export function builtAfresh<T>(run: () => T): T {
  useTemplates = false;
  try {
    return run();
  } finally {
    useTemplates = true;
  }
}

/** A statement's SQL and values as they are sent, and whether they came from a template. */
export function statementOf(query: BatchItem<"sqlite">): { sql: string; params: unknown[]; templated: boolean } {
  return { ...prepareOf(query).getQuery(), templated: query instanceof TemplatedRead };
}

/** A statement's text, values and mapping of rows, as drizzle's batch reads them. */
export const prepareOf = (query: BatchItem<"sqlite">): Prepared =>
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's `_prepare` is internal (see Prepared above).
  (query as any)._prepare() as Prepared;

const marks = (text: string) => text.split("?").length - 1;

function templateOf(values: TemplateValues, withSlot: boolean, build: (values: TemplateValues, slot?: SQL) => BatchItem<"sqlite">): Template | null {
  const slot = withSlot ? sql.raw(SLOT) : undefined;
  const [a, b] = [standIns(values, 0), standIns(values, 1)];
  const prepared = prepareOf(build(a, slot));
  const first = prepared.getQuery();
  const second = prepareOf(build(b, slot)).getQuery();
  if (first.sql !== second.sql || first.params.length !== second.params.length || marks(first.sql) !== first.params.length) return null;
  const nameOf = new Map(Object.keys(values).map((name) => [a[name], name] as const));
  const params: TemplateParam[] = [];
  for (const [i, value] of first.params.entries()) {
    const name = nameOf.get(value as string | number);
    if (name !== undefined && second.params[i] === b[name]) params.push({ name });
    else if (value === second.params[i] && name === undefined) params.push({ constant: value });
    else return null;
  }
  const pieces = first.sql.split(SLOT);
  if (pieces.length !== (withSlot ? 2 : 1)) return null;
  return {
    before: pieces[0],
    after: pieces[1] ?? "",
    params,
    paramsBefore: marks(pieces[0]),
    mapResult: prepared.mapResult.bind(prepared),
  };
}

/**
 * A statement that drizzle's batch and `await` take as they take a query builder, with its text and its mapping
 * of rows from the template, and this request's values.
 */
class TemplatedRead extends QueryPromise<unknown> {
  constructor(
    private readonly db: Db,
    private readonly query: { sql: string; params: unknown[] },
    private readonly mapResult: Prepared["mapResult"],
  ) {
    super();
  }

  /** What drizzle's `db.batch` asks of each query. */
  _prepare() {
    const { query, mapResult } = this;
    return { stmt: this.db.$client.prepare(query.sql), getQuery: () => query, mapResult };
  }

  /** Run alone, as drizzle runs a select: rows in column order, mapped by the same mapping. */
  async execute(): Promise<unknown> {
    return this.mapResult(
      await this.db.$client
        .prepare(this.query.sql)
        .bind(...this.query.params)
        .raw(),
    );
  }
}

/**
 * The statement `build` makes of `values` (and of `slot`, a piece of SQL of the request's own placed where `build`
 * puts its slot), from the isolate's template of `shape`. `shape` must name everything `build` decides the text on,
 * other than which values are set: the values themselves may only be bound.
 */
export function templatedRead(
  db: Db,
  shape: string,
  values: TemplateValues,
  build: (values: TemplateValues, slot?: SQL) => BatchItem<"sqlite">,
  slot?: SQL,
): BatchItem<"sqlite"> {
  if (!useTemplates) return build(values, slot);
  const key = `${shape}|${Object.keys(values).join(",")}|${slot ? "slot" : ""}`;
  let template = templates.get(key);
  if (template === undefined) templates.set(key, (template = templateOf(values, slot !== undefined, build)));
  if (!template) return build(values, slot);
  const own = slot ? sqlText(slot) : { sql: "", params: [] };
  const bound = template.params.map((p) => ("name" in p ? values[p.name] : p.constant));
  const query = {
    sql: template.before + own.sql + template.after,
    params: slot ? [...bound.slice(0, template.paramsBefore), ...own.params, ...bound.slice(template.paramsBefore)] : bound,
  };
  return new TemplatedRead(db, query, template.mapResult) as unknown as BatchItem<"sqlite">;
}
