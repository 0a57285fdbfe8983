// The change feed's tables (migrations/0011_changes.sql, written by triggers; src/changes/feed.ts).
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per change of an item, in commit order: a fact ("this item changed"), never who may see it. */
export const changes = sqliteTable(
  "changes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("changes_item_idx").on(t.kind, t.itemId, t.seq), index("changes_at_idx").on(t.at), index("changes_kind_at_idx").on(t.kind, t.at)],
);

/** Who the feed told about an item as an upsert: reader 0 is every caller, else a user id. */
export const changeReaders = sqliteTable(
  "change_readers",
  {
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    reader: integer("reader").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.reader] })],
);

/** Publications set for later, moved into `changes` when due. */
export const changesDue = sqliteTable(
  "changes_due",
  {
    kind: text("kind").notNull(),
    itemId: text("item_id").notNull(),
    dueAt: text("due_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.dueAt] }), index("changes_due_at_idx").on(t.dueAt)],
);
