// npm run bench:relevance [-- --port N] [-- --label TEXT] [-- --write] [-- --verbose] [-- --check]
//
// Known-item relevance of site search over the demo data (scripts/demo, the same data `npm run dev`
// loads, with the hand-written items of scripts/demo/known.ts). Seeds a fresh local state in
// bench/out/relevance-state, starts the Worker with `wrangler dev`, sends every query of
// bench/relevance/queries.ts to GET /api/v1/search as an anonymous reader and looks for the named
// item in its own group (boards, documents, threads, posts, cases: each group is ranked on its own,
// as the search page and the API show them). Prints success@1, success@10 and MRR@10 per category
// and overall; --write stores the table in bench/RESULTS.md under the given --label. The meaning
// categories (bench/relevance/meaning.ts) add synonyms, the other language and scope ranking (graded,
// nDCG@10); --check only verifies that no meaning query shares a word with its target, and exits.
import { resolve } from "node:path";
import { generateDemo } from "../../scripts/demo/generate";
import { startImportWorker } from "../../scripts/lib/local";
import { runImport } from "../../cli/import/run";
import { objectSource } from "../../cli/import/source";
import { databasesOf, ROOT, startWorker, stopWorker } from "../lib/dev-worker";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { rmSync } from "node:fs";
import { writeResultsSection } from "../lib/results";
import { CATEGORIES, QUERIES, STRETCH, type KnownItemQuery } from "./queries";
import { SCOPE_CATEGORY, SCOPE_QUERIES } from "./meaning";
import { MEANING_SET_CATEGORIES, MEANING_SET_QUERIES } from "./meaning-sets";
import { checkOverlaps } from "./overlap";
import { checkAlsoRelevant, scopeJudge, type Judge } from "./judge";
import { ALSO_RELEVANT } from "./also-relevant";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const PORT = Number(option("--port") ?? 8721);
const STATE = resolve("bench/out/relevance-state");
const log = (msg: string) => console.log(`[relevance] ${msg}`);

async function seed(demo: Record<string, unknown>): Promise<void> {
  rmSync(STATE, { recursive: true, force: true });
  // DB and every text database (page text lives on the TEXT_* databases).
  for (const database of databasesOf(join(ROOT, "wrangler.toml"))) {
    const migrated = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["d1", "migrations", "apply", database, "--local", "--persist-to", STATE], {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, CI: "1" },
    });
    if (migrated.status !== 0) throw new Error(`migrations of ${database} failed`);
  }
  const worker = await startImportWorker(STATE);
  try {
    const outcome = await runImport(objectSource(demo), worker.target, { reset: true });
    if (!outcome.ok) throw new Error(`the demo did not import: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
  } finally {
    await worker.dispose();
  }
}

interface Outcome {
  query: KnownItemQuery;
  /** 1-based rank of the first relevant item (the target or one of ALSO_RELEVANT) in its group, or 0. */
  rank: number;
  /** 1-based rank of the named target itself, or 0 when absent from the first 10. */
  strictRank: number;
  top: string | undefined;
}

const nameOf = (group: string, item: Record<string, unknown>) => String(group === "boards" ? item.number : item.title);

async function ask(base: string, query: KnownItemQuery): Promise<Outcome> {
  const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(query.q)}`);
  if (res.status !== 200) throw new Error(`${query.q}: status ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: Record<string, Record<string, unknown>[]> };
  const names = (body.data[query.group] ?? []).map((item) => nameOf(query.group, item));
  const relevant = new Set([query.target, ...(ALSO_RELEVANT.get(query.q) ?? [])]);
  return { query, rank: names.findIndex((name) => relevant.has(name)) + 1, strictRank: names.indexOf(query.target) + 1, top: names[0] };
}

interface Figures {
  n: number;
  s1: number;
  s10: number;
  mrr: number;
  /** MRR@10 of the named target alone (the strict, single-target judgment). */
  strictMrr: number;
}

function figures(outcomes: Outcome[]): Figures {
  const n = outcomes.length;
  return {
    n,
    s1: outcomes.filter((o) => o.rank === 1).length / n,
    s10: outcomes.filter((o) => o.rank >= 1).length / n,
    mrr: outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / n,
    strictMrr: outcomes.reduce((sum, o) => sum + (o.strictRank ? 1 / o.strictRank : 0), 0) / n,
  };
}

const f2 = (x: number) => x.toFixed(2);

const ALL_CATEGORIES: string[] = [...CATEGORIES, ...MEANING_SET_CATEGORIES];
const ALL_QUERIES: KnownItemQuery[] = [...QUERIES, ...MEANING_SET_QUERIES];

function table(outcomes: Outcome[], scope: number[]): string {
  const rows = ALL_CATEGORIES.map((c) => [c, figures(outcomes.filter((o) => o.query.category === c))] as const);
  const earlier = outcomes.filter((o) => (CATEGORIES as readonly string[]).includes(o.query.category));
  const core = earlier.filter((o) => o.query.category !== STRETCH);
  const lines = [
    "| category | queries | success@1 | success@10 | MRR@10 | MRR@10, named target only |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(([c, f]) => `| ${c} | ${f.n} | ${f2(f.s1)} | ${f2(f.s10)} | ${f2(f.mrr)} | ${f2(f.strictMrr)} |`),
    ...(
      [
        ["**overall** (earlier categories)", figures(earlier)],
        ["earlier categories without the stretch", figures(core)],
      ] as const
    ).map(([c, f]) => `| ${c} | ${f.n} | ${f2(f.s1)} | ${f2(f.s10)} | ${f2(f.mrr)} | ${f2(f.strictMrr)} |`),
    "",
    "| graded category | queries | nDCG@10 |",
    "| --- | ---: | ---: |",
    `| ${SCOPE_CATEGORY} | ${scope.length} | ${f2(scope.reduce((a, b) => a + b, 0) / scope.length)} |`,
  ];
  return lines.join("\n");
}

const dcg = (grades: number[]) => grades.slice(0, 10).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** nDCG@10 of one scope query: the named items 2, other items of the boards in scope 1. */
async function askScope(base: string, judge: Judge, verbose: boolean): Promise<number[]> {
  const out: number[] = [];
  for (const query of SCOPE_QUERIES) {
    const res = await fetch(`${base}/api/v1/search?q=${encodeURIComponent(query.q)}`);
    if (res.status !== 200) throw new Error(`${query.q}: status ${res.status}`);
    const body = (await res.json()) as { data: Record<string, Record<string, unknown>[]> };
    const got = (body.data[query.group] ?? []).map((item) => judge.grade(query, item));
    const score = dcg(got) / dcg(judge.ideal(query));
    if (verbose && score < 0.999) console.log(`  nDCG ${score.toFixed(2)}  [scope] ${query.q}  grades ${got.join("")}`);
    out.push(score);
  }
  return out;
}

async function main(): Promise<void> {
  if (args.includes("--check")) {
    const demo = await generateDemo();
    const problems = [...checkOverlaps(demo), ...checkAlsoRelevant(demo, ALL_QUERIES)];
    for (const p of problems) console.log(`  ${p}`);
    console.log(
      problems.length
        ? `${problems.length} problems: meaning queries sharing words with their target, or judgments naming no item of the query's board`
        : "no meaning query shares a word with its target; every item judged relevant is of its query's board",
    );
    process.exit(problems.length ? 1 : 0);
  }
  log("seeding bench/out/relevance-state with the demo data…");
  const demo = await generateDemo();
  await seed(demo);
  const worker = await startWorker({ port: PORT, state: STATE, vars: { ANON_RATE_PER_MINUTE: "100000000", EDGE_CACHE_TTL_SECONDS: "0" } });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const outcomes: Outcome[] = [];
    for (const query of ALL_QUERIES) outcomes.push(await ask(base, query));
    const scope = await askScope(base, scopeJudge(demo), args.includes("--verbose"));
    if (args.includes("--verbose")) {
      for (const o of outcomes)
        if (o.rank !== 1 || o.strictRank !== 1)
          console.log(
            `  ${o.rank ? `#${o.rank}` : "--"} (target ${o.strictRank ? `#${o.strictRank}` : "--"})  [${o.query.category}] ${o.query.q}  → ${o.top ?? "(nothing)"}`,
          );
    }
    const text = table(outcomes, scope);
    console.log(text);
    const label = option("--label");
    if (args.includes("--write") && label)
      writeResultsSection(
        `relevance-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
        `## bench:relevance — ${label}\n\n${ALL_QUERIES.length} known-item queries and ${SCOPE_QUERIES.length} graded scope queries over the demo data (${new Date().toISOString().slice(0, 10)}).\n\n${text}`,
      );
  } finally {
    stopWorker(worker);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
