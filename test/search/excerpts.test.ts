// Excerpts quote what they quote as written (issue 30): net names and part numbers keep their underscores and
// signs, titles and page text keep markdown-like characters; a document matched through its chipset says so;
// a code marks the code (LA-K351P), never a word that happens to be one of its parts ("la").
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { getJson, seedSample } from "../helpers/app";

const ID = {
  rails: "01JR3000000000000000000001",
  chipset: "01JR3000000000000000000002",
  lak: "01JR3000000000000000000003",
  title: "01JR3000000000000000000004",
};

const doc = (id: string, title: string, extra: Record<string, unknown>) => ({
  id,
  title,
  type: "document",
  visibility: "public",
  owner: "bob",
  created_at: "2026-10-01T00:00:00Z",
  versions: [{ version: 1, filename: "notes.txt", content_text: "notes" }],
  ...extra,
});

const fixture = {
  documents: [
    doc(ID.rails, "Power rails of the logic board", {
      pages: ["Check PPBUS_G3H first, then +VCC_CORE at the inductor: 2*R in series."],
    }),
    doc(ID.chipset, "Service notes, early revision", { chipset: "QUAGGA9000" }),
    doc(ID.lak, "LA-K351P schematic", {
      pages: ["La placa LA-K351P usa el controlador de carga; la entrada de 19 V llega por el conector."],
    }),
    doc(ID.title, "Notes on *star* and #hash boards_v2", {}),
  ],
};

type Highlight = { field: string; page: number | null; text: string; marks: { start: number; end: number }[] };
type Hit = { id: string; highlight: Highlight | null };

async function documents(q: string): Promise<Hit[]> {
  return (await getJson(`/search?q=${encodeURIComponent(q)}`)).body.data.documents as Hit[];
}
const hit = async (q: string, id: string) => (await documents(q)).find((d) => d.id === id);
const marked = (h: Highlight | null | undefined) => (h ? h.marks.map((m) => h.text.slice(m.start, m.end)) : []);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("excerpts quote the text as written", () => {
  it("net names keep their underscores and signs, and are marked whole", async () => {
    const found = await hit("PPBUS_G3H", ID.rails);
    expect(found?.highlight?.text).toContain("Check PPBUS_G3H first, then +VCC_CORE at the inductor: 2*R in series.");
    expect(marked(found?.highlight)).toEqual(["PPBUS_G3H"]);
    expect(marked((await hit("VCC_CORE", ID.rails))?.highlight)).toEqual(["VCC_CORE"]);
  });

  it("a title keeps its markdown-like characters", async () => {
    const found = await hit("hash boards", ID.title);
    expect(found?.highlight).toMatchObject({ field: "title", text: "Notes on *star* and #hash boards_v2" });
  });

  it("a document matched only through its chipset gets a highlight there", async () => {
    const found = await hit("QUAGGA9000", ID.chipset);
    expect(found?.highlight).toMatchObject({ field: "chipset", text: "QUAGGA9000" });
    expect(marked(found?.highlight)).toEqual(["QUAGGA9000"]);
  });

  it("a code marks the code, not the Spanish article that is one of its parts", async () => {
    const found = await hit("LA-K351P", ID.lak);
    expect(found?.highlight?.field).toBe("page");
    expect(marked(found?.highlight)).toEqual(["LA-K351P"]);
  });
});
