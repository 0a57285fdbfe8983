// The visibility rule (src/db/visibility.ts) as the plan takes it in. Drizzle building and rendering each
// group's condition was about 3% of an uncached search's CPU (its `eq`/`and`/`or` check every operand's kind),
// for the same text every time: only the request's values differ (the time, the reader's id). So each condition
// is rendered once per isolate, per group and kind of reader, around stand-ins for those values, and each search
// puts its own in (as src/search/rank/load-template.ts does for the loaders).
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../../db/visibility";
import type { SQL } from "drizzle-orm";
import type { QueryContext } from "../../db/queries/runtime";
import { SqlFragment, type SqlPart } from "./sql-fragment";
import { fromDrizzle } from "./sql-fragment-drizzle";
import { requestValue, STAND_INS, type StandIn, withStandIn } from "./stand-ins";

type Values = Pick<QueryContext, "viewer" | "now">;

/** Each group's condition on its base row, from the request's values. */
const RULES = {
  document: (v: Values) => documentVisible(v.viewer),
  thread: () => threadVisible,
  post: (v: Values) => blogPostVisible(v.now),
  case: (v: Values) => caseVisible(v.now),
} satisfies Record<string, (v: Values) => SQL>;

export type VisibleKind = keyof typeof RULES;

// A template is kept only if putting the second set of stand-ins (src/search/plan/stand-ins.ts) into the first gives
// exactly what drizzle writes for the second (no value changed by an encoder, none written into the text).
const templates = new Map<string, SqlFragment | null>();

/** The fragment with stand-in `s`'s values replaced by the request's. */
function withValues(template: SqlFragment, s: StandIn, ctx: Values): SqlFragment {
  return new SqlFragment(template.texts, template.parts.map(requestValue(ctx, s)) as SqlPart[]);
}

function templateOf(kind: VisibleKind, ctx: Values): SqlFragment | null {
  const [first, second] = STAND_INS;
  const template = fromDrizzle(RULES[kind](withStandIn(ctx, first)));
  const expected = fromDrizzle(RULES[kind](withStandIn(ctx, second))).render();
  const got = withValues(template, first, withStandIn(ctx, second)).render();
  const same = got.sql === expected.sql && got.params.length === expected.params.length && got.params.every((p, i) => p === expected.params[i]);
  return same ? template : null;
}

/** The group's visibility condition for this request's reader and time. */
export function visibleFor(kind: VisibleKind, ctx: Values): SqlFragment {
  const key = `${kind}:${ctx.viewer ? "reader" : "anonymous"}`;
  let template = templates.get(key);
  if (template === undefined) templates.set(key, (template = templateOf(kind, ctx)));
  return template ? withValues(template, STAND_INS[0], ctx) : fromDrizzle(RULES[kind](ctx));
}
