// Downloads by parts under an anonymous limit of 10 a minute (this file's settings, TIGHT_LIMITS): the byte ranges of one
// signed link count against the link, not the caller's address; made-up links still cost the address.
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectProblem, getJson, KEYS, SAMPLE_IDS, seedSample } from "../helpers/app";
import { hourApartEachTest } from "../helpers/clock";
import { callWorker, TIGHT_LIMITS, useSettings } from "../helpers/settings";

useSettings(TIGHT_LIMITS);
beforeAll(seedSample);

hourApartEachTest(Date.UTC(2033, 0, 1));

const fetchFile = (url: string, address: string, headers: Record<string, string> = {}) =>
  callWorker(new Request(url, { headers: { "CF-Connecting-IP": address, ...headers } }));

const downloads = async () => (await getJson(`/documents/${SAMPLE_IDS.publicSchematic}`, { key: KEYS.bob })).body.data.downloads as number;

describe("signed links fetched in parts", () => {
  it("30 Range requests of one link all succeed under an anonymous limit of 10, and count one download", async () => {
    const before = await downloads();
    const { url } = (await getJson(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: KEYS.bob })).body.data;
    const size = Number((await fetchFile(url, "192.0.2.80", { Range: "bytes=0-0" })).headers.get("Content-Range")!.split("/")[1]);
    const part = Math.max(1, Math.floor(size / 30));
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await fetchFile(url, "192.0.2.80", { Range: `bytes=${(i * part) % size}-${Math.min(size - 1, ((i * part) % size) + part - 1)}` });
        await res.arrayBuffer();
        expect(res.headers.get("RateLimit-Policy")).toBe('"link";q=600;w=60');
        return res.status;
      }),
    );
    expect(statuses).toEqual(new Array(30).fill(206));
    expect(await downloads()).toBe(before + 1);
    // The address still has its whole anonymous limit.
    const res = await api("/forum/categories", { headers: { "CF-Connecting-IP": "192.0.2.80" } });
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("9");
    await res.arrayBuffer();
  });

  it("a flood of distinct bad links is limited against the caller's address", async () => {
    const { url } = (await getJson(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: KEYS.bob })).body.data;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const forged = url.replace(/signature=[0-9a-f]{4}/, `signature=${i.toString(16).padStart(4, "0")}`);
      const res = await fetchFile(forged, "192.0.2.81");
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([...new Array(10).fill(403), 429, 429]);
    await expectProblem(await fetchFile(url.replace(/expires=\d+/, "expires=1"), "192.0.2.81"), 429, "rate-limited");
    // The genuine link is not refused for the address's flood.
    const genuine = await fetchFile(url, "192.0.2.81");
    expect(genuine.status).toBe(200);
    await genuine.arrayBuffer();
  });
});
