// Just enough of source maps (v3) for bench/edge/profile.ts: a bundle's line and column back to the source file
// and line that made it. Mappings are base64 VLQ segments per generated line (the format's specification).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Per generated line: [generated column, source index, source line] segments, in column order. */
export class SourceLines {
  private constructor(
    private sources: string[],
    private lines: [number, number, number][][],
  ) {}

  static async load(sourceMapURL: string, scriptUrl: string): Promise<SourceLines | null> {
    try {
      const text = sourceMapURL.startsWith("data:")
        ? Buffer.from(sourceMapURL.slice(sourceMapURL.indexOf(",") + 1), "base64").toString("utf8")
        : readFileSync(fileURLToPath(new URL(sourceMapURL, scriptUrl)), "utf8");
      const map = JSON.parse(text) as { sources: string[]; mappings: string };
      const lines: [number, number, number][][] = [];
      let [source, sourceLine] = [0, 0];
      for (const line of map.mappings.split(";")) {
        let column = 0;
        const segments: [number, number, number][] = [];
        for (const segment of line.split(",")) {
          if (!segment) continue;
          const v = decodeVlq(segment);
          column += v[0];
          if (v.length >= 4) {
            source += v[1];
            sourceLine += v[2];
            segments.push([column, source, sourceLine]);
          }
        }
        lines.push(segments);
      }
      return new SourceLines(map.sources, lines);
    } catch {
      return null;
    }
  }

  /** The source file and 0-based line of a 0-based generated position, if mapped. */
  lookup(line: number, column: number): { file: string; line: number } | undefined {
    const segments = this.lines[line];
    if (!segments?.length) return undefined;
    let found = segments[0];
    for (const s of segments) if (s[0] <= column) found = s;
    return { file: this.sources[found[1]], line: found[2] };
  }
}
