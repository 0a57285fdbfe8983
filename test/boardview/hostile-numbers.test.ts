// Numbers no real board holds (1e308, 1e999, NaN from a binary reader): every reader refuses them, so a position
// never rounds to Infinity (stored as null); an upload carrying them settles `available` at its first delivery,
// and a board the text database still refuses is stored without parts, with the reason.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bdvText, genCadText, testLinkText } from "../../scripts/lib/boardview-writer";
import { BoardBuilder } from "../../src/boardview-formats/builder";
import { readBoardview } from "../../src/boardview-formats";
import { storeBoardview, storedBoard } from "../../src/boardview/store";
import { BOARDVIEW_CAPS, type Board } from "../../src/boardview-formats/types";
import { shardOf, textShards } from "../../src/text/shards";
import { getJson, seedSample } from "../helpers/app";
import { SAMPLE_BOARD } from "../helpers/boardviews";
import { createUploader, runQueue, upload } from "../helpers/uploads";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const HUGE = ["1e308", "-1e308", "1e999", "1e10"];

/** Every number a board carries. */
function numbersOf(board: Board): number[] {
  return [
    ...board.parts.flatMap((p) => [p.x, p.y, ...p.pins.flatMap((pin) => [pin.x, pin.y])]),
    ...board.testPoints.flatMap((t) => [t.x, t.y]),
    ...board.outline.flat().flatMap((p) => [p.x, p.y]),
  ];
}

/** The sample board's text with the first pin's position replaced. */
function withFirstPinAt(text: string, x: string, y: string): string {
  return text.replace(/(^|\s)140 210(?=\s)/, `$1${x} ${y}`);
}

describe("readers refuse numbers beyond any board", () => {
  it(`a coordinate past ±${BOARDVIEW_CAPS.coordinate} is not a position: the record is skipped, every kept number finite and in range`, () => {
    for (const huge of HUGE) {
      for (const text of [testLinkText(SAMPLE_BOARD), bdvText(SAMPLE_BOARD)]) {
        const read = readBoardview(ascii(withFirstPinAt(text, huge, huge)));
        if (read.kind !== "board") throw new Error(read.reason);
        const numbers = numbersOf(read);
        expect(
          numbers.every((n) => Number.isFinite(n) && Math.abs(n) <= BOARDVIEW_CAPS.coordinate),
          `${huge}: ${numbers}`,
        ).toBe(true);
        expect(read.parts.map((p) => p.name)).toEqual(["U7000", "C7010", "J6950"]);
        expect(read.parts[0].pins).toHaveLength(SAMPLE_BOARD.parts[0].pins.length - 1);
      }
      const gencad = genCadText(SAMPLE_BOARD).replace(/PLACE 150 220/, `PLACE ${huge} 220`);
      const read = readBoardview(ascii(gencad));
      if (read.kind !== "board") throw new Error(read.reason);
      expect(numbersOf(read).every((n) => Number.isFinite(n) && Math.abs(n) <= BOARDVIEW_CAPS.coordinate)).toBe(true);
    }
  });

  it("the builder every reader shares skips a non-finite or out-of-range position and says so", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1e308, BOARDVIEW_CAPS.coordinate * 2]) {
      const builder = new BoardBuilder();
      const part = builder.addPart("U1", "top", "smd", { x: bad, y: 0 }, { box: { x1: 0, y1: 0, x2: bad, y2: 1 } });
      expect(part).toBeDefined();
      if (!part) return;
      expect(builder.addPin(part, { x: 1, y: 2, net: "A" })).toBe(true);
      expect(builder.addPin(part, { x: bad, y: 2, net: "B", radius: 1 })).toBe(true);
      expect(builder.addPin(part, { x: 3, y: 4, net: "C", radius: bad })).toBe(true);
      expect(builder.addTestPoint({ name: "TP1", x: bad, y: 1, side: "top", net: "A" })).toBe(true);
      expect(
        builder.addOutline([
          { x: 0, y: 0 },
          { x: bad, y: 1 },
        ]),
      ).toBe(true);
      const board = builder.finish("test_link");
      // The part sits at the centre of its kept pins, without the box; the bad pin, test point and polyline are gone.
      expect(board.parts[0]).toEqual({
        name: "U1",
        side: "top",
        mounting: "smd",
        x: 2,
        y: 3,
        pins: [
          { x: 1, y: 2, net: "A" },
          { x: 3, y: 4, net: "C" },
        ],
      });
      expect(board.testPoints).toEqual([]);
      expect(board.outline).toEqual([]);
      expect(board.stopped).toMatch(/not finite or beyond ±1000000000/);
    }
  });
});

describe("an upload with hostile numbers", () => {
  let owner: { key: string; userId: number };
  beforeAll(async () => {
    await seedSample();
    owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
  });

  it("settles available at its first delivery, the numbers it could read kept", async () => {
    const file = ascii(withFirstPinAt(testLinkText(SAMPLE_BOARD), "1e308", "1e308"));
    const res = await upload(
      owner.key,
      { external_id: "huge-numbers", visibility: "public", rights_attested: "true" },
      { filename: "huge.brd", content: file },
    );
    const body: any = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const { result } = await runQueue([{ documentId: body.data.id, version: 1 }]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    const { body: doc } = await getJson(`/documents/${body.data.id}`);
    expect(doc.data).toMatchObject({ status: "available", boardview: { parts: 3, pins: 7 } });
  });

  it("a board the text database refuses is stored without parts, with the reason, instead of failing", async () => {
    const documentId = "01HOSTILENUMBERS0000000001";
    const shard = shardOf(textShards(env), documentId, null);
    // A board no reader builds (the builder refuses such numbers): the store's own defence.
    const board: Board = {
      kind: "board",
      format: "test_link",
      unit: "mil",
      parts: [{ name: "U1", side: "top", mounting: "smd", x: Number.POSITIVE_INFINITY, y: 0, pins: [] }],
      testPoints: [],
      outline: [],
      readings: [],
      stopped: null,
    };
    const refused = vi.spyOn(console, "error").mockImplementation(() => {});
    const { summary } = await storeBoardview(shard, documentId, "boardview", storedBoard(board));
    expect(refused).toHaveBeenCalledWith(expect.stringMatching(/rows refused/), documentId, expect.anything());
    refused.mockRestore();
    expect(summary).toMatchObject({ parts: 0, pins: 0, reason: expect.stringMatching(/could not be stored/) });
    const rows = await shard.db.prepare("select count(*) as n from boardview_parts where document_id = ?").bind(documentId).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
