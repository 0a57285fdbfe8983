// Search understands what is meant (issue 29): a colloquial or regional word finds the item written
// with another (src/search/thesaurus), an English query finds a Spanish-only thread, and a board or
// model named in the query holds the results together: its items first, an item of another board that
// shares only a generic word never above them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { expectMatchesOpenApi, fetchWorker, getJson, seedSample } from "../helpers/app";
import { callOk, connectV1 } from "../helpers/mcp";
import { interpretationOf } from "../../src/search/understand/interpretation";
import { parseQuery } from "../../src/search/understand/query";
import { scopeWordQuery } from "../../src/search/understand/scope";
import { sqlText } from "../../src/db/sql-text";
import { variantsOf } from "../../src/search/index/vocabulary";
import { importThread } from "../helpers/forum-fixture";

const ID = {
  bocinas: "01JS0000000000000000000001",
  keys: "01JS0000000000000000000002",
  fan: "01JS0000000000000000000003",
  otherBoard: "01JS0000000000000000000004",
  dead: "01JS0000000000000000000005",
  airTrackpad: "01JS0000000000000000000006",
  turnsOn: "01JS0000000000000000000008",
  proTrackpad: "01JS0000000000000000000007",
};

/** A repair case of `board` naming its device model (the board's own platform does not say it). */
const repairCase = (id: string, board: string, deviceModel: string, published: boolean) => ({
  id,
  title: "Sin carga tras derrame",
  outcome: "fixed",
  symptom: "No carga",
  device_model: deviceModel,
  board,
  manufacturer: "Apple",
  author: "bob",
  published,
  published_at: "2026-10-04T00:00:00Z",
  diagnosis: "Corrosión en el conector.",
  fix: "Conector limpiado.",
  measurements: [],
  components: [],
});

const checks = "Revisé la fuente, el cargador, el cable, los fusibles y las bobinas de la entrada, una por una, con el multímetro y la lupa. ";

const fixture = {
  manufacturers: [{ id: 3, name: "Dell" }],
  boards: [
    { number: "LA-G671P", manufacturer: "Dell", platform: "Inspiron 15 5570", aliases: [] },
    { number: "NM-B491", manufacturer: "Lenovo", platform: "ThinkPad T480", aliases: [] },
    { number: "820-00875", manufacturer: "Apple", platform: "MacBook Air 13 2017", aliases: [] },
    { number: "820-00850", manufacturer: "Apple", platform: "MacBook Pro 13 2017", aliases: [] },
  ],
  cases: [
    repairCase("01JS00000000000000000000C1", "820-00875", "MacBook Air Retina A1466", true),
    // Not published: its device model names no board.
    repairCase("01JS00000000000000000000C2", "820-00850", "MacBook Pro A9999", false),
  ],
  threads: [
    importThread(ID.bocinas, "LA-G671P", "Inspiron no se escuchan las bocinas", "Las bocinas dejaron de sonar; con audífonos todo bien.", 1),
    importThread(ID.keys, "NM-B491", "Teclado no escribe en la fila de arriba", "La fila superior falla desde ayer.", 2),
    importThread(ID.fan, "NM-B491", "Ventilador ruidoso", "El ventilador suena como un avión al arrancar.", 3),
    // Another board, sharing only generic words with the scoped queries below ("not", "working").
    importThread(ID.otherBoard, "LA-G671P", "Not working at all, not even the keys of the charger", "Working on it, not sure yet.", 4),
    // A long thread, which bm25 weighs less per word than the short one below.
    importThread(ID.dead, null, "Placa muerta tras una tormenta", `No da señales de vida desde el apagón. ${checks.repeat(4)}`, 5),
    // The words of "no enciende" apart, saying the opposite: it turns on. Short, so bm25 alone would put it first.
    importThread(ID.turnsOn, null, "Enciende pero no da imagen", "Enciende, no da imagen.", 8),
    // Two Apple boards, one trackpad thread each; the other board's is newer.
    importThread(ID.airTrackpad, "820-00875", "Trackpad no responde", "El trackpad dejó de responder al clic.", 6),
    importThread(ID.proTrackpad, "820-00850", "Trackpad no responde", "El trackpad dejó de responder al clic.", 7),
    // Thirteen threads of one word, for paging one group past its first 10.
    ...Array.from({ length: 13 }, (_, i) =>
      importThread(`01JS00000000000000000001${String(i).padStart(2, "0")}`, null, `Estarcido número ${i + 1}`, "Notas de estarcido.", 10 + i),
    ),
  ],
};

type Hit = { id: string; title: string };
type Data = Record<"documents" | "threads" | "posts" | "cases", Hit[]>;

async function search(q: string): Promise<Data> {
  return (await getJson(`/search?q=${encodeURIComponent(q)}`)).body.data as Data;
}
const ids = (hits: Hit[]) => hits.map((h) => h.id);

beforeAll(async () => {
  // A reset import starts the search vocabulary afresh: another file's words (files of one vitest worker share a
  // database) never become forms of this file's query words.
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("a word of the same concept finds the item", () => {
  it("a colloquial, regional synonym (parlantes, AR) finds the thread written with another (bocinas, MX)", async () => {
    expect(ids((await search("parlantes mudos")).threads)[0]).toBe(ID.bocinas);
    expect(ids((await search("LA-G671P parlantes mudos")).threads)[0]).toBe(ID.bocinas);
  });

  it("a phrase (doesn't turn on) finds the thread written with another, in the other language (no da señales de vida)", async () => {
    // The sample's English "no power" thread says it too; the Spanish one is found beside it.
    expect(ids((await search("doesn't turn on")).threads).slice(0, 2)).toContain(ID.dead);
  });

  it("a concept phrase with a negation (no enciende) ranks its other words above its own words found apart (enciende pero no)", async () => {
    const got = ids((await search("no enciende")).threads);
    expect(got).toContain(ID.dead);
    expect(got).toContain(ID.turnsOn);
    expect(got.indexOf(ID.turnsOn)).toBeGreaterThan(got.indexOf(ID.dead));
  });

  it("an English query finds a Spanish-only thread", async () => {
    expect(ids((await search("no sound from the speakers")).threads)[0]).toBe(ID.bocinas);
    expect(ids((await search("dead board")).threads)).toContain(ID.dead);
  });
});

describe("the board or model named in the query holds the results together", () => {
  it("a model (T480) or a board number scopes the search: its item matched on the rest comes first", async () => {
    for (const q of ["T480 keys not working", "NM-B491 keys not working", "ThinkPad keys not working"]) {
      expect(ids((await search(q)).threads)[0], q).toBe(ID.keys);
    }
  });

  it("a board number or model before a short word stays itself: 'nmb491 la fila…' is NM-B491, not the code NMB491LA", async () => {
    const byBoard = await getJson(`/search?q=${encodeURIComponent("nmb491 la fila de arriba falla")}`);
    expect(byBoard.body.data.interpretation.scope).toEqual({ by: "board", named: "nmb491", boards: ["NM-B491"] });
    expect(ids(byBoard.body.data.threads)[0]).toBe(ID.keys);
    const byModel = await getJson(`/search?q=${encodeURIComponent("t480 el ventilador suena fuerte")}`);
    expect(byModel.body.data.interpretation.scope).toEqual({ by: "model", named: "t480", boards: ["NM-B491"] });
    expect(ids(byModel.body.data.threads)[0]).toBe(ID.fan);
  });

  it("a device model that only a published repair case names (A1466) scopes to that case's board", async () => {
    const { body } = await getJson(`/search?q=${encodeURIComponent("A1466 trackpad no responde")}`);
    expect(body.data.interpretation.scope).toEqual({ by: "model", named: "a1466", boards: ["820-00875"] });
    expect(ids(body.data.threads)[0]).toBe(ID.airTrackpad);
    // An unpublished case's device model names nothing.
    expect((await getJson(`/search?q=${encodeURIComponent("A9999 trackpad no responde")}`)).body.data.interpretation.scope).toBeNull();
  });

  it("only a model-like word is looked up among the published cases' device models; a plain word (Retina) is not", async () => {
    // A plain word is in thousands of cases' codes (a maker, a product line): it is left to the boards' own words.
    const lookup = async (word: string) => {
      const { sql, params } = sqlText(scopeWordQuery(word, new Date().toISOString()));
      return (
        await env.DB.prepare(sql)
          .bind(...params)
          .all<{ number: string; models: string | null }>()
      ).results;
    };
    expect((await lookup("retina")).filter((row) => row.models !== null)).toEqual([]);
    expect(await lookup("a1466")).toEqual([expect.objectContaining({ number: "820-00875", models: "MacBook Air Retina A1466" })]);
    const { body } = await getJson(`/search?q=${encodeURIComponent("Retina trackpad no responde")}`);
    expect(body.data.interpretation.scope).toBeNull();
  });

  it("an item of another board sharing only generic words ranks below every item of the named board", async () => {
    for (const q of ["T480 keys not working", "NM-B491 not working"]) {
      const got = ids((await search(q)).threads);
      expect(got, q).toContain(ID.fan);
      if (got.includes(ID.otherBoard)) expect(got.indexOf(ID.otherBoard), q).toBeGreaterThan(got.indexOf(ID.fan));
    }
  });
});

/** The rows of a vocabulary lookup (src/search/index/vocabulary.ts variantsQuery): the word as typed when indexed, its corrections. */
const rows = (typed: string | null, corrections: string[]) => [
  ...(typed ? [{ term: typed, typo: 2 }] : []),
  ...corrections.map((term) => ({ term, typo: 1 })),
];

describe("a result says what was understood", () => {
  it("the API names the concepts, their other words and the boards in scope", async () => {
    const { body } = await getJson(`/search?q=${encodeURIComponent("T480 parlantes mudos")}`);
    await expectMatchesOpenApi(body, "/search", "get", 200);
    const { interpretation } = body.data;
    expect(interpretation.concepts.map((c: { concept: string }) => c.concept)).toEqual(["speakers", "no-sound"]);
    expect(interpretation.concepts[0].also).toContain("bocinas");
    expect(interpretation.scope).toEqual({ by: "model", named: "t480", boards: ["NM-B491"] });
    expect((await getJson("/search?q=bocinsa")).body.data.interpretation.corrections).toEqual([{ word: "bocinsa", to: ["bocinas"] }]);
  });

  it("a concept's other words are shown as the thesaurus writes them, not as folded for the index", () => {
    const also = interpretationOf(parseQuery("no power"), () => undefined).concepts.flatMap((c) => c.also);
    expect(also.length).toBeGreaterThan(0);
    expect(also.some((w) => /['’áéíóúñ]/.test(w))).toBe(true);
    for (const word of also) expect(word).not.toMatch(/\b(won|doesn|isn) t\b/);
  });

  it("a word the index holds as typed is never reported as corrected, though its nearest spellings still widen the match", () => {
    const parsed = parseQuery("power bocinsa");
    const variants = (word: string) =>
      word === "power" ? variantsOf(word, rows("power", ["poner", "tower"])) : variantsOf(word, rows(null, ["bocinas"]));
    // "power" keeps its two nearest spellings to match (variantsOf), but was no typo: only "bocinsa" is corrected.
    expect(variants("power").corrections).toEqual(["poner", "tower"]);
    expect(interpretationOf(parsed, variants).corrections).toEqual([{ word: "bocinsa", to: ["bocinas"] }]);
  });

  it("the site says which words it searched for, and MCP search says it too", async () => {
    const page = await (await fetchWorker(new Request(`https://boards.test/en/search?q=${encodeURIComponent("bocinsa")}`))).text();
    expect(page).toMatch(/Showing results for <strong>bocinas<\/strong>/);
    const es = await (await fetchWorker(new Request(`https://boards.test/es/buscar?q=${encodeURIComponent("T480 parlantes")}`))).text();
    expect(es).toContain("primero la placa NM-B491");
    const client = await connectV1();
    const result = await callOk(client, "search", { q: "parlantes mudos", lang: "en" });
    expect((result.content[0] as { text: string }).text).toMatch(/Understood: .*parlantes.* as speakers/);
    const spanish = await callOk(client, "search", { q: "parlantes mudos", lang: "es" });
    expect((spanish.content[0] as { text: string }).text).toMatch(/Entendido: .*parlantes.* como speakers/);
    expect((result.structuredContent as { interpretation: { concepts: unknown[] } }).interpretation.concepts).toHaveLength(2);
  });
});

describe("one group paged past its first 10", () => {
  it("GET /search?group=threads&page=2 gives the next items of that group only, then an empty page", async () => {
    const first = (await getJson("/search?q=estarcido&group=threads")).body.data;
    expect(first.threads).toHaveLength(10);
    expect(first.paging).toEqual({ group: "threads", page: 1, next_page: 2 });
    expect(first.boards).toEqual([]);
    const second = (await getJson("/search?q=estarcido&group=threads&page=2")).body.data;
    expect(second.threads).toHaveLength(3);
    expect(second.paging).toEqual({ group: "threads", page: 2, next_page: null });
    expect(new Set([...ids(first.threads), ...ids(second.threads)]).size).toBe(13);
    expect((await getJson("/search?q=estarcido&group=threads&page=99")).body.data.threads).toEqual([]);
    expect((await getJson("/search?q=estarcido")).body.data.paging).toBeNull();
    await getJson("/search?q=estarcido&group=replies", { status: 422 });
    await getJson("/search?q=estarcido&group=threads&page=0", { status: 422 });
  });

  it("/openapi.json describes group and page; MCP search pages with only and page", async () => {
    const spec = (await getJson("/openapi.json")).body;
    const names = spec.paths["/search"].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(["q", "type", "group", "page"]));
    const client = await connectV1();
    const result = await callOk(client, "search", { q: "estarcido", only: "threads", page: 2 });
    const structured = result.structuredContent as { threads: Hit[]; paging: unknown };
    expect(structured.threads).toHaveLength(3);
    expect(structured.paging).toEqual({ group: "threads", page: 2, next_page: null });
    const first = await callOk(client, "search", { q: "estarcido", only: "threads" });
    expect((first.content[0] as { text: string }).text).toContain('"page":2');
  });
});

describe("hostile input", () => {
  it("concept words mixed with FTS5 syntax, repeats, controls and huge pages answer 200, never a 500", async () => {
    const queries = [
      'no enciende" OR "x',
      "NEAR(no power, 0) AND bocinas*",
      "T480 ".repeat(39),
      `${"no ".repeat(60)}power`,
      "820-00165 \u0000 no prende",
      "parlantes mudos ThinkPad Dell MacBook A1932 2016 9380 E470",
    ];
    for (const q of queries) await getJson(`/search?q=${encodeURIComponent(q.slice(0, 200))}`);
    const far = (await getJson("/search?q=estarcido&group=threads&page=9007199254740991")).body.data;
    expect(far.threads).toEqual([]);
    expect(far.paging).toEqual({ group: "threads", page: 9007199254740991, next_page: null });
  });
});
