-- The search vocabulary (src/search/vocabulary.ts): every distinct plain word of the search index with its
-- Spanish and English stems (word forms), and the deletion neighbourhood of words of 4+ letters (typos,
-- SymSpell). Fed from the FTS indexes through fts5vocab by syncVocabulary (after a rebuild, and a slice
-- on every cron run); a cursor per source remembers where the walk stopped.
create table search_terms (term text primary key, stem_es text not null, stem_en text not null) without rowid;
--> statement-breakpoint
create index search_terms_stem_es on search_terms (stem_es);
--> statement-breakpoint
create index search_terms_stem_en on search_terms (stem_en);
--> statement-breakpoint
create table search_term_deletes (del text not null, term text not null, primary key (del, term)) without rowid;
--> statement-breakpoint
create table search_vocabulary_cursor (source text primary key, after text not null) without rowid;
--> statement-breakpoint
create virtual table search_documents_vocab using fts5vocab(search_documents, 'row');
--> statement-breakpoint
create virtual table search_threads_vocab using fts5vocab(search_threads, 'row');
--> statement-breakpoint
create virtual table search_posts_vocab using fts5vocab(search_posts, 'row');
--> statement-breakpoint
create virtual table search_cases_vocab using fts5vocab(search_cases, 'row');
