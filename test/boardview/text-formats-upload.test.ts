// BRD2, BVR and ASUS .asc boardviews uploaded through the ingestion API (POST /api/v1/uploads, the real queue
// consumer): the summary with its unit, a part with its pins (number, net), a net's parts, sides, mounting, and the
// board's outline in storage; an archive of .asc files is read as the board; a hostile file stays available
// with its reason.
import { beforeAll, describe, expect, it } from "vitest";
import { genCadText, type WrittenBoard } from "../../scripts/lib/boardview-writer";
import { ascFiles, brd2File, bvr1File, bvr3File } from "../../scripts/lib/boardview-text-writer";
import { BOARD_SQL } from "../../src/boardview/rows";
import { BOARDVIEW_CAPS } from "../../src/boardview-formats/types";
import { api, expectMatchesOpenApi, expectProblem, getJson } from "../helpers/app";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { recordedShard, shardPages, shards } from "../helpers/text";
import { createUploader, makeZip, runQueue, upload } from "../helpers/uploads";

let owner: { key: string; userId: number };
let counter = 0;

beforeAll(async () => {
  owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
});

async function uploadFile(filename: string, content: Uint8Array) {
  const res = await upload(owner.key, { external_id: `text-bv-${++counter}`, visibility: "public", rights_attested: "true" }, { filename, content });
  const body: any = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const { result } = await runQueue([{ documentId: body.data.id, version: 1 }]);
  expect(result.explicitAcks).toHaveLength(1);
  return body.data.id as string;
}

async function storedBoard(id: string): Promise<{ unit: string; outline: number[][] }> {
  const name = await recordedShard(id);
  const shard = shards().find((s) => s.name === name)!;
  const row = await shard.db.prepare(BOARD_SQL).bind(id).first<{ unit: string; outline: string }>();
  return { unit: row!.unit, outline: JSON.parse(row!.outline) };
}

const SQUARE = [0, 0, 1000, 0, 1000, 800, 0, 800];
const asc = ascFiles(SAMPLE_BOARD);
const ascZip = () =>
  makeZip([
    { name: "board/readme.txt", content: "ASUS board" },
    { name: "board/format.asc", content: asc["format.asc"] },
    { name: "board/pins.asc", content: asc["pins.asc"] },
    { name: "board/nails.asc", content: asc["nails.asc"], store: true },
  ]);

// Name, file name, bytes, format, unit, test points, the outline stored, J6950's mounting, pin names kept.
const FILES: [string, string, () => Uint8Array, string, string, number, number[], string][] = [
  ["BRD2", "kicad.brd", () => brd2File(SAMPLE_BOARD, { throughHoleBoth: true }), "brd2", "mil", 1, [...SQUARE, 0, 0], "through_hole"],
  ["BVR3", "kicad.bvr", () => bvr3File(SAMPLE_BOARD), "bvr", "mil", 0, [...SQUARE, 0, 0], "through_hole"],
  ["BVR1", "old.bvr", () => bvr1File(SAMPLE_BOARD), "bvr", "inch", 1, SQUARE, "smd"],
  ["ASC pins alone", "pins.asc", () => asc["pins.asc"], "asc", "inch", 0, [], "smd"],
  ["ASC zip", "board.zip", ascZip, "asc", "inch", 1, SQUARE.map((v) => v / 1000), "smd"],
];

describe.each(FILES)("%s upload", (_, filename, file, format, unit, testPoints, outline, throughHole) => {
  let id: string;
  beforeAll(async () => {
    id = await uploadFile(filename, file());
  });

  it("is available with its summary and unit", async () => {
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.status).toBe("available");
    expect(body.data.boardview).toMatchObject({ format, unit, parts: 3, pins: 8, nets: 3, test_points: testPoints, reason: null });
    const { body: summary } = await getJson(`/documents/${id}/boardview`);
    await expectMatchesOpenApi(summary, "/documents/{document}/boardview", "get", 200);
    expect(await storedBoard(id)).toEqual({ unit, outline: outline.length ? [outline] : [] });
  });

  it("a part reads back with side, mounting and its pins' numbers and nets; a net lists its parts", async () => {
    const { body } = await getJson(`/documents/${id}/boardview?part=u7000`);
    const written = SAMPLE_BOARD.parts[0];
    expect(body.data).toMatchObject({ name: "U7000", side: "bottom", mounting: "smd" });
    expect(body.data.pins.map((p: any) => [p.x, p.y, p.net, p.number])).toEqual(written.pins.map((p, i) => [p.x, p.y, p.net, String(i + 1)]));
    await expectMatchesOpenApi(body, "/documents/{document}/boardview", "get", 200);
    const { body: through } = await getJson(`/documents/${id}/boardview?part=J6950`);
    expect(through.data).toMatchObject({ side: "top", mounting: throughHole });
    const { body: net } = await getJson(`/documents/${id}/boardview?net=ppbus-g3h`);
    expect(net.data.parts).toEqual(["U7000", "C7010", "J6950"]);
  });
});

describe("archives and hostile uploads", () => {
  it("a zip without pins.asc stays a plain archive; one whose pins.asc is encrypted is available with the reason", async () => {
    const plain = await uploadFile("notes.zip", makeZip([{ name: "format.asc", content: asc["format.asc"] }]));
    expect((await getJson(`/documents/${plain}`)).body.data.boardview).toBeNull();
    await expectProblem(await api(`/documents/${plain}/boardview`), 404, "not-found");

    const zip = ascZip();
    // Mark every entry encrypted (general purpose flag bit 0, local and central headers).
    const v = new DataView(zip.buffer);
    for (let at = 0; at + 4 <= zip.length; at++) {
      const sig = v.getUint32(at, true);
      if (sig === 0x04034b50) v.setUint16(at + 6, 1, true);
      if (sig === 0x02014b50) v.setUint16(at + 8, 1, true);
    }
    const locked = await uploadFile("locked.zip", zip);
    const { body } = await getJson(`/documents/${locked}`);
    expect(body.data.status).toBe("available");
    expect(body.data.boardview).toMatchObject({ format: null, parts: 0 });
    expect(body.data.boardview.reason).toMatch(/pins\.asc.*encrypted/);
  });

  it("a zip whose listing claims a huge pins.asc is refused by its size, with the reason", async () => {
    const zip = ascZip();
    const v = new DataView(zip.buffer);
    for (let at = 0; at + 4 <= zip.length; at++) if (v.getUint32(at, true) === 0x02014b50) v.setUint32(at + 24, 0xfffffff0, true);
    const id = await uploadFile("huge.zip", zip);
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.status).toBe("available");
    expect(body.data.boardview.reason).toMatch(/larger than/);

    // A listing that claims a small pins.asc whose content inflates past the cap: inflating stops at the cap.
    const bomb = makeZip([{ name: "pins.asc", content: new Uint8Array(BOARDVIEW_CAPS.bytes + 1).fill(0x20) }]);
    const bv = new DataView(bomb.buffer);
    for (let at = 0; at + 4 <= bomb.length; at++) if (bv.getUint32(at, true) === 0x02014b50) bv.setUint32(at + 24, 10, true);
    const bombId = await uploadFile("bomb.zip", bomb);
    const { body: bombed } = await getJson(`/documents/${bombId}`);
    expect(bombed.data.status).toBe("available");
    expect(bombed.data.boardview.reason).toMatch(/pins\.asc.*larger than/);
  });

  it("binary noise and lying counts under the text formats' names stay available, with a reason or what was read", async () => {
    let seed = 5;
    const noise = Uint8Array.from({ length: 64_000 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    for (const name of ["noise.bvr", "noise.asc", "noise.brd"]) {
      const id = await uploadFile(name, noise);
      const { body } = await getJson(`/documents/${id}`);
      expect(body.data.status, name).toBe("available");
      expect(body.data.boardview, name).toMatchObject({ format: null, parts: 0 });
      expect(body.data.boardview.reason, name).toBeTruthy();
    }
    const lying = await uploadFile("lying.brd", brd2File(SAMPLE_BOARD, { claimedCounts: 2_000_000_000 }));
    expect((await getJson(`/documents/${lying}`)).body.data.boardview).toMatchObject({ format: "brd2", parts: 3, pins: 8 });
  });

  it("a BVR3 pin's number and name and a part's pins survive storage", async () => {
    const board: WrittenBoard = {
      parts: [{ name: "U1", side: "top", mounting: "smd", x: 0, y: 0, pins: [{ x: 1, y: 2, net: "VCC" }] }],
    };
    const id = await uploadFile("names.bvr", bvr3File(board, { pinNames: true }));
    const { body } = await getJson(`/documents/${id}/boardview?part=U1`);
    expect(body.data.pins).toEqual([{ x: 1, y: 2, net: "VCC", number: "1", name: "P1" }]);
  });
});

describe("part values", () => {
  it("a part's value is searchable; values that are noise (NC, 0) are not written as page text", async () => {
    const text = genCadText(SAMPLE_BOARD)
      .replace('SHAPE "SH_U7000" 0 0', 'SHAPE "SH_U7000" 0 0\r\nSHEET "RefDes: U7000, Value: TPZ51125Q"')
      .replace('SHAPE "SH_C7010" 0 0', 'SHAPE "SH_C7010" 0 0\r\nSHEET "RefDes: C7010, Value: NC"')
      .replace('SHAPE "SH_J6950" 0 0', 'SHAPE "SH_J6950" 0 0\r\nSHEET "RefDes: J6950, Value: 0"');
    const id = await uploadFile(
      "values.cad",
      Uint8Array.from(text, (c) => c.charCodeAt(0)),
    );
    const { body: part } = await getJson(`/documents/${id}/boardview?part=U7000`);
    expect(part.data.value).toBe("TPZ51125Q");
    const { body } = await getJson("/search?q=TPZ51125Q");
    expect(body.data.documents.map((d: any) => d.id)).toContain(id);
    const words = (await shardPages(id)).flatMap((p) => p.text.split(" "));
    expect(words).toContain("TPZ51125Q");
    expect(words).not.toContain("NC");
    expect(words).not.toContain("0");
  });
});

describe("GET /capabilities", () => {
  it("lists BRD2, BVR and ASUS .asc with their variants, what is read and their unit; .bvr and .asc upload as boardviews", async () => {
    const { body } = await getJson("/capabilities", { key: owner.key });
    await expectMatchesOpenApi(body, "/capabilities", "get", 200);
    const entry = (format: string) => body.boardview_formats.find((f: any) => f.format === format);
    expect(entry("brd2")).toMatchObject({ extensions: ["brd"], unit: "mil" });
    expect(entry("bvr").variants).toEqual([expect.stringMatching(/BVRAW_FORMAT_3/), expect.stringMatching(/BVRAW_FORMAT_1/)]);
    expect(entry("asc")).toMatchObject({ extensions: ["asc", "zip"], unit: "inch" });
    expect(entry("asc").variants.join(" ")).toMatch(/zip/);
    expect(entry("bdv").unit).toBe("inch");
    for (const extension of ["brd", "bvr", "asc"]) expect(body.formats.find((f: any) => f.extension === extension)?.type).toBe("boardview");
  });
});
