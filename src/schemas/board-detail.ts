// The board as a hub (issue 31): the spec's BoardDetail plus, additively, its newest threads and cases, its
// counts and the values measured on it; and the answer about one point of a board.
import { z } from "@hono/zod-openapi";
import { BoardCountsSchema, BoardPointSchema, BoardSchema, ValueCountSchema } from "./boards";
import { RepairCaseSchema } from "./cases";
import { DocumentSchema } from "./documents";
import { ThreadSchema } from "./forum";
import { BoardviewHoldingSchema } from "./boardviews";
import { ReferenceNoteSchema, ReferencePartSchema, ReferenceValueSchema } from "./reference";

/** Threads and cases a board's detail shows: the newest visible ones. */
export const BOARD_NEWEST = 10;

export const BoardDetailSchema = BoardSchema.extend({
  status: z.string(),
  board_code: z.string().nullable(),
  platform: z.string().nullable(),
  codename: z.string().nullable(),
  aliases: z.array(z.string()),
  documents: z.array(DocumentSchema),
  threads: z.array(ThreadSchema).openapi({ description: `The newest ${BOARD_NEWEST} visible threads about the board` }),
  cases: z.array(RepairCaseSchema).openapi({ description: `The newest ${BOARD_NEWEST} visible repair cases of the board` }),
  counts: BoardCountsSchema,
  points: z
    .array(BoardPointSchema)
    .openapi({ description: "Nets and designators measured or changed on the board, most measured first, then the nets with reference values" }),
  notes: z
    .array(ReferenceNoteSchema)
    .optional()
    .openapi({ description: "Diagnosis notes of the board's visible reference documents, in the file's words and order" }),
}).openapi("BoardDetail");

export const PointDocumentSchema = DocumentSchema.extend({
  pages: z.array(z.number().int()).openapi({ description: "Pages (from 1) whose text mentions the point" }),
}).openapi("PointDocument");

export const BoardPointDetailSchema = z
  .object({
    board: BoardSchema,
    point: z
      .string()
      .openapi({ example: "PPBUS_G3H", description: "As its first source writes it: a case, else a boardview, else a reference document" }),
    norm: z.string().openapi({ example: "PPBUSG3H" }),
    expected: z.array(ValueCountSchema).openapi({ description: "Expected values reported in visible cases, most frequent first" }),
    measured: z.array(ValueCountSchema).openapi({ description: "Measured values reported in visible cases, most frequent first" }),
    reference: z
      .array(ReferenceValueSchema)
      .openapi({ description: "Known-good values from the board's visible reference documents, each with its kind, note and source" }),
    parts: z
      .array(ReferencePartSchema)
      .optional()
      .openapi({ description: "For a designator: the component's value, package and code in the board's visible reference documents" }),
    cases: z.array(RepairCaseSchema).openapi({ description: "Visible cases that measured or changed the point, newest first" }),
    threads: z.array(ThreadSchema).openapi({ description: "Visible threads about the board that mention the point" }),
    documents: z.array(PointDocumentSchema).openapi({ description: "Visible documents of the board whose page text mentions the point" }),
    boardviews: z
      .array(BoardviewHoldingSchema)
      .openapi({ description: "Visible boardviews of the board that hold the point as a part or a net, with its side and position" }),
  })
  .openapi("BoardPointDetail");
