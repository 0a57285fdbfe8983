-- The change feed (GET /changes, issue 23; docs/lists-and-changes.md). Triggers log one fact per change of
-- an item, whatever wrote it (uploads becoming available, edits, imports, publication, admin takedown, restore
-- and delete, sharing, replies): "this item changed", never who may see it. What each caller is told is decided
-- when the feed is read, by the one visibility rule (src/auth/visibility.ts): upsert if the caller can see the
-- item now, delete if not but the feed once told this caller (or everyone) about it (change_readers), else
-- nothing.
create table `changes` (
  `seq` integer primary key autoincrement,
  `kind` text not null, -- document | thread | post | case | board
  `item_id` text not null, -- the item's id; a board's number
  `at` text not null -- when the change was made (ISO 8601, UTC)
);
--> statement-breakpoint
create index `changes_item_idx` on `changes` (`kind`, `item_id`, `seq`);
--> statement-breakpoint
create index `changes_at_idx` on `changes` (`at`);
--> statement-breakpoint
-- Which callers the feed has told about an item as an upsert: reader 0 is every caller (an anonymous read),
-- else a user id (a keyed read). A delete goes only to them: a tombstone never names an item its reader could
-- never see.
create table `change_readers` (
  `kind` text not null,
  `item_id` text not null,
  `reader` integer not null,
  primary key (`kind`, `item_id`, `reader`)
) without rowid;
--> statement-breakpoint
-- Publication set for later (a post's or a case's published_at ahead): the item changes for readers then, not
-- when the row was written. Moved into `changes` when due, by the feed's own read and by the scheduled sweep.
create table `changes_due` (
  `kind` text not null,
  `item_id` text not null,
  `due_at` text not null,
  primary key (`kind`, `item_id`, `due_at`)
) without rowid;
--> statement-breakpoint
create index `changes_due_at_idx` on `changes_due` (`due_at`);
--> statement-breakpoint
create trigger changes_documents_ai after insert on documents begin
  insert into changes (kind, item_id, at) values ('document', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_documents_au after update of title, type, status, visibility, owner_id, manufacturer_id, description, chipset, board_revision, language, source_note, tags, executable, current_version, page_count, board_numbers on documents begin
  insert into changes (kind, item_id, at) values ('document', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_documents_ad after delete on documents begin
  insert into changes (kind, item_id, at) values ('document', old.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_document_shares_ai after insert on document_shares begin
  insert into changes (kind, item_id, at) values ('document', new.document_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_document_shares_ad after delete on document_shares begin
  insert into changes (kind, item_id, at) values ('document', old.document_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_document_versions_ai after insert on document_versions begin
  insert into changes (kind, item_id, at) values ('document', new.document_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_document_boards_ai after insert on document_boards begin
  insert into changes (kind, item_id, at) select 'board', number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from boards where id = new.board_id;
end;
--> statement-breakpoint
create trigger changes_document_boards_ad after delete on document_boards begin
  insert into changes (kind, item_id, at) select 'board', number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from boards where id = old.board_id;
end;
--> statement-breakpoint
create trigger changes_boards_ai after insert on boards begin
  insert into changes (kind, item_id, at) values ('board', new.number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_boards_au after update on boards begin
  insert into changes (kind, item_id, at) select 'board', old.number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where old.number is not new.number;
  insert into changes (kind, item_id, at) values ('board', new.number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_boards_ad after delete on boards begin
  insert into changes (kind, item_id, at) values ('board', old.number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_board_aliases_ai after insert on board_aliases begin
  insert into changes (kind, item_id, at) select 'board', number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from boards where id = new.board_id;
end;
--> statement-breakpoint
create trigger changes_board_aliases_ad after delete on board_aliases begin
  insert into changes (kind, item_id, at) select 'board', number, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') from boards where id = old.board_id;
end;
--> statement-breakpoint
create trigger changes_threads_ai after insert on threads begin
  insert into changes (kind, item_id, at) values ('thread', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_threads_au after update on threads begin
  insert into changes (kind, item_id, at) values ('thread', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_threads_ad after delete on threads begin
  insert into changes (kind, item_id, at) values ('thread', old.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_thread_replies_ai after insert on thread_replies begin
  insert into changes (kind, item_id, at) values ('thread', new.thread_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_thread_replies_au after update on thread_replies begin
  insert into changes (kind, item_id, at) values ('thread', new.thread_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_thread_replies_ad after delete on thread_replies begin
  insert into changes (kind, item_id, at) values ('thread', old.thread_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_blog_posts_ai after insert on blog_posts begin
  insert into changes (kind, item_id, at) values ('post', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
  insert or ignore into changes_due (kind, item_id, due_at) select 'post', new.id, new.published_at where new.published_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
end;
--> statement-breakpoint
create trigger changes_blog_posts_au after update of title, excerpt, author_id, body, body_html, reading_minutes, published_at, edited_at on blog_posts begin
  insert into changes (kind, item_id, at) values ('post', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
  insert or ignore into changes_due (kind, item_id, due_at) select 'post', new.id, new.published_at where new.published_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
end;
--> statement-breakpoint
create trigger changes_blog_posts_ad after delete on blog_posts begin
  insert into changes (kind, item_id, at) values ('post', old.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_blog_post_tags_ai after insert on blog_post_tags begin
  insert into changes (kind, item_id, at) values ('post', new.post_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_blog_post_tags_ad after delete on blog_post_tags begin
  insert into changes (kind, item_id, at) values ('post', old.post_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_blog_comments_ai after insert on blog_comments begin
  insert into changes (kind, item_id, at) values ('post', new.post_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_blog_comments_ad after delete on blog_comments begin
  insert into changes (kind, item_id, at) values ('post', old.post_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_repair_cases_ai after insert on repair_cases begin
  insert into changes (kind, item_id, at) values ('case', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
  insert or ignore into changes_due (kind, item_id, due_at) select 'case', new.id, new.published_at where new.published_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
end;
--> statement-breakpoint
create trigger changes_repair_cases_au after update on repair_cases begin
  insert into changes (kind, item_id, at) values ('case', new.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
  insert or ignore into changes_due (kind, item_id, due_at) select 'case', new.id, new.published_at where new.published_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
end;
--> statement-breakpoint
create trigger changes_repair_cases_ad after delete on repair_cases begin
  insert into changes (kind, item_id, at) values ('case', old.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_case_measurements_ai after insert on case_measurements begin
  insert into changes (kind, item_id, at) values ('case', new.case_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_case_measurements_ad after delete on case_measurements begin
  insert into changes (kind, item_id, at) values ('case', old.case_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_case_components_ai after insert on case_components begin
  insert into changes (kind, item_id, at) values ('case', new.case_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_case_components_ad after delete on case_components begin
  insert into changes (kind, item_id, at) values ('case', old.case_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_case_documents_ai after insert on case_documents begin
  insert into changes (kind, item_id, at) values ('case', new.case_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
create trigger changes_case_documents_ad after delete on case_documents begin
  insert into changes (kind, item_id, at) values ('case', old.case_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
end;
--> statement-breakpoint
-- What exists already, once, oldest first: a mirror that starts from the beginning gets every item.
insert into changes (kind, item_id, at) select kind, item_id, at from (
  select 'board' as kind, number as item_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') as at from boards
  union all select 'document', id, created_at from documents
  union all select 'thread', id, created_at from threads
  union all select 'post', id, coalesce(published_at, created_at) from blog_posts where published_at is null or published_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  union all select 'case', id, coalesce(published_at, created_at) from repair_cases where published_at is null or published_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
) order by at;
--> statement-breakpoint
insert or ignore into changes_due (kind, item_id, due_at)
  select 'post', id, published_at from blog_posts where published_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  union all select 'case', id, published_at from repair_cases where published_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
