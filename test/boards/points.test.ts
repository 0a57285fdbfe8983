// A point is a net or a designator: a case measured or changed it, a boardview holds it or a reference value names
// it; text that mentions it adds sources but makes no point. Suffixes that name no point normalise away, the answer
// spells the point as its first source writes it, and each case value carries its kind.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { testLinkFile } from "../../scripts/lib/boardview-writer";
import { normalizePoint, normalizeValue, referenceValue } from "../../src/content/board-values";
import { api, expectProblem, getJson } from "../helpers/app";

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

const BOARDVIEW = testLinkFile({
  parts: [
    {
      name: "QZ9917",
      side: "top",
      mounting: "smd",
      x: 10,
      y: 20,
      pins: [
        { x: 9, y: 20, net: "PP5V_S0" },
        { x: 11, y: 20, net: "GND" },
      ],
    },
  ],
});

beforeAll(async () => {
  const outcome = await importContent(
    env,
    {
      users: [{ username: "pt", name: "Pt" }],
      boards: [{ number: "PTB-300" }],
      categories: [{ slug: "pt", name: "Pt" }],
      threads: [
        {
          category: "pt",
          title: "PTB-300 me",
          author: "pt",
          board: "PTB-300",
          body: "me too, PPBUS_G3H and U7000 mentioned",
          created_at: "2026-01-01T00:00:00Z",
        },
      ],
      cases: [
        {
          title: "PTB-300 one",
          symptom: "s",
          diagnosis: "d",
          author: "pt",
          board: "PTB-300",
          published_at: "2026-01-02T00:00:00Z",
          measurements: [
            { point: "PP3V3_ALW/", measured: "3.3V" },
            { point: "PP3V3_ALW (resistance)", measured: "> 100 ohm" },
            { point: "Consumo a 20 V", measured: "0,5 A" },
            { point: "PP1V8 (diode)", measured: "0.452" },
            { point: "PP1V05", measured: "0.38", note: "diode mode, red probe to ground" },
          ],
        },
        {
          title: "PTB-300 two",
          symptom: "s",
          diagnosis: "d",
          author: "pt",
          board: "PTB-300",
          published_at: "2026-01-03T00:00:00Z",
          measurements: [{ point: "Draw at 20 V", measured: "0.5A" }],
        },
      ],
      documents: [
        {
          title: "PTB-300 boardview",
          type: "boardview",
          visibility: "public",
          owner: "pt",
          boards: ["PTB-300"],
          versions: [{ version: 1, filename: "ptb.brd", content_base64: base64(BOARDVIEW) }],
        },
      ],
    } as never,
    { reset: true },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("normalisation", () => {
  it("drops suffixes that name no point and writes a draw in one language", () => {
    expect(normalizePoint("PP3V3_ALW/")).toBe("PP3V3ALW");
    expect(normalizePoint("PP3V3_ALW (resistance)")).toBe("PP3V3ALW");
    expect(normalizePoint("Consumo a 20 V")).toBe(normalizePoint("Draw at 20 V"));
  });

  it("normalises a bounded value and reference values as case values are", () => {
    expect(normalizeValue("> 100 ohm")).toBe("> 100 Ω");
    expect(normalizeValue("4.2M")).toBe("4.2 MΩ");
    expect(normalizeValue("100K")).toBe("100 kΩ");
    expect(normalizeValue("ol")).toBe("OL");
    expect(referenceValue("resistance", "100K")).toBe("100 kΩ");
    expect(referenceValue("resistance", "4.2M")).toBe(normalizeValue("4.2M"));
    expect(referenceValue("resistance", "2k2")).toBe("2.2 kΩ");
    expect(referenceValue("voltage", "3.30")).toBe("3.3 V");
    expect(referenceValue("diode", "0.420")).toBe("0.42");
    expect(referenceValue("diode", "ol")).toBe("OL");
    expect(referenceValue("voltage", "na")).toBeUndefined();
  });
});

describe("GET /boards/{number}/points/{point}", () => {
  it("is 404 for a word only text mentions", async () => {
    await expectProblem(await api("/boards/PTB-300/points/me"), 404, "not-found");
    await expectProblem(await api("/boards/PTB-300/points/PPBUS_G3H"), 404, "not-found");
  });

  it("answers a point a suffix spells, one value per kind", async () => {
    const point = (await getJson("/boards/PTB-300/points/PP3V3_ALW%2F")).body.data;
    expect(point.point).toBe("PP3V3_ALW");
    expect(point.norm).toBe("PP3V3ALW");
    expect(point.measured).toEqual(
      expect.arrayContaining([
        { value: "3.3 V", count: 1, kind: "voltage" },
        { value: "> 100 Ω", count: 1, kind: "resistance" },
      ]),
    );
  });

  it("types a unitless reading by the case's words", async () => {
    expect((await getJson("/boards/PTB-300/points/PP1V8")).body.data.measured).toEqual([{ value: "0.452", count: 1, kind: "diode" }]);
    expect((await getJson("/boards/PTB-300/points/pp1v05")).body.data.measured).toEqual([{ value: "0.38", count: 1, kind: "diode" }]);
  });

  it("is one point for a draw written in two languages", async () => {
    const point = (await getJson(`/boards/PTB-300/points/${encodeURIComponent("Draw at 20 V")}`)).body.data;
    expect(point.measured).toEqual([{ value: "0.5 A", count: 2, kind: "current" }]);
    expect(point.cases.length).toBe(2);
  });

  it("spells a designator as the boardview writes it", async () => {
    const point = (await getJson("/boards/PTB-300/points/qz9917")).body.data;
    expect(point.point).toBe("QZ9917");
    expect(point.boardviews).toEqual([expect.objectContaining({ kind: "part", name: "QZ9917", side: "top" })]);
  });
});
