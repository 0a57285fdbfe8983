// The one url builder: every `url` field and every page address comes from here (docs/design.md §2).
import { LANGUAGES, type Lang } from "./language";

/** Where the MCP server answers (docs/design.md §2). */
export const MCP_PATH = "/mcp";

export type PageKind = "thread" | "post" | "case" | "document";

const SECTION: Record<PageKind | "board", Record<Lang, string>> = {
  thread: { en: "forum", es: "foro" },
  post: { en: "blog", es: "blog" },
  case: { en: "repairs", es: "reparaciones" },
  document: { en: "library", es: "biblioteca" },
  board: { en: "boards", es: "placas" },
};

/** Lower-case ASCII words joined by dashes; diacritics folded ("Diagnóstico" → "diagnostico"). */
export function slugify(text: string, maxLength = 80): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
}

/** Board number or alias in any spelling → the form it is matched by. */
export function normalizeBoardNumber(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase();
}

export interface UrlContext {
  siteUrl: string;
  lang: Lang;
}

export function pageUrl(ctx: UrlContext, kind: PageKind, id: string, title?: string): string {
  const slug = title ? slugify(title) : "";
  return `${ctx.siteUrl}/${ctx.lang}/${SECTION[kind][ctx.lang]}/${id}${slug ? `/${slug}` : ""}`;
}

export function boardUrl(ctx: UrlContext, norm: string): string {
  return `${ctx.siteUrl}/${ctx.lang}/${SECTION.board[ctx.lang]}/${encodeURIComponent(norm)}`;
}

/** A board's points under its page: `/en/boards/{norm}/points/{point}`, `/es/placas/{norm}/puntos/{point}`. */
export const POINT_SECTION: Record<Lang, string> = { en: "points", es: "puntos" };

/** A schematic page's view (issue 55): /{lang}/{schematic}/{document}/{page}?name=, the name whose places it marks. */
export const SCHEMATIC_SECTION: Record<Lang, string> = { en: "schematic", es: "esquema" };

export function schematicPagePath(lang: Lang, documentId: string, page: number): string {
  return `/${lang}/${SCHEMATIC_SECTION[lang]}/${documentId}/${page}`;
}

export function schematicPageUrl(ctx: UrlContext, documentId: string, page: number, name: string): string {
  return `${ctx.siteUrl}${schematicPagePath(ctx.lang, documentId, page)}?name=${encodeURIComponent(name)}`;
}

/** The document and page a schematic view's path names, or undefined. */
export function parseSchematicPagePath(path: string): { lang: Lang; documentId: string; page: number } | undefined {
  const m = /^\/(\w+)\/(\w+)\/([0-9A-Za-z]{26})\/([1-9][0-9]{0,6})$/.exec(path);
  const lang = m && (Object.keys(SCHEMATIC_SECTION) as Lang[]).find((l) => l === m[1] && SCHEMATIC_SECTION[l] === m[2]);
  return m && lang ? { lang, documentId: m[3].toUpperCase(), page: Number(m[4]) } : undefined;
}

/** Where the boardview viewer on a member's page reads a board's point for the session: `{this}{number}/points/{point}`. */
export const MEMBER_POINTS_PATH = "/member/boards/";

export function pointUrl(ctx: UrlContext, norm: string, point: string): string {
  return `${boardUrl(ctx, norm)}/${POINT_SECTION[ctx.lang]}/${encodeURIComponent(point)}`;
}

export function sectionPath(kind: PageKind | "board", lang: Lang): string {
  return `/${lang}/${SECTION[kind][lang]}`;
}

/** A section's first page: `/en/forum`, `/es/placas`. */
export function sectionUrl(ctx: UrlContext, kind: PageKind | "board"): string {
  return `${ctx.siteUrl}${sectionPath(kind, ctx.lang)}`;
}

/** Reads a page address back: `/{lang}/{section}/{id-or-norm}[/{slug}]`, either language. */
export function parsePagePath(path: string): { kind: PageKind | "board"; lang: Lang; key: string } | undefined {
  const [first, section, key] = path.split("/").filter(Boolean);
  const lang = LANGUAGES.find((l) => l === first);
  if (!lang || !section || !key) return undefined;
  for (const kind of Object.keys(SECTION) as (PageKind | "board")[]) {
    if (SECTION[kind][lang] === section) return { kind, lang, key: decodeURIComponentSafe(key) };
  }
  return undefined;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The Atom feeds of the site, one per section and language. */
export const FEEDS = ["forum", "library", "blog", "cases"] as const;
export type FeedName = (typeof FEEDS)[number];

export function feedUrl(ctx: UrlContext, name: FeedName): string {
  return `${ctx.siteUrl}/${ctx.lang}/feeds/${name}.atom`;
}

/** The home page of a language. */
export function homeUrl(ctx: UrlContext): string {
  return `${ctx.siteUrl}/${ctx.lang}`;
}

/** The search page of a language: `/en/search`, `/es/buscar`. */
const SEARCH_PATH: Record<Lang, string> = { en: "search", es: "buscar" };

export function searchPath(lang: Lang): string {
  return `/${lang}/${SEARCH_PATH[lang]}`;
}

/** The search page, with the query (and document type) when given: what the header form submits to. */
export function searchUrl(ctx: UrlContext, q?: string, type?: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (type) params.set("type", type);
  const query = params.toString();
  return `${ctx.siteUrl}${searchPath(ctx.lang)}${query ? `?${query}` : ""}`;
}

/** `{base_url}` of the spec: where the JSON API lives. */
export function apiBaseUrl(siteUrl: string): string {
  return `${siteUrl}/api/v1`;
}

/** The OpenAPI description of the JSON API. */
export function openapiUrl(siteUrl: string): string {
  return `${apiBaseUrl(siteUrl)}/openapi.json`;
}

/** The human-readable API reference. */
export function apiDocsUrl(siteUrl: string): string {
  return `${apiBaseUrl(siteUrl)}/docs`;
}

/** Site-wide files outside the language trees. */
export function siteFileUrl(siteUrl: string, file: "llms.txt" | "sitemap.xml" | ""): string {
  return `${siteUrl}/${file}`;
}

/** What a boardview link opens its viewer on: a part, a net, or a name that is either (the viewer decides). */
export type BoardviewSelection = { part: string } | { net: string } | { find: string };

/** A boardview document's page opened at its viewer, with a part or a net selected: `…/library/01J…?net=PPBUS_G3H#boardview`. */
export function boardviewUrl(documentUrl: string, select?: BoardviewSelection): string {
  const [kind, name] = select ? (Object.entries(select)[0] as [string, string]) : ["", ""];
  return `${documentUrl}${kind ? `?${kind}=${encodeURIComponent(name)}` : ""}#boardview`;
}

/**
 * A member's account addresses (docs/accounts.md), the same words in both languages: the sign-in page, an invite,
 * the API keys page, and the forms and passkey calls under `/{lang}/account/`.
 */
export type AccountPath =
  | "sign-in"
  | "account/keys"
  | "account/sign-out"
  | "account/sign-in"
  | "account/sign-in/options"
  | "account/passkeys"
  | "account/passkeys/options"
  | `account/keys/${number}/revoke`
  | `account/remove-passkey/${string}`
  | `account/download/${string}`
  | "account/invite"
  | "invite";

/** An invite's link: its secret in the fragment, which browsers never send, so it reaches no server log. */
export function inviteUrl(ctx: UrlContext, token: string): string {
  return `${accountUrl(ctx, "invite")}#${token}`;
}

export function accountPath(lang: Lang, path: AccountPath): string {
  return `/${lang}/${path}`;
}

export function accountUrl(ctx: UrlContext, path: AccountPath): string {
  return `${ctx.siteUrl}${accountPath(ctx.lang, path)}`;
}

/** The longest return address a sign-in link carries. */
export const RETURN_PATH_MAX = 2000;

/** The sign-in page, returning to `here` (a path of this site) afterwards. */
export function signInUrl(ctx: UrlContext, here?: string): string {
  const url = accountUrl(ctx, "sign-in");
  return here && here.length <= RETURN_PATH_MAX ? `${url}?next=${encodeURIComponent(here)}` : url;
}

/**
 * Where a sign-in returns to: `next` when it is a path of this site under a language (`/en/…`), else undefined.
 * Absolute addresses, `//host`, backslashes and control characters are refused, so it is never an open redirect.
 */
export function returnUrl(siteUrl: string, next: unknown): string | undefined {
  if (typeof next !== "string" || next.length > RETURN_PATH_MAX || !next.startsWith("/") || next.startsWith("//")) return undefined;
  if (/[\\\u0000-\u0020\u007f]/.test(next)) return undefined;
  const origin = new URL(siteUrl).origin;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || !LANGUAGES.some((l) => url.pathname === `/${l}` || url.pathname.startsWith(`/${l}/`))) return undefined;
  return `${siteUrl}${url.pathname}${url.search}`;
}
