import { z } from "@hono/zod-openapi";
import { UrlSchema } from "./common";
import { DocumentSchema } from "./documents";

export const BoardSchema = z
  .object({
    number: z.string().openapi({ example: "820-00165" }),
    norm: z.string().openapi({ example: "82000165", description: "Upper case, letters and digits only" }),
    manufacturer: z.string().nullable(),
    url: UrlSchema,
  })
  .openapi("Board");

export const BoardDetailSchema = BoardSchema.extend({
  status: z.string(),
  board_code: z.string().nullable(),
  platform: z.string().nullable(),
  codename: z.string().nullable(),
  aliases: z.array(z.string()),
  documents: z.array(DocumentSchema),
}).openapi("BoardDetail");
