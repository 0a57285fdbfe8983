// Copies Swagger UI's browser bundle (and pdf.js's, below) from node_modules (swagger-ui-dist, pinned in package.json) into the
// Worker's static assets (public/api-reference/vendor/, not committed). Runs after every `npm ci`/`npm install`
// (postinstall), so `wrangler dev`, the tests and `wrangler deploy` always serve the installed version.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "node_modules", "swagger-ui-dist");
const target = join(root, "public", "api-reference", "vendor");
const FILES = ["swagger-ui-bundle.js", "swagger-ui.css", "LICENSE", "NOTICE"];

if (!existsSync(source)) {
  // e.g. an install without this package: the reference page then shows its fallback link to /openapi.json.
  console.warn("swagger-ui-dist is not installed; /api/v1/docs will not render.");
} else {
  mkdirSync(target, { recursive: true });
  for (const file of FILES) copyFileSync(join(source, file), join(target, file));
}

// pdf.js's browser build for the schematic page view (public/schematic/vendor/, not committed), from pdfjs-dist.
const pdfjs = join(root, "node_modules", "pdfjs-dist");
const pdfjsTarget = join(root, "public", "schematic", "vendor");
if (!existsSync(pdfjs)) {
  console.warn("pdfjs-dist is not installed; the schematic page view will not draw pages.");
} else {
  mkdirSync(pdfjsTarget, { recursive: true });
  for (const file of ["build/pdf.min.mjs", "build/pdf.worker.min.mjs", "LICENSE"])
    copyFileSync(join(pdfjs, file), join(pdfjsTarget, file.replace("build/", "")));
}
