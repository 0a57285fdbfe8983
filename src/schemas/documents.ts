import { BoardviewSummarySchema } from "./boardviews";
import { z } from "@hono/zod-openapi";
import { DateTimeSchema, DocumentStatusSchema, DocumentTypeSchema, IdSchema, UrlSchema, VisibilitySchema } from "./common";

export const DocumentSchema = z
  .object({
    id: IdSchema,
    title: z.string(),
    type: DocumentTypeSchema,
    status: DocumentStatusSchema,
    visibility: VisibilitySchema,
    is_owner: z.boolean().openapi({ description: "True when the caller's key owner uploaded it" }),
    manufacturer: z.string().nullable(),
    boards: z.array(z.string()).openapi({ description: "Board numbers" }),
    extension: z.string().nullable(),
    size_bytes: z.number().int().nullable(),
    page_count: z.number().int().nullable(),
    downloads: z.number().int(),
    created_at: DateTimeSchema.nullable(),
    url: UrlSchema,
  })
  .openapi("Document");

export const VersionSchema = z
  .object({
    version: z.number().int(),
    filename: z.string(),
    size_bytes: z.number().int(),
    changelog: z.string().nullable().optional(),
    created_at: DateTimeSchema,
    is_current: z.boolean(),
  })
  .openapi("Version");

export const DocumentDetailSchema = DocumentSchema.extend({
  description: z.string().nullable(),
  chipset: z.string().nullable().optional(),
  board_revision: z.string().nullable().optional(),
  language: z.string().nullable().optional(),
  source_note: z.string().nullable().optional(),
  owner: z.string().nullable().openapi({ description: "Username of the uploader" }),
  tags: z.array(z.string()),
  has_text: z.boolean().optional().openapi({ description: "Whether page text was extracted (searchable)" }),
  viewer: z.string().nullable().optional().openapi({ description: "How a page can show the file inline: pdf, image, text, or null" }),
  executable: z.boolean().openapi({ description: "True for a program or a file whose content is one; run only if its origin is trusted" }),
  sha256: z.string().nullable(),
  versions: z.array(VersionSchema),
  boardview: BoardviewSummarySchema.nullable()
    .optional()
    .openapi({ description: "A boardview's summary (counts of parts, pins, nets, test points); null when the document is not one" }),
  status_reason: z.string().nullable().optional().openapi({
    description:
      "Why an available file gave no values (a values file with no ID line, for a board the library does not know or the document does not name, or with no rows), or why it was rejected; in the reader's language; null otherwise",
  }),
}).openapi("DocumentDetail");

export const DownloadUrlSchema = z
  .object({ url: UrlSchema.openapi({ description: "Signed address of the current version" }), expires_at: DateTimeSchema })
  .openapi("DownloadUrl");
