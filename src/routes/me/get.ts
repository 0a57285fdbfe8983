import { KEY_READ } from "../../auth/scopes";
import { dataOf } from "../../schemas/common";
import { MeSchema } from "../../schemas/me";
import { apiRoute, createRouter } from "../define";

const route = apiRoute(KEY_READ, [], {
  operationId: "getMe",
  method: "get",
  path: "/me",
  tags: ["Account"],
  summary: "Who am I",
  description: "The key's owner and the key itself.",
  responses: { 200: { description: "The caller", content: { "application/json": { schema: dataOf(MeSchema, "MeResponse") } } } },
});

export const getMeRoute = createRouter().openapi(route, (c) => {
  // requireAccess(KEY_READ) has run: a viewer is present.
  const v = c.get("viewer")!;
  return c.json(
    {
      data: {
        username: v.username,
        name: v.name,
        role: v.role as "user",
        locale: v.locale,
        key: { name: v.keyName, scopes: v.scopes, expires_at: v.keyExpiresAt },
      },
    },
    200,
  );
});
