-- A page of documents shows each document's board numbers. Reading them through document_boards and boards
-- cost about two rows per document on every list (issue 16); this copy on the document row costs none. Triggers
-- keep it equal to what the join gives (link order, then number) whenever a link or a board number changes.
ALTER TABLE `documents` ADD `board_numbers` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
create trigger documents_board_numbers_links_ai after insert on document_boards begin
  update documents set board_numbers = (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = new.document_id order by db.position, b.number)) where id = new.document_id;
end;
--> statement-breakpoint
create trigger documents_board_numbers_links_ad after delete on document_boards begin
  update documents set board_numbers = (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = old.document_id order by db.position, b.number)) where id = old.document_id;
end;
--> statement-breakpoint
create trigger documents_board_numbers_links_au after update on document_boards begin
  update documents set board_numbers = (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = documents.id order by db.position, b.number)) where id in (old.document_id, new.document_id);
end;
--> statement-breakpoint
-- Links written before their document (the importer defers foreign keys within a batch): the new row picks them up.
create trigger documents_board_numbers_documents_ai after insert on documents when exists (select 1 from document_boards where document_id = new.id) begin
  update documents set board_numbers = (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = new.id order by db.position, b.number)) where id = new.id;
end;
--> statement-breakpoint
create trigger documents_board_numbers_boards_au after update of number on boards when old.number is not new.number begin
  update documents set board_numbers = (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = documents.id order by db.position, b.number)) where id in (select document_id from document_boards where board_id = new.id);
end;
--> statement-breakpoint
update documents set board_numbers = (select json_group_array(number) from (select b.number from document_boards db join boards b on b.id = db.board_id where db.document_id = documents.id order by db.position, b.number)) where exists (select 1 from document_boards where document_id = documents.id);
