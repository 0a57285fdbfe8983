-- The edge cache's generation (src/http/edge-invalidation.ts): part of every edge cache key, raised by the operator
-- commands that hide a document at once (documents:takedown, documents:restore, documents:delete), so no location
-- serves a copy made before them; each isolate reads it at most once a second.
create table if not exists `edge_generation` (
  `id` integer primary key check (`id` = 1),
  `generation` integer not null
);
--> statement-breakpoint
insert or ignore into `edge_generation` (`id`, `generation`) values (1, 0);
