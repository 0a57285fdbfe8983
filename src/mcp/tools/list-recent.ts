// list_recent: what is new on the site — threads, blog posts, repair cases, library files, forum categories. One
// row of KINDS per kind: how it is listed, shortened, written and linked, and its kind in the change feed.
import { z } from "@hono/zod-openapi";
import { decodePosition, encodePosition, positionExpired, readChanges, type Change, type ChangeKind, type FeedPosition } from "../../changes/feed";
import { ChangeSchema } from "../../schemas/changes";
import { listPosts } from "../../db/queries/blog";
import { listCases } from "../../db/queries/cases";
import { documentListScope, listDocuments } from "../../db/queries/documents";
import { listCategories, listThreads } from "../../db/queries/forum";
import type { QueryContext } from "../../db/queries/runtime";
import { MAX_CURSOR_LENGTH, nextCursor, pageMeta, readCursor, type PageMeta, type PageRequest } from "../../core/pagination";
import { BlogPostSchema } from "../../schemas/blog";
import { RepairCaseSchema } from "../../schemas/cases";
import { DocumentSchema } from "../../schemas/documents";
import { CategorySchema, ThreadSchema } from "../../schemas/forum";
import { anonymousQueryContext } from "../tool-context";
import { closing, render, USAGE_NOTE, type NextCall } from "../format";
import { count, mcpWords, type McpWords } from "../i18n";
import { chooseLang, LangInput, pageInput } from "../inputs";
import { caseItem, categoryItem, documentItem, postItem, snippetLimit, threadItem, trimCases, trimCategories, trimPosts } from "../items";
import { PageSchema, toolResultSchema } from "../result-schema";
import { ToolError } from "../errors";
import { resourceLink } from "../resource-uri";
import { defineTool, fitToBound, type ToolAnswer } from "../tool";

export const RECENT_KINDS = ["threads", "posts", "cases", "files", "categories"] as const;
export type RecentKind = (typeof RECENT_KINDS)[number];
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 25;

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

type Args = z.output<typeof input>;

interface Listed<T> {
  data: T[];
  meta: PageMeta;
  /** files: the cursor of the next page (one page of rows at any depth, as the API's Link header). */
  cursor?: string;
}

/** What list_recent knows of one kind. */
interface Kind<T> {
  /** Its kind in the change feed; none for categories. */
  feed?: ChangeKind;
  list(ctx: QueryContext, args: Args, request: PageRequest): Promise<Listed<T>>;
  /** Its free texts shortened to about `limit` characters each (0: left out); none: kept whole. */
  trim?(items: T[], limit: number): T[];
  item(item: T, words: McpWords): string;
}

/** A page of an in-memory list (the forum's categories are few and read whole). */
function slicePage<T>(all: T[], request: PageRequest): Listed<T> {
  return { data: all.slice((request.page - 1) * request.perPage, request.page * request.perPage), meta: pageMeta(request, all.length) };
}

/** Each kind typed at its definition; the table holds them alike (each function only ever sees its own kind's items). */
function kindOf<T>(kind: Kind<T>): Kind<unknown> {
  return kind as Kind<unknown>;
}

const KINDS: Record<RecentKind, Kind<unknown>> = {
  threads: kindOf({ feed: "thread", list: (ctx, args, request) => listThreads(ctx, { category: args.category }, request), item: threadItem }),
  posts: kindOf({ feed: "post", list: (ctx, _args, request) => listPosts(ctx, {}, request), trim: trimPosts, item: postItem }),
  cases: kindOf({ feed: "case", list: (ctx, _args, request) => listCases(ctx, {}, request), trim: trimCases, item: caseItem }),
  files: kindOf({
    feed: "document",
    list: async (ctx, _args, request) => {
      const result = await listDocuments(ctx, {}, request);
      return { ...result, cursor: nextCursor(result, documentListScope({ perPage: request.perPage, viewerId: null })) };
    },
    item: documentItem,
  }),
  categories: kindOf({
    list: async (ctx, _args, request) => slicePage(await listCategories(ctx), request),
    trim: (items, limit) => trimCategories(items, limit),
    item: categoryItem,
  }),
};

/** Reads of the log one call makes at most, each over KIND_SCAN_ROWS rows (src/changes/feed.ts). */
export const SINCE_READS = 4;

/**
 * Up to `limit` changes of one kind after `since`: the feed is read on, a bounded stretch of the log at a time
 * (SINCE_READS × KIND_SCAN_ROWS rows at most), until that many are found or the log ends. An item changed in two
 * stretches is named once, at its last place, as within one read.
 */
async function changesOfKind(ctx: QueryContext, kind: ChangeKind, since: FeedPosition, limit: number, nowMs: number) {
  let data: Change[] = [];
  let position = since;
  let hasMore = true;
  for (let read = 0; read < SINCE_READS && hasMore && data.length < limit; read++) {
    const page = await readChanges(ctx, position, limit - data.length, nowMs, kind);
    const named = new Set(page.data.map((c) => c.id));
    data = [...data.filter((c) => !named.has(c.id)), ...page.data];
    position = page.next;
    hasMore = page.hasMore;
  }
  return { data, next: position, hasMore };
}

/** list_recent with since: the changes of this kind after the position (anonymous), the feed read further for them. */
async function changesSince(
  args: Args & { since: string },
  ctx: QueryContext,
  lang: string,
  words: McpWords,
): Promise<ToolAnswer<z.input<typeof output>>> {
  const kind = KINDS[args.kind].feed;
  if (!kind) throw new ToolError(words.sinceNoFeed);
  const since = decodePosition(args.since);
  if (!since) throw new ToolError(words.sinceNotPosition);
  const nowMs = Date.now();
  if (positionExpired(since, nowMs)) throw new ToolError(words.startOver);
  const limit = args.limit ?? DEFAULT_LIMIT;
  const page = await changesOfKind(ctx, kind, since, limit, nowMs);
  const feed = { next: encodePosition(page.next), has_more: page.hasMore };
  const next: NextCall | null = page.hasMore ? { tool: "list_recent", arguments: { kind: args.kind, since: feed.next, limit, lang } } : null;
  const md = [
    `# ${words.changesTo(args.kind)}`,
    page.data.length ? "" : words.noChange,
    ...page.data.map((c) => (c.change === "upsert" ? `- upsert ${c.id} (${c.at}) — ${c.url}` : `- delete ${c.id} (${c.at})`)),
    "",
    page.hasMore ? "" : words.upToDate(feed.next),
    closing([], next, words),
  ];
  return {
    structured: { kind: args.kind, order: words.changesOrder, changes: page.data, feed, notes: [], next, usage: USAGE_NOTE },
    markdown: render(md),
    links: [],
  };
}

/** The files cursor given, checked to be one this list gave for the same page size. */
function filesCursor(args: Args, perPage: number) {
  if (args.kind !== "files" || args.cursor === undefined) return undefined;
  const cursor = readCursor(args.cursor);
  if (cursor?.scope !== documentListScope({ perPage, viewerId: null }))
    throw new ToolError(
      "The cursor is not one this list gave: call list_recent with the arguments of the previous result's next call as they are (same limit).",
    );
  return cursor;
}

function nextCall(args: Args, listed: Listed<unknown>, page: number, perPage: number, lang: string): NextCall | null {
  if (args.kind === "files")
    return listed.cursor ? { tool: "list_recent", arguments: { kind: args.kind, cursor: listed.cursor, limit: perPage, lang } } : null;
  if (page >= listed.meta.last_page) return null;
  const category = args.kind === "threads" && args.category !== undefined ? { category: args.category } : {};
  return { tool: "list_recent", arguments: { kind: args.kind, page: page + 1, limit: perPage, ...category, lang } };
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
    const words = mcpWords(lang);
    const ctx = anonymousQueryContext(tools, lang);
    if (args.since !== undefined) return changesSince({ ...args, since: args.since }, ctx, lang, words);
    const kind = KINDS[args.kind];
    const { feed } = kind;
    const perPage = args.limit ?? DEFAULT_LIMIT;
    const cursor = filesCursor(args, perPage);
    const page = cursor?.page ?? args.page ?? 1;
    const listed = await kind.list(ctx, args, cursor ? { page, perPage, after: cursor } : { page, perPage });
    const notes: string[] = [];
    if (args.cursor !== undefined && args.kind !== "files") notes.push(words.ignored("cursor", "files"));
    if (args.category !== undefined && args.kind !== "threads") notes.push(words.ignored("category", "threads"));
    const { meta } = listed;
    if (listed.data.length === 0) notes.push(meta.total === 0 ? words.nothingToList : words.pastEnd(page, count(words, meta.total, "item")));
    const next = nextCall(args, listed, page, perPage, lang);
    const first = (page - 1) * perPage + 1;
    const order = words.order[args.kind];
    const heading = `# ${words.recent[args.kind]}${args.kind === "threads" && args.category ? words.inCategory(args.category) : ""}`;

    // Free texts share the page's snippet budget; a page whose whole result would pass the bound gets shorter ones.
    return fitToBound(snippetLimit(listed.data.length), (snippets) => {
      const items = kind.trim ? kind.trim(listed.data, snippets) : listed.data;
      const md = [
        heading,
        items.length ? words.range(first, first + items.length - 1, meta.total, order, page, meta.last_page) : "",
        "",
        ...items.map((item) => kind.item(item, words)),
        "",
        closing(notes, next, words),
      ];
      return {
        structured: { kind: args.kind, order, [args.kind]: items, page: meta, notes, next, usage: USAGE_NOTE },
        markdown: render(md),
        // Every kind with a feed is a resource kind too: its items link to their resources.
        links: feed ? (items as { id: string; title: string }[]).map((i) => resourceLink(feed, i.id, i.title)) : [],
      };
    });
  },
});
