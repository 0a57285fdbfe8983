// Manual check against a running `wrangler dev` (or any deployment): every early refusal of an upload
// leaves the connection usable. One keep-alive socket (node http Agent, maxSockets 1) sends a refused
// 3 MiB upload, then a GET on the same socket, which must answer 200.
//
//   npx tsx bench/keepalive/run.ts --url http://localhost:8787 [--key bds_… (an api:read,library:ingest key)]
//
// Without --key only the 401 cases run. Exit code 1 when any follow-up GET is not a 200 on the same socket.
import http from "node:http";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { url: { type: "string", default: "http://localhost:8787" }, key: { type: "string" } } });
const base = new URL(values.url!);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const MIB = 1024 * 1024;
const quieted = new WeakSet<object>();

interface Answer {
  status: number;
  body: string;
  socket: unknown;
  ms: number;
}

function request(method: string, path: string, headers: Record<string, string | number>, body?: Buffer): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, method, path, headers, agent, timeout: 30_000 }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, socket: req.socket, ms: Date.now() - started }));
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    // Writing may fail once the server has answered and closed: the answer is what counts.
    req.on("socket", (s) => {
      if (!quieted.has(s)) s.on("error", () => {});
      quieted.add(s);
    });
    if (body) req.end(body);
    else req.end();
  });
}

function multipart(boundary: string, filename: string, size: number, fieldsFirst = true): Buffer {
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="external_id"\r\n\r\nkeepalive-${Date.now()}-${Math.random()}\r\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const parts = [Buffer.from(head), Buffer.alloc(size, 0x41), Buffer.from(tail)];
  return Buffer.concat(fieldsFirst ? [Buffer.from(field), ...parts] : [...parts, Buffer.from(field)]);
}

const boundary = "keepaliveBoundary";
const type = `multipart/form-data; boundary=${boundary}`;
const cases: { name: string; headers: Record<string, string | number>; body: Buffer; expect: number }[] = [
  { name: "no key (401)", headers: { "Content-Type": type }, body: multipart(boundary, "a.pdf", 3 * MIB), expect: 401 },
  {
    name: "unknown key (401)",
    headers: { "Content-Type": type, Authorization: "Bearer bds_unknown0000000000000000000000000000" },
    body: multipart(boundary, "a.pdf", 3 * MIB),
    expect: 401,
  },
];
if (values.key) {
  const auth = { Authorization: `Bearer ${values.key}` };
  cases.push(
    {
      name: "blocked extension, refused after the part header (422)",
      headers: { "Content-Type": type, ...auth },
      body: multipart(boundary, "setup.exe", 3 * MIB),
      expect: 422,
    },
    { name: "not multipart (422)", headers: { "Content-Type": "application/octet-stream", ...auth }, body: Buffer.alloc(3 * MIB), expect: 422 },
    {
      name: "a .txt over its 5 MB cap, refused mid-file (422)",
      headers: { "Content-Type": type, ...auth },
      body: multipart(boundary, "big.txt", 6 * MIB),
      expect: 422,
    },
  );
}

let failed = 0;
for (const c of cases) {
  const refused = await request("POST", "/api/v1/uploads", { ...c.headers, "Content-Length": c.body.length }, c.body);
  let next: Answer | Error;
  try {
    next = await request("GET", "/healthz", {});
  } catch (err) {
    next = err as Error;
  }
  const sameSocket = !(next instanceof Error) && next.socket === refused.socket;
  const ok = refused.status === c.expect && !(next instanceof Error) && next.status === 200;
  if (!ok) failed++;
  const after =
    next instanceof Error ? `error ${next.message}` : `${next.status} in ${next.ms} ms${sameSocket ? " on the same socket" : " on a new socket"}`;
  console.log(`${ok ? "ok  " : "FAIL"} ${c.name}: ${refused.status} in ${refused.ms} ms, then GET /healthz ${after}`);
}
agent.destroy();
process.exit(failed ? 1 : 0);
