// get_post: one blog post (by id or page address); long bodies come in parts, comments after the last part.
import { z } from "@hono/zod-openapi";
import { getPost } from "../../db/queries/blog";
import { BlogPostDetailSchema, CommentSchema } from "../../schemas/blog";
import { resolveIdReference } from "../address";
import { anonymousQueryContext } from "../tool-context";
import { ToolError } from "../errors";
import { closing, render, cut, day, line, plural, shareBudget, splitParts, TEXT_BUDGET, USAGE_NOTE, type NextCall } from "../format";
import { chooseLang, LangInput, referenceInput } from "../inputs";
import { toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";

/** Comments shown with the last part, and the characters they may use together. */
export const COMMENTS_SHOWN = 10;
const COMMENT_BUDGET = 1500;
/** Characters of body per part: the rest of the budget. */
export const POST_PART_SIZE = TEXT_BUDGET - COMMENT_BUDGET;

const input = z.object({
  post: referenceInput("Post id or page address (…/en/blog/{id}, …/es/blog/{id})"),
  part: z.number().int().min(1).max(10000).optional().describe(`Part of the body, about ${POST_PART_SIZE} characters each (default 1)`),
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
    const ref = resolveIdReference(args.post, "post");
    const lang = chooseLang(args.lang, ref.lang, tools.defaultLang);
    const post = await getPost(anonymousQueryContext(tools, lang), ref.id);
    if (!post) {
      throw new ToolError(
        `No blog post ${ref.id} is visible: it does not exist or is not published. Find posts with the search tool or list_recent {"kind":"posts"}.`,
      );
    }
    const parts = splitParts(post.body, POST_PART_SIZE);
    const part = args.part ?? 1;
    if (part > parts.length) throw new ToolError(`This post has ${plural(parts.length, "part")}; ask for part 1 to ${parts.length}.`);
    const notes: string[] = [];
    const last = part === parts.length;

    const comments = last ? post.comment_list.slice(0, COMMENTS_SHOWN) : [];
    const limits = shareBudget(
      comments.map((c) => c.body.length),
      COMMENT_BUDGET,
    );
    const shownComments = comments.map((c, i) => ({ ...c, body: cut(c.body, limits[i]).text }));
    if (comments.some((c, i) => c.body.length > limits[i]))
      notes.push(`Some comments are cut to fit; they are whole on the post's page, ${post.url}.`);
    if (last && post.comment_list.length > COMMENTS_SHOWN) {
      notes.push(`Only the first ${COMMENTS_SHOWN} of ${post.comment_list.length} comments are shown; the rest are on the post's page, ${post.url}.`);
    }
    const next: NextCall | null = last ? null : { tool: "get_post", arguments: { post: post.id, part: part + 1, lang } };
    if (!last) notes.push(`This is part ${part} of ${parts.length} of the body; the comments come with the last part.`);

    const { body_html: _html, comment_list: _comments, ...rest } = post;
    const md: string[] = [
      `# ${post.title}`,
      post.url,
      line(
        `Blog post by ${post.author ?? "unknown"}`,
        day(post.published_at) && `published ${day(post.published_at)}`,
        day(post.edited_at) && `edited ${day(post.edited_at)}`,
        `${post.reading_minutes} min read`,
        plural(post.likes, "like"),
        plural(post.comments, "comment"),
        post.tags.length > 0 && `tags ${post.tags.join(", ")}`,
      ),
      ...(parts.length > 1 ? [`Part ${part} of ${parts.length}`] : []),
      "",
      parts[part - 1],
    ];
    if (shownComments.length) {
      md.push("", `## Comments`);
      for (const c of shownComments) md.push("", `**${line(c.author, day(c.created_at))}**: ${c.body}`);
    }
    md.push("", closing(notes, next));
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
