-- Search scope (src/search/scope.ts): a query naming a board, model or product line lists that board's
-- threads first, newest first, when the rest of the query matches none of them; without an index each
-- such search scanned every thread.
create index if not exists `threads_board_idx` on `threads` (`board_id`, `created_at`);
