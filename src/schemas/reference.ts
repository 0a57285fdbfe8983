// Reference values (docs/reference.md): known-good values per net a document gives a board (an OpenBoardData file,
// a boardview's readings), with the document as their source; component values and the file's diagnosis notes.
import { z } from "@hono/zod-openapi";
import { IdSchema, UrlSchema } from "./common";

export const REFERENCE_KINDS = ["diode", "voltage", "resistance"] as const;
/** A reading's kind: the three reference kinds, and a current for a case's draw readings. */
export const VALUE_KINDS = [...REFERENCE_KINDS, "current"] as const;

export const ReferenceSourceSchema = z
  .object({
    document: IdSchema.openapi({ description: "The document the value comes from (GET /documents/{document})" }),
    title: z.string(),
    url: UrlSchema,
  })
  .openapi("ReferenceSource");

export const ReferenceValueSchema = z
  .object({
    kind: z.enum(REFERENCE_KINDS).openapi({ description: "diode (a diode-mode reading), voltage (normal voltage) or resistance (to ground)" }),
    value: z.string().openapi({ example: "100 kΩ", description: "Normalised as case values are (100K → 100 kΩ, 4.2M → 4.2 MΩ, ol → OL)" }),
    note: z.string().nullable().openapi({ description: "The row's comment in the file's words" }),
    source: ReferenceSourceSchema,
  })
  .openapi("ReferenceValue");

export const ReferencePartSchema = z
  .object({
    designator: z.string().openapi({ example: "R7000" }),
    value: z.string().nullable().openapi({ example: "2k2" }),
    package: z.string().nullable(),
    code: z.string().nullable().openapi({ description: "The maker's part code" }),
    fitted: z.boolean().openapi({ description: "False when the file marks the part not fitted" }),
    source: ReferenceSourceSchema,
  })
  .openapi("ReferencePart");

export const ReferenceNoteSchema = z
  .object({
    section: z.string().nullable().openapi({ example: "Power Rails" }),
    title: z.string().nullable().openapi({ example: "S5" }),
    body: z.string().openapi({ description: "The note in the file's words; [n:NET] names a net, [p:PART:PIN] a part's pin" }),
    source: ReferenceSourceSchema,
  })
  .openapi("ReferenceNote");
