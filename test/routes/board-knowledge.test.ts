// Board knowledge (issue 31): GET /boards walks to its end by Link with each caller's totals, a board's detail is a
// hub (threads, cases, counts, points), and a point answers its values, cases, threads and documents with pages,
// counting only what the caller may see (migrations/0020_board_knowledge.sql keeps the counters).
import { beforeAll, describe, expect, it } from "vitest";
import { adminOk as admin } from "../helpers/admin";
import { api, expectMatchesOpenApi, expectProblem, getJson } from "../helpers/app";
import { nextPath } from "../helpers/links";
import { html } from "../helpers/site";
import { createUploader, makePdf, runQueue, upload } from "../helpers/uploads";
import { CASE, DOC, KEYS, MAKER, seedBoardKnowledge, THREAD } from "../helpers/board-fixture";

beforeAll(seedBoardKnowledge);

type Item = { number: string; counts: { documents: number; threads: number; cases: number } };

/** Every board of the list, walked by Link two a page; checks meta.total on every page against the walk. */
async function walk(query: string, key?: string): Promise<Item[]> {
  let path: string | undefined = `/boards?per_page=2&${query}`;
  const items: Item[] = [];
  const totals: number[] = [];
  while (path) {
    const { res, body } = await getJson(path, { key });
    items.push(...body.data);
    totals.push(body.meta.total);
    path = nextPath(res, "/boards");
  }
  for (const total of totals) expect(total, `${query} ${key ?? "anonymous"}`).toBe(items.length);
  expect(new Set(items.map((i) => i.number)).size).toBe(items.length);
  return items;
}

describe("GET /boards", () => {
  it("walks to its end by Link with each caller's totals, by manufacturer (counters) and by prefix", async () => {
    // The fixture is the whole database (a reset import): the unfiltered list is its boards too.
    for (const query of ["", `manufacturer=${encodeURIComponent(MAKER.toLowerCase())}`, "q=bkt", "q=BKA 10"]) {
      expect((await walk(query)).map((i) => i.number)).toEqual(["BKT-100", "BKT-101", "BKT-102", "BKT-103"]);
      expect((await walk(query, KEYS.olga)).map((i) => i.number)).toEqual(["BKT-100", "BKT-101", "BKT-102", "BKT-103", "BKT-104", "BKT-105"]);
      expect((await walk(query, KEYS.sven)).map((i) => i.number)).toEqual(["BKT-100", "BKT-101", "BKT-102", "BKT-103", "BKT-105"]);
    }
  });

  it("counts per caller only what the caller may see", async () => {
    const anonymous = await walk("q=bkt-100");
    expect(anonymous).toEqual([expect.objectContaining({ number: "BKT-100", counts: { documents: 2, threads: 2, cases: 4 } })]);
    const olga = await walk("q=bkt-100", KEYS.olga);
    expect(olga[0].counts).toEqual({ documents: 3, threads: 2, cases: 4 });
  });

  it("matches its description and refuses bad input with a problem", async () => {
    const { body } = await getJson("/boards?q=bkt");
    await expectMatchesOpenApi(body, "/boards", "get", 200);
    await expectProblem(await api("/boards?per_page=0"), 422, "validation-failed");
    await expectProblem(await api("/boards?q="), 422, "validation-failed");
  });
});

describe("GET /boards/{number}", () => {
  it("is a hub: newest visible threads and cases, counts, and points with their most reported expected value", async () => {
    const { body } = await getJson("/boards/bkt 100");
    const board = body.data;
    expect(board.threads.map((t: { id: string }) => t.id)).toEqual([THREAD(2), THREAD(1)]);
    expect(board.cases.map((c: { id: string }) => c.id)).toEqual([CASE(4), CASE(3), CASE(2), CASE(1)]);
    expect(board.counts).toEqual({ documents: 2, threads: 2, cases: 4 });
    expect(board.points[0]).toEqual({
      point: "PPBUS_G3H",
      norm: "PPBUSG3H",
      measurements: 4,
      components: 0,
      expected: { value: "12.6 V", count: 4, kind: "voltage" },
      reference: 0,
    });
    expect(board.points.map((p: { norm: string }) => p.norm)).toEqual(["PPBUSG3H", "C7020", "U7000"]);
    await expectMatchesOpenApi(body, "/boards/{number}", "get", 200);
  });
});

describe("GET /boards/{number}/points/{point}", () => {
  it("answers the same for a point spelled three ways, with four spellings of 12.6 V as one value", async () => {
    const answers = [];
    for (const spelling of ["PPBUS_G3H", "ppbus-g3h", "ppbus%20g3h", "PPBUS.G3H"])
      answers.push((await getJson(`/boards/BKT100/points/${spelling}`)).body);
    // A leading `+` is a sign (the name rule: `+5V` is not `5V`): no case wrote `+PPBUS_G3H`.
    await expectProblem(await api("/boards/BKT100/points/%2BPPBUS.G3H"), 404, "not-found");
    for (const a of answers) expect(a).toEqual(answers[0]);
    const point = answers[0].data;
    expect(point.norm).toBe("PPBUSG3H");
    expect(point.point).toBe("PPBUS_G3H");
    expect(point.measured).toEqual([{ value: "12.6 V", count: 4, kind: "voltage" }]);
    expect(point.expected).toEqual([{ value: "12.6 V", count: 4, kind: "voltage" }]);
    await expectMatchesOpenApi(answers[0], "/boards/{number}/points/{point}", "get", 200);
  });

  it("never counts an unpublished or scheduled case, and lists only visible cases and threads", async () => {
    const { data } = (await getJson("/boards/BKT-100/points/PPBUS_G3H", { key: KEYS.olga })).body;
    expect(data.measured.map((v: { value: string }) => v.value)).not.toContain("3.1 V");
    expect(data.measured.map((v: { value: string }) => v.value)).not.toContain("2.2 V");
    expect(data.expected).toEqual([{ value: "12.6 V", count: 4, kind: "voltage" }]);
    expect(data.cases.map((c: { id: string }) => c.id)).toEqual([CASE(4), CASE(3), CASE(2), CASE(1)]);
    expect(data.threads.map((t: { id: string }) => t.id)).toEqual([THREAD(1)]);
  });

  it("lists the board's visible documents whose text mentions the point, with the right pages", async () => {
    const anonymous = (await getJson("/boards/BKT-100/points/ppbus_g3h")).body.data;
    expect(anonymous.documents.map((d: { id: string; pages: number[] }) => [d.id, d.pages])).toEqual([[DOC(1), [2, 4]]]);
    const olga = (await getJson("/boards/BKT-100/points/ppbus_g3h", { key: KEYS.olga })).body.data;
    expect(olga.documents.map((d: { id: string; pages: number[] }) => [d.id, d.pages])).toEqual([
      [DOC(3), [1]],
      [DOC(1), [2, 4]],
    ]);
  });

  it("answers a designator changed in a case, and a diode reading kept as read", async () => {
    const u = (await getJson("/boards/BKT-100/points/u7000")).body.data;
    expect(u.cases.map((c: { id: string }) => c.id)).toEqual([CASE(4)]);
    expect(u.documents.map((d: { id: string; pages: number[] }) => [d.id, d.pages])).toEqual([[DOC(1), [4]]]);
    const c = (await getJson("/boards/BKT-100/points/C7020")).body.data;
    expect(c.measured).toEqual([{ value: "0.452", count: 1, kind: null }]);
  });

  it("is a 404 problem for an unknown board or a point nothing visible mentions", async () => {
    for (const path of [
      "/boards/NOPE-1/points/PPBUS_G3H",
      "/boards/BKT-100/points/PP5V_NOWHERE",
      "/boards/BKT-106/points/PPBUS_G3H",
      "/boards/BKT-100/points/%00",
      "/boards/BKT-100/points/___",
    ]) {
      await expectProblem(await api(path), 404, "not-found");
    }
  });

  it("drops a document taken down from the answer and from the board's counts", async () => {
    await admin("documents:takedown", DOC(1), "--reason", "test");
    const { data } = (await getJson("/boards/BKT-100/points/PPBUS_G3H")).body;
    expect(data.documents).toEqual([]);
    expect((await getJson("/boards/BKT-100")).body.data.counts.documents).toBe(1);
    await admin("documents:restore", DOC(1));
    expect((await getJson("/boards/BKT-100/points/PPBUS_G3H")).body.data.documents.map((d: { id: string }) => d.id)).toEqual([DOC(1)]);
  });
});

describe("the board page", () => {
  it("shows the board's threads, cases and values table, the table in a sideways-scrolling wrapper", async () => {
    const markup = await html("/en/boards/BKT100");
    expect(markup).toContain("Forum threads about this board");
    expect(markup).toContain("BKT-100 no power");
    expect(markup).not.toContain("BKT-100 hidden");
    expect(markup).toContain("BKT-100 four");
    const values = markup.slice(markup.indexOf('id="values-heading"'));
    expect(values).toMatch(/<div class="table" role="region" aria-labelledby="values"/);
    expect(values).toMatch(
      /<a href="[^"]*\/points\/PPBUS_G3H"><code>PPBUS_G3H<\/code><\/a><\/th><td>4<\/td><td>0<\/td><td>12\.6 V \(4 reports\)<\/td>/,
    );
  });
});

describe("kept current by the write paths", () => {
  it("follows an upload through the consumer (page text included) and its delete", async () => {
    const { key } = await createUploader(["api:read", "library:ingest", "library:publish"]);
    const res = await upload(
      key,
      { external_id: "board-knowledge", visibility: "public", rights_attested: "true", boards: ["bkt 106"] },
      { filename: "bkt106.pdf", content: await makePdf(["Cover page", "PP3V3_S5 from the 3.3 V regulator"]) },
    );
    const created: { data: { id: string } } = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    // Processing: only its uploader reaches the board through it.
    expect((await walk("q=BKT-106")).length).toBe(0);
    expect((await walk("q=BKT-106", key)).map((b) => [b.number, b.counts.documents])).toEqual([["BKT-106", 1]]);
    await runQueue([{ documentId: created.data.id, version: 1 }]);
    expect((await walk("q=BKT-106")).map((b) => [b.number, b.counts.documents])).toEqual([["BKT-106", 1]]);
    // Its page text mentions PP3V3_S5, which makes no point: no case measured it, no boardview or reference holds it.
    await expectProblem(await api("/boards/BKT-106/points/pp3v3-s5"), 404, "not-found");
    await admin("documents:delete", created.data.id);
    expect((await walk("q=BKT-106")).length).toBe(0);
    expect((await walk("q=BKT-106", key)).length).toBe(0);
    await expectProblem(await api("/boards/BKT-106/points/pp3v3-s5"), 404, "not-found");
  });
});
