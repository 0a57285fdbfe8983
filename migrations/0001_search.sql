-- Search index (FTS5) and the triggers that keep it in sync. Generated from src/search/index-sql.ts
-- by `npm run search:rebuild -- --print-migration`; a test checks they match. Rebuild: npm run search:rebuild.

create table search_keys (n integer primary key autoincrement, kind text not null, id text not null, unique (kind, id));

create virtual table search_documents using fts5(type, title, codes, meta, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_documents_recent using fts5(type, title, codes, meta, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_threads using fts5(title, codes, body, replies, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_threads_recent using fts5(title, codes, body, replies, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_posts using fts5(title, tags, excerpt, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_cases using fts5(title, codes, symptom, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_cases_recent using fts5(title, codes, symptom, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create virtual table search_boards using fts5(number, info, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create trigger search_keys_ai after insert on search_keys begin
  delete from search_documents_recent where rowid = new.n - 20000 + 4503599627370496;
  delete from search_documents_recent where rowid in (select k.n * 1048576 + p.page from search_keys k join document_pages p on p.document_id = k.id where k.n = new.n - 20000 and k.kind = 'document');
  delete from search_threads_recent where rowid = new.n - 20000;
  delete from search_cases_recent where rowid = new.n - 20000;
end;

create trigger search_documents_ai after insert on documents begin
  insert or ignore into search_keys (kind, id) values ('document', new.id);
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where d.id = new.id;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where (d.id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_documents_au after update of title, type, manufacturer_id, chipset, board_revision, tags, description on documents begin
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where d.id = new.id;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where (d.id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_documents_type_au after update of type on documents when old.type is not new.type begin
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(d.type, '_', '')), null, null, null, p.text
  from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id
  where p.page between 0 and 1048575 and p.document_id = new.id;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(d.type, '_', '')), null, null, null, p.text
  from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id
  where (p.page between 0 and 1048575 and p.document_id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_documents_ad after delete on documents begin
  delete from search_documents where rowid in (select k.n * 1048576 + p.page from document_pages p join search_keys k on k.kind = 'document' and k.id = old.id where p.document_id = old.id);
  delete from search_documents_recent where rowid in (select k.n * 1048576 + p.page from document_pages p join search_keys k on k.kind = 'document' and k.id = old.id where p.document_id = old.id);
  delete from search_documents where rowid = (select n from search_keys where kind = 'document' and id = old.id) + 4503599627370496;
  delete from search_documents_recent where rowid = (select n from search_keys where kind = 'document' and id = old.id) + 4503599627370496;
  delete from search_keys where kind = 'document' and id = old.id;
end;

create trigger search_document_pages_ai after insert on document_pages begin
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(d.type, '_', '')), null, null, null, p.text
  from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id
  where p.page between 0 and 1048575 and p.document_id = new.document_id and p.page = new.page;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(d.type, '_', '')), null, null, null, p.text
  from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id
  where (p.page between 0 and 1048575 and p.document_id = new.document_id and p.page = new.page) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_document_pages_au after update on document_pages begin
  delete from search_documents where rowid = (select n from search_keys where kind = 'document' and id = old.document_id) * 1048576 + old.page;
  delete from search_documents_recent where rowid = (select n from search_keys where kind = 'document' and id = old.document_id) * 1048576 + old.page;
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(d.type, '_', '')), null, null, null, p.text
  from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id
  where p.page between 0 and 1048575 and p.document_id = new.document_id and p.page = new.page;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(d.type, '_', '')), null, null, null, p.text
  from document_pages p join documents d on d.id = p.document_id join search_keys k on k.kind = 'document' and k.id = d.id
  where (p.page between 0 and 1048575 and p.document_id = new.document_id and p.page = new.page) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_document_pages_ad after delete on document_pages begin
  delete from search_documents where rowid = (select n from search_keys where kind = 'document' and id = old.document_id) * 1048576 + old.page;
  delete from search_documents_recent where rowid = (select n from search_keys where kind = 'document' and id = old.document_id) * 1048576 + old.page;
end;

create trigger search_document_boards_ai after insert on document_boards begin
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where d.id = new.document_id;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where (d.id = new.document_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_document_boards_ad after delete on document_boards begin
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where d.id = old.document_id;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where (d.id = old.document_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_threads_ai after insert on threads begin
  insert or ignore into search_keys (kind, id) values ('thread', new.id);
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.id = new.id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_threads_au after update of title, body, board_id on threads begin
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.id = new.id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_threads_ad after delete on threads begin
  delete from search_threads where rowid = (select n from search_keys where kind = 'thread' and id = old.id);
  delete from search_threads_recent where rowid = (select n from search_keys where kind = 'thread' and id = old.id);
  delete from search_keys where kind = 'thread' and id = old.id;
end;

create trigger search_thread_replies_ai after insert on thread_replies begin
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.id = new.thread_id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.id = new.thread_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_thread_replies_au after update of body, hidden, thread_id on thread_replies begin
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.id = old.thread_id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.id = old.thread_id) and k.n > (select max(n) from search_keys) - 20000;
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.id = new.thread_id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.id = new.thread_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_thread_replies_ad after delete on thread_replies begin
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.id = old.thread_id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.id = old.thread_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_posts_ai after insert on blog_posts begin
  insert or ignore into search_keys (kind, id) values ('post', new.id);
  insert or replace into search_posts (rowid, title, tags, excerpt, body)
  select k.n, p.title, (select group_concat(tag, ' ') from blog_post_tags t where t.post_id = p.id), p.excerpt, p.body
  from blog_posts p join search_keys k on k.kind = 'post' and k.id = p.id
  where p.id = new.id;
end;

create trigger search_posts_au after update of title, excerpt, body on blog_posts begin
  insert or replace into search_posts (rowid, title, tags, excerpt, body)
  select k.n, p.title, (select group_concat(tag, ' ') from blog_post_tags t where t.post_id = p.id), p.excerpt, p.body
  from blog_posts p join search_keys k on k.kind = 'post' and k.id = p.id
  where p.id = new.id;
end;

create trigger search_posts_ad after delete on blog_posts begin
  delete from search_posts where rowid = (select n from search_keys where kind = 'post' and id = old.id);
  delete from search_keys where kind = 'post' and id = old.id;
end;

create trigger search_post_tags_ai after insert on blog_post_tags begin
  insert or replace into search_posts (rowid, title, tags, excerpt, body)
  select k.n, p.title, (select group_concat(tag, ' ') from blog_post_tags t where t.post_id = p.id), p.excerpt, p.body
  from blog_posts p join search_keys k on k.kind = 'post' and k.id = p.id
  where p.id = new.post_id;
end;

create trigger search_post_tags_ad after delete on blog_post_tags begin
  insert or replace into search_posts (rowid, title, tags, excerpt, body)
  select k.n, p.title, (select group_concat(tag, ' ') from blog_post_tags t where t.post_id = p.id), p.excerpt, p.body
  from blog_posts p join search_keys k on k.kind = 'post' and k.id = p.id
  where p.id = old.post_id;
end;

create trigger search_cases_ai after insert on repair_cases begin
  insert or ignore into search_keys (kind, id) values ('case', new.id);
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = new.id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_cases_au after update of title, symptom, device_model, board_id, manufacturer_id, diagnosis, fix on repair_cases begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = new.id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_cases_ad after delete on repair_cases begin
  delete from search_cases where rowid = (select n from search_keys where kind = 'case' and id = old.id);
  delete from search_cases_recent where rowid = (select n from search_keys where kind = 'case' and id = old.id);
  delete from search_keys where kind = 'case' and id = old.id;
end;

create trigger search_case_components_ai after insert on case_components begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = new.case_id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = new.case_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_case_components_au after update on case_components begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = new.case_id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = new.case_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_case_components_ad after delete on case_components begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = old.case_id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = old.case_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_case_measurements_ai after insert on case_measurements begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = new.case_id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = new.case_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_case_measurements_au after update on case_measurements begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = new.case_id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = new.case_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_case_measurements_ad after delete on case_measurements begin
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.id = old.case_id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.id = old.case_id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_boards_ai after insert on boards begin
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.id = new.id;
end;

create trigger search_boards_au after update on boards begin
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.id = new.id;
end;

create trigger search_boards_number_au after update of number, norm on boards when old.number is not new.number or old.norm is not new.norm begin
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where d.id in (select document_id from document_boards where board_id = new.id);
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where (d.id in (select document_id from document_boards where board_id = new.id)) and k.n > (select max(n) from search_keys) - 20000;
  insert or replace into search_threads (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where t.board_id = new.id;
  insert or replace into search_threads_recent (rowid, title, codes, body, replies)
  select k.n, t.title, (select b.number || ' ' || b.norm from boards b where b.id = t.board_id), t.body,
    (select group_concat(body, ' ') from (select substr(r.body, 1, 4000) as body from thread_replies r where r.thread_id = t.id and r.hidden = 0 order by r.created_at, r.id limit 200))
  from threads t join search_keys k on k.kind = 'thread' and k.id = t.id
  where (t.board_id = new.id) and k.n > (select max(n) from search_keys) - 20000;
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.board_id = new.id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.board_id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;

create trigger search_boards_ad after delete on boards begin
  delete from search_boards where rowid = old.id;
end;

create trigger search_board_aliases_ai after insert on board_aliases begin
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.id = new.board_id;
end;

create trigger search_board_aliases_au after update on board_aliases begin
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.id = old.board_id;
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.id = new.board_id;
end;

create trigger search_board_aliases_ad after delete on board_aliases begin
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.id = old.board_id;
end;

create trigger search_manufacturers_au after update of name on manufacturers when old.name is not new.name begin
  insert or replace into search_boards (rowid, number, info)
  select b.id, b.number || ' ' || b.norm || ' ' || ifnull((select group_concat(a.alias || ' ' || a.norm, ' ') from board_aliases a where a.board_id = b.id), ''),
    ifnull(b.codename, '') || ' ' || ifnull(b.platform, '') || ' ' || ifnull(b.board_code, '') || ' ' || ifnull((select name from manufacturers m where m.id = b.manufacturer_id), '')
  from boards b
  where b.manufacturer_id = new.id;
  insert or replace into search_documents (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where d.manufacturer_id = new.id;
  insert or replace into search_documents_recent (rowid, type, title, codes, meta, body)
  select k.n + 4503599627370496, 'zqxtype' || lower(replace(d.type, '_', '')), d.title,
    (select group_concat(b.number || ' ' || b.norm, ' ') from document_boards db join boards b on b.id = db.board_id where db.document_id = d.id),
    ifnull((select name from manufacturers m where m.id = d.manufacturer_id), '') || ' ' || ifnull(d.chipset, '') || ' ' || ifnull(d.board_revision, '') || ' ' || d.tags || ' ' || ifnull(d.description, ''),
    null
  from documents d join search_keys k on k.kind = 'document' and k.id = d.id
  where (d.manufacturer_id = new.id) and k.n > (select max(n) from search_keys) - 20000;
  insert or replace into search_cases (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where c.manufacturer_id = new.id;
  insert or replace into search_cases_recent (rowid, title, codes, symptom, body)
  select k.n, c.title,
    ifnull((select b.number || ' ' || b.norm from boards b where b.id = c.board_id), '') || ' ' || ifnull(c.device_model, '') || ' ' || ifnull((select name from manufacturers m where m.id = c.manufacturer_id), '') || ' ' ||
    ifnull((select group_concat(x.designator || ifnull(' ' || x.part_number || ' ' || upper(replace(replace(replace(replace(replace(x.part_number, '-', ''), ' ', ''), '_', ''), '.', ''), '/', '')), ''), ' ') from case_components x where x.case_id = c.id), ''),
    c.symptom,
    c.diagnosis || ' ' || ifnull(c.fix, '') || ' ' || ifnull((select group_concat(m.point || ifnull(' ' || m.note, ''), ' ') from case_measurements m where m.case_id = c.id), '')
  from repair_cases c join search_keys k on k.kind = 'case' and k.id = c.id
  where (c.manufacturer_id = new.id) and k.n > (select max(n) from search_keys) - 20000;
end;
