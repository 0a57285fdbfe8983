import { getDocument } from "../../db/queries/document-detail";
import { DocumentDetailSchema } from "../../schemas/documents";
import { itemOperation } from "../item-route";

export const getDocumentRoute = itemOperation(
  {
    operationId: "getDocument",
    path: "/documents/{document}",
    tags: ["Library"],
    summary: "Get a document",
    description: "Metadata, versions and boards of one document visible to the caller.",
    param: "document",
    what: "Document",
    thing: "document",
    schema: DocumentDetailSchema,
    responseName: "DocumentResponse",
    answer: "The document",
  },
  getDocument,
);
