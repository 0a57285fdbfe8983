// MCP against the demo dataset that `npm run dev` loads (issue 30): every tool within the 24 KiB bound at its largest
// limit, in both languages; the tools' own words in the language asked for; list_recent with since reaching changes
// of a rare kind from the feed's start.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { generateDemo } from "../../scripts/demo/generate";
import { encodePosition } from "../../src/changes/feed";
import { callOk, connectV2, type McpTestClient } from "../helpers/mcp";

let client: McpTestClient;
/** The change log's last row before the demo's import: what earlier test files left there is not the demo's. */
let logStart = 0;

beforeAll(async () => {
  logStart = (await env.DB.prepare("select coalesce(max(seq), 0) as n from changes").first<{ n: number }>())?.n ?? 0;
  const outcome = await importContent(env, structuredClone(await generateDemo()), { reset: true });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems.slice(0, 5)));
  client = await connectV2();
}, 120_000);

afterAll(() => client?.close());

const ids = async (sql: string) => (await env.DB.prepare(sql).all<{ id: string }>()).results.map((r) => r.id);

describe("bounds at the largest limits (call() asserts 24 KiB on every result)", () => {
  it("list_recent: every kind at limit 25, in both languages", async () => {
    for (const lang of ["es", "en"])
      for (const kind of ["threads", "posts", "cases", "files", "categories"]) {
        const result = await callOk(client, "list_recent", { kind, limit: 25, lang });
        expect(result.content.length, kind).toBeGreaterThan(1 + (kind === "categories" ? -1 : 0));
      }
  });

  it("search: every group at its limit, and all groups at once", async () => {
    for (const q of ["placa", "board", "no enciende", "PP3V3", "LA-K351P"]) {
      await callOk(client, "search", { q });
      for (const only of ["boards", "documents", "threads", "posts", "cases"]) await callOk(client, "search", { q, only, lang: "en" });
    }
  });

  it("the get_* tools on the demo's longest items", async () => {
    const threads = await ids("select thread_id as id from thread_replies group by thread_id order by count(*) desc limit 3");
    for (const thread of threads) await callOk(client, "get_thread", { thread });
    for (const post of await ids("select id from blog_posts order by length(body) desc limit 3")) await callOk(client, "get_post", { post });
    for (const id of await ids("select id from repair_cases order by length(diagnosis) + length(coalesce(fix, '')) desc limit 5"))
      await callOk(client, "get_repair_case", { case: id, lang: "en" });
    for (const document of await ids(
      "select v.document_id as id from document_versions v join documents d on d.id = v.document_id where d.visibility = 'public' and d.status = 'available' group by v.document_id order by count(*) desc limit 3",
    ))
      await callOk(client, "get_document", { document });
    const boards = await env.DB.prepare(
      "select b.number as id from boards b order by (select count(*) from document_boards db where db.board_id = b.id) desc limit 3",
    ).all<{
      id: string;
    }>();
    for (const { id } of boards.results) await callOk(client, "get_board", { board: id });
  });
});

describe("the tools' own words follow the language asked for", () => {
  it("search says what it found in Spanish or English", async () => {
    const es = await callOk(client, "search", { q: "no enciende", only: "cases", lang: "es" });
    const n = es.structuredContent.cases.length;
    expect(n).toBeGreaterThan(1);
    expect(es.content[0].text).toContain(`Se encontraron ${n} casos de reparación.`);
    expect(es.content[0].text).not.toMatch(/\bFound\b|repair cases/);
    const en = await callOk(client, "search", { q: "no enciende", only: "cases", lang: "en" });
    expect(en.content[0].text).toContain(`Found ${n} repair cases.`);
  });

  it("get_repair_case gives a member's own diagnosis heading once, under no heading of its own", async () => {
    const [id] = await ids(
      "select id from repair_cases where diagnosis like '## Diagnóstico%' and published = 1 and (published_at is null or published_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) limit 1",
    );
    expect(id).toBeTruthy();
    for (const lang of ["es", "en"]) {
      const { content } = await callOk(client, "get_repair_case", { case: id, lang });
      const headings = content[0].text.split("\n").filter((l) => /^##? /.test(l));
      expect(headings.filter((h) => /Diagn/.test(h))).toEqual(["## Diagnóstico"]);
    }
    const es = await callOk(client, "get_repair_case", { case: id, lang: "es" });
    expect(es.content[0].text).toMatch(/^Caso de reparación de /m);
    expect(es.content[0].text).toContain("**Síntoma:**");
    const en = await callOk(client, "get_repair_case", { case: id, lang: "en" });
    expect(en.content[0].text).toMatch(/^Repair case by /m);
  });

  it("list_recent's headings, ranges and item lines are in the language asked for", async () => {
    const es = await callOk(client, "list_recent", { kind: "cases", limit: 3, lang: "es" });
    expect(es.content[0].text).toMatch(/^# Casos de reparación recientes\n1–3 de \d+, los más nuevos primero \(página 1 de \d+\)/);
    expect(es.content[0].text).toContain("Más: llama a list_recent con");
    const en = await callOk(client, "list_recent", { kind: "cases", limit: 3, lang: "en" });
    expect(en.content[0].text).toMatch(/^# Recent repair cases\n1–3 of \d+, newest first \(page 1 of \d+\)/);
  });
});

describe("list_recent with since", () => {
  it("from the feed's start, the first call already reaches blog post changes behind thousands of forum changes", async () => {
    // The feed's start as the demo wrote it: its first forum change (the import's reset first logged the removal
    // of what earlier test files had loaded), then thousands of forum changes before its first blog post's.
    const start = await env.DB.prepare(
      "select min(seq) - 1 as n from changes where seq > ? and kind = 'thread' and item_id in (select id from threads)",
    )
      .bind(logStart)
      .first<{ n: number }>();
    const before = await env.DB.prepare(
      "select count(*) as n from changes where seq > ?1 and seq < (select min(seq) from changes where kind = 'post' and seq > ?1)",
    )
      .bind(start!.n)
      .first<{ n: number }>();
    expect(before!.n).toBeGreaterThan(1000);
    const since = encodePosition({ seq: start!.n, readAtMs: Date.now() });
    const first = await callOk(client, "list_recent", { kind: "posts", since, limit: 10 });
    expect(first.structuredContent.changes.every((c: { kind: string }) => c.kind === "post")).toBe(true);
    // Upserts only: the import's reset also logged the removal of what earlier test files had loaded.
    const upserts = (changes: { id: string; change: string }[]) => changes.filter((c) => c.change === "upsert").map((c) => c.id);
    expect(upserts(first.structuredContent.changes).length).toBeGreaterThan(0);
    // Following feed.next walks every post change, a bounded stretch of the log per call.
    const seen = new Set<string>(upserts(first.structuredContent.changes));
    let next = first.structuredContent.feed;
    let calls = 1;
    while (next.has_more) {
      const page = await callOk(client, "list_recent", { kind: "posts", since: next.next, limit: 25 });
      for (const id of upserts(page.structuredContent.changes)) seen.add(id);
      next = page.structuredContent.feed;
      calls++;
      expect(calls).toBeLessThan(20);
    }
    const published = await env.DB.prepare("select count(*) as n from blog_posts where published_at is not null and published_at <= ?")
      .bind(new Date().toISOString())
      .first<{ n: number }>();
    expect(seen.size).toBe(published!.n);
  });
});

describe("pages cap alike in every tool", () => {
  it("page (and a post's part) 100 000 is taken by every tool that pages; 100 001 is refused by each, naming the bound", async () => {
    const [thread] = await ids("select thread_id as id from thread_replies group by thread_id order by count(*) desc limit 1");
    const [post] = await ids("select id from blog_posts where published_at is not null limit 1");
    const calls: [string, Record<string, unknown>][] = [
      ["get_thread", { thread }],
      ["get_board", { board: "820-00165" }],
      ["list_recent", { kind: "threads" }],
      ["list_recent", { kind: "categories" }],
    ];
    for (const [name, args] of calls) {
      const result = await callOk(client, name, { ...args, page: 100_000, lang: "en" });
      expect(result.structuredContent.notes.join(" "), name).toMatch(/past the end/);
      const refused = (await client.callTool({ name, arguments: { ...args, page: 100_001 } })) as { isError?: boolean; content: { text: string }[] };
      expect(refused.isError, name).toBe(true);
      expect(refused.content[0].text, name).toMatch(/100000/);
    }
    const part = (await client.callTool({ name: "get_post", arguments: { post, part: 100_000, lang: "en" } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(part.content[0].text).toMatch(/ask for part 1 to/);
    const partOver = (await client.callTool({ name: "get_post", arguments: { post, part: 100_001 } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(partOver.isError).toBe(true);
    expect(partOver.content[0].text).toMatch(/100000/);
  });
});
