// Ingestion shapes (spec §2.13, §2.14, §4.6): Capabilities, UploadStatus and the upload form.
import { z } from "@hono/zod-openapi";
import { DocumentStatusSchema, DocumentTypeSchema, IdSchema, UrlSchema, VisibilitySchema } from "./common";
import { fieldMsg, fieldText } from "../core/messages/fields";
import { BOARDVIEW_CATALOGUE, BOARDVIEW_FORMAT_IDS } from "../boardview-formats";

export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const EXTERNAL_ID_MAX = 128;
export const MAX_LIST_ITEMS = 10;
/** Not in the spec: a board number or tag longer than this is not one. */
export const MAX_LIST_ITEM_LENGTH = 100;

export const BoardviewFormatSchema = z
  .object({
    format: z
      .string()
      .openapi({ example: BOARDVIEW_FORMAT_IDS[0], description: `As a boardview summary names it: ${BOARDVIEW_FORMAT_IDS.join(", ")}` }),
    name: z.string().openapi({ example: BOARDVIEW_CATALOGUE[0].name }),
    extensions: z.array(z.string()),
    variants: z.array(z.string()),
    reads: z.array(z.string()).openapi({ description: "What is read from its files" }),
    unit: z.enum(["mil", "mm", "inch", "unknown"]).openapi({ description: "The unit of its positions (mm where a file says so)" }),
    key_secret: z
      .string()
      .optional()
      .openapi({ description: "The secret the operator sets for its encrypted variant; without it such files stay unread, with the reason" }),
  })
  .openapi("BoardviewFormat");

export const CapabilitiesSchema = z
  .object({
    api_version: z.number().int(),
    default_visibility: VisibilitySchema,
    uploads_per_hour: z.number().int(),
    recommended_concurrency: z.number().int().optional().openapi({ description: "How many uploads a client should run at once" }),
    can_publish: z.boolean().openapi({ description: "Whether this key may upload with a visibility other than private (library:publish)" }),
    formats: z
      .array(
        z.object({
          extension: z.string().openapi({ example: "pdf" }),
          type: DocumentTypeSchema.optional().openapi({ description: "Document type given to files of this extension when the upload names none" }),
          max_bytes: z.number().int().nullable(),
        }),
      )
      .openapi({ description: "Known formats and their size caps (never above the platform's request-body ceiling)" }),
    any_extension: z.boolean().optional().openapi({ description: "Whether extensions not in formats are accepted (as type other)" }),
    other_max_bytes: z.number().int().nullable().optional(),
    blocked: z.array(z.string()).optional().openapi({ description: "Extensions always refused" }),
    quota: z.object({ used_bytes: z.number().int(), limit_bytes: z.number().int().nullable().openapi({ description: "null: unlimited" }) }),
    boardview_formats: z
      .array(BoardviewFormatSchema)
      .optional()
      .openapi({ description: "The boardview formats read from uploads of boardview extensions (the content decides the format)" }),
  })
  .openapi("Capabilities");

export const UploadStatusSchema = z
  .object({
    id: IdSchema,
    title: z.string(),
    status: DocumentStatusSchema,
    visibility: VisibilitySchema,
    sha256: z.string().nullable().optional(),
    size_bytes: z.number().int().nullable().optional(),
    page_count: z.number().int().nullable().optional(),
    url: UrlSchema,
    status_reason: z.string().nullable().optional().openapi({
      description: "Why the upload was rejected, or why an available file gave no values (an OpenBoardData file for another board); null otherwise",
    }),
  })
  .openapi("UploadStatus");

export const UploadResponseSchema = z
  .object({ data: UploadStatusSchema, replayed: z.boolean().openapi({ description: "True when this answers a repeat of an earlier upload" }) })
  .openapi("UploadResponse");

export const UploadStatusResponseSchema = z.object({ data: UploadStatusSchema }).openapi("UploadStatusResponse");

const NUL = "\u0000";
function text(max: number) {
  return z
    .string()
    .max(max, { error: fieldText(fieldMsg.atMostChars({ max })) })
    .refine((s) => !s.includes(NUL), { error: fieldText(fieldMsg.noNul()) });
}
const listItem = text(MAX_LIST_ITEM_LENGTH).refine((s) => s.trim().length > 0, { error: fieldText(fieldMsg.notEmpty()) });
const list = z.array(listItem).max(MAX_LIST_ITEMS, { error: fieldText(fieldMsg.atMostItems({ max: MAX_LIST_ITEMS })) });

/**
 * The metadata fields of POST /uploads as they arrive in multipart/form-data (text values; lists
 * as repeated fields). Validation of the form and its OpenAPI description both come from here.
 */
export const UploadFieldsSchema = z.object({
  external_id: z
    .string({ error: fieldText(fieldMsg.required()) })
    .min(1, { error: fieldText(fieldMsg.required()) })
    .max(EXTERNAL_ID_MAX, { error: fieldText(fieldMsg.atMostChars({ max: EXTERNAL_ID_MAX })) })
    .regex(EXTERNAL_ID_PATTERN, { error: fieldText(fieldMsg.externalIdChars()) })
    .openapi({ description: "Your id for this upload: the idempotency key", example: "scan-2026-0001" }),
  title: text(200).optional().openapi({ description: "Defaults to the file name without its extension" }),
  type: DocumentTypeSchema.optional().openapi({ description: "Defaults to the type of the file's extension (see /capabilities)" }),
  description: text(5000).optional(),
  visibility: VisibilitySchema.optional().openapi({ description: "Default private; forced to private unless the key holds library:publish" }),
  rights_attested: z
    .enum(["true", "false", "1", "0"], { error: fieldText(fieldMsg.trueOrFalse()) })
    .transform((v) => v === "true" || v === "1")
    .optional()
    .openapi({ description: "Must be true for public uploads" }),
  manufacturer_id: z
    .string()
    .regex(/^[0-9]{1,9}$/, { error: fieldText(fieldMsg.positiveInteger()) })
    .transform(Number)
    .optional()
    .openapi({ description: "Integer id of a known manufacturer" }),
  boards: list.optional().openapi({ description: "Board numbers (repeat the field, at most 10)" }),
  chipset: text(120).optional(),
  board_revision: text(40).optional(),
  language: text(8).optional(),
  source_note: text(500).optional(),
  tags: list.optional().openapi({ description: "Tags (repeat the field, at most 10)" }),
});

export type UploadFields = z.output<typeof UploadFieldsSchema>;

/** The request body as OpenAPI shows it: the fields plus the one file part. */
export const UploadFormSchema = UploadFieldsSchema.extend({
  file: z.string().openapi({ format: "binary", description: "The file (one part). Its extension and size are checked against /capabilities" }),
}).openapi("UploadForm");
