// How every FTS5 index of the service stores and splits text: the primary's search index (src/search/index/index-sql.ts)
// and each text database's page index (shard-schema.ts) share these, so a page's rowid and tokens mean the same.

/** A page row's rowid is n * PAGE_FACTOR + page: 2^20 pages per document at most. */
export const PAGE_FACTOR = 1048576;

/** Marker token of a document type: no word a person types, and one token for unicode61 (letters and digits). */
export const TYPE_TOKEN_PREFIX = "zqxtype";

export const TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'";
export const CONTENTLESS = "content = '', contentless_delete = 1";
