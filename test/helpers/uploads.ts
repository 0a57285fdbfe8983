// Upload helpers: build multipart requests (well-formed or deliberately broken), small PDFs and ZIPs,
// and run queued processing through the Worker's real queue handler.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { deflateRawSync } from "node:zlib";
import { sha256Hex } from "../../src/auth/keys";
import worker from "../../src/index";
import { vi } from "vitest";
import { fetchWorker, ORIGIN } from "./app";

export type FieldValues = Record<string, string | string[]>;
export interface FilePart {
  name?: string;
  filename: string;
  content: Uint8Array | string;
  type?: string;
}

export function uploadForm(fields: FieldValues, files: FilePart[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  for (const f of files) form.append(f.name ?? "file", new File([f.content], f.filename, { type: f.type ?? "application/octet-stream" }));
  return form;
}

export function postUpload(body: BodyInit, init: { key?: string; headers?: Record<string, string>; env?: Env } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers.Authorization = `Bearer ${init.key}`;
  const request = new Request(`${ORIGIN}/api/v1/uploads`, { method: "POST", headers, body });
  // A different env (other vars, same bindings) goes through the Worker's fetch handler directly.
  if (init.env) return Promise.resolve(worker.fetch(request, init.env, createExecutionContext()));
  return fetchWorker(request);
}

/** POST /uploads with these fields (sent first) and one file. */
export function upload(key: string, fields: FieldValues, file: FilePart | FilePart[] | null, options: { env?: Env } = {}): Promise<Response> {
  return postUpload(uploadForm(fields, file === null ? [] : Array.isArray(file) ? file : [file]), { key, env: options.env });
}

/** A multipart body written by hand, for malformed cases. */
export function rawMultipart(boundary: string, parts: { headers: string[]; body: string }[], closing = true): string {
  let out = "";
  for (const p of parts) out += `--${boundary}\r\n${p.headers.join("\r\n")}\r\n\r\n${p.body}\r\n`;
  if (closing) out += `--${boundary}--\r\n`;
  return out;
}

export async function makePdf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([300, 200]);
    page.drawText(text, { x: 20, y: 100, size: 12, font });
  }
  return pdf.save();
}

/**
 * A deflate bomb: every page shares one small deflated content stream that inflates to `opsPerPage`
 * text-showing operations (kilobytes on disk, megabytes of text work per page).
 */
export async function makeDeflateBombPdf(pages: number, opsPerPage: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const content = pdf.context.register(pdf.context.flateStream(`BT /F1 1 Tf 10 10 Td ${"(bomb ) Tj ".repeat(opsPerPage)}ET`));
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage([300, 200]);
    page.node.setFontDictionary(PDFName.of("F1"), font.ref);
    page.node.set(PDFName.of("Contents"), content);
  }
  return pdf.save({ useObjectStreams: false });
}

/** A ZIP archive (deflated or stored entries) written by hand: enough for the consumer's reader. */
export function makeZip(entries: { name: string; content: Uint8Array | string; store?: boolean }[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = typeof e.content === "string" ? enc.encode(e.content) : e.content;
    const body = e.store ? data : new Uint8Array(deflateRawSync(data));
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length + body.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, e.store ? 0 : 8, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(body, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, e.store ? 0 : 8, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const all = [...locals, ...centrals, end];
  const out = new Uint8Array(all.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of all) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/**
 * Runs the Worker's queue handler on these jobs (with the run's env, or `workerEnv`: other vars, same bindings)
 * and returns the ack/retry outcome, with the delay each retry asked for (watched on the messages: the harness's
 * result does not report delays).
 */
export async function runQueue(bodies: unknown[], attempts = 1, workerEnv: Env = env) {
  const batch = createMessageBatch(
    "board-docs-uploads",
    bodies.map((body, i) => ({ id: `msg-${i}-${Math.random()}`, timestamp: Date.now(), attempts, body })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await (worker as ExportedHandler<Env>).queue!(batch, workerEnv, ctx);
  const retryDelays = retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds));
  return { batch, result: await getQueueResult(batch, ctx), retryDelays };
}

let uploaders = 0;

/**
 * A fresh account with one key: its own upload rate counter, quota and external ids. Its user id is drawn far
 * above the importer's: upload counters and quota ledgers are kept per user id and outlive a reset import, after
 * which ids start again from 1, so a reused id would carry another file's uploads into this account's limits.
 */
export async function createUploader(scopes: string[] = ["api:read", "library:ingest"]): Promise<{ key: string; userId: number; username: string }> {
  uploaders += 1;
  const username = `uploader${uploaders}x${Math.floor(Math.random() * 1e9)}`;
  const now = new Date().toISOString();
  const user = await env.DB.prepare(
    "insert into users (id, username, name, role, locale, active, created_at) values (?, ?, ?, 'user', 'en', 1, ?) returning id",
  )
    .bind(1_000_000 + Math.floor(Math.random() * 1_000_000_000), username, username, now)
    .first<{ id: number }>();
  const key = `bds_${username}`.padEnd(40, "0");
  await env.DB.prepare("insert into api_keys (user_id, name, token_hash, display_prefix, scopes, created_at) values (?, 'test', ?, ?, ?, ?)")
    .bind(user!.id, await sha256Hex(key), key.slice(0, 10), JSON.stringify(scopes), now)
    .run();
  return { key, userId: user!.id, username };
}

/** The Worker's env with some vars changed (same bindings). */
export function envWith(vars: Partial<Record<"UPLOADS_PER_HOUR" | "QUOTA_BYTES" | "MAX_UPLOAD_BYTES" | "PDF_TEXT_BUDGET_MS", string>>): Env {
  return { ...env, ...vars };
}

export async function countRows(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/** Keys of every stored object under documents/. */
export async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: "documents/", cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}
