// GET /changes (issue 23): a mirror built from the feed equals the lists, for an anonymous caller and for
// a key with own and shared documents, before and after takedowns, unsharing, unpublishing and deletes;
// the writer paths (upload becoming available, admin takedown, restore, delete) reach the feed in order;
// no private id of another owner ever appears in a caller's feed; since is validated (422) and expires (410).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { encodePosition, maintainChanges, RETENTION_DAYS, SCAN_ROWS } from "../../src/changes/feed";
import { getDb } from "../../src/db/client";
import { api, expectMatchesOpenApi, expectProblem, fetchWorker, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { adminOk as admin } from "../helpers/admin";
import { callError, callOk, connectV2 } from "../helpers/mcp";
import { createUploader, makePdf, runQueue, upload } from "../helpers/uploads";

type Change = { kind: string; id: string; change: "upsert" | "delete"; at: string; url: string | null };

/** A copy kept from the feed: kind:id → url. */
class Mirror {
  readonly items = new Map<string, string>();
  next: string | undefined;
  constructor(readonly key?: string) {}

  /** Reads the feed from where it stopped until it has no more; returns the changes applied. */
  async follow(perPage = 7): Promise<Change[]> {
    const applied: Change[] = [];
    for (let i = 0; i < 10_000; i++) {
      const { body } = await getJson(`/changes?per_page=${perPage}${this.next ? `&since=${this.next}` : ""}`, { key: this.key });
      expect(body.data.length).toBeLessThanOrEqual(perPage);
      // An item is named once per page.
      expect(new Set(body.data.map((c: Change) => `${c.kind}:${c.id}`)).size).toBe(body.data.length);
      for (const change of body.data as Change[]) {
        const name = `${change.kind}:${change.id}`;
        if (change.change === "upsert") {
          expect(change.url).toMatch(/^https:\/\/boards\.test\//);
          this.items.set(name, change.url!);
        } else {
          expect(change.url).toBeNull();
          this.items.delete(name);
        }
        applied.push(change);
      }
      this.next = body.meta.next;
      if (!body.meta.has_more) return applied;
    }
    throw new Error("the feed did not end");
  }

  ids(kind: string): string[] {
    return [...this.items.keys()]
      .filter((k) => k.startsWith(`${kind}:`))
      .map((k) => k.slice(kind.length + 1))
      .sort();
  }
}

/** Every id of a list, by walking its Link header. */
async function listIds(path: string, key?: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined = `${path}?per_page=100`;
  while (next) {
    const { res, body }: { res: Response; body: any } = await getJson(next, { key });
    ids.push(...body.data.map((d: { id: string }) => d.id));
    const link: string | undefined = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("Link") ?? "")?.[1];
    next = link ? new URL(link).pathname.slice("/api/v1".length) + new URL(link).search : undefined;
  }
  return ids.sort();
}

async function expectMirrorEqualsLists(mirror: Mirror): Promise<void> {
  await mirror.follow();
  expect(mirror.ids("document")).toEqual(await listIds("/documents", mirror.key));
  expect(mirror.ids("thread")).toEqual(await listIds("/forum/threads", mirror.key));
  expect(mirror.ids("post")).toEqual(await listIds("/posts", mirror.key));
  expect(mirror.ids("case")).toEqual(await listIds("/cases", mirror.key));
  const boards = (await env.DB.prepare("select number from boards order by number").all<{ number: string }>()).results.map((r) => r.number);
  expect(mirror.ids("board")).toEqual(boards.sort());
}

/** Every id named in a caller's whole feed (upserts and deletes), from the beginning. */
async function everyIdNamed(key?: string): Promise<Set<string>> {
  const mirror = new Mirror(key);
  return new Set((await mirror.follow(100)).map((c) => c.id));
}

beforeAll(async () => {
  await seedSample();
});

describe("GET /changes", () => {
  it("answers the described shape; a malformed since is a 422 naming it; one older than the retention is a 410 saying to start over", async () => {
    const res = await api("/changes?per_page=3");
    const body = await res.json();
    await expectMatchesOpenApi(body, "/changes", "get", 200);
    for (const bad of ["x", "%%%", btoa("[1,2]"), btoa("[2,1,1]"), "A".repeat(300)]) {
      const problem = await expectProblem(await api(`/changes?since=${encodeURIComponent(bad)}`), 422, "validation-failed");
      expect(Object.keys(problem.errors)).toEqual(["since"]);
    }
    const old = encodePosition({ seq: 1, readAtMs: Date.now() - (RETENTION_DAYS + 1) * 86_400_000 });
    const gone = await expectProblem(await api(`/changes?since=${old}`, { lang: "en" }), 410, "changes-expired");
    expect(gone.detail).toMatch(/start over/);
    const recent = encodePosition({ seq: 1, readAtMs: Date.now() - (RETENTION_DAYS - 1) * 86_400_000 });
    expect((await api(`/changes?since=${recent}`)).status).toBe(200);
  });

  it("a mirror built from the feed equals the lists, anonymous and with a key (own and shared), through takedown, unsharing, unpublishing, hiding and deleting", {
    timeout: 90_000,
  }, async () => {
    const anonymous = new Mirror();
    const bob = new Mirror(KEYS.bob);
    const alice = new Mirror(KEYS.aliceRead);
    for (const m of [anonymous, bob, alice]) await expectMirrorEqualsLists(m);
    expect(bob.ids("document")).toContain(SAMPLE_IDS.sharedBoardview);

    await admin("documents:takedown", SAMPLE_IDS.publicSchematic, "--reason", "complaint");
    await env.DB.prepare("delete from document_shares where document_id = ?").bind(SAMPLE_IDS.sharedBoardview).run();
    await env.DB.prepare("update threads set published = 0 where id = ?").bind(SAMPLE_IDS.thread).run();
    await env.DB.prepare("update thread_replies set hidden = 1 where thread_id = ?").bind(SAMPLE_IDS.rulesThread).run();
    await env.DB.prepare("update repair_cases set published = 0 where id = (select id from repair_cases order by id limit 1)").run();
    await env.DB.prepare("update blog_posts set published_at = ? where id = (select id from blog_posts order by id limit 1)")
      .bind(new Date(Date.now() + 86_400_000).toISOString())
      .run();
    for (const m of [anonymous, bob, alice]) await expectMirrorEqualsLists(m);
    expect(anonymous.ids("document")).not.toContain(SAMPLE_IDS.publicSchematic);
    expect(bob.ids("document")).not.toContain(SAMPLE_IDS.sharedBoardview);
    expect(anonymous.ids("thread")).not.toContain(SAMPLE_IDS.thread);

    await admin("documents:restore", SAMPLE_IDS.publicSchematic);
    await admin("documents:delete", SAMPLE_IDS.sharedBoardview);
    await env.DB.prepare("update threads set published = 1 where id = ?").bind(SAMPLE_IDS.thread).run();
    for (const m of [anonymous, bob, alice]) await expectMirrorEqualsLists(m);
    // A new mirror from the beginning gets the same copy.
    const fresh = new Mirror(KEYS.bob);
    await expectMirrorEqualsLists(fresh);
    expect(fresh.items).toEqual(bob.items);
  });

  it("many changes a caller may not see make short pages that go on to the end, and every change it may see is there", async () => {
    const anonymous = new Mirror();
    await anonymous.follow(100);
    const alice = (await env.DB.prepare("select id from users where username = 'alice'").first<number>("id"))!;
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2 * SCAN_ROWS + 50 }, (_, i) => [
      `01KFEED${String(i).padStart(19, "0")}`,
      i % 100 === 99 ? "public" : "private",
    ]);
    await env.DB.prepare(
      `insert into documents (id, title, type, status, visibility, owner_id, created_at, updated_at) select value->>'$[0]', 'Feed ' || (value->>'$[0]'), 'other', 'available', value->>'$[1]', ${alice}, '${now}', '${now}' from json_each(?)`,
    )
      .bind(JSON.stringify(rows))
      .run();
    const { body: first } = await getJson(`/changes?per_page=5&since=${anonymous.next}`);
    expect(first.meta.has_more).toBe(true);
    const applied = await anonymous.follow(5);
    expect(applied.map((c) => c.id)).toEqual(rows.filter(([, v]) => v === "public").map(([id]) => id));
  });

  it("an upload becoming available, admin takedown, restore and delete reach the feed in order", async () => {
    const { key } = await createUploader(["api:read", "library:ingest", "library:publish"]);
    const owner = new Mirror(key);
    const everyone = new Mirror();
    await owner.follow(100);
    await everyone.follow(100);
    const res = await upload(
      key,
      { external_id: "feed-order", visibility: "public", rights_attested: "true" },
      { filename: "doc.pdf", content: await makePdf(["feed order"]) },
    );
    const created: any = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    const id = created.data.id;
    const step = async (m: Mirror) => (await m.follow()).filter((c) => c.id === id).map((c) => c.change);

    // Processing: its owner sees it, nobody else does (and is not told of it).
    expect(await step(owner)).toEqual(["upsert"]);
    expect(await step(everyone)).toEqual([]);
    await runQueue([{ documentId: id, version: 1 }]);
    expect((await step(owner)).at(-1)).toBe("upsert");
    expect((await step(everyone)).at(-1)).toBe("upsert");
    await admin("documents:takedown", id, "--reason", "complaint");
    expect((await step(everyone)).at(-1)).toBe("delete");
    expect((await step(owner)).at(-1)).toBe("upsert"); // its owner still sees it, taken down
    await admin("documents:restore", id);
    expect((await step(everyone)).at(-1)).toBe("upsert");
    await admin("documents:delete", id);
    expect((await step(everyone)).at(-1)).toBe("delete");
    expect((await step(owner)).at(-1)).toBe("delete");
    expect(everyone.items.has(`document:${id}`)).toBe(false);
  }, 60_000);

  it("no private id of another owner ever appears in a caller's feed, as an upsert or a delete", async () => {
    // Alice's private document, and one shared with bob while still processing: changed, then deleted.
    await env.DB.prepare("update documents set title = 'renamed' where id in (?, ?)")
      .bind(SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedProcessing)
      .run();
    await admin("documents:delete", SAMPLE_IDS.sharedProcessing);
    await admin("documents:delete", SAMPLE_IDS.alicePrivate);
    const privateOfOthers = (await env.DB.prepare("select id from documents where visibility = 'private'").all<{ id: string }>()).results.map(
      (r) => r.id,
    );
    for (const [who, key] of [
      ["anonymous", undefined],
      ["bob", KEYS.bob],
    ] as const) {
      const named = await everyIdNamed(key);
      // Alice's private one, dave's shared with bob but never available, and (for everyone but bob, its owner) bob's processing one.
      for (const id of [SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedProcessing, ...(key ? [] : [SAMPLE_IDS.processing])])
        expect(named.has(id), `${who}: ${id}`).toBe(false);
      const bobId = (await env.DB.prepare("select id from users where username = 'bob'").first<number>("id"))!;
      for (const id of privateOfOthers) {
        const owner = await env.DB.prepare("select owner_id from documents where id = ?").bind(id).first<number>("owner_id");
        if (key && owner === bobId) continue;
        expect(named.has(id), `${who}: ${id}`).toBe(false);
      }
    }
  });

  it("the Atom feeds carry an at:deleted-entry (RFC 6721) for an item they showed and that was removed, never for one they could not show", async () => {
    await seedSample();
    const atom = async () => (await fetchWorker(new Request(`${ORIGIN}/en/feeds/library.atom`))).text();
    const ref = (id: string) => `tag:boards.test,2026:document:${id}`;
    const shown = await atom();
    expect(shown).toContain(`<id>${ref(SAMPLE_IDS.publicSchematic)}</id>`);
    expect(shown).not.toContain(`ref="${ref(SAMPLE_IDS.publicSchematic)}"`);
    await admin("documents:takedown", SAMPLE_IDS.publicSchematic, "--reason", "complaint");
    await admin("documents:delete", SAMPLE_IDS.alicePrivate);
    const after = await atom();
    expect(after).toContain('xmlns:at="http://purl.org/atompub/tombstones/1.0"');
    expect(after).not.toContain(`<id>${ref(SAMPLE_IDS.publicSchematic)}</id>`);
    expect(after).toMatch(new RegExp(`<at:deleted-entry ref="${ref(SAMPLE_IDS.publicSchematic)}" when="[0-9T:.Z-]+"/>`));
    expect(after).not.toContain(SAMPLE_IDS.alicePrivate);
    await admin("documents:restore", SAMPLE_IDS.publicSchematic);
    const restored = await atom();
    expect(restored).toContain(`<id>${ref(SAMPLE_IDS.publicSchematic)}</id>`);
    expect(restored).not.toContain(`ref="${ref(SAMPLE_IDS.publicSchematic)}"`);
  });

  it("MCP list_recent continues from a since of the same feed: the takedown of a file it was told about, as a delete", async () => {
    await seedSample();
    const anonymous = new Mirror();
    await anonymous.follow(100);
    expect(anonymous.items.has(`document:${SAMPLE_IDS.publicSchematic}`)).toBe(true);
    await admin("documents:takedown", SAMPLE_IDS.publicSchematic, "--reason", "complaint");
    const client = await connectV2();
    try {
      const result = await callOk(client, "list_recent", { kind: "files", since: anonymous.next, limit: 25 });
      expect(result.structuredContent.changes).toContainEqual({
        kind: "document",
        id: SAMPLE_IDS.publicSchematic,
        change: "delete",
        at: expect.any(String),
        url: null,
      });
      expect(result.structuredContent.feed.next).toMatch(/^[A-Za-z0-9_-]+$/);
      const threads = await callOk(client, "list_recent", { kind: "threads", since: anonymous.next });
      expect(threads.structuredContent.changes.every((c: Change) => c.kind === "thread")).toBe(true);
      await callError(client, "list_recent", { kind: "files", since: "not-a-position" });
    } finally {
      await client.close();
    }
  });

  it("the scheduled upkeep drops only changes past the retention that a later change of the same item supersedes, and moves due publications in", async () => {
    const old = new Date(Date.now() - (RETENTION_DAYS + 5) * 86_400_000).toISOString();
    const recent = new Date(Date.now() - 86_400_000).toISOString();
    const item = (n: number) => `01KRETA${String(n).padStart(19, "0")}`;
    await env.DB.batch([
      env.DB.prepare("insert into changes (kind, item_id, at) values ('document', ?, ?), ('document', ?, ?), ('document', ?, ?)").bind(
        item(1),
        old,
        item(1),
        recent,
        item(2),
        old,
      ),
      env.DB.prepare("insert into changes_due (kind, item_id, due_at) values ('post', ?, ?)").bind(item(3), recent),
    ]);
    await maintainChanges(getDb(env), new Date());
    const rows = await env.DB.prepare("select item_id, at from changes where item_id in (?, ?, ?) order by seq")
      .bind(item(1), item(2), item(3))
      .all<{ item_id: string; at: string }>();
    // item 1's old change is superseded (gone); item 2's old change is its latest (kept); item 3's publication joined.
    expect(rows.results).toEqual([
      { item_id: item(1), at: recent },
      { item_id: item(2), at: old },
      { item_id: item(3), at: recent },
    ]);
    expect(await env.DB.prepare("select count(*) as n from changes_due where item_id = ?").bind(item(3)).first("n")).toBe(0);
  });
});
