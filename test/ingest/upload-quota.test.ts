// The storage quota is reserved per account before an upload's bytes are stored: parallel uploads of one
// account cannot overshoot it together, a refused or failed upload gives its reservation back, and the
// rate and quota are settled before any byte reaches R2 even when external_id comes after the file.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { expectProblem } from "../helpers/app";
import { countRows, createUploader, envWith, postUpload, upload, uploadForm } from "../helpers/uploads";

vi.setConfig({ testTimeout: 60_000 });

const FILE = 3000;
const file = (i: number) => ({ filename: `notes-${i}.txt`, content: `${i}`.padEnd(FILE, "x") });

async function storedBytes(userId: number): Promise<number> {
  return countRows(
    "select coalesce(sum(v.size_bytes), 0) as n from document_versions v join documents d on d.id = v.document_id where d.owner_id = ?",
    userId,
  );
}

describe("parallel uploads of one account", () => {
  it("never store more than the quota together", async () => {
    const { key, userId } = await createUploader();
    const quota = 10_000; // room for three files of 3000 bytes, not four
    const small = envWith({ QUOTA_BYTES: String(quota) });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(key, { external_id: `par-${i}` }, file(i), { env: small })));
    const statuses = answers.map((r) => r.status);
    for (const res of answers) {
      if (res.status === 201) await res.arrayBuffer();
      else expect((await expectProblem(res, 422, "validation-failed")).errors.file.join(" ")).toMatch(/cuota/);
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
    expect(await storedBytes(userId)).toBeLessThanOrEqual(quota);
    // The refused ones gave their reservations back: what is left can still be used.
    const left = quota - (await storedBytes(userId));
    if (left >= FILE) expect((await upload(key, { external_id: "par-after" }, file(99), { env: small })).status).toBe(201);
  });
});

describe("whatever the order of the fields", () => {
  it("a file sent before external_id is refused for quota before anything is stored", async () => {
    const { key, userId } = await createUploader();
    const full = envWith({ QUOTA_BYTES: String(FILE) });
    expect((await upload(key, { external_id: "order-1" }, file(1), { env: full })).status).toBe(201);
    const listed = async () => (await env.FILES.list({ prefix: "documents/" })).objects.length;
    const before = await listed();
    const form = uploadForm({}, [file(2)]);
    form.append("external_id", "order-2"); // after the file
    const res = await postUpload(form, { key, env: full });
    expect((await expectProblem(res, 422, "validation-failed")).errors.file.join(" ")).toMatch(/cuota/);
    expect(await listed()).toBe(before);
    expect(await countRows("select count(*) as n from documents where owner_id = ?", userId)).toBe(1);
  });

  it("a file sent before external_id is refused by the upload rate before anything is stored", async () => {
    const { key } = await createUploader();
    const onePerHour = envWith({ UPLOADS_PER_HOUR: "1" });
    expect((await upload(key, { external_id: "rate-1" }, file(1), { env: onePerHour })).status).toBe(201);
    const listed = async () => (await env.FILES.list({ prefix: "documents/" })).objects.length;
    const before = await listed();
    const form = uploadForm({}, [file(2)]);
    form.append("external_id", "rate-2");
    await expectProblem(await postUpload(form, { key, env: onePerHour }), 429, "upload-rate-exceeded");
    expect(await listed()).toBe(before);
    // A replay with its id after the file is still a replay: it neither counts nor is refused.
    const replay = uploadForm({}, [file(1)]);
    replay.append("external_id", "rate-1");
    const again = await postUpload(replay, { key, env: onePerHour });
    expect(again.status).toBe(200);
    await again.arrayBuffer();
  });
});
