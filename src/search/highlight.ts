// Stage 4, highlight: where each hit matched. The index is contentless, so one more round trip reads
// the hits' texts by id (at most one page of each group) and each document's first matched page; the
// excerpt and its marks are cut here (src/search/excerpts.ts).
import { sql, type SQL } from "drizzle-orm";
import type { QueryContext } from "../db/queries/runtime";
import { bestExcerpt, matchWords, type Excerpt } from "./excerpts";
import { matchedPagesQuery } from "./page-match";
import { matchExpression, withoutWordPrefixes } from "./query";
import { readBatch } from "./read";
import { ITEM_GROUPS, type Found, type ItemGroup, type Prepared } from "./stages";

/** The texts of a group's hits that their list items do not carry (bodies, descriptions, replies, components). */
function hitTexts(group: ItemGroup, ids: string[]): SQL {
  const list = sql`(select value from json_each(${JSON.stringify(ids)}))`;
  switch (group) {
    case "documents":
      return sql`select id, null as page, description as a, chipset as b, null as c from documents where id in ${list}`;
    case "threads":
      return sql`select t.id as id, null as page, t.body as a,
        (select group_concat(body, ' ') from (select substr(x.body, 1, 2000) as body from thread_replies x where x.thread_id = t.id and x.hidden = 0 order by x.is_solution desc, x.created_at, x.id limit ${HIGHLIGHT_REPLIES})) as b, null as c
        from threads t where t.id in ${list}`;
    case "posts":
      return sql`select id, null as page, body as a, null as b, null as c from blog_posts where id in ${list}`;
    case "cases":
      return sql`select c.id as id, null as page, c.diagnosis as a, c.fix as b,
        (select group_concat(x.designator || ifnull(' ' || x.part_number, ''), ', ') from case_components x where x.case_id = c.id) as c
        from repair_cases c where c.id in ${list}`;
  }
}

interface TextRow {
  id: string;
  page: number | null;
  a: string | null;
  b: string | null;
  c: string | null;
}

/** Replies of a thread read for its highlight (the index holds up to 200; the first ones are the likely match). */
const HIGHLIGHT_REPLIES = 20;

/**
 * Each hit with where it matched. Posts and cases carry their text already; threads' bodies and the
 * matched page of each document cost one more round trip (bounded: the hits of one page of results).
 */
/**
 * Each hit with where it matched: one more round trip reads the hits' texts by id (at most 10 per
 * group) and each document's first matched page (one FTS lookup per document within its own pages,
 * without the last word's prefix: a prefix expands to every term it starts, once per document).
 */
export async function withHighlights(ctx: QueryContext, prepared: Prepared, found: Found) {
  const match = matchWords(prepared.expanded);
  const groups = ITEM_GROUPS.filter((g) => found[g].length > 0);
  const pages = matchExpression(withoutWordPrefixes(prepared.expanded), "any");
  const documentIds = found.documents.map((d) => d.id);
  const withPages = documentIds.length > 0 && pages !== undefined;
  const results = groups.length
    ? await readBatch<Record<string, unknown>>(ctx, [
        ...groups.map((g) =>
          hitTexts(
            g,
            found[g].map((item) => item.id),
          ),
        ),
        ...(withPages ? [matchedPagesQuery(documentIds, pages)] : []),
      ])
    : [];
  const texts = new Map<string, TextRow>();
  for (const rows of results.slice(0, groups.length)) for (const r of rows as unknown as TextRow[]) texts.set(r.id, r);
  const pageRows = new Map(
    (withPages ? (results[groups.length] as unknown as { id: string; page: number; text: string }[]) : []).map((r) => [r.id, r]),
  );
  const h = (texts: Parameters<typeof bestExcerpt>[0]): { highlight: Excerpt | null } => ({ highlight: bestExcerpt(texts, match) });
  const text = (id: string) => texts.get(id);
  return {
    boards: found.boards,
    documents: found.documents.map((d) => {
      // A page a text shard matched came with its answer; text from before the shards is the primary's.
      const hit = found.shardHits?.find((x) => x.id === d.id && x.text !== null);
      const page = hit ? { page: hit.page, text: hit.text } : pageRows.get(d.id);
      return {
        ...d,
        ...h([
          { field: "page", page: page?.page ?? null, text: page?.text },
          { field: "description", text: text(d.id)?.a },
          { field: "title", text: d.title },
          { field: "chipset", text: text(d.id)?.b },
        ]),
      };
    }),
    threads: found.threads.map((t) => ({
      ...t,
      ...h([
        { field: "body", text: text(t.id)?.a },
        { field: "replies", text: text(t.id)?.b },
        { field: "title", text: t.title },
      ]),
    })),
    posts: found.posts.map((p) => ({
      ...p,
      ...h([
        { field: "body", text: text(p.id)?.a },
        { field: "excerpt", text: p.excerpt },
        { field: "title", text: p.title },
      ]),
    })),
    cases: found.cases.map((c) => ({
      ...c,
      ...h([
        { field: "symptom", text: c.symptom },
        { field: "diagnosis", text: text(c.id)?.a },
        { field: "fix", text: text(c.id)?.b },
        { field: "components", text: text(c.id)?.c },
        { field: "title", text: c.title },
      ]),
    })),
  };
}
