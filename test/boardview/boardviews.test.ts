import { beforeAll, describe, expect, it } from "vitest";
import { bdvFile, genCadFile, testLinkFile } from "../../scripts/lib/boardview-writer";
import boardviewMigration from "../../migrations-text/0002_boardviews.sql?raw";
import boardviewLayoutMigration from "../../migrations-text/0003_boardview_layout.sql?raw";
import { BOARDVIEW_LAYOUT_SCHEMA, BOARDVIEW_SCHEMA } from "../../src/boardview/rows";
import { boardviewsHoldingPoint } from "../../src/db/queries/boardviews";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { api, expectMatchesOpenApi, expectProblem, getJson, seedSample } from "../helpers/app";
import { callOk, connectV1 } from "../helpers/mcp";
import { html } from "../helpers/site";
import { boardviewFormatName } from "../../src/site/formatting";
import { createUploader, runQueue, upload } from "../helpers/uploads";
import { queryContext } from "../helpers/query-context";

let owner: { key: string; userId: number };
let stranger: { key: string; userId: number };
let counter = 0;

beforeAll(async () => {
  await seedSample();
  owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
  stranger = await createUploader();
});

async function uploadBoardview(filename: string, content: Uint8Array, fields: Record<string, string | string[]> = {}) {
  const res = await upload(
    owner.key,
    { external_id: `bv-${++counter}`, visibility: "public", rights_attested: "true", ...fields },
    { filename, content },
  );
  const body: any = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const { result } = await runQueue([{ documentId: body.data.id, version: 1 }]);
  expect(result.explicitAcks).toHaveLength(1);
  return body.data.id as string;
}

// Name, file name, its bytes, test points in it (the nails variant adds one nail per net).
const FILES: [string, string, () => Uint8Array, number][] = [
  ["Test_Link plain", "board.brd", () => testLinkFile(SAMPLE_BOARD), 1],
  ["Test_Link encoded", "board.brd", () => testLinkFile(SAMPLE_BOARD, { encoded: true }), 1],
  ["Test_Link nets from nails", "board.brd", () => testLinkFile(SAMPLE_BOARD, { netsFromNails: true }), 4],
  ["BDV", "board.bdv", () => bdvFile(SAMPLE_BOARD), 1],
  ["GenCAD", "board.cad", () => genCadFile(SAMPLE_BOARD), 1],
];

describe.each(FILES)("%s upload", (_, filename, file, testPoints) => {
  let id: string;
  beforeAll(async () => {
    id = await uploadBoardview(filename, file());
  });

  it("is available with its summary on the document", async () => {
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data).toMatchObject({ status: "available", type: "boardview" });
    expect(body.data.boardview).toMatchObject({ parts: 3, pins: 8, nets: 3 });
    const { body: summary } = await getJson(`/documents/${id}/boardview`);
    expect(summary.data).toMatchObject({ parts: 3, pins: 8, nets: 3, test_points: testPoints });
    await expectMatchesOpenApi(summary, "/documents/{document}/boardview", "get", 200);
  });

  it("a part reads back exactly, matched in any spelling", async () => {
    const res = await getJson(`/documents/${id}/boardview?part=u-7000`);
    const written = SAMPLE_BOARD.parts[0];
    expect(res.body.data).toMatchObject({ name: "U7000", side: "bottom", mounting: "smd", pins: written.pins });
    if (filename.endsWith(".cad")) expect([res.body.data.x, res.body.data.y]).toEqual([written.x, written.y]);
    await expectMatchesOpenApi(res.body, "/documents/{document}/boardview", "get", 200);
    // BDV files do not say how a part is mounted: every part reads as surface mount.
    const { body: through } = await getJson(`/documents/${id}/boardview?part=J6950`);
    expect(through.data).toMatchObject({ side: "top", mounting: filename.endsWith(".bdv") ? "smd" : "through_hole" });
  });

  it("a net lists its pins and parts, matched in any spelling", async () => {
    const { body } = await getJson(`/documents/${id}/boardview?net=${encodeURIComponent("ppbus g3h")}`);
    expect(body.data).toMatchObject({
      name: "PPBUS_G3H",
      parts: ["U7000", "C7010", "J6950"],
      pins: [
        { part: "U7000", x: 140, y: 210, side: "bottom" },
        { part: "C7010", x: 300, y: 400, side: "top" },
        { part: "J6950", x: 590, y: 100, side: "top" },
      ],
    });
  });

  it("an unknown part or net is a 404 problem", async () => {
    await expectProblem(await api(`/documents/${id}/boardview?part=U9999`), 404, "not-found");
    await expectProblem(await api(`/documents/${id}/boardview?net=NOPE_NET`), 404, "not-found");
  });
});

describe("boardview answers", () => {
  it("the text databases' boardview migrations are what src/boardview/rows.ts describes", () => {
    expect(boardviewMigration.replace(/^--.*\n/gm, "").trim()).toBe(BOARDVIEW_SCHEMA.map((x) => `${x};`).join("\n\n"));
    expect(boardviewLayoutMigration.replace(/^--.*\n/gm, "").trim()).toBe(BOARDVIEW_LAYOUT_SCHEMA.map((x) => `${x};`).join("\n\n"));
  });

  it("the document page shows the summary", async () => {
    const id = await uploadBoardview("page.brd", testLinkFile(SAMPLE_BOARD));
    const { body } = await getJson(`/documents/${id}`, { lang: "en" });
    const markup = await html(body.data.url);
    expect(markup).toContain("Boardview");
    expect(markup).toContain("Test_Link: 3 parts, 8 pins, 3 nets, 1 test points");
    // The Spanish page names the format as a person would, never the raw value.
    const spanish = await html(body.data.url.replace("/en/library/", "/es/biblioteca/"));
    expect(spanish).toContain("Test_Link: 3 componentes, 8 pines, 3 redes, 1 puntos de prueba");
    expect(spanish).not.toContain("test_link");
  });

  it("a format without a name of its own still reads well: a readable fallback", async () => {
    expect(boardviewFormatName("test_link")).toBe("Test_Link");
    expect(boardviewFormatName("xzz")).toBe("XZZ .pcb");
    expect(boardviewFormatName("some_new_format")).toBe("SOME NEW FORMAT");
  });

  it("asking costs no download", async () => {
    const id = await uploadBoardview("count.brd", testLinkFile(SAMPLE_BOARD));
    await getJson(`/documents/${id}/boardview?part=U7000`);
    await getJson(`/documents/${id}/boardview`);
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.downloads).toBe(0);
  });

  it("a document that is not a boardview has boardview null and its boardview is a 404; part and net together are refused", async () => {
    const res = await upload(
      owner.key,
      { external_id: `bv-${++counter}`, visibility: "public", rights_attested: "true" },
      { filename: "notes.txt", content: "U7000 notes" },
    );
    const id = ((await res.json()) as any).data.id;
    await runQueue([{ documentId: id, version: 1 }]);
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.boardview).toBeNull();
    await expectProblem(await api(`/documents/${id}/boardview`), 404, "not-found");
    const board = await uploadBoardview("both.brd", testLinkFile(SAMPLE_BOARD));
    await expectProblem(await api(`/documents/${board}/boardview?part=U7000&net=GND`), 422, "validation-failed");
  });

  it("binary noise under a boardview name stays an available document without parts, the reason in its detail", async () => {
    let seed = 11;
    const noise = Uint8Array.from({ length: 64_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    const id = await uploadBoardview("noise.brd", noise);
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.status).toBe("available");
    expect(body.data.boardview).toMatchObject({ format: null, parts: 0, pins: 0, nets: 0 });
    expect(body.data.boardview.reason).toMatch(/not a boardview format/);
    await expectProblem(await api(`/documents/${id}/boardview?part=U7000`), 404, "not-found");
  });

  it("search finds a boardview by a designator or a net only it holds, the highlight naming it", async () => {
    const board = {
      parts: [{ name: "QZ9107", side: "top" as const, mounting: "smd" as const, x: 0, y: 0, pins: [{ x: 1, y: 1, net: "PPZORBLAX_G3H" }] }],
    };
    const id = await uploadBoardview("search.brd", testLinkFile(board), { title: "Logic board view" });
    for (const q of ["QZ9107", "PPZORBLAX_G3H"]) {
      const { body } = await getJson(`/search?q=${q}`);
      const hit = body.data.documents.find((d: any) => d.id === id);
      expect(hit, q).toBeDefined();
      expect(JSON.stringify(hit.highlight)).toContain(q.split("_")[0]);
    }
  });

  it("a private boardview's parts, nets and names are never answered to a caller who cannot see it", async () => {
    const board = {
      parts: [{ name: "UPRIV77", side: "bottom" as const, mounting: "smd" as const, x: 0, y: 0, pins: [{ x: 5, y: 6, net: "PP_SECRETNET" }] }],
    };
    const id = await uploadBoardview("private.brd", testLinkFile(board), { visibility: "private" });
    const { body: own } = await getJson(`/documents/${id}/boardview?part=UPRIV77`, { key: owner.key });
    expect(own.data).toMatchObject({ name: "UPRIV77", pins: [{ x: 5, y: 6, net: "PP_SECRETNET" }] });
    for (const key of [undefined, stranger.key]) {
      for (const query of ["", "?part=UPRIV77", "?net=PP_SECRETNET"]) {
        const problem = await expectProblem(await api(`/documents/${id}/boardview${query}`, { key }), 404, "not-found");
        expect(JSON.stringify(problem)).not.toContain("PP_SECRETNET");
      }
      const { body } = await getJson("/search?q=UPRIV77", { key });
      expect(body.data.documents.map((d: any) => d.id)).not.toContain(id);
    }
    const { body: found } = await getJson("/search?q=UPRIV77", { key: owner.key });
    expect(found.data.documents.map((d: any) => d.id)).toContain(id);
  });

  it("the boardviews of a board that hold a point, with side and position, honouring visibility", async () => {
    const board = {
      parts: [{ name: "UPT500", side: "bottom" as const, mounting: "smd" as const, x: 0, y: 0, pins: [{ x: 10, y: 20, net: "PP5V_PT" }] }],
    };
    const pub = await uploadBoardview("points.brd", testLinkFile(board), { boards: ["820-00165"] });
    const priv = await uploadBoardview("points-private.cad", genCadFile({ parts: [{ ...board.parts[0], x: 10, y: 20 }] }), {
      boards: ["820-00165"],
      visibility: "private",
    });
    const ctx = queryContext;
    const anonymous = (await boardviewsHoldingPoint(ctx(null), "820 00165", "upt-500")).holding;
    // Each with its viewer's address, the part selected.
    const viewer = expect.stringMatching(new RegExp(`/(library|biblioteca)/${pub}/[a-z0-9-]+\\?part=UPT500#boardview$`));
    // Its neighbours (the part's nets) rank the schematic pages that print it.
    expect(anonymous).toEqual([
      { document: pub, format: "test_link", kind: "part", name: "UPT500", side: "bottom", x: 10, y: 20, url: viewer, neighbours: ["PP5V_PT"] },
    ]);
    const mine = (await boardviewsHoldingPoint(ctx({ userId: owner.userId }), "82000165", "PP5V_PT")).holding;
    expect(mine.map((h) => [h.document, h.kind, h.x, h.y, h.side]).sort()).toEqual(
      [
        [pub, "net", 10, 20, "bottom"],
        [priv, "net", 10, 20, "bottom"],
      ].sort(),
    );
    expect((await boardviewsHoldingPoint(ctx({ userId: stranger.userId }), "820-00165", "UPT500")).holding).toHaveLength(1);

    // The board point answer lists them: a point only a boardview names is answered, a private one only to its owner.
    const anonymousPoint = await getJson("/boards/820-00165/points/upt_500"); // getJson asserts the 200
    expect(anonymousPoint.body.data.boardviews).toEqual([
      { document: pub, format: "test_link", kind: "part", name: "UPT500", side: "bottom", x: 10, y: 20, url: viewer },
    ]);
    const ownerNet = await getJson("/boards/82000165/points/PP5V-PT", { key: owner.key });
    expect(ownerNet.body.data.boardviews.map((h: any) => h.document).sort()).toEqual([pub, priv].sort());
    const strangerNet = await getJson("/boards/82000165/points/PP5V-PT", { key: stranger.key });
    expect(strangerNet.body.data.boardviews.map((h: any) => h.document)).toEqual([pub]);
  });
});

describe("MCP get_document", () => {
  it("answers a boardview's part and net, and nothing of a private one", async () => {
    const id = await uploadBoardview("mcp.cad", genCadFile(SAMPLE_BOARD));
    const board = {
      parts: [{ name: "UMCP1", side: "top" as const, mounting: "smd" as const, x: 0, y: 0, pins: [{ x: 1, y: 2, net: "PP_MCPNET" }] }],
    };
    const hidden = await uploadBoardview("mcp-private.brd", testLinkFile(board), { visibility: "private" });
    const client = await connectV1();
    try {
      const part = await callOk(client, "get_document", { document: id, part: "u 7000", lang: "en" });
      expect(part.structuredContent.part).toMatchObject({
        name: "U7000",
        side: "bottom",
        mounting: "smd",
        x: 150,
        y: 220,
        pins: SAMPLE_BOARD.parts[0].pins,
      });
      expect(part.structuredContent.document.boardview).toMatchObject({ format: "gencad", parts: 3 });
      expect(part.content[0].text).toContain("## Part U7000");
      expect(part.content[0].text).toContain("bottom side · surface mount · at (150, 220)");
      const net = await callOk(client, "get_document", { document: id, net: "ppbus_g3h" });
      expect(net.structuredContent.net).toMatchObject({ name: "PPBUS_G3H", parts: ["U7000", "C7010", "J6950"] });
      const none = await callOk(client, "get_document", { document: id, part: "U404" });
      expect(none.structuredContent.part).toBeNull();
      // In the reader's language: the lines and notes in Spanish, the names and values as they are.
      const parte = await callOk(client, "get_document", { document: id, part: "U7000", lang: "es" });
      const texto = parte.content[0].text as string;
      expect(texto).toContain("## Componente U7000");
      expect(texto).toContain("cara inferior · montaje superficial · en (150, 220)");
      expect(texto).toMatch(/Boardview \(gencad\) · 3 componentes · \d+ pines · \d+ redes/);
      for (const english of ["Part U7000", "bottom side", "surface mount", "pin at", " parts ·"]) expect(texto).not.toContain(english);
      const red = await callOk(client, "get_document", { document: id, net: "PPBUS_G3H", lang: "es" });
      expect(red.content[0].text).toContain("## Red PPBUS_G3H");
      expect(red.content[0].text).toContain("Componentes: U7000, C7010, J6950");
      expect(red.content[0].text).toMatch(/- pin de U7000 en \(\d+, \d+\), cara (inferior|superior)/);
      const ninguno = await callOk(client, "get_document", { document: id, part: "U404", lang: "es" });
      expect(ninguno.structuredContent.notes).toContain("El boardview no tiene ningún componente llamado U404.");
      const result = await client.callTool({ name: "get_document", arguments: { document: hidden, part: "UMCP1" } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result)).not.toContain("PP_MCPNET");
    } finally {
      await client.close();
    }
  });
});
