// What a POST to /mcp asks for, read before anything is served: a bounded body, how many tool calls and
// resource reads it carries (each is counted against the caller's MCP budget) and whether it is a JSON-RPC batch that the
// negotiated protocol no longer allows.
import { ApiError } from "../http/problem";

/** The largest /mcp request body accepted: tool arguments are short texts and ids, so 64 KiB is generous. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;

/** JSON-RPC batches were removed from MCP in this protocol revision; later ones (date-named) follow it. */
export const BATCHES_REMOVED_IN = "2025-06-18";

const tooLarge = () => new ApiError("payload-too-large", `An MCP request body may be at most ${MAX_MCP_BODY_BYTES} bytes (64 KiB).`);

/** The body's bytes, refused with 413 past the bound (declared or streamed), never read further than it. */
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
      await reader.cancel();
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

/** The methods that read the database; everything else (initialize, ping, lists, completions) is never counted. */
const COUNTED_METHODS = new Set(["tools/call", "resources/read"]);

export interface RpcBodyShape {
  /** `tools/call` and `resources/read` messages in the body: each costs one against the caller's MCP budget. */
  reads: number;
  /** Set when the body is a batch under a protocol version that removed batches. */
  batchRefusal?: string;
}

function isMessage(value: unknown): value is { method?: unknown; params?: { protocolVersion?: unknown } } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Looks at a JSON-RPC body without serving it. The protocol version is the `MCP-Protocol-Version` header, or
 * for an initialize inside the batch the version it asks for. Malformed JSON counts nothing: the MCP
 * transport answers it with its own parse error.
 */
export function inspectRpcBody(text: string, protocolHeader: string | undefined): RpcBodyShape {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { reads: 0 };
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const reads = messages.filter((m) => isMessage(m) && COUNTED_METHODS.has(String(m.method))).length;
  if (!Array.isArray(parsed)) return { reads };
  const asked = messages.find((m) => isMessage(m) && m.method === "initialize" && typeof m.params?.protocolVersion === "string");
  const version = protocolHeader?.trim() || (isMessage(asked) ? String(asked.params?.protocolVersion) : undefined);
  // Revisions are named by date, so they compare as strings.
  if (version && version >= BATCHES_REMOVED_IN) {
    return { reads, batchRefusal: `JSON-RPC batches are not part of MCP protocol version ${version} (removed in ${BATCHES_REMOVED_IN}); send one message per request.` };
  }
  return { reads };
}
