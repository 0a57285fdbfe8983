// The one builder of resource URIs (bds://{kind}/{key}) and of the resource_link items tool results carry.
import type { ResourceLink } from "@modelcontextprotocol/server";

/** The kinds of item an assistant can read as a resource (src/mcp/resources.ts registers one template each). */
export const RESOURCE_KINDS = ["thread", "post", "case", "document", "board"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export const RESOURCE_SCHEME = "bds";
export const RESOURCE_MIME_TYPE = "text/markdown";

/** bds://thread/{id}, bds://board/{number}…: the key is an id, or a board number in its stored spelling. */
export function resourceUri(kind: ResourceKind, key: string): string {
  return `${RESOURCE_SCHEME}://${kind}/${encodeURIComponent(key)}`;
}

/** A link to an item that resources/read resolves; `name` is the item's title (a board's number). */
export function resourceLink(kind: ResourceKind, key: string, name: string): ResourceLink {
  return { type: "resource_link", uri: resourceUri(kind, key), name, mimeType: RESOURCE_MIME_TYPE };
}
