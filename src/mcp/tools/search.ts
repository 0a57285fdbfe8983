// search: boards, library documents, forum threads, blog posts and repair cases matching words, in one call.
import { z } from "@hono/zod-openapi";
import { SEARCH_GROUP_LIMIT, SEARCH_MAX_PAGE, SearchResultSchema } from "../../schemas/search";
import { SearchQuerySchema } from "../../schemas/search-query";
import { searchSite, type SearchResult } from "../../search";
import { quote } from "../address";
import { anonymousQueryContext } from "../tool-context";
import { closing, plural, render, USAGE_NOTE } from "../format";
import { chooseLang, LangInput } from "../inputs";
import { boardItem, caseItem, documentItem, highlightLine, postItem, snippetLimit, threadItem, trimCases, trimPosts } from "../items";
import { toolResultSchema } from "../result-schema";
import { resourceLink } from "../resource-uri";
import { defineTool } from "../tool";

export const SEARCH_GROUPS = ["boards", "documents", "threads", "posts", "cases"] as const;
type Group = (typeof SEARCH_GROUPS)[number];
/** Items per group when every group is searched; `only` gives SEARCH_GROUP_LIMIT of one group. */
export const PER_GROUP = 5;

const GROUP_NAMES: Record<Group, [string, string]> = {
  boards: ["board", "boards"],
  documents: ["document", "documents"],
  threads: ["forum thread", "forum threads"],
  posts: ["blog post", "blog posts"],
  cases: ["repair case", "repair cases"],
};

/** The API's search rule (schemas/search-query.ts), described for a model, plus the tool's own fields. */
const input = SearchQuerySchema.extend({
  q: SearchQuerySchema.shape.q.describe(
    `Words: board number in any spelling, part or net (U7000, PP3V42_G3H), symptom, device model; "quoted" = phrase`,
  ),
  type: SearchQuerySchema.shape.type.describe("Documents of this type only"),
  only: z.enum(SEARCH_GROUPS).optional().describe(`One group only, up to ${SEARCH_GROUP_LIMIT} hits`),
  page: z
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_PAGE)
    .optional()
    .describe(`With only: page of that group (from 1, ${SEARCH_GROUP_LIMIT} hits each, up to ${SEARCH_MAX_PAGE})`),
  lang: LangInput,
});

const output = toolResultSchema({
  ...SearchResultSchema.shape,
  only: z.enum(SEARCH_GROUPS).nullable().describe("The one group searched, or null for all"),
});

/** What the search understood, one line (none when it took every word as typed). */
function understood(i: SearchResult["interpretation"]): string[] {
  const parts = [
    ...(i.scope
      ? [
          `board${i.scope.boards.length > 1 ? "s" : ""} ${i.scope.boards.slice(0, 5).join(", ")}${i.scope.boards.length > 5 ? "…" : ""} first (named by ${quote(i.scope.named)})`,
        ]
      : []),
    ...i.concepts.map((c) => `${quote(c.typed)} as ${c.concept} (also ${c.also.map(quote).join(", ")})`),
    ...i.corrections.map((c) => `${quote(c.word)} corrected to ${c.to.map(quote).join(", ")}`),
    ...i.forms.map((f) => `${quote(f.word)} also as ${f.to.map(quote).join(", ")}`),
  ];
  return parts.length ? [`Understood: ${parts.join("; ")}.`] : [];
}

export const searchTool = defineTool({
  name: "search",
  title: "Search the repair community",
  description:
    "Search boards, library documents (schematics, boardviews… by metadata and page text), forum threads, blog posts and repair cases at once. " +
    `Up to ${PER_GROUP} hits per group; for more of one group, call again with only (and page for the next ${SEARCH_GROUP_LIMIT}). Read a hit with its get_* tool.`,
  input,
  output,
  async run(args, tools) {
    const lang = chooseLang(args.lang, undefined, tools.defaultLang);
    const perGroup = args.only ? SEARCH_GROUP_LIMIT : PER_GROUP;
    const found = await searchSite(anonymousQueryContext(tools, lang), args.q, {
      type: args.type,
      limit: perGroup,
      ...(args.only && { group: args.only, page: args.page ?? 1 }),
    });
    const keep = (group: Group) => !args.only || args.only === group;
    const snippets = snippetLimit(found.posts.length + found.cases.length);
    const result = {
      query: found.query,
      interpretation: found.interpretation,
      paging: found.paging,
      boards: keep("boards") ? found.boards : [],
      documents: keep("documents") ? found.documents : [],
      threads: keep("threads") ? found.threads : [],
      posts: keep("posts") ? trimPosts(found.posts, snippets) : [],
      cases: keep("cases") ? trimCases(found.cases, snippets) : [],
    };

    const notes: string[] = [];
    const counts = SEARCH_GROUPS.filter(keep).map((g) => [g, result[g].length] as const);
    if (counts.every(([, n]) => n === 0)) {
      notes.push(`Nothing matched ${quote(found.query)}. Try other or fewer words, a board number in any spelling, or list_recent for what is new.`);
    }
    for (const [group, n] of counts) {
      if (!args.only && n === PER_GROUP)
        notes.push(
          `More ${GROUP_NAMES[group][1]} may match: call search ${JSON.stringify({ q: found.query, only: group, ...(args.type && { type: args.type }), lang })}.`,
        );
    }
    if (found.paging?.next_page)
      notes.push(
        `More ${GROUP_NAMES[found.paging.group][1]}: call search ${JSON.stringify({ q: found.query, only: found.paging.group, page: found.paging.next_page, ...(args.type && { type: args.type }), lang })}.`,
      );
    if (args.page && !args.only) notes.push("page needs only: it pages one group.");
    if (args.type && args.only && args.only !== "documents") notes.push("type filters documents only; it did not change this group.");

    const sections: Record<Group, string[]> = {
      boards: result.boards.map(boardItem),
      documents: result.documents.map((d) => documentItem(d) + highlightLine(d.highlight)),
      threads: result.threads.map((t) => threadItem(t) + highlightLine(t.highlight)),
      posts: result.posts.map((p) => postItem(p) + highlightLine(p.highlight)),
      cases: result.cases.map((c) => caseItem(c) + highlightLine(c.highlight)),
    };
    const md = [
      `# Search: ${quote(found.query)}${args.only ? ` (${GROUP_NAMES[args.only][1]} only)` : ""}`,
      ...understood(found.interpretation),
      `Found ${counts.map(([g, n]) => plural(n, ...GROUP_NAMES[g])).join(", ")}${args.type ? ` (documents of type ${args.type})` : ""}.`,
    ];
    for (const [group, n] of counts)
      if (n > 0) md.push("", `## ${GROUP_NAMES[group][1][0].toUpperCase()}${GROUP_NAMES[group][1].slice(1)}`, ...sections[group]);
    md.push("", closing(notes, null));
    const links = [
      ...result.boards.map((b) => resourceLink("board", b.number, `Board ${b.number}`)),
      ...result.documents.map((d) => resourceLink("document", d.id, d.title)),
      ...result.threads.map((t) => resourceLink("thread", t.id, t.title)),
      ...result.posts.map((p) => resourceLink("post", p.id, p.title)),
      ...result.cases.map((c) => resourceLink("case", c.id, c.title)),
    ];
    return {
      structured: { ...result, only: args.only ?? null, notes, next: null, usage: USAGE_NOTE },
      markdown: render(md),
      links,
    };
  },
});
