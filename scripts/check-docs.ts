// `npm run lint:docs`: the README stays a front door (at most 16 KB) and every relative link of README.md and
// docs/*.md names a file of the repository (and, with a #fragment into markdown, one of its headings). Links
// outside the repository (http, mailto) are not followed: nothing here may reach the network. Counts the docs
// state about the repository (test files) are checked against it.
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
  const problems = files.flatMap(problemsOf);
  problems.push(...countProblems());
  const size = statSync("README.md").size;
  if (size > README_MAX_BYTES) problems.push(`README.md is ${size} bytes; the front door keeps to ${README_MAX_BYTES} (move detail into docs/)`);
  for (const problem of problems) console.log(`✗ ${problem}`);
  console.log(
    problems.length ? `${problems.length} documentation problem(s).` : `Docs: ${files.length} files, every link resolves; README.md ${size} bytes.`,
  );
  return problems.length ? 1 : 0;
});
