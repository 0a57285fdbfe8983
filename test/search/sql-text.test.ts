// A search's statements are not rendered by drizzle (its cost): the plan's rankings are fragments
// (src/search/plan/sql-fragment.ts) that render themselves, and the few statements still built with drizzle (the
// hits' texts, the visibility rule the plan takes in) are written by src/db/sql-text.ts. For every statement
// a search builds (rankings on both passes, with and without a type, a scope, the text shards' hits, common
// words, the boards, the hits' texts) each must write exactly drizzle's text and values: a fragment as drizzle
// writes the same statement built with its own tag (test/helpers/drizzle-twin.ts), and as one drizzle statement
// for a drizzle API (toDrizzle).
import { beforeAll, describe, expect, it } from "vitest";
import { blogPostVisible, caseVisible, documentVisible, threadVisible } from "../../src/db/visibility";
import { hitTextColumns } from "../../src/search/present/highlight";
import { boardsRanking, statementsFor } from "../../src/search/plan/plan";
import { visibleFor, type VisibleKind } from "../../src/search/plan/plan-visibility";
import { matchExpression } from "../../src/search/understand/query";
import { fromDrizzle, toDrizzle } from "../../src/search/plan/sql-fragment-drizzle";
import { sqlTextOwn } from "../../src/db/sql-text";
import { DEFAULT_TUNING, ITEM_GROUPS, type Prepared, type ShardHit, TIERED } from "../../src/search/stages";
import { prepare } from "../../src/search/understand/understand";
import { seedSample } from "../helpers/app";
import { drizzleTwin, drizzleWrites } from "../helpers/drizzle-twin";
import { queryContext } from "../helpers/query-context";

beforeAll(seedSample);

const queries = [
  "power",
  "chargng shorted capacitors",
  "NM-A311 no enciende pantalla negra",
  "T480 no enciende",
  "820-00165 no power",
  '"quoted phrase" isl9582',
  "dell speakers not working",
];

const shardHits: ShardHit[] = [
  { id: "01ABC", score: -1.5, page: 2, exact: 1, text: null, shard: "a" },
  { id: "01DEF", score: -0.5, page: 0, exact: 0, text: "x", shard: "b" },
];

/** The words' counts as the sample data has them, and as an index where every word is common (its other paths). */
const countsOf = (prepared: Prepared): Prepared[] => {
  const allCommon = Object.fromEntries(TIERED.map((g) => [g, prepared.common[g].map(() => true)])) as Prepared["common"];
  return [prepared, { ...prepared, common: allCommon }];
};

describe("search statements as SQL text", () => {
  for (const q of queries) {
    it(`"${q}": every statement the same as drizzle writes it`, async () => {
      for (const viewer of [null, { userId: 1 }]) {
        const ctx = queryContext(viewer);
        const prepared = await prepare(ctx, q, DEFAULT_TUNING);
        const rankings = [];
        for (const counts of countsOf(prepared))
          for (const mode of ["all", "any"] as const)
            for (const type of [undefined, "schematic"])
              for (const hits of [[], shardHits])
                rankings.push(...Object.values(statementsFor(ctx, counts, mode, { type, limit: 10, offset: 0, tuning: DEFAULT_TUNING }, hits)));
        rankings.push(boardsRanking(prepared.parsed, matchExpression(prepared.expanded, "all", "exact"), { limit: 10, offset: 0 }, 100));
        expect(rankings.length).toBeGreaterThan(10);
        for (const ranking of rankings) {
          const expected = drizzleWrites(drizzleTwin(ranking));
          expect(ranking.render()).toEqual(expected);
          expect(drizzleWrites(toDrizzle(ranking))).toEqual(expected);
        }
        const pages = matchExpression(prepared.expanded, "any");
        for (const group of ITEM_GROUPS) {
          const statement = hitTextColumns(group, pages, ["01ABC"]);
          expect(sqlTextOwn(statement)).toEqual(drizzleWrites(statement));
        }
      }
    });
  }

  it("the visibility rule taken into the plan: the same text and values as drizzle writes it, for each reader and time", () => {
    const rules = {
      document: (viewer: { userId: number } | null) => documentVisible(viewer),
      thread: () => threadVisible,
      post: (_: unknown, now: string) => blogPostVisible(now),
      case: (_: unknown, now: string) => caseVisible(now),
    } as const;
    for (const [i, viewer] of [null, { userId: 7 }, null, { userId: 12 }].entries()) {
      const now = `2026-01-0${i + 1}T00:00:00.000Z`;
      for (const [kind, rule] of Object.entries(rules)) {
        const condition = rule(viewer, now);
        expect(sqlTextOwn(condition)).toEqual(drizzleWrites(condition));
        expect(fromDrizzle(condition).render()).toEqual(drizzleWrites(condition));
        // From the isolate's template (built by the first reader of its kind), this request's values put in.
        expect(visibleFor(kind as VisibleKind, { viewer, now }).render()).toEqual(drizzleWrites(condition));
      }
    }
  });
});
