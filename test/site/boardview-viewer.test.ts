// The viewer on a boardview's document page: its hooks, the deep links' panels written by the server (readable
// before and without the script), the links into it, and the pages that must not have one.
import { beforeAll, describe, expect, it } from "vitest";
import { testLinkFile, type WrittenBoard } from "../../scripts/lib/boardview-writer";
import { getJson, seedSample } from "../helpers/app";
import { html, page } from "../helpers/site";
import { createUploader, runQueue, upload } from "../helpers/uploads";

/** On the sample's board 820-00165, whose published case measured PP3V42_G3H (expected 3.42 V). */
const BOARD: WrittenBoard = {
  parts: [
    {
      name: "U7000",
      side: "bottom",
      mounting: "smd",
      x: 150,
      y: 220,
      pins: [
        { x: 140, y: 210, net: "PP3V42_G3H" },
        { x: 160, y: 210, net: "GND" },
        { x: 140, y: 230, net: "PP3V3_S5" },
      ],
    },
    {
      name: "C7010",
      side: "top",
      mounting: "smd",
      x: 305,
      y: 400,
      pins: [
        { x: 300, y: 400, net: "PP3V42_G3H" },
        { x: 310, y: 400, net: "GND" },
      ],
    },
  ],
};

let owner: { key: string; userId: number };
let counter = 0;

async function uploadBoardview(content: Uint8Array, visibility = "public", filename = "viewer.brd"): Promise<{ id: string; url: string }> {
  const res = await upload(
    owner.key,
    { external_id: `viewer-${++counter}`, visibility, rights_attested: "true", title: `Viewer board ${counter}`, boards: "820-00165" },
    { filename, content },
  );
  const body: any = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  await runQueue([{ documentId: body.data.id, version: 1 }]);
  const { body: doc } = await getJson(`/documents/${body.data.id}`, { key: owner.key, lang: "en" });
  return { id: body.data.id, url: doc.data.url };
}

beforeAll(async () => {
  await seedSample();
  owner = await createUploader(["api:read", "library:ingest", "library:publish"]);
});

describe("the boardview viewer", () => {
  let doc: { id: string; url: string };
  beforeAll(async () => {
    doc = await uploadBoardview(testLinkFile(BOARD));
  });

  it("a readable boardview's page carries the viewer's hooks and its script from the static assets", async () => {
    const markup = await html(doc.url);
    const root = /<section[^>]*data-boardview[^>]*>/.exec(markup)?.[0] ?? "";
    expect(root).toContain(`data-layout="/api/v1/documents/${doc.id}/boardview/layout"`);
    const viewer = markup.slice(markup.indexOf(root));
    expect(viewer).toMatch(/<input type="search"[^>]*list="bv-names"/);
    expect(viewer).toContain("data-selection");
    expect(viewer).toMatch(/<canvas tabindex="0" role="img" aria-label="Drawing of the board/);
    expect(viewer).toContain('<script type="module" src="/viewer/boardview.js"></script>');
  });

  it("?part= writes the part's pins with their nets, each net a link that selects it", async () => {
    const markup = await html(`${doc.url}?part=u7000`);
    const panel = markup.slice(markup.indexOf("data-selection"));
    expect(panel).toContain('data-selected="part:U7000"');
    expect(panel).toContain("<h3>Part U7000</h3>");
    for (const net of ["PP3V42_G3H", "GND", "PP3V3_S5"]) expect(panel).toContain(`data-net="${net}"`);
    expect(panel).toContain(`href="${doc.url}?net=PP3V42_G3H#boardview"`);
  });

  it("?net= writes the net's parts and what the board's cases say about it, in Spanish too", async () => {
    const markup = await html(`${doc.url}?net=pp3v42%20g3h`);
    const panel = markup.slice(markup.indexOf("data-selection"));
    expect(panel).toContain('data-selected="net:PP3V42_G3H"');
    expect(panel).toContain('data-part="U7000"');
    expect(panel).toContain('data-part="C7010"');
    expect(panel).toMatch(/Expected values<\/h5><ul><li><strong>3.42 V<\/strong> \(1 report\)/);
    expect(panel).toMatch(/Measured values<\/h5><ul><li><strong>0 V<\/strong>/);
    expect(panel).toContain(">J130 dead after liquid</a>");
    const es = await html(`${doc.url.replace("/en/library/", "/es/biblioteca/")}?net=PP3V42_G3H`);
    expect(es).toContain("Valores esperados");
    expect(es).toContain("<h3>Red PP3V42_G3H</h3>");
    expect(es).toContain("(1 informe)");
  });

  it("?part= with ?pin= writes the pin, its net and the net's values; a name the board does not hold is said in the panel", async () => {
    const pin = await html(`${doc.url}?part=U7000&pin=1`);
    const panel = pin.slice(pin.indexOf("data-selection"));
    expect(panel).toContain('data-selected="pin:U7000:1"');
    expect(panel).toContain("<h3>Pin 1 of U7000</h3>");
    expect(panel).toMatch(/Expected values<\/h5><ul><li><strong>3.42 V<\/strong>/);
    const said = async (query: string) => {
      const page = await html(`${doc.url}${query}`);
      const selection = page.slice(page.indexOf("data-selection"));
      expect(selection).not.toContain("data-selected=");
      return selection.slice(0, selection.indexOf("</div>"));
    };
    expect(await said("?part=U9999")).toContain("The board holds no part named U9999.");
    expect(await said("?net=NOPE_NET")).toContain("The board holds no net named NOPE_NET.");
    expect(await said("?part=U7000&pin=9")).toContain("U7000 has no pin 9.");
  });

  it("?find= selects a part of that name, else a net; an unknown name says so", async () => {
    expect(await html(`${doc.url}?find=C7010`)).toContain('data-selected="part:C7010"');
    expect(await html(`${doc.url}?find=GND`)).toContain('data-selected="net:GND"');
    expect(await html(`${doc.url}?find=NOPE123`)).toContain("No part or net is named NOPE123.");
  });

  it("the board's point answer links each boardview that holds the net to its viewer", async () => {
    const { body } = await getJson("/boards/820-00165/points/PP3V42_G3H", { lang: "en" });
    const holding = body.data.boardviews.find((b: any) => b.document === doc.id);
    expect(holding.url).toBe(`${doc.url}?net=PP3V42_G3H#boardview`);
  });

  it("the board page links each boardview to its viewer", async () => {
    expect(await html("/en/boards/82000165")).toContain(`href="${doc.url}#boardview"`);
  });
});

describe("pages without a viewer", () => {
  it("an unreadable boardview keeps its page with the reason, and no viewer", async () => {
    const noise = Uint8Array.from({ length: 5_000 }, (_, i) => (i * 7919) % 251);
    const doc = await uploadBoardview(noise, "public", "noise.brd");
    const markup = await html(doc.url);
    expect(markup).toContain("not readable:");
    expect(markup).not.toContain("data-boardview");
  });

  it("a private boardview's page answers no one else", async () => {
    const doc = await uploadBoardview(testLinkFile(BOARD), "private");
    expect((await page(doc.url)).status).toBe(404);
    expect((await page(`${doc.url}?part=U7000`)).status).toBe(404);
  });
});
