// Where import records come from: an object already in memory (tests, the demo seeder) or the
// bytes of an import file read as a stream (the CLI). Either way the importer sees sections of
// records one record at a time, and can read a section again (validation reads twice, then writes).
import { SECTIONS, type Section } from "./format";
import { indexMembers, JsonStreamError, readArray, type ByteChunks, type MemberRange } from "./json-stream";
import type { ImportProblem } from "./problems";

const isSection = (name: string): name is Section => (SECTIONS as string[]).includes(name);

export interface SourceRecord {
  index: number;
  /** Bytes of the record in the input (0 for an in-memory source). */
  bytes: number;
  value?: unknown;
  /** Set when the record could not even be read (not valid JSON). */
  error?: string;
}

export interface OpenedSource {
  sections: Section[];
  /** Problems with the file as a whole (not an object, unknown or non-array members). */
  problems: ImportProblem[];
  /** Total input bytes, for progress. */
  bytes: number;
}

export interface ImportSource {
  open(): Promise<OpenedSource>;
  records(section: Section): AsyncIterable<SourceRecord>;
}

/** Top-level problems shared by both sources: unknown members. */
function unknownMember(name: string): ImportProblem {
  return { path: `$.${name}`, message: `unknown section; expected one of ${SECTIONS.join(", ")}` };
}

/** An import file already parsed into memory. */
export function objectSource(raw: unknown): ImportSource {
  return {
    async open() {
      if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
        return { sections: [], problems: [{ path: "$", message: "must be a JSON object of record sections" }], bytes: 0 };
      }
      const problems: ImportProblem[] = [];
      const sections: Section[] = [];
      for (const [name, value] of Object.entries(raw)) {
        if (!isSection(name)) problems.push(unknownMember(name));
        else if (value === undefined) continue;
        else if (!Array.isArray(value)) problems.push({ path: `$.${name}`, message: "must be an array" });
        else sections.push(name);
      }
      return { sections, problems, bytes: 0 };
    },
    async *records(section) {
      const items = (raw as Record<string, unknown[]>)[section] ?? [];
      for (let index = 0; index < items.length; index++) yield { index, bytes: 0, value: items[index] };
    },
  };
}

/** Opens the input's bytes, whole or a byte range [start, end). */
export type ByteOpener = (range?: { start: number; end: number }) => ByteChunks;

/**
 * An import file read as a stream of bytes: one scan finds where each section lies, then each
 * section's array is read alone. Memory holds one record at a time, whatever the file size.
 */
export function jsonFileSource(openBytes: ByteOpener): ImportSource {
  let ranges = new Map<Section, MemberRange>();
  return {
    async open() {
      let indexed: Awaited<ReturnType<typeof indexMembers>>;
      try {
        indexed = await indexMembers(openBytes());
      } catch (error) {
        if (error instanceof JsonStreamError)
          return { sections: [], problems: [{ path: "$", message: `not valid JSON: ${error.message}` }], bytes: 0 };
        throw error;
      }
      const problems: ImportProblem[] = [];
      ranges = new Map();
      for (const member of indexed.members) {
        if (!isSection(member.name)) problems.push(unknownMember(member.name));
        else if (ranges.has(member.name)) problems.push({ path: `$.${member.name}`, message: "appears twice" });
        else ranges.set(member.name, member);
      }
      return { sections: [...ranges.keys()], problems, bytes: indexed.bytes };
    },
    async *records(section) {
      const range = ranges.get(section);
      if (!range) return;
      try {
        for await (const element of readArray(openBytes(range), range.start)) yield element;
      } catch (error) {
        if (!(error instanceof JsonStreamError)) throw error;
        // Reported as a record the importer cannot read, at the index where reading stopped.
        yield { index: -1, bytes: 0, error: error.message.startsWith("expected an array") ? "must be an array" : `not valid JSON: ${error.message}` };
      }
    },
  };
}

/** A ByteOpener over bytes in memory (tests), handing them out in chunks of `chunkSize`. */
export function bytesOpener(bytes: Uint8Array, chunkSize = 64 * 1024): ByteOpener {
  return (range) =>
    (async function* () {
      const start = range?.start ?? 0;
      const end = range?.end ?? bytes.length;
      for (let at = start; at < end; at += chunkSize) yield bytes.subarray(at, Math.min(end, at + chunkSize));
    })();
}
