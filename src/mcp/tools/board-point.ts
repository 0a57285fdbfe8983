// get_board with a `point`: what the community measured on one net or designator of a board, with its sources.
import { getBoardPoint, type BoardPointDetail } from "../../db/queries/boards/board-points";
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

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1) + ".";

/** A table cell: no pipe or line break of the file's text breaks the table. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

export async function boardPointAnswer(tools: ToolContext, lang: Lang, board: string, point: string) {
  const words = mcpWords(lang);
  const answer: BoardPointDetail | undefined = await getBoardPoint(anonymousQueryContext(tools, lang), board, point);
  if (!answer) throw new ToolError(words.pointNothing(quote(point), quote(board)));
  // The page that draws the point best, first: the first document's best place (documents keep their order).
  const drawn = answer.documents.flatMap((d) => (d.places.length ? [words.drawnOn(d.places[0].page, quote(d.title), [])] : []));
  const md = [
    `# ${words.pointOnBoard(answer.point, answer.board.number)}`,
    answer.board.url,
    ...(drawn.length ? [capitalised(drawn[0])] : []),
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
            ...answer.expected.map((v) => ({ ...v, label: [words.reportedExpected, v.kind && words.valueKind[v.kind]].filter(Boolean).join(", ") })),
            ...answer.measured.map((v) => ({ ...v, label: [words.reportedMeasured, v.kind && words.valueKind[v.kind]].filter(Boolean).join(", ") })),
          ]),
          "",
        ]
      : []),
    ...(answer.reference.length
      ? [
          `## ${words.referenceValues}`,
          words.referenceHeader,
          "|---|---|---|---|",
          ...answer.reference.map(
            (r) => `| ${words.valueKind[r.kind] ?? r.kind} | ${cell(r.value)} | ${cell(r.note ?? "")} | [${cell(r.source.title)}](${r.source.url}) |`,
          ),
          "",
        ]
      : []),
    ...(answer.parts?.length
      ? [
          `## ${words.partHeading(answer.point)}`,
          ...answer.parts.map(
            (p) =>
              `- ${p.designator}: ${[p.value, p.package, p.code, p.fitted ? null : words.notFitted].filter(Boolean).join(", ")} ([${p.source.title}](${p.source.url}))`,
          ),
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
          ...answer.documents.map(
            (d) =>
              `${documentItem(d, words)}\n  ${[
                d.places.length &&
                  words.drawnOn(
                    d.places[0].page,
                    quote(d.title),
                    d.places.slice(1).map((p) => p.page),
                  ),
                `${count(words, d.pages.length, "page")}: ${d.pages.join(", ")}`,
              ]
                .filter(Boolean)
                .join("; ")}`,
          ),
          "",
        ]
      : []),
    closing([], null, words),
  ];
  return { structured: { point: answer, notes: [], next: null, usage: USAGE_NOTE }, markdown: render(md) };
}
