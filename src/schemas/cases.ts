import { z } from "@hono/zod-openapi";
import { DateTimeSchema, IdSchema, OutcomeSchema, UrlSchema } from "./common";

export const RepairCaseSchema = z
  .object({
    id: IdSchema,
    title: z.string(),
    outcome: OutcomeSchema,
    symptom: z.string(),
    device_model: z.string().nullable(),
    board: z.string().nullable().openapi({ description: "Board number" }),
    manufacturer: z.string().nullable(),
    author: z.string().nullable(),
    published_at: DateTimeSchema.nullable(),
    url: UrlSchema,
  })
  .openapi("RepairCase");

const LinkSchema = z.object({ id: IdSchema, title: z.string(), url: UrlSchema });

export const RepairCaseDetailSchema = RepairCaseSchema.extend({
  board_revision: z.string().nullable().optional(),
  diagnosis: z.string().openapi({ description: "Markdown" }),
  diagnosis_html: z.string(),
  fix: z.string().nullable(),
  fix_html: z.string().nullable(),
  minutes_spent: z.number().int().nullable().optional(),
  edited_at: DateTimeSchema.nullable().optional(),
  measurements: z.array(z.object({ point: z.string(), expected: z.string().nullable(), measured: z.string(), note: z.string().nullable() })),
  components: z.array(z.object({ designator: z.string(), part_number: z.string().nullable(), action: z.string(), note: z.string().nullable() })),
  documents: z.array(LinkSchema),
  thread: LinkSchema.nullable(),
}).openapi("RepairCaseDetail");
