-- A reference file's components are kept per designator as written, not per coarse key (docs/reference.md): `C5.1`
-- and `C51`, or `R7_1` and `R71`, are two parts whose key (normalizePoint) is one, and the old key kept only the last.
-- The rows are copied through a scratch table (no rename, so the triggers of 0024 keep naming reference_parts);
-- rows the old key already merged come back when their file is stored again (a new version or a re-import).
create table reference_parts_copy (document_id text not null, board_id integer not null, norm text not null, designator text not null,
  value text, package text, code text, fitted integer not null);
--> statement-breakpoint
insert into reference_parts_copy select document_id, board_id, norm, designator, value, package, code, fitted from reference_parts;
--> statement-breakpoint
drop table reference_parts;
--> statement-breakpoint
create table reference_parts (document_id text not null, board_id integer not null, norm text not null, designator text not null,
  value text, package text, code text, fitted integer not null default 1,
  primary key (document_id, board_id, designator)) without rowid;
--> statement-breakpoint
insert into reference_parts select document_id, board_id, norm, designator, value, package, code, fitted from reference_parts_copy;
--> statement-breakpoint
drop table reference_parts_copy;
--> statement-breakpoint
create index reference_parts_point_idx on reference_parts (board_id, norm);
