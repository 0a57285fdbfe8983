// get_board with a `point`: what the community measured on one net or designator of a board, with its sources.
import { getBoardPoint, type BoardPointDetail } from "../../db/queries/board-points";
import { quote } from "../address";
import { anonymousQueryContext, type ToolContext } from "../context";
import { ToolError } from "../errors";
import { closing, line, plural, render, USAGE_NOTE } from "../format";
import { caseItem, documentItem, threadItem, trimCases } from "../items";
import type { Lang } from "../../core/language";

/** A table of values and how many visible reports give each; readable in Markdown. */
export function valuesTable(rows: { label: string; value: string; count: number }[]): string[] {
  if (!rows.length) return [];
  return ["| value | reported as | reports |", "|---|---|---|", ...rows.map((r) => `| ${r.value.replace(/\|/g, "\\|")} | ${r.label} | ${r.count} |`)];
}

export async function boardPointAnswer(tools: ToolContext, lang: Lang, board: string, point: string) {
  const answer: BoardPointDetail | undefined = await getBoardPoint(anonymousQueryContext(tools, lang), board, point);
  if (!answer) {
    throw new ToolError(
      `Nothing public about ${quote(point)} on board ${quote(board)}: the board is unknown, or no published case, thread or public document of it mentions the point. Call get_board without point for the board's measured points.`,
    );
  }
  const md = [
    `# ${answer.point} on board ${answer.board.number}`,
    answer.board.url,
    line(
      `normalised ${answer.norm}`,
      plural(answer.cases.length, "repair case"),
      plural(answer.threads.length, "thread"),
      plural(answer.documents.length, "document"),
    ),
    "",
    ...(answer.expected.length || answer.measured.length
      ? [
          "## Values reported in published repair cases",
          ...valuesTable([
            ...answer.expected.map((v) => ({ label: "expected", ...v })),
            ...answer.measured.map((v) => ({ label: "measured", ...v })),
          ]),
          "",
        ]
      : []),
    ...(answer.cases.length ? ["## Repair cases that measured or changed it", ...trimCases(answer.cases).map(caseItem), ""] : []),
    ...(answer.threads.length ? ["## Forum threads that mention it", ...answer.threads.map(threadItem), ""] : []),
    ...(answer.documents.length
      ? [
          "## Documents whose text mentions it",
          ...answer.documents.map((d) => `${documentItem(d)}\n  ${plural(d.pages.length, "page")}: ${d.pages.join(", ")}`),
          "",
        ]
      : []),
    closing([], null),
  ];
  return { structured: { point: answer, notes: [], next: null, usage: USAGE_NOTE }, markdown: render(md) };
}
