import { z } from "@hono/zod-openapi";
import { UrlSchema } from "./common";
import { VALUE_KINDS } from "./reference";

export const BoardSchema = z
  .object({
    number: z.string().openapi({ example: "820-00165" }),
    norm: z.string().openapi({ example: "82000165", description: "Upper case, letters and digits only" }),
    manufacturer: z.string().nullable(),
    url: UrlSchema,
  })
  .openapi("Board");

/** What the caller may see about a board: documents (the visibility rule), published threads and cases. */
export const BoardCountsSchema = z
  .object({ documents: z.number().int(), threads: z.number().int(), cases: z.number().int() })
  .openapi("BoardCounts", { description: "Only what the caller may see is counted" });

/** A board in GET /boards: the Board and its counts. */
export const BoardListItemSchema = BoardSchema.extend({ counts: BoardCountsSchema }).openapi("BoardListItem");

/** A value reported on a point, normalised (`12.60V` and `12,6 V` are `12.6 V`), and how many visible reports give it. */
export const ValueCountSchema = z
  .object({
    value: z.string().openapi({ example: "12.6 V" }),
    count: z.number().int(),
    kind: z.enum(VALUE_KINDS).nullable().optional().openapi({
      description:
        "diode, voltage, resistance or current: from the unit, or the case's words for a unitless reading (a diode heading); null when neither says",
    }),
  })
  .openapi("ValueCount");

/** A net or designator measured or changed on a board, in the board's detail. */
export const BoardPointSchema = z
  .object({
    point: z.string().openapi({ example: "PPBUS_G3H", description: "As first written in a case, else in a reference document" }),
    norm: z.string().openapi({ example: "PPBUSG3H", description: "Upper case without spaces, _, -, dots or a leading +" }),
    measurements: z.number().int().openapi({ description: "Visible measurements of the point" }),
    components: z.number().int().openapi({ description: "Visible component changes at the point (a designator)" }),
    expected: ValueCountSchema.nullable().openapi({ description: "The most reported expected value, or null" }),
    reference: z.number().int().optional().openapi({
      description: "Known-good values of the point in the caller's visible reference documents (OpenBoardData files, boardviews' readings)",
    }),
  })
  .openapi("BoardPoint");
