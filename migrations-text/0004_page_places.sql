-- Where a PDF page's words stand (src/text/places.ts): its runs of text, encoded, one row per page that has any.
-- Generated from src/text/page-rows.ts (PLACES_SCHEMA); a test checks they match.

create table document_places (document_id text not null, page integer not null, runs text not null, primary key (document_id, page));
