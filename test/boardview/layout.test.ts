// GET /documents/{document}/boardview/layout: the whole drawing, its indexes, its size, its cache and its visibility.
import { beforeAll, describe, expect, it } from "vitest";
import { syntheticBoard, testLinkFile } from "../../scripts/lib/boardview-writer";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { api, expectMatchesOpenApi, expectProblem, getJson, seedSample } from "../helpers/app";
import { createUploader, runQueue, upload } from "../helpers/uploads";

let owner: { key: string; userId: number };
let stranger: { key: string; userId: number };
let counter = 0;

beforeAll(async () => {
  await seedSample();
  owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
  stranger = await createUploader();
});

async function uploadBoardview(filename: string, content: Uint8Array, visibility = "public") {
  const res = await upload(owner.key, { external_id: `layout-${++counter}`, visibility, rights_attested: "true" }, { filename, content });
  const body: any = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  await runQueue([{ documentId: body.data.id, version: 1 }]);
  return body.data.id as string;
}

describe("the layout of a boardview", () => {
  let id: string;
  beforeAll(async () => {
    id = await uploadBoardview("layout.brd", testLinkFile(SAMPLE_BOARD));
  });

  it("holds every part, pin and net, and its indexes resolve to what the part and net answers say", async () => {
    const { body } = await getJson(`/documents/${id}/boardview/layout`);
    await expectMatchesOpenApi(body, "/documents/{document}/boardview/layout", "get", 200);
    const layout = body.data;
    expect(layout).toMatchObject({ document: id, visibility: "public", format: "test_link" });
    expect(layout.parts.map((p: any) => p.name)).toEqual(["U7000", "C7010", "J6950"]);
    expect(layout.pins.x).toHaveLength(8);
    for (const column of ["y", "part", "net"]) expect(layout.pins[column]).toHaveLength(8);
    expect([...layout.nets].sort()).toEqual(["GND", "PP3V3_S5", "PPBUS_G3H"]);
    for (const [index, part] of layout.parts.entries()) {
      const { body: answer } = await getJson(`/documents/${id}/boardview?part=${encodeURIComponent(part.name)}`);
      expect(part).toMatchObject({ side: answer.data.side, mounting: answer.data.mounting });
      const pins = layout.pins.x.flatMap((x: number, i: number) =>
        layout.pins.part[i] === index ? [{ x, y: layout.pins.y[i], net: layout.nets[layout.pins.net[i]] }] : [],
      );
      expect(pins).toEqual(answer.data.pins.map((p: any) => ({ x: p.x, y: p.y, net: p.net })));
      // No box in the file: the box of its pins, widened so that every pad is inside.
      for (const p of pins) {
        expect(p.x).toBeGreaterThan(part.box.x1);
        expect(p.x).toBeLessThan(part.box.x2);
        expect(p.y).toBeGreaterThan(part.box.y1);
        expect(p.y).toBeLessThan(part.box.y2);
      }
    }
    for (const [index, name] of layout.nets.entries()) {
      const { body: answer } = await getJson(`/documents/${id}/boardview?net=${encodeURIComponent(name)}`);
      const pins = layout.pins.x.flatMap((x: number, i: number) =>
        layout.pins.net[i] === index ? [{ part: layout.parts[layout.pins.part[i]].name, x, y: layout.pins.y[i] }] : [],
      );
      expect(pins).toEqual(answer.data.pins.map((p: any) => ({ part: p.part, x: p.x, y: p.y })));
    }
  });

  it("carries an ETag from the document's version: If-None-Match answers 304 without a body", async () => {
    const first = await api(`/documents/${id}/boardview/layout`);
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("Cache-Control")).toMatch(/public/);
    const again = await api(`/documents/${id}/boardview/layout`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const keyed = await api(`/documents/${id}/boardview/layout`, { key: owner.key, headers: { "If-None-Match": etag! } });
    expect(keyed.status).toBe(304);
    expect(keyed.headers.get("Cache-Control")).toMatch(/private/);
    // Another document's tag is not this one's.
    const other = await uploadBoardview("other.brd", testLinkFile(SAMPLE_BOARD));
    expect((await api(`/documents/${other}/boardview/layout`, { headers: { "If-None-Match": etag! } })).status).toBe(200);
  });

  it("counts no download", async () => {
    for (let i = 0; i < 3; i++) await getJson(`/documents/${id}/boardview/layout`, { key: owner.key });
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.downloads).toBe(0);
  });
});

describe("who reads a layout", () => {
  it("a private boardview's layout answers its owner (privately cached) and 404 to anyone else, exactly as the document", async () => {
    const id = await uploadBoardview("private.brd", testLinkFile(SAMPLE_BOARD), "private");
    const { res, body } = await getJson(`/documents/${id}/boardview/layout`, { key: owner.key });
    expect(body.data.visibility).toBe("private");
    expect(res.headers.get("Cache-Control")).toMatch(/private/);
    for (const key of [stranger.key, undefined]) {
      const document = await expectProblem(await api(`/documents/${id}`, { key }), 404, "not-found");
      const layout = await expectProblem(await api(`/documents/${id}/boardview/layout`, { key }), 404, "not-found");
      expect(layout.detail).toBe(document.detail);
    }
  });

  it("an unreadable boardview answers 404 with the reason it could not be read; a document that is no boardview 404s too", async () => {
    let seed = 7;
    const noise = Uint8Array.from({ length: 20_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    const id = await uploadBoardview("noise.brd", noise);
    const problem = await expectProblem(await api(`/documents/${id}/boardview/layout`, { lang: "en" }), 404, "not-found");
    expect(problem.detail).toMatch(/could not be read.*not a boardview format/);
    const res = await upload(
      owner.key,
      { external_id: `layout-${++counter}`, visibility: "public", rights_attested: "true" },
      { filename: "n.txt", content: "notes" },
    );
    const text = ((await res.json()) as any).data.id;
    await runQueue([{ documentId: text, version: 1 }]);
    await expectProblem(await api(`/documents/${text}/boardview/layout`), 404, "not-found");
  });
});

describe("the size of a layout", () => {
  it("a 50,000-pin board takes at most 60 bytes per pin before compression", async () => {
    const board = syntheticBoard(39, 50_000);
    const id = await uploadBoardview("big.brd", testLinkFile(board));
    const res = await api(`/documents/${id}/boardview/layout`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const layout = JSON.parse(text).data;
    expect(layout.pins.x).toHaveLength(50_000);
    expect(layout.parts).toHaveLength(board.parts.length);
    expect(text.length / 50_000).toBeLessThanOrEqual(60);
  });
});

/** A KiCad-like BRD2 (kicad-boardview: each part's box is KiCad's bounding box, labels included), top side only. */
const KICAD_LIKE_BRD2 = [
  "0",
  "BRDOUT: 5 4000 3000",
  "1000 1000",
  "4000 1000",
  "4000 3000",
  "1000 3000",
  "1000 1000",
  "",
  "NETS: 3",
  "1 GND",
  "2 +3V3",
  "3 /SDA",
  "",
  "PARTS: 5",
  // C30: a 651 x 840 mil box around two pads 38 mil apart (the label's box, not the part's).
  "C30 2000 1500 2651 2340 0 1",
  // R1: its body's box, a little larger than its pads: drawn as the file states it.
  "R1 3000 2000 3120 2060 2 1",
  // U1: a 3,299 mil wide box around a 335 mil pin field.
  "U1 500 1200 3799 2700 4 1",
  // J2: a box that does not hold its pins (the pins are elsewhere).
  "J2 1100 1100 1150 1150 8 1",
  // REF**: KiCad's pinless placeholder, its box at the origin, outside the board.
  "REF** -10 -10 10 10 10 1",
  "",
  "PINS: 10",
  "2300 1900 1 1",
  "2338 1900 2 1",
  "3030 2030 2 1",
  "3090 2030 3 1",
  "2000 2000 1 1",
  "2335 2000 2 1",
  "2000 2100 3 1",
  "2335 2100 1 1",
  "3500 2800 1 1",
  "3550 2800 2 1",
  "",
  "NAILS: 0",
  "",
].join("\n");

/** A BVR3 whose pinless REF** placeholders sit at (0, 0), outside the board's outline, as kicad-boardview writes them. */
function bvr3WithPlaceholders(): string {
  const part = (name: string, pins: [number, number, string][]) => [
    `PART_NAME ${name}`,
    "   PART_SIDE T",
    "   PART_ORIGIN 0.000 0.000",
    "   PART_MOUNT SMD",
    ...pins.flatMap(([x, y, net], i) => [
      `   PIN_ID ${name}-${i + 1}`,
      `      PIN_NUMBER ${i + 1}`,
      `      PIN_NAME ${i + 1}`,
      "      PIN_SIDE T",
      `      PIN_ORIGIN ${x} ${y}`,
      "      PIN_RADIUS 24.0",
      `      PIN_NET ${net}`,
      "      PIN_TYPE 2",
      "   PIN_END",
    ]),
    "PART_END",
    "",
  ];
  return [
    "BVRAW_FORMAT_3",
    ...part("REF**", []),
    ...part("C1", [
      [2000, 2000, "GND"],
      [2060, 2000, "+5V"],
    ]),
    ...part("REF**", []),
    ...part("R2", [
      [2500, 1500, "GND"],
      [2560, 1500, "+5V"],
    ]),
    "OUTLINE_POINTS 1000 1000 3000 1000 3000 2500 1000 2500 1000 1000",
  ].join("\n");
}

describe("where a part is drawn", () => {
  it("from its pins when the file's box is much larger than them or misses them; the file's box when it fits", async () => {
    const id = await uploadBoardview("kicad.brd", new TextEncoder().encode(KICAD_LIKE_BRD2));
    const { body } = await getJson(`/documents/${id}/boardview/layout`);
    await expectMatchesOpenApi(body, "/documents/{document}/boardview/layout", "get", 200);
    const box = (name: string) => body.data.parts.find((p: any) => p.name === name).box;
    // Pads' box widened by the pad margin (10 mil), as desktop viewers draw.
    expect(box("C30")).toEqual({ x1: 2290, y1: 1890, x2: 2348, y2: 1910 });
    expect(box("U1")).toEqual({ x1: 1990, y1: 1990, x2: 2345, y2: 2110 });
    expect(box("J2")).toEqual({ x1: 3490, y1: 2790, x2: 3560, y2: 2810 });
    expect(box("R1")).toEqual({ x1: 3000, y1: 2000, x2: 3120, y2: 2060 });
    // The part answer still says what the file states.
    const { body: c30 } = await getJson(`/documents/${id}/boardview?part=C30`);
    expect(c30.data.box).toEqual({ x1: 2000, y1: 1500, x2: 2651, y2: 2340 });
    // The placeholder is kept but not drawn; every real part is.
    const drawn = body.data.parts.map((p: any) => [p.name, p.drawn ?? true]);
    expect(drawn).toEqual([
      ["C30", true],
      ["R1", true],
      ["U1", true],
      ["J2", true],
      ["REF**", false],
    ]);
  });

  it("keeps pinless placeholders outside the board in every answer, flagged not to be drawn", async () => {
    const id = await uploadBoardview("kicad.bvr", new TextEncoder().encode(bvr3WithPlaceholders()));
    const { body } = await getJson(`/documents/${id}/boardview/layout`);
    expect(body.data.parts.map((p: any) => [p.name, p.x, p.y, p.drawn])).toEqual([
      ["REF**", 0, 0, false],
      ["C1", 2030, 2000, undefined],
      ["REF**", 0, 0, false],
      ["R2", 2530, 1500, undefined],
    ]);
    expect((await getJson(`/documents/${id}/boardview?part=REF**`)).body.data).toMatchObject({ name: "REF**", pins: [] });
    expect((await getJson(`/documents/${id}`)).body.data.boardview.parts).toBe(4);
  });

  it("draws a pinless part inside the board (a mounting hole), judged by the pins where there is no outline", async () => {
    const id = await uploadBoardview(
      "holes.brd",
      new TextEncoder().encode(
        [
          "0",
          "BRDOUT: 0 0 0",
          "",
          "NETS: 1",
          "1 GND",
          "",
          "PARTS: 3",
          "C1 90 90 130 110 0 1",
          "H1 150 150 170 170 2 1",
          "H2 -900 -900 -880 -880 2 1",
          "",
          "PINS: 2",
          "100 100 1 1",
          "200 200 1 1",
          "",
          "NAILS: 0",
          "",
        ].join("\n"),
      ),
    );
    const { body } = await getJson(`/documents/${id}/boardview/layout`);
    expect(body.data.outline).toEqual([]);
    expect(body.data.parts.map((p: any) => [p.name, p.drawn])).toEqual([
      ["C1", undefined],
      ["H1", undefined],
      ["H2", false],
    ]);
  });
});
