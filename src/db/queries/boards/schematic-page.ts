// One page of a schematic with a name to mark (the site's page view, issue 55), through the visibility rule: the
// name's places on the page, the words around each, and for a member the page's other words that are a part or
// net of the board's boardviews (each leading back to the viewer with it selected). A page the caller cannot see
// answers as one that does not exist.
import { sql } from "drizzle-orm";
import { buildNameIndex } from "../../../boardview/name-match";
import { boardviewUrl, pageUrl } from "../../../core/urls";
import { decodeRuns, nameOfWord, pageWords, type PlaceBox, wordBoxes } from "../../../text/places";
import { shardOf } from "../../../text/shards";
import { documentVisible } from "../../visibility";
import { designatorOfUnit, mayPrintOn, printedAt, printedMatch, unitForms, printedForms, sheetOfName, sheetOfPage } from "./point-places";
import type { QueryContext } from "../runtime";

/** Words around a place, and the place's own word between them. */
export interface PlaceExcerpt {
  before: string;
  word: string;
  after: string;
}

/** A word of the page that is a part or net of the board's boardviews. */
export interface PageLink {
  box: PlaceBox;
  kind: "part" | "net";
  name: string;
  url: string;
}

export interface SchematicPageView {
  document: { id: string; title: string; url: string; pageCount: number | null };
  page: number;
  name: string;
  marks: PlaceBox[];
  excerpts: PlaceExcerpt[];
  links: PageLink[];
}

/** Excerpts shown per page, words on each side of a place, page words linked, boardview names read. */
const EXCERPTS = 5;
const AROUND = 8;
const LINKS = 1500;
const BOARDVIEW_NAMES = 20_000;

type DocumentRow = { id: string; title: string; shard: string | null; pageCount: number | null };
type BoardviewRow = { id: string; title: string; shard: string | null };

/** The page view, or undefined when the caller may not see the document or it has no such page of text. */
export async function schematicPage(
  ctx: QueryContext,
  documentId: string,
  page: number,
  name: string,
  withLinks: boolean,
): Promise<SchematicPageView | undefined> {
  const [doc] = (await ctx.db.all(
    sql`select documents.id as id, documents.title as title, documents.text_shard as shard, documents.page_count as pageCount
      from documents where documents.id = ${documentId} and documents.status = 'available' and ${documentVisible(ctx.viewer)}`,
  )) as DocumentRow[];
  if (!doc?.shard) return undefined;
  const shard = shardOf(ctx.shards, doc.id, doc.shard);
  const [row, boardviews] = await Promise.all([
    shard.db
      .prepare(
        "select p.text as text, r.runs as runs from document_pages p left join document_places r on r.document_id = p.document_id and r.page = p.page where p.document_id = ? and p.page = ?",
      )
      .bind(doc.id, page)
      .first<{ text: string; runs: string | null }>(),
    withLinks
      ? (ctx.db.all(
          sql`select distinct documents.id as id, documents.title as title, documents.text_shard as shard
            from document_boards mine cross join document_boards theirs on theirs.board_id = mine.board_id
            cross join documents on documents.id = theirs.document_id
            where mine.document_id = ${doc.id} and documents.boardview is not null and ${documentVisible(ctx.viewer)}
            order by documents.id limit 20`,
        ) as Promise<BoardviewRow[]>)
      : Promise.resolve([] as BoardviewRow[]),
  ]);
  if (!row) return undefined;
  const words = pageWords(row.text);
  const names = words.map((w) => nameOfWord(w.text));
  const index = buildNameIndex(names);
  const sheet = sheetOfPage(row.text);
  const at = mayPrintOn(name, sheet) ? printedAt(names, printedForms(name), index, unitForms(name)) : [];
  const runs = decodeRuns(row.runs ?? "");
  const marks = wordBoxes(row.text, runs, at);
  const excerpts = at.slice(0, EXCERPTS).map((i) => ({
    before: words
      .slice(Math.max(0, i - AROUND), i)
      .map((w) => w.text)
      .join(" "),
    word: words[i].text,
    after: words
      .slice(i + 1, i + 1 + AROUND)
      .map((w) => w.text)
      .join(" "),
  }));
  const links = withLinks ? await pageLinks(ctx, boardviews, row.text, runs, names, new Set(at), sheet) : [];
  return {
    document: { id: doc.id, title: doc.title, url: pageUrl(ctx.urls, "document", doc.id, doc.title), pageCount: doc.pageCount },
    page,
    name,
    marks: [...marks.values()],
    excerpts,
    links,
  };
}

/** The page's words (but the marked ones) that print a part or net of these boardviews, by the name rule. */
async function pageLinks(
  ctx: QueryContext,
  boardviews: readonly BoardviewRow[],
  text: string,
  runs: ReturnType<typeof decodeRuns>,
  names: readonly string[],
  marked: ReadonlySet<number>,
  sheet: string | undefined,
): Promise<PageLink[]> {
  const byShard = new Map<string, BoardviewRow[]>();
  for (const b of boardviews) if (b.shard) byShard.set(b.shard, [...(byShard.get(b.shard) ?? []), b]);
  const rows = (
    await Promise.all(
      [...byShard].map(async ([shardName, docs]) => {
        const db = shardOf(ctx.shards, docs[0].id, shardName).db;
        const ids = JSON.stringify(docs.map((d) => d.id));
        const { results } = await db
          .prepare(
            `select document_id as id, 'part' as kind, name from boardview_parts where document_id in (select value from json_each(?1))
             union all select document_id as id, 'net' as kind, name from boardview_nets where document_id in (select value from json_each(?1))
             limit ${BOARDVIEW_NAMES}`,
          )
          .bind(ids)
          .all<{ id: string; kind: "part" | "net"; name: string }>();
        return results;
      }),
    )
  ).flat();
  // What each boardview name prints as (a KiCad sheet net by its label, only on its sheet and below); a net of
  // this very sheet holds its label first (IO_Banks' net U1 before the part U1), then the first holder wins.
  const byLabel = new Map<string, (typeof rows)[number]>();
  const own = (r: (typeof rows)[number]) => (sheet !== undefined && sheet !== "/" && sheetOfName(r.name) === sheet ? 0 : 1);
  const held = rows.filter((r) => mayPrintOn(r.name, sheet)).sort((a, b) => own(a) - own(b));
  for (const r of held) for (const label of printedForms(r.name)) if (!byLabel.has(label)) byLabel.set(label, r);
  const labels = buildNameIndex(byLabel.keys());
  const titles = new Map(boardviews.map((b) => [b.id, b.title]));
  const found = new Map<number, (typeof rows)[number]>();
  names.forEach((word, i) => {
    if (marked.has(i) || found.size >= LINKS) return;
    // A multi-unit symbol's unit (`U30A`) leads to its part.
    const unitOf = designatorOfUnit(word);
    const label = printedMatch(word, labels) ?? (unitOf && byLabel.get(unitOf)?.kind === "part" ? unitOf : undefined);
    const holder = label === undefined ? undefined : byLabel.get(label);
    if (holder) found.set(i, holder);
  });
  const boxes = wordBoxes(text, runs, [...found.keys()]);
  return [...boxes].map(([i, box]) => {
    const r = found.get(i)!;
    const url = boardviewUrl(pageUrl(ctx.urls, "document", r.id, titles.get(r.id)), r.kind === "part" ? { part: r.name } : { net: r.name });
    return { box, kind: r.kind, name: r.name, url };
  });
}
