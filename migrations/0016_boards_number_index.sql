-- The change feed names a board by its number (spec: a board's id is its number) and looks each logged board
-- up by it; without an index every board change of a feed page scanned the boards table (bench:cost: a first
-- page of 200 board changes read 10,909 rows over 3,000 boards).
create index if not exists `boards_number_idx` on `boards` (`number`);
