// End-to-end: what only `wrangler dev` shows (the vitest pool serves requests in-process, without sockets).
// Run through `npm run test:e2e` (scripts/e2e.sh), which starts `wrangler dev` and sets BASE_URL.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { BASE_URL } from "./browser";

/** Long enough for any answer of a local server; a stalled runtime answered only after 15–150 s. */
const ANSWER_WITHIN_MS = 10_000;

/** POSTs `bytes` to `path` in chunks, without Content-Length (Transfer-Encoding: chunked), on its own connection. */
function postChunked(path: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${BASE_URL}${path}`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(16 * 1024, "a");
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

console.log("dev server:");

// A refused chunked body to /mcp must not stall the next request of anyone (a new connection, another route).
assert.equal(await postChunked("/mcp", 200 * 1024), 413, "a 200 KB chunked body to /mcp is refused");
const next = await fetch(`${BASE_URL}/healthz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
assert.equal(next.status, 200, "the next request is served");
const mcp = await fetch(`${BASE_URL}/mcp`, {
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
});
assert.equal(mcp.status, 200, "and so is the next MCP request");
console.log("  a refused 200 KB chunked body to /mcp: 413, and the next requests are served");

// A second `npm run dev` on the busy port refuses at once, in one line, before preparing anything.
const port = new URL(BASE_URL).port;
const second = spawnSync("npm", ["run", "--silent", "dev"], { env: { ...process.env, PORT: port }, encoding: "utf8", timeout: 60_000 });
assert.equal(second.status, 1, `a second npm run dev on port ${port} exits with 1`);
assert.doesNotMatch(second.stdout + second.stderr, /Applying local migrations|Loading|stack/i, "it touches no database");
assert.match(second.stderr.trim(), /^error: port \d+ is in use[^\n]*$/, "one line says why");
console.log(`  a second npm run dev on port ${port}: ${second.stderr.trim()}`);
