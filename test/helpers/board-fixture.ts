// A fixture of board knowledge (issue 31): boards BKT-100 … BKT-106 with documents (page text), threads and repair
// cases whose measurements spell one net and one value several ways, for test/board-knowledge*.test.ts.
import { env } from "cloudflare:workers";
import { importContent } from "../../cli/import";

export const KEYS = { olga: "bds_boardKnowledgeOlga00000000000000001", sven: "bds_boardKnowledgeSven00000000000000002" } as const;
export const MAKER = "Boardknowledge Corp";
const id = (kind: string, n: number) => `01K3B0ARDKN0WX${kind}${String(n).padStart(12 - kind.length, "0")}`;
export const DOC = (n: number) => id("D", n);
export const CASE = (n: number) => id("C", n);
export const THREAD = (n: number) => id("T", n);

// Boards BKT-100 … BKT-106: 100 and 101 have public content, 102 a thread only, 103 a published case only,
// 104 only olga's private document, 105 only a document shared with sven, 106 nothing anyone sees.
const BOARDS = [100, 101, 102, 103, 104, 105, 106].map((n) => ({ number: `BKT-${n}`, manufacturer: MAKER, aliases: [`BKA ${n}`] }));

function measurement(measured: string, expected: string | null = "12.6 V") {
  return { point: "PPBUS_G3H", expected, measured };
}

const fixture = {
  users: [
    { username: "olga", name: "Olga" },
    { username: "sven", name: "Sven" },
    { username: "tech", name: "Tech" },
  ],
  api_keys: (Object.entries(KEYS) as [string, string][]).map(([user, token]) => ({
    token,
    user,
    name: "bk",
    scopes: ["api:read"],
    expires_at: null,
  })),
  manufacturers: [{ id: 9301, name: MAKER }],
  boards: BOARDS,
  categories: [{ slug: "bk-laptops", name: "BK laptops" }],
  threads: [
    {
      id: THREAD(1),
      category: "bk-laptops",
      title: "BKT-100 no power",
      author: "tech",
      board: "BKT-100",
      body: "PPBUS_G3H reads 0 V, ppbus g3h shorted?",
      created_at: "2026-03-01T00:00:00Z",
    },
    {
      id: THREAD(2),
      category: "bk-laptops",
      title: "BKT-100 fan",
      author: "tech",
      board: "BKT-100",
      body: "The fan spins, nothing about rails",
      created_at: "2026-03-02T00:00:00Z",
    },
    {
      id: THREAD(3),
      category: "bk-laptops",
      title: "BKT-100 hidden",
      author: "tech",
      board: "BKT-100",
      body: "PPBUS_G3H hidden",
      published: false,
      created_at: "2026-03-03T00:00:00Z",
    },
    {
      id: THREAD(4),
      category: "bk-laptops",
      title: "BKT-102 question",
      author: "tech",
      board: "BKT-102",
      body: "a question",
      created_at: "2026-03-04T00:00:00Z",
    },
  ],
  cases: [
    {
      id: CASE(1),
      title: "BKT-100 one",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2026-02-01T00:00:00Z",
      measurements: [measurement("12.6 V")],
    },
    {
      id: CASE(2),
      title: "BKT-100 two",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2026-02-02T00:00:00Z",
      measurements: [measurement("12.60V", "12.60 V")],
    },
    {
      id: CASE(3),
      title: "BKT-100 three",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "bkt100",
      published_at: "2026-02-03T00:00:00Z",
      measurements: [{ point: "ppbus-g3h", expected: "12,6 V", measured: "12,6 V" }],
    },
    {
      id: CASE(4),
      title: "BKT-100 four",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2026-02-04T00:00:00Z",
      measurements: [
        { point: "PPBUS G3H", expected: "12.6V", measured: "12.6V" },
        { point: "C7020", measured: "0.452" },
      ],
      components: [{ designator: "U7000", action: "replaced" }],
    },
    {
      id: CASE(5),
      title: "BKT-100 unpublished",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published: false,
      published_at: "2026-02-05T00:00:00Z",
      measurements: [measurement("3.1 V", "5 V")],
    },
    {
      id: CASE(6),
      title: "BKT-100 scheduled",
      symptom: "s",
      diagnosis: "d",
      author: "tech",
      board: "BKT-100",
      published_at: "2099-01-01T00:00:00Z",
      measurements: [measurement("2.2 V", "5 V")],
    },
    { id: CASE(7), title: "BKT-103 case", symptom: "s", diagnosis: "d", author: "tech", board: "BKT-103", published_at: "2026-02-06T00:00:00Z" },
  ],
  documents: [
    {
      id: DOC(1),
      title: "BKT-100 schematic",
      type: "schematic",
      visibility: "public",
      owner: "tech",
      boards: ["BKT-100"],
      created_at: "2026-01-01T00:00:00Z",
      pages: ["Cover", "PPBUS_G3H from the charger", "Audio", "U7000 feeds PPBUS G3H"],
      versions: [{ version: 1, filename: "a.pdf", content_text: "%PDF-1.4 a" }],
    },
    {
      id: DOC(2),
      title: "BKT-100 other",
      type: "schematic",
      visibility: "public",
      owner: "tech",
      boards: ["BKT-100"],
      created_at: "2026-01-02T00:00:00Z",
      pages: ["Nothing about that rail"],
      versions: [{ version: 1, filename: "b.pdf", content_text: "%PDF-1.4 b" }],
    },
    {
      id: DOC(3),
      title: "BKT-100 private",
      type: "schematic",
      visibility: "private",
      owner: "olga",
      boards: ["BKT-100"],
      created_at: "2026-01-03T00:00:00Z",
      pages: ["PPBUS_G3H private notes"],
      versions: [{ version: 1, filename: "c.pdf", content_text: "%PDF-1.4 c" }],
    },
    {
      id: DOC(4),
      title: "BKT-101 datasheet",
      type: "datasheet",
      visibility: "public",
      owner: "tech",
      boards: ["BKT-101"],
      created_at: "2026-01-04T00:00:00Z",
      versions: [{ version: 1, filename: "d.pdf", content_text: "%PDF-1.4 d" }],
    },
    {
      id: DOC(5),
      title: "BKT-104 private",
      type: "schematic",
      visibility: "private",
      owner: "olga",
      boards: ["BKT-104"],
      created_at: "2026-01-05T00:00:00Z",
      versions: [{ version: 1, filename: "e.pdf", content_text: "%PDF-1.4 e" }],
    },
    {
      id: DOC(6),
      title: "BKT-105 shared",
      type: "schematic",
      visibility: "shared",
      owner: "olga",
      shared_with: ["sven"],
      boards: ["BKT-105"],
      created_at: "2026-01-06T00:00:00Z",
      versions: [{ version: 1, filename: "f.pdf", content_text: "%PDF-1.4 f" }],
    },
    {
      id: DOC(7),
      title: "BKT-106 taken down",
      type: "schematic",
      visibility: "public",
      status: "takedown",
      owner: "tech",
      boards: ["BKT-106"],
      created_at: "2026-01-07T00:00:00Z",
      versions: [{ version: 1, filename: "g.pdf", content_text: "%PDF-1.4 g" }],
    },
  ],
};

/** Replaces the database's content with the fixture (a reset import). */
export async function seedBoardKnowledge(): Promise<void> {
  const outcome = await importContent(env, fixture as never, { reset: true, now: new Date("2026-06-01T00:00:00Z") });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
}
