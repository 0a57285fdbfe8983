// Page text in search: which page of a document matched. Kept apart (issue 21 / issue 24) so the
// statement can run against whichever database holds the page-text index.
import { sql, type SQL } from "drizzle-orm";
import { PAGE_FACTOR } from "./index-sql";

/**
 * The first page of each document (ids) whose text matches `expression`, with that page's text.
 * Bounded: one FTS lookup per document, restricted to its own rowid range (its pages).
 */
export function matchedPagesQuery(ids: string[], expression: string): SQL {
  return sql`
    with hit(id, n) as (select k.id, k.n from search_keys k where k.kind = 'document' and k.id in (select value from json_each(${JSON.stringify(ids)}))),
    best(id, page) as (
      select h.id, min(s.rowid - h.n * ${sql.raw(String(PAGE_FACTOR))}) from hit h cross join search_documents s
      where search_documents match ${expression}
        and s.rowid between h.n * ${sql.raw(String(PAGE_FACTOR))} and h.n * ${sql.raw(String(PAGE_FACTOR))} + ${sql.raw(String(PAGE_FACTOR - 1))}
      group by h.id)
    select b.id as id, b.page as page, p.text as text from best b join document_pages p on p.document_id = b.id and p.page = b.page`;
}
