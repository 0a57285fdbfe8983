// `npm run bench:viewer`: the boardview viewer in headless Chromium on the synthetic 50,000-pin board that
// scripts/e2e-seed-boardviews.ts imports: time from navigation to data-ready, the longest frame of the first
// drawing, draw times and frame intervals while panning and zooming and during the settle redraw after input stops,
// long tasks, the script's size and the layout's bytes per pin. The machine's load and a CPU yardstick
// measured in the same run are printed beside them; `--write` also puts them in bench/RESULTS.md. Needs BASE_URL of
// a server seeded as for the e2e suite (bench/viewer/run.sh starts one, on --port N or $PORT).
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import type { Page } from "playwright-core";
import { E2E_BOARDVIEWS } from "../../scripts/lib/e2e-boardviews";
import { BASE_URL, openBrowser } from "../../test/e2e/browser";
import { writeResultsSection } from "../lib/results";

const LOADS = 5;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A CPU yardstick in this process: sorting a million numbers (median of 5). */
function yardstick(): number {
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    const xs = Float64Array.from({ length: 1_000_000 }, (_, i) => (i * 2654435761) % 1000003);
    const t = performance.now();
    xs.sort();
    times.push(performance.now() - t);
  }
  return quantile(times, 0.5);
}

/** Long tasks (over 50 ms) seen by the page so far, from a buffered observer. */
const LONG_TASKS = `new Promise((resolve) => {
  const seen = [];
  const observer = new PerformanceObserver((list) => seen.push(...list.getEntries().map((e) => e.duration)));
  observer.observe({ type: "longtask", buffered: true });
  setTimeout(() => { seen.push(...observer.takeRecords().map((e) => e.duration)); observer.disconnect(); resolve(seen); }, 50);
})`;

interface Frames {
  /** The script's drawing time per frame while the view moves, then after input stops (the settle). */
  draws: number[];
  settle: number[];
  /** Intervals between animation frames while the view moves, then during the settle. */
  intervals: number[];
  settleIntervals: number[];
  /** Long tasks (over 50 ms) during the pan, the zoom and the settle. */
  longTasks: number[];
}

async function frameTimes(page: Page): Promise<Frames> {
  await page.evaluate(
    "window.__intervals = []; window.__last = 0; window.__on = true; window.__long = []; new PerformanceObserver((l) => window.__long.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' }); (function tick(t) { if (window.__last) window.__intervals.push(t - window.__last); window.__last = t; if (window.__on) requestAnimationFrame(tick); })(performance.now())",
  );
  const drawsBefore = ((await page.evaluate("window.boardviewFrames()")) as number[]).length;
  const box = (await page.locator("[data-boardview] canvas").boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 60; i++) await page.mouse.move(cx + Math.sin(i / 6) * 200, cy + Math.cos(i / 6) * 120);
  await page.mouse.up();
  for (let i = 0; i < 30; i++) await page.mouse.wheel(0, i < 15 ? -120 : 120);
  const moved = (await page.evaluate("[window.boardviewFrames().length, window.__intervals.length]")) as number[];
  // The settle: the board drawn in full again once input has paused (150 ms), in slices; a second is ample.
  await page.waitForTimeout(1000);
  await page.evaluate("window.__on = false");
  const all = (await page.evaluate("window.boardviewFrames()")) as number[];
  const intervals = (await page.evaluate("window.__intervals")) as number[];
  const longTasks = (await page.evaluate("window.__long")) as number[];
  return {
    draws: all.slice(drawsBefore + 1, moved[0]),
    settle: all.slice(moved[0]),
    intervals: intervals.slice(0, moved[1]),
    settleIntervals: intervals.slice(moved[1]),
    longTasks,
  };
}

/**
 * Whole frames, in the page: a key or wheel event dispatched on the canvas, the next animation frame, then one pixel
 * read back, which waits for the drawing to be rasterised. Includes the wait for the frame (up to 16.7 ms).
 */
async function eventToPixels(page: Page): Promise<number[]> {
  return (await page.evaluate(`(async () => {
    const canvas = document.querySelector("[data-boardview] canvas");
    const ctx = canvas.getContext("2d");
    const out = [];
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      const event = i % 3 === 2
        ? new WheelEvent("wheel", { deltaY: i % 2 ? 120 : -120, clientX: 300, clientY: 300, cancelable: true })
        : new KeyboardEvent("keydown", { key: i % 2 ? "ArrowLeft" : "ArrowRight", cancelable: true });
      canvas.dispatchEvent(event);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      ctx.getImageData(0, 0, 1, 1);
      out.push(performance.now() - t);
    }
    return out;
  })()`)) as number[];
}

async function main(): Promise<void> {
  const before = loadavg()[0];
  const yard = yardstick();
  const browser = await openBrowser({ locale: "en-GB" });
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setViewportSize({ width: 1280, height: 900 });
  const url = `${BASE_URL}/en/library/${E2E_BOARDVIEWS.large}`;
  const ready: number[] = [];
  const steps: Record<string, number[]> = { response: [], script: [], layout: [], indexed: [] };
  let frames: Frames = { draws: [], settle: [], intervals: [], settleIntervals: [], longTasks: [] };
  let whole: number[] = [];
  const loadLongTasks: number[] = [];
  const firstDraw: number[] = [];
  try {
    for (let i = 0; i < LOADS; i++) {
      await page.goto(url);
      await page.waitForSelector("[data-boardview][data-ready]", { timeout: 60_000 });
      const at = (await page.evaluate(`(() => {
        const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
        const script = performance.getEntriesByType("resource").find((r) => r.name.endsWith("/viewer/boardview.js"));
        return { ready: mark("boardview-ready"), layout: mark("boardview-layout"), indexed: mark("boardview-indexed"),
          response: performance.getEntriesByType("navigation")[0].responseEnd, script: script ? script.responseEnd : NaN };
      })()`)) as Record<string, number>;
      ready.push(at.ready);
      loadLongTasks.push(Math.max(0, ...((await page.evaluate(LONG_TASKS)) as number[])));
      // The frames of the first full drawing: every frame drawn up to data-ready.
      firstDraw.push(Math.max(...((await page.evaluate("window.boardviewFrames()")) as number[])));
      for (const k of Object.keys(steps)) steps[k].push(at[k]);
    }
    frames = await frameTimes(page);
    whole = await eventToPixels(page);
  } finally {
    await browser.close();
  }
  const layout = await (await fetch(`${BASE_URL}/api/v1/documents/${E2E_BOARDVIEWS.large}/boardview/layout`)).text();
  const pins = (JSON.parse(layout) as { data: { pins: { x: number[] } } }).data.pins.x.length;
  const script = readFileSync("public/viewer/boardview.js");
  const after = loadavg()[0];

  const lines = [
    "## Boardview viewer (issue 39): the synthetic 50,000-pin board in headless Chromium",
    "",
    `\`npm run bench:viewer\` (bench/viewer/run.sh: wrangler dev seeded as the e2e suite; Chromium at 1280×900, software rendering). ` +
      `Machine: ${cpus().length} cores shared with other engineers' work, load average ${before.toFixed(1)} before and ${after.toFixed(1)} after; ` +
      `yardstick in the same run: sorting 10⁶ doubles in Node ${ms(yard)} (median of 5). Figures on this loaded machine are noisy.`,
    "",
    "| measure | value |",
    "|---|---|",
    `| time from navigation to \`data-ready\` (${LOADS} loads: median, max) | ${ms(quantile(ready, 0.5))}, ${ms(Math.max(...ready))} (bound: 1.5 s) |`,
    `| of which (medians, from navigation): page received ${ms(quantile(steps.response, 0.5))}, script received ${ms(quantile(steps.script, 0.5))}, layout fetched and parsed ${ms(quantile(steps.layout, 0.5))}, indexed ${ms(quantile(steps.indexed, 0.5))}, whole board drawn (last slice) | ${ms(quantile(ready, 0.5))} |`,
    `| the first full drawing, in slices: longest frame's drawing (${LOADS} loads: median, max) | ${ms(quantile(firstDraw, 0.5))}, ${ms(Math.max(...firstDraw))} (bound: 50 ms) |`,
    `| longest task of the page from navigation to \`data-ready\` (fetch, JSON parse, indexing, drawing; ${LOADS} loads: median, max; 0 = none over 50 ms) | ${ms(quantile(loadLongTasks, 0.5))}, ${ms(Math.max(...loadLongTasks))} (bound: 100 ms) |`,
    `| draw time per frame while panning and zooming (${frames.draws.length} frames: median, p95, max) | ${ms(quantile(frames.draws, 0.5))}, ${ms(quantile(frames.draws, 0.95))}, ${ms(Math.max(...frames.draws))} (bound: 50 ms) |`,
    `| settle: the board drawn in full again once input pauses, in slices (${frames.settle.length} frames: median, max draw time; max interval between animation frames) | ${ms(quantile(frames.settle, 0.5))}, ${ms(Math.max(...frames.settle))}; ${ms(Math.max(...frames.settleIntervals))} (bound: 50 ms) |`,
    `| long tasks (over 50 ms) during the pan, the zoom and the settle | ${frames.longTasks.length ? `${frames.longTasks.length}, longest ${ms(Math.max(...frames.longTasks))}` : "none"} (bound: none over 100 ms) |`,
    `| whole frame: key or wheel event dispatched → frame drawn → a pixel read back (rasterised), ${whole.length} frames: median, p95, max | ${ms(quantile(whole, 0.5))}, ${ms(quantile(whole, 0.95))}, ${ms(Math.max(...whole))} (bound: 50 ms) |`,
    `| interval between animation frames during playwright's drag and wheel, each input a round trip to the browser (median, p95, max) | ${ms(quantile(frames.intervals, 0.5))}, ${ms(quantile(frames.intervals, 0.95))}, ${ms(Math.max(...frames.intervals))} |`,
    `| script public/viewer/boardview.js | ${script.length.toLocaleString("en")} bytes, ${gzipSync(script).length.toLocaleString("en")} gzip (bound: 60 KB gzip) |`,
    `| layout answer of ${pins.toLocaleString("en")} pins | ${layout.length.toLocaleString("en")} bytes (${(layout.length / pins).toFixed(1)} per pin; bound 60), ${gzipSync(layout).length.toLocaleString("en")} gzip |`,
  ];
  console.log(lines.join("\n"));
  if (process.argv.includes("--write")) writeResultsSection("viewer", lines.join("\n"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
