// Board knowledge (migrations/0020_board_knowledge.sql): tables kept by triggers, read by src/db/queries/board-*.ts.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Per board: public and available documents, published threads and cases. Listed for everyone when any is above zero. */
export const boardContent = sqliteTable("board_content", {
  boardId: integer("board_id").primaryKey(),
  norm: text("norm").notNull(),
  manufacturerId: integer("manufacturer_id"),
  documents: integer("documents").notNull().default(0),
  threads: integer("threads").notNull().default(0),
  cases: integer("cases").notNull().default(0),
});

/** Per (user, board): documents the user sees beyond the public ones (own-only and shared with the user). */
export const boardKeyedDocuments = sqliteTable(
  "board_keyed_documents",
  { userId: integer("user_id").notNull(), boardId: integer("board_id").notNull(), n: integer("n").notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.boardId] })],
);

/** Per (board, point norm): measurements and component changes in published cases. */
export const boardPoints = sqliteTable(
  "board_points",
  {
    boardId: integer("board_id").notNull(),
    norm: text("norm").notNull(),
    point: text("point").notNull(),
    measurements: integer("measurements").notNull().default(0),
    components: integer("components").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.norm] })],
);

/** Per (board, point norm, kind e = expected | m = measured, normalised value): how often it was reported. */
export const boardPointValues = sqliteTable(
  "board_point_values",
  {
    boardId: integer("board_id").notNull(),
    norm: text("norm").notNull(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.norm, t.kind, t.value] })],
);

/** Per (board, point norm, case): the cases that measured or changed the point. */
export const boardPointCases = sqliteTable(
  "board_point_cases",
  { boardId: integer("board_id").notNull(), norm: text("norm").notNull(), caseId: text("case_id").notNull(), n: integer("n").notNull() },
  (t) => [primaryKey({ columns: [t.boardId, t.norm, t.caseId] })],
);
