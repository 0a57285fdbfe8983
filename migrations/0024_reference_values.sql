-- Reference values (docs/reference.md): the known-good values a document gives a board, per net and kind, with the
-- document as their source: an OpenBoardData file (src/reference/obdata.ts) or a boardview that carries readings.
-- Readers join the document and apply the visibility rule (src/auth/visibility.ts), so a takedown or a private file
-- hides its values at once; storing a new version replaces the document's rows; a deleted document, link or board
-- takes them with it (the triggers below).
--   reference_values  per (document, board, position): a net's value of one kind (diode, voltage, resistance), its note
--   reference_parts   per (document, board, designator): a component's value, package, code, fitted or not
--   reference_notes   per (document, board, position): a diagnosis note in the file's words, its section and title
create table reference_values (document_id text not null, board_id integer not null, position integer not null,
  norm text not null, point text not null, kind text not null, value text not null, note text,
  primary key (document_id, board_id, position)) without rowid;
--> statement-breakpoint
create index reference_values_point_idx on reference_values (board_id, norm);
--> statement-breakpoint
create table reference_parts (document_id text not null, board_id integer not null, norm text not null, designator text not null,
  value text, package text, code text, fitted integer not null default 1,
  primary key (document_id, board_id, norm)) without rowid;
--> statement-breakpoint
create index reference_parts_point_idx on reference_parts (board_id, norm);
--> statement-breakpoint
create table reference_notes (document_id text not null, board_id integer not null, position integer not null,
  section text, title text, body text not null,
  primary key (document_id, board_id, position)) without rowid;
--> statement-breakpoint
create index reference_notes_board_idx on reference_notes (board_id, document_id, position);
--> statement-breakpoint
create trigger reference_documents_bd before delete on documents begin
  delete from reference_values where document_id = old.id;
  delete from reference_parts where document_id = old.id;
  delete from reference_notes where document_id = old.id;
end;
--> statement-breakpoint
create trigger reference_links_ad after delete on document_boards begin
  delete from reference_values where document_id = old.document_id and board_id = old.board_id;
  delete from reference_parts where document_id = old.document_id and board_id = old.board_id;
  delete from reference_notes where document_id = old.document_id and board_id = old.board_id;
end;
--> statement-breakpoint
create trigger reference_boards_ad after delete on boards begin
  delete from reference_values where board_id = old.id;
  delete from reference_parts where board_id = old.id;
  delete from reference_notes where board_id = old.id;
end;
