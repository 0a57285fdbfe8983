// `npm run lint:docs`: the README stays a front door (at most 16 KB); every relative link of README.md and
// docs/*.md names a file of the repository (and, with a #fragment into markdown, one of its headings); the rule
// map of docs/code-layout.md names only files, names and tests that exist; counts the docs state about the
// repository (test files) are checked against it. Nothing here reaches the network.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { runMain } from "./lib/cli";

const README_MAX_BYTES = 16 * 1024;

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, (c) => (c === "_" ? "_" : ""))
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function headings(markdown: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.trim().startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading) found.add(anchor(heading));
  }
  return found;
}

/** The `[text](target)` links of a markdown text, code blocks and inline code left out. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

function problemsOf(file: string): string[] {
  const problems: string[] = [];
  const text = readFileSync(file, "utf8");
  for (const target of links(text)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    const [path, fragment] = target.split("#", 2);
    const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
    if (resolved.startsWith("..")) {
      problems.push(`${file}: ${target} points outside the repository`);
      continue;
    }
    if (!existsSync(resolved)) {
      problems.push(`${file}: ${target} names no file`);
      continue;
    }
    if (fragment && resolved.endsWith(".md") && statSync(resolved).isFile() && !headings(readFileSync(resolved, "utf8")).has(fragment)) {
      problems.push(`${file}: ${target} names no heading of ${resolved}`);
    }
  }
  return problems;
}

const RULE_MAP = "docs/code-layout.md";
const RULE_MAP_HEADING = "## Where a rule lives, and the test that fails without it";
const RULE_MAP_MIN_ROWS = 24;

/** A quoted test title is in its file: every piece between `…` (words left out) appears there. */
const titleIn = (title: string, text: string) =>
  title
    .split(/…|\.\.\./)
    .map((piece) => piece.trim())
    .filter(Boolean)
    .every((piece) => text.includes(piece));

/**
 * The rule map's rows: every `path` exists; a `name` after a path is in that file; a "title" after a test file
 * is one of its tests. Fewer than RULE_MAP_MIN_ROWS rows is a problem too.
 */
function ruleMapProblems(): string[] {
  const text = readFileSync(RULE_MAP, "utf8");
  const start = text.indexOf(RULE_MAP_HEADING);
  if (start < 0) return [`${RULE_MAP}: no "${RULE_MAP_HEADING.slice(3)}" section`];
  const rows = text
    .slice(start)
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| rule |"));
  const problems: string[] = [];
  if (rows.length < RULE_MAP_MIN_ROWS) problems.push(`${RULE_MAP}: the rule map has ${rows.length} rows (at least ${RULE_MAP_MIN_ROWS})`);
  for (const row of rows) {
    const [, files = "", tests = ""] = row.split(" | ");
    let current: string | undefined;
    for (const [, code, quoted] of `${files} ${tests}`.matchAll(/`([^`]+)`|"([^"]+)"/g)) {
      const name = code ?? quoted;
      if (code && /^(src|test|scripts|cli|migrations|viewer)\//.test(code)) {
        current = existsSync(code) ? code : undefined;
        if (!current) problems.push(`${RULE_MAP}: the rule map names ${code}, which is no file`);
      } else if (current && !(code ? readFileSync(current, "utf8").includes(name) : titleIn(name, readFileSync(current, "utf8")))) {
        problems.push(`${RULE_MAP}: ${code ? `\`${name}\`` : `the test "${name}"`} is not in ${current}`);
      }
    }
  }
  return problems;
}

/** Every `*.test.ts` under a folder, however deep. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [join(dir, e.name)] : [],
  );
}

/** Counts the docs state that the repository can tell: docs/testing.md's "**N test files**". */
function countProblems(): string[] {
  const files = testFiles("test").length;
  const stated = /\*\*(\d+) test files\*\*/.exec(readFileSync("docs/testing.md", "utf8"))?.[1];
  if (stated === undefined) return ["docs/testing.md: states no **N test files** (the count lint checks)"];
  return Number(stated) === files ? [] : [`docs/testing.md says **${stated} test files**; test/ holds ${files}`];
}

runMain(async () => {
  const files = [
    "README.md",
    ...readdirSync("docs")
      .filter((n) => n.endsWith(".md"))
      .sort()
      .map((n) => `docs/${n}`),
  ];
  const problems = [...files.flatMap(problemsOf), ...ruleMapProblems()];
  problems.push(...countProblems());
  const size = statSync("README.md").size;
  if (size > README_MAX_BYTES) problems.push(`README.md is ${size} bytes; the front door keeps to ${README_MAX_BYTES} (move detail into docs/)`);
  for (const problem of problems) console.log(`✗ ${problem}`);
  console.log(
    problems.length
      ? `${problems.length} documentation problem(s).`
      : `Docs: ${files.length} files, every link resolves, the rule map's files and tests exist; README.md ${size} bytes.`,
  );
  return problems.length ? 1 : 0;
});
