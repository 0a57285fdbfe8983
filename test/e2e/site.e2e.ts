// End-to-end: the site in headless Chromium (Debian's chromium driven by playwright-core).
// Run through `npm run test:e2e` (scripts/e2e.sh), which starts `wrangler dev` and sets BASE_URL.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { BASE_URL, openBrowser, SHOTS } from "./browser";

const browser = await openBrowser({ locale: "en-GB" });
const { context } = browser;

const problems: string[] = [];
let step = "start";
const INTENDED_404 = `${BASE_URL}/en/forum/01ARZ3NDEKTSV4RRFFQ69G5FAV/nothing`;
function watch(page: Page) {
  page.on("pageerror", (e) => problems.push(`${step}: page error: ${e.message}`));
  page.on("response", (r) => r.status() >= 400 && r.url() !== INTENDED_404 && problems.push(`${step}: ${r.status()} ${r.url()}`));
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  console.log(`  screenshot test/e2e/screenshots/${name}.png`);
}

try {
  const page = context.pages()[0] ?? (await context.newPage());
  watch(page);

  step = "home";
  const home = await page.goto(`${BASE_URL}/`);
  assert.equal(home?.status(), 200);
  assert.match(page.url(), /\/en$/, "Accept-Language en-GB leads / to /en");
  assert.equal(await page.getAttribute("html", "lang"), "en");
  assert.equal(await page.locator("h1").innerText(), "Board Documentation Service");
  assert.ok((await page.locator('link[rel="alternate"][type="application/atom+xml"]').count()) >= 4, "feeds are linked");
  await shot(page, "home");

  step = "thread";
  const threadLink = page.locator('section[aria-labelledby="latest-threads"] ul.items a').first();
  const threadTitle = await threadLink.innerText();
  await Promise.all([page.waitForURL(/\/en\/forum\/[0-9A-Z]{26}\/[a-z0-9-]+$/), threadLink.click()]);
  assert.equal(await page.locator("h1").innerText(), threadTitle);
  assert.equal(await page.locator("link[rel=canonical]").getAttribute("href"), page.url());
  assert.ok((await page.locator("article.reply").count()) >= 1, "the thread shows its replies");
  console.log(`  thread: ${threadTitle} (${await page.locator("article.reply").count()} replies)`);
  await shot(page, "thread");

  step = "document";
  await page.goto(`${BASE_URL}/en`);
  const docLink = page.locator('section[aria-labelledby="latest-documents"] ul.items a').first();
  const docTitle = await docLink.innerText();
  await Promise.all([page.waitForURL(/\/en\/library\/[0-9A-Z]{26}\/[a-z0-9-]+$/), docLink.click()]);
  assert.equal(await page.locator("h1").innerText(), docTitle);
  const download = page.getByRole("button", { name: "Download", exact: true });
  assert.equal(await download.getAttribute("type"), "submit", "the download button posts the member's download form");
  assert.match(await page.locator("#download-help").innerText(), /Signed-in members/);
  assert.equal(await page.getByRole("link", { name: "API keys" }).count(), 1, "the page links the keys settings");
  console.log(`  document: ${docTitle}`);
  await shot(page, "document");

  step = "language switch";
  await Promise.all([page.waitForURL(/\/es\/biblioteca\//), page.getByRole("link", { name: "Español" }).click()]);
  assert.equal(await page.getAttribute("html", "lang"), "es");
  assert.equal(await page.locator("h1").innerText(), docTitle);

  step = "search";
  await page.goto(`${BASE_URL}/en`);
  await page.getByRole("searchbox", { name: "Search boards, documents, threads, posts and cases" }).fill("82000165");
  await Promise.all([page.waitForURL(/\/en\/search\?q=82000165$/), page.keyboard.press("Enter")]);
  assert.equal(
    await page.locator('section[aria-labelledby="results-boards"] ul.items a').first().innerText(),
    "820-00165",
    "another spelling finds the board",
  );
  const found = page.locator('section[aria-labelledby="results-documents"] ul.items a').first();
  const foundTitle = await found.innerText();
  await shot(page, "search");
  await Promise.all([page.waitForURL(/\/en\/library\/[0-9A-Z]{26}\/[a-z0-9-]+$/), found.click()]);
  assert.equal(await page.locator("h1").innerText(), foundTitle);
  console.log(`  search: 82000165 → board 820-00165, document ${foundTitle}`);

  step = "did you mean";
  await page.goto(`${BASE_URL}/en`);
  await page.getByRole("searchbox", { name: "Search boards, documents, threads, posts and cases" }).fill("820-0l65");
  await Promise.all([page.waitForURL(/\/en\/search\?q=820-0l65$/), page.keyboard.press("Enter")]);
  const meant = page.locator("#board-suggestions a").first();
  assert.equal(await meant.innerText(), "820-00165", "a board number with a slip suggests the board");
  await Promise.all([page.waitForURL(/\/en\/boards\/82000165$/), meant.click()]);
  assert.equal(await page.locator("h1").innerText(), "820-00165");
  console.log("  did you mean: 820-0l65 → 820-00165");

  step = "not found";
  const missing = await page.goto(INTENDED_404);
  assert.equal(missing?.status(), 404);
  assert.equal(await page.locator("h1").innerText(), "Page not found");

  step = "phone";
  const phone = await context.newPage();
  watch(phone);
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${BASE_URL}/es`);
  const caseLink = phone.locator('section[aria-labelledby="latest-cases"] ul.items a').first();
  await Promise.all([phone.waitForURL(/\/es\/reparaciones\//), caseLink.click()]);
  // Runs in the page; the string keeps DOM types out of this Node-side file.
  const overflow = (await phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) as number;
  assert.ok(overflow <= 0, `the case page fits a phone's width (overflow ${overflow}px)`);
  assert.ok((await phone.getByRole("table").count()) >= 2, "measurements and components tables");
  // A net name (PPBUS_G3H) inside a table stays on one line: the table scrolls sideways instead.
  const brokenCodes = (await phone.evaluate(
    "[...document.querySelectorAll('.table code')].filter((c) => c.getClientRects().length > 1).map((c) => c.textContent)",
  )) as string[];
  assert.deepEqual(brokenCodes, [], "no code in a table breaks across lines at 390 px");
  const sectionTitles = (await phone.evaluate(
    "[...document.querySelectorAll('article h2, article h3')].map((h) => h.textContent.trim())",
  )) as string[];
  assert.equal(sectionTitles.filter((t) => /^diagn[oó]stico$/i.test(t)).length, 1, `"Diagnóstico" once: ${sectionTitles.join(" | ")}`);
  // A table wider than the phone says so and scrolls: the hint shows, and the measured column can be scrolled to.
  const tables = (await phone.evaluate(
    "[...document.querySelectorAll('.table')].map((t) => ({ wide: t.scrollWidth > t.clientWidth, hint: t.previousElementSibling?.classList.contains('scroll-hint') && t.previousElementSibling.offsetParent !== null, scrolls: getComputedStyle(t).overflowX === 'auto' }))",
  )) as { wide: boolean; hint: boolean; scrolls: boolean }[];
  for (const t of tables) assert.ok(t.scrolls && (!t.wide || t.hint), `a wide table scrolls and shows its hint: ${JSON.stringify(tables)}`);
  const measuredVisible = (await phone.evaluate(`(() => {
    const table = document.querySelector('#measurements')?.closest('.table');
    const th = [...(table?.querySelectorAll('th') ?? [])].find((h) => /medido|measured/i.test(h.textContent));
    if (!table || !th) return false;
    table.scrollLeft = table.scrollWidth;
    const r = th.getBoundingClientRect();
    return r.right <= window.innerWidth + 1 && r.left >= 0;
  })()`)) as boolean;
  assert.ok(measuredVisible, "the measured values can be scrolled into view");
  await shot(phone, "case-phone");

  step = "document on a phone";
  await phone.goto(`${BASE_URL}/es/biblioteca`);
  await Promise.all([phone.waitForURL(/\/es\/biblioteca\/[0-9A-Z]{26}\//), phone.locator("ul.items a").first().click()]);
  const docOverflow = (await phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) as number;
  assert.ok(docOverflow <= 0, `the document page fits a phone's width (overflow ${docOverflow}px)`);
  const clipped = (await phone.evaluate(
    "[...document.querySelectorAll('.table')].filter((t) => t.getBoundingClientRect().right > window.innerWidth + 1).length",
  )) as number;
  assert.equal(clipped, 0, "the versions table is not clipped: it ends inside the screen and scrolls");
  await shot(phone, "document-phone");

  step = "point on a phone";
  // From the board page's values table to a point's page: it fits a phone, its tables scroll, names stay whole.
  await phone.goto(`${BASE_URL}/es/placas/82000165`);
  await Promise.all([
    phone.waitForURL(/\/es\/placas\/82000165\/puntos\/PP3V42_G3H$/),
    phone.locator('section[aria-labelledby="values-heading"] table a').first().click(),
  ]);
  assert.equal(await phone.locator("h1").innerText(), "PP3V42_G3H");
  const pointOverflow = (await phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) as number;
  assert.ok(pointOverflow <= 0, `the point page fits a phone's width (overflow ${pointOverflow}px)`);
  const pointTables = (await phone.evaluate(
    "[...document.querySelectorAll('.table')].map((t) => ({ right: t.getBoundingClientRect().right, scrolls: getComputedStyle(t).overflowX === 'auto' }))",
  )) as { right: number; scrolls: boolean }[];
  assert.ok(pointTables.length >= 1, "the values reported in cases are a table");
  for (const t of pointTables) assert.ok(t.scrolls && t.right <= 391, `a point table scrolls inside the screen: ${JSON.stringify(pointTables)}`);
  await shot(phone, "point-phone");

  step = "long unbroken words on a phone";
  // A title, board number, filename or net name with no break in it (as members write them) wraps instead of
  // widening the page: each page's heading and its first cells get one 160 characters long, then the width is read.
  const LONG_WORD = "820-00165-A".repeat(15);
  for (const [section, link] of [
    ["/en/boards", "ul.items a"],
    ["/en/forum", "ul.items a"],
    ["/en/repairs", "ul.items a"],
    ["/en/library", "ul.items a"],
  ] as const) {
    await phone.goto(`${BASE_URL}${section}`);
    await Promise.all([phone.waitForURL((url) => url.pathname.split("/").length > 3), phone.locator(link).first().click()]);
    const wide = (await phone.evaluate(`(() => {
      const word = ${JSON.stringify(LONG_WORD)};
      for (const el of [...document.querySelectorAll("h1, h2, td, dd, ul.items li a, .meta span")].slice(0, 12)) el.textContent = word;
      return document.documentElement.scrollWidth - document.documentElement.clientWidth;
    })()`)) as number;
    assert.ok(wide <= 0, `${phone.url()}: a long unbroken title and cells wrap at 390 px (overflow ${wide}px)`);
  }

  step = "Spanish pages say values in Spanish";
  // Raw values whose Spanish label differs (bios, software, audio and boardview read the same in both).
  const RAW = [
    "document",
    "image",
    "video",
    "archive",
    "code",
    "model_3d",
    "schematic",
    "datasheet",
    "service_manual",
    "other",
    "active",
    "legacy",
    "discontinued",
  ];
  const badges = (await phone.evaluate("[...document.querySelectorAll('.badge, .meta span, dd')].map((e) => e.textContent.trim())")) as string[];
  assert.deepEqual(
    badges.filter((b) => RAW.includes(b)),
    [],
    "no raw document type on a Spanish document page",
  );
  await phone.goto(`${BASE_URL}/es/buscar?q=820`);
  const options = (await phone.evaluate("[...document.querySelectorAll('#search-type option')].map((o) => o.textContent.trim())")) as string[];
  assert.deepEqual(
    options.filter((o) => RAW.includes(o)),
    [],
    "the type filter lists types in Spanish",
  );
  await phone.goto(`${BASE_URL}/es/placas`);
  await Promise.all([phone.waitForURL(/\/es\/placas\/./), phone.locator("ul.items a").first().click()]);
  const facts = (await phone.evaluate("[...document.querySelectorAll('dl.facts dd')].map((e) => e.textContent.trim())")) as string[];
  assert.deepEqual(
    facts.filter((f) => RAW.includes(f)),
    [],
    "a board's status in Spanish",
  );

  step = "thread on a phone";
  await phone.goto(`${BASE_URL}/en/forum`);
  await Promise.all([phone.waitForURL(/\/en\/forum\/[0-9A-Z]{26}\//), phone.locator("ul.items a").first().click()]);
  // The separator dot goes between the meta items, never inside a badge's border.
  const dotsInBadges = (await phone.evaluate(
    "[...document.querySelectorAll('.meta .badge')].filter((b) => !['none', 'normal'].includes(getComputedStyle(b, '::before').content)).length",
  )) as number;
  assert.equal(dotsInBadges, 0, "no badge holds a separator dot");
  await shot(phone, "thread-phone");

  step = "case at 1280 px";
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(phone.url().replace(/\/en\/forum\/.*/, "/es/reparaciones"));
  await Promise.all([page.waitForURL(/\/es\/reparaciones\/[0-9A-Z]{26}\//), page.locator("ul.items a").first().click()]);
  const wide = (await page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")) as number;
  assert.ok(wide <= 0, `the case page fits 1280 px (overflow ${wide}px)`);
  await shot(page, "case-desktop");

  assert.deepEqual(problems, []);
  console.log("e2e: all checks passed");
} finally {
  await browser.close();
}
