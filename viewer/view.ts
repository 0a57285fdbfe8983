// The canvas: the board drawn in layers (viewer/draw.ts) with its sides where viewer/place.ts puts them; pan and
// zoom by mouse, wheel, keyboard and touch; hover and pick (viewer/hit.ts). A full drawing is built offscreen in
// slices across frames, and moved as a picture while the view moves.
import { type Colours, drawBoard, drawLabels, drawMarked, type Marked, type Visible } from "./draw";
import { type Hit, hitAt, NOTHING, pinAt } from "./hit";
import type { Board, Box } from "./layout";
import { centred, fitView, fromScreen, type Placed, placeBoard, placement, type Sides, type ViewPoint } from "./place";

/** Quiet time after the last pan or zoom step before the board is drawn again in full (ms). */
const SETTLE_MS = 150;
/** Drawing time per frame spent building the offscreen board before the frame is handed back (ms). */
const SLICE_MS = 8;

/** A full drawing under way: its canvas, its view, and the steps still to run. */
interface Build {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  view: ViewPoint;
  steps: Iterator<void>;
}

function layerCanvas(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement("canvas");
  // Read back once per step so that the step's rasterising is paid inside its slice, not in a later frame.
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2d canvas");
  return { canvas, ctx };
}

export interface ViewHooks {
  /** A click or tap on the board: the pin under it, else the part, else nothing; `at` in placed units. */
  pick(hit: Hit, at: [number, number]): void;
  /** The pin under a mouse pointer (NOTHING when none), and where on the canvas (CSS px). */
  hover(hit: Hit, sx: number, sy: number): void;
  /** Called after each drawn frame with its duration (the bench reads it); `whole` once the board is drawn in full. */
  drawn(ms: number, whole: boolean): void;
}

function colours(el: Element): Colours {
  const dark = matchMedia("(prefers-color-scheme: dark)").matches;
  const style = getComputedStyle(el);
  const accent = style.getPropertyValue("--accent").trim() || (dark ? "#58a6ff" : "#0b5cad");
  const background = style.backgroundColor || (dark ? "#161b22" : "#f4f6f8");
  return dark
    ? { outline: "#9da7b3", top: "#7d8590", bottom: "#4d545c", pin: "#d29922", pinBottom: "#6e5a2a", accent, text: "#e6edf3", background }
    : { outline: "#1b1f24", top: "#57606a", bottom: "#b8c0c8", pin: "#9a6700", pinBottom: "#d8c7a0", accent, text: "#1b1f24", background };
}

const sameView = (a: ViewPoint | null, b: ViewPoint) => !!a && a.scale === b.scale && a.ox === b.ox && a.oy === b.oy;

export class BoardCanvas {
  /** What is selected and marked; change it, then request(). */
  marked: Marked = { part: -1, net: -1, pin: -1, netColour: null, marks: [] };
  placed: Placed;
  private view: ViewPoint = { scale: 1, ox: 0, oy: 0 };
  private width = 0;
  private height = 0;
  private dpr = 1;
  private pending = 0;
  private readonly ctx: CanvasRenderingContext2D;
  private readonly colours: Colours;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private moved = 0;
  /** The outline, part outlines and pins as last drawn in full, and the view they were drawn for. */
  private layer: HTMLCanvasElement;
  private layerCtx: CanvasRenderingContext2D;
  private layerView: ViewPoint | null = null;
  /** The full drawing being built in slices; dropped by any pan, zoom, resize or change of side. */
  private build: Build | null = null;
  private spare: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D };
  /** Set by pan and zoom: frames move the last full drawing until input pauses for SETTLE_MS. */
  private moving = false;
  private settle = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly board: Board,
    private readonly hooks: ViewHooks,
  ) {
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("no 2d canvas");
    this.ctx = ctx;
    const first = layerCanvas();
    this.layer = first.canvas;
    this.layerCtx = first.ctx;
    this.spare = layerCanvas();
    this.colours = colours(canvas);
    this.placed = placeBoard(board, placement("both", false, board.extent));
    this.resize();
    this.fit();
    // Resizing clears the bitmap: only when the box really changed (the observer also reports the first size).
    new ResizeObserver(() => {
      const rect = canvas.getBoundingClientRect();
      if (Math.abs(rect.width - this.width) < 0.5 && Math.abs(rect.height - this.height) < 0.5) return;
      this.resize();
      this.fit();
    }).observe(canvas);
    this.listen();
  }

  private resize(): void {
    const rect = this.canvas.getBoundingClientRect();
    this.dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, rect.width);
    this.height = Math.max(1, rect.height);
    this.canvas.width = Math.round(this.width * this.dpr);
    this.canvas.height = Math.round(this.height * this.dpr);
    this.layerView = null;
    this.build = null;
  }

  /** The sides shown and drawn parts in view, with a small margin ("Whole board"). */
  fit(): void {
    this.view = fitView(this.placed.extent, this.width, this.height);
    this.request();
  }

  /** Centres a placed rectangle and zooms so that it takes about a third of the view (never zooming out). */
  focus(box: Box): void {
    const size = Math.max(box.x2 - box.x1, box.y2 - box.y1, this.board.pinHalf * 8);
    this.view = centred(box, this.width, this.height, Math.max(this.view.scale, Math.min(this.width, this.height) / 3 / size));
    this.request();
  }

  pan(dx: number, dy: number): void {
    this.view = { ...this.view, ox: this.view.ox + dx, oy: this.view.oy + dy };
    this.move();
  }

  /** A pan or zoom step: drawn at once from the last full drawing, in full once input pauses. */
  private move(): void {
    this.moving = true;
    // A drawing under way is dropped, unless it is the first: until it is done there is nothing else to show.
    if (this.layerView) this.build = null;
    clearTimeout(this.settle);
    this.settle = window.setTimeout(() => {
      this.moving = false;
      this.request();
    }, SETTLE_MS);
    this.request();
  }

  zoom(factor: number, sx = this.width / 2, sy = this.height / 2): void {
    const { scale, ox, oy } = this.view;
    const next = Math.min(Math.max(scale * factor, 1e-6), 1e6);
    const f = next / scale;
    this.view = { scale: next, ox: sx - (sx - ox) * f, oy: sy - (sy - oy) * f };
    this.move();
  }

  /** Shows other sides (or turns the board over), then the whole board. */
  setSides(sides: Sides, flipped: boolean): void {
    const pl = this.placed.placement;
    if (pl.sides === sides && pl.flipped === flipped) return;
    this.placed = placeBoard(this.board, placement(sides, flipped, this.board.extent));
    this.layerView = null;
    this.build = null;
    this.fit();
  }

  request(): void {
    if (!this.pending) this.pending = requestAnimationFrame(() => this.draw());
  }

  /** The placed rectangle on screen. */
  private visible(): Visible {
    const [x1, y2] = fromScreen(this.view, 0, 0);
    const [x2, y1] = fromScreen(this.view, this.width, this.height);
    return { x1, x2, y1, y2 };
  }

  draw(): void {
    this.pending = 0;
    const started = performance.now();
    const { ctx, board, colours: c, view } = this;
    // A full drawing is built while the view rests, and also while it moves before any full drawing exists.
    if (!sameView(this.layerView, view) && (!this.moving || !this.layerView)) {
      if (!this.build || (!this.moving && !sameView(this.build.view, view))) this.build = this.startBuild(view);
      if (this.advance(this.build, started)) {
        // Done: the new drawing becomes the layer; the old layer's canvas is reused by the next build.
        const done = this.build;
        this.spare = { canvas: this.layer, ctx: this.layerCtx };
        this.layer = done.canvas;
        this.layerCtx = done.ctx;
        this.layerView = done.view;
        this.build = null;
        if (!sameView(done.view, view)) this.request();
      } else this.request();
    }
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = c.background;
    ctx.fillRect(0, 0, this.width, this.height);
    // The last full drawing (or, before there is one, the drawing as far as it is built), moved and scaled to the view.
    const shown = this.layerView ? { canvas: this.layer, view: this.layerView } : this.build;
    if (shown) {
      const f = view.scale / shown.view.scale;
      ctx.drawImage(shown.canvas, view.ox - shown.view.ox * f, view.oy - shown.view.oy * f, this.width * f, this.height * f);
    }
    this.boardTransform(ctx);
    drawMarked(ctx, board, this.placed, view.scale, this.marked, c.accent);
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    drawLabels(ctx, board, this.placed, view, this.visible(), c.text);
    this.hooks.drawn(performance.now() - started, sameView(this.layerView, view));
  }

  private startBuild(view: ViewPoint): Build {
    const { canvas, ctx } = this.spare;
    if (canvas.width !== this.canvas.width || canvas.height !== this.canvas.height) {
      canvas.width = this.canvas.width;
      canvas.height = this.canvas.height;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    this.boardTransform(ctx);
    return { canvas, ctx, view, steps: drawBoard(ctx, this.board, this.placed, view.scale, this.visible(), this.colours) };
  }

  /** Runs a build's steps until the frame's slice is spent; true when the board is drawn in full. */
  private advance(build: Build, started: number): boolean {
    do {
      if (build.steps.next().done) return true;
      build.ctx.getImageData(0, 0, 1, 1);
    } while (performance.now() - started < SLICE_MS);
    return false;
  }

  /** Placed board units to device pixels, y up as in the files (sides are already placed and mirrored). */
  private boardTransform(ctx: CanvasRenderingContext2D): void {
    const { scale, ox, oy } = this.view;
    ctx.setTransform(this.dpr * scale, 0, 0, -this.dpr * scale, this.dpr * ox, this.dpr * oy);
  }

  /** What is under a screen point: the nearest pin within a few pixels, else the smallest part box. */
  hit(sx: number, sy: number): Hit {
    const [x, y] = fromScreen(this.view, sx, sy);
    return hitAt(this.board, this.placed, x, y, Math.max(this.board.pinHalf, 5 / this.view.scale));
  }

  private listen(): void {
    const c = this.canvas;
    const local = (e: { clientX: number; clientY: number }) => {
      const r = c.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    c.addEventListener("pointerdown", (e) => {
      c.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, local(e));
      this.moved = 0;
    });
    c.addEventListener("pointermove", (e) => {
      const before = this.pointers.get(e.pointerId);
      const now = local(e);
      if (!before) {
        // A mouse over the board, no button down: the pin under it, if any.
        if (e.pointerType !== "mouse") return;
        const [x, y] = fromScreen(this.view, now.x, now.y);
        const pin = pinAt(this.board, this.placed, x, y, Math.max(this.board.pinHalf, 5 / this.view.scale));
        this.hooks.hover(pin >= 0 ? { pin, part: this.board.pinPart[pin], net: this.board.pinNet[pin] } : NOTHING, now.x, now.y);
        return;
      }
      if (this.pointers.size === 1) {
        this.pan(now.x - before.x, now.y - before.y);
        this.moved += Math.abs(now.x - before.x) + Math.abs(now.y - before.y);
      } else {
        // Two fingers: zoom by the change of their distance around their middle, pan by the middle's move.
        const [other] = [...this.pointers].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
        const d0 = Math.hypot(before.x - other.x, before.y - other.y) || 1;
        const d1 = Math.hypot(now.x - other.x, now.y - other.y) || 1;
        this.zoom(d1 / d0, (now.x + other.x) / 2, (now.y + other.y) / 2);
        this.pan((now.x - before.x) / 2, (now.y - before.y) / 2);
        this.moved += 100;
      }
      this.pointers.set(e.pointerId, now);
    });
    const up = (e: PointerEvent) => {
      const at = this.pointers.get(e.pointerId);
      this.pointers.delete(e.pointerId);
      if (at && this.pointers.size === 0 && this.moved < 5 && e.type === "pointerup")
        this.hooks.pick(this.hit(at.x, at.y), fromScreen(this.view, at.x, at.y));
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", up);
    c.addEventListener("pointerleave", () => this.hooks.hover(NOTHING, 0, 0));
    c.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const at = local(e);
        const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? this.height : 1;
        this.zoom(Math.exp(-e.deltaY * lines * 0.0015), at.x, at.y);
      },
      { passive: false },
    );
    c.addEventListener("keydown", (e) => {
      const step = Math.min(this.width, this.height) / 8;
      const keys: Record<string, () => void> = {
        ArrowLeft: () => this.pan(step, 0),
        ArrowRight: () => this.pan(-step, 0),
        ArrowUp: () => this.pan(0, step),
        ArrowDown: () => this.pan(0, -step),
        "+": () => this.zoom(1.25),
        "=": () => this.zoom(1.25),
        "-": () => this.zoom(0.8),
        _: () => this.zoom(0.8),
        "0": () => this.fit(),
      };
      const act = keys[e.key];
      if (!act || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      act();
    });
  }
}
