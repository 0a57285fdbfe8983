// A takedown or delete leaves the edge cache at once (issue 30): the operator commands raise the edge cache's
// generation (src/http/cache/edge-invalidation.ts), so anonymous reads and searches cached before them are read afresh
// once each isolate looks at the generation again, a second later at most.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERATION_READ_EVERY_MS } from "../../src/http/cache/edge-invalidation";
import { adminOk } from "../helpers/admin";
import { api, SAMPLE_IDS, seedSample } from "../helpers/app";
import { EDGE_CACHE_ON, useSettings } from "../helpers/settings";

useSettings(EDGE_CACHE_ON);
beforeAll(seedSample);

let now = Date.UTC(2032, 0, 1);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

/** The clock moves on past the time an isolate trusts the generation it read (well within the cache's lifetime). */
function aSecondLater() {
  now += GENERATION_READ_EVERY_MS;
  vi.setSystemTime(now);
}

let lastAddress = 0;
const anon = (path: string) => api(path, { headers: { "CF-Connecting-IP": `198.18.0.${++lastAddress}` } });
const searchIds = async () =>
  ((await (await anon("/search?q=820-00165")).json()) as { data: { documents: { id: string }[] } }).data.documents.map((d) => d.id);

describe("takedown and delete leave the edge cache at once", () => {
  it("an anonymous read and a search cached before a takedown no longer show the document; a restore shows it again", async () => {
    const path = `/documents/${SAMPLE_IDS.publicSchematic}`;
    expect((await anon(path)).status).toBe(200);
    const cached = await anon(path);
    expect(cached.headers.get("X-Edge-Cache")).toBe("hit");
    expect(await searchIds()).toContain(SAMPLE_IDS.publicSchematic);
    expect(await searchIds()).toContain(SAMPLE_IDS.publicSchematic);

    await adminOk("documents:takedown", SAMPLE_IDS.publicSchematic, "--reason", "complaint");
    aSecondLater();
    expect((await anon(path)).status).toBe(404);
    expect(await searchIds()).not.toContain(SAMPLE_IDS.publicSchematic);

    await adminOk("documents:restore", SAMPLE_IDS.publicSchematic);
    aSecondLater();
    expect((await anon(path)).status).toBe(200);
    expect(await searchIds()).toContain(SAMPLE_IDS.publicSchematic);
  });

  it("a deleted document's cached read and list entries go too", async () => {
    const path = `/documents/${SAMPLE_IDS.publicSchematic}`;
    const listed = async () => ((await (await anon("/documents?per_page=100")).json()) as { data: { id: string }[] }).data.map((d) => d.id);
    expect((await anon(path)).status).toBe(200);
    expect(await listed()).toContain(SAMPLE_IDS.publicSchematic);
    expect((await anon(path)).headers.get("X-Edge-Cache")).toBe("hit");

    await adminOk("documents:delete", SAMPLE_IDS.publicSchematic);
    aSecondLater();
    expect([404, 410]).toContain((await anon(path)).status);
    expect(await listed()).not.toContain(SAMPLE_IDS.publicSchematic);
  });
});
