// Stage 4, highlight: where each hit matched. The index is contentless, so the hits' texts (bodies,
// descriptions, replies, components, a document's first matched page) are read beside each loaded hit, in
// the ranking's own round trip (columns over the loader's rows, src/search/rank/folded-batch.ts: the ranking runs
// once); the excerpt and its marks are cut here (src/search/present/excerpts.ts).
import { sql, type SQL } from "drizzle-orm";
import { bestExcerpt, matchWords, type Excerpt } from "./excerpts";
import { PAGE_FACTOR } from "../index/index-sql";
import type { Found, HitText, ItemGroup, Prepared } from "../stages";

/** Replies of a thread read for its highlight (the index holds up to 200; the first ones are the likely match). */
const HIGHLIGHT_REPLIES = 20;
const F = sql.raw(String(PAGE_FACTOR));

/** The texts ride beside each loaded row as columns named `hl_*` (src/search/rank/folded-batch.ts takes them off). */
export const EXTRA_PREFIX = "hl_";
const extraColumn = (expression: SQL, name: string): SQL => sql`${expression} as ${sql.raw(EXTRA_PREFIX + name)}`;

/**
 * A document's first page (primary's page text, from before the text databases) matching `expression`: one
 * FTS lookup within the document's own rowid range. Not read for a document a text database already
 * answered with its page.
 */
function matchedPage(expression: string, answered: string[]): SQL {
  return sql`case when l.id in (select value from json_each(${JSON.stringify(answered)})) then null else (
    select json_array(b.page, p.text) from (
      select min(s.rowid - k.n * ${F}) as page from search_keys k cross join search_documents s
      where k.kind = 'document' and k.id = l.id and search_documents match ${expression}
        and s.rowid between k.n * ${F} and k.n * ${F} + ${sql.raw(String(PAGE_FACTOR - 1))}) b
    join document_pages p on p.document_id = l.id and p.page = b.page) end`;
}

/**
 * The texts of a group's hits that their list items do not carry, as columns over the loader's rows `l`
 * (named a, b, c and page): bodies, descriptions, replies (the accepted solution first), case components.
 */
export function hitTextColumns(group: ItemGroup, pages: string | undefined, answered: string[]): SQL {
  const cols = (...list: SQL[]) => sql.join(list, sql`, `);
  switch (group) {
    case "documents":
      return cols(
        extraColumn(sql`(select x.description from documents x where x.id = l.id)`, "a"),
        extraColumn(sql`(select x.chipset from documents x where x.id = l.id)`, "b"),
        ...(pages ? [extraColumn(matchedPage(pages, answered), "page")] : []),
      );
    case "threads":
      return cols(
        extraColumn(sql`(select x.body from threads x where x.id = l.id)`, "a"),
        extraColumn(
          sql`(select group_concat(body, ' ') from (select substr(r.body, 1, 2000) as body from thread_replies r
            where r.thread_id = l.id and r.hidden = 0 order by r.is_solution desc, r.created_at, r.id limit ${sql.raw(String(HIGHLIGHT_REPLIES))}))`,
          "b",
        ),
      );
    case "posts":
      return cols(extraColumn(sql`(select x.body from blog_posts x where x.id = l.id)`, "a"));
    case "cases":
      return cols(
        extraColumn(sql`(select x.diagnosis from repair_cases x where x.id = l.id)`, "a"),
        extraColumn(sql`(select x.fix from repair_cases x where x.id = l.id)`, "b"),
        extraColumn(
          sql`(select group_concat(x.designator || ifnull(' ' || x.part_number, ''), ', ') from case_components x where x.case_id = l.id)`,
          "c",
        ),
      );
  }
}

/** Each hit with where it matched, from the texts read beside it (no read of its own). */
export function withHighlights(prepared: Prepared, found: Found) {
  const match = matchWords(prepared.expanded);
  const texts = found.texts ?? new Map<string, HitText>();
  const pageOf = (id: string) => {
    const json = texts.get(id)?.page;
    if (!json) return undefined;
    const [page, text] = JSON.parse(json) as [number, string];
    return { page, text };
  };
  const h = (texts: Parameters<typeof bestExcerpt>[0]): { highlight: Excerpt | null } => ({ highlight: bestExcerpt(texts, match) });
  const text = (id: string) => texts.get(id);
  return {
    boards: found.boards,
    documents: found.documents.map((d) => {
      // A page a text shard matched came with its answer; text from before the shards is the primary's.
      const hit = found.shardHits?.find((x) => x.id === d.id && x.text !== null);
      const page = hit ? { page: hit.page, text: hit.text } : pageOf(d.id);
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
