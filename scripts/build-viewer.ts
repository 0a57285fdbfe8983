// Builds the boardview viewer's script (viewer/*.ts) into the one file the Worker serves as a static asset,
// public/viewer/boardview.js, with the esbuild that wrangler already installs. The built file is committed, so a
// clean clone serves it at once; `--check` (npm run lint) fails when it is not what the sources build to.
// npm run dev and npm run test:e2e build it first.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const OUT = "public/viewer/boardview.js";
/** The bound on the script's size once compressed. */
const MAX_GZIP_BYTES = 60_000;

async function built(): Promise<string> {
  const result = await build({
    entryPoints: ["viewer/boardview.ts"],
    bundle: true,
    format: "esm",
    target: "es2020",
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  return `// Built from viewer/*.ts by scripts/build-viewer.ts (npm run build:viewer); do not edit.\n${result.outputFiles[0].text}`;
}

async function main(): Promise<void> {
  const text = await built();
  const gzip = gzipSync(text).length;
  if (gzip > MAX_GZIP_BYTES) throw new Error(`${OUT} is ${gzip} bytes gzip, over ${MAX_GZIP_BYTES}`);
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(OUT, "utf8");
    } catch {}
    if (current !== text) {
      console.error(`${OUT} is not what viewer/*.ts builds to: run npm run build:viewer and commit it.`);
      process.exit(1);
    }
    console.log(`Viewer: ${OUT} is current (${text.length} bytes, ${gzip} gzip).`);
    return;
  }
  mkdirSync("public/viewer", { recursive: true });
  writeFileSync(OUT, text);
  console.log(`Viewer: wrote ${OUT} (${text.length} bytes, ${gzip} gzip).`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
