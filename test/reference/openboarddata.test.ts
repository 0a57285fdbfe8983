// Reference values: OpenBoardData files the tests write (both layouts, CRLF, tabs, stray lines) uploaded or imported,
// typed and normalised values per net with notes and sources, aliases, ol, na, placeholders, component values,
// a wrong ID, a private file as owner and as anyone else, a takedown and a new version.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { parseOpenBoardData, isOpenBoardData } from "../../src/reference/obdata";
import { referenceRows, referenceStatements } from "../../src/reference/store";
import { getDb } from "../../src/db/client";
import { adminOk as admin } from "../helpers/admin";
import { api, expectMatchesOpenApi, expectProblem, getJson } from "../helpers/app";
import { callError, callOk, connectV2 } from "../helpers/mcp";
import { createUploader, runQueue, upload } from "../helpers/uploads";
import { callWorker } from "../helpers/settings";

const MAKER = "Reftest Corp";
const BOARDS = [200, 201, 202, 203, 204, 205].map((n) => ({ number: `RFT-${n}`, manufacturer: MAKER, aliases: [`RFA ${n}`] }));

/** A v1 file (the GitHub repository's layout) with the real files' quirks: CRLF, tabs, a trailing space, stray lines. */
function v1File(id: string, pp3v42 = "0.3 3.4 100K If voltage below 3.35 check U7090") {
  return [
    `ID ${id}`,
    "BRAND Reftest ",
    "TYPE Laptop",
    "COMMENT A test board",
    "DIAGNOSIS_DATA_BEGIN",
    "SECT_BEGIN Power Rails",
    "NOTE_BEGIN S5",
    "[n:PP3V42_G3H] <script>alert(1)</script>",
    "If 8.4V check EN on [p:U7701:3], then [n:BKL_PWM]",
    "NOTE_END S5",
    "SECT_ENT",
    "DIAGNOSIS_DATA_END",
    "#",
    "# NETNAME  DIODE_VALUE  NORMAL_VOLTAGE  RESISTANCE  COMMENT",
    "#PLACEHOLDER_NET",
    `PP3V42_G3H ${pp3v42}`,
    "BKL_ISEN1\t0.6\t0.5\tol",
    "BKL_ISEN2 ===BKL_ISEN1",
    "BKL_ISET 0.5 na 21.5K Voltage can be between 0V up to 6V",
    "ALL_SYS_PWRGD 0.4 3.3 4.2M ",
    "a stray line here",
    "COMPONENTS_DATA_START",
    "R7000 v 2k2",
    "R7000 p 0402",
    "R7000 c ABC-123",
    "C1000 s -",
    "COMPONENTS_DATA_END",
  ].join("\r\n");
}

/** A v2 file (openboarddata.org's layout): header block, URL-encoded texts, typed net rows, conditions. */
const V2 = [
  "HEADER_DATA_START",
  "OBDATA_V002 https://openboarddata.org",
  "ID RFT-203",
  "BRAND reftest",
  "HEADER_DATA_END",
  "DIAGNOSIS_DATA_START",
  "SECT_START Backlight",
  "NOTE_START Diagnosing",
  "Check [n:PP5V_S5] then [p:Q7705:2]",
  "NOTE_END",
  "SECT_END",
  "DIAGNOSIS_DATA_END",
  "NETS_DATA_START",
  "### Network Valuetype Value Comment",
  "PP5V_S5/Default d 0.430 ''",
  "PP5V_S5/Default r na ''",
  "PP5V_S5/Default t Check+U7100%2C+then+L7130. ''",
  "PP5V_S4RS3/Default a PP5V_S5 ''",
  "CPUVR_PHASE1/1.6GHz+4GB r 15.00r ''",
  "NETS_DATA_END",
].join("\r\n");

type Ref = { kind: string; value: string; note: string | null; source: { document: string; title: string; url: string } };
const reference = async (board: string, point: string, key?: string) => {
  const res = await api(`/boards/${board}/points/${encodeURIComponent(point)}`, { key });
  const body = await res.json<{ data: { reference: Ref[] } }>();
  return res.status === 200 ? body.data.reference.map((r) => [r.kind, r.value, r.note]) : res.status;
};

async function uploadFile(key: string, board: string, text: string, visibility = "public", name = "obdata.txt") {
  const externalId = `ref-${Math.random()}`;
  const res = await upload(
    key,
    { external_id: externalId, visibility, rights_attested: "true", boards: [board] },
    { filename: name, content: new TextEncoder().encode(text) },
  );
  const created: { data: { id: string } } = await res.json();
  expect(res.status, JSON.stringify(created)).toBe(201);
  await runQueue([{ documentId: created.data.id, version: 1 }]);
  return { id: created.data.id, external_id: externalId };
}

beforeAll(async () => {
  const outcome = await importContent(
    env,
    { users: [{ username: "refowner", name: "R" }], manufacturers: [{ id: 9401, name: MAKER }], boards: BOARDS } as never,
    {
      reset: true,
    },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("reading OpenBoardData", () => {
  it("recognises both layouts by content, not a plain text file", () => {
    expect(isOpenBoardData(v1File("X"))).toBe(true);
    expect(isOpenBoardData(V2)).toBe(true);
    expect(isOpenBoardData("ID card scan\nnothing else here")).toBe(false);
  });

  it("types and normalises v1 rows: ol, na, aliases, comments, placeholders, tabs and CRLF", () => {
    const data = parseOpenBoardData(v1File("RFT-200"));
    expect(data.id).toBe("RFT-200");
    const rows = referenceRows(data.rows).map((r) => [r.point, r.kind, r.value, r.note]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ["PP3V42_G3H", "diode", "0.3", "If voltage below 3.35 check U7090"],
        ["PP3V42_G3H", "voltage", "3.4 V", "If voltage below 3.35 check U7090"],
        ["PP3V42_G3H", "resistance", "100 kΩ", "If voltage below 3.35 check U7090"],
        ["BKL_ISEN1", "resistance", "OL", null],
        ["BKL_ISEN2", "diode", "0.6", null],
        ["BKL_ISEN2", "resistance", "OL", null],
        ["ALL_SYS_PWRGD", "resistance", "4.2 MΩ", null],
      ]),
    );
    expect(rows.filter((r) => r[0] === "BKL_ISET").map((r) => r[1])).toEqual(["diode", "resistance"]);
    expect(rows.some((r) => r[0] === "PLACEHOLDER_NET" || r[0] === "a")).toBe(false);
    expect(data.notes).toEqual([{ section: "Power Rails", title: "S5", body: expect.stringContaining("[p:U7701:3]") }]);
    expect(data.parts).toEqual(
      expect.arrayContaining([
        { designator: "R7000", value: "2k2", package: "0402", code: "ABC-123", fitted: true },
        { designator: "C1000", value: null, package: null, code: null, fitted: false },
      ]),
    );
  });

  it("reads v2 rows: URL-encoded comments, aliases, conditions", () => {
    const data = parseOpenBoardData(V2);
    const rows = referenceRows(data.rows).map((r) => [r.point, r.kind, r.value, r.note]);
    expect(rows).toEqual([
      ["PP5V_S5", "diode", "0.43", "Check U7100, then L7130."],
      ["CPUVR_PHASE1", "resistance", "15 Ω", "1.6GHz 4GB"],
      ["PP5V_S4RS3", "diode", "0.43", "Check U7100, then L7130."],
    ]);
    expect(data.notes[0]).toEqual({ section: "Backlight", title: "Diagnosing", body: "Check [n:PP5V_S5] then [p:Q7705:2]" });
  });
});

describe("uploaded reference files", () => {
  let owner: { key: string; userId: number };
  let other: { key: string };
  let publicDoc: string;

  beforeAll(async () => {
    owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
    other = await createUploader(["api:read"]);
    publicDoc = (await uploadFile(owner.key, "RFA 200", v1File("RFT-200"))).id;
  });

  it("gives the board typed values with notes and the document as source; the point answer matches the description", async () => {
    const { res, body } = await getJson("/boards/rft-200/points/pp3v42_g3h");
    expect(res.status).toBe(200);
    await expectMatchesOpenApi(body, "/boards/{number}/points/{point}", "get", 200);
    expect(body.data.point).toBe("PP3V42_G3H");
    expect(body.data.reference).toEqual([
      { kind: "diode", value: "0.3", note: "If voltage below 3.35 check U7090", source: expect.objectContaining({ document: publicDoc }) },
      { kind: "voltage", value: "3.4 V", note: "If voltage below 3.35 check U7090", source: expect.objectContaining({ document: publicDoc }) },
      { kind: "resistance", value: "100 kΩ", note: "If voltage below 3.35 check U7090", source: expect.objectContaining({ document: publicDoc }) },
    ]);
    expect(body.data.reference[0].source.url).toMatch(new RegExp(`/(library|biblioteca)/${publicDoc}`));
    expect(await reference("RFT-200", "BKL_ISEN2")).toEqual([
      ["diode", "0.6", null],
      ["voltage", "0.5 V", null],
      ["resistance", "OL", null],
    ]);
    expect(await reference("RFT-200", "bkl iset")).toEqual([
      ["diode", "0.5", "Voltage can be between 0V up to 6V"],
      ["resistance", "21.5 kΩ", "Voltage can be between 0V up to 6V"],
    ]);
    // A placeholder and a stray line make no point.
    expect(await reference("RFT-200", "PLACEHOLDER_NET")).toBe(404);
    expect(await reference("RFT-200", "stray")).toBe(404);
  });

  it("attaches component values to the designator; the board detail lists the reference nets and the notes", async () => {
    const part = (await getJson("/boards/RFT-200/points/r7000")).body.data;
    expect(part.point).toBe("R7000");
    expect(part.parts).toEqual([expect.objectContaining({ designator: "R7000", value: "2k2", package: "0402", code: "ABC-123", fitted: true })]);
    expect((await getJson("/boards/RFT-200/points/C1000")).body.data.parts[0].fitted).toBe(false);
    const board = (await getJson("/boards/RFT-200")).body.data;
    expect(board.points.map((p: { point: string }) => p.point)).toEqual(expect.arrayContaining(["PP3V42_G3H", "BKL_ISEN2", "ALL_SYS_PWRGD"]));
    expect(board.points.find((p: { point: string }) => p.point === "PP3V42_G3H").reference).toBe(3);
    expect(board.notes).toEqual([expect.objectContaining({ section: "Power Rails", title: "S5", body: expect.stringContaining("[n:BKL_PWM]") })]);
  });

  it("is found by search through a component's value and code (its page text)", async () => {
    const found = (await getJson("/search?q=ABC-123")).body.data.documents.map((d: { id: string }) => d.id);
    expect(found).toContain(publicDoc);
  });

  it("a file whose ID names another board stays available with the reason, and gives no values", async () => {
    const doc = await uploadFile(owner.key, "RFT-201", v1File("RFT-200"));
    const status = (await getJson(`/uploads/${encodeURIComponent(doc.external_id)}`, { key: owner.key, lang: "en" })).body.data;
    expect(status.status).toBe("available");
    expect(status.status_reason).toMatch(/for board RFT-200, not RFT-201/);
    expect(await reference("RFT-201", "PP3V42_G3H")).toBe(404);
    expect(await reference("RFT-201", "PP3V42_G3H", owner.key)).toBe(404);
  });

  it("a values file that gives no values says why, on its upload, its document and its page, in Spanish and English", async () => {
    const page = async (path: string) => (await callWorker(new Request(`https://boards.test${path}`))).text();
    const cases = [
      // Only a components block: no ID line, so not even its content says it is OpenBoardData; the name does.
      [
        "RFT-205",
        ["COMPONENTS_DATA_START", "R7000 v 2k2", "COMPONENTS_DATA_END"].join("\n"),
        "names no board (no ID line)",
        "no nombra ninguna placa (no tiene línea ID)",
      ],
      ["RFT-205", v1File("RFT-999"), "is for board RFT-999, which the library does not know", "de la placa RFT-999, que la biblioteca no conoce"],
      ["RFT-205", ["ID RFT-205", "BRAND Reftest", "TYPE Laptop"].join("\n"), "gives no values (no rows)", "no da ningún valor (no tiene filas)"],
    ] as const;
    for (const [board, text, en, es] of cases) {
      const doc = await uploadFile(owner.key, board, text, "public", "board.obdata");
      const status = (await getJson(`/uploads/${encodeURIComponent(doc.external_id)}`, { key: owner.key, lang: "en" })).body.data;
      expect(status.status, en).toBe("available");
      expect(status.status_reason).toContain(en);
      const detail = await getJson(`/documents/${doc.id}`, { lang: "es" });
      await expectMatchesOpenApi(detail.body, "/documents/{document}", "get", 200);
      expect(detail.body.data.status_reason).toContain(es);
      expect((await getJson(`/documents/${doc.id}`, { lang: "en" })).body.data.status_reason).toContain(en);
      const path = new URL(detail.body.data.url).pathname;
      expect(await page(path)).toContain(es);
      expect(await page(path.replace("/es/biblioteca/", "/en/library/"))).toContain(en);
    }
    expect(await reference("RFT-205", "PP3V42_G3H")).toBe(404);
    // A file that gives values has no reason.
    const good = await uploadFile(owner.key, "RFT-205", v1File("RFT-205"), "public", "board.obdata");
    expect((await getJson(`/documents/${good.id}`)).body.data.status_reason).toBeNull();
  });

  it("a private file's values answer its owner only", async () => {
    await uploadFile(owner.key, "RFT-202", v1File("RFT-202"), "private");
    expect(await reference("RFT-202", "PP3V42_G3H")).toBe(404);
    expect(await reference("RFT-202", "PP3V42_G3H", other.key)).toBe(404);
    expect(await reference("RFT-202", "PP3V42_G3H", owner.key)).toEqual([
      ["diode", "0.3", "If voltage below 3.35 check U7090"],
      ["voltage", "3.4 V", "If voltage below 3.35 check U7090"],
      ["resistance", "100 kΩ", "If voltage below 3.35 check U7090"],
    ]);
  });

  it("MCP get_board with point says the same as the API, in either language; a private file's values stay private", async () => {
    const client = await connectV2();
    try {
      const result = await callOk(client, "get_board", { board: "RFT-200", point: "pp3v42 g3h", lang: "en" });
      const rest = (await getJson("/boards/RFT-200/points/PP3V42_G3H", { lang: "en" })).body.data;
      expect((result.structuredContent.point as { reference: unknown }).reference).toEqual(rest.reference);
      expect(result.content[0].text).toContain("## Known-good reference values");
      expect(result.content[0].text).toContain("| resistance | 100 kΩ | If voltage below 3.35 check U7090 |");
      const es = await callOk(client, "get_board", { board: "RFT-200", point: "BKL_ISEN2", lang: "es" });
      expect(es.content[0].text).toContain("| resistencia | OL |");
      expect(await callError(client, "get_board", { board: "RFT-202", point: "PP3V42_G3H", lang: "en" })).toMatch(/Nothing public about/);
    } finally {
      await client.close();
    }
  });

  it("a takedown removes the values at once; a restore brings them back", async () => {
    await admin("documents:takedown", publicDoc, "--reason", "complaint");
    await expectProblem(await api("/boards/RFT-200/points/PP3V42_G3H"), 404, "not-found");
    expect((await getJson("/boards/RFT-200")).body.data.notes).toEqual([]);
    await admin("documents:restore", publicDoc);
    expect(await reference("RFT-200", "ALL_SYS_PWRGD")).toEqual([
      ["diode", "0.4", null],
      ["voltage", "3.3 V", null],
      ["resistance", "4.2 MΩ", null],
    ]);
  });

  it("a new version replaces the document's values", async () => {
    const doc = await uploadFile(owner.key, "RFT-204", v1File("RFT-204"));
    const text = v1File("RFT-204", "0.35 3.42 ol Replaced in version 2");
    const key = `documents/${doc.id}/v2`;
    await env.FILES.put(key, text);
    const now = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "insert into document_versions (document_id, version, filename, extension, content_type, size_bytes, sha256, r2_key, created_at) values (?, 2, 'obdata.txt', 'txt', 'text/plain', ?, 'x', ?, ?)",
      ).bind(doc.id, text.length, key, now),
      env.DB.prepare("update documents set current_version = 2, status = 'processing' where id = ?").bind(doc.id),
    ]);
    await runQueue([{ documentId: doc.id, version: 2 }]);
    expect(await reference("RFT-204", "PP3V42_G3H")).toEqual([
      ["diode", "0.35", "Replaced in version 2"],
      ["voltage", "3.42 V", "Replaced in version 2"],
      ["resistance", "OL", "Replaced in version 2"],
    ]);
  });
});

describe("imported reference files", () => {
  it("the importer stores a v2 file's values for the board its ID names", async () => {
    const outcome = await importContent(
      env,
      {
        documents: [
          {
            id: "01K3REFERENCE0V2D0C0000001",
            title: "RFT-203 OpenBoardData",
            type: "document",
            visibility: "public",
            owner: "refowner",
            boards: ["RFT-203"],
            versions: [{ version: 1, filename: "rft-203.obdata", content_text: V2 }],
          },
        ],
      } as never,
      {},
    );
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    expect(await reference("RFT-203", "PP5V_S4RS3")).toEqual([["diode", "0.43", "Check U7100, then L7130."]]);
    const notes = (await getJson("/boards/RFT-203")).body.data.notes;
    expect(notes).toEqual([expect.objectContaining({ section: "Backlight", title: "Diagnosing", body: "Check [n:PP5V_S5] then [p:Q7705:2]" })]);
  });
});

describe("a boardview's readings", () => {
  it("are reference values through the same rows and read, with the boardview as their source", async () => {
    const id = "01K3REFERENCEB0ARDV1EW0001";
    const outcome = await importContent(
      env,
      {
        documents: [
          {
            id,
            title: "RFT-201 boardview",
            type: "boardview",
            visibility: "public",
            owner: "refowner",
            boards: ["RFT-201"],
            versions: [{ version: 1, filename: "rft.txt", content_text: "not read as a boardview" }],
          },
        ],
      } as never,
      {},
    );
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    // What the queue consumer stores for a boardview whose reader gave readings (an XZZ file's).
    const readings = [
      { net: "PPBUS_G3H", kind: "diode" as const, value: "0.410" },
      { net: "PPBUS_G3H", kind: "resistance" as const, value: "4.2M" },
    ];
    const db = getDb(env);
    const statements = referenceStatements(id, null, { values: referenceRows(readings), parts: [], notes: [] });
    await env.DB.batch(statements.map((s) => db.run(s).getQuery()).map((q) => env.DB.prepare(q.sql).bind(...q.params)));
    const point = (await getJson("/boards/RFT-201/points/ppbus-g3h")).body.data;
    expect(point.point).toBe("PPBUS_G3H");
    expect(point.reference).toEqual([
      { kind: "diode", value: "0.41", note: null, source: expect.objectContaining({ document: id, title: "RFT-201 boardview" }) },
      { kind: "resistance", value: "4.2 MΩ", note: null, source: expect.objectContaining({ document: id }) },
    ]);
  });
});
