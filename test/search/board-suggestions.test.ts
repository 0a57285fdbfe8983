// Did you mean, for board numbers: a number typed with a slip (a look-alike character, a digit missing or
// extra, a dash lost) finds nothing, and the search's interpretation, the MCP search tool and the board's 404
// suggest the board meant. The lookup is a bounded set of index probes: on thousands of boards it reads a few
// rows and rides with the search's own round trip.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { meteredD1, newTally } from "../../bench/lib/metered-d1";
import { searchSite } from "../../src/search";
import { nearKeys } from "../../src/search/suggest/board-keys";
import { getJson, seedSample } from "../helpers/app";
import { call, callOk, connectV1 } from "../helpers/mcp";
import { queryContext } from "../helpers/query-context";
import { page } from "../helpers/site";

const BOARDS = 3000;

beforeAll(async () => {
  await seedSample();
  // A catalogue of thousands of boards near each other (GX-10000 … GX-12999): a scan would read them all.
  await env.DB.prepare("insert into boards (number, norm) select 'GX-' || value, 'GX' || value from json_each(?)")
    .bind(JSON.stringify(Array.from({ length: BOARDS }, (_, i) => 10000 + i)))
    .run();
  await env.DB.prepare("insert into boards (number, norm) values ('LA-K351P', 'LAK351P')").run();
});

const suggested = async (q: string) => (await searchSite(queryContext(), q)).interpretation.suggestions.map((s) => s.number);

describe("board numbers get a did-you-mean", () => {
  it("a digit missing, a look-alike letter, a lost digit after letters: the board meant is suggested", async () => {
    expect(await suggested("820-0165")).toEqual(["820-00165"]);
    expect(await suggested("82000l65")).toEqual(["820-00165"]);
    expect(await suggested("82OOO165")).toEqual(["820-00165"]);
    expect(await suggested("LA-K35P")).toEqual(["LA-K351P"]);
    // An alias with a slip suggests its board.
    expect(await suggested("X1C-MLBB")).toEqual(["820-00165"]);
    // Beside other words, too.
    expect(await suggested("820-0165 no enciende")).toEqual(["820-00165"]);
  });

  it("a number that names a board, a plain word and a far number suggest nothing", async () => {
    const exact = await searchSite(queryContext(), "820-00165");
    expect(exact.boards.map((b) => b.number)).toEqual(["820-00165"]);
    expect(exact.interpretation.suggestions).toEqual([]);
    expect(await suggested("cargador")).toEqual([]);
    expect(await suggested("999-99999")).toEqual([]);
  });

  it("the suggestion links the board's page and rides with the search's round trip, reading few rows among thousands", async () => {
    const tally = newTally();
    const ctx = queryContext(null, meteredD1(env.DB, tally));
    const measure = async (q: string) => {
      await searchSite(ctx, q); // the isolate's word caches warmed
      tally.roundTrips = 0;
      tally.rowsRead = 0;
      return { found: await searchSite(ctx, q), ...tally };
    };
    const exact = await measure("GX-12345");
    const slip = await measure("GX-1234S");
    expect(slip.found.interpretation.suggestions[0]).toEqual({ typed: "GX1234S", number: "GX-12345", url: "https://boards.test/en/boards/GX12345" });
    expect(slip.roundTrips).toBe(1);
    expect(exact.roundTrips).toBe(1);
    // One probe a key, on boards and aliases (a scan of the boards alone would be 3,000 rows); a number that names
    // its board reads only the guard's probes.
    expect(slip.rowsRead).toBeLessThan(exact.rowsRead + 2 * 240);
    expect(exact.found.interpretation.suggestions).toEqual([]);
  });

  it("the keys stay bounded whatever is typed", () => {
    expect(nearKeys("A".repeat(5000)).size).toBe(0);
    expect(nearKeys("12345678901234567890").size).toBeLessThanOrEqual(400);
    expect(nearKeys("cargador".toUpperCase()).size).toBe(0);
  });

  it("GET /boards/{number} with a slip answers 404 with suggestions, in the reader's language", async () => {
    const { body } = await getJson("/boards/820-0165", { status: 404, lang: "en" });
    expect(body.suggestions).toEqual([{ number: "820-00165", url: expect.stringMatching(/\/en\/boards\/82000165$/) }]);
    const es = await getJson("/boards/82000l65", { status: 404, lang: "es" });
    expect(es.body.suggestions).toEqual([{ number: "820-00165", url: expect.stringMatching(/\/es\/placas\/82000165$/) }]);
    const far = await getJson("/boards/ZZ-0000000", { status: 404 });
    expect(far.body.suggestions).toEqual([]);
  });

  it("the MCP search tool says what was meant", async () => {
    const client = await connectV1();
    const result = await callOk(client, "search", { q: "820-0165", lang: "en" });
    const text = result.content.map((c) => c.text).join("\n");
    expect(text).toMatch(/Did you mean 820-00165/);
    const es = await callOk(client, "search", { q: "820-0165", lang: "es" });
    expect(es.content.map((c) => c.text).join("\n")).toMatch(/¿Quisiste decir 820-00165/);
    // get_board's not-found error names them too.
    const missing = await call(client, "get_board", { board: "LA-K35P", lang: "en" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/Did you mean LA-K351P\?/);
  });

  it("the site's search page and board 404 page link the board meant, in both languages", async () => {
    for (const [path, said, href] of [
      ["/en/search?q=820-0165", "Did you mean", "/en/boards/82000165"],
      ["/es/buscar?q=820-0165", "¿Quisiste decir", "/es/placas/82000165"],
    ] as const) {
      const res = await page(path);
      expect(res.status).toBe(200);
      const markup = await res.text();
      expect(markup).toMatch(new RegExp(`id="board-suggestions">${said} <a href="[^"]*${href}">820-00165</a>`));
    }
    const missing = await page("/en/boards/82000l65");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/id="board-suggestions">Did you mean <a href="[^"]*\/en\/boards\/82000165">820-00165<\/a>/);
    const es = await page("/es/placas/LA-K35P");
    expect(es.status).toBe(404);
    expect(await es.text()).toMatch(/¿Quisiste decir <a href="[^"]*\/es\/placas\/LAK351P">LA-K351P<\/a>/);
  });
});
