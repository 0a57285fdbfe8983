// `npm run bench:boardview-binary`: how fast the binary boardview formats are read (milliseconds per MB of file,
// in Node's V8, the engine workerd runs), with the Test_Link reader on the same boards as the yardstick measured in
// the same run, and the rows each board writes on a text database per 10,000 pins (D1's own count of the
// statements run against a local text database, bench/out/boardview-binary-state).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { cstFile, fzFile, madeUpDesKey, madeUpWordKey, tvwFile, xzzFile } from "../../scripts/lib/boardview-binary-writer";
import { syntheticBoard, testLinkFile } from "../../scripts/lib/boardview-writer";
import type { ReadOptions } from "../../src/boardview-formats/binary/keys";
import { boardviewFromBytes } from "../../src/boardview/store";
import { writeResultsSection } from "../lib/results";

const STATE = join(import.meta.dirname, "../out/boardview-binary-state");
const PINS = [10_000, 100_000];
const ROUNDS = 5;
// Keys made up for the bench, as the tests make theirs.
const FZ_KEY = madeUpWordKey(11);
const XZZ_KEY = madeUpDesKey(5);

const NOTE =
  "Per MB is per MB of the file as uploaded: a .fz is zlib-compressed (about a quarter of the Test_Link file of the same board), so compare a board's read time with the yardstick's on the same row count (100,000 pins: .fz about as long as Test_Link). The .fz cipher runs 20 RC6 rounds per byte: an encrypted file costs its decryption per MB on top (the line \"cipher alone\"), so a 50 MB encrypted upload would take tens of seconds of CPU on this loaded machine; real .fz files are a few MB. Test_Link's yardstick row is the reader of bench:boardview on the same boards.";

const FORMATS: [string, (pins: number) => Uint8Array, ReadOptions][] = [
  ["Test_Link .brd (yardstick)", (n) => testLinkFile(syntheticBoard(1, n)), {}],
  [".fz plain", (n) => fzFile(syntheticBoard(1, n)), { extension: "fz" }],
  [".fz encrypted", (n) => fzFile(syntheticBoard(1, n), { key: FZ_KEY }), { extension: "fz", keys: { fz: FZ_KEY } }],
  ["XZZ .pcb (XOR header, DES parts)", (n) => xzzFile(syntheticBoard(1, n), { key: XZZ_KEY, xor: 0x4c }), { keys: { xzz: XZZ_KEY } }],
  ["Tebo .tvw", (n) => tvwFile(syntheticBoard(1, n)), {}],
  ["Lenovo .cst", (n) => cstFile(syntheticBoard(1, n)), {}],
];

function timeParse(bytes: Uint8Array, options: ReadOptions): number {
  boardviewFromBytes(bytes, options); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    boardviewFromBytes(bytes, options);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

async function main(): Promise<void> {
  const speed: string[] = ["| format | pins | file | read (median of 5) | per MB |", "|---|---|---|---|---|"];
  for (const pins of PINS) {
    for (const [name, make, options] of FORMATS) {
      const bytes = make(pins);
      const stored = boardviewFromBytes(bytes, options);
      if (stored.summary.format === null) throw new Error(`${name} did not read: ${stored.summary.reason}`);
      const ms = timeParse(bytes, options);
      const mb = bytes.length / 1e6;
      speed.push(`| ${name} | ${pins.toLocaleString("en")} | ${mb.toFixed(2)} MB | ${ms.toFixed(0)} ms | ${(ms / mb).toFixed(0)} ms |`);
    }
  }
  // The cipher alone on 50 MB (the largest upload): what an encrypted .fz of that size costs before inflating.
  const big = new Uint8Array(50_000_000);
  const t = performance.now();
  const bigRead = boardviewFromBytes(big, { extension: "fz", keys: { fz: FZ_KEY } });
  const wrongKeyMs = performance.now() - t;
  speed.push(`| 50 MB that no key decrypts (told from 6 bytes) | – | 50.00 MB | ${wrongKeyMs.toFixed(0)} ms | – |`);
  void bigRead;
  const { decryptFz } = await import("../../src/boardview-formats/binary/fz-cipher");
  const chunk = new Uint8Array(5_000_000);
  const c0 = performance.now();
  decryptFz(chunk, FZ_KEY);
  const cipherPerMb = (performance.now() - c0) / 5;
  speed.push(`| .fz cipher alone, 5 MB | – | 5.00 MB | ${(cipherPerMb * 5).toFixed(0)} ms | ${cipherPerMb.toFixed(0)} ms |`);

  rmSync(STATE, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "TEXT_0", "--local", "--persist-to", STATE], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "true" },
  });
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ TEXT_0: D1Database }>({ configPath: "wrangler.toml", persist: { path: join(STATE, "v3") } });
  const cost: string[] = ["| format | pins | parts | nets | rows written | statements | rows per 10,000 pins |", "|---|---|---|---|---|---|---|"];
  try {
    const db = proxy.env.TEXT_0;
    for (const [i, [name, make, options]] of FORMATS.entries()) {
      const stored = boardviewFromBytes(make(12_000), options);
      const statements = stored.statements(`01BENCHBINARYBOARD0000000${i}`.slice(0, 26), "boardview");
      let rows = 0;
      for (const s of statements)
        rows +=
          (
            await db
              .prepare(s.sql)
              .bind(...s.params)
              .run()
          ).meta.changes ?? 0;
      const s = stored.summary;
      cost.push(
        `| ${name} | ${s.pins.toLocaleString("en")} | ${s.parts.toLocaleString("en")} | ${s.nets.toLocaleString("en")} | ${rows.toLocaleString("en")} | ${statements.length} | ${((rows / s.pins) * 10_000).toFixed(0)} |`,
      );
    }
  } finally {
    await proxy.dispose();
  }
  const md = [
    "## Binary boardviews: read time per MB and rows per 10,000 pins (issue 40)",
    "",
    `Run ${new Date().toISOString()} by \`npm run bench:boardview-binary\` (bench/boardview/binary.ts) on ${cpus().length} cores (1-minute load average ${loadavg()[0].toFixed(1)} at the end: the machine is shared by several engineers, absolute times move with it; compare with the Test_Link yardstick of the same run), Node ${process.version}: ` +
      "boards from `syntheticBoard` written by scripts/lib/boardview-binary-writer.ts (keys made up for the bench) and read by `boardviewFromBytes` with the keys — what the queue consumer runs.",
    "",
    ...speed,
    "",
    NOTE,
    "",
    "Rows: each board's statements run against a local text database (D1's changes count). Rows follow parts and nets, not the format: a format that keeps more per pin (numbers, names, radius) writes larger rows, not more of them.",
    "",
    ...cost,
    "",
  ].join("\n");
  console.log(md);
  writeResultsSection("boardview-binary", md);
}

await main();
