// The selection panel in the browser: the board's part, pin or net put in the shape the one panel renderer reads
// (src/site/pages/boardview-panel.ts, which the page also writes deep links with), and the links it carries.
import { esc, type PanelNet, type PanelSelection, panelHtml } from "../src/site/pages/boardview-panel";
import type { ViewerWords } from "../src/site/boardview-words";
import { type Found, pinsOf } from "./find";
import type { Board } from "./layout";

export type Words = ViewerWords;

/** The page's own address selecting a part or a net (and nothing else of the old query). */
export function selectHref(kind: "part" | "net", name: string): string {
  const url = new URL(location.href);
  for (const k of ["part", "net", "pin", "find"]) url.searchParams.delete(k);
  url.searchParams.set(kind, name);
  url.hash = "boardview";
  return url.pathname + url.search + url.hash;
}

const links = { part: (name: string) => selectHref("part", name), net: (name: string) => selectHref("net", name) };

export function netOf(board: Board, n: number): PanelNet {
  const seen = new Set<number>();
  for (let k = board.netStart[n]; k < board.netStart[n + 1]; k++) seen.add(board.pinPart[board.netPins[k]]);
  return { name: board.answer.nets[n], pins: board.netStart[n + 1] - board.netStart[n], parts: [...seen].map((p) => board.answer.parts[p].name) };
}

const partOf = (board: Board, p: number) => {
  const part = board.answer.parts[p];
  return { name: part.name, side: part.side, value: part.value, pins: pinsOf(board, p) };
};

/** The panel's shape of a find answer. */
export function panelSelection(board: Board, found: Found): PanelSelection {
  switch (found.kind) {
    case "part":
      return { kind: "part", part: partOf(board, found.part) };
    case "net":
      return { kind: "net", net: netOf(board, found.net) };
    case "pin": {
      const p = board.pinPart[found.pin];
      const net = board.pinNet[found.pin];
      return { kind: "pin", part: partOf(board, p), pin: found.pin - board.partStart[p], net: net >= 0 ? netOf(board, net) : undefined };
    }
    default:
      return found;
  }
}

/** Writes a selection into the panel; a net's point answers start as a loading line. */
export function renderPanel(panel: HTMLElement, board: Board, found: Found, w: Words): void {
  panel.innerHTML = panelHtml(panelSelection(board, found), w, document.documentElement.lang || "en", links, `<p class="meta">${esc(w.loading)}</p>`);
}
