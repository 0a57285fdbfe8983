// Each search's loading statements come from a template built once per isolate (src/search/rank/load-template.ts):
// the ranking and the request's values (the time, the reader's id) put into it must give exactly the statement
// drizzle builds afresh around the same ranking written with drizzle's own tag, for every group and kind of
// reader, whatever the ranking binds or nests.
import { sql as drizzleSql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postsLoader } from "../../src/db/queries/blog";
import { boardsLoader } from "../../src/db/queries/boards/boards";
import { casesLoader } from "../../src/db/queries/cases";
import { documentsLoader } from "../../src/db/queries/documents";
import { threadsLoader } from "../../src/db/queries/forum";
import { Keys, type Loader, type QueryContext } from "../../src/db/queries/runtime";
import { searchSite } from "../../src/search";
import { loadStatement } from "../../src/search/rank/load-template";
import { sql } from "../../src/search/plan/sql-fragment";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

type Build = (ctx: QueryContext, keys: Keys) => Loader<unknown> | undefined;
const builders: Record<string, Build> = {
  documents: documentsLoader as Build,
  threads: threadsLoader as Build,
  posts: postsLoader as Build,
  cases: casesLoader as Build,
  boards: boardsLoader as Build,
};

/** Each ranking as the search writes it (a fragment) and with drizzle's tag (the statement built afresh around it). */
const rankings = [
  [sql`select id from threads where id = ${"01ABC"} limit ${3}`, drizzleSql`select id from threads where id = ${"01ABC"} limit ${3}`],
  [
    sql`select value as id from json_each(${JSON.stringify(["a", "b"])}) where value <> ${"c"} and ${"d"} <> ${"e"}`,
    drizzleSql`select value as id from json_each(${JSON.stringify(["a", "b"])}) where value <> ${"c"} and ${"d"} <> ${"e"}`,
  ],
  [
    sql`select id from (${sql`select ${sql.identifier("threads", "id")} as id from threads where ${sql.join([sql`${1} = 1`, sql`${null} is null`], " and ")}`})`,
    drizzleSql`select id from (${drizzleSql`select ${drizzleSql.identifier("threads")}.${drizzleSql.identifier("id")} as id from threads where ${drizzleSql.join([drizzleSql`${1} = 1`, drizzleSql`${null} is null`], drizzleSql` and `)}`})`,
  ],
  [sql.raw("select null as id"), drizzleSql.raw("select null as id")],
] as const;

const fresh = (ctx: QueryContext, build: Build, ranking: (typeof rankings)[number][1]) =>
  // any: drizzle's `_prepare` is internal (the statement it builds afresh is the reference).
  (build(ctx, Keys.ranked(ctx.db, ranking))!.query as any)._prepare().getQuery() as { sql: string; params: unknown[] };

describe("a search's loading statements from the isolate's templates", () => {
  for (const [name, build] of Object.entries(builders)) {
    it(`${name}: the same SQL and values as built afresh, for readers with and without a key, at different times`, () => {
      const readers = [null, { userId: 7 }, { userId: 12 }];
      for (const [i, viewer] of readers.entries()) {
        for (const [ranking, asDrizzle] of rankings) {
          const ctx = { ...queryContext(viewer), now: `2026-11-2${i}T10:00:00.000Z` };
          const expected = fresh(ctx, build, asDrizzle);
          const statement = loadStatement(ctx, name, ranking, build)!.query;
          expect(statement.fromTemplate).toBe(true);
          const got = statement.getQuery();
          expect(got.sql).toBe(expected.sql);
          expect(got.params).toEqual(expected.params);
        }
      }
    });
  }
});

describe("the items a template's statement loads", () => {
  beforeAll(seedSample);

  it("carry each request's own urls, one request after another on the same templates", async () => {
    const at = (lang: "en" | "es", siteUrl: string) => ({ ...queryContext(), urls: { siteUrl, lang } });
    for (const [lang, siteUrl] of [
      ["en", "https://one.test"],
      ["es", "https://two.test"],
      ["en", "https://three.test"],
    ] as const) {
      const found = await searchSite(at(lang, siteUrl), "power");
      const urls = [...found.documents, ...found.threads, ...found.boards].map((item) => item.url);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${siteUrl}/${lang}/`)).toBe(true);
    }
  });
});
