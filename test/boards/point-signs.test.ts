// Cases, point values and the sitemap by the one name rule (src/boardview/name-match.ts): names that differ only by
// a sign (`+5V`/`-5V`, `USB_D+`/`USB_D-`) share a coarse key but never a case, a value or a sitemap url; a folded
// spelling (`usb d+`) finds the case when the board's files hold one name of that spelling, none when two.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { testLinkFile, type WrittenBoard } from "../../scripts/lib/boardview-writer";
import { NAMES_PER_POINT_KEY } from "../../src/db/queries/board-reference";
import { LANGUAGES } from "../../src/core/language";
import { ITEMS_PER_SITEMAP, MAX_URLS_PER_SITEMAP } from "../../src/site/feeds/sitemap";
import { getJson } from "../helpers/app";
import { callOk, connectV2 } from "../helpers/mcp";
import { html, page } from "../helpers/site";

const NUMBER = "NSG-520";
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
/** A boardview holding two nets whose spelling folds alike (a folded case spelling names neither). */
const BOARD: WrittenBoard = {
  parts: [
    {
      name: "C1",
      side: "top",
      mounting: "smd",
      x: 100,
      y: 10,
      pins: [
        { x: 99, y: 10, net: "PP3V3_S5" },
        { x: 101, y: 10, net: "PP3V3-S5" },
      ],
    },
  ],
};

/** One published case measuring one point, a day apart (newest last). */
const measuring = (title: string, point: string, measured: string, day: number) => ({
  title,
  symptom: "s",
  diagnosis: "d",
  author: "ns",
  board: NUMBER,
  published_at: `2026-01-${String(day).padStart(2, "0")}T00:00:00Z`,
  measurements: [{ point, measured }],
});

/** A reference file whose designators differ only by a separator (one coarse key, two parts). */
const OBDATA = [
  "HEADER_DATA_START",
  "OBDATA_V002 https://openboarddata.org",
  `ID ${NUMBER}`,
  "HEADER_DATA_END",
  "COMPONENTS_DATA_START",
  "C5.1 v 10uF",
  "C51 v 22uF",
  "COMPONENTS_DATA_END",
].join("\r\n");

beforeAll(async () => {
  const outcome = await importContent(
    env,
    {
      users: [{ username: "ns", name: "Ns" }],
      boards: [{ number: NUMBER }],
      categories: [{ slug: "ns", name: "Ns" }],
      cases: [
        measuring("plus five", "+5V", "5.02", 1),
        measuring("minus five", "-5V", "-4.98", 2),
        measuring("usb plus", "USB_D+", "0.45", 3),
        measuring("usb minus", "USB_D-", "0.46", 4),
        measuring("usb bare", "USB_D", "0.47", 5),
        measuring("usb folded", "usb d+", "0.44", 6),
        measuring("pp3v3 folded", "pp3v3 s5", "3.3", 7),
      ],
      documents: [
        {
          title: "NSG-520 boardview",
          type: "boardview",
          visibility: "public",
          owner: "ns",
          boards: [NUMBER],
          versions: [{ version: 1, filename: "nsg.brd", content_base64: base64(testLinkFile(BOARD)) }],
        },
        {
          title: "NSG-520 OpenBoardData",
          type: "document",
          visibility: "public",
          owner: "ns",
          boards: [NUMBER],
          versions: [{ version: 1, filename: "nsg-520.obdata", content_text: OBDATA }],
        },
      ],
    } as never,
    { reset: true },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

const answer = async (name: string) => (await getJson(`/boards/${NUMBER}/points/${encodeURIComponent(name)}`)).body.data;
const titles = (data: any) => data.cases.map((c: any) => c.title);
const measured = (data: any) => data.measured.map((v: any) => v.value);

describe("a board point's cases and values", () => {
  it("keep names that differ only by a sign apart", async () => {
    const plus = await answer("+5V");
    expect([plus.point, titles(plus), measured(plus)]).toEqual(["+5V", ["plus five"], ["5.02"]]);
    const minus = await answer("-5v");
    expect([minus.point, titles(minus), measured(minus)]).toEqual(["-5V", ["minus five"], ["-4.98"]]);
    const usbMinus = await answer("USB_D-");
    expect([usbMinus.point, titles(usbMinus), measured(usbMinus)]).toEqual(["USB_D-", ["usb minus"], ["0.46"]]);
    expect(titles(await answer("usb_d"))).toEqual(["usb bare"]);
  });

  it("find a case written in a folded spelling when the board names one net so, under one name", async () => {
    expect(titles(await answer("USB_D+"))).toEqual(["usb folded", "usb plus"]);
    const folded = await answer("usb d+");
    // One name for every spelling of it: the site's canonical url and the sitemap's.
    expect([folded.point, titles(folded)]).toEqual(["USB_D+", ["usb folded", "usb plus"]]);
  });

  it("list a folded spelling under neither of two nets one file names alike, only under itself", async () => {
    expect(titles(await answer("PP3V3_S5"))).toEqual([]);
    expect(titles(await answer("PP3V3-S5"))).toEqual([]);
    const own = await answer("pp3v3 s5");
    expect([own.point, titles(own), measured(own)]).toEqual(["pp3v3 s5", ["pp3v3 folded"], ["3.3"]]);
  });
});

describe("the site and MCP", () => {
  let client: Awaited<ReturnType<typeof connectV2>>;
  beforeAll(async () => {
    client = await connectV2();
  });
  afterAll(async () => {
    await client.close();
  });

  it("the point page and get_board list the cases of the sign asked for, in either language", async () => {
    const en = await html(`/en/boards/NSG520/points/${encodeURIComponent("+5V")}`);
    expect(en).toContain("plus five");
    expect(en).not.toContain("minus five");
    const es = await html(`/es/placas/NSG520/puntos/${encodeURIComponent("-5V")}`);
    expect(es).toContain("minus five");
    expect(es).not.toContain("plus five");
    const result = await callOk(client, "get_board", { board: NUMBER, point: "-5V", lang: "en" });
    const cases = (result.structuredContent.point as { cases: { title: string }[] }).cases;
    expect(cases.map((c) => c.title)).toEqual(["minus five"]);
  });
});

describe("a reference file's designators", () => {
  it("keeps two parts whose designators differ only by a separator, each answering its own value", async () => {
    const values = async (name: string) => (await answer(name)).parts.map((p: any) => [p.designator, p.value]);
    expect(await values("C5.1")).toEqual([["C5.1", "10uF"]]);
    expect(await values("C51")).toEqual([["C51", "22uF"]]);
  });
});

describe("the sitemap", () => {
  it("lists each name once, and each url answers its own name", async () => {
    const xml = await (await page("/sitemaps/points-1.xml")).text();
    const urls = [...xml.matchAll(/<loc>([^<]*\/boards\/NSG520\/points\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    const names = urls.map((u) => decodeURIComponent(u.slice(u.lastIndexOf("/") + 1))).sort();
    expect(names).toEqual(["+5V", "-5V", "USB_D", "USB_D+", "USB_D-", "pp3v3 s5"]);
    for (const url of urls) {
      const res = await page(url.replace("https://boards.test", ""));
      expect(res.status, url).toBe(200);
      const data = await answer(decodeURIComponent(url.slice(url.lastIndexOf("/") + 1)));
      expect(data.point, url).toBe(decodeURIComponent(url.slice(url.lastIndexOf("/") + 1)));
    }
  });

  it("keeps a file within the protocol's urls however many names share a key", () => {
    expect(ITEMS_PER_SITEMAP * NAMES_PER_POINT_KEY * LANGUAGES.length).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
  });
});
