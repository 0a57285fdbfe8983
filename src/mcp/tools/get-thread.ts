// get_thread: one forum thread (by id or page address) with a small page of its replies.
import { z } from "@hono/zod-openapi";
import { getThread, REPLIES_PER_PAGE, type ThreadDetail } from "../../db/queries/forum";
import { pageMeta } from "../../core/pagination";
import { pageUrl } from "../../core/urls";
import { IdSchema, UrlSchema } from "../../schemas/common";
import { ReplySchema, ThreadDetailSchema } from "../../schemas/forum";
import { namedItem, type ToolContext, visibleOr } from "../tool-context";
import { closing, heading, render, cut, day, line, shareBudget, TEXT_BUDGET, USAGE_NOTE, type NextCall } from "../format";
import { count } from "../i18n";
import { LangInput, pageInput, referenceInput } from "../inputs";
import { PageSchema, toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";
import type { QueryContext } from "../../db/queries/runtime";

/** Replies shown per call: small, so a page fits the character budget. */
export const REPLIES_PER_CALL = 10;

const ReplyOutput = ReplySchema.omit({ body_html: true }).describe("A reply, oldest first; body is Markdown (possibly cut, see notes)");

const ThreadOutput = ThreadDetailSchema.omit({ body: true, body_html: true, posts: true, document: true }).extend({
  body: z.string().nullable().describe("The opening post, Markdown (possibly cut, see notes); null on reply pages after the first"),
  document: z.object({ id: IdSchema, title: z.string(), url: UrlSchema }).nullable().describe("The library document the thread is about, if visible"),
});

const input = z.object({
  thread: referenceInput("Thread id or page address (…/en/forum/{id}, …/es/foro/{id})"),
  page: pageInput("replies"),
  per_page: z
    .number()
    .int()
    .min(1)
    .max(REPLIES_PER_CALL)
    .optional()
    .describe(`Replies per page (default ${REPLIES_PER_CALL}); 1 reads a long reply whole`),
  lang: LangInput,
});

const output = toolResultSchema({
  thread: ThreadOutput,
  replies: z.array(ReplyOutput),
  replies_page: PageSchema,
});

type Reply = ThreadDetail["posts"][number];

/** `count` replies from `offset` on, read through the API's pages of REPLIES_PER_PAGE (one or two of them). */
async function readWindow(ctx: QueryContext, id: string, offset: number, count: number) {
  const apiPage = Math.floor(offset / REPLIES_PER_PAGE) + 1;
  const first = await getThread(ctx, id, apiPage);
  if (!first) return undefined;
  const start = offset % REPLIES_PER_PAGE;
  let replies: Reply[] = first.data.posts.slice(start, start + count);
  if (replies.length < count && start + count > REPLIES_PER_PAGE && apiPage < first.meta.last_page) {
    const second = await getThread(ctx, id, apiPage + 1);
    replies = replies.concat(second?.data.posts.slice(0, count - replies.length) ?? []);
  }
  return { thread: first.data, total: first.meta.total, replies };
}

export const getThreadTool = defineTool({
  name: "get_thread",
  title: "Read a forum thread",
  description:
    `Read a forum thread: status, opening post and ${REPLIES_PER_CALL} replies a page, oldest first, the accepted solution marked. ` +
    "Long texts are cut; the result ends with the exact call for the next page or the rest.",
  input,
  output,
  async run(args, tools: ToolContext) {
    const { id, lang, words, ctx } = namedItem(tools, args.thread, "thread", args.lang);
    const page = args.page ?? 1;
    const perPage = args.per_page ?? REPLIES_PER_CALL;
    const { thread, total, replies } = visibleOr(await readWindow(ctx, id, (page - 1) * perPage, perPage), words, "forumThread", id, "threads");
    const meta = pageMeta({ page, perPage }, total);
    const notes: string[] = [];

    // The opening post (first page only) and the replies share one character budget.
    const withOpening = page === 1;
    const texts = [...(withOpening ? [thread.body] : []), ...replies.map((r) => r.body)];
    const limits = shareBudget(
      texts.map((t) => t.length),
      TEXT_BUDGET,
    );
    const replyLimits = withOpening ? limits.slice(1) : limits;
    let body: string | null = null;
    if (withOpening) {
      const shown = cut(thread.body, limits[0]);
      body = shown.text;
      if (shown.cut) notes.push(words.openingCut(limits[0], thread.body.length, thread.url));
    }
    const firstNumber = (page - 1) * perPage + 1;
    const shownReplies = replies.map((reply, i) => {
      const shown = cut(reply.body, replyLimits[i]);
      if (shown.cut) {
        const number = firstNumber + i;
        const howToRead =
          perPage === 1 && !withOpening
            ? words.onPage(thread.url)
            : words.readAlone(JSON.stringify({ thread: thread.id, page: number, per_page: 1, lang }));
        notes.push(words.replyCut(number, reply.author, replyLimits[i], reply.body.length, howToRead));
      }
      const { body_html: _html, ...rest } = reply;
      return { ...rest, body: shown.text };
    });
    if (replies.length === 0 && total > 0) notes.push(words.pastEnd(page, count(words, total, "reply")));

    const next: NextCall | null =
      page < meta.last_page
        ? { tool: "get_thread", arguments: { thread: thread.id, page: page + 1, ...(perPage !== REPLIES_PER_CALL && { per_page: perPage }), lang } }
        : null;
    const document = thread.document ? { ...thread.document, url: pageUrl(ctx.urls, "document", thread.document.id, thread.document.title) } : null;
    const { body_html: _bodyHtml, posts: _posts, body: _body, ...header } = thread;

    const started = day(thread.created_at);
    const lastActivity = day(thread.last_activity_at);
    const md: string[] = [
      ...heading(
        thread,
        words.forumThreadBy(thread.author),
        words.category(thread.category),
        thread.status,
        thread.sticky && words.sticky,
        count(words, thread.replies, "reply"),
        started && words.started(started),
        lastActivity && words.lastActivity(lastActivity),
      ),
    ];
    if (thread.board) md.push(line(`${words.boardLabel}: ${thread.board.number}`, thread.board.manufacturer, thread.board.url));
    if (document) md.push(`${words.documentLabel}: ${document.title} ${document.url}`);
    if (body !== null) md.push("", body);
    if (replies.length) {
      md.push("", `## ${words.replies(firstNumber, firstNumber + replies.length - 1, total, page, meta.last_page)}`);
      shownReplies.forEach((reply, i) => {
        md.push(
          "",
          `### ${firstNumber + i}. ${line(reply.author, day(reply.created_at), words.score(reply.score), reply.is_solution && words.solution)}`,
          reply.body,
        );
      });
    } else if (total === 0) md.push("", words.noReplies);
    md.push("", closing(notes, next, words));

    return {
      structured: { thread: { ...header, body, document }, replies: shownReplies, replies_page: meta, notes, next, usage: USAGE_NOTE },
      markdown: render(md),
    };
  },
});
