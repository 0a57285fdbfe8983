-- Boardviews read at upload or import (src/boardview/): one row per part and one per net, keyed by the document
-- and the name's matching form (src/boardview/rows.ts, BOARDVIEW_SCHEMA; a test checks they match).

create table boardview_parts (document_id text not null, norm text not null, ord integer not null, name text not null, side text not null, mounting text not null, x real not null, y real not null, pins text not null, primary key (document_id, norm, ord));

create table boardview_nets (document_id text not null, norm text not null, ord integer not null, name text not null, pins text not null, parts text not null, test_points text not null, primary key (document_id, norm, ord));
