// get_board with a `point`: what the community measured on one net or designator of a board, with its sources.
import { getBoardPoint, type BoardPointDetail } from "../../db/queries/board-points";
import { quote } from "../address";
import { anonymousQueryContext, type ToolContext } from "../tool-context";
import { ToolError } from "../errors";
import { closing, line, render, USAGE_NOTE } from "../format";
import { count, mcpWords } from "../i18n";
import { caseItem, documentItem, threadItem, trimCases } from "../items";
import type { Lang } from "../../core/language";

/** A table of values and how many visible reports give each; readable in Markdown. */
export function valuesTable(header: string, rows: { label: string; value: string; count: number }[]): string[] {
  if (!rows.length) return [];
  return [header, "|---|---|---|", ...rows.map((r) => `| ${r.value.replace(/\|/g, "\\|")} | ${r.label} | ${r.count} |`)];
}

export async function boardPointAnswer(tools: ToolContext, lang: Lang, board: string, point: string) {
  const words = mcpWords(lang);
  const answer: BoardPointDetail | undefined = await getBoardPoint(anonymousQueryContext(tools, lang), board, point);
  if (!answer) throw new ToolError(words.pointNothing(quote(point), quote(board)));
  const md = [
    `# ${words.pointOnBoard(answer.point, answer.board.number)}`,
    answer.board.url,
    line(
      words.normalisedAs(answer.norm),
      count(words, answer.cases.length, "repairCase"),
      count(words, answer.threads.length, "thread"),
      count(words, answer.documents.length, "document"),
      answer.boardviews.length > 0 && count(words, answer.boardviews.length, "boardview"),
    ),
    "",
    ...(answer.expected.length || answer.measured.length
      ? [
          `## ${words.valuesReported}`,
          ...valuesTable(words.valuesReportedHeader, [
            ...answer.expected.map((v) => ({ label: words.reportedExpected, ...v })),
            ...answer.measured.map((v) => ({ label: words.reportedMeasured, ...v })),
          ]),
          "",
        ]
      : []),
    ...(answer.boardviews.length
      ? [
          `## ${words.boardviewsOfPoint}`,
          ...answer.boardviews.map((b) => `- ${b.document} (${b.format ?? "?"}): ${words.holding(b.kind, b.name, b.side, b.x, b.y)}`),
          "",
        ]
      : []),
    ...(answer.cases.length ? [`## ${words.casesOfPoint}`, ...trimCases(answer.cases).map((c) => caseItem(c, words)), ""] : []),
    ...(answer.threads.length ? [`## ${words.threadsOfPoint}`, ...answer.threads.map((t) => threadItem(t, words)), ""] : []),
    ...(answer.documents.length
      ? [
          `## ${words.documentsOfPoint}`,
          ...answer.documents.map((d) => `${documentItem(d, words)}\n  ${count(words, d.pages.length, "page")}: ${d.pages.join(", ")}`),
          "",
        ]
      : []),
    closing([], null, words),
  ];
  return { structured: { point: answer, notes: [], next: null, usage: USAGE_NOTE }, markdown: render(md) };
}
