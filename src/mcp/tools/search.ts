// search: boards, library documents, forum threads, blog posts and repair cases matching words, in one call.
import { z } from "@hono/zod-openapi";
import { SEARCH_GROUP_LIMIT, SEARCH_MAX_PAGE, SearchResultSchema } from "../../schemas/search/search";
import { SearchQuerySchema } from "../../schemas/search/search-query";
import { MAX_PAGE } from "../../core/pagination";
import { ToolError } from "../errors";
import { searchSite, type SearchResult } from "../../search";
import { quote } from "../address";
import { anonymousQueryContext } from "../tool-context";
import { closing, render, USAGE_NOTE } from "../format";
import { count, mcpWords, type McpWords } from "../i18n";
import { chooseLang, LangInput } from "../inputs";
import { boardItem, caseItem, documentItem, highlightLine, postItem, snippetLimit, threadItem, trimCases, trimPosts } from "../items";
import { toolResultSchema } from "../result-schema";
import { resourceLink } from "../resource-uri";
import { defineTool, fitToBound } from "../tool";

export const SEARCH_GROUPS = ["boards", "documents", "threads", "posts", "cases"] as const;
type Group = (typeof SEARCH_GROUPS)[number];
/** Items per group when every group is searched; `only` gives SEARCH_GROUP_LIMIT of one group. */
export const PER_GROUP = 5;

/** Each group's unit in the tools' words (src/mcp/i18n.ts). */
const GROUP_UNITS = { boards: "board", documents: "document", threads: "forumThread", posts: "blogPost", cases: "repairCase" } as const;

function groupName(words: McpWords, group: Group): string {
  return words.units[GROUP_UNITS[group]][1];
}

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
    .max(MAX_PAGE)
    .optional()
    .describe(`With only: page of that group (from 1, ${SEARCH_GROUP_LIMIT} hits each; past ${SEARCH_MAX_PAGE} empty)`),
  lang: LangInput,
});

const output = toolResultSchema({
  ...SearchResultSchema.shape,
  only: z.enum(SEARCH_GROUPS).nullable().describe("The one group searched, or null for all"),
});

/** What the search understood, one line in the caller's language (none when it took every word as typed). */
function understood(i: SearchResult["interpretation"], words: McpWords): string[] {
  const parts = [
    ...(i.scope
      ? [
          words.scopeFirst(
            `${i.scope.boards.slice(0, 5).join(", ")}${i.scope.boards.length > 5 ? "…" : ""}`,
            i.scope.boards.length > 1,
            quote(i.scope.named),
          ),
        ]
      : []),
    ...i.concepts.map((c) => words.conceptAs(quote(c.typed), c.concept, c.also.map(quote).join(", "))),
    ...i.corrections.map((c) => words.correctedTo(quote(c.word), c.to.map(quote).join(", "))),
    ...i.forms.map((f) => words.alsoAs(quote(f.word), f.to.map(quote).join(", "))),
  ];
  const meant = i.suggestions.length ? [words.didYouMean(i.suggestions.map((s) => s.number).join(", "))] : [];
  return [...(parts.length ? [words.understood(parts.join("; "))] : []), ...meant];
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
    const words = mcpWords(lang);
    // As the API: page 1 is every group's only page; a later one needs its group.
    if (args.page !== undefined && args.page > 1 && !args.only) throw new ToolError(words.pageNeedsOnly);
    const perGroup = args.only ? SEARCH_GROUP_LIMIT : PER_GROUP;
    const found = await searchSite(anonymousQueryContext(tools, lang), args.q, {
      type: args.type,
      limit: perGroup,
      ...(args.only && { group: args.only, page: args.page ?? 1 }),
    });
    const keep = (group: Group) => !args.only || args.only === group;
    const counts = SEARCH_GROUPS.filter(keep).map((g) => [g, keep(g) ? found[g].length : 0] as const);

    const notes: string[] = [];
    if (counts.every(([, n]) => n === 0)) notes.push(words.nothingMatched(quote(found.query)));
    for (const [group, n] of counts) {
      if (!args.only && n === PER_GROUP)
        notes.push(
          words.moreMayMatch(groupName(words, group), JSON.stringify({ q: found.query, only: group, ...(args.type && { type: args.type }), lang })),
        );
    }
    if (found.paging?.next_page)
      notes.push(
        words.morePage(
          groupName(words, found.paging.group),
          JSON.stringify({ q: found.query, only: found.paging.group, page: found.paging.next_page, ...(args.type && { type: args.type }), lang }),
        ),
      );
    if (args.type && args.only && args.only !== "documents") notes.push(words.typeFiltersDocuments);

    // Excerpts share the snippet budget; a result that would pass the bound gets shorter ones, at last no highlights.
    return fitToBound(snippetLimit(found.posts.length + found.cases.length), (snippets) => {
      const lit = <T extends { highlight: unknown }>(items: T[]): T[] => (snippets > 0 ? items : items.map((i) => ({ ...i, highlight: null })));
      const result = {
        query: found.query,
        interpretation: found.interpretation,
        paging: found.paging,
        boards: keep("boards") ? found.boards : [],
        documents: keep("documents") ? lit(found.documents) : [],
        threads: keep("threads") ? lit(found.threads) : [],
        posts: keep("posts") ? lit(trimPosts(found.posts, snippets)) : [],
        cases: keep("cases") ? lit(trimCases(found.cases, snippets)) : [],
      };
      const sections: Record<Group, string[]> = {
        boards: result.boards.map((b) => boardItem(b, words)),
        documents: result.documents.map((d) => documentItem(d, words) + highlightLine(d.highlight, words)),
        threads: result.threads.map((t) => threadItem(t, words) + highlightLine(t.highlight, words)),
        posts: result.posts.map((p) => postItem(p, words) + highlightLine(p.highlight, words)),
        cases: result.cases.map((c) => caseItem(c, words) + highlightLine(c.highlight, words)),
      };
      const md = [
        `# ${words.searchFor(quote(found.query))}${args.only ? words.only(groupName(words, args.only)) : ""}`,
        ...understood(found.interpretation, words),
        `${words.found(counts.map(([g, n]) => count(words, n, GROUP_UNITS[g])).join(", "))}${args.type ? words.ofType(args.type) : ""}.`,
      ];
      for (const [group, n] of counts) {
        const name = groupName(words, group);
        if (n > 0) md.push("", `## ${name[0].toUpperCase()}${name.slice(1)}`, ...sections[group]);
      }
      md.push("", closing(notes, null, words));
      const links = [
        ...result.boards.map((b) => resourceLink("board", b.number, words.boardTitle(b.number))),
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
    });
  },
});
