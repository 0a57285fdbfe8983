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
