// The boardview viewer of a document page (docs/boardviews.md): finds [data-boardview], fetches the layout, draws
// it, and keeps the selection panel ([data-selection]), the find box and the address (?part=, ?pin=, ?net=) in step.
// The page server-renders the panel of a deep link; this script takes over from it. Words come from the page.
import { BAND_COLOURS, diodeBand, diodeOf, legendHtml, type PointAnswer, pointsHtml } from "../src/site/pages/boardview-panel";
import { completions, type Found, find, findLink, type Names, namesOf, pinName } from "./find";
import { type Board, boardOf, emptyBox, grow, type LayoutAnswer } from "./layout";
import { distance, distanceText, unplace } from "./measure";
import { renderPanel, type Words } from "./panel";
import type { Sides } from "./place";
import { BoardCanvas } from "./view";

const drawTimes = new Float64Array(512);
let drawCount = 0;
/** The last frames' drawing times (ms), for the bench: window.boardviewFrames(). */
(window as unknown as { boardviewFrames: () => number[] }).boardviewFrames = () =>
  Array.from(drawTimes.subarray(0, Math.min(drawCount, drawTimes.length)));

/** The panel's data-selected for a find answer (part:U1, pin:U1:1, net:GND), as the page writes it. */
function selectedKey(board: Board, f: Found): string | undefined {
  if (f.kind === "part") return `part:${board.answer.parts[f.part].name}`;
  if (f.kind === "net") return `net:${board.answer.nets[f.net]}`;
  if (f.kind === "pin") return `pin:${board.answer.parts[board.pinPart[f.pin]].name}:${pinName(board, f.pin)}`;
  return undefined;
}

async function start(root: HTMLElement): Promise<void> {
  const words = JSON.parse(root.dataset.words ?? "{}") as Words;
  const lang = document.documentElement.lang || "en";
  const canvas = root.querySelector("canvas") as HTMLCanvasElement;
  const panel = root.querySelector("[data-selection]") as HTMLElement;
  const findBox = root.querySelector('input[type="search"]') as HTMLInputElement;
  const list = root.querySelector("datalist") as HTMLDataListElement;
  const status = root.querySelector("[data-status]") as HTMLElement;
  const hoverLine = root.querySelector("[data-hover]") as HTMLElement | null;
  const measureButton = root.querySelector("button[data-measure]") as HTMLButtonElement | null;
  const boards = JSON.parse(root.dataset.boards ?? "[]") as string[];
  const res = await fetch(root.dataset.layout ?? "", { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`layout ${res.status}`);
  const answer = ((await res.json()) as { data: LayoutAnswer }).data;
  performance.mark("boardview-layout");
  const board = boardOf(answer);
  performance.mark("boardview-indexed");
  // The names' index (tens of ms on a large board) is built when first asked for: a deep link, the find box's focus.
  let nameIndex: Names | undefined;
  const names = () => (nameIndex ??= namesOf(board));

  let measuring = false;
  let marks: [number, number][] = [];
  const view = new BoardCanvas(canvas, board, {
    pick: (hit, at) => {
      if (measuring) return measure(hit.pin >= 0 ? [view.placed.pinX[hit.pin], board.py[hit.pin]] : at);
      if (hit.pin >= 0) select({ kind: "pin", pin: hit.pin }, false);
      else if (hit.part >= 0) select({ kind: "part", part: hit.part }, false);
    },
    hover: (hit) => {
      if (!hoverLine) return;
      const i = hit.pin;
      hoverLine.textContent =
        i < 0
          ? ""
          : [
              `${words.pin} ${board.answer.parts[hit.part].name}.${pinName(board, i)}`,
              board.answer.pins.name?.[i] ? `${words.pinName}: ${board.answer.pins.name[i]}` : "",
              `${words.net}: ${hit.net >= 0 ? board.answer.nets[hit.net] : words.noNet}`,
            ]
              .filter(Boolean)
              .join(" · ");
    },
    drawn: (ms, whole) => {
      drawTimes[drawCount++ % drawTimes.length] = ms;
      // Ready once the whole board is drawn (after the last slice of the first full drawing).
      if (!whole || root.hasAttribute("data-ready")) return;
      root.setAttribute("data-ready", "");
      performance.mark("boardview-ready");
    },
  });

  /** Two picked points: the second shows the distance; a third starts again. */
  function measure(at: [number, number]): void {
    marks = marks.length >= 2 ? [at] : [...marks, at];
    view.marked = { ...view.marked, marks };
    view.request();
    if (marks.length < 2) return void (status.textContent = words.measureHint);
    const pl = view.placed.placement;
    const d = distance(unplace(pl, board, marks[0]), unplace(pl, board, marks[1]), board.answer.unit);
    status.textContent = words.distance.replace(
      "{d}",
      distanceText(d, words.unitNames[board.answer.unit] ?? board.answer.unit, board.answer.unit, lang),
    );
  }

  function address(f: Found): void {
    const url = new URL(location.href);
    for (const k of ["part", "net", "pin", "find"]) url.searchParams.delete(k);
    if (f.kind === "part" || f.kind === "pin")
      url.searchParams.set("part", board.answer.parts[f.kind === "part" ? f.part : board.pinPart[f.pin]].name);
    if (f.kind === "pin") url.searchParams.set("pin", pinName(board, f.pin));
    if (f.kind === "net") url.searchParams.set("net", board.answer.nets[f.net]);
    history.replaceState(null, "", url);
  }

  /** The selected net's pins coloured by its known-good diode reading, with the legend in the panel. */
  function diode(n: number, value: string | undefined): void {
    const band = value === undefined ? -1 : diodeBand(value);
    if (band < 0 || view.marked.net !== n) return;
    view.marked = { ...view.marked, netColour: BAND_COLOURS[band] };
    view.request();
    const legend = panel.querySelector("[data-legend]");
    if (legend) legend.innerHTML = legendHtml(board.answer.nets[n], value!, words);
  }

  let pointRequest = 0;
  /** What each board knows about the net (n >= 0) or the part named, fetched into the panel's [data-point]. */
  function points(n: number, name: string): void {
    const point = panel.querySelector("[data-point]") as HTMLElement | null;
    const asked = ++pointRequest;
    if (!point || !boards.length) return;
    Promise.all(
      boards.map(async (number) => {
        const r = await fetch(`${root.dataset.points}${encodeURIComponent(number)}/points/${encodeURIComponent(name)}`, {
          headers: { Accept: "application/json" },
        });
        if (r.status === 404) return null;
        return r.ok ? ((await r.json()) as { data: PointAnswer }).data : Promise.reject(new Error(String(r.status)));
      }),
    ).then(
      (answers) => {
        if (asked !== pointRequest) return;
        point.innerHTML = pointsHtml(answers, boards, { kind: n >= 0 ? "net" : "part", name }, words, lang);
        if (n >= 0 && !board.diode.has(n)) diode(n, diodeOf(answers));
      },
      () => asked === pointRequest && (point.textContent = words.pointFailed),
    );
  }

  /** Selects a find answer on the drawing, in the panel (unless the page already wrote it) and in the address. */
  function select(f: Found, focus: boolean, keepPanel = false): void {
    const part = f.kind === "part" ? f.part : f.kind === "pin" ? board.pinPart[f.pin] : -1;
    const net = f.kind === "net" ? f.net : f.kind === "pin" ? board.pinNet[f.pin] : -1;
    view.marked = { ...view.marked, part, net, pin: f.kind === "pin" ? f.pin : -1, netColour: null };
    if (focus && (part >= 0 || net >= 0)) {
      const box = emptyBox();
      const b = view.placed.boxes;
      if (f.kind === "pin") grow(box, view.placed.pinX[f.pin], board.py[f.pin]);
      else if (part >= 0) Object.assign(box, { x1: b[part * 4], y1: b[part * 4 + 1], x2: b[part * 4 + 2], y2: b[part * 4 + 3] });
      else
        for (let k = board.netStart[net]; k < board.netStart[net + 1]; k++) grow(box, view.placed.pinX[board.netPins[k]], board.py[board.netPins[k]]);
      if (Number.isFinite(box.x1)) view.focus(box);
    }
    view.request();
    status.textContent = "";
    const key = selectedKey(board, f);
    if (key) panel.dataset.selected = key;
    else delete panel.dataset.selected;
    if (key) address(f);
    if (!keepPanel) renderPanel(panel, board, f, words);
    // The point answers (again, for a page-written panel): what each board knows, and a diode reading to colour by.
    if (net >= 0) points(net, board.answer.nets[net]);
    else if (f.kind === "part") points(-1, board.answer.parts[part].name);
    if (net >= 0) diode(net, board.diode.get(net));
  }

  findBox.addEventListener("focus", names, { once: true });
  findBox.addEventListener("input", () => list.replaceChildren(...completions(board, names(), findBox.value).map((name) => new Option(name, name))));
  findBox.form?.addEventListener("submit", (e) => {
    e.preventDefault();
    select(find(board, names(), findBox.value), true);
  });
  panel.addEventListener("click", (e) => {
    const link = (e.target as Element).closest("a[data-part], a[data-net]") as HTMLAnchorElement | null;
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const part = link.dataset.part !== undefined ? names().part.get(link.dataset.part) : undefined;
    const net = link.dataset.net !== undefined ? names().net.get(link.dataset.net) : undefined;
    if (part === undefined && net === undefined) return;
    e.preventDefault();
    select(part !== undefined ? { kind: "part", part } : { kind: "net", net: net! }, true);
    canvas.scrollIntoView({ block: "nearest" });
  });

  const sideInputs = [...root.querySelectorAll<HTMLInputElement>('input[name="side"]')];
  let flipped = false;
  const sides = () => (sideInputs.find((i) => i.checked)?.value ?? "both") as Sides;
  for (const input of sideInputs) input.addEventListener("change", () => input.checked && view.setSides(sides(), flipped));
  root.querySelector("button[data-flip]")?.addEventListener("click", () => {
    // Turning the board over: one side shown becomes the other; both sides are seen from the other face.
    const now = sides();
    const other = now === "top" ? "bottom" : now === "bottom" ? "top" : null;
    if (other) for (const i of sideInputs) i.checked = i.value === other;
    else flipped = !flipped;
    view.setSides(sides(), flipped);
  });
  measureButton?.addEventListener("click", () => {
    measuring = !measuring;
    measureButton.setAttribute("aria-pressed", String(measuring));
    marks = [];
    view.marked = { ...view.marked, marks };
    view.request();
    status.textContent = measuring ? words.measureHint : "";
  });
  view.setSides(sides(), flipped);
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-zoom]")) {
    button.addEventListener("click", () => (button.dataset.zoom === "fit" ? view.fit() : view.zoom(button.dataset.zoom === "in" ? 1.5 : 1 / 1.5)));
  }

  // A deep link: the page wrote the panel; select the same on the drawing and keep the panel when it agrees.
  const q = new URLSearchParams(location.search);
  const linked =
    ["part", "net", "find"].some((k) => q.has(k)) &&
    findLink(board, names(), { part: q.get("part"), net: q.get("net"), pin: q.get("pin"), find: q.get("find") });
  if (linked) select(linked, true, selectedKey(board, linked) !== undefined && selectedKey(board, linked) === panel.dataset.selected);
  view.request();
}

for (const root of document.querySelectorAll<HTMLElement>("[data-boardview]")) {
  start(root).catch(() => {
    const status = root.querySelector("[data-status]");
    if (status) status.textContent = root.dataset.failed ?? "";
  });
}
