// A boardview's answers: its summary (on DocumentDetail too), one part, one net (GET /documents/{document}/boardview).
import { z } from "@hono/zod-openapi";
import { VisibilitySchema } from "./common";

const Side = z.enum(["top", "bottom"]);
/** The ids are listed by the BoardviewFormat schema (GET /capabilities), which the viewer's types do not load. */
const FORMATS_READ = "The format read: a BoardviewFormat's id (GET /capabilities describes each)";

export const BoardviewSummarySchema = z
  .object({
    format: z
      .string()
      .nullable()
      .openapi({ description: `${FORMATS_READ}; null when the file could not be read` }),
    unit: z
      .enum(["mil", "mm", "inch", "unknown"])
      .optional()
      .openapi({ description: "The unit of the file's positions (mil = inch/1000); absent on summaries stored before units were read" }),
    parts: z.number().int(),
    pins: z.number().int(),
    nets: z.number().int(),
    test_points: z.number().int(),
    reason: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "Why the file could not be read, or why reading stopped at a cap (the parts read are kept); null when read whole" }),
  })
  .openapi("BoardviewSummary");

export const BoardviewPartSchema = z
  .object({
    name: z.string(),
    side: Side,
    mounting: z.enum(["smd", "through_hole"]),
    x: z.number().openapi({ description: "The part's placement point, or the centre of its pins for formats that place only pins" }),
    y: z.number(),
    pins: z.array(
      z.object({
        x: z.number(),
        y: z.number(),
        net: z.string(),
        number: z.string().optional().openapi({ description: "The pin's number where the file has one (1, A3)" }),
        name: z.string().optional().openapi({ description: "The pin's name where the file has one (VCC, GND)" }),
      }),
    ),
    value: z.string().optional().openapi({ description: "The part's value or description where the file has one (10uF, 2k2)" }),
    box: z
      .object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() })
      .optional()
      .openapi({ description: "The part's bounding box where the file states one, in the file's units" }),
  })
  .openapi("BoardviewPart");

export const BoardviewNetSchema = z
  .object({
    name: z.string(),
    pins: z.array(z.object({ part: z.string(), x: z.number(), y: z.number(), side: Side })),
    parts: z.array(z.string()).openapi({ description: "The parts the net touches, in file order" }),
    test_points: z
      .array(z.object({ name: z.string(), x: z.number(), y: z.number(), side: Side }))
      .openapi({ description: "Where the net can be probed" }),
  })
  .openapi("BoardviewNet");

export const BoardviewQuerySchema = z.object({
  part: z.string().min(1).max(200).optional().openapi({
    description: "A part's designator: exactly, else a spelling that names one part once case and separators are set aside (u7000)",
    example: "U7000",
  }),
  net: z.string().min(1).max(200).optional().openapi({
    description:
      "A net's name: exactly, else a spelling that names one net once case and separators are set aside (ppbus g3h); signs +/-, /, # and ~ always count",
    example: "PPBUS_G3H",
  }),
});

const BoxSchema = z.object({ x1: z.number(), y1: z.number(), x2: z.number(), y2: z.number() });

export const BoardviewLayoutSchema = z
  .object({
    document: z.string().openapi({ description: "The boardview document's id" }),
    visibility: VisibilitySchema,
    format: z.string().openapi({ description: FORMATS_READ }),
    unit: z.enum(["mil", "mm", "inch", "unknown"]).openapi({ description: "The unit of every position (mil = inch/1000)" }),
    outline: z
      .array(z.array(z.number()))
      .openapi({ description: "The board's outline as polylines, each flat: [x0, y0, x1, y1, …]; empty when the file has none" }),
    parts: z
      .array(
        z.object({
          name: z.string(),
          side: Side,
          mounting: z.enum(["smd", "through_hole"]),
          x: z.number(),
          y: z.number(),
          box: BoxSchema.openapi({
            description:
              "Where the part is drawn: the box the file states when it holds the part's pins and reaches no further beyond them than half their larger extent (at least four pad margins); else the box of its pins widened by a pad's margin (10 mil, 0.25 mm); a part without pins: the file's box, else a square around its point",
          }),
          value: z.string().optional().openapi({ description: "The part's value where the file has one (10uF, 2k2)" }),
          drawn: z.literal(false).optional().openapi({
            description:
              "false for a part without pins whose box (else point) has its centre outside the board (the outline's bounds, else its pins'): a placeholder such as KiCad's REF** at (0, 0), kept in the answer but neither drawn nor fitted into the view; absent = drawn",
          }),
        }),
      )
      .openapi({ description: "Every part in file order; a pin's `part` is an index into this array" }),
    pins: z
      .object({
        x: z.array(z.number()),
        y: z.array(z.number()),
        part: z.array(z.number().int()).openapi({ description: "Index into `parts`" }),
        net: z.array(z.number().int()).openapi({ description: "Index into `nets`; -1 for a pin on no net" }),
        number: z
          .array(z.string())
          .optional()
          .openapi({ description: 'Present when the file numbers pins: each pin\'s number, "" where it has none' }),
        name: z.array(z.string()).optional().openapi({ description: 'Present when the file names pins: each pin\'s name, "" where it has none' }),
      })
      .openapi({
        description: "Every pin as columns of equal length (the i-th pin is x[i], y[i], part[i], net[i], …), grouped by part in file order",
      }),
    nets: z.array(z.string()).openapi({ description: "Net names in order of first use; the net answer (`?net=`) reads each one" }),
    readings: z
      .array(z.object({ net: z.string(), kind: z.enum(["diode", "voltage", "resistance"]), value: z.string() }))
      .openapi({ description: "Known-good readings the file itself carries (empty for most formats)" }),
  })
  .openapi("BoardviewLayout");

export type BoardviewLayout = z.infer<typeof BoardviewLayoutSchema>;
export type BoardviewSummary = z.infer<typeof BoardviewSummarySchema>;
export type BoardviewPart = z.infer<typeof BoardviewPartSchema>;
export type BoardviewNet = z.infer<typeof BoardviewNetSchema>;

export const BoardviewHoldingSchema = z
  .object({
    document: z.string().openapi({ description: "The boardview document's id (GET /documents/{document}/boardview answers its part or net)" }),
    format: z.string().nullable().openapi({ description: FORMATS_READ }),
    kind: z.enum(["part", "net"]).openapi({ description: "The point is a part (designator) or a net of the boardview" }),
    name: z.string().openapi({ description: "As the boardview writes it" }),
    side: Side,
    x: z.number().openapi({ description: "A part's placement point; for a net, its first test point, else its first pin" }),
    y: z.number(),
    url: z.string().url().openapi({ description: "The boardview's page with its viewer open on this part or net (?part= or ?net=)" }),
  })
  .openapi("BoardviewHolding");
