import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { CONTENT_TABLES } from "../../cli/import/load";
import { forgetSearchMemory } from "../../src/search";
import sample from "../fixtures/sample.json";
import { getJson, seedSample } from "../helpers/app";

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CONTENT_TABLES) {
    counts[table] = (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;
  }
  counts.r2_objects = (await env.FILES.list()).objects.length;
  return counts;
}

/** A snapshot of every row (but the documents' updated_at, which records each import), in key order. */
async function allRows(): Promise<string> {
  const parts = [];
  for (const table of CONTENT_TABLES) {
    const rows = (await env.DB.prepare(`select * from ${table}`).all<Record<string, unknown>>()).results.map(({ updated_at, ...row }) =>
      table === "documents" ? row : { updated_at, ...row },
    );
    parts.push(JSON.stringify(rows.map((r) => JSON.stringify(r)).sort()));
  }
  return parts.join("\n");
}

const clone = () => structuredClone(sample) as any;

describe("importing the sample", () => {
  beforeAll(seedSample);

  it("loads every record and derives what is derived", async () => {
    const counts = await rowCounts();
    expect(counts).toMatchObject({
      users: 4,
      api_keys: 7,
      manufacturers: 2,
      boards: 2,
      board_aliases: 3,
      categories: 2,
      threads: 3,
      thread_replies: 3,
      blog_posts: 3,
      blog_comments: 1,
      repair_cases: 2,
      documents: 6,
      document_versions: 7,
      r2_objects: 7,
    });
    const keys = await env.DB.prepare("select * from api_keys").all<Record<string, unknown>>();
    expect(JSON.stringify(keys.results)).not.toContain("bds_aliceRead0000000000000000000001");
  });

  it("is idempotent: a second import (with or without reset) leaves the same rows", async () => {
    const before = await rowCounts();
    const snapshot = await allRows();
    const again = await importContent(env, clone());
    expect(again.ok).toBe(true);
    expect(await rowCounts()).toEqual(before);
    expect(await allRows()).toEqual(snapshot);
    const reset = await importContent(env, clone(), { reset: true });
    expect(reset.ok).toBe(true);
    expect(await rowCounts()).toEqual(before);
  });

  it("a re-import updates in place: edited records change, removed replies and comments go, times stay", async () => {
    const createdBefore = (await getJson(`/documents/01JE28JT97KB6CQ643DZVMXXQK`, { key: "bds_aliceRead0000000000000000000001" })).body.data
      .created_at;
    const edited = clone();
    edited.threads[0].posts.pop(); // the hidden reply
    edited.threads[0].posts[0].body = "Check **U7000** first.";
    edited.blog_posts[0].comments = [];
    const outcome = await importContent(env, edited);
    expect(outcome.ok).toBe(true);
    const thread = (await getJson("/forum/threads/01JBGJ09TQM83XSSSS6YS3C4DW")).body.data;
    expect(thread.posts[0].body_html).toBe("<p>Check <strong>U7000</strong> first.</p>\n");
    expect((await rowCounts()).thread_replies).toBe(2);
    expect((await rowCounts()).blog_comments).toBe(0);
    const doc = (await getJson(`/documents/01JE28JT97KB6CQ643DZVMXXQK`, { key: "bds_aliceRead0000000000000000000001" })).body.data;
    expect(doc.created_at).toBe(createdBefore);
    expect(doc.versions[0].created_at).toBe(createdBefore);
    expect((await importContent(env, clone())).ok).toBe(true);
  });

  it("a file with errors loads nothing and names each problem by its JSON path", async () => {
    const before = await rowCounts();
    const snapshot = await allRows();
    // One file with shape problems and reference problems: one run lists them all.
    const bad = clone();
    bad.documents[0].id = "not-a-ulid";
    delete bad.cases[0].diagnosis;
    bad.documents[1].versions[0].content_base64 = "aGk=";
    bad.threads[0].posts[0].score = "many";
    bad.users[3].role = "king";
    bad.threads[0].author = "zed";
    bad.users[1].username = "alice";
    bad.threads[0].board = "999-99999";
    bad.threads[1].category = "no-such-category";
    bad.cases[1].documents = ["01K9999999999999999999999Z"];
    bad.documents[2].shared_with = ["nobody"];
    bad.boards[1].aliases = ["X1C-MLB"];
    const outcome = await importContent(env, bad, { reset: true });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const byPath = Object.fromEntries(outcome.problems.map((p) => [p.path, p.message]));
    expect(byPath["$.documents[0].id"]).toMatch(/ULID/);
    expect(byPath["$.cases[0].diagnosis"]).toBeTruthy();
    expect(byPath["$.documents[1].versions[0]"]).toMatch(/exactly one of content_base64 or content_text/);
    expect(byPath["$.threads[0].posts[0].score"]).toBeTruthy();
    expect(byPath["$.users[3].role"]).toBeTruthy();
    expect(byPath["$.users[1]"]).toMatch(/duplicate username "alice"/);
    expect(byPath["$.threads[1].category"]).toMatch(/unknown category "no-such-category"/);
    expect(byPath["$.cases[1].documents[0]"]).toMatch(/unknown document/);
    expect(byPath["$.documents[2].shared_with[0]"]).toMatch(/unknown user "nobody"/);
    expect(byPath["$.boards[1].aliases[0]"]).toMatch(/already used by board 820-00165/);
    // Dave's user record is malformed; his key is not also reported as naming an unknown user.
    expect(byPath["$.api_keys[6].user"]).toBeUndefined();
    expect(byPath["$.api_keys[2].user"]).toMatch(/unknown user "bob"/); // bob was renamed to a duplicate
    expect(outcome.problems.every((p) => p.message.length > 0)).toBe(true);

    // Reference problems of a record are reported once its shape is right.
    const refs = clone();
    refs.threads[0].author = "zed";
    refs.threads[0].board = "999-99999";
    const refOutcome = await importContent(env, refs);
    expect(refOutcome.ok).toBe(false);
    if (refOutcome.ok) return;
    expect(refOutcome.problems).toEqual([
      { path: "$.threads[0].author", message: 'unknown user "zed"' },
      { path: "$.threads[0].board", message: 'unknown board "999-99999"' },
    ]);

    // Neither file touched anything, even though both asked for a reset.
    expect(await rowCounts()).toEqual(before);
    expect(await allRows()).toEqual(snapshot);
  });

  it("refuses what is not an import file at all", async () => {
    for (const raw of [null, [], "text", { threads: "nope" }, { unknown_section: [] }]) {
      const outcome = await importContent(env, raw);
      expect(outcome.ok, JSON.stringify(raw)).toBe(false);
    }
  });
});

describe("markdown is rendered safe", () => {
  const HOSTILE = [
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "<img src=x onerror=alert(1)>",
    "[y](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    '<a href="javascript:alert(2)">z</a>',
    "[c](JaVaScRiPt:alert(3))",
    "[e](java&#x73;cript:alert(5))",
    "[f](vbscript:msgbox(1))",
    "<javascript:alert(6)>",
    "[r][1]\n\n[1]: javascript:alert(7)",
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload="alert(8)">',
    "![pic](https://tracker.example/p.png)",
    "```html\n<script>alert(9)</script>\n```",
  ].join("\n\n");
  const SAFE = "[web](https://example.org/page) [plain](http://example.org/) [mail](mailto:someone@example.org) <https://example.org/auto>";
  const body = `${HOSTILE}\n\n${SAFE}`;
  const IDS = { thread: "01K3000000000000000000000A", post: "01K3000000000000000000000B", repair: "01K3000000000000000000000C" };

  beforeAll(async () => {
    await seedSample();
    const outcome = await importContent(env, {
      threads: [
        {
          id: IDS.thread,
          category: "general",
          title: "Hostile",
          author: "bob",
          body,
          created_at: "2026-01-01T00:00:00Z",
          posts: [{ author: "alice", body, created_at: "2026-01-02T00:00:00Z" }],
        },
      ],
      blog_posts: [
        { id: IDS.post, title: "Hostile post", author: "bob", body, published_at: "2026-01-01T00:00:00Z", comments: [{ author: "alice", body }] },
      ],
      cases: [{ id: IDS.repair, title: "Hostile case", symptom: "s", diagnosis: body, fix: body, published_at: "2026-01-01T00:00:00Z" }],
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  });

  function expectSafe(html: string, where: string) {
    expect(html, where).not.toMatch(/<script/i);
    expect(html, where).not.toMatch(/<iframe|<svg|<img/i);
    expect(html, where).not.toMatch(/javascript:|vbscript:/i);
    expect(html, where).not.toMatch(/onerror=|onload=/i);
    expect(html, where).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html, where).not.toMatch(/(href|src)\s*=\s*"(?!https?:|mailto:)/i);
    expect(html, where).not.toMatch(/data:text/i);
    for (const href of ["https://example.org/page", "http://example.org/", "mailto:someone@example.org", "https://example.org/auto"]) {
      expect(html, `${where} keeps ${href}`).toContain(`href="${href}"`);
    }
  }

  it("in every stored *_html column", async () => {
    const columns: [string, string][] = [
      ["threads", "body_html"],
      ["thread_replies", "body_html"],
      ["blog_posts", "body_html"],
      ["blog_comments", "body_html"],
      ["repair_cases", "diagnosis_html"],
      ["repair_cases", "fix_html"],
    ];
    for (const [table, column] of columns) {
      const rows = await env.DB.prepare(`select ${column} as html from ${table} where ${column} like '%example.org/page%'`).all<{ html: string }>();
      expect(rows.results.length, `${table}.${column}`).toBeGreaterThan(0);
      for (const row of rows.results) expectSafe(row.html, `${table}.${column}`);
    }
  });

  it("in every *_html field the API serves, while the Markdown source is kept as written", async () => {
    const thread = (await getJson(`/forum/threads/${IDS.thread}`)).body.data;
    expectSafe(thread.body_html, "thread");
    expectSafe(thread.posts[0].body_html, "reply");
    expect(thread.body).toBe(body);
    const post = (await getJson(`/posts/${IDS.post}`)).body.data;
    expectSafe(post.body_html, "post");
    expect(post.comment_list[0].body).toBe(body);
    const repair = (await getJson(`/cases/${IDS.repair}`)).body.data;
    expectSafe(repair.diagnosis_html, "diagnosis");
    expectSafe(repair.fix_html, "fix");
    // Unsafe links keep their text; escaped markup stays readable as text.
    expect(post.body_html).toContain("<p>x</p>");
    expect(post.body_html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});

describe("a reset import starts the search vocabulary afresh", () => {
  // A word only this thread has: its other form (plural) and a typo of it are offered while it is indexed.
  const thread = {
    id: "01K3000000000000000000000D",
    category: "laptops",
    title: "Chisporroteo en el conector de carga",
    author: "bob",
    body: "Se oye un chisporroteo al enchufar el cargador.",
    created_at: "2026-01-01T00:00:00Z",
  };
  const interpretation = async (q: string) => (await getJson(`/search?q=${encodeURIComponent(q)}`)).body.data.interpretation;

  it("offers no form or correction of a word only the old content had, and those of the new content still", async () => {
    await seedSample();
    const added = await importContent(env, { threads: [thread] });
    expect(added.ok).toBe(true);
    expect((await interpretation("chisporroteos")).forms).toEqual([{ word: "chisporroteos", to: ["chisporroteo"] }]);
    expect((await interpretation("chisporoteo")).corrections).toEqual([{ word: "chisporoteo", to: ["chisporroteo"] }]);

    // The sample alone, by a reset import. This isolate remembers a word's variants for minutes (as designed:
    // src/search/understand/understand.ts); a fresh one reads them from the vocabulary, as here.
    await seedSample();
    forgetSearchMemory();
    const gone = await interpretation("chisporroteos chisporoteo");
    expect(gone.forms).toEqual([]);
    expect(gone.corrections).toEqual([]);
    // Rebuilt from the new index at the import's end, not just emptied: the sample's own words are still corrected.
    expect((await interpretation("corrosoin")).corrections).toEqual([{ word: "corrosoin", to: ["corrosion"] }]);
  });
});
