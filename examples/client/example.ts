// A typed client of the API: types generated from the description by openapi-typescript (schema.d.ts), calls
// made with openapi-fetch. `npm run typecheck` compiles this file, so a change of the API that breaks it is seen.
import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Thread = components["schemas"]["ThreadDetail"];

export function boardClient(siteUrl: string, apiKey?: string) {
  return createClient<paths>({ baseUrl: `${siteUrl}/api/v1`, headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {} });
}

/** The newest public schematics of one board, by any spelling of its number. */
export async function schematicsOf(client: ReturnType<typeof boardClient>, board: string): Promise<string[]> {
  const { data, error } = await client.GET("/documents", { params: { query: { board, type: "schematic", per_page: 10 } } });
  if (error) throw new Error(`${error.status} ${error.title}: ${error.detail}`);
  return data.data.map((doc) => `${doc.title} <${doc.url}>`);
}

/** One thread with its board, which may be null. */
export async function threadBoard(client: ReturnType<typeof boardClient>, id: string): Promise<string> {
  const { data, error, response } = await client.GET("/forum/threads/{thread}", { params: { path: { thread: id }, query: { page: 1 } } });
  if (error) throw new Error(`${error.title} (request ${response.headers.get("X-Request-Id")})`);
  const thread: Thread = data.data;
  return thread.board === null ? `${thread.title}: no board` : `${thread.title}: ${thread.board.number}`;
}

/** An upload, then its status through the link the description declares (getUpload by external_id). */
export async function uploadAndFollow(client: ReturnType<typeof boardClient>, file: Blob, externalId: string) {
  const { data, error, response } = await client.POST("/uploads", {
    body: { external_id: externalId, file: file as unknown as string },
    bodySerializer(body) {
      const form = new FormData();
      form.append("external_id", body.external_id);
      form.append("file", body.file as unknown as Blob, "scan.pdf");
      return form;
    },
  });
  // A 413 comes from the platform without a problem body, so `error` may be empty while `data` is too.
  if (!data) throw new Error(`${response.status}: ${error?.detail ?? "the upload was refused"}`);
  const status = await client.GET("/uploads/{externalId}", { params: { path: { externalId } } });
  return { created: !data.replayed, status: status.data?.data.status };
}
