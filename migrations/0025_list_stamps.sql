-- The stamp of the public document list (src/db/queries/page-anchors.ts): a new random value whenever a write
-- moves a row into, out of or within the list of public, available documents (insert, delete, a change of
-- visibility, status, type, created_at or id). Anchors of deep pages are kept per stamp and read with it in one
-- batch, so an anchor made before such a write is never used. Random, not a count: a database restored to an
-- earlier state and written again never repeats a stamp an isolate still holds. 53 bits (`random() >> 11`), so it
-- reads back exactly as a JavaScript number.
create table if not exists `list_stamps` (`list` text primary key not null, `stamp` integer not null) without rowid;
--> statement-breakpoint
insert or ignore into `list_stamps` (`list`, `stamp`) values ('documents', random() >> 11);
--> statement-breakpoint
create trigger `list_stamps_documents_ai` after insert on `documents` when new.visibility = 'public' and new.status = 'available' begin
  update list_stamps set stamp = random() >> 11 where list = 'documents';
end;
--> statement-breakpoint
create trigger `list_stamps_documents_au` after update of visibility, status, type, created_at, id on `documents`
when ((old.visibility = 'public' and old.status = 'available') or (new.visibility = 'public' and new.status = 'available'))
  and (old.visibility is not new.visibility or old.status is not new.status or old.type is not new.type
    or old.created_at is not new.created_at or old.id is not new.id) begin
  update list_stamps set stamp = random() >> 11 where list = 'documents';
end;
--> statement-breakpoint
create trigger `list_stamps_documents_ad` after delete on `documents` when old.visibility = 'public' and old.status = 'available' begin
  update list_stamps set stamp = random() >> 11 where list = 'documents';
end;
