// A search's statements are written as SQL by src/search/sql-text.ts, not by drizzle's renderer (its cost): for
// every statement a search builds (rankings on both passes, with and without a type, a scope, the boards, the
// hits' texts) it must know every part and write exactly drizzle's text and values.
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hitTextColumns } from "../src/search/highlight";
import { boardsRanking, statementsFor } from "../src/search/plan";
import { matchExpression } from "../src/search/query";
import { sqlTextOwn } from "../src/search/sql-text";
import { DEFAULT_TUNING, ITEM_GROUPS } from "../src/search/stages";
import { prepare } from "../src/search/understand";
import { seedSample } from "./helpers/app";
import { queryContext } from "./helpers/query-context";

const dialect = new SQLiteSyncDialect();

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

describe("search statements as SQL text", () => {
  for (const q of queries) {
    it(`"${q}": every statement the same as drizzle writes it`, async () => {
      for (const viewer of [null, { userId: 1 }]) {
        const ctx = queryContext(viewer);
        const prepared = await prepare(ctx, q, DEFAULT_TUNING);
        const statements = [];
        for (const mode of ["all", "any"] as const)
          for (const type of [undefined, "schematic"])
            statements.push(...Object.values(statementsFor(ctx, prepared, mode, { type, limit: 10, offset: 0, tuning: DEFAULT_TUNING }, [])));
        statements.push(boardsRanking(prepared.parsed, matchExpression(prepared.expanded, "all", "exact"), { limit: 10, offset: 0 }, 100));
        const pages = matchExpression(prepared.expanded, "any");
        for (const group of ITEM_GROUPS) statements.push(hitTextColumns(group, pages, ["01ABC"]));
        expect(statements.length).toBeGreaterThan(10);
        for (const statement of statements) {
          const { sql, params } = dialect.sqlToQuery(statement);
          expect(sqlTextOwn(statement)).toEqual({ sql, params });
        }
      }
    });
  }
});
