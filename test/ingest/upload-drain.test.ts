// A refusal in the middle of an upload's body reads the rest of the body before answering, so the
// client's connection stays usable (bench/keepalive/run.ts checks the connection itself against
// `wrangler dev`); only a body past the upload ceiling is cut off.
import { describe, expect, it, vi } from "vitest";
import { expectProblem } from "../helpers/app";
import { createUploader, envWith, postUpload } from "../helpers/uploads";

vi.setConfig({ testTimeout: 30_000 });

const MIB = 1024 * 1024;
const enc = new TextEncoder();

/** A multipart body delivered in 64 KiB chunks, counting how much of it the Worker pulled. */
function countedBody(filename: string, fileBytes: number) {
  const boundary = "drainBoundary";
  const chunks = [
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="external_id"\r\n\r\ndrain-${Math.random()}\r\n`),
    enc.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    ...Array.from({ length: Math.ceil(fileBytes / (64 * 1024)) }, () => new Uint8Array(64 * 1024).fill(0x41)),
    enc.encode(`\r\n--${boundary}--\r\n`),
  ];
  const total = chunks.reduce((n, c) => n + c.length, 0);
  let pulled = 0;
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i === chunks.length) return controller.close();
      pulled += chunks[i].length;
      controller.enqueue(chunks[i++]);
    },
  });
  return { body, total, pulled: () => pulled, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("refusals in the middle of a body", () => {
  it.each([
    ["a blocked extension, refused at the file's part header", "setup.exe", 3 * MIB],
    ["a .txt past its 5 MB cap, refused mid-file", "big.txt", 6 * MIB],
  ])("%s: 422, and the whole body was read first", async (_name, filename, size) => {
    const { key } = await createUploader();
    const sent = countedBody(filename, size);
    const res = await postUpload(sent.body, { key, headers: { "Content-Type": sent.contentType } });
    await expectProblem(res, 422, "validation-failed");
    expect(sent.pulled()).toBe(sent.total);
  });

  it("a body past the upload ceiling is not read to its end", async () => {
    const { key } = await createUploader();
    const sent = countedBody("big.bin", 3 * MIB);
    const res = await postUpload(sent.body, {
      key,
      headers: { "Content-Type": sent.contentType },
      env: envWith({ MAX_UPLOAD_BYTES: String(1 * MIB) }),
    });
    await expectProblem(res, 422, "validation-failed");
    expect(sent.pulled()).toBeLessThan(sent.total);
  });
});
