// End-to-end: the boardview viewer in headless Chromium at 390 and 1280 px, on the boards that
// scripts/e2e-seed-boardviews.ts imports (a small board on 820-00165, a synthetic 50,000-pin board).
// Readiness is asserted, not timing: timings are bench/viewer's.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { E2E_BOARDVIEWS } from "../../scripts/lib/e2e-boardviews";
import { BASE_URL, openBrowser, SHOTS } from "./browser";

const browser = await openBrowser({ locale: "en-GB" });
const problems: string[] = [];
let step = "start";

/** Pixels of the canvas that differ from its corner (the background): the board is drawn when there are many. */
async function drawnPixels(page: Page): Promise<number> {
  return (await page.evaluate(`(() => {
    const canvas = document.querySelector("[data-boardview] canvas");
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let differing = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) differing++;
    return differing;
  })()`)) as number;
}

async function ready(page: Page, url: string, timeout = 20_000): Promise<void> {
  await page.goto(url);
  await page.waitForSelector("[data-boardview][data-ready]", { timeout });
}

async function overflow(page: Page): Promise<number> {
  return (await page.evaluate("document.documentElement.scrollWidth")) as number;
}

try {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on("pageerror", (e) => problems.push(`${step}: page error: ${e.message}`));
  const small = `${BASE_URL}/en/library/${E2E_BOARDVIEWS.small}`;

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

    step = `${width} px: the board is drawn`;
    await ready(page, small);
    assert.ok((await drawnPixels(page)) > 200, "the canvas shows the board");
    assert.equal(await page.locator('[data-boardview] input[type="search"]').count(), 1);
    const box = (await page.locator("[data-boardview] canvas").boundingBox())!;
    if (width === 390) {
      assert.ok(box.width >= 330, `the drawing fills the phone's width (${box.width}px)`);
      const panel = (await page.locator("[data-selection]").boundingBox())!;
      assert.ok(panel.y >= box.y + box.height, "the panel goes below the drawing on a phone");
    }
    assert.ok((await overflow(page)) <= width, `nothing overflows ${width} px (${await overflow(page)})`);

    step = `${width} px: keyboard zoom redraws`;
    const before = await page.locator("[data-boardview] canvas").screenshot();
    await page.locator("[data-boardview] canvas").focus();
    await page.keyboard.press("+");
    await page.keyboard.press("ArrowLeft");
    await page.waitForTimeout(100);
    const after = await page.locator("[data-boardview] canvas").screenshot();
    assert.ok(!before.equals(after), "+ and an arrow key change the drawing");

    step = `${width} px: ?part=`;
    await ready(page, `${small}?part=U7000`);
    const partPanel = page.locator("[data-selection]");
    assert.equal(await partPanel.getAttribute("data-selected"), "part:U7000");
    const rows = await partPanel.locator("tbody tr").allInnerTexts();
    assert.equal(rows.length, 4, "U7000's four pins");
    assert.match(rows.join("\n"), /PP3V42_G3H/);
    assert.match(rows.join("\n"), /GND/);
    assert.ok((await overflow(page)) <= width, "the part's panel fits");

    step = `${width} px: ?net=`;
    await ready(page, `${small}?net=PP3V42_G3H`);
    const netPanel = page.locator("[data-selection]");
    assert.equal(await netPanel.getAttribute("data-selected"), "net:PP3V42_G3H");
    const netText = await netPanel.innerText();
    for (const part of ["U7000", "C7010"]) assert.match(netText, new RegExp(part));
    assert.match(netText, /3\.42 V/, "the value the board's case expected");
    assert.match(netText, /J130 dead after liquid/, "the case that measured it");
    assert.ok((await overflow(page)) <= width, "the net's panel fits");
    await page.screenshot({ path: join(SHOTS, `boardview-net-${width}.png`), fullPage: true });

    step = `${width} px: the find box selects by typing`;
    await ready(page, small);
    const find = page.locator('[data-boardview] input[type="search"]');
    await find.fill("c7010");
    await find.press("Enter");
    // Locators, not waitForFunction: the page's policy forbids evaluating strings.
    await page.locator('[data-selection][data-selected="part:C7010"]').waitFor();
    assert.match(page.url(), /[?&]part=C7010/, "the address follows the selection");
    assert.match(await page.locator("[data-selection] h3").innerText(), /C7010/);

    step = `${width} px: a net link in the panel selects the net and loads what is known`;
    await page.locator('[data-selection] a[data-net="PP3V42_G3H"]').click();
    await page.locator("[data-selection] [data-point]", { hasText: "3.42 V" }).waitFor();
    assert.equal(await page.locator("[data-selection]").getAttribute("data-selected"), "net:PP3V42_G3H");
    assert.ok((await overflow(page)) <= width, "the panel written by the script fits");

    step = `${width} px: a pin entry selects the pin`;
    for (const entry of width === 390 ? ["U7000.1", "U7000-1", "U7000 1", "U7000:1", "u7000 pin 1"] : ["U7000 pin 1"]) {
      await find.fill(entry);
      await find.press("Enter");
      await page.locator('[data-selection][data-selected="pin:U7000:1"]').waitFor();
    }
    assert.match(await page.locator("[data-selection] h3").first().innerText(), /Pin 1 of U7000/);
    assert.match(await page.locator("[data-selection] [data-pin]").innerText(), /PP3V42_G3H/, "the pin's net");
    await page.locator("[data-selection] [data-point]", { hasText: "3.42 V" }).waitFor();
    assert.match(page.url(), /[?&]part=U7000&pin=1/);
    // The drawing is centred on the pin: the mouse there names it.
    const centre = (await page.locator("[data-boardview] canvas").boundingBox())!;
    await page.mouse.move(centre.x + centre.width / 2, centre.y + centre.height / 2);
    await page.locator("[data-boardview] [data-hover]", { hasText: "U7000.1" }).waitFor();
    assert.match(await page.locator("[data-boardview] [data-hover]").innerText(), /Net: PP3V42_G3H/);
    await page.screenshot({ path: join(SHOTS, `boardview-pin-${width}.png`), fullPage: true });

    step = `${width} px: nets that differ by a sign stay apart`;
    await find.fill("usb_d+");
    const options = page.locator("#bv-names option");
    await options.first().waitFor({ state: "attached" });
    const offered = await Promise.all((await options.all()).map((o) => o.getAttribute("value")));
    assert.deepEqual(offered, ["USB_D+"], "completions keep the sign");
    await find.press("Enter");
    await page.locator('[data-selection][data-selected="net:USB_D+"]').waitFor();
    const plusParts = await page.locator("[data-selection] ul.bv-names").innerText();
    assert.match(plusParts, /D1/);
    assert.doesNotMatch(plusParts, /R1/, "USB_D-'s part is not USB_D+'s");
    await find.fill("/D1");
    await find.press("Enter");
    await page.locator('[data-selection][data-selected="net:/D1"]').waitFor();
    await find.fill("ppa");
    await find.press("Enter");
    const ambiguous = page.locator("[data-selection] [data-ambiguous]");
    await ambiguous.waitFor();
    const listed = await Promise.all((await page.locator("[data-selection] a[data-net]").all()).map((a) => a.getAttribute("data-net")));
    assert.deepEqual(listed, ["PP_A", "PP.A"], "an ambiguous entry lists its matches");

    step = `${width} px: both sides side by side, flipped`;
    await ready(page, small);
    const overlaid = await page.locator("[data-boardview] canvas").screenshot();
    await page.locator('[data-boardview] input[name="side"][value="split"]').check();
    await page.waitForTimeout(300);
    const split = await page.locator("[data-boardview] canvas").screenshot();
    assert.ok(!overlaid.equals(split), "side by side is another drawing");
    await page.screenshot({ path: join(SHOTS, `boardview-split-${width}.png`), fullPage: true });
    await page.locator("[data-boardview] button[data-flip]").click();
    await page.waitForTimeout(300);
    assert.ok(!split.equals(await page.locator("[data-boardview] canvas").screenshot()), "flip turns the board over");

    step = `${width} px: a deep link to a name the board does not hold says so`;
    for (const [query, said] of [
      ["?part=U9999", /no part named U9999/],
      ["?net=NOPE_NET", /no net named NOPE_NET/],
      ["?part=U7000&pin=9", /U7000 has no pin 9/],
    ] as const) {
      await ready(page, `${small}${query}`);
      assert.match(await page.locator("[data-selection] [data-missing]").innerText(), said);
      assert.equal(await page.locator("[data-selection]").getAttribute("data-selected"), null, "nothing else is selected");
    }
  }

  step = "the 50,000-pin board";
  await page.setViewportSize({ width: 1280, height: 900 });
  await ready(page, `${BASE_URL}/en/library/${E2E_BOARDVIEWS.large}`, 60_000);
  assert.ok((await drawnPixels(page)) > 1000, "the large board is drawn");

  // It is drawn in slices across frames: data-ready comes with the last one, so the canvas at that moment (counted
  // by an observer as the attribute appears) is the whole board, no different from the canvas a while later.
  step = "the 50,000-pin board: data-ready once the whole board is drawn";
  const watched = await browser.context.newPage();
  watched.on("pageerror", (e) => problems.push(`${step}: page error: ${e.message}`));
  await watched.setViewportSize({ width: 1280, height: 900 });
  await watched.addInitScript(`document.addEventListener("DOMContentLoaded", () => {
    const root = document.querySelector("[data-boardview]");
    if (!root) return;
    new MutationObserver((_, observer) => {
      if (!root.hasAttribute("data-ready")) return;
      observer.disconnect();
      const canvas = root.querySelector("canvas");
      const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      let differing = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) differing++;
      window.pixelsAtReady = differing;
    }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  });`);
  await ready(watched, `${BASE_URL}/en/library/${E2E_BOARDVIEWS.large}`, 60_000);
  await watched.waitForTimeout(1000);
  const atReady = (await watched.evaluate("window.pixelsAtReady")) as number;
  assert.equal(atReady, await drawnPixels(watched), "the canvas at data-ready already shows the whole board");
  await watched.close();

  step = "a net with a known-good diode reading: its pins in the reading's colour, the legend in the panel";
  await ready(page, `${small}?net=PP3V3_S5`);
  const legend = page.locator("[data-selection] [data-legend]", { hasText: "Diode reading (known good) of PP3V3_S5: 0.02" });
  await legend.waitFor();
  assert.match(await legend.locator('li[aria-current="true"]').innerText(), /short/);
  await page.waitForTimeout(200);
  const red = (await page.evaluate(`(() => {
    const canvas = document.querySelector("[data-boardview] canvas");
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] === 0xd1 && data[i + 1] === 0x24 && data[i + 2] === 0x2f) n++;
    return n;
  })()`)) as number;
  assert.ok(red > 20, `the net's pins are drawn in the short band's red (${red} pixels)`);
  await page.screenshot({ path: join(SHOTS, "boardview-diode-1280.png"), fullPage: true });

  step = "measuring two points";
  await ready(page, small);
  await page.locator("[data-boardview] button[data-measure]").click();
  const area = (await page.locator("[data-boardview] canvas").boundingBox())!;
  await page.mouse.click(area.x + area.width * 0.3, area.y + area.height * 0.5);
  await page.mouse.click(area.x + area.width * 0.7, area.y + area.height * 0.5);
  assert.match(await page.locator("[data-boardview] [data-status]").innerText(), /^Distance: [\d.,]+ mil \([\d.,]+ mm\)$/);

  step = "Spanish";
  await ready(page, `${BASE_URL}/es/biblioteca/${E2E_BOARDVIEWS.small}?net=PP3V42_G3H`);
  const spanish = await page.locator("[data-selection]").innerText();
  assert.match(spanish, /Valores esperados/);
  assert.match(spanish, /\(1 informe\)/);
  assert.doesNotMatch(spanish, /reports|diode|voltage/, "no English word in the Spanish panel");
  await ready(page, `${BASE_URL}/es/biblioteca/${E2E_BOARDVIEWS.small}?net=PP3V3_S5`);
  await page.locator("[data-selection] [data-legend]", { hasText: "Lectura de diodo" }).waitFor();
  const valores = await page.locator("[data-selection]").innerText();
  assert.match(valores, /0\.02 diodo/);
  assert.doesNotMatch(valores, /diode|voltage|reports/);
  assert.match(await page.locator("[data-boardview] .bv-tools").innerText(), /Lado a lado[\s\S]*Dar la vuelta[\s\S]*Medir/);
  await ready(page, `${BASE_URL}/es/biblioteca/${E2E_BOARDVIEWS.small}?part=U9999`);
  assert.match(await page.locator("[data-selection] [data-missing]").innerText(), /no tiene ningún componente llamado U9999/);
  await page.screenshot({ path: join(SHOTS, "boardview-es.png"), fullPage: true });

  assert.deepEqual(problems, []);
  console.log("e2e: boardview viewer checks passed");
} catch (err) {
  console.error(`e2e: boardview viewer failed at "${step}"`);
  throw err;
} finally {
  await browser.close();
}
