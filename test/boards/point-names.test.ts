// The boardview name rule on every surface (issue 51, item 2): nets that differ only by a sign, a `/` or a
// separator stay apart on REST (a boardview's part and net, a board's point), the site (point page, the viewer's deep
// links) and MCP (get_board with a point, get_document with a net, point completions). Exact names first; a
// folded spelling that names several answers 404 ambiguous-name with its candidates.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { testLinkFile, type WrittenBoard } from "../../scripts/lib/boardview-writer";
import { api, expectMatchesOpenApi, expectProblem, getJson } from "../helpers/app";
import { callError, callOk, connectV2 } from "../helpers/mcp";
import { html, page } from "../helpers/site";

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const two = (name: string, x: number, a: string, b: string) => ({
  name,
  side: "top" as const,
  mounting: "smd" as const,
  x,
  y: 10,
  pins: [
    { x: x - 1, y: 10, net: a },
    { x: x + 1, y: 10, net: b },
  ],
});

/** A board whose nets differ only by a sign, a slash or a separator, as KiCad and real boards name them. */
const BOARD: WrittenBoard = {
  parts: [
    two("U12", 100, "Net-(U12-Vin+)", "Net-(U12-Vin-)"),
    two("R24", 200, "Net-(U12-Vin-)", "GND"),
    two("R25", 300, "Net-(U12-Vin+)", "GND"),
    two("J1", 400, "USB_D+", "USB_D-"),
    two("D1", 500, "/D1", "GND"),
    two("C1", 600, "PP3V3_S5", "+5V"),
    two("C2", 700, "PP3V3-S5", "-5V"),
  ],
};
const NUMBER = "NMR-510";

/** A reference file (OpenBoardData) whose nets differ only by a sign. */
const OBDATA = [
  "HEADER_DATA_START",
  "OBDATA_V002 https://openboarddata.org",
  `ID ${NUMBER}`,
  "HEADER_DATA_END",
  "NETS_DATA_START",
  "### Network Valuetype Value Comment",
  "+5V/Default v 5.0 ''",
  "-5V/Default v -5.0 ''",
  "NETS_DATA_END",
].join("\r\n");

let document: string;
beforeAll(async () => {
  const outcome = await importContent(
    env,
    {
      users: [{ username: "nm", name: "Nm" }],
      boards: [{ number: NUMBER }],
      categories: [{ slug: "nm", name: "Nm" }],
      cases: [
        {
          title: "NMR-510 usb",
          symptom: "s",
          diagnosis: "d",
          author: "nm",
          board: NUMBER,
          published_at: "2026-01-02T00:00:00Z",
          measurements: [
            { point: "USB_D+", measured: "0.45" },
            { point: "USB_D-", measured: "0.46" },
          ],
        },
      ],
      documents: [
        {
          title: "NMR-510 boardview",
          type: "boardview",
          visibility: "public",
          owner: "nm",
          boards: [NUMBER],
          versions: [{ version: 1, filename: "nmr.brd", content_base64: base64(testLinkFile(BOARD)) }],
        },
        {
          title: "NMR-510 OpenBoardData",
          type: "document",
          visibility: "public",
          owner: "nm",
          boards: [NUMBER],
          versions: [{ version: 1, filename: "nmr-510.obdata", content_text: OBDATA }],
        },
      ],
    } as never,
    { reset: true },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  const { body } = await getJson(`/boards/${NUMBER}`);
  document = body.data.documents.find((d: any) => d.title === "NMR-510 boardview").id;
});

const net = (name: string) => api(`/documents/${document}/boardview?net=${encodeURIComponent(name)}`);
const point = (name: string, lang = "en") => api(`/boards/${NUMBER}/points/${encodeURIComponent(name)}`, { lang });

describe("REST", () => {
  it("answers each net of a pair that differs only by a sign with its own parts", async () => {
    for (const [name, parts] of [
      ["Net-(U12-Vin+)", ["U12", "R25"]],
      ["Net-(U12-Vin-)", ["U12", "R24"]],
      ["net-(u12 vin-)", ["U12", "R24"]],
      ["usb_d+", ["J1"]],
      ["-5v", ["C2"]],
    ] as const) {
      const res = await net(name);
      const body: any = await res.json();
      expect(res.status, name).toBe(200);
      expect(body.data.parts, name).toEqual(parts);
    }
    expect(((await (await net("usb_d-")).json()) as any).data.name).toBe("USB_D-");
    // A sign or a slash never folds away: 5V is neither +5V nor -5V; D1 is a part, /D1 the net.
    await expectProblem(await net("5V"), 404, "not-found");
    await expectProblem(await net("D1"), 404, "not-found");
    expect(((await (await net("/d1")).json()) as any).data.name).toBe("/D1");
    expect(((await (await api(`/documents/${document}/boardview?part=d1`)).json()) as any).data.name).toBe("D1");
  });

  it("says a folded spelling that names several nets is ambiguous and lists them; the exact name still answers", async () => {
    const problem = await expectProblem(await net("pp3v3s5"), 404, "ambiguous-name");
    expect(problem.candidates).toEqual(["PP3V3_S5", "PP3V3-S5"]);
    expect(problem.detail).toContain("PP3V3_S5, PP3V3-S5");
    await expectMatchesOpenApi(problem, "/documents/{document}/boardview", "get", 404);
    expect(((await (await net("PP3V3-S5")).json()) as any).data.parts).toEqual(["C2"]);
  });

  it("a board's point is the net the spelling names, not its twin of the other sign", async () => {
    const plus = (await getJson(`/boards/${NUMBER}/points/${encodeURIComponent("Net-(U12-Vin+)")}`)).body.data;
    expect(plus.boardviews.map((b: any) => [b.kind, b.name])).toEqual([["net", "Net-(U12-Vin+)"]]);
    const minus = (await getJson(`/boards/${NUMBER}/points/${encodeURIComponent("net-(u12-vin-)")}`)).body.data;
    expect(minus.point).toBe("Net-(U12-Vin-)");
    expect(minus.boardviews.map((b: any) => b.url)).toEqual([expect.stringContaining(`?net=${encodeURIComponent("Net-(U12-Vin-)")}`)]);
    const problem = await expectProblem(await point("PP3V3 S5", "es"), 404, "ambiguous-name");
    expect(problem.candidates).toEqual(["PP3V3_S5", "PP3V3-S5"]);
    expect(problem.detail).toContain("coincide con varios");
    await expectMatchesOpenApi(problem, "/boards/{number}/points/{point}", "get", 404);
    await expectProblem(await point("5V"), 404, "not-found");
  });

  it("a reference file's nets of either sign keep their own values, and the board lists both", async () => {
    const values = async (name: string) =>
      (await getJson(`/boards/${NUMBER}/points/${encodeURIComponent(name)}`)).body.data.reference.map((r: any) => r.value);
    expect(await values("+5V")).toEqual(["5 V"]);
    expect(await values("-5v")).toEqual(["-5 V"]);
    const points = (await getJson(`/boards/${NUMBER}`)).body.data.points.map((p: any) => [p.point, p.reference]);
    expect(points).toEqual(
      expect.arrayContaining([
        ["+5V", 1],
        ["-5V", 1],
      ]),
    );
  });
});

describe("the site", () => {
  it("the viewer's deep link selects the net of the sign asked for; an ambiguous find lists its names, in both languages", async () => {
    const { body } = await getJson(`/documents/${document}`, { lang: "en" });
    const url: string = body.data.url;
    const plus = await html(`${url}?net=${encodeURIComponent("Net-(U12-Vin+)")}`);
    const panel = plus.slice(plus.indexOf("data-selection"));
    expect(panel).toContain('data-part="R25"');
    expect(panel).not.toContain('data-part="R24"');
    expect(await html(`${url}?find=pp3v3s5`)).toContain("No part or net is named exactly pp3v3s5; its spelling matches several: PP3V3_S5, PP3V3-S5.");
    const es = await html(`${url.replace("/en/library/", "/es/biblioteca/")}?find=pp3v3s5`);
    expect(es).toContain("su grafía coincide con varios: PP3V3_S5, PP3V3-S5");
    // An exact net name is chosen before a part its spelling folds to.
    expect(await html(`${url}?find=/D1`)).toContain('data-selected="net:/D1"');
  });

  it("the point page of one sign is not its twin's, and an ambiguous spelling is a 404 that links each name", async () => {
    const { body } = await getJson(`/boards/${NUMBER}/points/${encodeURIComponent("Net-(U12-Vin-)")}`, { lang: "en" });
    const markup = await html(body.data.board.url + `/points/${encodeURIComponent("Net-(U12-Vin-)")}`);
    expect(markup).toContain(`?net=${encodeURIComponent("Net-(U12-Vin-)")}`);
    expect(markup).not.toContain(`?net=${encodeURIComponent("Net-(U12-Vin+)")}`);
    const res = await page(body.data.board.url + "/points/pp3v3s5");
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).toContain(`/points/PP3V3_S5"`);
    expect(text).toContain(`/points/PP3V3-S5"`);
  });
});

describe("MCP", () => {
  let client: Awaited<ReturnType<typeof connectV2>>;
  beforeAll(async () => {
    client = await connectV2();
  });
  afterAll(async () => {
    await client.close();
  });

  it("get_board with a point answers the net of the sign asked for and says when a spelling names several", async () => {
    const result = await callOk(client, "get_board", { board: NUMBER, point: "Net-(U12-Vin-)", lang: "en" });
    const holders = (result.structuredContent.point as { boardviews: { name: string }[] }).boardviews;
    expect(holders.map((h) => h.name)).toEqual(["Net-(U12-Vin-)"]);
    expect(await callError(client, "get_board", { board: NUMBER, point: "pp3v3s5", lang: "en" })).toMatch(/matches several: PP3V3_S5, PP3V3-S5/);
    expect(await callError(client, "get_board", { board: NUMBER, point: "pp3v3s5", lang: "es" })).toMatch(/coincide con varios: PP3V3_S5, PP3V3-S5/);
  });

  it("get_document with a net answers that net's parts, and lists the names of an ambiguous spelling", async () => {
    const result = await callOk(client, "get_document", { document, net: "Net-(U12-Vin+)", lang: "en" });
    expect((result.structuredContent.net as { parts: string[] }).parts).toEqual(["U12", "R25"]);
    const ambiguous = await callOk(client, "get_document", { document, net: "pp3v3s5", lang: "es" });
    expect(ambiguous.content[0].text).toContain("coincide con varios: PP3V3_S5, PP3V3-S5");
  });

  it("completes a point without offering its twin of the other sign", async () => {
    const complete = await client.complete({
      ref: { type: "ref/resource", uri: "bds://board/{number}/point/{point}{?lang}" },
      argument: { name: "point", value: "usb_d-" },
      context: { arguments: { number: NUMBER } },
    });
    expect(complete.completion.values).toEqual(["USB_D-"]);
  });
});
