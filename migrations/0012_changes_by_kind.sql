-- The Atom feeds' tombstones (RFC 6721) read one kind's latest changes: an index in that order.
create index if not exists `changes_kind_at_idx` on `changes` (`kind`, `at`);
