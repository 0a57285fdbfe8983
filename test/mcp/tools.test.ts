// The MCP tools through real clients over HTTP: ids and page addresses, visibility, paging, budgets, errors.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, SAMPLE_IDS } from "../helpers/app";
import { call, callError, callOk, connectV1, connectV2, type McpTestClient } from "../helpers/mcp";
import {
  EXTRA_PUBLIC_DOCUMENTS,
  FILLERS,
  LONG_POST_COMMENTS,
  LONG_REPLY_NUMBER,
  LONG_THREAD_REPLIES,
  MCP_IDS,
  seedMcpFixture,
} from "../helpers/mcp-fixture";

const THREAD_ADDRESSES = (id: string) =>
  [
    [`${ORIGIN}/en/forum/${id}/820-00165-no-power-pp3v42-missing`, "en"],
    [`${ORIGIN}/es/foro/${id}`, "es"],
    [`${ORIGIN}/en/forum/${id}/`, "en"],
    [`${ORIGIN}/es/foro/${id.toLowerCase()}/slug?utm_source=chat#reply-2`, "es"],
    [`http://other-host.example:8787/en/forum/${id}`, "en"],
    [`/es/foro/${id}/any-slug/`, "es"],
    [`boards.example.org/en/forum/${id}`, "en"],
  ] as const;

let v1: McpTestClient;
let v2: McpTestClient;
let v2Modern: McpTestClient;

beforeAll(async () => {
  await seedMcpFixture();
  [v1, v2, v2Modern] = await Promise.all([connectV1(), connectV2(), connectV2("modern")]);
});
afterAll(async () => {
  await Promise.all([v1.close(), v2.close(), v2Modern.close()]);
});

describe.each([
  ["@modelcontextprotocol/sdk v1 client", () => v1],
  ["@modelcontextprotocol/client v2 (2025-11-25)", () => v2],
  ["@modelcontextprotocol/client v2 (2026-07-28)", () => v2Modern],
])("%s", (_name, client) => {
  it("lists the read-only tools with titles, short descriptions and input schemas, in at most 8 KiB", async () => {
    const listed = await client().listTools();
    const { tools } = listed;
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_board",
      "get_document",
      "get_post",
      "get_repair_case",
      "get_thread",
      "list_recent",
      "search",
    ]);
    // What an assistant loads into its model's context before the first question (docs/mcp.md: 34 630 bytes before).
    expect(new TextEncoder().encode(JSON.stringify(listed)).byteLength).toBeLessThanOrEqual(8 * 1024);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool.title!.length).toBeGreaterThan(5);
      expect(tool.description!.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema, tool.name).toBeUndefined();
    }
    // Tools that page say how to continue.
    for (const name of ["get_thread", "get_post", "get_board", "list_recent", "search"]) {
      expect(tools.find((t) => t.name === name)!.description, name).toMatch(/(next (page|part)|call again)/);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.get_thread.inputSchema.required).toEqual(["thread"]);
    expect(byName.get_board.inputSchema.required).toEqual(["board"]);
    expect(byName.search.inputSchema.required).toEqual(["q"]);
    expect(byName.search.inputSchema.properties.q).toMatchObject({ minLength: 2, maxLength: 200 });
    expect(byName.list_recent.inputSchema.properties.kind.enum).toEqual(["threads", "posts", "cases", "files", "categories"]);
    expect(byName.list_recent.inputSchema.properties.limit.maximum).toBe(25);
    for (const name of ["search", "get_thread", "get_post", "get_repair_case", "get_document", "get_board", "list_recent"]) {
      expect(byName[name].inputSchema.properties.lang.enum).toEqual(["es", "en"]);
    }
  });

  it("reads each kind of item by id, with its url and author in both the text and structuredContent", async () => {
    const thread = await callOk(client(), "get_thread", { thread: SAMPLE_IDS.thread });
    expect(thread.structuredContent.thread).toMatchObject({ id: SAMPLE_IDS.thread, author: "bob", status: "solved" });
    expect(thread.structuredContent.thread.url).toBe(`${ORIGIN}/es/foro/${SAMPLE_IDS.thread}/820-00165-no-power-pp3v42-missing`);
    expect(thread.content[0].text).toContain(thread.structuredContent.thread.url);
    expect(thread.content[0].text).toContain("bob");

    const post = await callOk(client(), "get_post", { post: MCP_IDS.publishedPost });
    expect(post.structuredContent.post).toMatchObject({ id: MCP_IDS.publishedPost, author: "alice", title: "Diagnóstico de línea PP3V3" });
    expect(post.content[0].text).toContain(post.structuredContent.post.url);

    const repair = await callOk(client(), "get_repair_case", { case: MCP_IDS.publishedCase });
    expect(repair.structuredContent.case).toMatchObject({ id: MCP_IDS.publishedCase, author: "bob", outcome: "fixed", board: "820-00165" });
    expect(repair.content[0].text).toContain(repair.structuredContent.case.url);

    const doc = await callOk(client(), "get_document", { document: SAMPLE_IDS.publicSchematic });
    expect(doc.structuredContent.document).toMatchObject({ id: SAMPLE_IDS.publicSchematic, owner: "bob", visibility: "public", status: "available" });
    expect(doc.content[0].text).toContain(doc.structuredContent.document.url);
    expect(doc.content[0].text).toContain("bob");

    const board = await callOk(client(), "get_board", { board: "820-00165" });
    expect(board.structuredContent.board).toMatchObject({ number: "820-00165", norm: "82000165", url: `${ORIGIN}/es/placas/82000165` });

    const found = await callOk(client(), "search", { q: "PP3V42" });
    expect(found.structuredContent.threads.map((t: any) => t.id)).toContain(SAMPLE_IDS.thread);

    const recent = await callOk(client(), "list_recent", { kind: "threads" });
    expect(recent.structuredContent.threads.length).toBeGreaterThan(0);
  });

  it("answers bad input with a tool error that explains itself", async () => {
    expect(await callError(client(), "get_thread", { thread: "not-an-id" })).toMatch(/neither a forum thread id .* nor a forum thread page address/);
    expect(await callError(client(), "get_document", { document: SAMPLE_IDS.alicePrivate })).toMatch(
      /(No document|Documento) .* (is|no está) visible/,
    );
  });
});

describe("get_thread", () => {
  it("accepts the id in any case and page addresses in both languages; urls follow the address's language", async () => {
    const lower = await callOk(v2, "get_thread", { thread: SAMPLE_IDS.thread.toLowerCase() });
    expect(lower.structuredContent.thread.id).toBe(SAMPLE_IDS.thread);
    for (const [address, lang] of THREAD_ADDRESSES(SAMPLE_IDS.thread)) {
      const result = await callOk(v2, "get_thread", { thread: address });
      expect(result.structuredContent.thread.id, address).toBe(SAMPLE_IDS.thread);
      expect(result.structuredContent.thread.url, address).toMatch(new RegExp(`^${ORIGIN}/${lang}/${lang === "en" ? "forum" : "foro"}/`));
      expect(result.structuredContent.thread.board.url, address).toBe(`${ORIGIN}/${lang}/${lang === "en" ? "boards" : "placas"}/82000165`);
    }
    const explicit = await callOk(v1, "get_thread", { thread: `${ORIGIN}/es/foro/${SAMPLE_IDS.thread}`, lang: "en" });
    expect(explicit.structuredContent.thread.url).toContain("/en/forum/");
    expect(explicit.structuredContent.thread.document.url).toBe(`${ORIGIN}/en/library/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`);
  });

  it("shows visible replies only, oldest first, with the accepted solution marked", async () => {
    const { structuredContent, content } = await callOk(v1, "get_thread", { thread: SAMPLE_IDS.thread });
    expect(structuredContent.replies.map((r: any) => [r.author, r.is_solution])).toEqual([
      ["alice", false],
      ["bob", true],
    ]);
    expect(structuredContent.replies_page).toEqual({ page: 1, per_page: 10, total: 2, last_page: 1 });
    expect(structuredContent.next).toBeNull();
    expect(JSON.stringify(structuredContent)).not.toContain("spam");
    expect(content[0].text).toContain("solución aceptada");
    expect(content[0].text).not.toContain("spam");
  });

  it("never reaches an unpublished thread, by id or by address", async () => {
    for (const ref of [SAMPLE_IDS.hiddenThread, `${ORIGIN}/en/forum/${SAMPLE_IDS.hiddenThread}/held-for-moderation`]) {
      const text = await callError(v2, "get_thread", { thread: ref });
      expect(text).toMatch(new RegExp(`(No forum thread|Hilo del foro) ${SAMPLE_IDS.hiddenThread} (is|no está) visible`));
      expect(text).not.toContain("Held for moderation");
    }
    const listed = await callOk(v2, "list_recent", { kind: "threads", limit: 25 });
    expect(listed.structuredContent.threads.map((t: any) => t.id)).not.toContain(SAMPLE_IDS.hiddenThread);
  });

  it("explains malformed ids, unknown ids and addresses of another kind", async () => {
    expect(await callError(v1, "get_thread", { thread: `${ORIGIN}/en/forum/12345/slug` })).toMatch(/forum thread id .*26 characters/);
    expect(await callError(v1, "get_thread", { thread: "01JBGJ09TQM83XSSSS6YS3C4DX" })).toMatch(
      /Hilo del foro 01JBGJ09TQM83XSSSS6YS3C4DX no está visible/,
    );
    expect(await callError(v1, "get_thread", { thread: `${ORIGIN}/es/blog/${MCP_IDS.publishedPost}` })).toMatch(/blog post page.*get_post/);
    expect(await callError(v1, "get_thread", { thread: `${ORIGIN}/fr/forum/${SAMPLE_IDS.thread}` })).toMatch(/page address/);
    expect(await callError(v1, "get_thread", { thread: "" })).toMatch(/thread/);
    expect(await callError(v1, "get_thread", { thread: "x".repeat(5000) })).toMatch(/thread/);
    expect(await callError(v1, "get_thread", { thread: SAMPLE_IDS.thread, page: 0 })).toMatch(/page/);
    expect(await callError(v1, "get_thread", { thread: SAMPLE_IDS.thread, page: "two" })).toMatch(/page/);
    expect(await callError(v1, "get_thread", {})).toMatch(/thread/);
  });

  it("pages long threads in small pages and cuts long texts with a note on how to read them", async () => {
    const first = await callOk(v2, "get_thread", { thread: MCP_IDS.longThread });
    const sc = first.structuredContent;
    expect(sc.replies).toHaveLength(10);
    expect(sc.replies_page).toEqual({ page: 1, per_page: 10, total: LONG_THREAD_REPLIES, last_page: 3 });
    expect(sc.next).toEqual({ tool: "get_thread", arguments: { thread: MCP_IDS.longThread, page: 2, lang: "es" } });
    expect(first.content[0].text).toContain(`Más: llama a get_thread con ${JSON.stringify(sc.next.arguments)}`);
    expect(sc.thread.body.length).toBeLessThan(20000);
    expect(sc.thread.body.endsWith("[…]")).toBe(true);
    expect(sc.notes.join("\n")).toMatch(/publicación inicial está recortada .* de 20000 caracteres/);
    const longReply = sc.replies[LONG_REPLY_NUMBER - 1];
    expect(longReply.body.endsWith("[…]")).toBe(true);
    const replyNote = sc.notes.find((n: string) => n.startsWith(`La respuesta ${LONG_REPLY_NUMBER} `));
    expect(replyNote).toContain(JSON.stringify({ thread: MCP_IDS.longThread, page: LONG_REPLY_NUMBER, per_page: 1, lang: "es" }));
    // Short replies are whole: the budget is shared, not split evenly.
    expect(sc.replies[0].body).toMatch(/^Reply 1: /);
    expect(sc.replies[0].body.endsWith("[…]")).toBe(false);

    const alone = await callOk(v2, "get_thread", { thread: MCP_IDS.longThread, page: LONG_REPLY_NUMBER, per_page: 1 });
    expect(alone.structuredContent.replies).toHaveLength(1);
    expect(alone.structuredContent.thread.body).toBeNull();
    expect(alone.structuredContent.replies[0].body.length).toBeGreaterThan(longReply.body.length * 2);
    expect(alone.structuredContent.notes).toEqual([expect.stringContaining(`el texto completo está en su página, ${sc.thread.url}`)]);

    const second = await callOk(v2, "get_thread", sc.next.arguments);
    expect(second.structuredContent.replies[0].body).toMatch(/^Reply 11: /);
    expect(second.structuredContent.thread.body).toBeNull();
    const last = await callOk(v2, "get_thread", second.structuredContent.next.arguments);
    expect(last.structuredContent.replies.map((r: any) => r.body.slice(0, 9))).toEqual(["Reply 21:", "Reply 22:", "Reply 23:"]);
    expect(last.structuredContent.next).toBeNull();
    const seen = [sc, second.structuredContent, last.structuredContent].flatMap((p) => p.replies.map((r: any) => r.id));
    expect(new Set(seen).size).toBe(LONG_THREAD_REPLIES);

    const past = await callOk(v2, "get_thread", { thread: MCP_IDS.longThread, page: 9 });
    expect(past.structuredContent.replies).toEqual([]);
    expect(past.structuredContent.notes.join()).toMatch(/más allá del final/);
  });

  it("reads replies across the API's pages of 50 when per_page does not divide them", async () => {
    // per_page 7, page 8: replies 50..56 would straddle API pages 1 and 2 on a long thread; here the thread has 23.
    const p3 = await callOk(v1, "get_thread", { thread: MCP_IDS.longThread, page: 3, per_page: 7 });
    expect(p3.structuredContent.replies.map((r: any) => r.body.split(":")[0])).toEqual([
      "Reply 15",
      "Reply 16",
      "Reply 17",
      "Reply 18",
      "Reply 19",
      "Reply 20",
      "Reply 21",
    ]);
  });
});

describe("get_post", () => {
  it("accepts ids and addresses in both languages; drafts and scheduled posts are never reachable", async () => {
    for (const ref of [
      MCP_IDS.publishedPost.toLowerCase(),
      `${ORIGIN}/en/blog/${MCP_IDS.publishedPost}/diagnostico-de-linea-pp3v3/`,
      `http://x.test/es/blog/${MCP_IDS.publishedPost}?a=b`,
    ]) {
      const result = await callOk(v2, "get_post", { post: ref });
      expect(result.structuredContent.post.id).toBe(MCP_IDS.publishedPost);
      expect(result.structuredContent.post.comment_list).toEqual([{ id: 1, author: "bob", body: "Great!", created_at: "2026-09-02T00:00:00.000Z" }]);
    }
    const en = await callOk(v2, "get_post", { post: `${ORIGIN}/en/blog/${MCP_IDS.publishedPost}` });
    expect(en.structuredContent.post.url).toBe(`${ORIGIN}/en/blog/${MCP_IDS.publishedPost}/diagnostico-de-linea-pp3v3`);
    for (const hidden of [MCP_IDS.draftPost, MCP_IDS.scheduledPost, `${ORIGIN}/en/blog/${MCP_IDS.draftPost}/draft-post`]) {
      const text = await callError(v2, "get_post", { post: hidden });
      expect(text).toMatch(/(No blog post|Entrada del blog) .* (is|no está) visible/);
      expect(text).not.toMatch(/Draft post|Scheduled post/);
    }
    const listed = [
      await callOk(v2, "list_recent", { kind: "posts", limit: 25 }),
      await callOk(v2, "list_recent", { kind: "posts", limit: 25, page: 2 }),
    ];
    const listedIds = listed.flatMap((r) => r.structuredContent.posts.map((p: any) => p.id));
    expect(listed[0].structuredContent.page.total).toBe(2 + FILLERS);
    expect(listedIds.slice(0, 2)).toEqual([MCP_IDS.longPost, MCP_IDS.publishedPost]);
    expect(listedIds).toHaveLength(2 + FILLERS);
    expect(listedIds).not.toContain(MCP_IDS.draftPost);
    expect(listedIds).not.toContain(MCP_IDS.scheduledPost);
    expect(await callError(v2, "get_post", { post: `${ORIGIN}/en/library/${SAMPLE_IDS.publicSchematic}` })).toMatch(
      /library document page.*get_document/,
    );
  });

  it("gives a long body in parts, the comments with the last part", async () => {
    const first = await callOk(v1, "get_post", { post: MCP_IDS.longPost });
    const parts = first.structuredContent.body_part.parts;
    expect(parts).toBeGreaterThan(2);
    expect(first.structuredContent.post.comment_list).toEqual([]);
    expect(first.structuredContent.next).toEqual({ tool: "get_post", arguments: { post: MCP_IDS.longPost, part: 2, lang: "es" } });
    let body = first.structuredContent.post.body;
    let result = first;
    while (result.structuredContent.next) {
      result = await callOk(v1, "get_post", result.structuredContent.next.arguments);
      body += result.structuredContent.post.body;
    }
    expect(result.structuredContent.body_part).toEqual({ part: parts, parts });
    expect(body.length).toBe(20000);
    expect(body.startsWith("1. Clean the board")).toBe(true);
    const comments = result.structuredContent.post.comment_list;
    expect(comments).toHaveLength(10);
    expect(comments[0].body.endsWith("[…]")).toBe(true);
    expect(result.structuredContent.notes.join("\n")).toContain(`10 de ${LONG_POST_COMMENTS} comentarios`);
    expect(await callError(v1, "get_post", { post: MCP_IDS.longPost, part: parts + 1 })).toContain(`tiene ${parts} partes`);
  });
});

describe("get_repair_case", () => {
  it("accepts ids and addresses in both languages; an unpublished case is never reachable", async () => {
    for (const [ref, section] of [
      [MCP_IDS.publishedCase, "es/reparaciones"],
      [`${ORIGIN}/en/repairs/${MCP_IDS.publishedCase}/j130-dead-after-liquid`, "en/repairs"],
      [`https://elsewhere.example/es/reparaciones/${MCP_IDS.publishedCase.toLowerCase()}/`, "es/reparaciones"],
    ]) {
      const result = await callOk(v2, "get_repair_case", { case: ref });
      const c = result.structuredContent.case;
      expect(c.url).toBe(`${ORIGIN}/${section}/${MCP_IDS.publishedCase}/j130-dead-after-liquid`);
      expect(c.measurements).toEqual([{ point: "PP3V42_G3H", expected: "3.42 V", measured: "0 V", note: null }]);
      expect(c.documents.map((d: any) => d.id)).toEqual([SAMPLE_IDS.publicSchematic]);
      expect(c.thread.id).toBe(SAMPLE_IDS.thread);
      expect(c).not.toHaveProperty("diagnosis_html");
    }
    for (const hidden of [MCP_IDS.unpublishedCase, `${ORIGIN}/es/reparaciones/${MCP_IDS.unpublishedCase}`]) {
      expect(await callError(v2, "get_repair_case", { case: hidden })).toMatch(/(No repair case|Caso de reparación) .* (is|no está) visible/);
    }
    const listed = [
      await callOk(v2, "list_recent", { kind: "cases", limit: 25 }),
      await callOk(v2, "list_recent", { kind: "cases", limit: 25, page: 2 }),
    ];
    const listedIds = listed.flatMap((r) => r.structuredContent.cases.map((c: any) => c.id));
    expect(listedIds).toHaveLength(2 + FILLERS);
    expect(listedIds).not.toContain(MCP_IDS.unpublishedCase);
  });

  it("cuts long texts and tables to the budget with notes", async () => {
    const { structuredContent } = await callOk(v1, "get_repair_case", { case: MCP_IDS.longCase });
    expect(structuredContent.case.diagnosis.endsWith("[…]")).toBe(true);
    expect(structuredContent.case.measurements).toHaveLength(25);
    expect(structuredContent.case.components).toHaveLength(25);
    const notes = structuredContent.notes.join("\n");
    expect(notes).toMatch(/Diagnóstico recortado/);
    expect(notes).toMatch(/Solución recortado/);
    expect(notes).toMatch(/notas de mediciones o componentes están recortadas/);
    expect(structuredContent.case.measurements[0]).toMatchObject({ point: "TP0", expected: "3.3 V", measured: "0 V" });
    expect(notes).toContain("25 de 60 mediciones");
    expect(notes).toContain("25 de 45 componentes");
  });
});

describe("get_document", () => {
  it("accepts ids and addresses in both languages and gives metadata without any download link", async () => {
    for (const ref of [
      `${ORIGIN}/en/library/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`,
      `/es/biblioteca/${SAMPLE_IDS.publicSchematic.toLowerCase()}`,
    ]) {
      const result = await callOk(v2, "get_document", { document: ref });
      expect(result.structuredContent.document).toMatchObject({
        id: SAMPLE_IDS.publicSchematic,
        boards: ["820-00165"],
        versions: [{ version: 1, filename: "820-00165.pdf", is_current: true }],
      });
      const everything = JSON.stringify(result);
      expect(everything).not.toMatch(/\/files\/|signature=|\/download/);
      expect(result.content[0].text).toMatch(/no download link|no hay enlace de descarga/);
    }
  });

  it("never reaches private, shared, processing or taken-down documents", async () => {
    for (const id of [SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.processing, SAMPLE_IDS.takedown]) {
      for (const ref of [id, `${ORIGIN}/en/library/${id}/x`, `${ORIGIN}/es/biblioteca/${id}`]) {
        const text = await callError(v1, "get_document", { document: ref });
        expect(text).toMatch(new RegExp(`(No document|Documento) ${id} (is|no está) visible`));
      }
    }
    const files = await callOk(v1, "list_recent", { kind: "files", limit: 25 });
    const ids = files.structuredContent.files.map((d: any) => d.id);
    expect(files.structuredContent.page.total).toBe(1 + EXTRA_PUBLIC_DOCUMENTS);
    for (const id of [SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview, SAMPLE_IDS.processing, SAMPLE_IDS.takedown]) expect(ids).not.toContain(id);
    expect(files.structuredContent.files.every((d: any) => d.visibility === "public" && d.status === "available")).toBe(true);
  });
});

describe("get_board", () => {
  it("finds a board by number or alias in any spelling, or by its page address in either language", async () => {
    for (const [ref, lang] of [
      ["820-00165", "es"],
      ["82000165", "es"],
      ["820 00165", "es"],
      ["x1c_mlb", "es"],
      ["820-00165-a", "es"],
      [`${ORIGIN}/en/boards/82000165`, "en"],
      [`http://any.host/es/placas/820-00165/`, "es"],
      [`/en/boards/X1C_MLB?ref=1`, "en"],
    ]) {
      const result = await callOk(v2, "get_board", { board: ref });
      expect(result.structuredContent.board.number, ref).toBe("820-00165");
      expect(result.structuredContent.board.url, ref).toBe(`${ORIGIN}/${lang}/${lang === "en" ? "boards" : "placas"}/82000165`);
      expect(result.structuredContent.board.aliases).toEqual(["820-00165-A", "X1C_MLB"]);
    }
    expect(await callError(v2, "get_board", { board: "ZZ-99999" })).toMatch(/Ninguna placa coincide con "ZZ-99999"/);
    expect(await callError(v2, "get_board", { board: `${ORIGIN}/en/forum/${SAMPLE_IDS.thread}` })).toMatch(/forum thread page.*get_thread/);
    expect(await callError(v2, "get_board", { board: "https://example.org/about" })).toMatch(/not a board page address/);
  });

  it("lists only the board's public documents, twenty per page", async () => {
    const first = await callOk(v1, "get_board", { board: "NMA311" });
    const docs = first.structuredContent.board.documents;
    expect(docs).toHaveLength(20);
    expect(first.structuredContent.documents_page).toEqual({ page: 1, per_page: 20, total: EXTRA_PUBLIC_DOCUMENTS, last_page: 2 });
    expect(docs.map((d: any) => d.id)).not.toContain(SAMPLE_IDS.alicePrivate);
    expect(docs.map((d: any) => d.id)).not.toContain(SAMPLE_IDS.sharedBoardview);
    expect(first.structuredContent.next).toEqual({ tool: "get_board", arguments: { board: "NM-A311", page: 2, lang: "es" } });
    const second = await callOk(v1, "get_board", first.structuredContent.next.arguments);
    expect(second.structuredContent.board.documents).toHaveLength(EXTRA_PUBLIC_DOCUMENTS - 20);
    expect(second.structuredContent.next).toBeNull();
  });
});

describe("list_recent", () => {
  it("lists each kind newest first in small pages, with the call for the next page", async () => {
    const threads = await callOk(v2, "list_recent", { kind: "threads", limit: 1 });
    expect(threads.structuredContent.threads).toHaveLength(1);
    expect(threads.structuredContent.threads[0]).toMatchObject({ id: SAMPLE_IDS.rulesThread, sticky: true });
    expect(threads.structuredContent.next).toEqual({ tool: "list_recent", arguments: { kind: "threads", page: 2, limit: 1, lang: "es" } });
    const next = await callOk(v2, "list_recent", threads.structuredContent.next.arguments);
    expect(next.structuredContent.threads[0].id).toBe(MCP_IDS.longThread);

    const files = await callOk(v2, "list_recent", { kind: "files", lang: "en" });
    expect(files.structuredContent.files).toHaveLength(10);
    expect(files.structuredContent.files[0].url).toMatch(new RegExp(`^${ORIGIN}/en/library/`));
    const dates = files.structuredContent.files.map((d: any) => d.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const posts = await callOk(v2, "list_recent", { kind: "posts" });
    expect(posts.structuredContent.posts[0].excerpt.length).toBeLessThanOrEqual(300);
    expect(posts.content[0].text).toContain("entrada del blog de bob");

    const cases = await callOk(v2, "list_recent", { kind: "cases", limit: 3 });
    expect(cases.structuredContent.cases.map((c: any) => c.id).slice(0, 2)).toEqual([MCP_IDS.longCase, MCP_IDS.publishedCase]);
    expect(cases.structuredContent.cases[2].title).toBe(`Older case ${FILLERS}`);
    expect(cases.structuredContent.cases[2].symptom.length).toBeLessThanOrEqual(300);

    const categories = await callOk(v2, "list_recent", { kind: "categories" });
    expect(categories.structuredContent.categories.map((c: any) => [c.slug, c.threads])).toEqual([
      ["laptops", 2],
      ["general", 1],
    ]);

    const inCategory = await callOk(v2, "list_recent", { kind: "threads", category: "general" });
    expect(inCategory.structuredContent.threads.map((t: any) => t.id)).toEqual([SAMPLE_IDS.rulesThread]);
  });

  it("files continue by cursor: following next lists every public document once, newest first", async () => {
    const seen: string[] = [];
    let args: Record<string, unknown> | undefined = { kind: "files", limit: 2, lang: "en" };
    for (let calls = 0; args && calls < 100; calls++) {
      const result = await callOk(v2, "list_recent", args);
      seen.push(...result.structuredContent.files.map((d: any) => d.id));
      expect(result.structuredContent.page.page).toBe(calls + 1);
      const next = result.structuredContent.next;
      if (next) expect(Object.keys(next.arguments).sort()).toEqual(["cursor", "kind", "lang", "limit"]);
      args = next?.arguments;
    }
    const rows = await env.DB.prepare(
      "select id from documents where visibility = 'public' and status = 'available' order by created_at desc, id desc",
    ).all<{ id: string }>();
    expect(seen).toEqual(rows.results.map((r) => r.id));
    expect(seen.length).toBe(1 + EXTRA_PUBLIC_DOCUMENTS);
    // Made for limit 2: another limit, or no cursor of ours, is a tool error naming the way on.
    const first = await callOk(v2, "list_recent", { kind: "files", limit: 2 });
    expect(await callError(v2, "list_recent", { ...first.structuredContent.next.arguments, limit: 3 })).toMatch(/not one this list gave/);
    expect(await callError(v2, "list_recent", { kind: "files", cursor: "garbage" })).toMatch(/not one this list gave/);
  });

  it("refuses bad kinds and limits with a tool error", async () => {
    expect(await callError(v1, "list_recent", { kind: "users" })).toMatch(/kind/);
    expect(await callError(v1, "list_recent", { kind: "threads", limit: 26 })).toMatch(/limit/);
    expect(await callError(v1, "list_recent", { kind: "threads", limit: 0 })).toMatch(/limit/);
    expect(await callError(v1, "list_recent", { kind: "threads", lang: "fr" })).toMatch(/lang/);
  });
});

describe("every result for a model", () => {
  it("stays within the character budget, even for the longest items", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["get_thread", { thread: MCP_IDS.longThread }],
      ["get_thread", { thread: MCP_IDS.longThread, page: LONG_REPLY_NUMBER, per_page: 1 }],
      ["get_post", { post: MCP_IDS.longPost }],
      ["get_post", { post: MCP_IDS.longPost, part: 4 }],
      ["get_repair_case", { case: MCP_IDS.longCase }],
      ["get_board", { board: "NM-A311" }],
      ["list_recent", { kind: "files", limit: 25 }],
      ["list_recent", { kind: "posts", limit: 25 }],
      ["list_recent", { kind: "cases", limit: 25 }],
      ["search", { q: "older" }],
      ["search", { q: "older", only: "posts" }],
      ["search", { q: "older", only: "cases" }],
      ["search", { q: "measure coil schematic" }],
      ["search", { q: "NM-A311", only: "documents" }],
    ];
    for (const [name, args] of calls) {
      const result = await call(v2, name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBeFalsy();
      expect(result.content[0].text.length, `${name} text`).toBeLessThanOrEqual(12000);
      expect(JSON.stringify(result.structuredContent).length, `${name} structuredContent`).toBeLessThanOrEqual(12000);
    }
  });
});

describe("search", () => {
  it("finds threads, cases, boards and documents through the site search, each with url and author", async () => {
    const { structuredContent: sc, content } = await callOk(v2, "search", { q: "U7000" });
    expect(sc.query).toBe("U7000");
    expect(sc.threads.map((t: any) => t.id)).toContain(SAMPLE_IDS.thread);
    expect(sc.cases.map((c: any) => c.id)).toContain(MCP_IDS.publishedCase);
    expect(sc.only).toBeNull();
    const thread = sc.threads.find((t: any) => t.id === SAMPLE_IDS.thread);
    expect(content[0].text).toContain(thread.url);
    expect(content[0].text).toContain(`hilo de ${thread.author}`);

    for (const q of ["820 00165", "82000165", "x1c_mlb"]) {
      const board = await callOk(v1, "search", { q });
      expect(board.structuredContent.boards[0]?.number, q).toBe("820-00165");
      expect(
        board.structuredContent.documents.map((d: any) => d.id),
        q,
      ).toContain(SAMPLE_IDS.publicSchematic);
    }
    const english = await callOk(v1, "search", { q: "U7000", lang: "en" });
    expect(english.structuredContent.threads[0].url).toMatch(new RegExp(`^${ORIGIN}/en/forum/`));
  });

  it("never finds what an anonymous visitor cannot see", async () => {
    const hidden = [
      SAMPLE_IDS.alicePrivate,
      SAMPLE_IDS.sharedBoardview,
      SAMPLE_IDS.processing,
      SAMPLE_IDS.takedown,
      SAMPLE_IDS.hiddenThread,
      MCP_IDS.draftPost,
      MCP_IDS.scheduledPost,
      MCP_IDS.unpublishedCase,
    ];
    for (const q of [
      "private notes",
      "boardview",
      "processing upload",
      "taken down manual",
      "moderation",
      "draft",
      "scheduled",
      "unpublished",
      "NM-A311",
    ]) {
      const result = await callOk(v2, "search", { q });
      const found = JSON.stringify(result);
      for (const id of hidden) expect(found, `${q} → ${id}`).not.toContain(id);
    }
  });

  it("gives a few of each group, and ten of one group with only", async () => {
    const all = await callOk(v1, "search", { q: "NM-A311 document" });
    expect(all.structuredContent.documents).toHaveLength(5);
    const more = { q: "NM-A311 document", only: "documents", lang: "es" };
    expect(all.structuredContent.notes).toContain(`Puede que coincidan más documentos: llama a search ${JSON.stringify(more)}.`);
    const only = await callOk(v1, "search", more);
    expect(only.structuredContent.documents).toHaveLength(10);
    expect(only.structuredContent.only).toBe("documents");
    expect(only.structuredContent.boards).toEqual([]);
    const typed = await callOk(v1, "search", { q: "NM-A311", type: "schematic" });
    expect(typed.structuredContent.documents).toEqual([]);
    const datasheets = await callOk(v1, "search", { q: "NM-A311", type: "datasheet", only: "documents" });
    expect(datasheets.structuredContent.documents.every((d: any) => d.type === "datasheet")).toBe(true);
    expect(datasheets.structuredContent.documents).toHaveLength(10);
  });

  it("explains an empty result and refuses queries outside 2 to 200 characters", async () => {
    const none = await callOk(v2, "search", { q: "zzqqxxnothing" });
    expect(none.structuredContent.notes.join()).toMatch(/Nada coincide con "zzqqxxnothing"/);
    // The API's rule and words (schemas/search-query.ts).
    for (const q of ["a", "  b  "]) expect(await callError(v2, "search", { q })).toMatch(/must be at least 2 characters/);
    expect(await callError(v2, "search", { q: "x".repeat(201) })).toMatch(/must be at most 200 characters/);
    expect(await callError(v2, "search", { q: "U7000", type: "spreadsheet" })).toMatch(/type/);
    expect(await callError(v2, "search", { q: "U7000", only: "users" })).toMatch(/only/);
  });
});
