// A search binds at most D1's 100 values per statement, however long the query: eight terms, concepts with
// their other words, a board in scope and the forgiving pass each add expressions to one statement.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { searchSite } from "../../src/search";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

/** D1's binding with every statement's bound values counted (the most seen so far in `most`). */
function countingBinds(): { db: D1Database; most: () => number } {
  let most = 0;
  const statement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === "bind")
          return (...values: unknown[]) => {
            most = Math.max(most, values.length);
            return statement((value as D1PreparedStatement["bind"]).apply(target, values));
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const db = new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql));
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, most: () => most };
}

beforeAll(seedSample);

describe("search stays within D1's bound values", () => {
  const longest = [
    // A board in scope, six concepts (each with its other words in both languages), the forgiving pass.
    "NM-A311 no enciende pantalla negra ventilador gira no carga se calienta sin imagen",
    "820-00165 no power no display fan spins not charging overheating no sound",
    "thinkpad t480 no enciende no carga sin imagen se calienta se reinicia",
  ];
  for (const q of longest) {
    it(`"${q}" answers, each statement under 100 values`, async () => {
      const { db, most } = countingBinds();
      for (const type of [undefined, "schematic"] as const) {
        const found = await searchSite(queryContext(null, db), q, { type });
        expect(found.query).toBe(q);
      }
      expect(most()).toBeLessThanOrEqual(100);
    });
  }
});
