-- The page index's words for the search vocabulary (word forms, typos), read by syncVocabulary on the
-- primary. Generated from src/text/shard-schema.ts (PAGE_VOCAB_SQL); a test checks they match.

create virtual table page_index_vocab using fts5vocab(page_index, 'row');
