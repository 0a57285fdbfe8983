// Looks into a stored ZIP archive without loading it: the central directory (read by range from
// the end of the object) names every entry; entries named like programs, or whose first bytes are
// a program, make the archive executable. Nested archives are not opened.
import { constants, inflateRawSync } from "node:zlib";
import { isProgramName, programKind } from "./sniff";

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** A central directory larger than this is read only this far (tens of thousands of entries). */
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
/** How many entries have their first bytes checked (each costs one ranged read). */
const MAX_PROBED_ENTRIES = 32;
const PROBE_COMPRESSED_BYTES = 4096;
/** Enough of an entry to find a PE header (usually at 0x80–0x100). */
const HEAD_BYTES = 1024;

interface Entry {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

/** Ranged reads of one stored object, clamped to its size. */
type RangeReader = (offset: number, length: number) => Promise<Uint8Array | null>;

function rangeReader(bucket: R2Bucket, key: string, size: number): RangeReader {
  return async (offset, length) => {
    const clamped = Math.min(length, size - offset);
    if (offset < 0 || clamped <= 0) return new Uint8Array(0);
    const object = await bucket.get(key, { range: { offset, length: clamped } });
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  };
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(v: DataView, at: number): number {
  return Number(v.getBigUint64(at, true));
}

/** Offset and size of the central directory, or null when the object is not a readable ZIP. */
async function findDirectory(readRange: RangeReader, size: number): Promise<{ offset: number; size: number } | null> {
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = await readRange(size - tailLength, tailLength);
  if (!tail) return null;
  const t = view(tail);
  for (let at = tail.length - 22; at >= 0; at--) {
    if (t.getUint32(at, true) !== EOCD_SIGNATURE) continue;
    let offset = t.getUint32(at + 16, true);
    let length = t.getUint32(at + 12, true);
    if ((offset === 0xffffffff || length === 0xffffffff) && at >= 20 && t.getUint32(at - 20, true) === ZIP64_LOCATOR_SIGNATURE) {
      const record = await readRange(u64(t, at - 20 + 8), 56);
      if (!record || record.length < 56 || view(record).getUint32(0, true) !== ZIP64_EOCD_SIGNATURE) return null;
      length = u64(view(record), 40);
      offset = u64(view(record), 48);
    }
    return offset + length <= size ? { offset, size: length } : null;
  }
  return null;
}

/** The entries, and whether the listing was read to its end (a broken record stops the walk). */
function parseDirectory(bytes: Uint8Array): { entries: Entry[]; complete: boolean } {
  const v = view(bytes);
  const entries: Entry[] = [];
  let at = 0;
  while (at + 46 <= bytes.length && v.getUint32(at, true) === CENTRAL_SIGNATURE) {
    const flags = v.getUint16(at + 8, true);
    const nameLength = v.getUint16(at + 28, true);
    const extraLength = v.getUint16(at + 30, true);
    const commentLength = v.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) break;
    const name = new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const entry: Entry = {
      name,
      method: v.getUint16(at + 10, true),
      encrypted: (flags & 1) === 1,
      compressedSize: v.getUint32(at + 20, true),
      uncompressedSize: v.getUint32(at + 24, true),
      localOffset: v.getUint32(at + 42, true),
    };
    readZip64Extra(v, at + 46 + nameLength, Math.min(extraLength, bytes.length - (at + 46 + nameLength)), entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries, complete: at === bytes.length };
}

/** ZIP64 extended information (id 1) replaces the 32-bit fields that read 0xFFFFFFFF, in this order. */
function readZip64Extra(v: DataView, start: number, length: number, entry: Entry): void {
  let at = start;
  while (at + 4 <= start + length) {
    const id = v.getUint16(at, true);
    const size = v.getUint16(at + 2, true);
    if (id === 1) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + size) return undefined;
        field += 8;
        return u64(v, field - 8);
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next() ?? entry.uncompressedSize;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next() ?? entry.compressedSize;
      if (entry.localOffset === 0xffffffff) entry.localOffset = next() ?? entry.localOffset;
      return;
    }
    at += 4 + size;
  }
}

/** The first bytes of an entry's content (stored or deflated), or null when they cannot be read. */
async function entryHead(readRange: RangeReader, entry: Entry): Promise<Uint8Array | null> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8) || entry.uncompressedSize < 2) return null;
  const probe = Math.min(entry.compressedSize, PROBE_COMPRESSED_BYTES);
  // Local name and extra fields are usually short: one read covers header, names and the probe.
  const bytes = await readRange(entry.localOffset, 30 + 1024 + probe);
  if (!bytes || bytes.length < 30 || view(bytes).getUint32(0, true) !== LOCAL_SIGNATURE) return null;
  let dataStart = 30 + view(bytes).getUint16(26, true) + view(bytes).getUint16(28, true);
  let data = bytes.subarray(dataStart, dataStart + probe);
  if (data.length < probe) {
    // Unusually long local name/extra fields: read the data where it really starts.
    dataStart += entry.localOffset;
    data = (await readRange(dataStart, probe)) ?? new Uint8Array(0);
  }
  if (entry.method === 0) return data.subarray(0, HEAD_BYTES);
  try {
    // A truncated deflate stream inflates as far as it goes with a sync flush, without an error.
    return new Uint8Array(inflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH })).subarray(0, HEAD_BYTES);
  } catch {
    return null;
  }
}

const UNREADABLE_LISTING = "unknown entries (the archive's listing cannot be read)";

/** Describes the first program found in the archive ("setup.exe", "tool (an ELF program)"), or null. */
export async function zipProgramEntry(bucket: R2Bucket, key: string, size: number): Promise<string | null> {
  const readRange = rangeReader(bucket, key, size);
  // An archive whose listing cannot be read (or not all of it) is never declared free of programs.
  const directory = await findDirectory(readRange, size);
  if (!directory) return UNREADABLE_LISTING;
  if (directory.size > MAX_DIRECTORY_BYTES) return "entries past the first 4 MiB of the archive's listing (not checked)";
  const bytes = await readRange(directory.offset, directory.size);
  if (!bytes) return UNREADABLE_LISTING;
  const { entries, complete } = parseDirectory(bytes);
  if (!complete) return UNREADABLE_LISTING;
  const files = entries.filter((e) => !e.name.endsWith("/"));
  const named = files.find((e) => isProgramName(e.name));
  if (named) return named.name;
  for (const entry of files.slice(0, MAX_PROBED_ENTRIES)) {
    const head = await entryHead(readRange, entry);
    const kind = head && programKind(head);
    if (kind) return `${entry.name} (${kind})`;
  }
  return null;
}

/** An entry read whole: its bytes, or why they could not be read. */
export interface ZipEntryContent {
  name: string;
  bytes?: Uint8Array;
  reason?: string;
}

/** Entries read whole per archive at most (a board's few files). */
const MAX_READ_ENTRIES = 8;

/**
 * The entries `choose` picks from the archive's names, each read and inflated whole up to `maxBytes` (a larger,
 * encrypted or damaged one comes back with the reason instead). Empty when the listing cannot be read.
 */
export async function zipEntryContents(
  bucket: R2Bucket,
  key: string,
  size: number,
  choose: (names: string[]) => string[],
  maxBytes: number,
): Promise<ZipEntryContent[]> {
  const readRange = rangeReader(bucket, key, size);
  const directory = await findDirectory(readRange, size);
  if (!directory || directory.size > MAX_DIRECTORY_BYTES) return [];
  const listing = await readRange(directory.offset, directory.size);
  if (!listing) return [];
  const entries = parseDirectory(listing).entries.filter((e) => !e.name.endsWith("/"));
  const chosen = new Set(choose(entries.map((e) => e.name)).slice(0, MAX_READ_ENTRIES));
  const out: ZipEntryContent[] = [];
  for (const entry of entries) {
    if (!chosen.has(entry.name)) continue;
    chosen.delete(entry.name);
    out.push({ name: entry.name, ...(await entryContent(readRange, entry, maxBytes)) });
  }
  return out;
}

async function entryContent(readRange: RangeReader, entry: Entry, maxBytes: number): Promise<{ bytes?: Uint8Array; reason?: string }> {
  if (entry.encrypted) return { reason: "encrypted" };
  if (entry.method !== 0 && entry.method !== 8) return { reason: "compressed with a method not read here" };
  if (entry.compressedSize > maxBytes || entry.uncompressedSize > maxBytes) return { reason: `larger than ${maxBytes} bytes` };
  const header = await readRange(entry.localOffset, 30);
  if (!header || header.length < 30 || view(header).getUint32(0, true) !== LOCAL_SIGNATURE) return { reason: "damaged" };
  const dataStart = entry.localOffset + 30 + view(header).getUint16(26, true) + view(header).getUint16(28, true);
  const data = await readRange(dataStart, entry.compressedSize);
  if (!data || data.length < entry.compressedSize) return { reason: "damaged" };
  if (entry.method === 0) return { bytes: data };
  try {
    // The listing's sizes may lie: inflating stops with an error past maxBytes whatever they say.
    return { bytes: new Uint8Array(inflateRawSync(data, { maxOutputLength: maxBytes })) };
  } catch {
    return { reason: `damaged or larger than ${maxBytes} bytes once inflated` };
  }
}
