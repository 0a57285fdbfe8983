import { OPEN_READ } from "../../auth/scopes";
import { getDocument } from "../../db/queries/document-detail";
import { notFound } from "../../http/problem";
import { dataOf } from "../../schemas/common";
import { DocumentDetailSchema } from "../../schemas/documents";
import { apiRoute, createRouter } from "../define";
import { idParam, requireId } from "../params";
import { queryContext } from "../../http/request-queries";

const route = apiRoute(OPEN_READ, ["not-found"], {
  operationId: "getDocument",
  method: "get",
  path: "/documents/{document}",
  tags: ["Library"],
  summary: "Get a document",
  description: "Metadata, versions and boards of one document visible to the caller.",
  request: { params: idParam("document", "Document") },
  responses: { 200: { description: "The document", content: { "application/json": { schema: dataOf(DocumentDetailSchema, "DocumentResponse") } } } },
});

export const getDocumentRoute = createRouter().openapi(route, async (c) => {
  const document = await getDocument(queryContext(c), requireId(c.req.valid("param").document, "document"));
  if (!document) throw notFound("document");
  return c.json({ data: document }, 200);
});
