-- A key's list walks the owner's documents that are not public and available (documentRule.ownOnly) newest
-- first. documents_owner_idx holds every document of the owner, so that walk read the owner's public rows too
-- (about nine in ten) and each one's row to test its state: ~300 of a keyed list's ~380 rows read at 100,000
-- documents. This index holds only the own-only rows, in the list's order; SQLite uses a partial index when the
-- query's condition names the same terms (its bound values are matched after binding).
create index `documents_own_only_idx` on `documents` (`owner_id`, `created_at`, `id`) where not (`visibility` = 'public' and `status` = 'available');
