// get_board: one board by number or alias in any spelling (or its page address), with its public documents,
// newest threads and cases and the values measured on it; with `point`, what is known about one net or designator.
import { z } from "@hono/zod-openapi";
import { suggestBoards } from "../../search/suggest/board-suggestions";
import { getBoard } from "../../db/queries/boards/board-detail";
import { pageMeta } from "../../core/pagination";
import { BoardDetailSchema, BoardPointDetailSchema } from "../../schemas/board-detail";
import { boardPointAnswer } from "./board-point";
import { quote, resolveBoardReference } from "../address";
import { anonymousQueryContext } from "../tool-context";
import { ToolError } from "../errors";
import { closing, render, line, USAGE_NOTE, type NextCall } from "../format";
import { count, mcpWords } from "../i18n";
import { chooseLang, LangInput, pageInput, referenceInput } from "../inputs";
import { caseItem, documentItem, threadItem, trimCases } from "../items";
import { PageSchema, toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";

/** Documents listed per call. */
export const BOARD_DOCUMENTS_PER_CALL = 20;
/** Rows of the values table per call. */
export const BOARD_POINTS_PER_CALL = 15;

const input = z.object({
  board: referenceInput("Board number or alias in any spelling (820-00165, 82000165, LA-B162P) or page address (…/en/boards/{number})"),
  page: pageInput("the board's documents"),
  point: z.string().min(1).max(100).optional().describe("Net or designator, any spelling (PPBUS_G3H, u7000)"),
  lang: LangInput,
});

const output = toolResultSchema({
  board: BoardDetailSchema.describe(
    `The board; documents holds one page of up to ${BOARD_DOCUMENTS_PER_CALL} public documents for it, newest first`,
  ).optional(),
  documents_page: PageSchema.optional(),
  point: BoardPointDetailSchema.describe("With `point`: the point's values, cases, threads and documents").optional(),
});

export const getBoardTool = defineTool({
  name: "get_board",
  title: "Read a board",
  description:
    `Read a logic board: maker, aliases, public documents (${BOARD_DOCUMENTS_PER_CALL} a page), newest threads and cases, values measured on its nets. ` +
    "With point (net or designator): its known-good reference values by kind and the values cases reported, with counts and sources. The result ends with the exact call for the next page.",
  input,
  output,
  async run(args, tools) {
    const ref = resolveBoardReference(args.board);
    const lang = chooseLang(args.lang, ref.lang, tools.defaultLang);
    if (args.point !== undefined) return boardPointAnswer(tools, lang, ref.spelling, args.point);
    const words = mcpWords(lang);
    const ctx = anonymousQueryContext(tools, lang);
    const board = await getBoard(ctx, ref.spelling);
    if (!board) {
      // Did you mean: the boards one slip away, as the API's 404 names them.
      const near = await suggestBoards(ctx, ref.spelling);
      const meant = near.length ? ` ${words.didYouMean(near.map((b) => b.number).join(", "))}` : "";
      throw new ToolError(words.noBoard(quote(ref.spelling)) + meant);
    }
    const notes: string[] = [];
    // The hub's lists, cut for a model's context: threads and cases as the API gives them (the newest 10), symptoms
    // cut, the most measured points only.
    const cases = trimCases(board.cases);
    const points = board.points.slice(0, BOARD_POINTS_PER_CALL);
    if (board.points.length > points.length) notes.push(words.pointsCut(points.length));
    const page = args.page ?? 1;
    const meta = pageMeta({ page, perPage: BOARD_DOCUMENTS_PER_CALL }, board.documents.length);
    const documents = board.documents.slice((page - 1) * BOARD_DOCUMENTS_PER_CALL, page * BOARD_DOCUMENTS_PER_CALL);
    if (documents.length === 0 && board.documents.length > 0) notes.push(words.pastEnd(page, count(words, board.documents.length, "publicDocument")));
    const next: NextCall | null = page < meta.last_page ? { tool: "get_board", arguments: { board: board.number, page: page + 1, lang } } : null;
    const first = (page - 1) * BOARD_DOCUMENTS_PER_CALL + 1;

    const md: string[] = [
      `# ${words.boardTitle(board.number)}`,
      board.url,
      line(
        board.manufacturer,
        words.status(board.status),
        board.platform && words.platform(board.platform),
        board.codename && words.codename(board.codename),
        board.board_code && words.boardCode(board.board_code),
      ),
      line(board.aliases.length > 0 && words.alsoKnownAs(board.aliases.join(", ")), words.normalised(board.norm)),
      "",
      board.documents.length === 0
        ? words.noBoardDocuments
        : documents.length > 0
          ? `## ${words.documentsRange(first, first + documents.length - 1, board.documents.length)}`
          : "",
      ...documents.map((d) => documentItem(d, words)),
      "",
      ...(board.threads.length ? [`## ${words.newestThreads(board.counts.threads)}`, ...board.threads.map((t) => threadItem(t, words)), ""] : []),
      ...(cases.length ? [`## ${words.newestCases(board.counts.cases)}`, ...cases.map((c) => caseItem(c, words)), ""] : []),
      ...(points.length
        ? [
            `## ${words.valuesMeasured}`,
            words.valuesHeader,
            "|---|---|---|---|",
            ...points.map(
              (p) => `| ${p.point} | ${p.measurements} | ${p.components} | ${p.expected ? `${p.expected.value} (${p.expected.count})` : "—"} |`,
            ),
            words.pointDetails(quote(points[0].point)),
            "",
          ]
        : []),
      words.boardSearchHint,
      "",
      closing(notes, next, words),
    ];
    return {
      structured: { board: { ...board, documents, cases, points }, documents_page: meta, notes, next, usage: USAGE_NOTE },
      markdown: render(md),
    };
  },
});
