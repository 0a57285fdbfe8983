// get_document's boardview answers: one part or one net of a boardview document, as structured data and as
// lines of text in the reader's language. Long nets (a ground net touches hundreds of pins) are cut to PINS_SHOWN
// with a note.
import { boardviewNet, boardviewPart, visibleBoardview } from "../db/queries/boardviews";
import { DomainError } from "../errors";
import type { QueryContext } from "../db/queries/runtime";
import type { DocumentDetail } from "../db/queries/document-detail";
import type { BoardviewNet, BoardviewPart } from "../schemas/boardviews";
import { line } from "./format";
import { count, type McpWords } from "./i18n";

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
  words: McpWords,
): Promise<BoardviewAnswers> {
  if (part === undefined && net === undefined) return {};
  const board = doc.boardview?.format ? await visibleBoardview(ctx, doc.id) : undefined;
  if (!board) {
    notes.push(words.notBoardview);
    return { ...(part !== undefined && { part: null }), ...(net !== undefined && { net: null }) };
  }
  const answers: BoardviewAnswers = {};
  // The name rule (name-match.ts): a spelling that matches several names is said, with them, instead of a miss.
  const named = async <T>(look: () => Promise<T | undefined>, name: string, missing: string): Promise<T | null> => {
    try {
      const found = await look();
      if (!found) notes.push(missing);
      return found ?? null;
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== "ambiguous") throw err;
      notes.push(words.ambiguousName(name, (err.candidates ?? []).join(", ")));
      return null;
    }
  };
  if (part !== undefined) {
    answers.part = await named(() => boardviewPart(ctx, board, part), part, words.noPartNamed(part));
    if (answers.part && answers.part.pins.length > PINS_SHOWN) {
      notes.push(words.partPinsCut(PINS_SHOWN, answers.part.pins.length));
      answers.part = { ...answers.part, pins: answers.part.pins.slice(0, PINS_SHOWN) };
    }
  }
  if (net !== undefined) {
    answers.net = await named(() => boardviewNet(ctx, board, net), net, words.noNetNamed(net));
    if (answers.net && (answers.net.pins.length > PINS_SHOWN || answers.net.parts.length > PINS_SHOWN)) {
      notes.push(words.netPinsCut(PINS_SHOWN, answers.net.pins.length, answers.net.parts.length));
      answers.net = { ...answers.net, pins: answers.net.pins.slice(0, PINS_SHOWN), parts: answers.net.parts.slice(0, PINS_SHOWN) };
    }
  }
  return answers;
}

/** The boardview's summary and any part or net asked for, as markdown lines in the reader's language. */
export function boardviewLines(doc: DocumentDetail, answers: BoardviewAnswers, words: McpWords): string[] {
  const summary = doc.boardview;
  if (!summary) return [];
  const md = [
    summary.format
      ? line(
          `Boardview (${summary.format})`,
          count(words, summary.parts, "component"),
          count(words, summary.pins, "pin"),
          count(words, summary.nets, "net"),
          count(words, summary.test_points, "testPoint"),
        )
      : words.boardviewUnreadable(summary.reason),
  ];
  const { part, net } = answers;
  if (part) {
    md.push("", `## ${words.partHeading(part.name)}`, line(words.side(part.side), words.mounting(part.mounting), words.at(part.x, part.y)));
    for (const pin of part.pins) md.push(`- ${words.pinOfPart(pin.x, pin.y, pin.net)}`);
  }
  if (net) {
    md.push("", `## ${words.netHeading(net.name)}`, words.partsOfNet(net.parts.join(", ")));
    for (const point of net.test_points) md.push(`- ${words.testPointOfNet(point.name, point.x, point.y, words.side(point.side))}`);
    for (const pin of net.pins) md.push(`- ${words.pinOfNet(pin.part, pin.x, pin.y, words.side(pin.side))}`);
  }
  return md;
}
