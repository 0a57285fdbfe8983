// A streaming multipart client for POST /api/v1/uploads (Node): the file is read from disk in
// chunks and written to the socket as it goes, with an exact Content-Length, reporting progress.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { basename } from "node:path";

export interface UploadFileOptions {
  /** Service origin, e.g. http://localhost:8787 */
  baseUrl: string;
  apiKey: string;
  path: string;
  /** Form fields, sent before the file (lists as repeated fields). */
  fields: Record<string, string | string[] | undefined>;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

export interface UploadFileResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  fileBytes: number;
  elapsedMs: number;
}

function dispositionFilename(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function uploadFile(options: UploadFileOptions): Promise<UploadFileResult> {
  const { size } = await stat(options.path);
  const boundary = `----bds${randomBytes(12).toString("hex")}`;
  let preamble = "";
  for (const [name, value] of Object.entries(options.fields)) {
    for (const v of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`;
    }
  }
  preamble += `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${dispositionFilename(basename(options.path))}\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const head = Buffer.from(preamble, "utf8");
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, "utf8");
  const total = head.length + size + tail.length;

  const url = new URL("/api/v1/uploads", options.baseUrl);
  const transport = url.protocol === "https:" ? https : http;
  const started = performance.now();

  return new Promise<UploadFileResult>((resolve, reject) => {
    const request = transport.request(url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${options.apiKey}`,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(total),
        Accept: "application/json",
      },
    });
    let answered = false;
    const file = createReadStream(options.path, { highWaterMark: 256 * 1024 });
    request.on("response", (response) => {
      answered = true;
      // The server may answer before the whole body was sent (a refusal): stop sending.
      file.destroy();
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, fileBytes: size, elapsedMs: performance.now() - started });
      });
      response.on("error", reject);
    });
    request.on("error", (err) => {
      if (!answered) reject(err);
    });

    let sent = head.length;
    request.write(head);
    file.on("data", (chunk: Buffer | string) => {
      sent += chunk.length;
      if (!request.write(chunk)) file.pause();
      options.onProgress?.(sent, total);
    });
    request.on("drain", () => file.resume());
    file.on("end", () => {
      request.end(tail);
      options.onProgress?.(total, total);
    });
    file.on("error", (err) => {
      if (!answered) reject(err);
      request.destroy();
    });
  });
}
