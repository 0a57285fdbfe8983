-- Exact keyed totals without counting rows (issue 26): a key's `meta.total` on the document list was the public
-- counter (0002) plus two counts over rows, the owner's own-only documents and the documents shared with the
-- caller, which read every such row on every request. These counters hold those two parts of the visibility rule
-- (src/auth/visibility.ts, documentRule) per user, and a third for `mine=true` (every document the user owns):
--   documents_own     documentRule.ownOnly(u):     owner_id = u and not (public and available)       u:<id>, u:<id>:t:<type>
--   documents_shared  share row (d, u) with documentRule.sharedState(u): shared, available,
--                     owner null or not u                                                          u:<id>, u:<id>:t:<type>
--   documents_owned   owner_id = u, any state                                                       u:<id>, u:<id>:t:<type>
-- Writers: documents (insert; update of owner_id, visibility, status, type; delete) and document_shares (insert,
-- delete, update). A document's delete removes its share rows first (before delete, as 0002 does for board links)
-- so their trigger still sees the document; the foreign key's cascade would run after the row is gone.
-- Two terms per compound select: D1 allows few (six failed with "too many terms in compound SELECT").
-- Filters by board or visibility still count rows (src/db/queries/documents.ts says why).
create trigger list_counts_keyed_documents_ai after insert on documents begin
  insert into list_counts (list, key, n)
  select 'documents_owned', k, 1 from (select 'u:' || new.owner_id as k where new.owner_id is not null
    union all select 'u:' || new.owner_id || ':t:' || new.type where new.owner_id is not null)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_own', k, 1 from (select 'u:' || new.owner_id as k where new.owner_id is not null and not (new.visibility = 'public' and new.status = 'available')
    union all select 'u:' || new.owner_id || ':t:' || new.type where new.owner_id is not null and not (new.visibility = 'public' and new.status = 'available'))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_shared', k, 1 from (select 'u:' || s.user_id as k from document_shares s where s.document_id = new.id and new.visibility = 'shared' and new.status = 'available' and (new.owner_id is null or new.owner_id <> s.user_id)
    union all select 'u:' || s.user_id || ':t:' || new.type from document_shares s where s.document_id = new.id and new.visibility = 'shared' and new.status = 'available' and (new.owner_id is null or new.owner_id <> s.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger list_counts_keyed_documents_au after update of owner_id, visibility, status, type on documents begin
  insert into list_counts (list, key, n)
  select 'documents_owned', k, -1 from (select 'u:' || old.owner_id as k where old.owner_id is not null
    union all select 'u:' || old.owner_id || ':t:' || old.type where old.owner_id is not null)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_own', k, -1 from (select 'u:' || old.owner_id as k where old.owner_id is not null and not (old.visibility = 'public' and old.status = 'available')
    union all select 'u:' || old.owner_id || ':t:' || old.type where old.owner_id is not null and not (old.visibility = 'public' and old.status = 'available'))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_shared', k, -1 from (select 'u:' || s.user_id as k from document_shares s where s.document_id = old.id and old.visibility = 'shared' and old.status = 'available' and (old.owner_id is null or old.owner_id <> s.user_id)
    union all select 'u:' || s.user_id || ':t:' || old.type from document_shares s where s.document_id = old.id and old.visibility = 'shared' and old.status = 'available' and (old.owner_id is null or old.owner_id <> s.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_owned', k, 1 from (select 'u:' || new.owner_id as k where new.owner_id is not null
    union all select 'u:' || new.owner_id || ':t:' || new.type where new.owner_id is not null)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_own', k, 1 from (select 'u:' || new.owner_id as k where new.owner_id is not null and not (new.visibility = 'public' and new.status = 'available')
    union all select 'u:' || new.owner_id || ':t:' || new.type where new.owner_id is not null and not (new.visibility = 'public' and new.status = 'available'))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_shared', k, 1 from (select 'u:' || s.user_id as k from document_shares s where s.document_id = new.id and new.visibility = 'shared' and new.status = 'available' and (new.owner_id is null or new.owner_id <> s.user_id)
    union all select 'u:' || s.user_id || ':t:' || new.type from document_shares s where s.document_id = new.id and new.visibility = 'shared' and new.status = 'available' and (new.owner_id is null or new.owner_id <> s.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger list_counts_keyed_documents_bd before delete on documents begin
  delete from document_shares where document_id = old.id;
end;
--> statement-breakpoint
create trigger list_counts_keyed_documents_ad after delete on documents when old.owner_id is not null begin
  insert into list_counts (list, key, n)
  select 'documents_owned', k, -1 from (select 'u:' || old.owner_id as k
    union all select 'u:' || old.owner_id || ':t:' || old.type)
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_own', k, -1 from (select 'u:' || old.owner_id as k where not (old.visibility = 'public' and old.status = 'available')
    union all select 'u:' || old.owner_id || ':t:' || old.type where not (old.visibility = 'public' and old.status = 'available'))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger list_counts_keyed_document_shares_ai after insert on document_shares begin
  insert into list_counts (list, key, n)
  select 'documents_shared', k, 1 from (select 'u:' || new.user_id as k from documents d where d.id = new.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> new.user_id)
    union all select 'u:' || new.user_id || ':t:' || d.type from documents d where d.id = new.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> new.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger list_counts_keyed_document_shares_ad after delete on document_shares begin
  insert into list_counts (list, key, n)
  select 'documents_shared', k, -1 from (select 'u:' || old.user_id as k from documents d where d.id = old.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> old.user_id)
    union all select 'u:' || old.user_id || ':t:' || d.type from documents d where d.id = old.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> old.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
create trigger list_counts_keyed_document_shares_au after update of document_id, user_id on document_shares begin
  insert into list_counts (list, key, n)
  select 'documents_shared', k, -1 from (select 'u:' || old.user_id as k from documents d where d.id = old.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> old.user_id)
    union all select 'u:' || old.user_id || ':t:' || d.type from documents d where d.id = old.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> old.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
  insert into list_counts (list, key, n)
  select 'documents_shared', k, 1 from (select 'u:' || new.user_id as k from documents d where d.id = new.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> new.user_id)
    union all select 'u:' || new.user_id || ':t:' || d.type from documents d where d.id = new.document_id and d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> new.user_id))
  where true
  on conflict (list, key) do update set n = n + excluded.n;
end;
--> statement-breakpoint
-- Backfill from the rows already there.
insert into list_counts (list, key, n) select 'documents_owned', 'u:' || owner_id, count(*) from documents where owner_id is not null group by owner_id;
--> statement-breakpoint
insert into list_counts (list, key, n) select 'documents_owned', 'u:' || owner_id || ':t:' || type, count(*) from documents where owner_id is not null group by owner_id, type;
--> statement-breakpoint
insert into list_counts (list, key, n) select 'documents_own', 'u:' || owner_id, count(*) from documents where owner_id is not null and not (visibility = 'public' and status = 'available') group by owner_id;
--> statement-breakpoint
insert into list_counts (list, key, n) select 'documents_own', 'u:' || owner_id || ':t:' || type, count(*) from documents where owner_id is not null and not (visibility = 'public' and status = 'available') group by owner_id, type;
--> statement-breakpoint
insert into list_counts (list, key, n) select 'documents_shared', 'u:' || s.user_id, count(*) from document_shares s join documents d on d.id = s.document_id where d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id) group by s.user_id;
--> statement-breakpoint
insert into list_counts (list, key, n) select 'documents_shared', 'u:' || s.user_id || ':t:' || d.type, count(*) from document_shares s join documents d on d.id = s.document_id where d.visibility = 'shared' and d.status = 'available' and (d.owner_id is null or d.owner_id <> s.user_id) group by s.user_id, d.type;
