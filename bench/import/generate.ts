// The import benchmark's site, written to disk as one import file, record by record (never whole
// in memory): documents with page text and a stored file each, threads with replies, repair
// cases referring to boards, documents and threads. Deterministic: same sizes, same file.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { boardNumber, DESIGNATORS, DOCUMENT_TYPES, PART_NUMBERS, prng, TextMaker, ulidAt } from "../search/data";

export interface ImportSizes {
  documents: number;
  pagesPerDocument: number;
  wordsPerPage: number;
  threads: number;
  replies: number;
  cases: number;
  users: number;
  boards: number;
}

export const FULL_SIZES: ImportSizes = {
  documents: 100_000,
  pagesPerDocument: 3,
  wordsPerPage: 120,
  threads: 50_000,
  replies: 500_000,
  cases: 20_000,
  users: 2000,
  boards: 3000,
};

const CATEGORIES = ["general", "laptops", "phones", "consoles", "desktops", "tools", "schematics", "bios"];
const MANUFACTURERS = ["Apple", "Lenovo", "Dell", "HP", "Asus", "Samsung"];
const DAY = 86_400_000;
const START = Date.parse("2022-01-01T00:00:00Z");

/** Writes the site to `path`; returns its size in bytes. */
export async function writeImportFile(path: string, sizes: ImportSizes, seed = 17): Promise<number> {
  const rnd = prng(seed);
  const text = new TextMaker(rnd, sizes.boards);
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let bytes = 0;
  const write = async (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, "drain");
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
  const user = () => `user${Math.floor(rnd() * sizes.users)}`;
  const board = () => boardNumber(Math.floor(rnd() * sizes.boards));
  const at = (i: number, n: number) => new Date(START + Math.floor((i / Math.max(1, n)) * 1000 * DAY)).toISOString();
  const docIds: string[] = [];
  const threadIds: string[] = [];

  const section = async (name: string, n: number, record: (i: number) => unknown, first = false) => {
    await write(`${first ? "" : ",\n"}"${name}": [\n`);
    for (let i = 0; i < n; i++) await write((i ? ",\n" : "") + JSON.stringify(record(i)));
    await write("\n]");
  };

  await write("{\n");
  await section(
    "users",
    sizes.users,
    (i) => ({ username: `user${i}`, name: `User ${i}`, role: i % 50 === 0 ? "verified_technician" : "user" }),
    true,
  );
  await section("manufacturers", MANUFACTURERS.length, (i) => ({ id: i + 1, name: MANUFACTURERS[i] }));
  await section("boards", sizes.boards, (i) => ({ number: boardNumber(i), manufacturer: MANUFACTURERS[i % MANUFACTURERS.length] }));
  await section("categories", CATEGORIES.length, (i) => ({ slug: CATEGORIES[i], name: CATEGORIES[i][0].toUpperCase() + CATEGORIES[i].slice(1) }));
  // Threads before documents in the file, yet they refer to documents: a forward reference.
  for (let i = 0; i < sizes.documents; i++) docIds.push(ulidAt(START + i * 1000, rnd));
  await section("threads", sizes.threads, (i) => {
    const id = ulidAt(START + i * 60_000, rnd);
    threadIds.push(id);
    const replies = Math.floor(sizes.replies / sizes.threads) + (i < sizes.replies % sizes.threads ? 1 : 0);
    const created = at(i, sizes.threads);
    return {
      id,
      category: pick(CATEGORIES),
      title: text.title(8),
      author: user(),
      body: text.text(60),
      board: rnd() < 0.5 ? board() : null,
      document: rnd() < 0.1 ? pick(docIds) : null,
      created_at: created,
      posts: Array.from({ length: replies }, (_, j) => ({
        author: user(),
        body: text.text(40),
        created_at: new Date(Date.parse(created) + (j + 1) * 3_600_000).toISOString(),
      })),
    };
  });
  await section("cases", sizes.cases, (i) => ({
    title: text.title(7),
    outcome: pick(["fixed", "partially_fixed", "not_fixed", "unknown"]),
    symptom: text.text(20),
    board: board(),
    manufacturer: pick(MANUFACTURERS),
    author: user(),
    published_at: at(i, sizes.cases),
    diagnosis: text.text(80),
    fix: text.text(30),
    measurements: [{ point: pick(DESIGNATORS), expected: "3.3V", measured: "0V" }],
    components: [{ designator: pick(DESIGNATORS), part_number: pick(PART_NUMBERS), action: "replaced" }],
    documents: sizes.documents ? [pick(docIds)] : [],
    thread: sizes.threads && rnd() < 0.2 ? pick(threadIds) : null,
  }));
  await section("documents", sizes.documents, (i) => {
    const visibility = i % 10 === 9 ? "private" : "public";
    return {
      id: docIds[i],
      title: text.title(6),
      type: pick(DOCUMENT_TYPES),
      visibility,
      owner: visibility === "private" ? user() : null,
      manufacturer: pick(MANUFACTURERS),
      boards: [board()],
      description: text.text(25),
      created_at: at(i, sizes.documents),
      pages: Array.from({ length: sizes.pagesPerDocument }, () => text.text(sizes.wordsPerPage, 0.02)),
      versions: [{ version: 1, filename: `doc-${i}.txt`, content_text: text.text(50) }],
    };
  });
  await write("\n}\n");
  out.end();
  await once(out, "finish");
  return bytes;
}
