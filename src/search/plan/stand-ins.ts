// Stand-ins for a request's own values (the time, the reader's id), so a statement drizzle builds can be kept
// once per isolate and each search put its values into it (src/search/rank/load-template.ts: the loaders;
// src/search/plan/plan-visibility.ts: the visibility conditions). Values no request ever holds: a time that is no
// date, an id below every row's. Two sets: a template is checked by putting the second into the first.
import type { QueryContext } from "../../db/queries/runtime";

export interface StandIn {
  now: string;
  readerId: number;
}

export const STAND_INS: readonly [StandIn, StandIn] = [
  { now: "\u0001now\u0001", readerId: -2_147_483_000 },
  { now: "\u0001then\u0001", readerId: -2_147_482_000 },
];

/** The request's values replaced by the stand-in's (the reader kept anonymous or not). */
export const withStandIn = <T extends Pick<QueryContext, "viewer" | "now">>(ctx: T, standIn: StandIn): T => ({
  ...ctx,
  now: standIn.now,
  viewer: ctx.viewer ? { ...ctx.viewer, userId: standIn.readerId } : null,
});

/** A template's value, or the request's own where it is the stand-in's. */
export const requestValue =
  (ctx: Pick<QueryContext, "viewer" | "now">, standIn: StandIn) =>
  <V>(value: V): V | string | number =>
    value === standIn.now ? ctx.now : value === standIn.readerId && ctx.viewer ? ctx.viewer.userId : value;
