// The upload queue consumer, through the Worker's real queue handler: content sniffing, program
// detection, PDF page text into document_pages, retries and poisoned messages.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_ATTEMPTS } from "../../src/ingest/consumer";
import { getJson, seedSample } from "../helpers/app";
import { createUploader, makePdf, makeZip, runQueue, upload } from "../helpers/uploads";
import { pageRows, pageRowsEverywhere, recordedShard, shardPages } from "../helpers/text";
import { keepBackLogs } from "../helpers/console";

vi.setConfig({ testTimeout: 30_000 });
beforeAll(seedSample);
// Failures these tests provoke on purpose, logged by the Worker for operators (and pdf.js's own warning when it
// rebuilds a broken PDF's cross-reference table): asserted, not printed.
keepBackLogs([/^upload processing failed$/, /^rejected document's file was not removed$/, /^Warning: Indexing all PDF objects$/]);

const enc = (s: string) => new TextEncoder().encode(s);
function bytes(...parts: (number[] | string | Uint8Array)[]): Uint8Array {
  const arrays = parts.map((p) => (typeof p === "string" ? enc(p) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) out.set(a, (at += a.length) - a.length);
  return out;
}
/** A minimal PE: DOS header whose e_lfanew (0x3c) points at "PE\0\0". */
const PE = (() => {
  const b = new Uint8Array(256);
  b.set(enc("MZ"), 0);
  b[0x3c] = 0x80;
  b.set(enc("PE\0\0"), 0x80);
  return b;
})();
const ELF = bytes([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], new Uint8Array(64));
const MACHO = bytes([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1], new Uint8Array(64));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], new Uint8Array(32));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], new Uint8Array(32));

let key: string;
let counter = 0;
beforeAll(async () => {
  key = (await createUploader()).key;
});

async function uploadAndProcess(filename: string, content: Uint8Array | string, fields: Record<string, string> = {}, uploaderKey = key) {
  const res = await upload(uploaderKey, { external_id: `c-${++counter}`, ...fields }, { filename, content });
  const body: any = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  const { result } = await runQueue([{ documentId: body.data.id, version: 1 }]);
  expect(result.explicitAcks).toHaveLength(1);
  const row = await env.DB.prepare("select status, status_reason as reason, executable, page_count as pages from documents where id = ?")
    .bind(body.data.id)
    .first<{ status: string; reason: string | null; executable: number; pages: number | null }>();
  return { id: body.data.id as string, externalId: `c-${counter}`, ...row!, executable: Boolean(row!.executable) };
}

describe("PDF text", () => {
  it("a PDF becomes available with its page count, and its page text on its text shard (recorded on the document)", async () => {
    const pdf = await makePdf(["PP3V42_G3H missing on the main board", "Replace U7000 buck converter", ""]);
    const doc = await uploadAndProcess("service.pdf", pdf, { title: "Service notes" });
    expect(doc).toMatchObject({ status: "available", reason: null, executable: false, pages: 3 });
    const pages = await shardPages(doc.id);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages[0].text).toContain("PP3V42_G3H missing on the main board");
    expect(pages[1].text).toContain("Replace U7000 buck converter");
    expect(pages[2].text).toBe("");
    // Only there: not on the primary, not on another shard.
    const shard = await recordedShard(doc.id);
    expect(Object.entries(await pageRowsEverywhere(doc.id)).filter(([, n]) => n > 0)).toEqual([[shard, 3]]);

    const { body: status } = await getJson(`/uploads/${doc.externalId}`, { key });
    expect(status.data).toMatchObject({ id: doc.id, status: "available", page_count: 3 });
    const { body: detail } = await getJson(`/documents/${doc.id}`, { key });
    expect(detail.data).toMatchObject({ status: "available", has_text: true, page_count: 3, executable: false });
  });

  it("processing twice (a redelivered message) changes nothing; a crashed run is redone cleanly", async () => {
    const pdf = await makePdf(["only page"]);
    const doc = await uploadAndProcess("again.pdf", pdf);
    const { result } = await runQueue([{ documentId: doc.id, version: 1 }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await pageRows(doc.id)).toBe(1);
    // As if a run had written pages and died before its status change: the retry rewrites them.
    await env.DB.prepare("update documents set status = 'processing' where id = ?").bind(doc.id).run();
    await runQueue([{ documentId: doc.id, version: 1 }]);
    expect(await pageRows(doc.id)).toBe(1);
    expect((await getJson(`/uploads/${doc.externalId}`, { key })).body.data.status).toBe("available");
  });

  it("a .pdf that is not a PDF is rejected with a reason, and its file removed", async () => {
    const doc = await uploadAndProcess("fake.pdf", "this is plain text pretending to be a PDF");
    expect(doc.status).toBe("rejected");
    expect(doc.reason).toMatch(/not a PDF/);
    expect((await getJson(`/uploads/${doc.externalId}`, { key })).body.data.status).toBe("rejected");
    expect(await env.FILES.head(`documents/${doc.id}/v1`)).toBeNull();
    expect(await pageRows(doc.id)).toBe(0);
  });

  it("a file that starts like a PDF but is broken is rejected as unreadable", async () => {
    const doc = await uploadAndProcess("broken.pdf", "%PDF-1.7\nnot really anything else here\n%%EOF");
    expect(doc.status).toBe("rejected");
    expect(doc.reason).toMatch(/PDF could not be read/);
  });
});

describe("content must match the extension's family", () => {
  it.each([
    ["a PNG as .png", "available", "photo.png", PNG],
    ["a JPEG as .png", "rejected", "photo.png", JPEG],
    ["a JPEG as .jpg", "available", "photo.jpg", JPEG],
    ["text as .txt", "available", "notes.txt", "plain text\nline two"],
    ["binary as .txt", "rejected", "notes.txt", bytes("text", [0, 0, 0], "binary")],
    ["a ZIP as .zip", "available", "archive.zip", makeZip([{ name: "readme.txt", content: "hello" }])],
    ["text as .zip", "rejected", "archive.zip", "not a zip at all"],
    ["anything as .bin", "available", "bios.bin", bytes([1, 2, 3, 4, 5])],
    ["a STEP model as .step", "available", "model.step", "ISO-10303-21;\nHEADER;"],
    ["something else as .step", "rejected", "model.step", "solid cube"],
    ["anything with an unknown extension", "available", "unknown.xyz", bytes([0, 1, 2])],
  ] as const)("%s → %s", async (_label, expected, filename, content) => {
    const doc = await uploadAndProcess(filename, content);
    expect(doc.status).toBe(expected);
    if (expected === "rejected") expect(doc.reason).toMatch(/is not a/);
  });
});

describe("programs are flagged executable", () => {
  it.each([
    ["a PE program", true, "firmware.bin", PE],
    ["an ELF program", true, "firmware.bin", ELF],
    ["a Mach-O program", true, "firmware.bin", MACHO],
    ["a #! script", true, "update.txt", "#!/bin/sh\necho flashing\n"],
    [
      "a ZIP holding setup.exe",
      true,
      "tools.zip",
      makeZip([
        { name: "docs/readme.txt", content: "read me" },
        { name: "bin/setup.exe", content: "anything", store: true },
      ]),
    ],
    ["a ZIP holding a .sh script", true, "tools.zip", makeZip([{ name: "flash.sh", content: "echo hi" }])],
    ["a ZIP holding a deflated ELF without extension", true, "tools.zip", makeZip([{ name: "tool", content: ELF }])],
    ["a ZIP holding a stored PE named .dat", true, "tools.zip", makeZip([{ name: "payload.dat", content: PE, store: true }])],
    [
      "a ZIP of documents",
      false,
      "tools.zip",
      makeZip([
        { name: "readme.txt", content: "nothing to run" },
        { name: "photo.png", content: PNG },
      ]),
    ],
    ["text that starts with MZ", false, "notes.txt", "MZ is how this note starts, but it is text"],
    ["a BIOS image", false, "bios.bin", bytes([0x55, 0xaa, 1, 2, 3])],
  ] as const)("%s → executable %s", async (_label, executable, filename, content) => {
    const doc = await uploadAndProcess(filename, content);
    expect(doc.status).toBe("available");
    expect(doc.executable).toBe(executable);
    const { body } = await getJson(`/documents/${doc.id}`, { key });
    expect(body.data.executable).toBe(executable);
  });

  it.each([
    ["a ZIP holding setup.exe. (trailing dot)", makeZip([{ name: "setup.exe.", content: "anything", store: true }])],
    ["a ZIP holding a name disguised by a right-to-left override", makeZip([{ name: "photo\u202Egnp.exe", content: "anything", store: true }])],
    ["a ZIP whose listing cannot be read", bytes(makeZip([{ name: "readme.txt", content: "text" }]).subarray(0, 40), new Uint8Array(64))],
  ])("%s is not declared free of programs", async (_label, content) => {
    // Its own account: the shared one's hourly upload rate is spent by the table above.
    const doc = await uploadAndProcess("tools.zip", content, {}, (await createUploader()).key);
    expect(doc).toMatchObject({ status: "available", executable: true });
  });

  it("a .pdf that is really a program is rejected and still flagged", async () => {
    const doc = await uploadAndProcess("invoice.pdf", PE);
    expect(doc).toMatchObject({ status: "rejected", executable: true });
  });
});

describe("retries and poisoned messages", () => {
  it("a malformed message is retried (dead-lettered after the last retry) without holding up the others", async () => {
    const res = await upload(key, { external_id: "poison-neighbour" }, { filename: "ok.txt", content: "fine" });
    const good: any = await res.json();
    const { batch, result } = await runQueue([
      { nonsense: true },
      "just a string",
      { documentId: good.data.id, version: 1 },
      { documentId: "01JZZZZZZZZZZZZZZZZZZZZZZZ", version: 1 },
    ]);
    const [bad1, bad2, ok, missing] = batch.messages.map((m) => m.id);
    expect(result.retryMessages.map((m) => m.msgId).sort()).toEqual([bad1, bad2].sort());
    // A job for a document that no longer exists is simply done.
    expect(result.explicitAcks.sort()).toEqual([ok, missing].sort());
    expect((await getJson(`/uploads/poison-neighbour`, { key })).body.data.status).toBe("available");
  });

  it("a job that keeps failing is retried with growing delays; on its last attempt the document is rejected (then dead-lettered)", async () => {
    const res = await upload(key, { external_id: "always-fails" }, { filename: "doc.txt", content: "text" });
    const { data } = (await res.json()) as any;
    // An object key R2 refuses: every read throws, as a storage outage would.
    await env.DB.prepare("update document_versions set r2_key = ? where document_id = ?").bind("k".repeat(2000), data.id).run();
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const run = await runQueue([{ documentId: data.id, version: 1 }], attempt);
      expect(run.result.retryMessages).toHaveLength(1);
      delays.push(...run.retryDelays);
      expect((await getJson(`/uploads/always-fails`, { key })).body.data.status).toBe("processing");
    }
    // Each retry waits longer than the one before, from seconds to minutes, never past the queue's 12 h cap.
    expect(delays).toHaveLength(MAX_ATTEMPTS - 1);
    expect(delays[0]).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    expect(delays[delays.length - 1]).toBeGreaterThanOrEqual(60);
    expect(delays[delays.length - 1]).toBeLessThanOrEqual(12 * 3600);
    const last = await runQueue([{ documentId: data.id, version: 1 }], MAX_ATTEMPTS);
    expect(last.result.retryMessages).toHaveLength(1);
    expect((await getJson(`/uploads/always-fails`, { key })).body.data.status).toBe("rejected");
  });
});

describe("the queue wired in wrangler.toml", () => {
  it("an upload is processed by the real consumer without any help", async () => {
    const pdf = await makePdf(["delivered by the queue"]);
    const res = await upload(key, { external_id: "real-queue" }, { filename: "queued.pdf", content: pdf });
    expect(res.status).toBe(201);
    await res.body?.cancel();
    let status = "processing";
    for (let i = 0; i < 100 && status === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await getJson("/uploads/real-queue", { key })).body.data.status;
    }
    expect(status).toBe("available");
    const id = (await env.DB.prepare("select document_id as id from uploads where external_id = 'real-queue'").first<{ id: string }>())!.id;
    expect((await shardPages(id))[0]?.text).toContain("delivered by the queue");
  });
});
