// The /mcp endpoint as HTTP: request ids, Origin and Host validation, methods, and that keys change nothing.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { KEYS, ORIGIN, SAMPLE_IDS } from "../helpers/app";
import { call, connectV1, connectV2, exchanges, MCP_URL } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { keepBackLogs } from "../helpers/console";

beforeAll(seedMcpFixture);
// Failures these tests provoke on purpose, logged by the Worker for operators: asserted, not printed.
keepBackLogs([/^mcp Rejected inbound request \(empty-batch\)/, /^mcp Rejected inbound request \(invalid-json-rpc-body\)/]);

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

function post(body: unknown, headers: Record<string, string> = {}, url = MCP_URL): Promise<Response> {
  return exports.default.fetch(
    new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

describe("request ids", () => {
  it("every response to both clients carries X-Request-Id, on both protocol lanes", async () => {
    exchanges.length = 0;
    for (const client of [await connectV1(), await connectV2(), await connectV2("modern")]) {
      await call(client, "list_recent", { kind: "categories" });
      await call(client, "get_thread", { thread: "nope" });
      await client.close();
    }
    expect(exchanges.length).toBeGreaterThan(8);
    const ids = exchanges.map((e) => e.response.headers.get("X-Request-Id"));
    for (const id of ids) expect(id).toMatch(/^[0-9A-Z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The pinned v2 client really used the 2026-07-28 lane; the others the 2025 one.
    const versions = new Set(exchanges.map((e) => e.request.headers.get("MCP-Protocol-Version")).filter(Boolean));
    expect([...versions].sort()).toEqual(["2025-11-25", "2026-07-28"]);
    for (const e of exchanges) await e.response.body?.cancel();
  });

  it("keeps a well-formed incoming X-Request-Id, also on refused requests", async () => {
    const ok = await post(INITIALIZE, { "X-Request-Id": "trace-12345678" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("X-Request-Id")).toBe("trace-12345678");
    await ok.text();
    const refused = await post(INITIALIZE, { "X-Request-Id": "trace-abcdefgh", Origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("X-Request-Id")).toBe("trace-abcdefgh");
    await refused.text();
  });
});

describe("Origin and Host validation", () => {
  it("refuses a foreign browser Origin and accepts localhost, the site itself and no Origin", async () => {
    const evil = await post(INITIALIZE, { Origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as any).error.message).toContain("evil.example");
    for (const origin of ["http://localhost:6274", "http://127.0.0.1:6274", ORIGIN, undefined]) {
      const res = await post(INITIALIZE, origin ? { Origin: origin } : {});
      expect(res.status, String(origin)).toBe(200);
      expect(await res.text()).toContain('"serverInfo"');
    }
    const garbage = await post(INITIALIZE, { Origin: "not a url" });
    expect(garbage.status).toBe(403);
    await garbage.text();
  });

  it("with SITE_URL unset, only localhost-class names may appear in Host (DNS rebinding)", async () => {
    const send = (url: string, host: string) =>
      exports.default.fetch(
        new Request(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Host: host },
          body: JSON.stringify(INITIALIZE),
        }),
      );
    // `wrangler dev` builds the URL from the Host header: a rebound name arrives as both.
    for (const host of ["evil.example", "evil.example:8814", "boards.test"]) {
      const rebound = await send(`http://${host}/mcp`, host);
      expect(rebound.status, host).toBe(403);
      expect(((await rebound.json()) as any).error.message).toMatch(/host/i);
    }
    for (const host of ["localhost:8814", "127.0.0.1:8814", "[::1]:8814", "localhost"]) {
      const local = await send(`http://${host}/mcp`, host);
      expect(local.status, host).toBe(200);
      await local.text();
    }
  });

  it("with SITE_URL set, only its hostname (and localhost) may appear in Host", async () => {
    const app = buildApp();
    const configured = { ...env, SITE_URL: "https://boards.example.org" };
    const send = (host: string, origin?: string) =>
      app.fetch(
        new Request("https://boards.example.org/mcp", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
            Host: host,
            ...(origin && { Origin: origin }),
          },
          body: JSON.stringify(INITIALIZE),
        }),
        configured,
        createExecutionContext(),
      );
    const own = await send("boards.example.org");
    expect(own.status).toBe(200);
    await own.text();
    const rebound = await send("attacker.example");
    expect(rebound.status).toBe(403);
    expect(rebound.headers.get("X-Request-Id")).toBeTruthy();
    expect(((await rebound.json()) as any).error.message).toMatch(/host/i);
    const local = await send("localhost:8787");
    expect(local.status).toBe(200);
    await local.text();
    const siteOrigin = await send("boards.example.org", "https://boards.example.org");
    expect(siteOrigin.status).toBe(200);
    await siteOrigin.text();
    const otherOrigin = await send("boards.example.org", "https://boards.test");
    expect(otherOrigin.status).toBe(403);
    await otherOrigin.text();
  });
});

describe("HTTP shape", () => {
  it("answers GET and DELETE with 405 (stateless server, no sessions) and OPTIONS with CORS", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await exports.default.fetch(new Request(MCP_URL, { method, headers: { Accept: "text/event-stream" } }));
      expect(res.status, method).toBe(405);
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
      await res.text();
    }
    const preflight = await exports.default.fetch(
      new Request(MCP_URL, { method: "OPTIONS", headers: { Origin: "http://localhost:6274", "Access-Control-Request-Method": "POST" } }),
    );
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(preflight.headers.get("X-Request-Id")).toBeTruthy();
    await preflight.text();
  });

  it("refuses malformed requests with a 4xx JSON-RPC error, never a 500", async () => {
    for (const [body, headers] of [
      ["{not json", {}],
      ["[]", {}],
      [JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "Content-Type": "text/plain" }],
      [JSON.stringify({ hello: "world" }), {}],
    ] as const) {
      const res = await post(body, headers);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(res.headers.get("X-Request-Id")).toBeTruthy();
      expect(await res.text()).not.toMatch(/at .*\.js|SQLITE|stack/i);
    }
  });

  it("malformed params are -32602 with one short sentence, never -32603 with a dump of schema issues", async () => {
    for (const [body, words] of [
      [
        { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: 20251125 } },
        "Invalid params for initialize: params.protocolVersion: expected string, received number.",
      ],
      [
        { jsonrpc: "2.0", id: 7, method: "initialize", params: {} },
        "Invalid params for initialize: params.protocolVersion: required; params.capabilities: required; params.clientInfo: required.",
      ],
      [
        { jsonrpc: "2.0", id: 7, method: "resources/read", params: { uri: 5 } },
        "Invalid params for resources/read: params.uri: expected string, received number.",
      ],
      [
        { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: ["search"] } },
        "Invalid params for tools/call: params.name: expected string, received array.",
      ],
    ] as const) {
      const res = await post(body, { "MCP-Protocol-Version": "2025-11-25" });
      const answer = (await res.json()) as { id: number; error: { code: number; message: string } };
      expect(res.status).toBe(200);
      expect(answer.id).toBe(body.id);
      expect(answer.error.code).toBe(-32602);
      expect(answer.error.message).toMatch(words);
      expect(answer.error.message.length).toBeLessThan(200);
    }
  });

  it("an unsupported MCP-Protocol-Version header is a 400 that says so and names the versions spoken", async () => {
    const res = await post({ jsonrpc: "2.0", id: 3, method: "tools/list" }, { "MCP-Protocol-Version": "1999-01-01" });
    const answer = (await res.json()) as { id: number; error: { code: number; message: string; data: { supported: string[] } } };
    expect(res.status).toBe(400);
    expect(answer.id).toBe(3);
    expect(answer.error.code).toBe(-32022);
    expect(answer.error.message).toMatch(
      /^Unsupported MCP-Protocol-Version header "1999-01-01": this server speaks 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26/,
    );
    expect(answer.error.data.supported).toContain("2026-07-28");
    // Every version it names is served.
    for (const version of answer.error.data.supported.filter((v) => v !== "2026-07-28")) {
      const ok = await post({ jsonrpc: "2.0", id: 4, method: "tools/list" }, { "MCP-Protocol-Version": version });
      expect(ok.status, version).toBe(200);
      await ok.arrayBuffer();
    }
  });

  it("an empty MCP-Protocol-Version header is answered like any unsupported one, naming every version spoken", async () => {
    const res = await post({ jsonrpc: "2.0", id: 5, method: "tools/list" }, { "MCP-Protocol-Version": "" });
    const answer = (await res.json()) as { id: number; error: { code: number; message: string; data: { supported: string[] } } };
    expect(res.status).toBe(400);
    expect(answer.error.code).toBe(-32022);
    expect(answer.error.message).toMatch(/^Unsupported MCP-Protocol-Version header "": this server speaks 2026-07-28, 2025-11-25/);
    expect(answer.error.data.supported).toContain("2026-07-28");
  });

  it("an unknown tool is a JSON-RPC error; unknown paths under /mcp are problem 404s", async () => {
    const client = await connectV1();
    await expect(client.callTool({ name: "delete_everything", arguments: {} })).rejects.toThrow(/delete_everything/);
    await client.close();
    const res = await exports.default.fetch(new Request(`${MCP_URL}/other`, { method: "POST" }));
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe("application/problem+json");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    await res.text();
  });

  it("needs no key, and a key sent anyway shows nothing more than an anonymous visitor sees", async () => {
    const headers = { Authorization: `Bearer ${KEYS.aliceRead}` };
    const client = new ClientV1({ name: "keyed", version: "1" });
    await client.connect(
      new TransportV1(new URL(MCP_URL), { fetch: (url, init) => exports.default.fetch(new Request(url, init)), requestInit: { headers } }),
    );
    const privateDoc = await call(client, "get_document", { document: SAMPLE_IDS.alicePrivate });
    expect(privateDoc.isError).toBe(true);
    const files = await call(client, "list_recent", { kind: "files", limit: 25 });
    expect(files.structuredContent.files.map((d: any) => d.id)).not.toContain(SAMPLE_IDS.alicePrivate);
    expect(files.structuredContent.files.map((d: any) => d.id)).not.toContain(SAMPLE_IDS.sharedBoardview);
    await client.close();
  });
});

describe("language", () => {
  it("url fields follow Accept-Language when the call names no lang, and the lang argument over it", async () => {
    const client = new ClientV1({ name: "english", version: "1" });
    await client.connect(
      new TransportV1(new URL(MCP_URL), {
        fetch: (url, init) => exports.default.fetch(new Request(url, init)),
        requestInit: { headers: { "Accept-Language": "en" } },
      }),
    );
    const byDefault = await call(client, "get_document", { document: SAMPLE_IDS.publicSchematic });
    expect(byDefault.structuredContent.document.url).toBe(`${ORIGIN}/en/library/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`);
    const spanish = await call(client, "get_document", { document: SAMPLE_IDS.publicSchematic, lang: "es" });
    expect(spanish.structuredContent.document.url).toBe(`${ORIGIN}/es/biblioteca/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`);
    await client.close();
  });
});
