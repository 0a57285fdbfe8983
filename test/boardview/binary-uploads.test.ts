// Binary boardviews uploaded through the real ingestion API and queue: each format reaches `available` with its
// parts (pins with numbers, values, readings stored with the board), or, encrypted without the operator's key,
// `available` with the reason and no parts. The api project's worker has made-up .fz and XZZ keys and no .cae
// key (vitest.config.ts).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type BinaryPart, cstFile, fzFile, tvwFile, xzzFile } from "../../scripts/lib/boardview-binary-writer";
import type { WrittenBoard } from "../../scripts/lib/boardview-writer";
import { parseDesKey, parseWordKey } from "../../src/boardview-formats/binary/keys";
import { BOARD_SQL } from "../../src/boardview/rows";
import { textShards } from "../../src/text/shards";
import { expectMatchesOpenApi, getJson, KEYS, seedSample } from "../helpers/app";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { createUploader, runQueue, upload } from "../helpers/uploads";

const BOARD: WrittenBoard = {
  ...SAMPLE_BOARD,
  parts: SAMPLE_BOARD.parts.map((part, i) => ({
    ...part,
    value: ["CD3217B12", "10uF 6.3V", "USB-C"][i],
    pins: part.pins.map((pin, j) => ({ ...pin, number: i === 0 ? ["A1", "A2", "B1", "B2"][j] : String(j + 1) })),
  })) as BinaryPart[],
};
const FZ_KEY = parseWordKey(env.BOARDVIEW_FZ_KEY)!;
const XZZ_KEY = parseDesKey(env.BOARDVIEW_XZZ_KEY)!;
const OTHER_KEY = parseWordKey(Array.from({ length: 44 }, (_, i) => (i * 977 + 5).toString(16)).join(" "))!;

let owner: { key: string; userId: number };
let counter = 0;

beforeAll(async () => {
  await seedSample();
  owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
});

async function uploadBoardview(filename: string, content: Uint8Array): Promise<string> {
  const res = await upload(owner.key, { external_id: `bin-bv-${++counter}`, visibility: "public", rights_attested: "true" }, { filename, content });
  const body: any = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const { result } = await runQueue([{ documentId: body.data.id, version: 1 }]);
  expect(result.explicitAcks).toHaveLength(1);
  return body.data.id as string;
}

const FILES: [string, string, () => Uint8Array, string, string | undefined][] = [
  [".fz plain", "board.fz", () => fzFile(BOARD), "fz", "CD3217B12"],
  [".fz encrypted (key configured)", "board.fz", () => fzFile(BOARD, { key: FZ_KEY }), "fz", "CD3217B12"],
  [".cae plain", "board.cae", () => fzFile(BOARD), "cae", "CD3217B12"],
  [
    "XZZ .pcb (key configured)",
    "board.pcb",
    () => xzzFile(BOARD, { key: XZZ_KEY, xor: 0x4c, readings: { byNet: { PPBUS_G3H: "0.412" } } }),
    "xzz",
    undefined,
  ],
  ["Tebo .tvw", "board.tvw", () => tvwFile(BOARD), "tvw", "CD3217B12"],
  ["Lenovo .cst", "board.cst", () => cstFile(BOARD), "cst", undefined],
];

describe.each(FILES)("%s upload", (_, filename, file, format, value) => {
  let id: string;
  beforeAll(async () => {
    id = await uploadBoardview(filename, file());
  });

  it("is available with its parts, pins and nets", async () => {
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data).toMatchObject({ status: "available", type: "boardview" });
    expect(body.data.boardview).toMatchObject({ format, parts: 3, pins: 8, nets: 3, reason: null });
  });

  it("a part answers with its side, pins (with numbers where the format has them) and value", async () => {
    const res = await getJson(`/documents/${id}/boardview?part=u7000`);
    expect(res.body.data).toMatchObject({ name: "U7000", pins: [{ x: 140, y: 210, net: "PPBUS_G3H" }, {}, {}, {}] });
    if (format !== "cst") expect(res.body.data.pins.map((p: any) => p.number)).toEqual(["A1", "A2", "B1", "B2"]);
    expect(res.body.data.value).toBe(value);
    await expectMatchesOpenApi(res.body, "/documents/{document}/boardview", "get", 200);
  });
});

describe("encrypted files without the key, and what is stored", () => {
  it("an encrypted .cae (no key configured) is available, without parts, with the reason", async () => {
    const id = await uploadBoardview("board.cae", fzFile(BOARD, { key: OTHER_KEY }));
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data).toMatchObject({
      status: "available",
      boardview: { format: null, parts: 0, reason: "The file is encrypted; the operator has not configured the key." },
    });
  });

  it("an .fz encrypted with another key than the configured one says so", async () => {
    const id = await uploadBoardview("board.fz", fzFile(BOARD, { key: OTHER_KEY }));
    const { body } = await getJson(`/documents/${id}`);
    expect(body.data.boardview).toMatchObject({ format: null, parts: 0, reason: expect.stringMatching(/another key/) });
  });

  it("XZZ diode readings are stored with the board", async () => {
    const id = await uploadBoardview("readings.pcb", xzzFile(BOARD, { key: XZZ_KEY, readings: { byNet: { PPBUS_G3H: "0.412", GND: "0" } } }));
    const recorded = await env.DB.prepare("select text_shard from documents where id = ?").bind(id).first<{ text_shard: string }>();
    const shard = textShards(env).find((s) => s.name === recorded?.text_shard)!.db;
    const row = await shard.prepare(BOARD_SQL).bind(id).first<{ unit: string; readings: string; outline: string }>();
    expect(row?.unit).toBe("mil");
    expect(JSON.parse(row?.readings ?? "[]")).toEqual([
      { net: "PPBUS_G3H", kind: "diode", value: "0.412" },
      { net: "GND", kind: "diode", value: "0" },
    ]);
    expect(JSON.parse(row?.outline ?? "[]")).toHaveLength(5);
  });
});

describe("GET /capabilities", () => {
  it("lists every boardview format with its variants, what is read, the unit and the key's secret; the extensions upload as boardviews", async () => {
    const { body } = await getJson("/capabilities", { key: KEYS.bob });
    await expectMatchesOpenApi(body, "/capabilities", "get", 200);
    const formats = body.boardview_formats.map((f: any) => f.format);
    expect(formats).toEqual(expect.arrayContaining(["test_link", "bdv", "gencad", "fz", "cae", "xzz", "tvw", "cst"]));
    expect(body.boardview_formats.find((f: any) => f.format === "xzz")).toMatchObject({ extensions: ["pcb"], key_secret: "BOARDVIEW_XZZ_KEY" });
    for (const extension of ["fz", "cae", "pcb", "tvw", "cst"])
      expect(body.formats.find((f: any) => f.extension === extension)).toEqual({ extension, type: "boardview", max_bytes: 50_000_000 });
  });
});
