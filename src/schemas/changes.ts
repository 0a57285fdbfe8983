// The change feed's shape (GET /changes; src/changes/feed.ts).
import { z } from "@hono/zod-openapi";
import { DateTimeSchema, UrlSchema } from "./common";

/** What the feed names: every kind of item a mirror may hold. */
export const CHANGE_KINDS = ["document", "thread", "post", "case", "board"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const ChangeSchema = z
  .object({
    kind: z.enum(CHANGE_KINDS).openapi({ description: "What changed: a document, thread (its replies included), blog post, repair case or board" }),
    id: z.string().openapi({ description: "The item's id (a board: its number)", example: "01JBGJ09TQM83XSSSS6YS3C4DW" }),
    change: z.enum(["upsert", "delete"]).openapi({
      description: "upsert: the caller can see the item now (read it at url); delete: the caller can no longer see it (remove it from a copy)",
    }),
    at: DateTimeSchema.openapi({ description: "When the change was made" }),
    url: z.union([UrlSchema, z.null()]).openapi({ description: "The item's address; null for a delete" }),
  })
  .openapi("Change");

export const ChangesPageSchema = z
  .object({
    data: z.array(ChangeSchema),
    meta: z.object({
      next: z
        .string()
        .openapi({ description: "Send as since to continue after these changes (also when has_more is false: to poll for later ones)" }),
      has_more: z.boolean().openapi({ description: "More changes follow now: read again with since=next at once" }),
    }),
  })
  .openapi("ChangesPage");
