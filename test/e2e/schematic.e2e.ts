// End-to-end: the schematic page view (issue 55) in headless Chromium, on the board scripts/e2e-seed-boardviews.ts
// imports (scripts/lib/e2e-schematic.ts). A reader gets the words around the name and a sign-in link and fetches no
// byte of the file; a member (a passkey on a virtual authenticator) gets the page drawn by pdf.js through Range
// requests, the mark over the name, zoom, and a name on the page that leads back to the viewer with it selected.
// Both fit a 390 px phone. Run through `npm run test:e2e` (scripts/e2e.sh).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Page, Request } from "playwright-core";
import { BOARDVIEW, PRIVATE_SCHEMATIC, SCHEMATIC, schematicPdf, wordAt } from "../../scripts/lib/e2e-schematic";
import { addPasskeyAuthenticator, BASE_URL, openBrowser, SHOTS } from "./browser";

const PERSIST = process.env.PERSIST;
if (!PERSIST) throw new Error("PERSIST (the dev server's --persist-to directory) is required");
// WebAuthn wants a domain as its relying party id, never an IP address: the site is browsed as localhost.
const SITE = BASE_URL.replace("127.0.0.1", "localhost");
const USER = `sam${Date.now() % 100000}`;

function admin(...argv: string[]): string[] {
  const out = execFileSync("npx", ["tsx", "scripts/admin.ts", ...argv, "--persist-to", PERSIST!], {
    encoding: "utf8",
    env: { ...process.env, SITE_URL: "" },
  });
  return out.trim().split("\n");
}

const browser = await openBrowser({ locale: "en-GB" });
const { context } = browser;
const problems: string[] = [];
let step = "start";
const overflow = (page: Page) => page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") as Promise<number>;
/** Requests for the file's bytes (the signed link) and for pdf.js itself. */
const fileRequests = (requests: Request[]) => requests.filter((r) => r.url().includes("/api/v1/files/"));
const pdfjsRequests = (requests: Request[]) => requests.filter((r) => r.url().includes("/schematic/vendor/"));

/** The canvas's pixels that are not white: the page is drawn when there are some. */
const drawnPixels = (page: Page) =>
  page.evaluate(`(() => {
    const canvas = document.querySelector("[data-schematic] canvas");
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
    return dark;
  })()`) as Promise<number>;

try {
  await schematicPdf("fonts"); // wordAt measures with the fixture's font
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => problems.push(`${step}: page error: ${e.message}`));
  const requests: Request[] = [];
  page.on("request", (r) => requests.push(r));
  await page.setViewportSize({ width: 390, height: 844 });

  step = "a reader: the words around the name and a sign-in link, no file";
  const res = await page.goto(`${SITE}/en/schematic/${SCHEMATIC}/1?name=C7010`);
  assert.equal(res?.status(), 200);
  assert.match(await page.locator("[data-excerpt]").first().innerText(), /C7010 CAPACITOR CERAMIC/);
  assert.equal(await page.locator("[data-excerpt] mark").first().innerText(), "C7010");
  assert.equal(await page.locator('main a[href$="/en/sign-in"]').count(), 1);
  assert.equal(await page.locator("[data-schematic]").count(), 0);
  assert.deepEqual(
    fileRequests(requests).map((r) => r.url()),
    [],
    "a reader fetches no byte of the file",
  );
  assert.deepEqual(
    pdfjsRequests(requests).map((r) => r.url()),
    [],
    "nor pdf.js",
  );
  assert.ok((await overflow(page)) <= 0, "the reader's page fits 390 px");
  await page.screenshot({ path: join(SHOTS, "schematic-reader-390.png"), fullPage: true });

  step = "a member signs in with a passkey";
  admin("users:create", "--username", USER, "--name", "Sam Tech", "--locale", "en");
  const link = admin("users:invite", USER, "--site", SITE).find((l) => l.startsWith(`${SITE}/`))!;
  await addPasskeyAuthenticator(context, page);
  await page.goto(link);
  await Promise.all([page.waitForURL(`${SITE}/en/account/keys`), page.locator("[data-passkey-register]").click()]);

  for (const width of [390, 1280]) {
    step = `${width} px: a member's page is drawn with the mark over the name`;
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    requests.length = 0;
    await page.goto(`${SITE}/en/schematic/${SCHEMATIC}/2?name=U7000`);
    await page.waitForSelector("[data-schematic][data-ready]", { timeout: 20_000 });
    assert.ok((await drawnPixels(page)) > 100, "the canvas shows the page");
    const files = fileRequests(requests);
    assert.ok(files.length > 0, "the page is read through the signed link");
    for (const r of files) assert.match((await r.allHeaders()).range ?? "", /^bytes=/, `${r.url()} is a Range request`);
    assert.ok(pdfjsRequests(requests).length > 0, "pdf.js loads on this page");
    const canvas = (await page.locator("[data-schematic] canvas").boundingBox())!;
    const mark = (await page.locator("[data-mark]").boundingBox())!;
    const word = wordAt(2, "U7000");
    const [cx, cy] = [(mark.x + mark.width / 2 - canvas.x) / canvas.width, (mark.y + mark.height / 2 - canvas.y) / canvas.height];
    assert.ok(cx > word.x0 && cx < word.x1 && cy > word.y0 && cy < word.y1, `the mark sits on U7000 (${cx}, ${cy})`);
    assert.ok((await overflow(page)) <= 0, "the member's page fits the screen");
    await page.screenshot({ path: join(SHOTS, `schematic-member-${width}.png`), fullPage: true });

    step = `${width} px: zoom`;
    const before = canvas.width;
    await page.locator('[data-zoom="in"]').click();
    await page.waitForFunction(`document.querySelector("[data-schematic] canvas").getBoundingClientRect().width > ${before * 1.2}`);
    assert.ok((await overflow(page)) <= 0, "zooming scrolls inside the frame, not the page");
  }

  step = "the viewer's panel lists a selected part's schematic pages, best first, and leads to the page view";
  await page.goto(`${SITE}/en/library/${BOARDVIEW}/xpb-5500-boardview?net=PP3V3`);
  await page.waitForSelector("[data-boardview][data-ready]", { timeout: 20_000 });
  assert.match(
    (await page.locator("a[data-schematic-page]").first().getAttribute("href")) ?? "",
    new RegExp(`/en/schematic/${SCHEMATIC}/3\\?name=PP3V3$`),
  );
  requests.length = 0;
  await page.locator('[data-selection] a[href*="part=U7000"]').first().click();
  await page.locator('[data-selection][data-selected="part:U7000"] a[data-schematic-page]').first().waitFor({ timeout: 20_000 });
  // A member's viewer asks for the point with their session; someone else's private schematic is not listed.
  assert.ok(
    requests.some((r) => r.url().includes("/member/boards/XPB-5500/points/U7000")),
    "the point is read for the member",
  );
  assert.equal(await page.locator(`a[data-schematic-page][href*="${PRIVATE_SCHEMATIC}"]`).count(), 0);
  assert.match(
    (await page.locator("a[data-schematic-page]").first().getAttribute("href")) ?? "",
    new RegExp(`/en/schematic/${SCHEMATIC}/2\\?name=U7000$`),
  );
  await Promise.all([page.waitForURL(/\/en\/schematic\//), page.locator("a[data-schematic-page]").first().click()]);
  await page.waitForSelector("[data-schematic][data-ready]", { timeout: 20_000 });
  assert.equal(await page.locator("[data-mark]").count(), 1);

  step = "a name on the page leads back to the viewer with it selected";
  await page.goto(`${SITE}/en/schematic/${SCHEMATIC}/2?name=U7000`);
  await page.waitForSelector("[data-schematic][data-ready]", { timeout: 20_000 });
  await Promise.all([page.waitForURL(/\?net=PP3V3#boardview$/), page.locator('[data-link][href*="?net=PP3V3#"]').click()]);
  await page.waitForSelector("[data-boardview][data-ready]", { timeout: 20_000 });
  assert.equal(await page.locator("[data-selection]").getAttribute("data-selected"), "net:PP3V3");
} catch (error) {
  problems.push(`${step}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser.close();
}
if (problems.length) {
  console.error(`schematic e2e: ${problems.length} problem(s)\n${problems.join("\n")}`);
  process.exit(1);
}
console.log("schematic e2e: the reader's words, the member's drawn page, its mark, zoom and the way back to the viewer: ok");
