// Search finds what a technician means (issue 21): a one-edit typo, another Spanish or English word
// form, a part number typed partly, an accent left out or added; what was typed exactly ranks above
// what was corrected or stemmed; numbers, codes and short words are never corrected; every hit says
// where it matched, with the matched words marked, through the API, MCP and the site.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { syncWholeVocabulary } from "../../src/search/index/vocabulary";
import { expectMatchesOpenApi, fetchWorker, getJson, seedSample } from "../helpers/app";
import { callOk, connectV1 } from "../helpers/mcp";

const ID = {
  backlight: "01JR0000000000000000000001",
  gaming: "01JR0000000000000000000002",
  battery: "01JR0000000000000000000003",
  chargerLong: "01JR0000000000000000000004",
  chargedShort: "01JR0000000000000000000005",
  cargadoresLong: "01JR0000000000000000000006",
  cargadorShort: "01JR0000000000000000000007",
  notes: "01JR0000000000000000000008",
};

const long = (words: string) =>
  `${words} ${"measured every rail again with the bench supply and the meter before replacing anything at all ".repeat(6)}`;

const fixture = {
  threads: [
    {
      id: ID.backlight,
      category: "laptops",
      title: "T480 dark screen",
      author: "alice",
      created_at: "2026-09-20T00:00:00Z",
      body: "Shining a flashlight on the panel shows the desktop, the backlight fuse is open.",
    },
    {
      id: ID.gaming,
      category: "laptops",
      title: "VivoBook se apaga",
      author: "alice",
      created_at: "2026-09-21T00:00:00Z",
      body: "El portátil se apaga de golpe al jugar.",
    },
    {
      id: ID.battery,
      category: "laptops",
      title: "Cambio de batería",
      author: "bob",
      created_at: "2026-09-22T00:00:00Z",
      body: "Después de cambiar la batería no enciende. Solo arranca con el cable.",
    },
    // Exact against corrected, and exact against another form: the corrected or stemmed item is short
    // and newer, so bm25 alone would put it first.
    {
      id: ID.chargerLong,
      category: "laptops",
      title: "Notes from the bench",
      author: "bob",
      created_at: "2026-09-23T00:00:00Z",
      body: long("the charger chip runs hot"),
    },
    {
      id: ID.chargedShort,
      category: "laptops",
      title: "Battery question",
      author: "bob",
      created_at: "2026-09-24T00:00:00Z",
      body: "charged battery",
    },
    {
      id: ID.cargadoresLong,
      category: "laptops",
      title: "Notas del taller",
      author: "bob",
      created_at: "2026-09-25T00:00:00Z",
      body: long("los cargadores se calientan"),
    },
    { id: ID.cargadorShort, category: "laptops", title: "Pregunta", author: "bob", created_at: "2026-09-26T00:00:00Z", body: "cargador" },
  ],
  cases: [
    {
      title: "820-02016 dead after coffee",
      outcome: "fixed",
      symptom: "Dead after a coffee spill",
      author: "bob",
      published_at: "2026-09-27T00:00:00Z",
      diagnosis: "Corrosion under the vcore controller.",
      fix: "Replaced the controller.",
      components: [{ designator: "U8100", part_number: "ISL95828HRTZ", action: "replaced", note: null }],
    },
  ],
  documents: [
    {
      id: ID.notes,
      title: "Display circuit notes",
      type: "document",
      visibility: "public",
      owner: "bob",
      created_at: "2026-09-28T00:00:00Z",
      versions: [{ version: 1, filename: "notes.txt", content_text: "notes" }],
      pages: ["eDP connector pinout and its supplies.", "The boost converter is enabled by EDP_BKLT_EN from the PCH and dims by PWM."],
    },
  ],
};

type Highlight = { field: string; page: number | null; text: string; marks: { start: number; end: number }[] };
type Hit = { id: string; title: string; highlight: Highlight | null };
type Data = Record<"documents" | "threads" | "posts" | "cases", Hit[]>;

async function search(q: string): Promise<Data> {
  return (await getJson(`/search?q=${encodeURIComponent(q)}`)).body.data as Data;
}
const ids = (hits: Hit[]) => hits.map((h) => h.id);
const titles = (hits: Hit[]) => hits.map((h) => h.title);
const marked = (h: Highlight | null) => (h ? h.marks.map((m) => h.text.slice(m.start, m.end)) : []);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  // The import feeds the vocabulary itself; a second pass finds nothing new.
  expect(await syncWholeVocabulary(env.DB)).toBe(0);
});

describe("search forgives what technicians type", () => {
  it("a one-edit typo in a word of 5+ letters finds the item (deletion, transposition)", async () => {
    expect(ids((await search("flashligt")).threads)).toEqual([ID.backlight]);
    expect(ids((await search("backlgiht")).threads)).toEqual([ID.backlight]);
  });

  it("two edits are forgiven from 9 letters, not below", async () => {
    expect(ids((await search("flahslihgt")).threads)).toEqual([ID.backlight]);
    expect((await search("pottatel")).threads).toEqual([]); // portátil, two substitutions in 8 letters
  });

  it("another Spanish word form finds the item (apagaba jugando → se apaga al jugar)", async () => {
    expect(ids((await search("apagaba jugando")).threads)).toEqual([ID.gaming]);
  });

  it("an accent left out, or added, finds the item", async () => {
    // (First: "battery", a word of the same concept in English, reaches another thread after it.)
    expect(ids((await search("bateria")).threads)[0]).toBe(ID.battery);
    expect(ids((await search("sólo arranca")).threads)).toEqual([ID.battery]);
  });

  it("a part number typed partly, anywhere in the query, or without its package suffix, finds the part", async () => {
    expect(titles((await search("ISL9582")).cases)).toEqual(["820-02016 dead after coffee"]);
    // Typed completely (a space after it), without HRTZ: not the last-word prefix, the code rule.
    expect(titles((await search("ISL95828 ")).cases)).toEqual(["820-02016 dead after coffee"]);
    expect(titles((await search("ISL95828 coffee")).cases)).toEqual(["820-02016 dead after coffee"]);
    expect(titles((await search("coffee ISL95828")).cases)).toEqual(["820-02016 dead after coffee"]);
  });

  it("numbers, codes and words under 5 letters are never corrected", async () => {
    expect((await search("ISL95829HRTZ")).cases).toEqual([]);
    expect((await search("ISL9583")).cases).toEqual([]);
    expect((await search("fuze")).threads).toEqual([]);
  });

  it("an exact match outranks a corrected one, and an exact form a stemmed one", async () => {
    // Then the same concept in Spanish ("cargador", src/search/thesaurus): below the word's own forms.
    expect(ids((await search("charger")).threads)).toEqual([ID.chargerLong, ID.chargedShort, ID.cargadorShort]);
    // (The last word is also a prefix while it is typed: "cargadores" cannot reach "cargador" that way.) The
    // plural names the concept charger by its stem: its English word comes after both Spanish forms.
    expect(ids((await search("cargadores")).threads)).toEqual([ID.cargadoresLong, ID.cargadorShort, ID.chargerLong]);
  });
});

describe("every hit says where it matched", () => {
  it("threads: the body, with the corrected word marked", async () => {
    const [hit] = (await search("flashligt fuse")).threads;
    expect(hit.highlight).toMatchObject({ field: "body", page: null });
    expect(marked(hit.highlight)).toEqual(["flashlight", "fuse"]);
  });

  it("documents: the page number of the matched page text", async () => {
    const { body } = await getJson(`/search?q=${encodeURIComponent("EDP_BKLT_EN dims")}`);
    await expectMatchesOpenApi(body, "/search", "get", 200);
    const [hit] = (body.data as Data).documents;
    expect(hit.id).toBe(ID.notes);
    expect(hit.highlight).toMatchObject({ field: "page", page: 2 });
    // A net name is quoted as written and marked whole (issue 30).
    expect(marked(hit.highlight)).toEqual(["EDP_BKLT_EN", "dims"]);
  });

  it("cases: a code prefix marks the whole part number", async () => {
    const [hit] = (await search("ISL9582")).cases;
    expect(marked(hit.highlight)).toEqual(["ISL95828HRTZ"]);
  });

  it("the site's search page marks the words; MCP search shows them in bold", async () => {
    const page = await fetchWorker(new Request(`https://boards.test/es/buscar?q=${encodeURIComponent("flashligt")}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<mark>flashlight</mark>");
    const client = await connectV1();
    const result = await callOk(client, "search", { q: "flashligt" });
    const text = (result.content[0] as { text: string }).text;
    expect(text).toContain("**flashlight**");
    expect((result.structuredContent as unknown as Data).threads[0].highlight).toMatchObject({ field: "body" });
  });
});
