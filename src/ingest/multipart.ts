// multipart/form-data as a stream of parts: busboy, fed chunk by chunk from the request body's
// reader with backpressure (no Readable.fromWeb layer: one less buffer and fewer objects per chunk).
// Parts come in order; a file part's stream must be read (or drained) before the next part is
// parsed, so at most busboy's small buffers and one body chunk are in memory.
import busboy from "busboy";
import { Buffer } from "node:buffer";
import type { Readable } from "node:stream";

export type Part =
  | { kind: "field"; name: string; value: string; truncated: boolean }
  | { kind: "file"; name: string; filename: string | undefined; mimeType: string; stream: Readable };

/** The body is not well-formed multipart/form-data (or breaks a parser limit): a 422, never a 500. */
export class MalformedMultipart extends Error {}

export interface MultipartLimits {
  /** Longest text field value in bytes. */
  fieldBytes: number;
  /** Most parts (fields and files). */
  parts: number;
}

/** Media type of a Content-Type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

export async function* multipartParts(request: Request, limits: MultipartLimits): AsyncGenerator<Part> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      limits: { fieldSize: limits.fieldBytes, parts: limits.parts, fieldNameSize: 100 },
      defParamCharset: "utf8",
      // The raw filename reaches the caller, which refuses "../" rather than silently repairing it.
      preservePath: true,
    });
  } catch (err) {
    // "Multipart: Boundary not found", "Unsupported content type: …"
    throw new MalformedMultipart(err instanceof Error ? err.message : "unreadable multipart body");
  }
  if (!request.body) throw new MalformedMultipart("the request has no body");

  const queue: Part[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const fail = (err: Error) => {
    failure ??= err;
    notify();
  };

  parser.on("field", (name, value, info) => {
    queue.push({ kind: "field", name, value, truncated: info.valueTruncated || info.nameTruncated });
    notify();
  });
  parser.on("file", (name, stream, info) => {
    // Errors of the part also reach the reader of the stream; this listener keeps them from being unhandled.
    stream.on("error", () => {});
    queue.push({ kind: "file", name, filename: info.filename, mimeType: info.mimeType, stream });
    notify();
  });
  parser.on("partsLimit", () => fail(new MalformedMultipart(`more than ${limits.parts} parts`)));
  parser.on("error", (err: Error) => fail(new MalformedMultipart(err.message)));
  parser.on("close", () => {
    finished = true;
    notify();
  });

  const reader = request.body.getReader();
  let stopped = false;
  /** Resolves when busboy can take more, or has failed or closed (then writing stops). */
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        parser.off("drain", done);
        parser.off("close", done);
        resolve();
      };
      parser.on("drain", done);
      parser.on("close", done);
    });
  void (async () => {
    try {
      while (!stopped && !failure) {
        const { done, value } = await reader.read();
        if (done) break;
        // A Buffer view of the chunk: busboy would copy anything that is not a Buffer.
        if (!parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))) await writable();
      }
      if (!stopped && !failure) parser.end();
    } catch (err) {
      fail(new MalformedMultipart(`the body could not be read: ${err instanceof Error ? err.message : String(err)}`));
    }
  })();

  try {
    while (true) {
      if (failure) throw failure;
      const part = queue.shift();
      if (part) {
        yield part;
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // Stops reading the request body when the caller leaves early (a refusal before the end).
    stopped = true;
    reader.cancel().catch(() => {});
    parser.destroy();
  }
}
