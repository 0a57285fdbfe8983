// The import CLI's inputs, read from disk as streams: one JSON file (cli/import/json-stream.ts) or
// a folder of JSON Lines files, one per section (users.jsonl, threads.jsonl, …), one record a line.
import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { SECTIONS, type Section } from "../../cli/import/format";
import { jsonFileSource, type ImportSource } from "../../cli/import/source";
import { UsageError } from "./cli";

const READ_CHUNK = 256 * 1024;

export function fileSource(path: string): ImportSource {
  return jsonFileSource((range) =>
    createReadStream(path, { highWaterMark: READ_CHUNK, ...(range ? { start: range.start, end: range.end - 1 } : {}) }),
  );
}

/** A folder of `<section>.jsonl` files: each line one record (blank lines are skipped). */
export function jsonLinesSource(dir: string): ImportSource {
  const file = (section: Section) => join(dir, `${section}.jsonl`);
  return {
    async open() {
      const names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
      const sections = SECTIONS.filter((s) => names.includes(`${s}.jsonl`));
      const problems = names
        .filter((n) => !(SECTIONS as string[]).includes(n.slice(0, -".jsonl".length)))
        .map((n) => ({
          path: `$.${n.slice(0, -".jsonl".length)}`,
          message: `unknown section file ${n}; expected one of ${SECTIONS.map((s) => `${s}.jsonl`).join(", ")}`,
        }));
      const bytes = sections.reduce((n, s) => n + statSync(file(s)).size, 0);
      return { sections, problems, bytes };
    },
    async *records(section) {
      const lines = createInterface({ input: createReadStream(file(section), { highWaterMark: READ_CHUNK }), crlfDelay: Infinity });
      let index = 0;
      for await (const line of lines) {
        const bytes = Buffer.byteLength(line) + 1;
        if (!line.trim()) continue;
        try {
          yield { index, bytes, value: JSON.parse(line) };
        } catch (error) {
          yield { index, bytes, error: `not valid JSON: ${(error as Error).message}` };
        }
        index++;
      }
    },
  };
}

/** The source for a path given on the command line: a folder of .jsonl files, or one JSON file. */
export function openInput(path: string): { source: ImportSource; kind: "json" | "jsonl"; size: number; mtimeMs: number } {
  if (!existsSync(path)) throw new UsageError(`cannot read ${path}: ENOENT`);
  const stat = statSync(path);
  if (stat.isDirectory()) {
    const files = readdirSync(path).filter((n) => n.endsWith(".jsonl"));
    const size = files.reduce((n, f) => n + statSync(join(path, f)).size, 0);
    const mtimeMs = Math.max(0, ...files.map((f) => statSync(join(path, f)).mtimeMs));
    return { source: jsonLinesSource(path), kind: "jsonl", size, mtimeMs };
  }
  return { source: fileSource(path), kind: "json", size: stat.size, mtimeMs: stat.mtimeMs };
}
