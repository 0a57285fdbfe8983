-- The text databases' generation (src/text/generation.ts): raised in the primary's batch that makes newly written
-- page text count (a processed document marked available, an import's batch recording its documents' shards),
-- always after the pages are on their text database. Search remembers per isolate which words a text database
-- lacks and skips asking it for them; each skip is checked against this number in the ranking's own batch, and a
-- raised one means the search runs again, asking every text database (src/search/shard-absence.ts).
create table if not exists `text_generation` (
  `id` integer primary key check (`id` = 1),
  `generation` integer not null
);
--> statement-breakpoint
insert or ignore into `text_generation` (`id`, `generation`) values (1, 0);
