// Where a name stands on a schematic page (issue 55): a point's documents answer `places`, best first, each box on
// its word (also inside a bill-of-materials line); USB_D+ and USB_D- apart; a KiCad net by its printed label;
// upload and import keep the same places; MCP answers as REST does; a private schematic answers its owner only.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { BOARD, KEYS, PRIVATE_SCHEMATIC, SCHEMATIC, schematicPdf, seedSchematic, wordAt } from "../helpers/schematic-fixture";
import { createUploader, runQueue, upload } from "../helpers/uploads";
import { callOk, connectV2 } from "../helpers/mcp";
import placesMigration from "../../migrations-text/0004_page_places.sql?raw";
import { PLACES_SCHEMA } from "../../src/text/page-rows";

interface Place {
  page: number;
  boxes: { x: number; y: number; w: number; h: number }[];
}
interface PointAnswer {
  documents: { id: string; pages: number[]; places: Place[] }[];
}

beforeAll(seedSchematic);

/** A document's place rows, from whichever text database holds them. */
async function placeRows(id: string): Promise<{ page: number; runs: string }[]> {
  const rows = await Promise.all(
    [env.TEXT_0, env.TEXT_1].map((db) =>
      db.prepare("select page, runs from document_places where document_id = ? order by page").bind(id).all<{ page: number; runs: string }>(),
    ),
  );
  return rows.flatMap((r) => r.results);
}

async function point(name: string, key?: string): Promise<PointAnswer> {
  const res = await api(`/boards/${BOARD}/points/${encodeURIComponent(name)}`, { key });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: PointAnswer }).data;
}

const placesIn = (answer: PointAnswer, id = SCHEMATIC) => answer.documents.find((d) => d.id === id)?.places ?? [];

/** The box's centre lies on the word as drawn. */
function expectOnWord(box: Place["boxes"][number], word: ReturnType<typeof wordAt>) {
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  expect(cx).toBeGreaterThan(word.x0);
  expect(cx).toBeLessThan(word.x1);
  expect(cy).toBeGreaterThan(word.y0);
  expect(cy).toBeLessThan(word.y1);
  // No wider than the word and a little room: a line's box would be several times wider.
  expect(box.w).toBeLessThan((word.x1 - word.x0) * 1.6);
}

describe("a point's places", () => {
  it("the text databases' places migration is what src/text/page-rows.ts describes", () => {
    expect(placesMigration.replace(/^--.*\n/gm, "").trim()).toBe(PLACES_SCHEMA.map((x) => `${x};`).join("\n\n"));
  });

  it("a part's page drawing it with its nets comes first, the bill of materials last", async () => {
    const answer = await point("U7000");
    const doc = answer.documents.find((d) => d.id === SCHEMATIC)!;
    expect(doc.pages).toEqual([1, 2, 3]);
    expect(doc.places.map((p) => p.page)).toEqual([2, 3, 1]);
    expectOnWord(doc.places[0].boxes[0], wordAt(2, "U7000"));
    expectOnWord(doc.places[1].boxes[0], wordAt(3, "U7000"));
    expectOnWord(doc.places[2].boxes[0], wordAt(1, "U7000"));
  });

  it("a part asked in another spelling ranks its pages as its own name does (the rule's pick brings its neighbours)", async () => {
    expect(placesIn(await point("u7000")).map((p) => p.page)).toEqual([2, 3, 1]);
  });

  it("a net's page drawing it with its parts comes first", async () => {
    const places = placesIn(await point("PP3V3"));
    expect(places.map((p) => p.page)).toEqual([3, 2]);
    expectOnWord(places[0].boxes[0], wordAt(3, "PP3V3"));
  });

  it("a part inside a bill-of-materials line has its own box, not the line's", async () => {
    const places = placesIn(await point("C7010"));
    const bom = places.find((p) => p.page === 1)!;
    expect(bom.boxes).toHaveLength(1);
    expectOnWord(bom.boxes[0], wordAt(1, "C7010"));
  });

  it("USB_D+ and USB_D- are two names with two boxes", async () => {
    const plus = placesIn(await point("USB_D+"));
    const minus = placesIn(await point("USB_D-"));
    expect(plus.map((p) => p.page)).toEqual([2]);
    expect(minus.map((p) => p.page)).toEqual([2]);
    expect(plus[0].boxes).toHaveLength(1);
    expect(minus[0].boxes).toHaveLength(1);
    expectOnWord(plus[0].boxes[0], wordAt(2, "USB_D+"));
    expectOnWord(minus[0].boxes[0], wordAt(2, "USB_D-"));
  });

  it("a KiCad net is found by the label its page prints; an auto-named net prints nowhere", async () => {
    const rd = placesIn(await point("/IO/RD"));
    expect(rd.map((p) => p.page)).toEqual([2]);
    expectOnWord(rd[0].boxes[0], wordAt(2, "RD"));
    const auto = await point("Net-(U7000-Pad9)");
    expect(auto.documents.flatMap((d) => d.places)).toEqual([]);
  });

  it("an upload keeps the places an import keeps", async () => {
    const imported = await placeRows(SCHEMATIC);
    expect(imported.map((r) => r.page)).toEqual([1, 2, 3]);
    const owner = await createUploader();
    const res = await upload(
      owner.key,
      { external_id: "xpb-upload", title: "Uploaded schematic", type: "schematic", boards: BOARD },
      { filename: "xpb.pdf", content: await schematicPdf("Uploaded") },
    );
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    await runQueue([{ documentId: id, version: 1 }]);
    expect(await placeRows(id)).toEqual(imported);
  });
});

describe("a private schematic", () => {
  it("answers its places to its owner only", async () => {
    expect(placesIn(await point("U7000", KEYS.olga), PRIVATE_SCHEMATIC).map((p) => p.page)).toEqual([2, 3, 1]);
    expect((await point("U7000", KEYS.sven)).documents.map((d) => d.id)).not.toContain(PRIVATE_SCHEMATIC);
    expect((await point("U7000")).documents.map((d) => d.id)).not.toContain(PRIVATE_SCHEMATIC);
  });
});

describe("MCP get_board with a point", () => {
  let client: Awaited<ReturnType<typeof connectV2>>;
  beforeAll(async () => {
    client = await connectV2();
  });
  afterAll(() => client.close());

  it("answers the places REST answers and names the best page first, in the asked language", async () => {
    const rest = await point("U7000");
    const en = await callOk(client, "get_board", { board: BOARD, point: "U7000", lang: "en" });
    const answer = en.structuredContent.point as PointAnswer;
    expect(answer.documents.map((d) => [d.id, d.places])).toEqual(rest.documents.map((d) => [d.id, d.places]));
    const text = en.content[0].text!;
    expect(text).toContain(`Drawn on page 2 of "${BOARD} schematic".`);
    expect(text).toContain(`drawn on page 2 of "${BOARD} schematic" (also printed on pages 3, 1)`);
    const es = await callOk(client, "get_board", { board: BOARD, point: "U7000", lang: "es" });
    expect(es.content[0].text).toContain(`Dibujado en la página 2 de "${BOARD} schematic".`);
  });
});
