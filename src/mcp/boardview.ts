// get_document's boardview answers: one part or one net of a boardview document, as structured data and as
// lines of text. Long nets (a ground net touches hundreds of pins) are cut to PINS_SHOWN with a note.
import { boardviewNet, boardviewPart, visibleBoardview } from "../db/queries/boardviews";
import type { QueryContext } from "../db/queries/runtime";
import type { DocumentDetail } from "../db/queries/documents";
import type { BoardviewNet, BoardviewPart } from "../schemas/boardviews";
import { line, plural } from "./format";

/** Pins listed per answer: enough to place a part or probe a net, small enough for an assistant's context. */
export const PINS_SHOWN = 100;

export interface BoardviewAnswers {
  part?: BoardviewPart | null;
  net?: BoardviewNet | null;
}

export async function boardviewAnswers(
  ctx: QueryContext,
  doc: DocumentDetail,
  part: string | undefined,
  net: string | undefined,
  notes: string[],
): Promise<BoardviewAnswers> {
  if (part === undefined && net === undefined) return {};
  const board = doc.boardview?.format ? await visibleBoardview(ctx, doc.id) : undefined;
  if (!board) {
    notes.push("This document is not a boardview whose parts could be read: part and net answer nothing.");
    return { ...(part !== undefined && { part: null }), ...(net !== undefined && { net: null }) };
  }
  const answers: BoardviewAnswers = {};
  if (part !== undefined) {
    answers.part = (await boardviewPart(ctx, board, part)) ?? null;
    if (!answers.part) notes.push(`The boardview holds no part named ${part}.`);
    else if (answers.part.pins.length > PINS_SHOWN) {
      notes.push(`Only the first ${PINS_SHOWN} of the part's ${answers.part.pins.length} pins are listed.`);
      answers.part = { ...answers.part, pins: answers.part.pins.slice(0, PINS_SHOWN) };
    }
  }
  if (net !== undefined) {
    answers.net = (await boardviewNet(ctx, board, net)) ?? null;
    if (!answers.net) notes.push(`The boardview holds no net named ${net}.`);
    else if (answers.net.pins.length > PINS_SHOWN || answers.net.parts.length > PINS_SHOWN) {
      notes.push(`Only the first ${PINS_SHOWN} of the net's ${answers.net.pins.length} pins and ${answers.net.parts.length} parts are listed.`);
      answers.net = { ...answers.net, pins: answers.net.pins.slice(0, PINS_SHOWN), parts: answers.net.parts.slice(0, PINS_SHOWN) };
    }
  }
  return answers;
}

/** The boardview's summary and any part or net asked for, as markdown lines. */
export function boardviewLines(doc: DocumentDetail, answers: BoardviewAnswers): string[] {
  const summary = doc.boardview;
  if (!summary) return [];
  const md = [
    summary.format
      ? line(
          `Boardview (${summary.format})`,
          plural(summary.parts, "part"),
          plural(summary.pins, "pin"),
          plural(summary.nets, "net"),
          plural(summary.test_points, "test point"),
        )
      : `Boardview that could not be read: ${summary.reason ?? "unknown format"}`,
  ];
  const { part, net } = answers;
  if (part) {
    md.push(
      "",
      `## Part ${part.name}`,
      line(`${part.side} side`, part.mounting === "smd" ? "surface mount" : "through-hole", `at (${part.x}, ${part.y})`),
    );
    for (const pin of part.pins) md.push(`- pin at (${pin.x}, ${pin.y})${pin.net ? `: ${pin.net}` : ""}`);
  }
  if (net) {
    md.push("", `## Net ${net.name}`, `Parts: ${net.parts.join(", ")}`);
    for (const point of net.test_points) md.push(`- test point ${point.name} at (${point.x}, ${point.y}), ${point.side}`);
    for (const pin of net.pins) md.push(`- ${pin.part} pin at (${pin.x}, ${pin.y}), ${pin.side}`);
  }
  return md;
}
