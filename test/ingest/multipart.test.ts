// The streaming multipart parser on its own: the same result however the body is cut into chunks
// (delimiters split across reads, look-alike bytes in the data), and clear errors for bad bodies.
import { describe, expect, it } from "vitest";
import { BodyTooLarge, MalformedMultipart, parseMultipart, type MultipartLimits } from "../../src/ingest/receive/multipart";

const enc = new TextEncoder();
const BOUNDARY = "XbdyX";
const limits: MultipartLimits = { fieldBytes: 1000, parts: 10, bodyBytes: 1_000_000 };

function body(parts: string[], { preamble = "", epilogue = "", close = true } = {}): Uint8Array {
  return enc.encode(preamble + parts.map((p) => `--${BOUNDARY}\r\n${p}\r\n`).join("") + (close ? `--${BOUNDARY}--\r\n${epilogue}` : ""));
}
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const filePart = (content: string, disposition = 'name="file"; filename="a.bin"') =>
  `Content-Disposition: form-data; ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n${content}`;

function stream(bytes: Uint8Array, cuts: number[], byteStream: boolean): ReadableStream<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    if (cut > at) pieces.push(bytes.slice(at, cut));
    at = cut;
  }
  let i = 0;
  const next = (controller: { enqueue(chunk: Uint8Array): void; close(): void }) => {
    if (i < pieces.length) controller.enqueue(pieces[i++]);
    else controller.close();
  };
  // A byte stream is read with a BYOB reader, a plain one with a default reader: both paths run.
  return byteStream ? new ReadableStream({ type: "bytes", pull: next }) : new ReadableStream<Uint8Array>({ pull: next });
}

async function parse(bytes: Uint8Array, cuts: number[] = [], byteStream = true, lim = limits) {
  const fields: [string, string, boolean][] = [];
  const files: { name: string; filename?: string; content: string }[] = [];
  let current: { name: string; filename?: string; bytes: number[] } | undefined;
  await parseMultipart(stream(bytes, cuts, byteStream), `multipart/form-data; boundary=${BOUNDARY}`, lim, {
    field: (name, value, truncated) => fields.push([name, value, truncated]),
    fileStart: (name, filename) => void (current = { name, filename, bytes: [] }),
    fileData: (b) => void current!.bytes.push(...b),
    fileEnd: () => {
      files.push({ name: current!.name, filename: current!.filename, content: new TextDecoder().decode(Uint8Array.from(current!.bytes)) });
    },
  });
  return { fields, files };
}

describe("parseMultipart", () => {
  // Data that looks like the delimiter without being it, and a field with a line break.
  const tricky = "a\r\n-b\r\n--Xbdy\r\n--XbdyY\r\n--X\r\nend\r\n";
  const sample = body([field("title", "Ünïcode\r\ntitle"), filePart(tricky), field("tags", "x")], {
    preamble: "ignored preamble\r\n",
    epilogue: "ignored epilogue",
  });
  const expected = {
    fields: [
      ["title", "Ünïcode\r\ntitle", false],
      ["tags", "x", false],
    ],
    files: [{ name: "file", filename: "a.bin", content: tricky }],
  };

  it("reads fields and files in one chunk, from a byte stream and a plain stream", async () => {
    expect(await parse(sample)).toEqual(expected);
    expect(await parse(sample, [], false)).toEqual(expected);
  });

  it("gives the same result for every two-chunk split", async () => {
    for (let cut = 1; cut < sample.length; cut++) {
      expect(await parse(sample, [cut], cut % 2 === 0), `cut at ${cut}`).toEqual(expected);
    }
  });

  it("gives the same result one byte at a time and in odd-sized chunks", async () => {
    expect(
      await parse(
        sample,
        Array.from({ length: sample.length - 1 }, (_, i) => i + 1),
        false,
      ),
    ).toEqual(expected);
    expect(
      await parse(
        sample,
        Array.from({ length: Math.floor(sample.length / 7) }, (_, i) => (i + 1) * 7),
        true,
      ),
    ).toEqual(expected);
  });

  it("reads quoted names, escaped quotes, RFC 5987 file names and empty files", async () => {
    const parsed = await parse(
      body([
        filePart("", `name="file"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`),
        field('we\\"ird', "v"),
        filePart("z", "name=doc; filename=plain.txt"),
      ]),
    );
    expect(parsed.files).toEqual([
      { name: "file", filename: "résumé.pdf", content: "" },
      { name: "doc", filename: "plain.txt", content: "z" },
    ]);
    expect(parsed.fields).toEqual([['we"ird', "v", false]]);
  });

  it("reports a field longer than the limit as truncated", async () => {
    const parsed = await parse(body([field("description", "y".repeat(50))]), [], true, { ...limits, fieldBytes: 10 });
    expect(parsed.fields).toEqual([["description", "y".repeat(10), true]]);
  });

  it.each([
    ["no closing delimiter", body([field("a", "b")], { close: false }), /Unexpected end/],
    ["an empty body", new Uint8Array(0), /Unexpected end/],
    ["a header line without a colon", body(["not a header\r\n\r\nx"]), /Malformed part header/],
    ["a NUL in a header", body(['Content-Disposition: form-data; name="f"; filename="a\u0000b"\r\n\r\nx']), /Malformed part header/],
    ["headers that never end", enc.encode(`--${BOUNDARY}\r\n` + "X-Long: " + "h".repeat(20_000)), /too large/],
    ["garbage after a delimiter", enc.encode(`--${BOUNDARY}xx\r\n`), /Malformed boundary/],
    ["more parts than allowed", body(Array.from({ length: 11 }, (_, i) => field(`f${i}`, "v"))), /more than 10 parts/],
  ])("refuses %s", async (_name, bytes, message) => {
    const error = await parse(bytes).catch((e) => e);
    expect(error).toBeInstanceOf(MalformedMultipart);
    expect(error.message).toMatch(message);
  });

  it("refuses a body larger than its limit while reading it", async () => {
    const error = await parse(body([filePart("x".repeat(5000))]), [100, 200], true, { ...limits, bodyBytes: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(BodyTooLarge);
  });

  it("needs a boundary", async () => {
    const error = await parseMultipart(stream(sample, [], true), "multipart/form-data", limits, {
      field() {},
      fileStart() {},
      fileData() {},
      fileEnd() {},
    }).catch((e) => e);
    expect(error).toBeInstanceOf(MalformedMultipart);
  });
});
