import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { importContent } from "../../cli/import";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";

const IDS = {
  short: "01K2000000000000000000000A",
  partial: "01K2000000000000000000000B",
  future: "01K2000000000000000000000C",
  undated: "01K2000000000000000000000D",
} as const;
const extra = {
  cases: [
    {
      id: IDS.short,
      title: "NM-A311 short on PP3V3",
      outcome: "not_fixed",
      symptom: "Shorted rail",
      board: "nma311",
      board_revision: "rev 2",
      manufacturer: "Lenovo",
      author: "alice",
      published_at: "2026-10-10T00:00:00Z",
      diagnosis: "**Short** on PP3V3_S5",
      measurements: [
        { point: "PP3V3_S5", measured: "0.2 Ω" },
        { point: "PPBUS_G3H", expected: "12.6 V", measured: "12.6 V", note: "ok" },
        { point: "AAA", measured: "1" },
      ],
      components: [
        { designator: "U2", action: "measured" },
        { designator: "C1", part_number: "GRM155", action: "removed", note: "shorted" },
        { designator: "R9", action: "checked" },
      ],
      documents: [SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.publicSchematic, SAMPLE_IDS.takedown],
      thread: SAMPLE_IDS.hiddenThread,
    },
    {
      id: IDS.partial,
      title: "Partial fix",
      outcome: "partially_fixed",
      symptom: "Boots sometimes",
      board: "X1C_MLB",
      diagnosis: "d",
      fix: "f",
      published_at: "2026-09-01T00:00:00Z",
    },
    { id: IDS.future, title: "Future case", outcome: "fixed", symptom: "s", diagnosis: "d", published_at: "2099-01-01T00:00:00Z" },
    { id: IDS.undated, title: "Undated case", symptom: "s", diagnosis: "d" },
  ],
};

let sampleCase: string;
let unpublishedCase: string;
beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, extra, { now: new Date("2026-01-01T00:00:00Z") });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  const rows = await env.DB.prepare("select id, title from repair_cases").all<{ id: string; title: string }>();
  const byTitle = Object.fromEntries(rows.results.map((r) => [r.title, r.id]));
  sampleCase = byTitle["J130 dead after liquid"];
  unpublishedCase = byTitle["Unpublished case"];
});
afterEach(() => vi.useRealTimers());

const ids = (body: { data: { id: string }[] }) => body.data.map((c) => c.id);

describe("GET /cases", () => {
  it("lists published cases newest first (an undated case by its creation time)", async () => {
    const { body } = await getJson("/cases", { lang: "en" });
    await expectMatchesOpenApi(body, "/cases", "get", 200);
    expect(ids(body)).toEqual([IDS.short, sampleCase, IDS.partial, IDS.undated]);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 4, last_page: 1 });
    expect(body.data[1]).toEqual({
      id: sampleCase,
      title: "J130 dead after liquid",
      outcome: "fixed",
      symptom: "No power",
      device_model: "MacBook Pro A1708",
      board: "820-00165",
      manufacturer: "Apple",
      author: "bob",
      published_at: "2026-10-04T00:00:00.000Z",
      url: `${ORIGIN}/en/repairs/${sampleCase}/j130-dead-after-liquid`,
    });
    expect(body.data[3]).toMatchObject({ outcome: "unknown", board: null, author: null, published_at: null, device_model: null });
  });

  it("filters by outcome; an unknown outcome is a 422 naming the field", async () => {
    expect(ids((await getJson("/cases?outcome=fixed")).body)).toEqual([sampleCase]);
    expect(ids((await getJson("/cases?outcome=not_fixed")).body)).toEqual([IDS.short]);
    expect(ids((await getJson("/cases?outcome=partially_fixed")).body)).toEqual([IDS.partial]);
    expect(ids((await getJson("/cases?outcome=unknown")).body)).toEqual([IDS.undated]);
    for (const outcome of ["broken", "FIXED", "", "fixed,not_fixed"]) {
      const problem = await expectProblem(await api(`/cases?outcome=${encodeURIComponent(outcome)}`), 422, "validation-failed");
      expect(Object.keys(problem.errors), outcome).toEqual(["outcome"]);
    }
  });

  it("filters by board number or alias in any spelling", async () => {
    for (const board of ["820-00165", "82000165", "820 00165", "x1c_mlb", "X1C-MLB", "820-00165-A"]) {
      expect(ids((await getJson(`/cases?board=${encodeURIComponent(board)}`)).body), board).toEqual([sampleCase, IDS.partial]);
    }
    for (const board of ["NM-A311", "nma311"]) expect(ids((await getJson(`/cases?board=${board}`)).body)).toEqual([IDS.short]);
    expect(ids((await getJson("/cases?board=820-00165&outcome=partially_fixed")).body)).toEqual([IDS.partial]);
    expect((await getJson("/cases?board=no-such-board")).body).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } });
  });

  it("pages without overlap and past the end", async () => {
    const walked = [];
    for (let page = 1; page <= 4; page++) walked.push(...ids((await getJson(`/cases?per_page=1&page=${page}`)).body));
    expect(walked).toEqual([IDS.short, sampleCase, IDS.partial, IDS.undated]);
    expect((await getJson("/cases?per_page=3&page=3")).body).toEqual({ data: [], meta: { page: 3, per_page: 3, total: 4, last_page: 2 } });
  });

  it("a case scheduled for later appears once its time has come", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2099-06-01T00:00:00Z"));
    expect(ids((await getJson("/cases")).body)[0]).toBe(IDS.future);
    await getJson(`/cases/${IDS.future}`);
  });
});

describe("GET /cases/{case}", () => {
  it("returns diagnosis, fix, measurements and components in their order, and the linked thread", async () => {
    const { body } = await getJson(`/cases/${sampleCase}`, { lang: "es" });
    await expectMatchesOpenApi(body, "/cases/{case}", "get", 200);
    expect(body.data).toMatchObject({
      id: sampleCase,
      diagnosis: "Corrosion near **U7000**.",
      diagnosis_html: "<p>Corrosion near <strong>U7000</strong>.</p>\n",
      fix: "Replaced U7000.",
      fix_html: "<p>Replaced U7000.</p>\n",
      minutes_spent: 90,
      url: `${ORIGIN}/es/reparaciones/${sampleCase}/j130-dead-after-liquid`,
      measurements: [{ point: "PP3V42_G3H", expected: "3.42 V", measured: "0 V", note: null }],
      components: [{ designator: "U7000", part_number: "TPS62180", action: "replaced", note: null }],
      documents: [
        {
          id: SAMPLE_IDS.publicSchematic,
          title: "820-00165 schematic",
          url: `${ORIGIN}/es/biblioteca/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`,
        },
      ],
      thread: {
        id: SAMPLE_IDS.thread,
        title: "820-00165 no power, PP3V42 missing",
        url: `${ORIGIN}/es/foro/${SAMPLE_IDS.thread}/820-00165-no-power-pp3v42-missing`,
      },
    });
  });

  it("keeps measurement and component order, no fix is null, a hidden thread is null", async () => {
    const { body } = await getJson(`/cases/${IDS.short}`);
    await expectMatchesOpenApi(body, "/cases/{case}", "get", 200);
    expect(body.data.measurements.map((m: any) => m.point)).toEqual(["PP3V3_S5", "PPBUS_G3H", "AAA"]);
    expect(body.data.measurements[0]).toEqual({ point: "PP3V3_S5", expected: null, measured: "0.2 Ω", note: null });
    expect(body.data.components.map((c: any) => c.designator)).toEqual(["U2", "C1", "R9"]);
    expect(body.data.components[1]).toEqual({ designator: "C1", part_number: "GRM155", action: "removed", note: "shorted" });
    expect(body.data).toMatchObject({
      board: "NM-A311",
      board_revision: "rev 2",
      fix: null,
      fix_html: null,
      minutes_spent: null,
      thread: null,
      outcome: "not_fixed",
    });
  });

  it("links only the documents the caller may see, in the case's order", async () => {
    const linked = async (key?: string) => (await getJson(`/cases/${IDS.short}`, { key })).body.data.documents.map((d: any) => d.id);
    expect(await linked()).toEqual([SAMPLE_IDS.publicSchematic]);
    expect(await linked(KEYS.aliceRead)).toEqual([SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.publicSchematic]);
    expect(await linked(KEYS.bob)).toEqual([SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.publicSchematic, SAMPLE_IDS.takedown]);
    expect(await linked(KEYS.carolAdmin)).toEqual([SAMPLE_IDS.publicSchematic]);
  });

  it("unpublished, scheduled, unknown and malformed cases are the same 404", async () => {
    const details = new Set<string>();
    for (const [id, key] of [
      [unpublishedCase, undefined],
      [unpublishedCase, KEYS.carolAdmin],
      [IDS.future, undefined],
      ["01K2000000000000000000000Z", undefined],
      ["' OR 1=1--", undefined],
    ] as const) {
      details.add((await expectProblem(await api(`/cases/${encodeURIComponent(id)}`, { key }), 404, "not-found")).detail);
    }
    expect(details.size).toBe(1);
  });
});
