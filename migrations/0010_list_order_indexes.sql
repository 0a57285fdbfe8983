-- Every page of every list answers (issue 23): a page's ids are chosen from an index alone, so a skipped
-- row costs one index entry. Repair cases are listed by coalesce(published_at, created_at), id, which no
-- index held: each page sorted every published case. This index holds that order (and published_at, which
-- the visibility rule reads), so a page walks it, from either end.
create index if not exists `repair_cases_recent_idx` on `repair_cases` (`published`, coalesce(`published_at`, `created_at`), `id`, `published_at`);
