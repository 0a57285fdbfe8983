// How search matches page text: on a text shard (its page index, src/text/shard-schema.ts), the best documents
// for a MATCH with their best page's text (the primary's own page text, from
// before the shards, is matched beside each hit: src/search/present/highlight.ts). Storing page text is src/text/'s job.
import { PAGE_FACTOR } from "../index/index-sql";

/** bm25 weights of page_index's columns: the type marker never counts. */
const PAGE_INDEX_WEIGHTS = "0.0, 1.0";

/**
 * The best documents on this shard for a MATCH: the newest `candidates` matching pages (rowid order follows
 * creation), weighed by bm25 over the selective words (`rank`; none: newest first, score 0), best page per
 * document, at most `documents` documents. Rows: id, score (lower is better, as bm25), page, exact (1 when a
 * page matches every word as typed, not only through another form, a correction or a prefix; with `exact`
 * false every row counts as exact), and for the best `texts` documents the page's text (its first
 * TEXT_CHARS characters: the highlight is cut from it, in the same round trip). Parameters: ?1 the
 * candidates' MATCH, ?2 the weighed one, ?3 the exact one.
 */
export function rankSql(options: { rank: boolean; exact: boolean; candidates: number; documents: number; texts: number }): string {
  const candidates = Math.trunc(options.candidates);
  const documents = Math.trunc(options.documents);
  // A seek per candidate page, reading only what matches (a membership in the newest exact matches read them all).
  const exact = (r: string) => (options.exact ? `exists (select 1 from page_index where page_index match ?3 and page_index.rowid = ${r})` : "1");
  const ranked = !options.rank
    ? `select k.document_id as id, 0.0 as score, max(c.r) % ${PAGE_FACTOR} as page, max(${exact("c.r")}) as exact, -max(c.r) as ord
from (select rowid as r from page_index where page_index match ?1 order by rowid desc limit ${candidates}) c
join page_keys k on k.n = c.r / ${PAGE_FACTOR}
group by k.document_id order by exact desc, max(c.r) desc limit ${documents}`
    : `select k.document_id as id, min(s.score) as score, s.r % ${PAGE_FACTOR} as page, max(${exact("s.r")}) as exact, min(s.score) as ord
from (select page_index.rowid as r, bm25(page_index, ${PAGE_INDEX_WEIGHTS}) as score from page_index
  where page_index match ?2 and page_index.rowid >= (select min(r) from cand) and (page_index.rowid + 0) in (select r from cand) limit ${candidates}) s
join page_keys k on k.n = s.r / ${PAGE_FACTOR}
group by k.document_id order by exact desc, min(s.score), k.document_id desc limit ${documents}`;
  return `${
    options.rank
      ? `with cand(r) as materialized (select rowid from page_index where page_index match ?1 order by rowid desc limit ${candidates})
`
      : ""
  }select x.id as id, x.score as score, x.page as page, x.exact as exact,
  case when x.n <= ${Math.trunc(options.texts)} then (select substr(p.text, 1, ${TEXT_CHARS}) from document_pages p where p.document_id = x.id and p.page = x.page) end as text
from (select r.*, row_number() over (order by r.exact desc, r.ord, r.id desc) as n from (${ranked}) r) x`;
}

/** Characters of a matched page sent back with a shard's answer, for its highlight. */
const TEXT_CHARS = 20000;
