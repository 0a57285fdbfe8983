// The document visibility rule as a matrix: every caller × every document state × every surface that shows a
// document. Each cell's expectation comes from the rule as docs/design.md §3 states it (below, `sees`), not from the
// code's own conditions, so removing any branch of src/db/visibility.ts (or restating it wrongly in a query)
// turns some cell red.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_STATUSES, VISIBILITIES } from "../../src/schemas/common";
import { importContent } from "../../cli/import";
import { api, getJson } from "../helpers/app";
import { connectV1 } from "../helpers/mcp";
import { page } from "../helpers/site";

type Visibility = (typeof VISIBILITIES)[number];
type Status = (typeof DOCUMENT_STATUSES)[number];
interface Cell {
  visibility: Visibility;
  status: Status;
  id: string;
  /** One word found only in this document's title, and one only in its page text. */
  titleWord: string;
  pageWord: string;
  type: "schematic" | "boardview";
}

const BOARD = "MX-4242";
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const cells: Cell[] = VISIBILITIES.flatMap((visibility, v) =>
  DOCUMENT_STATUSES.map((status, s) => {
    const n = v * DOCUMENT_STATUSES.length + s;
    // Newest first in lists: a distinct time part per cell, a fixed random part.
    const id = `01K0${CROCKFORD[Math.floor(n / 32)]}${CROCKFORD[n % 32]}0000MATR1XVSB1T1TY00`;
    const word = `${visibility}${status}`.replace(/[^a-z]/g, "");
    return { visibility, status, id, titleWord: `mxt${word}`, pageWord: `mxp${word}`, type: n % 2 ? "boardview" : "schematic" } as Cell;
  }),
);

const CALLERS = {
  anonymous: { key: undefined, user: null },
  owner: { key: "bds_matrixOwner000000000000000000001", user: "olga" },
  sharee: { key: "bds_matrixSharee00000000000000000002", user: "sven" },
  third: { key: "bds_matrixThird000000000000000000003", user: "tess" },
  admin: { key: "bds_matrixAdmin000000000000000000004", user: "adam" },
  inactive: { key: "bds_matrixInactive0000000000000000005", user: "ina" },
} as const;
type Caller = keyof typeof CALLERS;

/** docs/design.md §3, in words: public and available for everyone; the owner's own in any state; shared and available for whom it is shared with. */
function sees(caller: Caller, cell: Cell): boolean {
  const everyone = cell.visibility === "public" && cell.status === "available";
  if (caller === "owner") return true;
  if (caller === "sharee") return everyone || (cell.visibility === "shared" && cell.status === "available");
  return everyone; // anonymous, a third member, an admin's key (no more than a member)
}
const visibleTo = (caller: Caller) => cells.filter((c) => sees(caller, c));
const ids = (list: { id: string }[]) => list.map((d) => d.id).sort();
const expectedIds = (caller: Caller, filter: (c: Cell) => boolean = () => true) => ids(visibleTo(caller).filter(filter));

function fixture() {
  return {
    users: [
      { username: "olga", name: "Olga Owner" },
      { username: "sven", name: "Sven Sharee" },
      { username: "tess", name: "Tess Third" },
      { username: "adam", name: "Adam Admin", role: "admin" },
      { username: "ina", name: "Ina Inactive", active: false },
    ],
    api_keys: Object.values(CALLERS)
      .filter((c) => c.key)
      .map((c) => ({ token: c.key, user: c.user, name: "matrix", scopes: ["api:read"], expires_at: null })),
    boards: [{ number: BOARD, codename: "Matrix test board" }],
    // Every document is shared with sven, whatever its visibility: a share row alone must not open a private one.
    documents: cells.map((c) => ({
      id: c.id,
      title: `Matrix ${c.visibility} ${c.status} ${c.titleWord}`,
      type: c.type,
      visibility: c.visibility,
      status: c.status,
      owner: "olga",
      shared_with: ["sven"],
      boards: [BOARD],
      pages: [`Page text of a matrix document with the word ${c.pageWord} in it.`],
      versions: [{ version: 1, filename: `${c.titleWord}.pdf`, content_text: `%PDF-1.4 matrix ${c.id}` }],
    })),
  };
}

/** Every item of a list, walked one page at a time by `page` (the offset path of the index walks). */
async function walkPages(path: string, key: string | undefined): Promise<{ id: string }[]> {
  const first = await getJson(`${path}&page=1`, { key });
  const items = [...first.body.data];
  for (let p = 2; p <= first.body.meta.last_page; p++) items.push(...(await getJson(`${path}&page=${p}`, { key })).body.data);
  return items;
}

/** Every item of a list, walked by following `Link: rel="next"` (the cursor path). */
async function walkLinks(path: string, key: string | undefined): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  let next: string | undefined = path;
  for (let guard = 0; next && guard < 100; guard++) {
    const answer: { res: Response; body: { data: { id: string }[] } } = await getJson(next, { key });
    items.push(...answer.body.data);
    const link: string | undefined = /<([^>]+)>;\s*rel="next"/.exec(answer.res.headers.get("Link") ?? "")?.[1];
    next = link ? link.slice(link.indexOf("/api/v1") + "/api/v1".length) : undefined;
  }
  return items;
}

beforeAll(async () => {
  const outcome = await importContent(env, fixture() as never, { reset: true });
  if (!outcome.ok) throw new Error("matrix fixture did not import: " + JSON.stringify(outcome.problems));
});

const KEYED_READERS = ["anonymous", "owner", "sharee", "third", "admin"] as const;

describe.each(KEYED_READERS)("what %s sees of each document state", (caller) => {
  const key = CALLERS[caller].key;

  it("in the list, its totals and the board, type and mine filters", async () => {
    const all = await getJson("/documents?per_page=100", { key });
    expect(ids(all.body.data)).toEqual(expectedIds(caller));
    expect(all.body.meta.total).toBe(visibleTo(caller).length);
    const byBoard = await getJson(`/documents?per_page=100&board=${BOARD}`, { key });
    expect(ids(byBoard.body.data)).toEqual(expectedIds(caller));
    expect(byBoard.body.meta.total).toBe(visibleTo(caller).length);
    for (const type of ["schematic", "boardview"] as const) {
      const byType = await getJson(`/documents?per_page=100&type=${type}`, { key });
      expect(ids(byType.body.data), type).toEqual(expectedIds(caller, (c) => c.type === type));
      expect(byType.body.meta.total, type).toBe(visibleTo(caller).filter((c) => c.type === type).length);
    }
    for (const visibility of VISIBILITIES) {
      const byVisibility = await getJson(`/documents?per_page=100&visibility=${visibility}`, { key });
      expect(ids(byVisibility.body.data), visibility).toEqual(expectedIds(caller, (c) => c.visibility === visibility));
      expect(byVisibility.body.meta.total, visibility).toBe(visibleTo(caller).filter((c) => c.visibility === visibility).length);
    }
    if (key) {
      const mine = await getJson("/documents?per_page=100&mine=true", { key });
      expect(ids(mine.body.data)).toEqual(caller === "owner" ? ids(cells) : []);
      expect(mine.body.meta.total).toBe(caller === "owner" ? cells.length : 0);
    }
  });

  it("page by page, with and without a board filter, and by following Link", async () => {
    expect(ids(await walkPages("/documents?per_page=1", key))).toEqual(expectedIds(caller));
    expect(ids(await walkPages(`/documents?per_page=2&board=${BOARD}`, key))).toEqual(expectedIds(caller));
    expect(ids(await walkLinks("/documents?per_page=2", key))).toEqual(expectedIds(caller));
  });

  it("in details, downloads and the board", async () => {
    for (const cell of cells) {
      const detail = await api(`/documents/${cell.id}`, { key });
      expect(detail.status, `${cell.visibility}/${cell.status} detail`).toBe(sees(caller, cell) ? 200 : 404);
      const download = await api(`/documents/${cell.id}/download`, { key });
      const expected = !key ? 401 : !sees(caller, cell) ? 404 : cell.status === "available" ? 200 : 409;
      expect(download.status, `${cell.visibility}/${cell.status} download`).toBe(expected);
    }
    const board = await getJson(`/boards/${BOARD}`, { key });
    expect(ids(board.body.data.documents)).toEqual(expectedIds(caller));
  });

  it("in search, by title and by page text", async () => {
    for (const cell of cells) {
      for (const word of [cell.titleWord, cell.pageWord]) {
        const { body } = await getJson(`/search?q=${word}`, { key });
        const found = ids(body.data.documents ?? []);
        expect(found, `${cell.visibility}/${cell.status} by ${word}`).toEqual(sees(caller, cell) ? [cell.id] : []);
      }
    }
  });
});

describe("an inactive account's key", () => {
  it("is refused on every read that shows documents", async () => {
    const key = CALLERS.inactive.key;
    for (const path of [
      "/documents",
      `/documents/${cells[0].id}`,
      `/documents/${cells[0].id}/download`,
      `/boards/${BOARD}`,
      `/search?q=${cells[0].titleWord}`,
    ]) {
      expect((await api(path, { key })).status, path).toBe(403);
    }
  });
});

describe("the anonymous surfaces beside the API", () => {
  const visible = (cell: Cell) => sees("anonymous", cell);

  it("MCP get_document and search show exactly what an anonymous reader sees", async () => {
    const client = await connectV1();
    try {
      for (const cell of cells) {
        const doc = (await client.callTool({ name: "get_document", arguments: { document: cell.id } })) as { isError?: boolean };
        expect(Boolean(doc.isError), `${cell.visibility}/${cell.status} get_document`).toBe(!visible(cell));
        for (const word of [cell.titleWord, cell.pageWord]) {
          const found = JSON.stringify(await client.callTool({ name: "search", arguments: { q: word } }));
          expect(found.includes(cell.id), `${cell.visibility}/${cell.status} search ${word}`).toBe(visible(cell));
        }
      }
    } finally {
      await client.close();
    }
  });

  it("site pages, the board page and the library feed show exactly what an anonymous reader sees", async () => {
    for (const cell of cells) {
      const res = await page(`/en/library/${cell.id}`);
      expect([200, 301].includes(res.status), `${cell.visibility}/${cell.status} page ${res.status}`).toBe(visible(cell));
      if (!visible(cell)) expect(res.status).toBe(404);
    }
    const boardPage = await (await page(`/en/boards/${BOARD.replace("-", "")}`)).text();
    const feed = await (await page("/en/feeds/library.atom")).text();
    for (const cell of cells) {
      expect(boardPage.includes(cell.titleWord), `${cell.visibility}/${cell.status} on the board page`).toBe(visible(cell));
      expect(feed.includes(cell.id), `${cell.visibility}/${cell.status} in the feed`).toBe(visible(cell));
    }
  });
});
