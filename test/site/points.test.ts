// The site's side of reference values: the board page shows a reference file's diagnosis notes in its words, each
// net a link to its point page and each pin a link into the boardview viewer (or to the part's point), escaped; the
// point page shows the values by kind with sources, cases and boardviews in both languages, and is in the sitemap.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { testLinkFile } from "../../scripts/lib/boardview-writer";
import { html, page } from "../helpers/site";

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const BOARDVIEW_ID = "01K3REFS1TE0B0ARDV1EW00001";
const OBD_ID = "01K3REFS1TE0REFERENCE00001";

const OBD = [
  "ID STB-500",
  "BRAND Sitetest",
  "DIAGNOSIS_DATA_BEGIN",
  "SECT_BEGIN Backlight",
  "NOTE_BEGIN Diagnosing",
  "If 8.4V check EN signal on [p:U7701:3], if present, check [n:BKL_PWM], else [p:Q7705:2]",
  "<script>alert('x')</script> & <b>bold</b>",
  "NOTE_END",
  "SECT_END",
  "DIAGNOSIS_DATA_END",
  "BKL_PWM 0.5 1.5 5.9M Check with a scope",
  "PP3V42_G3H 0.3 3.4 100K",
].join("\r\n");

const BOARDVIEW = testLinkFile({
  parts: [
    {
      name: "U7701",
      side: "bottom",
      mounting: "smd",
      x: 40,
      y: 50,
      pins: [
        { x: 39, y: 50, net: "BKL_PWM" },
        { x: 41, y: 50, net: "GND" },
      ],
    },
  ],
});

beforeAll(async () => {
  const outcome = await importContent(
    env,
    {
      users: [{ username: "site", name: "Site" }],
      boards: [{ number: "STB-500" }],
      documents: [
        {
          id: OBD_ID,
          title: "STB-500 reference values",
          type: "document",
          visibility: "public",
          owner: "site",
          boards: ["STB-500"],
          versions: [{ version: 1, filename: "stb-500.txt", content_text: OBD }],
        },
        {
          id: BOARDVIEW_ID,
          title: "STB-500 boardview",
          type: "boardview",
          visibility: "public",
          owner: "site",
          boards: ["STB-500"],
          versions: [{ version: 1, filename: "stb.brd", content_base64: base64(BOARDVIEW) }],
        },
      ],
    } as never,
    { reset: true },
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("the board page's diagnosis notes", () => {
  it("shows the notes in the file's words with net and part links, escaped", async () => {
    const markup = await html("/en/boards/STB500");
    const notes = markup.slice(markup.indexOf('id="notes-heading"'));
    expect(notes).toContain("<h3>Backlight</h3>");
    expect(notes).toContain("<h4>Diagnosing</h4>");
    expect(notes).toMatch(/<a href="https:\/\/boards\.test\/en\/boards\/STB500\/points\/BKL_PWM">BKL_PWM<\/a>/);
    // U7701 is in the board's boardview: the viewer's deep link. Q7705 is not: its point page.
    expect(notes).toMatch(new RegExp(`<a href="https://boards\\.test/en/library/${BOARDVIEW_ID}/stb-500-boardview\\?part=U7701"[^>]*>U7701:3</a>`));
    expect(notes).toMatch(/<a href="https:\/\/boards\.test\/en\/boards\/STB500\/points\/Q7705"[^>]*>Q7705:2<\/a>/);
    expect(notes).not.toContain("<script>alert");
    expect(notes).not.toContain("<b>bold</b>");
    expect(notes).toContain("&lt;script&gt;");
    const es = await html("/es/placas/STB500");
    expect(es).toContain("Notas de diagnóstico");
    expect(es).toMatch(/href="https:\/\/boards\.test\/es\/placas\/STB500\/puntos\/BKL_PWM"/);
  });
});

describe("the point page", () => {
  it("shows the values by kind with their sources, and the boardview with side and position", async () => {
    const markup = await html("/en/boards/STB500/points/BKL_PWM");
    expect(markup).toContain("<h1><code>BKL_PWM</code></h1>");
    const table = markup.slice(markup.indexOf('id="reference-heading"'));
    expect(table).toMatch(/<tr data-kind="diode"><th scope="row">Diode mode<\/th><td><code>0.5<\/code><\/td><td>Check with a scope<\/td>/);
    expect(table).toMatch(/<tr data-kind="resistance"><th scope="row">Resistance<\/th><td><code>5.9 MΩ<\/code><\/td>/);
    expect(table).toContain(`/en/library/${OBD_ID}/stb-500-reference-values`);
    const boardviews = markup.slice(markup.indexOf('id="boardviews-heading"'));
    expect(boardviews).toContain("Side: bottom");
    const es = await html("/es/placas/STB500/puntos/BKL_PWM");
    expect(es).toContain("Modo diodo");
    expect(es).toContain("Cara: inferior");
  });

  it("redirects another spelling to the point as its source writes it, and is 404 for what nothing names", async () => {
    const res = await page("/en/boards/stb-500/points/bkl-pwm");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://boards.test/en/boards/STB500/points/BKL_PWM");
    expect((await page("/en/boards/STB500/points/NOTHING_HERE")).status).toBe(404);
    expect((await page("/en/boards/STB500/nonsense/BKL_PWM")).status).toBe(404);
  });

  it("is listed in the sitemap", async () => {
    const index = await (await page("/sitemap.xml")).text();
    expect(index).toContain("/sitemaps/points-1.xml");
    const points = await (await page("/sitemaps/points-1.xml")).text();
    expect(points).toContain("https://boards.test/en/boards/STB500/points/BKL_PWM");
    expect(points).toContain("https://boards.test/es/placas/STB500/puntos/PP3V42_G3H");
  });
});
