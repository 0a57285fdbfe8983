// `npm run bench:boardview`: how fast each boardview format is read (milliseconds per MB of file, in Node's V8,
// the engine workerd runs) and what a board costs on a text database: rows and statements written per 10,000
// pins, and bytes (D1's meta.size_after on a local text database of its own, bench/out/boardview-state).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { bdvFile, genCadFile, syntheticBoard, testLinkFile } from "../../scripts/lib/boardview-writer";
import { boardviewFromBytes } from "../../src/boardview/store";
import { writeResultsSection } from "../lib/results";
import { TEXT_FORMAT_FILES } from "./text-formats";

const STATE = join(import.meta.dirname, "../out/boardview-state");
const PINS = [10_000, 100_000];
const ROUNDS = 5;

const FORMATS: [string, (pins: number) => Uint8Array][] = [
  ["Test_Link .brd", (n) => testLinkFile(syntheticBoard(1, n))],
  ["Test_Link .brd, encoded", (n) => testLinkFile(syntheticBoard(1, n), { encoded: true })],
  ["Test_Link .brd, nets from nails", (n) => testLinkFile(syntheticBoard(1, n), { netsFromNails: true })],
  ["BDV (encoded)", (n) => bdvFile(syntheticBoard(1, n))],
  ["GenCAD", (n) => genCadFile(syntheticBoard(1, n))],
  ...TEXT_FORMAT_FILES,
];

function timeParse(bytes: Uint8Array): number {
  boardviewFromBytes(bytes); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    boardviewFromBytes(bytes);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

async function main(): Promise<void> {
  const speed: string[] = [
    "| format | pins | file | read (median of 5) | per MB | rows per 10,000 pins (parts + nets + name pages + board) |",
    "|---|---|---|---|---|---|",
  ];
  for (const pins of PINS) {
    for (const [name, make] of FORMATS) {
      const bytes = make(pins);
      const ms = timeParse(bytes);
      const mb = bytes.length / 1e6;
      const { summary, pages } = boardviewFromBytes(bytes);
      const rows = ((summary.parts + summary.nets + pages.length + 1) / summary.pins) * 10_000;
      speed.push(
        `| ${name} | ${pins.toLocaleString("en")} | ${mb.toFixed(2)} MB | ${ms.toFixed(0)} ms | ${(ms / mb).toFixed(0)} ms | ${rows.toFixed(0)} |`,
      );
    }
  }
  // The largest file accepted: a 50 MB Test_Link file of one repeated pin line (the caps stop it).
  const line = new TextEncoder().encode("1 2 -99 1 NET_A\n");
  const big = new Uint8Array(50_000_000);
  big.set(new TextEncoder().encode("str_length:\nvar_data:\nParts:\nU1 5 1\nPins:\n"));
  for (let at = 48; at + line.length <= big.length; at += line.length) big.set(line, at);
  const bigMs = timeParse(big);
  speed.push(
    `| Test_Link .brd, 50 MB of pin lines (stops at the pin cap) | 300,000 kept | 50.00 MB | ${bigMs.toFixed(0)} ms | ${(bigMs / 50).toFixed(0)} ms | |`,
  );

  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "TEXT_0", "--local", "--persist-to", STATE], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" },
  });
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ TEXT_0: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(STATE, "v3") } });
  const cost: string[] = [
    "| board | parts | nets | rows written (parts + nets + name pages + key) | statements | rows per 10,000 pins | bytes on the text database per 10,000 pins |",
    "|---|---|---|---|---|---|---|",
  ];
  try {
    const db = proxy.env.TEXT_0;
    const size = async () => Number(((await db.prepare("select 1").run()).meta as { size_after?: number }).size_after ?? 0);
    for (const [i, pins] of [12_000, 100_000, 300_000].entries()) {
      const stored = boardviewFromBytes(testLinkFile(syntheticBoard(i + 2, pins)));
      const statements = stored.statements(`01BENCHBOARDVIEW00000000${i}0`.slice(0, 26), "boardview");
      const before = await size();
      let rows = 0;
      for (const s of statements)
        rows +=
          (
            await db
              .prepare(s.sql)
              .bind(...s.params)
              .run()
          ).meta.changes ?? 0;
      const after = await size();
      const s = stored.summary;
      cost.push(
        `| ${s.pins.toLocaleString("en")} pins | ${s.parts.toLocaleString("en")} | ${s.nets.toLocaleString("en")} | ${rows.toLocaleString("en")} | ${statements.length} | ${((rows / s.pins) * 10_000).toFixed(0)} | ${((((after - before) / s.pins) * 10_000) / 1e6).toFixed(2)} MB |`,
      );
    }
  } finally {
    await proxy.dispose();
  }
  const md = [
    "## Boardviews: read time per MB and rows written per 10,000 pins (issues 32, 40)",
    "",
    `Run ${new Date().toISOString()} by \`npm run bench:boardview\` (bench/boardview/run.ts) on ${cpus().length} cores (1-minute load average ${loadavg()[0].toFixed(1)} at the end: the machine is shared, absolute times move with it), Node ${process.version}: boards from ` +
      "`syntheticBoard` (scripts/lib/boardview-writer.ts: laptop-like, two-pin passives, ICs of 8–127 pins, shared power rails) written in each format " +
      "and read by `boardviewFromBytes` (parse, nets, name pages, row payloads) — what the queue consumer runs.",
    "",
    ...speed,
    "",
    "Rows and bytes: the Test_Link board's statements run against a local text database (`wrangler d1`, D1's meta.size_after). A part row holds its pins, a net row its pins, parts and test points (JSON), so rows follow parts and nets, not pins.",
    "",
    ...cost,
    "",
  ].join("\n");
  console.log(md);
  writeResultsSection("boardview", md);
}

await main();
