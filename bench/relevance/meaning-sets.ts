// Every set of meaning queries (the tuned one and the held-out rounds), in report order: the bench runs and
// reports them, and `--check` holds each query to the no-shared-word rule (overlap.ts).
import type { KnownItemQuery } from "./queries";
import { MEANING_CATEGORIES, MEANING_QUERIES } from "./meaning";
import { HELD_OUT_CATEGORIES, HELD_OUT_QUERIES } from "./held-out";
import { HELD_OUT_3_CATEGORIES, HELD_OUT_3_QUERIES } from "./held-out-3";
import { HELD_OUT_4_CATEGORIES, HELD_OUT_4_QUERIES } from "./held-out-4";
import { HELD_OUT_5_CATEGORIES, HELD_OUT_5_QUERIES } from "./held-out-5";
import { HELD_OUT_6_CATEGORIES, HELD_OUT_6_QUERIES } from "./held-out-6";
import { HELD_OUT_7_CATEGORIES, HELD_OUT_7_QUERIES } from "./held-out-7";

export const MEANING_SET_CATEGORIES: readonly string[] = [
  ...MEANING_CATEGORIES,
  ...HELD_OUT_CATEGORIES,
  ...HELD_OUT_3_CATEGORIES,
  ...HELD_OUT_4_CATEGORIES,
  ...HELD_OUT_5_CATEGORIES,
  ...HELD_OUT_6_CATEGORIES,
  ...HELD_OUT_7_CATEGORIES,
];

export const MEANING_SET_QUERIES: readonly KnownItemQuery[] = [
  ...MEANING_QUERIES,
  ...HELD_OUT_QUERIES,
  ...HELD_OUT_3_QUERIES,
  ...HELD_OUT_4_QUERIES,
  ...HELD_OUT_5_QUERIES,
  ...HELD_OUT_6_QUERIES,
  ...HELD_OUT_7_QUERIES,
];
