// What a POST to /mcp asks for, read before anything is served: a bounded body, how many tool calls and
// resource reads it carries (each is counted against the caller's MCP budget) and whether it is a JSON-RPC batch that the
// negotiated protocol no longer allows.
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { ApiError } from "../../http/problem";
import { invalidParams } from "./rpc-params";
import { mcpBatchMsg } from "../../core/messages/limits";

/** The largest /mcp request body accepted: tool arguments are short texts and ids, so 64 KiB is generous. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

/** JSON-RPC batches were removed from MCP in this protocol revision; later ones (date-named) follow it. */
export const BATCHES_REMOVED_IN = "2025-06-18";

const tooLarge = () => new ApiError("payload-too-large", mcpBatchMsg.bodyTooLarge({ bytes: MAX_MCP_BODY_BYTES }));

/**
 * Past the bound, a streamed body is still read (and dropped) up to this many bytes before the 413 leaves: under
 * `wrangler dev`, a request body left half-read (cancelled or abandoned) stalls the local runtime, so the next
 * request of any client hung for 15–150 s. Beyond this, the stream is cancelled (a deliberate flood, not a
 * mistake); on Cloudflare either way costs no one else anything.
 */
export const MCP_DRAIN_BYTES = 1024 * 1024;

/** The body's bytes, refused with 413 past the bound (declared or streamed); a streamed excess is drained, boundedly. */
export async function readBoundedBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_MCP_BODY_BYTES) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_MCP_BODY_BYTES) {
      if (!(await drain(reader, MCP_DRAIN_BYTES - size))) await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Reads and drops the rest of a body; false when more than `allowance` bytes remain or the body fails. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, allowance: number): Promise<boolean> {
  let left = allowance;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      left -= value.byteLength;
      if (left < 0) return false;
    }
  } catch {
    return false;
  }
}

/** The methods that read the database; everything else (initialize, ping, lists, completions) is never counted. */
const COUNTED_METHODS = new Set(["tools/call", "resources/read"]);

/** The one protocol revision of the 2026 era this server speaks, besides the SDK's 2024–2025 list. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";
export const SUPPORTED_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS];

/** JSON-RPC error code of an unsupported protocol version (named by the 2026-07-28 revision; 400 on every revision). */
export const UNSUPPORTED_VERSION_CODE = -32022;

/** A JSON-RPC error answered before anything is served, with its HTTP status. */
export interface RpcRefusal {
  status: 200 | 400;
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}

/** One JSON-RPC error answer inside a batch's answer. */
export interface RpcErrorAnswer {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

export interface RpcBodyShape {
  /** `tools/call` and `resources/read` messages served: each costs one against the caller's MCP budget. */
  reads: number;
  /** Set when the request is answered here: a batch where batches were removed, an unknown protocol version, bad params. */
  refusal?: RpcRefusal;
  /**
   * An allowed batch with malformed messages: they are answered here (-32602, as alone) and cost nothing; `serve`
   * is the batch left for the SDK (absent when nothing is left), whose answer `answered` joins.
   */
  batch?: { answered: RpcErrorAnswer[]; serve?: string };
}

interface Message {
  id?: unknown;
  method?: unknown;
  params?: { protocolVersion?: unknown };
}

function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function idOf(message: unknown): string | number | null {
  const id = isMessage(message) ? message.id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/**
 * Looks at a JSON-RPC body without serving it. The protocol version is the `MCP-Protocol-Version` header (an
 * empty one is a version this server does not speak), or for an initialize inside a batch the version it asks
 * for. Malformed JSON counts nothing: the MCP transport answers it with its own parse error. Params are checked
 * for every message, in a batch (2025-03-26 only) too.
 */
export function inspectRpcBody(text: string, protocolHeader: string | undefined): RpcBodyShape {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { reads: 0 };
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const problems = messages.map((m) => (isMessage(m) ? invalidParams(m) : undefined));
  const reads = messages.filter((m, i) => isMessage(m) && COUNTED_METHODS.has(String(m.method)) && !problems[i]).length;
  const header = protocolHeader?.trim();
  if (header !== undefined && !SUPPORTED_VERSIONS.includes(header)) {
    const message = `Unsupported MCP-Protocol-Version header ${JSON.stringify(header.slice(0, 40))}: this server speaks ${SUPPORTED_VERSIONS.join(", ")}. Send one of them.`;
    return {
      reads,
      refusal: {
        status: 400,
        id: Array.isArray(parsed) ? null : idOf(parsed),
        error: { code: UNSUPPORTED_VERSION_CODE, message, data: { supported: SUPPORTED_VERSIONS, requested: header.slice(0, 40) } },
      },
    };
  }
  if (!Array.isArray(parsed)) {
    const problem = problems[0];
    return problem ? { reads, refusal: { status: 200, id: idOf(parsed), error: { code: -32602, message: problem } } } : { reads };
  }
  const asked = messages.find((m) => isMessage(m) && m.method === "initialize" && typeof m.params?.protocolVersion === "string");
  const version = header || (isMessage(asked) ? String(asked.params?.protocolVersion) : undefined);
  // Revisions are named by date, so they compare as strings.
  if (version && version >= BATCHES_REMOVED_IN) {
    const message = `JSON-RPC batches are not part of MCP protocol version ${version} (removed in ${BATCHES_REMOVED_IN}); send one message per request.`;
    return { reads, refusal: { status: 400, id: null, error: { code: -32600, message } } };
  }
  if (!problems.some(Boolean)) return { reads };
  const answered = messages.flatMap((m, i) => {
    const message = problems[i];
    return message ? [{ jsonrpc: "2.0" as const, id: idOf(m), error: { code: -32602, message } }] : [];
  });
  const rest = messages.filter((_, i) => !problems[i]);
  return { reads, batch: { answered, ...(rest.length && { serve: JSON.stringify(rest) }) } };
}

/**
 * The SDK's answer to the rest of a batch with the answers given here added: a JSON array, or server-sent events
 * (one `message` event each), as the SDK chose to answer.
 */
export async function withBatchAnswers(response: Response, answered: RpcErrorAnswer[]): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  let body: string;
  if (type.startsWith("text/event-stream")) {
    body = text + answered.map((a) => `event: message\ndata: ${JSON.stringify(a)}\n\n`).join("");
  } else {
    const parsed: unknown = text ? JSON.parse(text) : [];
    body = JSON.stringify([...(Array.isArray(parsed) ? parsed : [parsed]), ...answered]);
  }
  return new Response(body, { status: response.status, headers });
}
