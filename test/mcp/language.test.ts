// MCP speaks the reader's language as every surface does: the `lang` argument, else Accept-Language, else the
// site's default; its own messages (a bad `since`, an old position) too, not only the tools' headings and urls.
import { exports } from "cloudflare:workers";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, SAMPLE_IDS } from "../helpers/app";
import { call, callError, MCP_URL } from "../helpers/mcp";
import { seedMcpFixture } from "../helpers/mcp-fixture";

const clients: ClientV1[] = [];
async function reader(acceptLanguage?: string): Promise<ClientV1> {
  const client = new ClientV1({ name: `reader-${acceptLanguage ?? "none"}`, version: "1" });
  await client.connect(
    new TransportV1(new URL(MCP_URL), {
      fetch: (url, init) => exports.default.fetch(new Request(url, init)),
      requestInit: { headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} },
    }),
  );
  clients.push(client);
  return client;
}

beforeAll(seedMcpFixture);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

const documentUrl = (lang: "en" | "es") =>
  `${ORIGIN}/${lang}/${lang === "en" ? "library" : "biblioteca"}/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`;

describe("MCP's language", () => {
  it("lang > Accept-Language > the site's default, for urls and the tools' own words", async () => {
    const english = await reader("en-GB,en;q=0.9");
    const byHeader = await call(english, "get_document", { document: SAMPLE_IDS.publicSchematic });
    expect(byHeader.structuredContent.document.url).toBe(documentUrl("en"));
    expect(byHeader.content[0].text).toMatch(/metadata only/);
    const byArgument = await call(english, "get_document", { document: SAMPLE_IDS.publicSchematic, lang: "es" });
    expect(byArgument.structuredContent.document.url).toBe(documentUrl("es"));
    const spanish = await call(await reader("es-AR"), "get_document", { document: SAMPLE_IDS.publicSchematic });
    expect(spanish.structuredContent.document.url).toBe(documentUrl("es"));
    // No header: the site's default (DEFAULT_LANG, es in wrangler.toml).
    const none = await call(await reader(), "get_document", { document: SAMPLE_IDS.publicSchematic });
    expect(none.structuredContent.document.url).toBe(documentUrl("es"));
  });

  it("its own messages follow the same choice: a malformed or unfit since", async () => {
    const english = await reader("en");
    expect(await callError(english, "list_recent", { kind: "threads", since: "nonsense" })).toMatch(/^since is not a position/);
    const spanish = await callError(english, "list_recent", { kind: "threads", since: "nonsense", lang: "es" });
    expect(spanish).toMatch(/^since no es una posición/);
    expect(await callError(english, "list_recent", { kind: "categories", since: "nonsense", lang: "es" })).toMatch(/categorías no tienen/);
  });
});

describe("the change feed's heading", () => {
  it("names the kind in the reader's language, never the raw kind", async () => {
    const res = await exports.default.fetch(new Request(`${ORIGIN}/api/v1/changes`));
    const position = ((await res.json()) as { meta: { next: string } }).meta.next;
    const client = await reader();
    for (const [lang, kind, heading] of [
      ["es", "files", "# Cambios en los archivos de la biblioteca"],
      ["es", "threads", "# Cambios en los hilos del foro"],
      ["en", "files", "# Changes to library files"],
      ["en", "cases", "# Changes to repair cases"],
    ] as const) {
      const result = await call(client, "list_recent", { kind, since: position, lang });
      expect(result.content[0].text.split("\n")[0], `${lang} ${kind}`).toBe(heading);
    }
  });
});
