-- A text shard: page text and its full-text index. Generated from src/text/shard-schema.ts
-- (pageIndexSchemaStatements); a test checks they match. Applied to every TEXT_* database of wrangler.toml.

create table page_keys (n integer primary key autoincrement, document_id text not null unique, type text not null default '');

create table document_pages (document_id text not null, page integer not null, text text not null, primary key (document_id, page));

create virtual table page_index using fts5(type, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2');

create trigger document_pages_ai after insert on document_pages begin
  insert or replace into page_index (rowid, type, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(k.type, '_', '')), p.text
  from document_pages p join page_keys k on k.document_id = p.document_id
  where p.page between 0 and 1048575 and p.document_id = new.document_id and p.page = new.page;
end;

create trigger document_pages_au after update on document_pages begin
  delete from page_index where rowid = (select n from page_keys where document_id = old.document_id) * 1048576 + old.page;
  insert or replace into page_index (rowid, type, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(k.type, '_', '')), p.text
  from document_pages p join page_keys k on k.document_id = p.document_id
  where p.page between 0 and 1048575 and p.document_id = new.document_id and p.page = new.page;
end;

create trigger document_pages_ad after delete on document_pages begin
  delete from page_index where rowid = (select n from page_keys where document_id = old.document_id) * 1048576 + old.page;
end;

create trigger page_keys_type_au after update of type on page_keys when old.type is not new.type begin
  insert or replace into page_index (rowid, type, body)
  select k.n * 1048576 + p.page, 'zqxtype' || lower(replace(k.type, '_', '')), p.text
  from document_pages p join page_keys k on k.document_id = p.document_id
  where p.page between 0 and 1048575 and p.document_id = new.document_id;
end;
