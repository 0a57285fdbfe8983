-- What a viewer draws besides parts and pins (src/boardview/rows.ts, BOARDVIEW_LAYOUT_SCHEMA; a test checks they
-- match): a part's value and bounding box, and per board its unit, outline and the readings the file carries.

alter table boardview_parts add column value text;

alter table boardview_parts add column box text;

create table boardview_boards (document_id text primary key, unit text not null, outline text not null, readings text not null);
