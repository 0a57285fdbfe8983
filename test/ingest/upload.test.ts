// POST /uploads: every refusal is a 422/429 problem with per-field errors (never a 500) and leaves
// nothing behind; accepted uploads stream into R2 (multipart for large files) and start processing.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PART_SIZE } from "../../src/ingest/receive/file-sink";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, seedSample } from "../helpers/app";
import { countRows, createUploader, envWith, makePdf, postUpload, rawMultipart, storedKeys, upload, uploadForm } from "../helpers/uploads";

vi.setConfig({ testTimeout: 30_000 });
beforeAll(seedSample);

const pdfBytes = await makePdf(["Power rail PP3V42", "Second page"]);
const pdf = (filename = "scan.pdf") => ({ filename, content: pdfBytes, type: "application/pdf" });
const long = (n: number) => "x".repeat(n);

describe("POST /uploads accepts a valid upload", () => {
  it("201 with UploadStatus, the file in R2 under the document, processing, owner sees it", async () => {
    const { key, username } = await createUploader();
    const res = await upload(
      key,
      {
        external_id: "ok-1",
        title: "  Schematic 820-00165  ",
        description: "Main board",
        boards: ["820 00165", "NM-A311"],
        tags: ["schematic", "apple"],
        manufacturer_id: "1",
        chipset: "Intel",
        board_revision: "A",
        language: "en",
        source_note: "scanned",
      },
      pdf(),
    );
    const body: any = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    await expectMatchesOpenApi(body, "/uploads", "post", 201);
    expect(body.replayed).toBe(false);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    const expectedSha = [...new Uint8Array(await crypto.subtle.digest("SHA-256", pdfBytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(body.data).toMatchObject({
      title: "Schematic 820-00165",
      status: "processing",
      visibility: "private",
      size_bytes: pdfBytes.length,
      sha256: expectedSha,
      page_count: null,
    });
    expect(body.data.url).toBe(`https://boards.test/es/biblioteca/${body.data.id}/schematic-820-00165`);

    const object = await env.FILES.get(`documents/${body.data.id}/v1`);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdfBytes);
    expect(object!.httpMetadata?.contentType).toBe("application/pdf");

    const { body: doc } = await getJson(`/documents/${body.data.id}`, { key });
    expect(doc.data).toMatchObject({
      owner: username,
      is_owner: true,
      type: "document",
      status: "processing",
      manufacturer: "Apple",
      boards: ["820-00165", "NM-A311"],
      tags: ["schematic", "apple"],
      chipset: "Intel",
      board_revision: "A",
      language: "en",
      source_note: "scanned",
      description: "Main board",
      extension: "pdf",
      executable: false,
    });
    expect(doc.data.versions).toMatchObject([{ version: 1, filename: "scan.pdf", size_bytes: pdfBytes.length, is_current: true }]);
    // Nobody else sees a private processing document.
    await expectProblem(await api(`/documents/${body.data.id}`, { key: KEYS.aliceRead }), 404, "not-found");
  });

  it("the title defaults to the file name; the type to the extension's; a given type wins", async () => {
    const { key } = await createUploader();
    const a: any = await (await upload(key, { external_id: "t-1" }, pdf("LA-B162P rev 1.0.pdf"))).json();
    expect(a.data.title).toBe("LA-B162P rev 1.0");
    const b: any = await (await upload(key, { external_id: "t-2", type: "schematic" }, pdf())).json();
    const c: any = await (await upload(key, { external_id: "t-3" }, { filename: "bios.bin", content: "\x01\x02\x03" })).json();
    const d: any = await (await upload(key, { external_id: "t-4" }, { filename: "README", content: "plain text, no extension" })).json();
    const e: any = await (await upload(key, { external_id: "t-5" }, { filename: "model.xyz", content: "unknown extension" })).json();
    const types = await Promise.all([b, c, d, e].map(async (x) => (await getJson(`/documents/${x.data.id}`, { key })).body.data.type));
    expect(types).toEqual(["schematic", "bios", "other", "other"]);
  });

  it("visibility other than private needs library:publish; public needs rights_attested", async () => {
    const publisher = await createUploader(["api:read", "library:ingest", "library:publish"]);
    const plain = await createUploader(["api:read", "library:ingest"]);
    const cases: [typeof plain, Record<string, string>, string][] = [
      [publisher, { visibility: "public", rights_attested: "true" }, "public"],
      [publisher, { visibility: "shared" }, "shared"],
      [publisher, {}, "private"],
      [plain, { visibility: "public", rights_attested: "true" }, "private"],
      [plain, { visibility: "shared" }, "private"],
    ];
    for (const [i, [who, fields, expected]] of cases.entries()) {
      const res = await upload(who.key, { external_id: `vis-${i}`, ...fields }, pdf());
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(body.data.visibility, JSON.stringify(fields)).toBe(expected);
    }
    for (const rights of [undefined, "false", "0"]) {
      const res = await upload(
        publisher.key,
        { external_id: "vis-no-rights", visibility: "public", ...(rights ? { rights_attested: rights } : {}) },
        pdf(),
      );
      const problem = await expectProblem(res, 422, "validation-failed");
      expect(Object.keys(problem.errors)).toEqual(["rights_attested"]);
    }
  });

  it("stores only the base name of a path-like file name", async () => {
    const { key } = await createUploader();
    for (const [i, filename] of ["C:\\Scans\\board.pdf", "scans/2026/board.pdf"].entries()) {
      const body: any = await (await upload(key, { external_id: `path-${i}` }, pdf(filename))).json();
      const { body: doc } = await getJson(`/documents/${body.data.id}`, { key });
      expect(doc.data.versions[0].filename).toBe("board.pdf");
    }
  });

  it("stores the normalised name: NFC, no invisible characters, no trailing dots or spaces", async () => {
    const { key } = await createUploader();
    const cases: [string, string][] = [
      ["Esquema\u0301tico.pdf. ", "Esquem\u00e1tico.pdf"],
      ["board\u200F\u202Aname.pdf", "boardname.pdf"],
      ["board.pdf::$DATA", "board.pdf"],
    ];
    for (const [i, [sent, stored]] of cases.entries()) {
      const res = await upload(key, { external_id: `norm-${i}` }, pdf(sent));
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      const { body: doc } = await getJson(`/documents/${body.data.id}`, { key });
      expect(doc.data.versions[0].filename).toBe(stored);
    }
  });

  it("needs a key with library:ingest", async () => {
    const form = uploadForm({ external_id: "auth-1" }, [pdf()]);
    await expectProblem(await postUpload(form), 401, "unauthorized");
    const problem = await expectProblem(await postUpload(uploadForm({ external_id: "auth-1" }, [pdf()]), { key: KEYS.aliceRead }), 403, "forbidden");
    expect(problem.required_scopes).toEqual(["library:ingest"]);
  });
});

describe("POST /uploads refuses invalid input with 422 and per-field errors", () => {
  const fieldCases: [string, Record<string, string | string[]>, string][] = [
    ["missing external_id", { external_id: [] }, "external_id"],
    ["empty external_id", { external_id: "" }, "external_id"],
    ["external_id of 129 characters", { external_id: long(129) }, "external_id"],
    ["external_id with a slash", { external_id: "a/b" }, "external_id"],
    ["external_id with a space", { external_id: "a b" }, "external_id"],
    ["title of 201 characters", { title: long(201) }, "title"],
    ["description of 5001 characters", { description: long(5001) }, "description"],
    ["source_note of 501 characters", { source_note: long(501) }, "source_note"],
    ["chipset of 121 characters", { chipset: long(121) }, "chipset"],
    ["board_revision of 41 characters", { board_revision: long(41) }, "board_revision"],
    ["language of 9 characters", { language: long(9) }, "language"],
    ["unknown type", { type: "spreadsheet" }, "type"],
    ["unknown visibility", { visibility: "secret" }, "visibility"],
    ["rights_attested not a boolean", { rights_attested: "maybe" }, "rights_attested"],
    ["manufacturer_id not an integer", { manufacturer_id: "apple" }, "manufacturer_id"],
    ["unknown manufacturer_id", { manufacturer_id: "999" }, "manufacturer_id"],
    ["11 boards", { boards: Array.from({ length: 11 }, () => "820-00165") }, "boards"],
    ["unknown board", { boards: ["820-00165", "NO-SUCH-BOARD"] }, "boards"],
    ["11 tags", { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags"],
    ["NUL in the title", { title: "Power\u0000rail" }, "title"],
    ["NUL in the description", { description: "a\u0000" }, "description"],
    ["NUL in a tag", { tags: ["ok", "bad\u0000tag"] }, "tags.1"],
    ["an unknown field", { colour: "red" }, "colour"],
    ["a field sent twice", { title: ["one", "two"] }, "title"],
    ["the file sent as a text field", { file: "not a file" }, "file"],
  ];

  it.each(fieldCases)("%s", async (_name, fields, field) => {
    const { key, userId } = await createUploader();
    const res = await upload(key, { external_id: "field-case", ...fields }, pdf());
    const problem = await expectProblem(res, 422, "validation-failed");
    await expectMatchesOpenApi(problem, "/uploads", "post", 422);
    expect(Object.keys(problem.errors)).toContain(field);
    expect(problem.errors[field].every((m: unknown) => typeof m === "string" && m.length > 0)).toBe(true);
    // Nothing was kept: no claim on the id, no document.
    expect(await countRows("select count(*) as n from uploads where user_id = ?", userId)).toBe(0);
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(0);
  });

  const fileCases: [string, { filename: string; content: Uint8Array | string }, RegExp][] = [
    ["a 0-byte file", { filename: "empty.pdf", content: "" }, /vacío/],
    ["a blocked extension (.exe)", { filename: "setup.exe", content: "MZ" }, /blocked/],
    ["a blocked extension (.js)", { filename: "tool.js", content: "alert(1)" }, /blocked/],
    ["a blocked extension behind another (.pdf.bat)", { filename: "invoice.pdf.bat", content: "@echo off" }, /blocked/],
    ["path traversal in the file name", { filename: "../../x.pdf", content: pdfBytes }, /directory/],
    ["path traversal with backslashes", { filename: "..\\..\\x.pdf", content: pdfBytes }, /directory/],
    ["a file name that is only dots", { filename: "..", content: pdfBytes }, /directory|name/],
    ["a file name of 256 characters", { filename: `${long(252)}.pdf`, content: pdfBytes }, /at most 255/],
    // Names a desktop would store as a blocked type once normalised.
    ["a trailing dot (update.bat.)", { filename: "update.bat.", content: "@echo off" }, /\.bat .*blocked/],
    ["a trailing space (update.bat )", { filename: "update.bat ", content: "@echo off" }, /\.bat .*blocked/],
    ["trailing dots and spaces mixed", { filename: "update.bat. . ", content: "@echo off" }, /\.bat .*blocked/],
    ["an NTFS data stream (update.bat::$DATA)", { filename: "update.bat::$DATA", content: "@echo off" }, /\.bat .*blocked/],
    ["a named NTFS stream (update.bat:stream)", { filename: "update.bat:stream.pdf", content: "@echo off" }, /\.bat .*blocked/],
    ["an upper-case extension (SETUP.EXE)", { filename: "SETUP.EXE", content: "MZ" }, /\.exe .*blocked/],
    ["a right-to-left override disguising .exe as .pdf", { filename: "invoice\u202Efdp.exe", content: "MZ" }, /\.exe .*blocked/],
    ["a zero-width space before the extension dot", { filename: "setup\u200B.\u200Bexe", content: "MZ" }, /\.exe .*blocked/],
  ];

  it.each(fileCases)("%s", async (_name, file, message) => {
    const { key, userId } = await createUploader();
    const problem = await expectProblem(await upload(key, { external_id: "file-case" }, file), 422, "validation-failed");
    expect(problem.errors.file.join(" ")).toMatch(message);
    expect(await countRows("select count(*) as n from uploads where user_id = ?", userId)).toBe(0);
  });

  it.each([
    ["raw in the header", 'filename="a\u0000b.pdf"', "body"],
    ["percent-encoded (RFC 5987)", "filename*=UTF-8''a%00b.pdf", "file"],
  ])("a NUL in the file name is refused (%s)", async (_name, disposition, field) => {
    const { key } = await createUploader();
    const body = rawMultipart("b0undary", [
      { headers: ['Content-Disposition: form-data; name="external_id"'], body: "nul-name" },
      { headers: [`Content-Disposition: form-data; name="file"; ${disposition}`, "Content-Type: application/pdf"], body: "%PDF-1.4" },
    ]);
    const problem = await expectProblem(
      await postUpload(body, { key, headers: { "Content-Type": "multipart/form-data; boundary=b0undary" } }),
      422,
      "validation-failed",
    );
    expect(Object.keys(problem.errors)).toEqual([field]);
  });

  it("a file one byte over its format's cap is refused; exactly the cap is accepted", async () => {
    const { key } = await createUploader();
    const { body: caps } = await getJson("/capabilities", { key });
    const cap = caps.formats.find((f: any) => f.extension === "txt").max_bytes;
    const over = await upload(key, { external_id: "cap-over" }, { filename: "notes.txt", content: new Uint8Array(cap + 1).fill(0x61) });
    const problem = await expectProblem(over, 422, "validation-failed");
    expect(problem.errors.file.join(" ")).toMatch(new RegExp(`larger than ${cap} bytes`));
    const exact = await upload(key, { external_id: "cap-exact" }, { filename: "notes.txt", content: new Uint8Array(cap).fill(0x61) });
    expect(exact.status).toBe(201);
    await exact.body?.cancel();
  });

  it("no format cap exceeds MAX_UPLOAD_BYTES, and an unknown extension has other_max_bytes", async () => {
    const { key } = await createUploader();
    const small = envWith({ MAX_UPLOAD_BYTES: "1000" });
    const over = await upload(key, { external_id: "max-1" }, { filename: "scan.pdf", content: new Uint8Array(1001).fill(0x25) }, { env: small });
    expect((await expectProblem(over, 422, "validation-failed")).errors.file).toBeDefined();
    const unknown = await upload(key, { external_id: "max-2" }, { filename: "thing.xyz", content: new Uint8Array(1001) }, { env: small });
    expect((await expectProblem(unknown, 422, "validation-failed")).errors.file.join(" ")).toMatch(/larger than 1000 bytes/);
  });

  it("a body announced larger than MAX_UPLOAD_BYTES is refused before it is read", async () => {
    const { key } = await createUploader();
    let served = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        served += 65536;
        controller.enqueue(new Uint8Array(65536));
      },
    });
    const res = await postUpload(endless, { key, headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": "200000000" } });
    const problem = await expectProblem(res, 422, "validation-failed");
    expect(problem.errors.file.join(" ")).toMatch(/limitadas a 100000000 bytes/);
    expect(served).toBeLessThan(1024 * 1024);
  });

  const boundary = "----bdsTestBoundary";
  const filePart = {
    headers: ['Content-Disposition: form-data; name="file"; filename="a.pdf"', "Content-Type: application/pdf"],
    body: "%PDF-1.4 tiny",
  };
  const idPart = { headers: ['Content-Disposition: form-data; name="external_id"'], body: "mp-1" };
  const multipartCases: [string, string | undefined, string, string][] = [
    ["no file part", `multipart/form-data; boundary=${boundary}`, rawMultipart(boundary, [idPart]), "file"],
    ["two file parts", `multipart/form-data; boundary=${boundary}`, rawMultipart(boundary, [idPart, filePart, filePart]), "file"],
    [
      "the file under another name",
      `multipart/form-data; boundary=${boundary}`,
      rawMultipart(boundary, [idPart, { ...filePart, headers: ['Content-Disposition: form-data; name="document"; filename="a.pdf"'] }]),
      "document",
    ],
    ["a missing boundary", "multipart/form-data", rawMultipart(boundary, [idPart, filePart]), "body"],
    ["a boundary that is not in the body", "multipart/form-data; boundary=other", rawMultipart(boundary, [idPart, filePart]), "body"],
    [
      "a body cut short (no closing boundary)",
      `multipart/form-data; boundary=${boundary}`,
      rawMultipart(boundary, [idPart, filePart], false),
      "body",
    ],
    [
      "a malformed part header",
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nthis is not a header\r\n\r\nx\r\n--${boundary}--\r\n`,
      "body",
    ],
    ["an empty body", `multipart/form-data; boundary=${boundary}`, "", "body"],
    ["JSON instead of multipart", "application/json", JSON.stringify({ external_id: "x" }), "body"],
    ["a urlencoded form", "application/x-www-form-urlencoded", "external_id=x&file=abc", "body"],
    ["no Content-Type", undefined, "external_id=x", "body"],
  ];

  it.each(multipartCases)("wrong multipart: %s", async (_name, contentType, body, field) => {
    const { key, userId } = await createUploader();
    const res = await postUpload(body, { key, headers: contentType ? { "Content-Type": contentType } : {} });
    const problem = await expectProblem(res, 422, "validation-failed");
    expect(Object.keys(problem.errors)).toContain(field);
    expect(await countRows("select count(*) as n from uploads where user_id = ?", userId)).toBe(0);
  });

  it("after a refused upload the external id is free and nothing is stored", async () => {
    const { key, userId } = await createUploader();
    const before = await storedKeys();
    // Fields first: the id is claimed before the file; the file then breaks its cap mid-stream.
    const tooBig = await upload(key, { external_id: "retry-me" }, { filename: "notes.txt", content: new Uint8Array(5_000_001).fill(0x61) });
    await expectProblem(tooBig, 422, "validation-failed");
    // A large file refused after it was stored (bad metadata after the file) leaves no object either.
    const late = rawMultipart("bb", [
      { headers: ['Content-Disposition: form-data; name="file"; filename="big.bin"'], body: "b".repeat(PART_SIZE + 10) },
      { headers: ['Content-Disposition: form-data; name="external_id"'], body: "retry-me" },
      { headers: ['Content-Disposition: form-data; name="title"'], body: long(201) },
    ]);
    await expectProblem(await postUpload(late, { key, headers: { "Content-Type": "multipart/form-data; boundary=bb" } }), 422, "validation-failed");
    expect(await storedKeys()).toEqual(before);
    expect(await countRows("select count(*) as n from uploads where user_id = ?", userId)).toBe(0);
    const ok = await upload(key, { external_id: "retry-me" }, pdf());
    expect(ok.status).toBe(201);
    await ok.body?.cancel();
  });
});

describe("large files go through an R2 multipart upload", () => {
  for (const size of [2 * PART_SIZE, 2 * PART_SIZE + 12345]) {
    it(`${size} bytes arrive whole, with the right SHA-256`, async () => {
      const { key } = await createUploader();
      const content = new Uint8Array(size);
      for (let i = 0; i < size; i += 4096) content[i] = (i / 4096) & 0xff;
      const res = await upload(key, { external_id: `big-${size}` }, { filename: "firmware.bin", content });
      const body: any = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(201);
      const expectedSha = [...new Uint8Array(await crypto.subtle.digest("SHA-256", content))].map((b) => b.toString(16).padStart(2, "0")).join("");
      expect(body.data).toMatchObject({ size_bytes: size, sha256: expectedSha });
      const object = await env.FILES.get(`documents/${body.data.id}/v1`);
      const stored = new Uint8Array(await object!.arrayBuffer());
      expect(stored.length).toBe(size);
      expect([...new Uint8Array(await crypto.subtle.digest("SHA-256", stored))].map((b) => b.toString(16).padStart(2, "0")).join("")).toBe(
        expectedSha,
      );
    });
  }

  it("fields may come after the file", async () => {
    const { key } = await createUploader();
    const form = new FormData();
    form.append("file", new File([pdfBytes], "late.pdf"));
    form.append("external_id", "late-fields");
    form.append("title", "Late");
    const res = await postUpload(form, { key });
    const body: any = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.data.title).toBe("Late");
  });
});

describe("upload rate and quota", () => {
  it("429 upload-rate-exceeded with Retry-After once uploads_per_hour is used; a replay never counts", async () => {
    const { key } = await createUploader();
    const limited = envWith({ UPLOADS_PER_HOUR: "2" });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const start = Date.now();
      expect((await upload(key, { external_id: "r-1" }, pdf(), { env: limited })).status).toBe(201);
      for (let i = 0; i < 3; i++) {
        const replay = await upload(key, { external_id: "r-1" }, pdf(), { env: limited });
        expect(replay.status).toBe(200);
        await replay.body?.cancel();
      }
      expect((await upload(key, { external_id: "r-2" }, pdf(), { env: limited })).status).toBe(201);
      vi.setSystemTime(start + 10_000);
      const refused = await upload(key, { external_id: "r-3" }, pdf(), { env: limited });
      const problem = await expectProblem(refused, 429, "upload-rate-exceeded");
      await expectMatchesOpenApi(problem, "/uploads", "post", 429);
      expect(Number(refused.headers.get("Retry-After"))).toBe(3590);
      expect(refused.headers.get("X-RateLimit-Limit")).toBe("2");
      expect(refused.headers.get("X-RateLimit-Remaining")).toBe("0");
      // A replay is still answered while the rate is used up.
      expect((await upload(key, { external_id: "r-1" }, pdf(), { env: limited })).status).toBe(200);
      // A refused id was not claimed: it works once the window has room again.
      vi.setSystemTime(start + 3600_000 + 1000);
      expect((await upload(key, { external_id: "r-3" }, pdf(), { env: limited })).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the storage quota refuses a file that would exceed it; a replay does not count; capabilities shows the use", async () => {
    const { key } = await createUploader();
    const small = envWith({ QUOTA_BYTES: String(pdfBytes.length * 2 + 10) });
    expect((await upload(key, { external_id: "q-1" }, pdf(), { env: small })).status).toBe(201);
    expect((await upload(key, { external_id: "q-1" }, pdf(), { env: small })).status).toBe(200);
    expect((await upload(key, { external_id: "q-2" }, pdf(), { env: small })).status).toBe(201);
    const refused = await upload(key, { external_id: "q-3" }, pdf(), { env: small });
    expect((await expectProblem(refused, 422, "validation-failed")).errors.file.join(" ")).toMatch(/quota/);
    const { body: caps } = await getJson("/capabilities", { key });
    expect(caps.quota.used_bytes).toBe(pdfBytes.length * 2);
  });
});
