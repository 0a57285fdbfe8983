// Board knowledge (issue 31): GET /boards walks to its end by Link with each caller's totals, a board's detail is a
// hub (threads, cases, counts, points), and a point answers its values, cases, threads and documents with pages,
// counting only what the caller may see (migrations/0020_board_knowledge.sql keeps the counters).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../cli/import";
import { adminOk as admin } from "./helpers/admin";
import { api, expectMatchesOpenApi, expectProblem, getJson } from "./helpers/app";
import { nextPath } from "./helpers/links";

const KEYS = { olga: "bds_boardKnowledgeOlga00000000000000001", sven: "bds_boardKnowledgeSven00000000000000002" } as const;
const MAKER = "Boardknowledge Corp";
const id = (kind: string, n: number) => `01K3B0ARDKN0WX${kind}${String(n).padStart(12 - kind.length, "0")}`;
const DOC = (n: number) => id("D", n);
const CASE = (n: number) => id("C", n);
const THREAD = (n: number) => id("T", n);

// Boards BKT-100 … BKT-106: 100 and 101 have public content, 102 a thread only, 103 a published case only,
// 104 only olga's private document, 105 only a document shared with sven, 106 nothing anyone sees.
const BOARDS = [100, 101, 102, 103, 104, 105, 106].map((n) => ({ number: `BKT-${n}`, manufacturer: MAKER, aliases: [`BKA ${n}`] }));

function measurement(measured: string, expected: string | null = "12.6 V") {
  return { point: "PPBUS_G3H", expected, measured };
}

const fixture = {
  users: [
    { username: "olga", name: "Olga" },
    { username: "sven", name: "Sven" },
    { username: "tech", name: "Tech" },
  ],
  api_keys: (Object.entries(KEYS) as [string, string][]).map(([user, token]) => ({
    token,
    user,
    name: "bk",
    scopes: ["api:read"],
    expires_at: null,
  })),
  manufacturers: [{ id: 9301, name: MAKER }],
  boards: BOARDS,
  categories: [{ slug: "bk-laptops", name: "BK laptops" }],
  threads: [
    {
      id: THREAD(1),
      category: "bk-laptops",
      title: "BKT-100 no power",
      author: "tech",
      board: "BKT-100",
      body: "PPBUS_G3H reads 0 V, ppbus g3h shorted?",
      created_at: "2026-03-01T00:00:00Z",
    },
    {
      id: THREAD(2),
      category: "bk-laptops",
      title: "BKT-100 fan",
      author: "tech",
      board: "BKT-100",
      body: "The fan spins, nothing about rails",
      created_at: "2026-03-02T00:00:00Z",
    },
    {
      id: THREAD(3),
      category: "bk-laptops",
      title: "BKT-100 hidden",
      author: "tech",
      board: "BKT-100",
      body: "PPBUS_G3H hidden",
      published: false,
      created_at: "2026-03-03T00:00:00Z",
    },
    {
      id: THREAD(4),
      category: "bk-laptops",
      title: "BKT-102 question",
      author: "tech",
      board: "BKT-102",
      body: "a question",
      created_at: "2026-03-04T00:00:00Z",
    },
  ],
  cases: [
    {
      id: CASE(1),
      title: "BKT-100 one",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2026-02-01T00:00:00Z",
      measurements: [measurement("12.6 V")],
    },
    {
      id: CASE(2),
      title: "BKT-100 two",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2026-02-02T00:00:00Z",
      measurements: [measurement("12.60V", "12.60 V")],
    },
    {
      id: CASE(3),
      title: "BKT-100 three",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "bkt100",
      published_at: "2026-02-03T00:00:00Z",
      measurements: [{ point: "ppbus-g3h", expected: "12,6 V", measured: "12,6 V" }],
    },
    {
      id: CASE(4),
      title: "BKT-100 four",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2026-02-04T00:00:00Z",
      measurements: [
        { point: "PPBUS G3H", expected: "12.6V", measured: "12.6V" },
        { point: "C7020", measured: "0.452" },
      ],
      components: [{ designator: "U7000", action: "replaced" }],
    },
    {
      id: CASE(5),
      title: "BKT-100 unpublished",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published: false,
      published_at: "2026-02-05T00:00:00Z",
      measurements: [measurement("3.1 V", "5 V")],
    },
    {
      id: CASE(6),
      title: "BKT-100 scheduled",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2099-01-01T00:00:00Z",
      measurements: [measurement("2.2 V", "5 V")],
    },
    { id: CASE(7), title: "BKT-103 case", symptom: "s", diagnosis: "d", author: "tech", board: "BKT-103", published_at: "2026-02-06T00:00:00Z" },
  ],
  documents: [
    {
      id: DOC(1),
      title: "BKT-100 schematic",
      type: "schematic",
      visibility: "public",
      owner: "tech",
      boards: ["BKT-100"],
      created_at: "2026-01-01T00:00:00Z",
      pages: ["Cover", "PPBUS_G3H from the charger", "Audio", "U7000 feeds PPBUS G3H"],
      versions: [{ version: 1, filename: "a.pdf", content_text: "%PDF-1.4 a" }],
    },
    {
      id: DOC(2),
      title: "BKT-100 other",
      type: "schematic",
      visibility: "public",
      owner: "tech",
      boards: ["BKT-100"],
      created_at: "2026-01-02T00:00:00Z",
      pages: ["Nothing about that rail"],
      versions: [{ version: 1, filename: "b.pdf", content_text: "%PDF-1.4 b" }],
    },
    {
      id: DOC(3),
      title: "BKT-100 private",
      type: "schematic",
      visibility: "private",
      owner: "olga",
      boards: ["BKT-100"],
      created_at: "2026-01-03T00:00:00Z",
      pages: ["PPBUS_G3H private notes"],
      versions: [{ version: 1, filename: "c.pdf", content_text: "%PDF-1.4 c" }],
    },
    {
      id: DOC(4),
      title: "BKT-101 datasheet",
      type: "datasheet",
      visibility: "public",
      owner: "tech",
      boards: ["BKT-101"],
      created_at: "2026-01-04T00:00:00Z",
      versions: [{ version: 1, filename: "d.pdf", content_text: "%PDF-1.4 d" }],
    },
    {
      id: DOC(5),
      title: "BKT-104 private",
      type: "schematic",
      visibility: "private",
      owner: "olga",
      boards: ["BKT-104"],
      created_at: "2026-01-05T00:00:00Z",
      versions: [{ version: 1, filename: "e.pdf", content_text: "%PDF-1.4 e" }],
    },
    {
      id: DOC(6),
      title: "BKT-105 shared",
      type: "schematic",
      visibility: "shared",
      owner: "olga",
      shared_with: ["sven"],
      boards: ["BKT-105"],
      created_at: "2026-01-06T00:00:00Z",
      versions: [{ version: 1, filename: "f.pdf", content_text: "%PDF-1.4 f" }],
    },
    {
      id: DOC(7),
      title: "BKT-106 taken down",
      type: "schematic",
      visibility: "public",
      status: "takedown",
      owner: "tech",
      boards: ["BKT-106"],
      created_at: "2026-01-07T00:00:00Z",
      versions: [{ version: 1, filename: "g.pdf", content_text: "%PDF-1.4 g" }],
    },
  ],
};

beforeAll(async () => {
  const outcome = await importContent(env, fixture as never, { reset: true, now: new Date("2026-06-01T00:00:00Z") });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

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
    for (const query of [`manufacturer=${encodeURIComponent(MAKER.toLowerCase())}`, "q=bkt", "q=BKA 10"]) {
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
      expected: { value: "12.6 V", count: 4 },
    });
    expect(board.points.map((p: { norm: string }) => p.norm)).toEqual(["PPBUSG3H", "C7020", "U7000"]);
    await expectMatchesOpenApi(body, "/boards/{number}", "get", 200);
  });
});

describe("GET /boards/{number}/points/{point}", () => {
  it("answers the same for a point spelled three ways, with four spellings of 12.6 V as one value", async () => {
    const answers = [];
    for (const spelling of ["PPBUS_G3H", "ppbus-g3h", "ppbus%20g3h", "+PPBUS.G3H"])
      answers.push((await getJson(`/boards/BKT100/points/${spelling}`)).body);
    for (const a of answers) expect(a).toEqual(answers[0]);
    const point = answers[0].data;
    expect(point.norm).toBe("PPBUSG3H");
    expect(point.point).toBe("PPBUS_G3H");
    expect(point.measured).toEqual([{ value: "12.6 V", count: 4 }]);
    expect(point.expected).toEqual([{ value: "12.6 V", count: 4 }]);
    await expectMatchesOpenApi(answers[0], "/boards/{number}/points/{point}", "get", 200);
  });

  it("never counts an unpublished or scheduled case, and lists only visible cases and threads", async () => {
    const { data } = (await getJson("/boards/BKT-100/points/PPBUS_G3H", { key: KEYS.olga })).body;
    expect(data.measured.map((v: { value: string }) => v.value)).not.toContain("3.1 V");
    expect(data.measured.map((v: { value: string }) => v.value)).not.toContain("2.2 V");
    expect(data.expected).toEqual([{ value: "12.6 V", count: 4 }]);
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
    expect(c.measured).toEqual([{ value: "0.452", count: 1 }]);
  });

  it("is a 404 problem for an unknown board or a point nothing visible mentions", async () => {
    for (const path of ["/boards/NOPE-1/points/PPBUS_G3H", "/boards/BKT-100/points/PP5V_NOWHERE", "/boards/BKT-106/points/PPBUS_G3H"]) {
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
