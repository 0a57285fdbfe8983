// A point of a board (GET /boards/{number}/points/{point}): the values reported on it in visible cases, those
// cases, the threads about the board that mention it and the board's documents whose page text mentions it.
// Two round trips, each bounded whatever the size of the site: the primary (the point's counters of
// migrations/0020, its cases, the board's documents), then the primary's thread index and the text shards at
// once, each asked only about this board's threads and documents (a rowid range per document or thread).
import { sql } from "drizzle-orm";
import type { z } from "@hono/zod-openapi";
import {
  kindOfValue,
  kindOfWords,
  MAX_POINT_SPELLING,
  normalizePoint,
  pointSpelling as spellingOf,
  pointWords,
  type ValueKind,
} from "../../../content/board-values";
import { pointParts, pointReference } from "../board-reference";
import { documentVisible } from "../../visibility";
import { PAGE_FACTOR } from "../../../text/fts";
import { shardOf, type TextShard } from "../../../text/shards";
import type { BoardPointDetailSchema } from "../../../schemas/board-detail";
import { boardFields, boardIdOf, toBoard } from "../board-lookup";
import { unseenOf, unseenRows, valueKey } from "./board-hub";
import { casesLoader } from "../cases";
import { batchRead, Keys, load, type QueryContext } from "../runtime";
import { ambiguousName, boardviewsHoldingPoint, firstMatch } from "../boardviews";
import { completesName } from "../../../boardview/name-match";
import { documentListLoader } from "../documents";
import { threadsLoader } from "../forum";
import { boards, manufacturers } from "../../schema";
import { eq } from "drizzle-orm";
import { qualified } from "../../qualified";
import { caseNames, caseSpellingsRead, casesSpelling, countedRows, namesPerDocument } from "./point-cases";
import { type MentionRow, PLACE_PAGES, placesOf, printedForms, unitForms } from "./point-places";

export type BoardPointDetail = z.infer<typeof BoardPointDetailSchema>;

/** Cases, threads and documents a point answer lists at most (newest first). */
export const POINT_CASES = 50;
export const POINT_THREADS = 20;
export const POINT_DOCUMENTS = 100;
/** The board's newest threads searched for the point. */
export const POINT_THREADS_SEARCHED = 500;
/** Pages listed per document at most. */
export const POINT_PAGES = 200;

/** The FTS5 expression of a point: its words as a phrase in each spelling known, or its norm as one word. */
export function pointExpression(spellings: readonly string[], norm: string): string | undefined {
  const phrases = new Set<string>();
  // Words are letters and digits only (pointWords), so a phrase never carries FTS5 syntax.
  for (const s of [norm, ...spellings]) {
    const words = pointWords(s);
    if (words.length) phrases.add(words.join(" "));
  }
  return phrases.size ? [...phrases].map((p) => `"${p}"`).join(" OR ") : undefined;
}

type ValueRow = { kind: "e" | "m"; value: string; n: number };

/**
 * A point of a board: a net or a designator that a visible case measured or changed, a visible boardview holds or a
 * visible reference value names (undefined otherwise: text that mentions it adds sources but makes no point).
 */
export async function getBoardPoint(ctx: QueryContext, boardSpelling: string, askedSpelling: string): Promise<BoardPointDetail | undefined> {
  const boardId = boardIdOf(boardSpelling);
  const pointSpelling = askedSpelling.length > MAX_POINT_SPELLING ? "" : spellingOf(askedSpelling);
  const norm = normalizePoint(pointSpelling);
  if (!boardId || !norm) return undefined;
  // The coarse key's newest cases, twice the list's length: the name rule (point-cases.ts) keeps the point's own.
  const cases = casesLoader(
    ctx,
    Keys.ranked(
      ctx.db,
      sql`select c.id as id from board_point_cases pc cross join repair_cases c on c.id = pc.case_id
        where pc.board_id = ${boardId} and pc.norm = ${norm} and pc.n > 0 and c.published = 1 and (c.published_at is null or c.published_at <= ${ctx.now})
        order by coalesce(c.published_at, c.created_at) desc, c.id desc limit ${POINT_CASES * 2}`,
    ),
  )!;
  const docs = documentListLoader(ctx, { boardId }, { offset: 0, limit: POINT_DOCUMENTS, reverse: false });
  const reference = pointReference(ctx, boardId, norm);
  const parts = pointParts(ctx, boardId, norm);
  const [boardRows, pointRows, valueRows, caseRows, spellingRows, unseen, docRows, shardRows, referenceRows, partRows, wordRows] = await batchRead(
    ctx,
    [
      ctx.db
        .select(boardFields)
        .from(boards)
        .leftJoin(manufacturers, eq(manufacturers.id, boards.manufacturerId))
        .where(sql`${qualified(boards.id)} = ${boardId}`),
      ctx.db.select({ point: sql<string>`point` }).from(sql`board_points`).where(sql`board_id = ${boardId} and norm = ${norm}`),
      ctx.db
        .select({ kind: sql<"e" | "m">`kind`, value: sql<string>`value`, n: sql<number>`n` })
        .from(sql`board_point_values`)
        .where(sql`board_id = ${boardId} and norm = ${norm} and n > 0`),
      cases.query,
      caseSpellingsRead(ctx, boardId, norm),
      unseenRows(ctx, boardId, norm),
      docs.query,
      ctx.db
        .select({ id: sql<string>`d.id`, shard: sql<string | null>`d.text_shard` })
        .from(sql`document_boards l join documents d on d.id = l.document_id`)
        .where(sql`l.board_id = ${boardId} and d.has_text = 1`),
      reference.query,
      parts.query,
      // The words the visible cases wrote beside each value (a diode heading types a unitless reading).
      ctx.db
        .select({
          point: sql<string>`m.point`,
          note: sql<string | null>`m.note`,
          expected: sql<string | null>`m.expected_norm`,
          measured: sql<string>`m.measured_norm`,
        })
        .from(sql`board_point_cases pc cross join repair_cases c on c.id = pc.case_id cross join case_measurements m on m.case_id = c.id`)
        .where(
          sql`pc.board_id = ${boardId} and pc.norm = ${norm} and pc.n > 0 and m.point_norm = ${norm} and c.published = 1 and (c.published_at is null or c.published_at <= ${ctx.now})`,
        )
        .limit(POINT_CASES * 4),
    ],
  );
  const [board] = boardRows as { id: number; number: string; norm: string; manufacturer: string | null }[];
  if (!board) return undefined;
  // The cases are those whose written point spells the asked name by the name rule (point-cases.ts).
  const spellings = spellingRows as { id: string; point: string }[];
  const caseNamed = caseNames(spellings, [askedSpelling, pointSpelling], (pointRows as { point: string }[])[0]?.point);
  const written = caseNamed.written;
  // Reference rows share the point's key; per document the name rule keeps the rows of the one name asked for.
  const ambiguous = new Set<string>();
  const allReference = reference.map(referenceRows);
  const allParts = parts.map(partRows);
  const named = namedPerDocument<object>(
    [askedSpelling.trim(), pointSpelling],
    [
      ...allReference.map((r) => ({ row: r, name: r.point, document: r.source.document })),
      ...allParts.map((r) => ({ row: r, name: r.designator, document: r.source.document })),
    ],
    ambiguous,
  );
  const referenceList = allReference.filter((r) => named.has(r));
  const partList = allParts.filter((r) => named.has(r));
  // A KiCad sheet net (`/IO/RD`) is printed by its label (`RD`): its pages are those printing the label.
  const expression = pointExpression(
    [...(written ? [written] : []), pointSpelling, ...printedForms(pointSpelling), ...unitForms(pointSpelling)],
    norm,
  );

  const visibleDocs = docs.map(docRows);
  const shardOfDoc = new Map((shardRows as { id: string; shard: string | null }[]).map((r) => [r.id, r.shard]));
  const withText = visibleDocs.filter((d) => shardOfDoc.has(d.id)).map((d) => d.id);
  const [threadList, pages, holders] = await Promise.all([
    expression === undefined
      ? []
      : load(
          threadsLoader(
            ctx,
            Keys.ranked(
              ctx.db,
              sql`select t.id as id from (select id, created_at from threads where board_id = ${board.id} and published = 1 order by created_at desc, id desc limit ${POINT_THREADS_SEARCHED}) t
            join search_keys k on k.kind = 'thread' and k.id = t.id
            where exists (select 1 from search_threads where search_threads.rowid = k.n and search_threads match ${`{title body replies} : (${expression})`})
            order by t.created_at desc, t.id desc limit ${POINT_THREADS}`,
            ),
          ),
        ),
    expression === undefined ? new Map<string, MentionRow[]>() : pagesMentioning(ctx.shards, withText, shardOfDoc, `body : (${expression})`),
    boardviewsHoldingPoint(ctx, board.number, askedSpelling, pointSpelling),
  ]);
  const boardviews = holders.holding;
  for (const name of holders.ambiguous) ambiguous.add(name);

  const hidden = unseenOf(unseen);
  // Each file's names at the coarse key: a folded case spelling names none of two names one file holds alike.
  const files = [
    ...holders.files,
    ...namesPerDocument([
      ...allReference.map((r) => ({ name: r.point, document: r.source.document })),
      ...allParts.map((r) => ({ name: r.designator, document: r.source.document })),
    ]),
  ];
  const words = (wordRows as { point: string; note: string | null; expected: string | null; measured: string }[]).filter((w) =>
    caseNamed.spells(w.point, files),
  );
  const kindOf = (which: "e" | "m", value: string): ValueKind | null =>
    kindOfValue(value) ??
    words
      .filter((w) => (which === "e" ? w.expected : w.measured) === value)
      .map((w) => kindOfWords(w.point) ?? kindOfWords(w.note))
      .find(Boolean) ??
    null;
  // Counters are kept per coarse key: when it holds other names (`-5V` beside `+5V`), the point's own (visible) rows count.
  const own = spellings.some((r) => !caseNamed.spells(r.point, files));
  const counted = (kind: "e" | "m") =>
    (own ? countedRows(words) : (valueRows as ValueRow[]))
      .filter((r) => r.kind === kind)
      .map((r) => ({ value: r.value, count: r.n - (own ? 0 : (hidden.values.get(valueKey(norm, kind, r.value)) ?? 0)), kind: kindOf(kind, r.value) }))
      .filter((v) => v.count > 0)
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
  // The holdings are the names the rule picked for the asked spelling; their neighbours rank the pages.
  const held = boardviews;
  const names = held.length ? held.map((h) => h.name) : [pointSpelling];
  const neighbours = held.flatMap((h) => h.neighbours);
  const documents = visibleDocs.flatMap((d) => {
    const found = pages.get(d.id);
    return found?.length ? [{ ...d, pages: found.map((r) => r.page), places: placesOf(found, names, neighbours) }] : [];
  });
  const caseList = casesSpelling(cases.map(caseRows), spellings, caseNamed, files).slice(0, POINT_CASES);
  // A point is what a case measured or changed, a boardview holds or a reference names; mentions make none. A
  // spelling that names several names of a boardview or reference file (none exactly) says so and lists them.
  if (!caseList.length && !boardviews.length && !referenceList.length && !partList.length) {
    if (ambiguous.size) throw ambiguousName(askedSpelling, [...ambiguous]);
    return undefined;
  }
  const point = spellingOf(
    (caseList.length ? written : undefined) ?? boardviews[0]?.name ?? referenceList[0]?.point ?? partList[0]?.designator ?? written ?? pointSpelling,
  );
  return {
    board: toBoard(board, ctx.urls),
    point,
    norm,
    expected: counted("e"),
    measured: counted("m"),
    reference: referenceList.map(({ point: _, ...value }) => value),
    parts: partList,
    cases: caseList,
    threads: threadList,
    documents,
    boardviews: boardviews.map(({ neighbours: _, ...holding }) => holding),
  };
}

/**
 * The rows whose name the name rule picks in their document (each reference document's names are one board's
 * names); the names of documents where the spelling named several go to `ambiguous`.
 */
function namedPerDocument<T>(
  spellings: readonly string[],
  rows: readonly { row: T; name: string; document: string }[],
  ambiguous: Set<string>,
): Set<T> {
  const byDocument = new Map<string, { row: T; name: string }[]>();
  for (const r of rows) byDocument.set(r.document, [...(byDocument.get(r.document) ?? []), r]);
  const kept = new Set<T>();
  for (const list of byDocument.values()) {
    const match = firstMatch(
      spellings,
      list.map((r) => r.name),
    );
    if (match.kind === "ambiguous") for (const name of match.candidates) ambiguous.add(name);
    if (match.kind === "exact" || match.kind === "folded") for (const r of list) if (r.name === match.name) kept.add(r.row);
  }
  return kept;
}

/**
 * Per document, the pages (from 1) whose text matches `match`: one statement per shard, a rowid range per document;
 * the first PLACE_PAGES pages of each shard come with their text and runs (where their words stand).
 */
async function pagesMentioning(
  shards: readonly TextShard[],
  ids: readonly string[],
  recorded: Map<string, string | null>,
  match: string,
): Promise<Map<string, MentionRow[]>> {
  const byShard = new Map<TextShard, string[]>();
  for (const id of ids) {
    const shard = shardOf(shards, id, recorded.get(id));
    byShard.set(shard, [...(byShard.get(shard) ?? []), id]);
  }
  const found = new Map<string, MentionRow[]>();
  await Promise.all(
    [...byShard].map(async ([shard, docIds]) => {
      const { results } = await shard.db
        .prepare(
          `with hits as (
             select k.document_id as id, i.rowid - k.n * ${PAGE_FACTOR} as page
             from page_keys k cross join page_index i
             where k.document_id in (select value from json_each(?1)) and page_index match ?2
               and i.rowid between k.n * ${PAGE_FACTOR} and k.n * ${PAGE_FACTOR} + ${PAGE_FACTOR - 1}
             order by k.document_id, page limit ${POINT_PAGES * POINT_DOCUMENTS}),
           numbered as (select id, page, row_number() over (order by id, page) as n from hits)
           select id, page,
             case when n <= ${PLACE_PAGES} and exists (select 1 from document_places r where r.document_id = h.id and r.page = h.page)
               then (select p.text from document_pages p where p.document_id = h.id and p.page = h.page) end as text,
             case when n <= ${PLACE_PAGES} then (select r.runs from document_places r where r.document_id = h.id and r.page = h.page) end as runs
           from numbered h order by id, page`,
        )
        .bind(JSON.stringify(docIds), match)
        .all<MentionRow>();
      for (const r of results) {
        const pages = found.get(r.id) ?? [];
        if (pages.length < POINT_PAGES) pages.push(r);
        found.set(r.id, pages);
      }
    }),
  );
  return found;
}

/** Rows read per completion offered: the coarse norm's rows are filtered by the name rule afterwards. */
const PREFIX_ROWS_PER_NAME = 4;

/**
 * Point names of a board that begin with the prefix, most measured first (completions): rows share the prefix's
 * coarse norm, then the boardview name rule's folding decides (`vin-` offers `Vin-`, not `Vin+`).
 */
export async function boardPointsByPrefix(ctx: QueryContext, boardSpelling: string, prefix: string, limit: number): Promise<string[]> {
  const boardId = boardIdOf(boardSpelling);
  if (!boardId || prefix.length > MAX_POINT_SPELLING) return [];
  const norm = normalizePoint(prefix);
  // A point's norm may hold any character but these separators; U+10FFFF sorts after every one of them.
  const range = (column: string) => sql`${sql.raw(column)} >= ${norm} and ${sql.raw(column)} < ${`${norm}\u{10FFFF}`}`;
  const [measured, reference] = await batchRead(ctx, [
    ctx.db
      .select({ point: sql<string>`point` })
      .from(sql`board_points`)
      .where(sql`board_id = ${boardId} and ${range("norm")} and measurements + components > 0`)
      .orderBy(sql`measurements desc, components desc, norm`)
      .limit(limit * PREFIX_ROWS_PER_NAME),
    // Then the nets the caller's visible reference documents name.
    ctx.db
      .select({ point: sql<string>`min(v.point)` })
      .from(sql`reference_values v cross join documents on documents.id = v.document_id and ${documentVisible(ctx.viewer)}`)
      .where(sql`v.board_id = ${boardId} and ${range("v.norm")}`)
      .groupBy(sql`v.norm`)
      .orderBy(sql`v.norm`)
      .limit(limit * PREFIX_ROWS_PER_NAME),
  ]);
  const names = [...(measured as { point: string }[]), ...(reference as { point: string }[])]
    .map((r) => spellingOf(r.point))
    .filter((name) => completesName(prefix, name));
  return [...new Set(names)].slice(0, limit);
}
