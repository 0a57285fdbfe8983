// npm run upload -- FILE --external-id ID [--title T] [--visibility private|shared|public] [...]
// Streams FILE to ${BDS_URL:-http://localhost:${PORT:-8787}}/api/v1/uploads with the key in BDS_API_KEY,
// showing progress on stderr; prints the JSON answer on stdout. Exit 0 on 200/201.
import { parseArgs } from "node:util";
import { uploadFile } from "./lib/upload-client";
import { progressLine } from "./lib/upload-progress";
import { LOCAL_SITE_URL } from "./lib/wrangler";

const USAGE = `usage: npm run upload -- FILE --external-id ID [options]

  --external-id ID        your id for this upload (idempotency key; letters, digits . _ : -)
  --title TEXT            default: the file name without extension
  --type TYPE             document, schematic, boardview, datasheet, bios, ... (default: from the extension)
  --description TEXT
  --visibility V          private (default), shared or public (needs library:publish)
  --rights-attested       you hold the rights to publish this file (required for public)
  --manufacturer-id N
  --board NUMBER          repeatable, at most 10
  --tag TAG               repeatable, at most 10
  --chipset TEXT  --board-revision TEXT  --language CODE  --source-note TEXT

environment: BDS_API_KEY (required, a key with library:ingest), BDS_URL (default http://localhost:$PORT, PORT 8787 when unset)`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "external-id": { type: "string" },
      title: { type: "string" },
      type: { type: "string" },
      description: { type: "string" },
      visibility: { type: "string" },
      "rights-attested": { type: "boolean" },
      "manufacturer-id": { type: "string" },
      board: { type: "string", multiple: true },
      tag: { type: "string", multiple: true },
      chipset: { type: "string" },
      "board-revision": { type: "string" },
      language: { type: "string" },
      "source-note": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const apiKey = process.env.BDS_API_KEY;
  if (values.help || positionals.length !== 1 || !values["external-id"] || !apiKey) {
    console.error(!apiKey && positionals.length === 1 ? "BDS_API_KEY is not set.\n\n" + USAGE : USAGE);
    return 2;
  }
  const baseUrl = process.env.BDS_URL || LOCAL_SITE_URL;
  const interactive = process.stderr.isTTY;
  let lastDecile = -1;
  const started = performance.now();
  const result = await uploadFile({
    baseUrl,
    apiKey,
    path: positionals[0],
    fields: {
      external_id: values["external-id"],
      title: values.title,
      type: values.type,
      description: values.description,
      visibility: values.visibility,
      rights_attested: values["rights-attested"] ? "true" : undefined,
      manufacturer_id: values["manufacturer-id"],
      boards: values.board,
      tags: values.tag,
      chipset: values.chipset,
      board_revision: values["board-revision"],
      language: values.language,
      source_note: values["source-note"],
    },
    onProgress(sent, total) {
      const seconds = (performance.now() - started) / 1000;
      const line = progressLine(sent, total, seconds);
      if (interactive) process.stderr.write(`\r${line}   `);
      else if (Math.floor((sent / total) * 10) > lastDecile) {
        lastDecile = Math.floor((sent / total) * 10);
        process.stderr.write(line + "\n");
      }
    },
  });
  if (interactive) process.stderr.write("\n");
  process.stderr.write(
    `${result.status} in ${(result.elapsedMs / 1000).toFixed(1)} s${result.headers["idempotent-replayed"] ? " (replayed)" : ""}\n`,
  );
  process.stdout.write(JSON.stringify(result.body, null, 2) + "\n");
  return result.status === 200 || result.status === 201 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`upload failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
