// Hostile uploads in one place: another member's upload, a key without the ingest scope, oversized and batched
// parts. Each is a problem with the right status that leaves nothing behind and tells a stranger nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectProblem, seedSample } from "../helpers/app";
import { countRows, createUploader, makePdf, postUpload, rawMultipart, storedKeys, upload } from "../helpers/uploads";

beforeAll(seedSample);

const pdfBytes = await makePdf(["Power rail PP3V42"]);
const pdf = (filename = "scan.pdf") => ({ filename, content: pdfBytes, type: "application/pdf" });

describe("another member's upload", () => {
  it("is a 404 like an external id never used, and the same external id is the other member's own new upload", async () => {
    const alice = await createUploader();
    const bob = await createUploader();
    const first = await upload(alice.key, { external_id: "same-name" }, pdf());
    expect(first.status).toBe(201);
    const alices: any = await first.json();

    const never = await expectProblem(await api("/uploads/never-used-name", { key: bob.key }), 404, "not-found");
    const other = await expectProblem(await api("/uploads/same-name", { key: bob.key }), 404, "not-found");
    expect(other.detail).toBe(never.detail);

    // Bob's upload under that id is his own, never a replay of (or a conflict with) Alice's.
    const second = await upload(bob.key, { external_id: "same-name" }, pdf("other.pdf"));
    const bobs: any = await second.json();
    expect(second.status).toBe(201);
    expect(bobs.replayed).toBe(false);
    expect(bobs.data.id).not.toBe(alices.data.id);
    const mine: any = await (await api("/uploads/same-name", { key: alice.key })).json();
    expect(mine.data.id).toBe(alices.data.id);
  });
});

describe("a key without the ingest scope", () => {
  it("is refused with 403 naming library:ingest, for an upload and a status, and nothing is stored", async () => {
    const reader = await createUploader(["api:read"]);
    const before = (await storedKeys()).length;
    const problem = await expectProblem(await upload(reader.key, { external_id: "read-only" }, pdf()), 403, "forbidden");
    expect(problem.required_scopes).toEqual(["library:ingest"]);
    await expectProblem(await api("/uploads/read-only", { key: reader.key }), 403, "forbidden");
    expect(await countRows("select count(*) as n from uploads where user_id = ?", reader.userId)).toBe(0);
    expect((await storedKeys()).length).toBe(before);
  });
});

describe("oversized and batched parts", () => {
  const boundary = "----bdsSecurity";
  const field = (name: string, body: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], body });
  const file = { headers: ['Content-Disposition: form-data; name="file"; filename="a.pdf"', "Content-Type: application/pdf"], body: "%PDF-1.4 tiny" };

  it.each([
    // Cut while it is read (not only refused by the field's own 5000-character rule afterwards).
    [
      "a field past 32 KiB",
      [field("external_id", "big-1"), field("description", "x".repeat(33 * 1024)), file],
      "description",
      /demasiado largo|too long/,
    ],
    ["65 parts, one past the bound", [field("external_id", "many-1"), ...Array.from({ length: 64 }, () => field("tags", "t")), file], "body", /./],
    ["two files in one upload", [field("external_id", "two-1"), file, file], "file", /./],
  ] as const)("%s is a 422 naming it, and nothing is stored", async (_what, parts, named, says) => {
    const uploader = await createUploader();
    const res = await postUpload(rawMultipart(boundary, [...parts]), {
      key: uploader.key,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    const problem = await expectProblem(res, 422, "validation-failed");
    expect(Object.keys(problem.errors)).toContain(named);
    expect(problem.errors[named].join(" ")).toMatch(says);
    expect(JSON.stringify(problem)).not.toMatch(/SQLITE|D1_|at .+\.(ts|js):\d+|stack/i);
    expect(await countRows("select count(*) as n from uploads where user_id = ?", uploader.userId)).toBe(0);
  });
});
