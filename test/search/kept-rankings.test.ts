// A text database's answer to a ranking is kept per isolate under the text generation (src/search/rank/kept-rankings.ts):
// a repeated search gets the same answer without asking the text databases again, and page text processed or a
// document deleted in between (both raise the generation) is found or gone at the very next search.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { deleteDocument } from "../../src/ingest/delete";
import { searchSite } from "../../src/search";
import { TEXT_GENERATION_SQL } from "../../src/text/generation";
import { textShards } from "../../src/text/shards";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";
import { createUploader, makePdf, runQueue, upload } from "../helpers/uploads";

vi.setConfig({ testTimeout: 30_000 });

/** Calls to a text database (a batch is one), through a binding made once: what the isolate keeps is per binding. */
const calls = { n: 0 };
function counted(db: D1Database): D1Database {
  const session = (s: D1DatabaseSession) =>
    new Proxy(s, {
      get(t, key) {
        if (key === "prepare")
          return (text: string) =>
            new Proxy(t.prepare(text), {
              get(st, k) {
                const value = Reflect.get(st, k);
                if (k === "bind") return (...args: unknown[]) => counting(st.bind(...args));
                return typeof value === "function" ? value.bind(st) : value;
              },
            });
        if (key === "batch")
          return (list: D1PreparedStatement[]) => {
            calls.n++;
            return t.batch(list.map((s) => real.get(s) ?? s));
          };
        const value = Reflect.get(t, key);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  const real = new WeakMap<object, D1PreparedStatement>();
  const counting = (s: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(t, k) {
        const value = Reflect.get(t, k);
        if (k === "all" || k === "raw" || k === "first" || k === "run")
          return (...args: never[]) => {
            calls.n++;
            return (value as (...a: never[]) => unknown).apply(t, args);
          };
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
    real.set(proxy, s);
    return proxy;
  };
  return new Proxy(db, {
    get(t, key) {
      if (key === "withSession") return (...args: [string]) => session(t.withSession(...args));
      const value = Reflect.get(t, key);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

let shards: ReturnType<typeof textShards>;
let owner: { key: string; userId: number };

async function search(q: string) {
  calls.n = 0;
  const found = await searchSite({ ...queryContext({ userId: owner.userId }), shards }, q);
  return { found, shardCalls: calls.n };
}

let uploads = 0;
async function uploadAndProcess(pages: string[]): Promise<string> {
  const res = await upload(
    owner.key,
    { external_id: `kept-${++uploads}`, title: "Bench notes" },
    { filename: "notes.pdf", content: await makePdf(pages) },
  );
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  await runQueue([{ documentId: body.data.id, version: 1 }]);
  return body.data.id;
}

const generation = async () => Number((await env.DB.prepare(TEXT_GENERATION_SQL).first<{ generation: number }>())?.generation);

beforeAll(async () => {
  await seedSample();
  owner = await createUploader();
  shards = textShards(env).map((shard) => ({ ...shard, db: counted(shard.db) }));
  for (let i = 0; i < 4; i++) await uploadAndProcess(["Probe the kookaburra rail", "Reflow the kookaburra chip"]);
});

describe("text databases' answers kept under the text generation", () => {
  it("a repeated search gives the same answer without asking the text databases again", async () => {
    const first = await search("kookaburra");
    expect(first.found.documents.length).toBe(4);
    expect(first.shardCalls).toBeGreaterThan(0);
    let again = await search("kookaburra");
    for (let i = 0; i < 3 && again.shardCalls > 0; i++) again = await search("kookaburra");
    expect(again.shardCalls).toBe(0);
    expect(again.found).toEqual(first.found);
  });

  it("a document processed in between is found by the very next search", async () => {
    const before = await search("kookaburra");
    const id = await uploadAndProcess(["A fifth kookaburra page"]);
    const after = await search("kookaburra");
    expect(after.found.documents.map((d) => d.id)).toContain(id);
    expect(after.found.documents.length).toBe(before.found.documents.length + 1);
  });

  it("deleting a document with page text raises the generation: the next search asks the text databases afresh", async () => {
    const id = await uploadAndProcess(["The wombat kookaburra connector"]);
    await search("kookaburra");
    const before = await generation();
    expect(await deleteDocument({ DB: env.DB, FILES: env.FILES, shards: textShards(env) }, id)).toBe(true);
    expect(await generation()).toBe(before + 1);
    const after = await search("kookaburra");
    expect(after.shardCalls).toBeGreaterThan(0);
    expect(after.found.documents.map((d) => d.id)).not.toContain(id);
  });
});
