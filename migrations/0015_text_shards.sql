-- Page text moves out of the primary database into the text shards (TEXT_SHARDS in wrangler.toml,
-- migrations-text/, src/text/shards.ts). Each document records the shard holding its pages, chosen when its
-- text is first stored and never changed, and whether any page has text (the document's has_text field,
-- read without touching the shard). Text stored before this migration stays in document_pages here and is
-- still searched and deleted with its document.
ALTER TABLE `documents` ADD `text_shard` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `has_text` integer DEFAULT false NOT NULL;--> statement-breakpoint
update documents set has_text = 1 where exists (select 1 from document_pages p where p.document_id = documents.id and length(p.text) > 0);
