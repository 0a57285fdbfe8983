// /llms.txt (llmstxt.org): what the site is, its API and MCP endpoint, the usage rules, and where things are.
import { USAGE_RULES } from "../../content/usage";
import { LANGUAGES } from "../../core/language";
import { apiBaseUrl, apiDocsUrl, FEEDS, feedUrl, homeUrl, openapiUrl, sectionUrl, siteFileUrl, type PageKind } from "../../core/urls";
import { strings } from "../i18n";

const SECTIONS: { kind: PageKind | "board"; what: string }[] = [
  { kind: "thread", what: "forum threads with their replies" },
  { kind: "post", what: "blog posts with comments" },
  { kind: "case", what: "repair cases: symptom, diagnosis, fix, measurements, replaced components" },
  { kind: "document", what: "the document library: schematics, boardviews, datasheets, manuals, firmware (metadata only)" },
  { kind: "board", what: "boards by board number and aliases, with their documents" },
];

export function llmsText(siteUrl: string): string {
  const base = apiBaseUrl(siteUrl);
  const en = strings("en");
  const lines = [
    `# ${en.siteName}`,
    "",
    `> ${en.tagline} Everything public is readable as HTML pages (Spanish and English), through a JSON read API and through a read-only MCP server.`,
    "",
    "Usage rules for anyone who uses this content:",
    "",
    `- ${USAGE_RULES.cite} The url field of every item is its page address.`,
    `- ${USAGE_RULES.mayBeWrong}`,
    `- ${USAGE_RULES.noBulkDownloads} Downloading a file needs a personal API key and counts against a daily cap.`,
    "- Without a key you see what an anonymous visitor sees: published threads, posts and cases, and the metadata of public files.",
    "",
    "## API",
    "",
    `- [OpenAPI document](${openapiUrl(siteUrl)}): OpenAPI 3.1 description of the JSON read API; base url ${base}`,
    `- [API reference](${apiDocsUrl(siteUrl)}): human-readable reference of the same API`,
    `- [MCP server](${siteUrl}/mcp): streamable HTTP, no key, read-only tools (search, get_thread, get_post, get_repair_case, get_document, get_board, list_recent)`,
    "",
    "## Sections",
    "",
    ...LANGUAGES.map((lang) => `- [Home (${lang})](${homeUrl({ siteUrl, lang })}): what is new`),
    ...SECTIONS.flatMap(({ kind, what }) =>
      LANGUAGES.map((lang) => `- [${strings(lang)[SECTION_LABEL[kind]]} (${lang})](${sectionUrl({ siteUrl, lang }, kind)}): ${what}`),
    ),
    "",
    "## Feeds",
    "",
    ...FEEDS.flatMap((name) =>
      LANGUAGES.map((lang) => `- [${strings(lang)[name]} (${lang}, Atom)](${feedUrl({ siteUrl, lang }, name)}): newest 50 entries`),
    ),
    "",
    "## Optional",
    "",
    `- [Sitemap](${siteFileUrl(siteUrl, "sitemap.xml")}): every public page, in both languages`,
    `- [Problem types](${siteUrl}/problems/not-found): each error body's \`type\` is a page under ${siteUrl}/problems/`,
    "",
  ];
  return lines.join("\n");
}

const SECTION_LABEL = { thread: "forum", post: "blog", case: "cases", document: "library", board: "boards" } as const;

export function robotsText(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /api/v1/files/", "", `Sitemap: ${siteFileUrl(siteUrl, "sitemap.xml")}`, ""].join("\n");
}
