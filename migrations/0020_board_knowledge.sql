-- Board knowledge (issue 31). Every board a hub: its counts per reader, its list, and the values the community
-- measured on each of its nets and designators, kept by triggers as documents, links, shares, threads, cases,
-- measurements and components change, so a board page, GET /boards and a point answer read a bounded number
-- of rows whatever the size of the site (docs/boards.md).
--   board_content            per board: public-and-available documents, published threads, published cases
--                            (scheduled cases included; readers subtract the few still ahead, as caseTotal does);
--                            a board is listed for everyone when one of the three is above zero
--   board_keyed_documents    per (user, board): the documents of the visibility rule's other two parts
--                            (src/auth/visibility.ts: documentRule.ownOnly and sharedWith), as 0013 counts them per user
--   list_counts boards/listed, boards/listed:m:<manufacturer id>: how many boards are listed for everyone
--   board_points             per (board, point norm): measurements and component changes of published cases
--   board_point_values       per (board, point norm, e|m, value): how often a value was reported (expected, measured)
--   board_point_cases        per (board, point norm, case): which cases measured or changed the point
-- Measurement and component rows carry their normalised point and values (point_norm, expected_norm,
-- measured_norm, designator_norm), written by the importer from src/content/board-values.ts; the backfill below
-- approximates them in SQL for rows written before (a re-import writes the exact ones).
alter table case_measurements add point_norm text not null default '';
--> statement-breakpoint
alter table case_measurements add expected_norm text;
--> statement-breakpoint
alter table case_measurements add measured_norm text not null default '';
--> statement-breakpoint
alter table case_components add designator_norm text not null default '';
--> statement-breakpoint
update case_measurements set point_norm = upper(replace(replace(replace(replace(ltrim(trim(point), '+'), '_', ''), '-', ''), ' ', ''), '.', '')), expected_norm = nullif(trim(expected), ''), measured_norm = trim(measured);
--> statement-breakpoint
update case_components set designator_norm = upper(replace(replace(replace(replace(ltrim(trim(designator), '+'), '_', ''), '-', ''), ' ', ''), '.', ''));
--> statement-breakpoint
create table board_content (board_id integer primary key, norm text not null, manufacturer_id integer,
  documents integer not null default 0, threads integer not null default 0, cases integer not null default 0);
--> statement-breakpoint
create index board_content_listed_idx on board_content (norm) where documents + threads + cases > 0;
--> statement-breakpoint
create index board_content_maker_idx on board_content (manufacturer_id, norm) where documents + threads + cases > 0;
--> statement-breakpoint
create table board_keyed_documents (user_id integer not null, board_id integer not null, n integer not null, primary key (user_id, board_id)) without rowid;
--> statement-breakpoint
create table board_points (board_id integer not null, norm text not null, point text not null,
  measurements integer not null default 0, components integer not null default 0, primary key (board_id, norm)) without rowid;
--> statement-breakpoint
create index board_points_rank_idx on board_points (board_id, measurements desc, components desc, norm);
--> statement-breakpoint
create table board_point_values (board_id integer not null, norm text not null, kind text not null, value text not null, n integer not null, primary key (board_id, norm, kind, value)) without rowid;
--> statement-breakpoint
create table board_point_cases (board_id integer not null, norm text not null, case_id text not null, n integer not null, primary key (board_id, norm, case_id)) without rowid;
--> statement-breakpoint
create index threads_board_newest_idx on threads (board_id, published, created_at, id);
--> statement-breakpoint
create index repair_cases_board_scheduled_idx on repair_cases (board_id, published, published_at);
--> statement-breakpoint
create index case_measurements_point_idx on case_measurements (point_norm);
--> statement-breakpoint
create trigger board_content_boards_ai after insert on boards begin
  insert or ignore into board_content (board_id, norm, manufacturer_id) values (new.id, new.norm, new.manufacturer_id);
end;
--> statement-breakpoint
create trigger board_content_boards_au after update of norm, manufacturer_id on boards begin
  update board_content set norm = new.norm, manufacturer_id = new.manufacturer_id where board_id = new.id;
end;
--> statement-breakpoint
create trigger board_content_boards_ad after delete on boards begin
  delete from board_content where board_id = old.id;
  delete from board_keyed_documents where board_id = old.id;
  delete from board_points where board_id = old.id;
  delete from board_point_values where board_id = old.id;
  delete from board_point_cases where board_id = old.id;
end;
--> statement-breakpoint
create trigger board_content_listed_ai after insert on board_content when (new.documents + new.threads + new.cases > 0) begin
  insert into list_counts (list, key, n)
  select 'boards', k, 1 from (select 'listed' as k union all select 'listed:m:' || new.manufacturer_id where new.manufacturer_id is not null)
  where (new.documents + new.threads + new.cases > 0)
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_content_listed_au after update on board_content when (old.documents + old.threads + old.cases > 0) or (new.documents + new.threads + new.cases > 0) begin
  insert into list_counts (list, key, n)
  select 'boards', k, -1 from (select 'listed' as k union all select 'listed:m:' || old.manufacturer_id where old.manufacturer_id is not null)
  where (old.documents + old.threads + old.cases > 0)
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'boards', k, 1 from (select 'listed' as k union all select 'listed:m:' || new.manufacturer_id where new.manufacturer_id is not null)
  where (new.documents + new.threads + new.cases > 0)
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_content_listed_ad after delete on board_content when (old.documents + old.threads + old.cases > 0) begin
  insert into list_counts (list, key, n)
  select 'boards', k, -1 from (select 'listed' as k union all select 'listed:m:' || old.manufacturer_id where old.manufacturer_id is not null)
  where (old.documents + old.threads + old.cases > 0)
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_content_documents_ai after insert on documents when (new.visibility = 'public' and new.status = 'available') begin
  update board_content set documents = documents + (1) where board_id in (select board_id from document_boards where document_id = new.id);
end;
--> statement-breakpoint
create trigger board_content_documents_au after update of visibility, status on documents when (old.visibility = 'public' and old.status = 'available') <> (new.visibility = 'public' and new.status = 'available') begin
  update board_content set documents = documents + (case when (new.visibility = 'public' and new.status = 'available') then 1 else -1 end) where board_id in (select board_id from document_boards where document_id = new.id);
end;
--> statement-breakpoint
create trigger board_content_documents_bd before delete on documents begin
  delete from document_boards where document_id = old.id;
end;
--> statement-breakpoint
create trigger board_content_links_ai after insert on document_boards when exists (select 1 from documents d where d.id = new.document_id and (d.visibility = 'public' and d.status = 'available')) begin
  update board_content set documents = documents + 1 where board_id = new.board_id;
end;
--> statement-breakpoint
create trigger board_content_links_ad after delete on document_boards when exists (select 1 from documents d where d.id = old.document_id and (d.visibility = 'public' and d.status = 'available')) begin
  update board_content set documents = documents - 1 where board_id = old.board_id;
end;
--> statement-breakpoint
create trigger board_content_links_au after update of document_id, board_id on document_boards begin
  update board_content set documents = documents - 1 where board_id = old.board_id and exists (select 1 from documents d where d.id = old.document_id and (d.visibility = 'public' and d.status = 'available'));
  update board_content set documents = documents + 1 where board_id = new.board_id and exists (select 1 from documents d where d.id = new.document_id and (d.visibility = 'public' and d.status = 'available'));
end;
--> statement-breakpoint
create trigger board_content_threads_ai after insert on threads when new.published = 1 and new.board_id is not null begin
  update board_content set threads = threads + 1 where board_id = new.board_id;
end;
--> statement-breakpoint
create trigger board_content_threads_au after update of published, board_id on threads begin
  update board_content set threads = threads - 1 where board_id = old.board_id and old.published = 1;
  update board_content set threads = threads + 1 where board_id = new.board_id and new.published = 1;
end;
--> statement-breakpoint
create trigger board_content_threads_ad after delete on threads when old.published = 1 and old.board_id is not null begin
  update board_content set threads = threads - 1 where board_id = old.board_id;
end;
--> statement-breakpoint
create trigger board_content_cases_ai after insert on repair_cases when new.published = 1 and new.board_id is not null begin
  update board_content set cases = cases + 1 where board_id = new.board_id;
end;
--> statement-breakpoint
create trigger board_content_cases_au after update of published, board_id on repair_cases begin
  update board_content set cases = cases - 1 where board_id = old.board_id and old.published = 1;
  update board_content set cases = cases + 1 where board_id = new.board_id and new.published = 1;
end;
--> statement-breakpoint
create trigger board_content_cases_ad after delete on repair_cases when old.published = 1 and old.board_id is not null begin
  update board_content set cases = cases - 1 where board_id = old.board_id;
end;
--> statement-breakpoint
create trigger board_keyed_documents_ai after insert on documents begin
  insert into board_keyed_documents (user_id, board_id, n)
  select new.owner_id, l.board_id, 1 from document_boards l where l.document_id = new.id and new.owner_id is not null and not (new.visibility = 'public' and new.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, l.board_id, 1 from document_boards l join document_shares s on s.document_id = l.document_id where l.document_id = new.id and (new.visibility = 'shared' and new.status = 'available' and (new.owner_id is null or new.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_documents_au after update of owner_id, visibility, status on documents begin
  insert into board_keyed_documents (user_id, board_id, n)
  select old.owner_id, l.board_id, -1 from document_boards l where l.document_id = old.id and old.owner_id is not null and not (old.visibility = 'public' and old.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, l.board_id, -1 from document_boards l join document_shares s on s.document_id = l.document_id where l.document_id = old.id and (old.visibility = 'shared' and old.status = 'available' and (old.owner_id is null or old.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select new.owner_id, l.board_id, 1 from document_boards l where l.document_id = new.id and new.owner_id is not null and not (new.visibility = 'public' and new.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, l.board_id, 1 from document_boards l join document_shares s on s.document_id = l.document_id where l.document_id = new.id and (new.visibility = 'shared' and new.status = 'available' and (new.owner_id is null or new.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_links_ai after insert on document_boards begin
  insert into board_keyed_documents (user_id, board_id, n)
  select d.owner_id, new.board_id, 1 from documents d where d.id = new.document_id and d.owner_id is not null and not (d.visibility = 'public' and d.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, new.board_id, 1 from documents d join document_shares s on s.document_id = d.id where d.id = new.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_links_ad after delete on document_boards begin
  insert into board_keyed_documents (user_id, board_id, n)
  select d.owner_id, old.board_id, -1 from documents d where d.id = old.document_id and d.owner_id is not null and not (d.visibility = 'public' and d.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, old.board_id, -1 from documents d join document_shares s on s.document_id = d.id where d.id = old.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_links_au after update of document_id, board_id on document_boards begin
  insert into board_keyed_documents (user_id, board_id, n)
  select d.owner_id, old.board_id, -1 from documents d where d.id = old.document_id and d.owner_id is not null and not (d.visibility = 'public' and d.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, old.board_id, -1 from documents d join document_shares s on s.document_id = d.id where d.id = old.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select d.owner_id, new.board_id, 1 from documents d where d.id = new.document_id and d.owner_id is not null and not (d.visibility = 'public' and d.status = 'available')
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select s.user_id, new.board_id, 1 from documents d join document_shares s on s.document_id = d.id where d.id = new.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_shares_ai after insert on document_shares begin
  insert into board_keyed_documents (user_id, board_id, n)
  select new.user_id, l.board_id, 1 from documents d join document_boards l on l.document_id = d.id where d.id = new.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> new.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_shares_ad after delete on document_shares begin
  insert into board_keyed_documents (user_id, board_id, n)
  select old.user_id, l.board_id, -1 from documents d join document_boards l on l.document_id = d.id where d.id = old.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> old.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_keyed_shares_au after update of document_id, user_id on document_shares begin
  insert into board_keyed_documents (user_id, board_id, n)
  select old.user_id, l.board_id, -1 from documents d join document_boards l on l.document_id = d.id where d.id = old.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> old.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
  insert into board_keyed_documents (user_id, board_id, n)
  select new.user_id, l.board_id, 1 from documents d join document_boards l on l.document_id = d.id where d.id = new.document_id and (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> new.user_id))
  on conflict (user_id, board_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_measurements_ai after insert on case_measurements begin
  insert into board_points (board_id, norm, point, measurements) select c.board_id, new.point_norm, new.point, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, new.point_norm, 'm', new.measured_norm, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, new.point_norm, 'e', new.expected_norm, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null and new.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, new.point_norm, c.id, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_components_ai after insert on case_components begin
  insert into board_points (board_id, norm, point, components) select c.board_id, new.designator_norm, new.designator, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, new.designator_norm, c.id, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_measurements_ad after delete on case_measurements begin
  insert into board_points (board_id, norm, point, measurements) select c.board_id, old.point_norm, old.point, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, old.point_norm, 'm', old.measured_norm, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, old.point_norm, 'e', old.expected_norm, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null and old.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, old.point_norm, c.id, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_components_ad after delete on case_components begin
  insert into board_points (board_id, norm, point, components) select c.board_id, old.designator_norm, old.designator, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, old.designator_norm, c.id, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_measurements_au after update of point_norm, expected_norm, measured_norm, point, case_id on case_measurements begin
  insert into board_points (board_id, norm, point, measurements) select c.board_id, old.point_norm, old.point, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, old.point_norm, 'm', old.measured_norm, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, old.point_norm, 'e', old.expected_norm, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null and old.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, old.point_norm, c.id, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
  insert into board_points (board_id, norm, point, measurements) select c.board_id, new.point_norm, new.point, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, new.point_norm, 'm', new.measured_norm, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, new.point_norm, 'e', new.expected_norm, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null and new.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, new.point_norm, c.id, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_components_au after update of designator_norm, designator, case_id on case_components begin
  insert into board_points (board_id, norm, point, components) select c.board_id, old.designator_norm, old.designator, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, old.designator_norm, c.id, -1 from repair_cases c where c.id = old.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
  insert into board_points (board_id, norm, point, components) select c.board_id, new.designator_norm, new.designator, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, new.designator_norm, c.id, 1 from repair_cases c where c.id = new.case_id and c.published = 1 and c.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_cases_ai after insert on repair_cases begin
  insert into board_points (board_id, norm, point, measurements) select c.board_id, m.point_norm, m.point, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, m.point_norm, 'm', m.measured_norm, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, m.point_norm, 'e', m.expected_norm, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null and m.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, m.point_norm, c.id, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
  insert into board_points (board_id, norm, point, components) select c.board_id, x.designator_norm, x.designator, 1 from case_components x, (select new.id as id, new.board_id as board_id) c where x.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, x.designator_norm, c.id, 1 from case_components x, (select new.id as id, new.board_id as board_id) c where x.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_cases_au after update of published, board_id on repair_cases begin
  insert into board_points (board_id, norm, point, measurements) select c.board_id, m.point_norm, m.point, -1 from case_measurements m, (select old.id as id, old.board_id as board_id) c where m.case_id = c.id and old.published = 1 and old.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, m.point_norm, 'm', m.measured_norm, -1 from case_measurements m, (select old.id as id, old.board_id as board_id) c where m.case_id = c.id and old.published = 1 and old.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, m.point_norm, 'e', m.expected_norm, -1 from case_measurements m, (select old.id as id, old.board_id as board_id) c where m.case_id = c.id and old.published = 1 and old.board_id is not null and m.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, m.point_norm, c.id, -1 from case_measurements m, (select old.id as id, old.board_id as board_id) c where m.case_id = c.id and old.published = 1 and old.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
  insert into board_points (board_id, norm, point, components) select c.board_id, x.designator_norm, x.designator, -1 from case_components x, (select old.id as id, old.board_id as board_id) c where x.case_id = c.id and old.published = 1 and old.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, x.designator_norm, c.id, -1 from case_components x, (select old.id as id, old.board_id as board_id) c where x.case_id = c.id and old.published = 1 and old.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
  insert into board_points (board_id, norm, point, measurements) select c.board_id, m.point_norm, m.point, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm) do update set measurements = measurements + excluded.measurements;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, m.point_norm, 'm', m.measured_norm, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_values (board_id, norm, kind, value, n) select c.board_id, m.point_norm, 'e', m.expected_norm, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null and m.expected_norm is not null
  on conflict (board_id, norm, kind, value) do update set n = n + excluded.n;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, m.point_norm, c.id, 1 from case_measurements m, (select new.id as id, new.board_id as board_id) c where m.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
  insert into board_points (board_id, norm, point, components) select c.board_id, x.designator_norm, x.designator, 1 from case_components x, (select new.id as id, new.board_id as board_id) c where x.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm) do update set components = components + excluded.components;
  insert into board_point_cases (board_id, norm, case_id, n) select c.board_id, x.designator_norm, c.id, 1 from case_components x, (select new.id as id, new.board_id as board_id) c where x.case_id = c.id and new.published = 1 and new.board_id is not null
  on conflict (board_id, norm, case_id) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger board_points_cases_bd before delete on repair_cases begin
  delete from case_measurements where case_id = old.id;
  delete from case_components where case_id = old.id;
end;
--> statement-breakpoint
insert or ignore into board_content (board_id, norm, manufacturer_id) select id, norm, manufacturer_id from boards;
--> statement-breakpoint
update board_content set documents = (select count(*) from document_boards l join documents d on d.id = l.document_id where l.board_id = board_content.board_id and (d.visibility = 'public' and d.status = 'available')), threads = (select count(*) from threads t where t.board_id = board_content.board_id and t.published = 1), cases = (select count(*) from repair_cases c where c.board_id = board_content.board_id and c.published = 1);
--> statement-breakpoint
insert into board_keyed_documents (user_id, board_id, n)
  select user_id, board_id, count(*) from (
    select d.owner_id as user_id, l.board_id as board_id from document_boards l join documents d on d.id = l.document_id where d.owner_id is not null and not (d.visibility = 'public' and d.status = 'available')
    union all
    select s.user_id, l.board_id from document_boards l join documents d on d.id = l.document_id join document_shares s on s.document_id = d.id where (d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id)))
  group by user_id, board_id;
--> statement-breakpoint
insert into board_points (board_id, norm, point, measurements, components)
  select board_id, norm, min(point), sum(mm), sum(cc) from (
    select c.board_id as board_id, m.point_norm as norm, m.point as point, 1 as mm, 0 as cc from case_measurements m join repair_cases c on c.id = m.case_id where c.published = 1 and c.board_id is not null
    union all
    select c.board_id, x.designator_norm, x.designator, 0, 1 from case_components x join repair_cases c on c.id = x.case_id where c.published = 1 and c.board_id is not null)
  group by board_id, norm;
--> statement-breakpoint
insert into board_point_values (board_id, norm, kind, value, n)
  select board_id, norm, kind, value, count(*) from (
    select c.board_id as board_id, m.point_norm as norm, 'm' as kind, m.measured_norm as value from case_measurements m join repair_cases c on c.id = m.case_id where c.published = 1 and c.board_id is not null
    union all
    select c.board_id, m.point_norm, 'e', m.expected_norm from case_measurements m join repair_cases c on c.id = m.case_id where c.published = 1 and c.board_id is not null and m.expected_norm is not null)
  group by board_id, norm, kind, value;
--> statement-breakpoint
insert into board_point_cases (board_id, norm, case_id, n)
  select board_id, norm, case_id, count(*) from (
    select c.board_id as board_id, m.point_norm as norm, c.id as case_id from case_measurements m join repair_cases c on c.id = m.case_id where c.published = 1 and c.board_id is not null
    union all
    select c.board_id, x.designator_norm, c.id from case_components x join repair_cases c on c.id = x.case_id where c.published = 1 and c.board_id is not null)
  group by board_id, norm, case_id;
