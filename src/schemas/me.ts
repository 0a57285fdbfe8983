import { z } from "@hono/zod-openapi";
import { SCOPES } from "./scopes";
import { DateTimeSchema, ROLES } from "./common";

export const MeSchema = z
  .object({
    username: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    locale: z.string(),
    key: z.object({ name: z.string(), scopes: z.array(z.enum(SCOPES)), expires_at: DateTimeSchema.nullable() }),
  })
  .openapi("Me");
