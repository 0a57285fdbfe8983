// bench/RESULTS.md holds one section per benchmark; each run replaces only its own section, between
// `<!-- bench:ID:start -->` and `<!-- bench:ID:end -->`, so benchmarks never overwrite each other.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const RESULTS = join(import.meta.dirname, "..", "RESULTS.md");

export function writeResultsSection(id: string, markdown: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "# Benchmarks\n";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const updated =
    from !== -1 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, updated);
}
