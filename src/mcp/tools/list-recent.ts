// list_recent: what is new on the site — threads, blog posts, repair cases, library files, forum categories.
import { z } from "@hono/zod-openapi";
import { decodePosition, encodePosition, positionExpired, readChanges, START_OVER, type Change, type ChangeKind } from "../../changes/feed";
import { ChangeSchema } from "../../schemas/changes";
import { listPosts } from "../../db/queries/blog";
import { listCases } from "../../db/queries/cases";
import { documentListScope, listDocuments } from "../../db/queries/documents";
import { listCategories, listThreads } from "../../db/queries/forum";
import { MAX_CURSOR_LENGTH, nextCursor, pageMeta, readCursor, type PageMeta } from "../../core/pagination";
import { BlogPostSchema } from "../../schemas/blog";
import { RepairCaseSchema } from "../../schemas/cases";
import { DocumentSchema } from "../../schemas/documents";
import { CategorySchema, ThreadSchema } from "../../schemas/forum";
import { anonymousQueryContext } from "../tool-context";
import { closing, render, plural, USAGE_NOTE, type NextCall } from "../format";
import { chooseLang, LangInput, pageInput } from "../inputs";
import { caseItem, categoryItem, documentItem, postItem, threadItem, trimCases, trimCategories, trimPosts } from "../items";
import { PageSchema, toolResultSchema } from "../result-schema";
import { ToolError } from "../errors";
import { resourceLink } from "../resource-uri";
import { defineTool } from "../tool";

export const RECENT_KINDS = ["threads", "posts", "cases", "files", "categories"] as const;
export type RecentKind = (typeof RECENT_KINDS)[number];
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 25;

const ORDER: Record<RecentKind, string> = {
  threads: "pinned (sticky) threads first, then latest activity",
  posts: "newest first",
  cases: "newest first",
  files: "newest first",
  categories: "in the forum's order",
};

const input = z.object({
  kind: z.enum(RECENT_KINDS).describe("threads (forum), posts (blog), cases (repairs), files (library) or categories (forum)"),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`Items per page (default ${DEFAULT_LIMIT})`),
  page: pageInput("items"),
  cursor: z.string().max(MAX_CURSOR_LENGTH).optional().describe("files only: as the last result's next call gives it"),
  category: z.string().trim().min(1).max(100).optional().describe("threads only: a category slug"),
  since: z
    .string()
    .max(100)
    .optional()
    .describe(
      "Changes since a position of the change feed (meta.next of GET /api/v1/changes, or this tool's feed.next): upserts and deletes of this kind",
    ),
  lang: LangInput,
});

const output = toolResultSchema({
  kind: z.enum(RECENT_KINDS),
  order: z.string().describe("How the items are ordered"),
  threads: z.array(ThreadSchema).optional(),
  posts: z.array(BlogPostSchema).optional().describe("Blog posts; excerpts possibly cut"),
  cases: z.array(RepairCaseSchema).optional().describe("Repair cases; symptoms possibly cut"),
  files: z.array(DocumentSchema).optional().describe("Public library documents (metadata only)"),
  categories: z.array(CategorySchema).optional(),
  page: PageSchema.optional(),
  changes: z.array(ChangeSchema).optional().describe("With since: what changed, in order (upsert: read it at url; delete: drop it)"),
  feed: z.object({ next: z.string(), has_more: z.boolean() }).optional().describe("With since: where to continue (also later, to poll)"),
});

const FEED_KIND: Record<RecentKind, ChangeKind | undefined> = {
  threads: "thread",
  posts: "post",
  cases: "case",
  files: "document",
  categories: undefined,
};

/** list_recent with since: one page of the change feed (anonymous), the changes of this kind. */
async function changesSince(args: { kind: RecentKind; since: string; limit?: number }, ctx: ReturnType<typeof anonymousQueryContext>, lang: string) {
  const kind = FEED_KIND[args.kind];
  if (!kind) throw new ToolError("since applies to threads, posts, cases and files; categories have no change feed.");
  const since = decodePosition(args.since);
  if (!since)
    throw new ToolError("since is not a position of the change feed: pass meta.next of GET /api/v1/changes (or feed.next of this tool) as it is.");
  const nowMs = Date.now();
  if (positionExpired(since, nowMs)) throw new ToolError(START_OVER);
  const page = await readChanges(ctx, since, args.limit ?? DEFAULT_LIMIT, nowMs);
  const changes: Change[] = page.data.filter((c) => c.kind === kind);
  const feed = { next: encodePosition(page.next), has_more: page.hasMore };
  const next: NextCall | null = page.hasMore
    ? { tool: "list_recent", arguments: { kind: args.kind, since: feed.next, limit: args.limit ?? DEFAULT_LIMIT, lang } }
    : null;
  const md = [
    `# Changes to ${args.kind}`,
    changes.length ? "" : "No change of this kind in this part of the feed.",
    ...changes.map((c) => (c.change === "upsert" ? `- upsert ${c.id} (${c.at}) — ${c.url}` : `- delete ${c.id} (${c.at})`)),
    "",
    page.hasMore ? "" : `Up to date: call again later with since=${feed.next}.`,
    closing([], next),
  ];
  return {
    structured: { kind: args.kind, order: "in the order the changes were made", changes, feed, notes: [], next, usage: USAGE_NOTE },
    markdown: render(md),
    links: [],
  };
}

type Listing =
  | { kind: "threads"; items: z.infer<typeof ThreadSchema>[] }
  | { kind: "posts"; items: z.infer<typeof BlogPostSchema>[] }
  | { kind: "cases"; items: z.infer<typeof RepairCaseSchema>[] }
  | { kind: "files"; items: z.infer<typeof DocumentSchema>[] }
  | { kind: "categories"; items: z.infer<typeof CategorySchema>[] };

/** A resource_link per item; forum categories are not items of their own. */
function linksOf(listing: Listing) {
  switch (listing.kind) {
    case "threads":
      return listing.items.map((t) => resourceLink("thread", t.id, t.title));
    case "posts":
      return listing.items.map((p) => resourceLink("post", p.id, p.title));
    case "cases":
      return listing.items.map((c) => resourceLink("case", c.id, c.title));
    case "files":
      return listing.items.map((d) => resourceLink("document", d.id, d.title));
    case "categories":
      return [];
  }
}

function markdownOf(listing: Listing): string[] {
  switch (listing.kind) {
    case "threads":
      return listing.items.map(threadItem);
    case "posts":
      return listing.items.map(postItem);
    case "cases":
      return listing.items.map(caseItem);
    case "files":
      return listing.items.map(documentItem);
    case "categories":
      return listing.items.map(categoryItem);
  }
}

export const listRecentTool = defineTool({
  name: "list_recent",
  title: "List what is new",
  description:
    "List the newest forum threads, blog posts, repair cases, library files, or the forum categories. " +
    "The result ends with the exact call for the next page; read an item with its get_* tool.",
  input,
  output,
  async run(args, tools) {
    const lang = chooseLang(args.lang, undefined, tools.defaultLang);
    const ctx = anonymousQueryContext(tools, lang);
    if (args.since !== undefined) return changesSince({ kind: args.kind, since: args.since, limit: args.limit }, ctx, lang);
    const perPage = args.limit ?? DEFAULT_LIMIT;
    // Files continue by cursor (the same as the API's Link header: one page of rows at any depth).
    const scope = documentListScope({ perPage, viewerId: null });
    const cursor = args.kind === "files" && args.cursor !== undefined ? readCursor(args.cursor) : undefined;
    if (args.kind === "files" && args.cursor !== undefined && cursor?.scope !== scope) {
      throw new ToolError(
        "The cursor is not one this list gave: call list_recent with the arguments of the previous result's next call as they are (same limit).",
      );
    }
    const page = cursor?.page ?? args.page ?? 1;
    const request = cursor ? { page, perPage, after: cursor } : { page, perPage };
    const notes: string[] = [];
    if (args.cursor !== undefined && args.kind !== "files") notes.push(`cursor applies to kind files only; it was ignored.`);
    if (args.category !== undefined && args.kind !== "threads") notes.push(`category applies to kind threads only; it was ignored.`);

    let listing: Listing;
    let meta: PageMeta;
    let filesCursor: string | undefined;
    switch (args.kind) {
      case "threads": {
        const result = await listThreads(ctx, { category: args.category }, request);
        listing = { kind: "threads", items: result.data };
        meta = result.meta;
        break;
      }
      case "posts": {
        const result = await listPosts(ctx, {}, request);
        listing = { kind: "posts", items: trimPosts(result.data) };
        meta = result.meta;
        break;
      }
      case "cases": {
        const result = await listCases(ctx, {}, request);
        listing = { kind: "cases", items: trimCases(result.data) };
        meta = result.meta;
        break;
      }
      case "files": {
        const result = await listDocuments(ctx, {}, request);
        listing = { kind: "files", items: result.data };
        meta = result.meta;
        filesCursor = nextCursor(result, scope);
        break;
      }
      case "categories": {
        const all = await listCategories(ctx);
        listing = { kind: "categories", items: trimCategories(all.slice((page - 1) * perPage, page * perPage)) };
        meta = pageMeta(request, all.length);
        break;
      }
    }
    if (listing.items.length === 0)
      notes.push(meta.total === 0 ? `Nothing to list.` : `Page ${page} is past the end: there are ${plural(meta.total, "item")}.`);
    const next: NextCall | null =
      args.kind === "files"
        ? filesCursor
          ? { tool: "list_recent", arguments: { kind: args.kind, cursor: filesCursor, limit: perPage, lang } }
          : null
        : page < meta.last_page
          ? {
              tool: "list_recent",
              arguments: {
                kind: args.kind,
                page: page + 1,
                limit: perPage,
                ...(args.kind === "threads" && args.category !== undefined && { category: args.category }),
                lang,
              },
            }
          : null;

    const first = (page - 1) * perPage + 1;
    const md = [
      args.kind === "categories"
        ? "# Forum categories"
        : `# Recent ${args.kind}${args.kind === "threads" && args.category ? ` in category ${args.category}` : ""}`,
      listing.items.length
        ? `${first}–${first + listing.items.length - 1} of ${meta.total}, ${ORDER[args.kind]} (page ${page} of ${meta.last_page})`
        : "",
      "",
      ...markdownOf(listing),
      "",
      closing(notes, next),
    ];
    return {
      structured: { kind: args.kind, order: ORDER[args.kind], [listing.kind]: listing.items, page: meta, notes, next, usage: USAGE_NOTE },
      markdown: render(md),
      links: linksOf(listing),
    };
  },
});
