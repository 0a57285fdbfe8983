// The stages of a search (src/search/index.ts): the plan's one order (RANKED_ORDER: scope tier, then
// closeness as typed / other form / concept word, then bm25) holds on both ranking paths, the simple
// one and the two-step one used when a word is common; and the documents the text databases match join
// the ranking through the visibility rule, so hidden ones never take a visible one's place.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { searchSite } from "../../src/search";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

const ID = {
  typed: "01JT0000000000000000000001",
  form: "01JT0000000000000000000002",
  publicDoc: "01JT0000000000000000000010",
  solved: "01JT0000000000000000000020",
  unsolved: "01JT0000000000000000000021",
};

const reply = (body: string, isSolution: boolean, day: number) => ({
  author: "alice",
  body,
  is_solution: isSolution,
  score: 0,
  hidden: false,
  created_at: `2026-11-0${day}T00:00:00Z`,
});

const filler = (n: number) => Array.from({ length: n }, () => "se midieron todas las tensiones con el multímetro").join(" ");

const fixture = {
  threads: [
    // As typed ("cargador"), in a long body: bm25 alone would rank it below the other.
    {
      id: ID.typed,
      category: "laptops",
      title: "Notas del taller",
      author: "bob",
      created_at: "2026-10-01T00:00:00Z",
      body: `${filler(8)} cargador`,
    },
    // Another form ("cargadores"), in the title of a short thread: bm25 prefers it.
    { id: ID.form, category: "laptops", title: "Cargadores", author: "bob", created_at: "2026-10-02T00:00:00Z", body: "taller" },
    // Two equal threads: the older one is solved (its accepted solution names the word again).
    {
      id: ID.solved,
      category: "laptops",
      title: "Zumbador xerlin",
      author: "bob",
      created_at: "2026-10-20T00:00:00Z",
      body: "El xerlin suena.",
      posts: [reply("Prueba otra cosa.", false, 1), reply("Era el xerlin de la placa hija: cambiado, resuelto.", true, 2)],
    },
    { id: ID.unsolved, category: "laptops", title: "Zumbador xerlin", author: "bob", created_at: "2026-10-21T00:00:00Z", body: "El xerlin suena." },
    ...[3, 4, 5].map((n) => ({
      id: `01JT000000000000000000000${n}`,
      category: "laptops",
      title: `Taller ${n}`,
      author: "bob",
      created_at: `2026-10-0${n}T00:00:00Z`,
      body: "taller",
    })),
  ],
  documents: [
    // One public document, older than eleven private ones with the same word on their pages (text databases).
    {
      id: ID.publicDoc,
      title: "Public notes",
      type: "document",
      visibility: "public",
      owner: "bob",
      created_at: "2026-09-01T00:00:00Z",
      versions: [{ version: 1, filename: "public.txt", content_text: "notes" }],
      pages: ["The quorvex rail feeds the codec."],
    },
    ...Array.from({ length: 11 }, (_, i) => ({
      id: `01JT00000000000000000001${String(i).padStart(2, "0")}`,
      title: `Private notes ${i}`,
      type: "document",
      visibility: "private",
      owner: "bob",
      created_at: `2026-10-${String(i + 10).padStart(2, "0")}T00:00:00Z`,
      versions: [{ version: 1, filename: `private-${i}.txt`, content_text: "notes" }],
      pages: ["The quorvex rail is missing."],
    })),
  ],
};

const ctx = () => queryContext();
const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("plan: one order on both ranking paths", () => {
  it("the simple path: the word as typed ranks above another of its forms, whatever bm25 says", async () => {
    // Nothing common (default tuning): bm25 over the whole index, one statement.
    expect(ids((await searchSite(ctx(), "cargador ")).threads)).toEqual([ID.typed, ID.form]);
  });

  it("the two-step path (a common word filters, the selective one is weighed): same order", async () => {
    // "taller" is in five threads, common at commonRows 3; "cargador" (with its forms) in two, selective.
    const found = await searchSite(ctx(), "taller cargador ", { tuning: { commonRows: 3 } });
    expect(ids(found.threads)).toEqual([ID.typed, ID.form]);
  });

  it("the recent tier (every word common): same order", async () => {
    expect(ids((await searchSite(ctx(), "cargador ", { tuning: { commonRows: 1 } })).threads)).toEqual([ID.typed, ID.form]);
  });
});

describe("rank: the text databases' documents join through the visibility rule", () => {
  it("hidden documents matched on a text database never take a visible one's place", async () => {
    // Eleven newer private documents match too: unfiltered, they would fill the ten places and the
    // loader would then drop them all, leaving the public one out.
    expect(ids((await searchSite(ctx(), "quorvex")).documents)).toEqual([ID.publicDoc]);
  });
});

describe("rank: ties, and where a thread matched", () => {
  it("of two equal threads the solved one ranks first, and its accepted solution is the excerpt when it matched there", async () => {
    const found = await searchSite(ctx(), "placa hija xerlin");
    expect(ids(found.threads)).toEqual([ID.solved]);
    expect(found.threads[0].highlight).toMatchObject({ field: "replies" });
    expect(found.threads[0].highlight?.text).toContain("resuelto");
    expect(ids((await searchSite(ctx(), "zumbador xerlin")).threads)).toEqual([ID.solved, ID.unsolved]);
  });
});
