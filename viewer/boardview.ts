// The boardview viewer of a document page (docs/boardviews.md): finds [data-boardview], fetches the layout,
// draws it, and keeps the selection panel ([data-selection]) and the address (?part=, ?net=) in step. The page
// server-renders the panel of a deep link; this script takes over from it. Words come from the page's JSON block.
import { type Board, boardOf, type LayoutAnswer, nameKey } from "./layout";
import { renderNet, renderPart, renderPoint, type Words } from "./panel";
import { BoardCanvas, type Sides } from "./view";

const drawTimes = new Float64Array(512);
let drawCount = 0;
/** The last frames' drawing times (ms), for the bench: window.boardviewFrames(). */
(window as unknown as { boardviewFrames: () => number[] }).boardviewFrames = () =>
  Array.from(drawTimes.subarray(0, Math.min(drawCount, drawTimes.length)));

async function start(root: HTMLElement): Promise<void> {
  const words = JSON.parse(root.dataset.words ?? "{}") as Words;
  const canvas = root.querySelector("canvas") as HTMLCanvasElement;
  const panel = root.querySelector("[data-selection]") as HTMLElement;
  const find = root.querySelector('input[type="search"]') as HTMLInputElement;
  const list = root.querySelector("datalist") as HTMLDataListElement;
  const status = root.querySelector("[data-status]") as HTMLElement;
  const boards = JSON.parse(root.dataset.boards ?? "[]") as string[];
  const res = await fetch(root.dataset.layout ?? "", { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`layout ${res.status}`);
  const answer = ((await res.json()) as { data: LayoutAnswer }).data;
  performance.mark("boardview-layout");
  const board: Board = boardOf(answer);
  performance.mark("boardview-indexed");

  const view = new BoardCanvas(canvas, board, {
    pick: (hit) => (hit.net >= 0 ? selectNet(hit.net, true) : hit.part >= 0 ? selectPart(hit.part, true) : undefined),
    drawn: (ms, whole) => {
      drawTimes[drawCount++ % drawTimes.length] = ms;
      // Ready once the whole board is drawn (after the last slice of the first full drawing).
      if (!whole || root.hasAttribute("data-ready")) return;
      root.setAttribute("data-ready", "");
      performance.mark("boardview-ready");
    },
  });

  let pointRequest = 0;
  function address(kind: "part" | "net" | null, name: string): void {
    const url = new URL(location.href);
    for (const k of ["part", "net", "find"]) url.searchParams.delete(k);
    if (kind) url.searchParams.set(kind, name);
    history.replaceState(null, "", url);
  }
  function selectPart(p: number, focus: boolean, keepPanel = false): void {
    view.selection = { part: p, net: -1 };
    const b = board.boxes;
    if (focus) view.focus(b[p * 4], b[p * 4 + 1], b[p * 4 + 2], b[p * 4 + 3]);
    view.request();
    if (!keepPanel) panel.replaceChildren(renderPart(board, p, words));
    panel.dataset.selected = `part:${board.answer.parts[p].name}`;
    address("part", board.answer.parts[p].name);
    if (!keepPanel) loadPoint(board.answer.parts[p].name);
  }
  function selectNet(n: number, focus: boolean, keepPanel = false): void {
    view.selection = { part: -1, net: n };
    if (focus) {
      let x1 = Infinity;
      let y1 = Infinity;
      let x2 = -Infinity;
      let y2 = -Infinity;
      for (let k = board.netStart[n]; k < board.netStart[n + 1]; k++) {
        const i = board.netPins[k];
        x1 = Math.min(x1, board.px[i]);
        x2 = Math.max(x2, board.px[i]);
        y1 = Math.min(y1, board.py[i]);
        y2 = Math.max(y2, board.py[i]);
      }
      if (Number.isFinite(x1)) view.focus(x1, y1, x2, y2);
    }
    view.request();
    const name = board.answer.nets[n];
    panel.dataset.selected = `net:${name}`;
    address("net", name);
    if (keepPanel) return;
    panel.replaceChildren(renderNet(board, n, words));
    loadPoint(name);
  }
  /** What the service knows about a part or net (its point answer on each board), into the panel's [data-point]. */
  function loadPoint(name: string): void {
    const point = panel.querySelector("[data-point]") as HTMLElement | null;
    const asked = ++pointRequest;
    if (point && boards.length) {
      Promise.all(
        boards.map(async (number) => {
          const r = await fetch(`${root.dataset.points}${encodeURIComponent(number)}/points/${encodeURIComponent(name)}`, {
            headers: { Accept: "application/json" },
          });
          return r.status === 404
            ? null
            : r.ok
              ? ((await r.json()) as { data: Record<string, unknown> }).data
              : Promise.reject(new Error(String(r.status)));
        }),
      ).then(
        (answers) => asked === pointRequest && point.replaceChildren(renderPoint(answers, boards, name, words)),
        () => asked === pointRequest && (point.textContent = words.pointFailed),
      );
    }
  }
  /** A typed name: a part of that name, else a net, else the first part or net that starts with it. */
  function resolve(text: string): boolean {
    const key = nameKey(text);
    if (!key) return false;
    let part = board.partByKey.get(key);
    let net = part === undefined ? board.netByKey.get(key) : undefined;
    if (part === undefined && net === undefined) {
      for (const [k, p] of board.partByKey) if (part === undefined && k.startsWith(key)) part = p;
      if (part === undefined) for (const [k, n] of board.netByKey) if (net === undefined && k.startsWith(key)) net = n;
    }
    if (part !== undefined) selectPart(part, true);
    else if (net !== undefined) selectNet(net, true);
    return part !== undefined || net !== undefined;
  }

  // Completion: the first names that start with what is typed (parts, then nets), refreshed as it changes.
  find.addEventListener("input", () => {
    const key = nameKey(find.value);
    const options: HTMLOptionElement[] = [];
    if (key) {
      for (const [k, p] of board.partByKey) if (k.startsWith(key) && options.length < 30) options.push(new Option(board.answer.parts[p].name));
      for (const [k, n] of board.netByKey) if (k.startsWith(key) && options.length < 50) options.push(new Option(board.answer.nets[n]));
    }
    list.replaceChildren(...options);
  });
  find.form?.addEventListener("submit", (e) => {
    e.preventDefault();
    status.textContent = resolve(find.value) ? "" : words.notFound.replace("{name}", find.value);
  });
  panel.addEventListener("click", (e) => {
    const link = (e.target as Element).closest("a[data-part], a[data-net]") as HTMLAnchorElement | null;
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const part = link.dataset.part !== undefined ? board.partByKey.get(nameKey(link.dataset.part)) : undefined;
    const net = link.dataset.net !== undefined ? board.netByKey.get(nameKey(link.dataset.net)) : undefined;
    if (part === undefined && net === undefined) return;
    e.preventDefault();
    if (part !== undefined) selectPart(part, true);
    else if (net !== undefined) selectNet(net, true);
    canvas.scrollIntoView({ block: "nearest" });
  });
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name="side"]')) {
    input.addEventListener("change", () => input.checked && view.setSides(input.value as Sides));
    if (input.checked) view.setSides(input.value as Sides);
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-zoom]")) {
    button.addEventListener("click", () => (button.dataset.zoom === "fit" ? view.fit() : view.zoom(button.dataset.zoom === "in" ? 1.5 : 1 / 1.5)));
  }

  // A deep link: the server already wrote the panel; select the same thing on the drawing and keep the panel.
  const params = new URLSearchParams(location.search);
  const [kind, name] = (panel.dataset.selected ?? "").split(/:(.*)/s);
  if (kind === "part" && board.partByKey.has(nameKey(name))) selectPart(board.partByKey.get(nameKey(name))!, true, true);
  else if (kind === "net" && board.netByKey.has(nameKey(name))) selectNet(board.netByKey.get(nameKey(name))!, true, true);
  else if (params.get("part") || params.get("net") || params.get("find"))
    resolve(params.get("part") ?? params.get("net") ?? params.get("find") ?? "");
  view.request();
}

for (const root of document.querySelectorAll<HTMLElement>("[data-boardview]")) {
  start(root).catch(() => {
    const status = root.querySelector("[data-status]");
    if (status) status.textContent = root.dataset.failed ?? "";
  });
}
