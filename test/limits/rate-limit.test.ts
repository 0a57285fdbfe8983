// Request limits with the spec's anonymous rate (60/min) and a small keyed rate (10/min) from this
// file's settings (SPEC_LIMITS, test/helpers/settings.ts). The test clock moves time; no test sleeps.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, expectProblem, KEYS, ORIGIN, seedSample } from "../helpers/app";
import { hourApartEachTest } from "../helpers/clock";
import { callWorker, SPEC_LIMITS, useSettings } from "../helpers/settings";

useSettings(SPEC_LIMITS);
beforeAll(seedSample);

const clock = hourApartEachTest(Date.UTC(2030, 0, 1));

async function call(address: string | undefined, key?: string, path = "/forum/categories"): Promise<Response> {
  const res = await api(path, { key, headers: address ? { "CF-Connecting-IP": address } : {} });
  await res.arrayBuffer();
  return res;
}

const statuses = (responses: Response[]) => responses.map((r) => r.status);
const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe("anonymous calls, per client address", () => {
  it("the 61st call in a minute is 429 with Retry-After and the limit headers; after the window it succeeds", async () => {
    for (let i = 1; i <= 60; i++) {
      const res = await call("198.51.100.1");
      expect(res.status).toBe(200);
      expect(res.headers.get("X-RateLimit-Remaining")).toBe(String(60 - i));
    }
    vi.setSystemTime(clock.now() + 20_000); // the 61st call, still within the minute
    const res = await api("/forum/categories", { headers: { "CF-Connecting-IP": "198.51.100.1" } });
    const body = await expectProblem(res, 429, "rate-limited");
    expect(body.detail).toMatch(/60/);
    expect(res.headers.get("Retry-After")).toBe("40");
    expect(res.headers.get("RateLimit-Policy")).toBe('"anonymous";q=60;w=60');
    expect(res.headers.get("RateLimit")).toBe('"anonymous";r=0;t=40');
    expect(res.headers.get("X-RateLimit-Limit")).toBe("60");
    expect(res.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(res.headers.get("X-RateLimit-Reset")).toBe(String((clock.now() + 60_000) / 1000));
    // Refused calls are not counted: once the first minute has passed, the address has its whole limit back.
    vi.setSystemTime(clock.now() + 60_001);
    const again = await call("198.51.100.1");
    expect(again.status).toBe(200);
    expect(again.headers.get("X-RateLimit-Remaining")).toBe("59");
  });

  it("successful and error responses within the limit carry the headers", async () => {
    const ok = await call("198.51.100.2");
    expect(ok.headers.get("RateLimit")).toBe('"anonymous";r=59;t=60');
    expect(ok.headers.get("X-RateLimit-Reset")).toBe(String(clock.now() / 1000 + 60));
    const missing = await call("198.51.100.2", undefined, "/documents/01JM9S346Q3D25VT4F5V37E3S9");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-RateLimit-Remaining")).toBe("58");
    const notModified = await api("/forum/categories", { headers: { "CF-Connecting-IP": "198.51.100.2", "If-None-Match": ok.headers.get("ETag")! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("X-RateLimit-Remaining")).toBe("57");
  });

  it("IPv6 addresses are counted per /56, whatever their spelling and whichever /64 inside it", async () => {
    const sameNet = ["2001:db8:abcd:12::1", "2001:0DB8:ABCD:0012:ffff:ffff:ffff:fffe", "2001:db8:abcd:ff:1:2:3:4"];
    expect(statuses(await times(60, (i) => call(sameNet[i % 3])))).toEqual(new Array(60).fill(200));
    expect((await call("2001:db8:abcd:12::99")).status).toBe(429);
    expect((await call("2001:db8:abcd:13::1")).status).toBe(429); // another /64 of the same /56
    expect((await call("2001:db8:abcd:100::1")).status).toBe(200); // the next /56
    expect((await call("198.51.100.3")).status).toBe(200);
  });

  it("an IPv4-mapped IPv6 address is its IPv4 address", async () => {
    await times(60, () => call("192.0.2.55"));
    expect((await call("::ffff:192.0.2.55")).status).toBe(429);
  });

  it("without CF-Connecting-IP (local runs only) callers share one counter", async () => {
    const first = await call(undefined);
    const second = await call(undefined);
    expect(Number(second.headers.get("X-RateLimit-Remaining"))).toBe(Number(first.headers.get("X-RateLimit-Remaining")) - 1);
  });

  it("the API description and docs page are not limited", async () => {
    const responses = await times(70, () => call("198.51.100.4", undefined, "/openapi.json"));
    expect(statuses(responses)).toEqual(new Array(70).fill(200));
    expect(responses[0].headers.get("RateLimit")).toBeNull();
    expect((await call("198.51.100.4", undefined, "/docs")).status).toBe(200);
    expect((await call("198.51.100.4")).headers.get("X-RateLimit-Remaining")).toBe("59");
  });
});

describe("calls with a key, per key", () => {
  it("keyed and anonymous counters are independent", async () => {
    // The address uses up its anonymous calls; its key still works, counted against the key.
    await times(60, () => call("198.51.100.5"));
    expect((await call("198.51.100.5")).status).toBe(429);
    const keyed = await call("198.51.100.5", KEYS.bob);
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("RateLimit-Policy")).toBe('"key";q=10;w=60');
    expect(keyed.headers.get("X-RateLimit-Remaining")).toBe("9");
    // The key uses up its calls; anonymous calls from a fresh address and another key are unaffected.
    await times(9, () => call("198.51.100.6", KEYS.bob));
    const refused = await api("/forum/categories", { key: KEYS.bob, headers: { "CF-Connecting-IP": "198.51.100.7" } });
    const body = await expectProblem(refused, 429, "rate-limited");
    expect(body.detail).toMatch(/con esta clave/);
    expect(refused.headers.get("RateLimit")).toBe('"key";r=0;t=60');
    expect((await call("198.51.100.6")).headers.get("X-RateLimit-Remaining")).toBe("59");
    expect((await call("198.51.100.6", KEYS.aliceRead)).status).toBe(200);
  });

  it("50 parallel calls against a limit of 10 let exactly 10 through", async () => {
    const responses = await times(50, (i) => call(`198.51.100.${100 + i}`, KEYS.carolAdmin));
    expect(statuses(responses).filter((s) => s === 200)).toHaveLength(10);
    expect(statuses(responses).filter((s) => s === 429)).toHaveLength(40);
    expect(responses.filter((r) => r.status === 429).every((r) => r.headers.get("Retry-After") === "60")).toBe(true);
  });
});

describe("failed key attempts", () => {
  it("count against the caller's address: after 60 in a minute the address is refused, keys and all", async () => {
    const bad = [KEYS.bobExpired, KEYS.bobRevoked, "bds_unknown000000000000000000000000", "not-a-bds-key"];
    const first = await call("198.51.100.8", bad[0]);
    expect(first.status).toBe(401);
    expect(first.headers.get("WWW-Authenticate")).toContain("invalid_token");
    expect(first.headers.get("RateLimit")).toBe('"anonymous";r=59;t=60');
    expect(statuses(await times(59, (i) => call("198.51.100.8", bad[i % bad.length])))).toEqual(new Array(59).fill(401));
    // The 61st bad key is refused for the rate, not checked; anonymous calls from the address too.
    await expectProblem(await api("/forum/categories", { key: bad[2], headers: { "CF-Connecting-IP": "198.51.100.8" } }), 429, "rate-limited");
    await expectProblem(await api("/forum/categories", { headers: { "CF-Connecting-IP": "198.51.100.8" } }), 429, "rate-limited");
    // A valid key is counted against itself, not the address.
    expect((await call("198.51.100.8", KEYS.bob)).status).toBe(200);
    expect((await call("198.51.100.9")).status).toBe(200);
  });

  it("a malformed Authorization header counts too", async () => {
    const res = await api("/forum/categories", { headers: { "CF-Connecting-IP": "198.51.100.10", Authorization: "Basic abc" } });
    await expectProblem(res, 401, "unauthorized");
    expect((await call("198.51.100.10")).headers.get("X-RateLimit-Remaining")).toBe("58");
  });
});

describe("the MCP endpoint", () => {
  const rpc = (address: string, message: Record<string, unknown>, key?: string) =>
    callWorker(
      new Request(`${ORIGIN}/mcp`, {
        method: "POST",
        headers: {
          "CF-Connecting-IP": address,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-11-25",
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...message }),
      }),
    );
  const listTools = (address: string) => rpc(address, { method: "tools/list" });
  const toolCall = (address: string, key?: string) =>
    rpc(address, { method: "tools/call", params: { name: "list_recent", arguments: { kind: "categories" } } }, key);

  it("has its own per-address budget: the API's limit spent, tools still answer; tools/list is never counted", async () => {
    for (let i = 0; i < 60; i++) expect((await call("198.51.100.77")).status).toBe(200);
    const apiRead = () => api("/forum/categories", { headers: { "CF-Connecting-IP": "198.51.100.77" } });
    await expectProblem(await apiRead(), 429, "rate-limited");
    for (let i = 0; i < 30; i++) {
      const res = await listTools("198.51.100.77");
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(res.headers.get("RateLimit")).toBeNull();
    }
    const served = await toolCall("198.51.100.77", KEYS.bob); // a key changes nothing here
    expect(await served.text()).toContain("Categorías del foro");
    expect(served.status).toBe(200);
    expect(served.headers.get("RateLimit-Policy")).toBe('"mcp";q=120;w=60');
    expect(served.headers.get("RateLimit")).toMatch(/^"mcp";r=119;t=\d+$/);
    // Still refused by the API: the tool call neither counted there nor lifted its limit.
    await expectProblem(await apiRead(), 429, "rate-limited");
  });
});
