// Puts and deletes R2 objects through `wrangler r2 object` (the only offline-free way to reach the
// deployed bucket without S3 credentials). A few at a time: each call is a separate wrangler process.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import type { StoredObject } from "../../cli/import/load";
import type { WranglerLocation } from "./wrangler-d1";
import { runWrangler } from "./wrangler";

const PARALLEL = 3;

/** The bucket behind the FILES binding in wrangler.toml. */
export function filesBucketName(): string {
  const config = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });
  const bucket = config.r2_buckets.find((b: { binding: string }) => b.binding === "FILES")?.bucket_name;
  if (!bucket) throw new Error("wrangler.toml declares no R2 bucket for the FILES binding");
  return bucket;
}

async function inParallel<T>(items: T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

export async function putObjects(location: WranglerLocation, objects: StoredObject[], onProgress: (done: number) => void): Promise<void> {
  const bucket = filesBucketName();
  const dir = mkdtempSync(join(tmpdir(), "bds-import-"));
  let done = 0;
  try {
    await inParallel(objects, async (o, i) => {
      const file = join(dir, String(i));
      writeFileSync(file, o.bytes);
      // wrangler cannot set custom metadata; the filename travels as Content-Disposition instead.
      const disposition = `attachment; filename*=UTF-8''${encodeURIComponent(o.filename)}`;
      await runWrangler(
        [
          "r2",
          "object",
          "put",
          `${bucket}/${o.key}`,
          `--${location}`,
          "--file",
          file,
          "--content-type",
          o.contentType,
          "--content-disposition",
          disposition,
        ],
        { capture: true },
      );
      onProgress(++done);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function deleteObjects(location: WranglerLocation, keys: string[]): Promise<void> {
  const bucket = filesBucketName();
  await inParallel(keys, async (key) => {
    await runWrangler(["r2", "object", "delete", `${bucket}/${key}`, `--${location}`], { capture: true });
  });
}
