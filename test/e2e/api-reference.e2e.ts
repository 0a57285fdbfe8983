// End-to-end: the interactive API reference at /api/v1/docs in headless Chromium. It must render from the
// Worker's static assets under its Content-Security-Policy and list every operation of /openapi.json.
// Run through `npm run test:e2e` (scripts/e2e.sh), which starts `wrangler dev` and sets BASE_URL.
import assert from "node:assert/strict";
import { join } from "node:path";
import { BASE_URL, openBrowser, SHOTS } from "./browser";

const browser = await openBrowser();
const { context } = browser;

const problems: string[] = [];
try {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  // A blocked script or style shows up as a console error ("Refused to …"): the CSP must allow what the page needs.
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()}`));

  const doc = (await (await fetch(`${BASE_URL}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const expected = Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

  const res = await page.goto(`${BASE_URL}/api/v1/docs`);
  assert.equal(res?.status(), 200);
  assert.match(res?.headers()["content-security-policy"] ?? "", /script-src 'self'/);
  await page
    .locator(".opblock")
    .nth(expected.length - 1)
    .waitFor({ timeout: 30_000 });
  const listed = (
    (await page.evaluate(
      `[...document.querySelectorAll(".opblock")].map((b) => b.querySelector(".opblock-summary-method").textContent.trim() + " " + b.querySelector(".opblock-summary-path").getAttribute("data-path"))`,
    )) as string[]
  ).sort();
  assert.deepEqual(listed, expected, "every operation of /openapi.json is listed");
  console.log(`  api reference: ${listed.length} operations listed`);

  // Open one operation: its parameters and responses render, and "Try it out" is offered.
  await page.locator(".opblock-get").first().locator(".opblock-summary").click();
  await page.getByRole("button", { name: "Try it out" }).first().waitFor();
  await page.screenshot({ path: join(SHOTS, "api-reference.png"), fullPage: false });
  console.log("  screenshot test/e2e/screenshots/api-reference.png");

  const icon = await fetch(`${BASE_URL}/favicon.ico`);
  assert.equal(icon.status, 200, "favicon.ico is served");
  assert.deepEqual(problems, []);
  console.log("e2e: API reference checks passed");
} finally {
  await browser.close();
}
