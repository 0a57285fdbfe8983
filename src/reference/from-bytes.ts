// A stored file read as reference values, the one decision the queue consumer and the importer share: is it an
// OpenBoardData file (by content, whatever its name), and what it stores: its values, parts, notes and page text.
import type { Localized } from "../core/messages/text";
import { isOpenBoardData, parseOpenBoardData, REFERENCE_CAPS, type OpenBoardData } from "./obdata";
import { referencePages, referenceRows, type ReferenceContent } from "./store";

export interface ReferenceFile {
  data: OpenBoardData;
  content: ReferenceContent;
  pages: string[];
}

/** Whether a file's first bytes may start a reference file: text (no NUL) of a size read whole; a `.obdata` name says so by itself. */
export function mayBeReference(head: Uint8Array, sizeBytes: number, named = false): boolean {
  if (sizeBytes > REFERENCE_CAPS.bytes || head.includes(0)) return false;
  return named || isOpenBoardData(decode(head));
}

/** UTF-8 when valid, else Latin-1 (older files were written by hand on any system). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

/** The file read whole; null when its content is not OpenBoardData (unless `named` so by its `.obdata` name). */
export function referenceFromBytes(bytes: Uint8Array, named = false): ReferenceFile | null {
  if (bytes.length > REFERENCE_CAPS.bytes || bytes.includes(0)) return null;
  const text = decode(bytes);
  if (!named && !isOpenBoardData(text)) return null;
  const data = parseOpenBoardData(text);
  const values = referenceRows(data.rows);
  return { data, content: { values, parts: data.parts, notes: data.notes }, pages: referencePages(data, values) };
}

/** Why a values file gave its board no values; the document is available with it as its status_reason. */
export type ValuesGap =
  | { kind: "no-id"; boards: readonly string[] }
  | { kind: "unknown-board"; fileBoard: string }
  | { kind: "other-board"; fileBoard: string; boards: readonly string[] }
  | { kind: "no-rows"; fileBoard: string };

/** The reason in both languages (stored as such, shown in the reader's). */
export function valuesGapText(gap: ValuesGap): Localized {
  const named = (boards: readonly string[], none: string) => (boards.length ? boards.join(", ") : none);
  switch (gap.kind) {
    case "no-id":
      return {
        en: `This OpenBoardData file names no board (no ID line): its values were not added to ${named(gap.boards, "any board")}. Add the line ID <board number> and upload it again.`,
        es: `Este archivo OpenBoardData no nombra ninguna placa (no tiene línea ID): sus valores no se añadieron a ${named(gap.boards, "ninguna placa")}. Añade la línea ID <número de placa> y vuelve a subirlo.`,
      };
    case "unknown-board":
      return {
        en: `This OpenBoardData file is for board ${gap.fileBoard}, which the library does not know: its values were not added. An operator adds boards (npm run admin -- boards:create).`,
        es: `Este archivo OpenBoardData es de la placa ${gap.fileBoard}, que la biblioteca no conoce: sus valores no se añadieron. Las placas las añade un operador (npm run admin -- boards:create).`,
      };
    case "other-board":
      return {
        en: `This OpenBoardData file is for board ${gap.fileBoard}, not ${named(gap.boards, "no board")}: its values were not added.`,
        es: `Este archivo OpenBoardData es de la placa ${gap.fileBoard}, no de ${named(gap.boards, "ninguna placa")}: sus valores no se añadieron.`,
      };
    case "no-rows":
      return {
        en: `This OpenBoardData file for board ${gap.fileBoard} gives no values (no rows): there was nothing to add.`,
        es: `Este archivo OpenBoardData de la placa ${gap.fileBoard} no da ningún valor (no tiene filas): no había nada que añadir.`,
      };
  }
}
