// GET /search: every group, diacritics, phrases, prefixes, board and part numbers in any spelling,
// visibility through page text, hostile input, 422s, and an index kept in sync by triggers and
// rebuildable from the base tables.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { searchSite } from "../../src/search";
import { rebuildSearchIndex } from "../../src/search/index/rebuild";
import { textShards } from "../../src/text/shards";
import { recordedShard } from "../helpers/text";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, SAMPLE_IDS, seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

/** Extra content beside the sample: words that live only in one place, private page text, spellings of numbers. */
const EXTRA = {
  IDS: {
    alicePagesPrivate: "01JQ0000000000000000000001",
    sharedPages: "01JQ0000000000000000000002",
    datasheet: "01JQ0000000000000000000003",
    replyThread: "01JQ0000000000000000000004",
    spacedBoardThread: "01JQ0000000000000000000005",
  },
};

const extraFixture = {
  documents: [
    {
      id: EXTRA.IDS.alicePagesPrivate,
      title: "Bench log",
      type: "document",
      visibility: "private",
      owner: "alice",
      versions: [{ version: 1, filename: "log.txt", content_text: "log" }],
      pages: ["first page", "measured the quetzalrail at 1.8 V"],
    },
    {
      id: EXTRA.IDS.sharedPages,
      title: "Shared trace notes",
      type: "document",
      visibility: "shared",
      owner: "alice",
      shared_with: ["bob"],
      versions: [{ version: 1, filename: "trace.txt", content_text: "trace" }],
      pages: ["the ocelotnet trace is cut near the connector"],
    },
    {
      id: EXTRA.IDS.datasheet,
      title: "TPS62180 datasheet",
      type: "datasheet",
      visibility: "public",
      owner: "bob",
      manufacturer: "Apple",
      created_at: "2026-08-01T00:00:00Z",
      versions: [{ version: 1, filename: "tps62180.pdf", content_text: "%PDF-1.4" }],
      pages: ["Step-down converter. Enable pin high for normal operation."],
    },
  ],
  threads: [
    {
      id: EXTRA.IDS.replyThread,
      category: "laptops",
      title: "Fan noise on boot",
      author: "alice",
      body: "Loud at start.",
      created_at: "2026-09-10T00:00:00Z",
      posts: [
        { author: "bob", body: "Replace the ferritebead next to the fan header.", created_at: "2026-09-11T00:00:00Z" },
        { author: "dave", body: "buy cheapwatches here", hidden: true, created_at: "2026-09-12T00:00:00Z" },
      ],
    },
    {
      id: EXTRA.IDS.spacedBoardThread,
      category: "laptops",
      title: "Which revision is mine?",
      author: "alice",
      body: "The sticker says 820 00165 but the schematic differs.",
      created_at: "2026-09-15T00:00:00Z",
    },
  ],
};

const PUBLIC_SCHEMATIC = SAMPLE_IDS.publicSchematic;
const SAMPLE_THREAD = SAMPLE_IDS.thread;

async function search(q: string, init: Parameters<typeof getJson>[1] = {}) {
  const { body } = await getJson(`/search?q=${encodeURIComponent(q)}`, init);
  return body.data as {
    query: string;
    boards: { number: string; norm: string }[];
    documents: { id: string; title: string }[];
    threads: { id: string; title: string }[];
    posts: { id: string; title: string }[];
    cases: { id: string; title: string }[];
  };
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);
const titles = (items: { title: string }[]) => items.map((i) => i.title);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, extraFixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("GET /search finds each group by words in its body", () => {
  it("a document by a word only in its page text, with the Document shape", async () => {
    const data = await search("buck");
    expect(ids(data.documents)).toEqual([PUBLIC_SCHEMATIC]);
    const { body } = await getJson("/search?q=buck");
    await expectMatchesOpenApi(body, "/search", "get", 200);
    expect(body.data.documents[0]).toMatchObject({
      id: PUBLIC_SCHEMATIC,
      boards: ["820-00165"],
      is_owner: false,
      url: `https://boards.test/es/biblioteca/${PUBLIC_SCHEMATIC}/820-00165-schematic`,
    });
  });

  it("a thread by a word only in a visible reply; hidden replies and unpublished threads never match", async () => {
    expect(ids((await search("ferritebead")).threads)).toEqual([EXTRA.IDS.replyThread]);
    expect((await search("cheapwatches")).threads).toEqual([]);
    expect((await search("spam")).threads).toEqual([]);
    expect((await search("moderation")).threads).toEqual([]);
    expect((await search("alert")).threads).toEqual([]);
  });

  it("a blog post by a word only in its body; drafts and scheduled posts never match", async () => {
    expect(titles((await search("paso")).posts)).toEqual(["Diagnóstico de línea PP3V3"]);
    expect((await search("draft")).posts).toEqual([]);
    expect((await search("future")).posts).toEqual([]);
    expect((await search("scheduled")).posts).toEqual([]);
  });

  it("a repair case by a word only in its diagnosis; unpublished cases never match", async () => {
    expect(titles((await search("corrosion")).cases)).toEqual(["J130 dead after liquid"]);
    expect((await search("unpublished")).cases).toEqual([]);
  });

  it("a board by its codename or platform", async () => {
    expect((await search("J130")).boards.map((b) => b.number)).toEqual(["820-00165"]);
    expect((await search("EX470")).boards.map((b) => b.number)).toEqual(["NM-A311"]);
  });

  it("returns every group key, empty when nothing matches, and echoes the trimmed query", async () => {
    const data = await search("  nothingmatchesthis  ");
    expect(data).toEqual({
      query: "nothingmatchesthis",
      interpretation: { corrections: [], forms: [], concepts: [], scope: null, suggestions: [] },
      paging: null,
      boards: [],
      documents: [],
      threads: [],
      posts: [],
      cases: [],
    });
  });

  it("url fields follow Accept-Language", async () => {
    const { body } = await getJson("/search?q=corrosion", { lang: "en" });
    expect(body.data.cases[0].url).toMatch(/^https:\/\/boards\.test\/en\/repairs\//);
  });
});

describe("forgiving and exact matching", () => {
  it("folds case and diacritics both ways", async () => {
    for (const q of ["diagnostico", "DIAGNÓSTICO", "Diagnóstico", "linea", "línea"]) {
      expect(titles((await search(q)).posts), q).toEqual(["Diagnóstico de línea PP3V3"]);
    }
  });

  it("quoted phrases match words in that order only", async () => {
    expect(ids((await search('"buck converter"')).documents)).toEqual([PUBLIC_SCHEMATIC]);
    expect((await search('"converter buck"')).documents).toEqual([]);
  });

  it("matches the last word as a prefix while it is being typed, not after a space", async () => {
    expect(ids((await search("conver")).documents)).toContain(PUBLIC_SCHEMATIC);
    expect(titles((await search("corros")).cases)).toEqual(["J130 dead after liquid"]);
    expect((await search("corros ")).cases).toEqual([]);
  });

  it("requires every word, and falls back to any word when nothing has them all", async () => {
    expect(titles((await search("corrosion liquid")).cases)).toEqual(["J130 dead after liquid"]);
    const fallback = await search("corrosion zzzunknownword");
    expect(titles(fallback.cases)).toEqual(["J130 dead after liquid"]);
  });

  it("ranks a title match above a body match", async () => {
    // "converter" is in the datasheet's page text and the schematic's page text; "TPS62180" is the datasheet's title.
    const data = await search("TPS62180");
    expect(ids(data.documents)[0]).toBe(EXTRA.IDS.datasheet);
  });

  it("filters documents by type without touching the other groups", async () => {
    const all = await search("converter");
    expect(ids(all.documents).sort()).toEqual([PUBLIC_SCHEMATIC, EXTRA.IDS.datasheet].sort());
    const { body } = await getJson("/search?q=converter&type=datasheet");
    expect(ids(body.data.documents)).toEqual([EXTRA.IDS.datasheet]);
    const none = await getJson("/search?q=U7000&type=bios");
    expect(none.body.data.documents).toEqual([]);
    expect(ids(none.body.data.threads)).toEqual([SAMPLE_THREAD]);
  });
});

describe("board and part numbers in any spelling", () => {
  const spellings = ["820-00165", "82000165", "820 00165", "820_00165", "820.00165", "820-00165-A", "82000165a", "X1C_MLB", "x1c mlb"];
  for (const q of spellings) {
    it(`"${q}" puts the board first and finds the documents, threads and cases that name it`, async () => {
      const data = await search(q);
      expect(data.boards[0]?.number, q).toBe("820-00165");
      expect(ids(data.documents), q).toContain(PUBLIC_SCHEMATIC);
      expect(ids(data.threads), q).toEqual(expect.arrayContaining([SAMPLE_THREAD, EXTRA.IDS.spacedBoardThread]));
      expect(titles(data.cases), q).toEqual(["J130 dead after liquid"]);
    });
  }

  it("a board number among other words still narrows to that board's content", async () => {
    const data = await search("82000165 corrosion");
    expect(titles(data.cases)).toEqual(["J130 dead after liquid"]);
    expect(data.boards[0].number).toBe("820-00165");
  });

  it("other boards by number and alias", async () => {
    for (const q of ["NM-A311", "nma311", "nm a311", "NM A311"]) {
      expect((await search(q)).boards[0]?.number, q).toBe("NM-A311");
    }
  });

  it("part numbers: TPS62180 in a case's components and a document's title, any spelling", async () => {
    for (const q of ["TPS62180", "tps-62180", "TPS 62180", "tps62180"]) {
      const data = await search(q);
      expect(titles(data.cases), q).toEqual(["J130 dead after liquid"]);
      expect(ids(data.documents), q).toContain(EXTRA.IDS.datasheet);
    }
  });

  it("designators and rail names with separators", async () => {
    expect(ids((await search("PP3V42_G3H")).threads)).toContain(SAMPLE_THREAD);
    expect(ids((await search("pp3v42 g3h")).documents)).toContain(PUBLIC_SCHEMATIC);
    expect(titles((await search("u7000")).cases)).toEqual(["J130 dead after liquid"]);
  });
});

describe("visibility: the read API's rule, page text included", () => {
  it("a private document's page text is found by its owner only", async () => {
    expect((await search("quetzalrail")).documents).toEqual([]);
    expect((await search("quetzalrail", { key: KEYS.bob })).documents).toEqual([]);
    expect((await search("quetzalrail", { key: KEYS.carolAdmin })).documents).toEqual([]);
    const alice = await search("quetzalrail", { key: KEYS.aliceRead });
    expect(ids(alice.documents)).toEqual([EXTRA.IDS.alicePagesPrivate]);
  });

  it("a private document's title is found by its owner only", async () => {
    expect((await search('"private notes"')).documents).toEqual([]);
    expect((await search('"private notes"', { key: KEYS.bob })).documents).toEqual([]);
    expect(ids((await search('"private notes"', { key: KEYS.aliceRead })).documents)).toEqual([SAMPLE_IDS.alicePrivate]);
  });

  it("a shared document is found by the owner and the users it is shared with, nobody else", async () => {
    expect((await search("ocelotnet")).documents).toEqual([]);
    expect((await search("ocelotnet", { key: KEYS.carolAdmin })).documents).toEqual([]);
    expect(ids((await search("ocelotnet", { key: KEYS.bob })).documents)).toEqual([EXTRA.IDS.sharedPages]);
    expect(ids((await search("ocelotnet", { key: KEYS.aliceRead })).documents)).toEqual([EXTRA.IDS.sharedPages]);
  });

  it("documents that are processing or taken down are found only by their owner", async () => {
    expect((await search('"taken down manual"')).documents).toEqual([]);
    expect(ids((await search('"taken down manual"', { key: KEYS.bob })).documents)).toEqual([SAMPLE_IDS.takedown]);
    expect((await search('"processing upload"')).documents).toEqual([]);
    expect(ids((await search('"processing upload"', { key: KEYS.bob })).documents)).toEqual([SAMPLE_IDS.processing]);
  });

  it("keyed responses are private, anonymous ones cacheable", async () => {
    const anon = await api("/search?q=buck");
    await anon.arrayBuffer();
    expect(anon.headers.get("Cache-Control")).toBe("public, max-age=60");
    const keyed = await api("/search?q=buck", { key: KEYS.aliceRead });
    await keyed.arrayBuffer();
    expect(keyed.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("a bad key is a 401 here too, never anonymous", async () => {
    await expectProblem(await api("/search?q=buck", { key: KEYS.bobRevoked }), 401, "unauthorized");
  });
});

describe("invalid queries are 422", () => {
  const cases: [string, string][] = [
    ["", "q"],
    ["?q=", "q"],
    ["?q=a", "q"],
    ["?q=%20%20a%20%20", "q"],
    [`?q=${"x".repeat(201)}`, "q"],
    ["?q=power&type=spreadsheet", "type"],
    ["?q=power&type=", "type"],
  ];
  for (const [query, field] of cases) {
    it(`/search${query.slice(0, 40)} → 422 on ${field}`, async () => {
      const body = await expectProblem(await api(`/search${query}`), 422, "validation-failed");
      expect(Object.keys(body.errors)).toContain(field);
      await expectMatchesOpenApi(body, "/search", "get", 422);
    });
  }

  it("200 characters are allowed, counted as characters (an emoji is one)", async () => {
    await search("x".repeat(200));
    await search("🔧".repeat(200));
    await expectProblem(await api(`/search?q=${encodeURIComponent("🔧".repeat(201))}`), 422, "validation-failed");
  });
});

describe("hostile input never reaches FTS5 syntax", () => {
  const HOSTILE = [
    '"',
    '""',
    '"""',
    '"unbalanced',
    'unbalanced"',
    'a"b"c"',
    "'",
    "''",
    "power'",
    "it's",
    "(",
    ")",
    "()",
    "(power",
    "power)",
    "((power))",
    "power AND",
    "AND power",
    "OR",
    "AND OR NOT",
    "NOT power",
    "power NOT",
    "NEAR(power short)",
    "NEAR(power short, 2)",
    "power NEAR short",
    "*",
    "**",
    "power*",
    "*power",
    "pow*er",
    "-",
    "--",
    "-power",
    "power -short",
    "^power",
    "power^2",
    "+power",
    "title:power",
    "body: power",
    "{title body}: power",
    "title : x",
    "search_documents:power",
    "rank:1",
    "rowid:1",
    "power:",
    ":power",
    "@#$%^&",
    "!!",
    "..",
    "..//..",
    "🔧🔧",
    "🔥 power 🔥",
    "𝔭𝔬𝔴𝔢𝔯",
    "ｐｏｗｅｒ",
    "\u0301\u0301",
    "e\u0301",
    "Ǆ ǆ",
    "ß ẞ",
    "ΣΊΣΥΦΟΣ",
    "日本語",
    "'; drop table documents; --",
    "1' or '1'='1",
    "1 OR 1=1",
    "%",
    "%%",
    "_",
    "\\",
    '\\"',
    "power\\",
    "a\u0000b",
    "<script>alert(1)</script>",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text.
    "${7*7}",
    "{{7*7}}",
    "%00",
    "../../etc/passwd",
    "x".repeat(200),
    "a ".repeat(100),
    "9".repeat(200),
    "a-".repeat(100),
    '"a" '.repeat(50),
    "power power power power power power power power power power",
    "820-00165-A-B-C-D-E-F-G-H-I-J-K",
    "0",
    "00",
    "NULL",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
  ];
  // The hostile strings too short to be a search (one character after trimming): refused before any SQL runs.
  const TOO_SHORT = new Set(['"', "'", "(", ")", "*", "-", "%", "_", "\\", "0"]);
  for (const q of HOSTILE) {
    const expected = TOO_SHORT.has(q) ? 422 : 200;
    it(`q=${JSON.stringify(q).slice(0, 50)} → ${expected}`, async () => {
      const res = await api(`/search?q=${encodeURIComponent(q)}`);
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(expected);
      if (expected === 200) {
        await expectMatchesOpenApi(body, "/search", "get", 200);
        expect(body.data.query).toBe(q.trim());
      } else {
        expect(Object.keys(body.errors)).toEqual(["q"]);
      }
    });
  }

  it("operators are searched as words, not obeyed", async () => {
    // NOT would exclude; as a word it narrows (AND) and then falls back to any word.
    expect(ids((await search("buck NOT converter")).documents)[0]).toBe(PUBLIC_SCHEMATIC);
    expect(ids((await search("buck*")).documents)).toEqual([PUBLIC_SCHEMATIC]);
    expect(ids((await search("(buck)")).documents)).toEqual([PUBLIC_SCHEMATIC]);
    expect(ids((await search("-buck")).documents)).toEqual([PUBLIC_SCHEMATIC]);
  });
});

describe("the index stays in sync with the base tables", () => {
  it("follows title, page, reply, type and board changes", async () => {
    await env.DB.prepare("update documents set title = 'Zebrafinch manual' where id = ?").bind(EXTRA.IDS.datasheet).run();
    expect(ids((await search("zebrafinch")).documents)).toEqual([EXTRA.IDS.datasheet]);
    expect(ids((await search("TPS62180 datasheet")).documents)).toEqual([]);

    // A type changes by a re-import (no API changes it): the text shard's rows follow.
    const retyped = structuredClone(extraFixture) as typeof extraFixture;
    for (const d of retyped.documents) if (d.id === EXTRA.IDS.datasheet) (d as { type: string }).type = "schematic";
    for (const d of retyped.documents) if (d.id === EXTRA.IDS.datasheet) (d as { title: string }).title = "Zebrafinch manual";
    expect((await importContent(env, retyped)).ok).toBe(true);
    expect(ids((await getJson("/search?q=enable%20pin&type=schematic")).body.data.documents)).toEqual([EXTRA.IDS.datasheet]);
    expect((await getJson("/search?q=enable%20pin&type=datasheet")).body.data.documents).toEqual([]);

    const shardName = await recordedShard(EXTRA.IDS.datasheet);
    const holder = textShards(env).find((s) => s.name === shardName)!;
    await holder.db.prepare("delete from document_pages where document_id = ?").bind(EXTRA.IDS.datasheet).run();
    expect((await search("enable pin")).documents).toEqual([]);

    await env.DB.prepare("update thread_replies set hidden = 1 where thread_id = ? and body like 'Replace%'").bind(EXTRA.IDS.replyThread).run();
    expect((await search("ferritebead")).threads).toEqual([]);
    await env.DB.prepare("update thread_replies set hidden = 0 where thread_id = ? and body like 'Replace%'").bind(EXTRA.IDS.replyThread).run();
    expect(ids((await search("ferritebead")).threads)).toEqual([EXTRA.IDS.replyThread]);

    await env.DB.prepare(
      "insert into board_aliases (norm, board_id, alias) select 'QUOKKA7', id, 'QUOKKA-7' from boards where norm = 'NMA311'",
    ).run();
    expect((await search("quokka 7")).boards[0]?.number).toBe("NM-A311");
  });

  it("re-importing the same content leaves one index row per item", async () => {
    await seedSample();
    await importContent(env, extraFixture);
    const data = await search("820-00165");
    expect(new Set(ids(data.threads)).size).toBe(data.threads.length);
    expect(ids(data.documents).filter((id) => id === PUBLIC_SCHEMATIC)).toHaveLength(1);
    expect(ids((await search("quetzalrail", { key: KEYS.aliceRead })).documents)).toEqual([EXTRA.IDS.alicePagesPrivate]);
  });

  it("deleting a document removes its metadata and pages from search", async () => {
    await env.DB.prepare("delete from documents where id = ?").bind(EXTRA.IDS.alicePagesPrivate).run();
    expect((await search("quetzalrail", { key: KEYS.aliceRead })).documents).toEqual([]);
    expect((await search("bench log", { key: KEYS.aliceRead })).documents).toEqual([]);
    await importContent(env, extraFixture);
  });
});

describe("bounded ranking: common words are weighed over the recent tier only", () => {
  const ctx = () => queryContext();

  it("every word common: ranked over the recent tier, same items", async () => {
    const normal = await searchSite(ctx(), "converter");
    const bounded = await searchSite(ctx(), "converter", { tuning: { commonRows: 1 } });
    expect(ids(bounded.documents).sort()).toEqual(ids(normal.documents).sort());
    expect(ids(bounded.documents).length).toBeGreaterThan(0);
  });

  it("a common word filters while the selective one is weighed (two steps), type filter included", async () => {
    // "converter" is on two pages (common at commonRows 2); "buck" on one (selective).
    const mixed = await searchSite(ctx(), "buck converter", { tuning: { commonRows: 2 } });
    expect(ids(mixed.documents)).toEqual([PUBLIC_SCHEMATIC]);
    const typed = await searchSite(ctx(), "buck converter", { type: "schematic", tuning: { commonRows: 2 } });
    expect(ids(typed.documents)).toEqual([PUBLIC_SCHEMATIC]);
    const otherType = await searchSite(ctx(), "buck converter", { type: "datasheet", tuning: { commonRows: 2 } });
    expect(otherType.documents.map((d) => d.type)).toEqual(["datasheet"]); // via the any-word pass: "converter"
  });

  it("the forgiving pass also works when words are common", async () => {
    const data = await searchSite(ctx(), "corrosion zzzunknownword", { tuning: { commonRows: 1 } });
    expect(titles(data.cases)).toEqual(["J130 dead after liquid"]);
  });

  it("limit caps every group", async () => {
    const data = await searchSite(ctx(), "820-00165", { limit: 1 });
    for (const group of [data.boards, data.documents, data.threads, data.cases]) expect(group.length).toBeLessThanOrEqual(1);
    expect(data.boards[0].number).toBe("820-00165");
  });
});

describe("the index is rebuildable from the base tables", () => {
  it("drop + rebuild gives the same answers", async () => {
    const queries: [string, string | undefined][] = [
      ["820-00165", undefined],
      ["quetzalrail", KEYS.aliceRead],
      ["ferritebead", undefined],
      ["diagnostico", undefined],
      ["converter", KEYS.bob],
    ];
    const before = await Promise.all(queries.map(([q, key]) => search(q, { key })));
    await env.DB.batch(["drop table search_documents", "drop table search_threads"].map((s) => env.DB.prepare(s)));
    const outcome = await rebuildSearchIndex(env.DB);
    expect(outcome.keys).toBeGreaterThan(10);
    const after = await Promise.all(queries.map(([q, key]) => search(q, { key })));
    expect(after).toEqual(before);
    expect(ids(after[1].documents)).toEqual([EXTRA.IDS.alicePagesPrivate]);
  });
});
