// Building blocks of the API shapes (spec §2).
import { z } from "@hono/zod-openapi";
import { ID_PATTERN } from "../core/ids";

export const IdSchema = z.string().regex(ID_PATTERN).openapi({ example: "01JBGJ09TQM83XSSSS6YS3C4DW", description: "26-character ULID" });
export const DateTimeSchema = z.string().openapi({ format: "date-time", example: "2026-10-01T10:00:00.000Z" });
export const UrlSchema = z.string().openapi({ format: "uri", example: "https://example.org/en/forum/01JBGJ09TQM83XSSSS6YS3C4DW/no-power" });

export const DOCUMENT_TYPES = [
  "document",
  "software",
  "bios",
  "image",
  "video",
  "audio",
  "archive",
  "code",
  "model_3d",
  "schematic",
  "boardview",
  "datasheet",
  "service_manual",
  "other",
] as const;
export const DOCUMENT_STATUSES = ["processing", "available", "rejected", "removed", "takedown"] as const;
export const VISIBILITIES = ["private", "shared", "public"] as const;
export const THREAD_STATUSES = ["open", "locked", "solved", "closed"] as const;
export const OUTCOMES = ["fixed", "partially_fixed", "not_fixed", "unknown"] as const;
export const ROLES = ["user", "verified_technician", "contributor", "moderator", "admin"] as const;

export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES).openapi("DocumentType");
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES).openapi("DocumentStatus");
export const VisibilitySchema = z.enum(VISIBILITIES).openapi("Visibility");
export const OutcomeSchema = z.enum(OUTCOMES).openapi("Outcome");

export const PageMetaSchema = z
  .object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() })
  .openapi("PageMeta");

/**
 * A registered (named) schema or null. Not `.nullable()`: on a named schema zod-openapi writes
 * `allOf: [$ref, {type: [object, null]}]`, which null never satisfies; a union gives `anyOf: [$ref, {type: null}]`.
 */
export function nullableRef<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

export function dataOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ data: item }).openapi(name);
}

export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ data: z.array(item), meta: PageMetaSchema }).openapi(name);
}
