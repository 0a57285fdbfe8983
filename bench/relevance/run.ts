// npm run bench:relevance [-- --port N] [-- --label TEXT] [-- --write] [-- --verbose]
//
// Known-item relevance of site search over the demo data (scripts/demo, the same data `npm run dev`
// loads, with the hand-written items of scripts/demo/known.ts). Seeds a fresh local state in
// bench/out/relevance-state, starts the Worker with `wrangler dev`, sends every query of
// bench/relevance/queries.ts to GET /api/v1/search as an anonymous reader and looks for the named
// item in its own group (boards, documents, threads, posts, cases: each group is ranked on its own,
// as the search page and the API show them). Prints success@1, success@10 and MRR@10 per category
// and overall; --write stores the table in bench/RESULTS.md under the given --label.
import { resolve } from "node:path";
import { generateDemo } from "../../scripts/demo/generate";
import { startImportWorker } from "../../scripts/lib/local";
import { runImport } from "../../cli/import/run";
import { objectSource } from "../../cli/import/source";
import { ROOT, startWorker, stopWorker } from "../lib/dev-worker";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { writeResultsSection } from "../lib/results";
import { CATEGORIES, QUERIES, STRETCH, type Category, type KnownItemQuery } from "./queries";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const PORT = Number(option("--port") ?? 8721);
const STATE = resolve("bench/out/relevance-state");
const log = (msg: string) => console.log(`[relevance] ${msg}`);

async function seed(): Promise<void> {
  rmSync(STATE, { recursive: true, force: true });
  const migrated = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, CI: "1" },
  });
  if (migrated.status !== 0) throw new Error("migrations failed");
  const worker = await startImportWorker(STATE);
  try {
    const outcome = await runImport(objectSource(await generateDemo()), worker.target, { reset: true });
    if (!outcome.ok) throw new Error(`the demo did not import: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
  } finally {
    await worker.dispose();
  }
}

interface Outcome {
  query: KnownItemQuery;
  /** 1-based rank of the target in its group, or 0 when absent from the first 10. */
  rank: number;
  top: string | undefined;
}

const nameOf = (group: string, item: Record<string, unknown>) => String(group === "boards" ? item.number : item.title);

async function ask(base: string, query: KnownItemQuery): Promise<Outcome> {
  const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(query.q)}`);
  if (res.status !== 200) throw new Error(`${query.q}: status ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: Record<string, Record<string, unknown>[]> };
  const names = (body.data[query.group] ?? []).map((item) => nameOf(query.group, item));
  return { query, rank: names.indexOf(query.target) + 1, top: names[0] };
}

interface Figures {
  n: number;
  s1: number;
  s10: number;
  mrr: number;
}

function figures(outcomes: Outcome[]): Figures {
  const n = outcomes.length;
  return {
    n,
    s1: outcomes.filter((o) => o.rank === 1).length / n,
    s10: outcomes.filter((o) => o.rank >= 1).length / n,
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / n,
  };
}

const f2 = (x: number) => x.toFixed(2);

function table(outcomes: Outcome[]): string {
  const rows = CATEGORIES.map((c: Category) => [c, figures(outcomes.filter((o) => o.query.category === c))] as const);
  const core = outcomes.filter((o) => o.query.category !== STRETCH);
  const lines = [
    "| category | queries | success@1 | success@10 | MRR@10 |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows.map(([c, f]) => `| ${c} | ${f.n} | ${f2(f.s1)} | ${f2(f.s10)} | ${f2(f.mrr)} |`),
    ...(
      [
        ["**overall**", figures(outcomes)],
        ["overall without the stretch", figures(core)],
      ] as const
    ).map(([c, f]) => `| ${c} | ${f.n} | ${f2(f.s1)} | ${f2(f.s10)} | ${f2(f.mrr)} |`),
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  log("seeding bench/out/relevance-state with the demo data…");
  await seed();
  const worker = await startWorker({ port: PORT, state: STATE, vars: { ANON_RATE_PER_MINUTE: "100000000", EDGE_CACHE_TTL_SECONDS: "0" } });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const outcomes: Outcome[] = [];
    for (const query of QUERIES) outcomes.push(await ask(base, query));
    if (args.includes("--verbose")) {
      for (const o of outcomes)
        if (o.rank !== 1) console.log(`  ${o.rank ? `#${o.rank}` : "--"}  [${o.query.category}] ${o.query.q}  → ${o.top ?? "(nothing)"}`);
    }
    const text = table(outcomes);
    console.log(text);
    const label = option("--label");
    if (args.includes("--write") && label)
      writeResultsSection(
        `relevance-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
        `## bench:relevance — ${label}\n\n${QUERIES.length} known-item queries over the demo data (${new Date().toISOString().slice(0, 10)}).\n\n${text}`,
      );
  } finally {
    stopWorker(worker);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
