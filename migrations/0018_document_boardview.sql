-- A boardview's summary on its document (src/boardview/nets.ts, BoardSummary as JSON: format and counts, or the
-- reason it could not be read); null for documents that are not boardviews. The parts and nets themselves are on
-- the document's text database (migrations-text/0002_boardviews.sql).
alter table `documents` add `boardview` text;
