// get_board: one board by number or alias in any spelling (or its page address), with its public documents.
import { z } from "@hono/zod-openapi";
import { getBoard } from "../../db/queries/boards";
import { pageMeta } from "../../core/pagination";
import { BoardDetailSchema } from "../../schemas/boards";
import { quote, resolveBoardReference } from "../address";
import { anonymousQueryContext } from "../tool-context";
import { ToolError } from "../errors";
import { closing, render, line, USAGE_NOTE, type NextCall } from "../format";
import { count, mcpWords } from "../i18n";
import { chooseLang, LangInput, pageInput, referenceInput } from "../inputs";
import { documentItem } from "../items";
import { PageSchema, toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";

/** Documents listed per call. */
export const BOARD_DOCUMENTS_PER_CALL = 20;

const input = z.object({
  board: referenceInput("Board number or alias in any spelling (820-00165, 82000165, LA-B162P) or page address (…/en/boards/{number})"),
  page: pageInput("the board's documents"),
  lang: LangInput,
});

const output = toolResultSchema({
  board: BoardDetailSchema.describe(`The board; documents holds one page of up to ${BOARD_DOCUMENTS_PER_CALL} public documents for it, newest first`),
  documents_page: PageSchema,
});

export const getBoardTool = defineTool({
  name: "get_board",
  title: "Read a board",
  description:
    `Read a logic board: maker, platform, codename, aliases and its public documents, ${BOARD_DOCUMENTS_PER_CALL} a page; ` +
    "the result ends with the exact call for the next page.",
  input,
  output,
  async run(args, tools) {
    const ref = resolveBoardReference(args.board);
    const lang = chooseLang(args.lang, ref.lang, tools.defaultLang);
    const words = mcpWords(lang);
    const board = await getBoard(anonymousQueryContext(tools, lang), ref.spelling);
    if (!board) throw new ToolError(words.noBoard(quote(ref.spelling)));
    const page = args.page ?? 1;
    const meta = pageMeta({ page, perPage: BOARD_DOCUMENTS_PER_CALL }, board.documents.length);
    const documents = board.documents.slice((page - 1) * BOARD_DOCUMENTS_PER_CALL, page * BOARD_DOCUMENTS_PER_CALL);
    const notes: string[] = [];
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
      words.boardSearchHint,
      "",
      closing(notes, next, words),
    ];
    return {
      structured: { board: { ...board, documents }, documents_page: meta, notes, next, usage: USAGE_NOTE },
      markdown: render(md),
    };
  },
});
