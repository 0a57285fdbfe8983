// Reads what a model passes to a get_* tool: an id (any case) or a page address in either language,
// with or without slug, trailing slash, query string or fragment, http or https, any host.
import { canonicalId } from "../core/ids";
import type { Lang } from "../core/language";
import { parsePagePath, type PageKind } from "../core/urls";
import { ToolError } from "./errors";

export type AddressKind = PageKind | "board";

/** What each kind of page is called, and the tool that reads it. */
export const KIND_NAMES: Record<AddressKind, { noun: string; tool: string; example: string }> = {
  thread: { noun: "forum thread", tool: "get_thread", example: "/en/forum/{id}/{slug} or /es/foro/{id}/{slug}" },
  post: { noun: "blog post", tool: "get_post", example: "/en/blog/{id}/{slug} or /es/blog/{id}/{slug}" },
  case: { noun: "repair case", tool: "get_repair_case", example: "/en/repairs/{id}/{slug} or /es/reparaciones/{id}/{slug}" },
  document: { noun: "library document", tool: "get_document", example: "/en/library/{id}/{slug} or /es/biblioteca/{id}/{slug}" },
  board: { noun: "board", tool: "get_board", example: "/en/boards/{number} or /es/placas/{number}" },
};

export interface PageAddress {
  kind: AddressKind;
  lang: Lang;
  key: string;
}

/** The path of an address-like text, or undefined when the text is not shaped like an address. */
function addressPath(text: string): string | undefined {
  const withoutQuery = (s: string) => s.split(/[?#]/)[0];
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith("//")) {
    try {
      return new URL(text.startsWith("//") ? `https:${text}` : text).pathname;
    } catch {
      return undefined;
    }
  }
  if (!text.includes("/")) return undefined;
  const path = withoutQuery(text);
  if (path.startsWith("/")) return path;
  // "boards.example.org/en/forum/…" (a host without scheme) or "en/forum/…" (a path without its slash).
  const [head] = path.split("/");
  return /[.:]/.test(head) || head === "localhost" ? path.slice(head.length) : `/${path}`;
}

/** A page address in either language, wherever the site is mounted (any host, any path prefix). */
export function parseAddress(text: string): PageAddress | undefined {
  const path = addressPath(text.trim());
  if (path === undefined) return undefined;
  const segments = path.split("/").filter(Boolean);
  for (let start = 0; start < segments.length; start++) {
    const parsed = parsePagePath("/" + segments.slice(start).join("/"));
    if (parsed) return parsed;
  }
  return undefined;
}

/** Shortens what the caller sent before it is quoted back in an error message. */
export function quote(text: string): string {
  const t = text.trim();
  return JSON.stringify(t.length > 80 ? `${t.slice(0, 80)}…` : t);
}

function wrongKind(found: AddressKind, wanted: AddressKind): ToolError {
  return new ToolError(`That address is a ${KIND_NAMES[found].noun} page, not a ${KIND_NAMES[wanted].noun}: read it with ${KIND_NAMES[found].tool}.`);
}

/** An id or a page address of the wanted kind → the canonical id, and the address's language if any. */
export function resolveIdReference(text: string, wanted: PageKind): { id: string; lang?: Lang } {
  const direct = canonicalId(text.trim());
  if (direct) return { id: direct };
  const address = parseAddress(text);
  if (address && address.kind !== wanted) throw wrongKind(address.kind, wanted);
  const id = address && canonicalId(address.key);
  if (address && id) return { id, lang: address.lang };
  const { noun, example } = KIND_NAMES[wanted];
  throw new ToolError(
    `${quote(text)} is neither a ${noun} id (26 characters such as 01JBGJ09TQM83XSSSS6YS3C4DW) nor a ${noun} page address (${example}, on any host). ` +
      `Find ${noun}s with the search or list_recent tools.`,
  );
}

/** A board number or alias in any spelling, or a board page address → the spelling to look up. */
export function resolveBoardReference(text: string): { spelling: string; lang?: Lang } {
  const address = parseAddress(text);
  if (address && address.kind !== "board") throw wrongKind(address.kind, "board");
  if (address) return { spelling: address.key, lang: address.lang };
  // Something shaped like a web address that is not a board page is an error, not a board number.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) {
    throw new ToolError(
      `${quote(text)} is not a board page address (${KIND_NAMES.board.example}). Pass the board number instead, in any spelling (820-00165, 82000165).`,
    );
  }
  return { spelling: text };
}
