-- Exact totals without scanning (issue 16): one counter row per list and filter value the API offers,
-- kept by triggers, so `meta.total` is one primary-key read instead of a count over every matching row.
--   documents  public and available (what anyone may see): all, t:<type>, b:<board id>, t:<type>:b:<board id>
--   threads    published: all, c:<category id>
--   posts      published_at set (scheduled posts included; readers subtract the few still in the future): all, tag:<slug>, author:<user id>
--   cases      published (same rule for a future published_at): all, o:<outcome>, b:<board id>, b:<board id>:o:<outcome>
--   boards     all
-- Keyed views add the viewer's own and shared rows to the public counter (src/db/queries/counts.ts).
-- Orders the lists read page by page (without them a page sorted every matching row first).
create index repair_cases_newest_idx on repair_cases (published, coalesce(published_at, created_at), id);
create index threads_recent_idx on threads (published, last_activity_at, id);
create index threads_category_recent_idx on threads (category_id, published, last_activity_at, id);

create table list_counts (list text not null, key text not null, n integer not null, primary key (list, key)) without rowid;

create trigger list_counts_documents_ai after insert on documents when new.visibility = 'public' and new.status = 'available' begin
  insert into list_counts (list, key, n)
  select 'documents', k, 1 from (select 'all' as k union all select 't:' || new.type union all select 'b:' || board_id from document_boards where document_id = new.id union all select 't:' || new.type || ':b:' || board_id from document_boards where document_id = new.id)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_documents_au after update of visibility, status, type on documents when (old.visibility = 'public' and old.status = 'available') or (new.visibility = 'public' and new.status = 'available') begin
  insert into list_counts (list, key, n)
  select 'documents', k, -1 from (select 'all' as k union all select 't:' || old.type union all select 'b:' || board_id from document_boards where document_id = old.id union all select 't:' || old.type || ':b:' || board_id from document_boards where document_id = old.id)
  where old.visibility = 'public' and old.status = 'available'
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents', k, 1 from (select 'all' as k union all select 't:' || new.type union all select 'b:' || board_id from document_boards where document_id = new.id union all select 't:' || new.type || ':b:' || board_id from document_boards where document_id = new.id)
  where new.visibility = 'public' and new.status = 'available'
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_documents_bd before delete on documents when old.visibility = 'public' and old.status = 'available' begin
  delete from document_boards where document_id = old.id;
  insert into list_counts (list, key, n)
  select 'documents', k, -1 from (select 'all' as k union all select 't:' || old.type)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_document_boards_ai after insert on document_boards begin
  insert into list_counts (list, key, n)
  select 'documents', k, 1 from (select 'b:' || new.board_id as k union all select 't:' || d.type || ':b:' || new.board_id from documents d where d.id = new.document_id)
  where exists (select 1 from documents d where d.id = new.document_id and d.visibility = 'public' and d.status = 'available')
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_document_boards_ad after delete on document_boards begin
  insert into list_counts (list, key, n)
  select 'documents', k, -1 from (select 'b:' || old.board_id as k union all select 't:' || d.type || ':b:' || old.board_id from documents d where d.id = old.document_id)
  where exists (select 1 from documents d where d.id = old.document_id and d.visibility = 'public' and d.status = 'available')
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_document_boards_au after update of board_id, document_id on document_boards begin
  insert into list_counts (list, key, n)
  select 'documents', k, -1 from (select 'b:' || old.board_id as k union all select 't:' || d.type || ':b:' || old.board_id from documents d where d.id = old.document_id)
  where exists (select 1 from documents d where d.id = old.document_id and d.visibility = 'public' and d.status = 'available')
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents', k, 1 from (select 'b:' || new.board_id as k union all select 't:' || d.type || ':b:' || new.board_id from documents d where d.id = new.document_id)
  where exists (select 1 from documents d where d.id = new.document_id and d.visibility = 'public' and d.status = 'available')
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_threads_ai after insert on threads when new.published = 1 begin
  insert into list_counts (list, key, n)
  select 'threads', k, 1 from (select 'all' as k union all select 'c:' || new.category_id)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_threads_au after update of published, category_id on threads begin
  insert into list_counts (list, key, n)
  select 'threads', k, -1 from (select 'all' as k union all select 'c:' || old.category_id)
  where old.published = 1
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'threads', k, 1 from (select 'all' as k union all select 'c:' || new.category_id)
  where new.published = 1
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_threads_ad after delete on threads when old.published = 1 begin
  insert into list_counts (list, key, n)
  select 'threads', k, -1 from (select 'all' as k union all select 'c:' || old.category_id)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_posts_ai after insert on blog_posts when new.published_at is not null begin
  insert into list_counts (list, key, n)
  select 'posts', k, 1 from (select 'all' as k union all select 'author:' || new.author_id where new.author_id is not null union all select 'tag:' || slug from blog_post_tags where post_id = new.id)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_posts_au after update of published_at, author_id on blog_posts begin
  insert into list_counts (list, key, n)
  select 'posts', k, -1 from (select 'all' as k union all select 'author:' || old.author_id where old.author_id is not null union all select 'tag:' || slug from blog_post_tags where post_id = old.id)
  where old.published_at is not null
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'posts', k, 1 from (select 'all' as k union all select 'author:' || new.author_id where new.author_id is not null union all select 'tag:' || slug from blog_post_tags where post_id = new.id)
  where new.published_at is not null
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_posts_bd before delete on blog_posts when old.published_at is not null begin
  delete from blog_post_tags where post_id = old.id;
  insert into list_counts (list, key, n)
  select 'posts', k, -1 from (select 'all' as k union all select 'author:' || old.author_id where old.author_id is not null)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_post_tags_ai after insert on blog_post_tags begin
  insert into list_counts (list, key, n)
  select 'posts', k, 1 from (select 'tag:' || new.slug as k)
  where exists (select 1 from blog_posts p where p.id = new.post_id and p.published_at is not null)
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_post_tags_ad after delete on blog_post_tags begin
  insert into list_counts (list, key, n)
  select 'posts', k, -1 from (select 'tag:' || old.slug as k)
  where exists (select 1 from blog_posts p where p.id = old.post_id and p.published_at is not null)
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_post_tags_au after update of slug, post_id on blog_post_tags begin
  insert into list_counts (list, key, n)
  select 'posts', k, -1 from (select 'tag:' || old.slug as k)
  where exists (select 1 from blog_posts p where p.id = old.post_id and p.published_at is not null)
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'posts', k, 1 from (select 'tag:' || new.slug as k)
  where exists (select 1 from blog_posts p where p.id = new.post_id and p.published_at is not null)
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_cases_ai after insert on repair_cases when new.published = 1 begin
  insert into list_counts (list, key, n)
  select 'cases', k, 1 from (select 'all' as k union all select 'o:' || new.outcome union all select 'b:' || new.board_id where new.board_id is not null union all select 'b:' || new.board_id || ':o:' || new.outcome where new.board_id is not null)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_cases_au after update of published, board_id, outcome on repair_cases begin
  insert into list_counts (list, key, n)
  select 'cases', k, -1 from (select 'all' as k union all select 'o:' || old.outcome union all select 'b:' || old.board_id where old.board_id is not null union all select 'b:' || old.board_id || ':o:' || old.outcome where old.board_id is not null)
  where old.published = 1
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'cases', k, 1 from (select 'all' as k union all select 'o:' || new.outcome union all select 'b:' || new.board_id where new.board_id is not null union all select 'b:' || new.board_id || ':o:' || new.outcome where new.board_id is not null)
  where new.published = 1
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_cases_ad after delete on repair_cases when old.published = 1 begin
  insert into list_counts (list, key, n)
  select 'cases', k, -1 from (select 'all' as k union all select 'o:' || old.outcome union all select 'b:' || old.board_id where old.board_id is not null union all select 'b:' || old.board_id || ':o:' || old.outcome where old.board_id is not null)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_boards_ai after insert on boards begin
  insert into list_counts (list, key, n)
  select 'boards', k, 1 from (select 'all' as k)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

create trigger list_counts_boards_ad after delete on boards begin
  insert into list_counts (list, key, n)
  select 'boards', k, -1 from (select 'all' as k)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;

-- Backfill from the rows already there.
insert into list_counts (list, key, n) select 'documents', 'all', count(*) from documents where visibility = 'public' and status = 'available';
insert into list_counts (list, key, n) select 'documents', 't:' || type, count(*) from documents where visibility = 'public' and status = 'available' group by type;
insert into list_counts (list, key, n) select 'documents', 'b:' || db.board_id, count(*) from document_boards db join documents d on d.id = db.document_id where d.visibility = 'public' and d.status = 'available' group by db.board_id;
insert into list_counts (list, key, n) select 'documents', 't:' || d.type || ':b:' || db.board_id, count(*) from document_boards db join documents d on d.id = db.document_id where d.visibility = 'public' and d.status = 'available' group by d.type, db.board_id;
insert into list_counts (list, key, n) select 'threads', 'all', count(*) from threads where published = 1;
insert into list_counts (list, key, n) select 'threads', 'c:' || category_id, count(*) from threads where published = 1 group by category_id;
insert into list_counts (list, key, n) select 'posts', 'all', count(*) from blog_posts where published_at is not null;
insert into list_counts (list, key, n) select 'posts', 'author:' || author_id, count(*) from blog_posts where published_at is not null and author_id is not null group by author_id;
insert into list_counts (list, key, n) select 'posts', 'tag:' || t.slug, count(*) from blog_post_tags t join blog_posts p on p.id = t.post_id where p.published_at is not null group by t.slug;
insert into list_counts (list, key, n) select 'cases', 'all', count(*) from repair_cases where published = 1;
insert into list_counts (list, key, n) select 'cases', 'o:' || outcome, count(*) from repair_cases where published = 1 group by outcome;
insert into list_counts (list, key, n) select 'cases', 'b:' || board_id, count(*) from repair_cases where published = 1 and board_id is not null group by board_id;
insert into list_counts (list, key, n) select 'cases', 'b:' || board_id || ':o:' || outcome, count(*) from repair_cases where published = 1 and board_id is not null group by board_id, outcome;
insert into list_counts (list, key, n) select 'boards', 'all', count(*) from boards;
