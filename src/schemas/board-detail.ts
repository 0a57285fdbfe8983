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

/** A box on a page: fractions of the page's width and height, origin at the top-left (as drawn on screen). */
export const PlaceBoxSchema = z
  .object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })
  .openapi("PlaceBox", { example: { x: 0.412, y: 0.238, w: 0.041, h: 0.011 } });

export const PointPlaceSchema = z
  .object({
    page: z.number().int().openapi({ example: 2 }),
    boxes: z.array(PlaceBoxSchema).openapi({ description: "Where the name is printed on the page, one box per time" }),
  })
  .openapi("PointPlace");

export const PointDocumentSchema = DocumentSchema.extend({
  pages: z.array(z.number().int()).openapi({ description: "Pages (from 1) whose text mentions the point" }),
  places: z.array(PointPlaceSchema).openapi({
    description:
      "The pages printing the point's name as a word (a KiCad net by its label: `/IO/X1` prints `X1`), with where it stands, best first: " +
      "a page naming more of the point's neighbours in the board's boardviews (a part's nets, a net's parts) before one that lists it. " +
      "Read for the first 48 pages mentioning the point.",
    example: [
      { page: 2, boxes: [{ x: 0.412, y: 0.238, w: 0.041, h: 0.011 }] },
      { page: 1, boxes: [{ x: 0.08, y: 0.12, w: 0.05, h: 0.012 }] },
    ],
  }),
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
