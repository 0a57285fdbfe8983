// get_post: one blog post (by id or page address); long bodies come in parts, comments after the last part.
import { z } from "@hono/zod-openapi";
import { getPost } from "../../db/queries/blog";
import { BlogPostDetailSchema, CommentSchema } from "../../schemas/blog";
import { namedItem, visibleOr } from "../tool-context";
import { ToolError } from "../errors";
import { closing, heading, render, cut, day, line, shareBudget, splitParts, TEXT_BUDGET, USAGE_NOTE, type NextCall } from "../format";
import { count } from "../i18n";
import { LangInput, MAX_TOOL_PAGE, referenceInput } from "../inputs";
import { toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";

/** Comments shown with the last part, and the characters they may use together. */
export const COMMENTS_SHOWN = 10;
const COMMENT_BUDGET = 1500;
/** Characters of body per part: the rest of the budget. */
export const POST_PART_SIZE = TEXT_BUDGET - COMMENT_BUDGET;

const input = z.object({
  post: referenceInput("Post id or page address (…/en/blog/{id}, …/es/blog/{id})"),
  part: z.number().int().min(1).max(MAX_TOOL_PAGE).optional().describe(`Part of the body, about ${POST_PART_SIZE} characters each (default 1)`),
  lang: LangInput,
});

const output = toolResultSchema({
  post: BlogPostDetailSchema.omit({ body_html: true, comment_list: true }).extend({
    body: z.string().describe("This part of the body, Markdown"),
    comment_list: z
      .array(CommentSchema)
      .describe(`Up to ${COMMENTS_SHOWN} comments, oldest first, given with the last part only (texts possibly cut)`),
  }),
  body_part: z.object({ part: z.number().int(), parts: z.number().int() }).describe("Which part of the body this is, of how many"),
});

export const getPostTool = defineTool({
  name: "get_post",
  title: "Read a blog post",
  description:
    "Read a published blog post (Markdown) and its comments. A long body comes in parts; the result ends with the exact call for the next part.",
  input,
  output,
  async run(args, tools) {
    const { id, lang, words, ctx } = namedItem(tools, args.post, "post", args.lang);
    const post = visibleOr(await getPost(ctx, id), words, "blogPost", id, "posts");
    const parts = splitParts(post.body, POST_PART_SIZE);
    const part = args.part ?? 1;
    if (part > parts.length) throw new ToolError(words.partRange(count(words, parts.length, "part"), parts.length));
    const notes: string[] = [];
    const last = part === parts.length;

    const comments = last ? post.comment_list.slice(0, COMMENTS_SHOWN) : [];
    const limits = shareBudget(
      comments.map((c) => c.body.length),
      COMMENT_BUDGET,
    );
    const shownComments = comments.map((c, i) => ({ ...c, body: cut(c.body, limits[i]).text }));
    const commentsWord = words.units.comment[1];
    if (comments.some((c, i) => c.body.length > limits[i])) notes.push(words.someCut(commentsWord, post.url));
    if (last && post.comment_list.length > COMMENTS_SHOWN)
      notes.push(words.onlyFirst(COMMENTS_SHOWN, post.comment_list.length, commentsWord, post.url));
    const next: NextCall | null = last ? null : { tool: "get_post", arguments: { post: post.id, part: part + 1, lang } };
    if (!last) notes.push(words.partNote(part, parts.length));

    const { body_html: _html, comment_list: _comments, ...rest } = post;
    const published = day(post.published_at);
    const edited = day(post.edited_at);
    const md: string[] = [
      ...heading(
        post,
        words.blogPostBy(post.author ?? words.unknown),
        published && words.published(published),
        edited && words.edited(edited),
        words.minRead(post.reading_minutes),
        count(words, post.likes, "like"),
        count(words, post.comments, "comment"),
        post.tags.length > 0 && words.tags(post.tags.join(", ")),
      ),
      ...(parts.length > 1 ? [words.partOf(part, parts.length)] : []),
      "",
      parts[part - 1],
    ];
    if (shownComments.length) {
      md.push("", `## ${words.comments}`);
      for (const c of shownComments) md.push("", `**${line(c.author, day(c.created_at))}**: ${c.body}`);
    }
    md.push("", closing(notes, next, words));
    return {
      structured: {
        post: { ...rest, body: parts[part - 1], comment_list: shownComments },
        body_part: { part, parts: parts.length },
        notes,
        next,
        usage: USAGE_NOTE,
      },
      markdown: render(md),
    };
  },
});
