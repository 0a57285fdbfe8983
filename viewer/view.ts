// The canvas: the board drawn in layers (outline, part boxes, pins, the selection), pins off screen skipped; pan
// and zoom by mouse, wheel, keyboard and touch. A full drawing is built offscreen in slices across frames.
import type { Board } from "./layout";

/** Quiet time after the last pan or zoom step before the board is drawn again in full (ms). */
const SETTLE_MS = 150;

/** Rectangles per path: one path of tens of thousands of rectangles is far slower to fill or stroke. */
const PATH_RECTS = 1000;

/** Drawing time per frame spent building the offscreen board before the frame is handed back (ms). */
const SLICE_MS = 8;

/** Items the culling loops skip between checks of the slice's clock. */
const CHECK_EVERY = 4096;

interface ViewPoint {
  scale: number;
  ox: number;
  oy: number;
}

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

export type Sides = "both" | "top" | "bottom";

export interface Selection {
  part: number;
  net: number;
}

export interface ViewHooks {
  /** A click or tap on the board: the pin's net, else the part under it, else nothing. */
  pick(hit: { part: number; net: number }): void;
  /** Called after each drawn frame with its duration (the bench reads it); `whole` once the board is drawn in full. */
  drawn(ms: number, whole: boolean): void;
}

interface Colours {
  outline: string;
  top: string;
  bottom: string;
  pin: string;
  pinBottom: string;
  accent: string;
  text: string;
  background: string;
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

export class BoardCanvas {
  sides: Sides = "both";
  selection: Selection = { part: -1, net: -1 };
  private scale = 1;
  private ox = 0;
  private oy = 0;
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

  private get mirrored(): boolean {
    return this.sides === "bottom";
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

  /** The whole board in view, with a small margin. */
  fit(): void {
    const e = this.board.extent;
    const w = e.x2 - e.x1 || 1;
    const h = e.y2 - e.y1 || 1;
    this.scale = Math.min(this.width / w, this.height / h) * 0.94;
    const cx = (e.x1 + e.x2) / 2;
    const cy = (e.y1 + e.y2) / 2;
    this.ox = this.width / 2 - (this.mirrored ? -cx : cx) * this.scale;
    this.oy = this.height / 2 + cy * this.scale;
    this.request();
  }

  /** Centres a board rectangle and zooms so that it takes about a third of the view (never zooming out). */
  focus(x1: number, y1: number, x2: number, y2: number): void {
    const size = Math.max(x2 - x1, y2 - y1, this.board.pinHalf * 8);
    const wanted = Math.min(this.width, this.height) / 3 / size;
    if (wanted > this.scale) this.scale = wanted;
    const cx = (x1 + x2) / 2;
    const cy = (y1 + y2) / 2;
    this.ox = this.width / 2 - (this.mirrored ? -cx : cx) * this.scale;
    this.oy = this.height / 2 + cy * this.scale;
    this.request();
  }

  pan(dx: number, dy: number): void {
    this.ox += dx;
    this.oy += dy;
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
    const next = Math.min(Math.max(this.scale * factor, 1e-6), 1e6);
    const f = next / this.scale;
    this.ox = sx - (sx - this.ox) * f;
    this.oy = sy - (sy - this.oy) * f;
    this.scale = next;
    this.move();
  }

  setSides(sides: Sides): void {
    if (sides === this.sides) return;
    // Keep the same board point in the centre when the view flips.
    const cx = this.toBoardX(this.width / 2);
    this.sides = sides;
    this.layerView = null;
    this.build = null;
    this.ox = this.width / 2 - (this.mirrored ? -cx : cx) * this.scale;
    this.request();
  }

  request(): void {
    if (!this.pending) this.pending = requestAnimationFrame(() => this.draw());
  }

  private toBoardX(sx: number): number {
    const x = (sx - this.ox) / this.scale;
    return this.mirrored ? -x : x;
  }

  private toBoardY(sy: number): number {
    return (this.oy - sy) / this.scale;
  }

  private shows(bottom: number): boolean {
    return this.sides === "both" || (this.sides === "bottom") === (bottom === 1);
  }

  draw(): void {
    this.pending = 0;
    const started = performance.now();
    const { ctx, board, colours: c } = this;
    const s = this.scale;
    const a = this.toBoardX(0);
    const b = this.toBoardX(this.width);
    const vx1 = Math.min(a, b);
    const vx2 = Math.max(a, b);
    const vy1 = this.toBoardY(this.height);
    const vy2 = this.toBoardY(0);
    const px = 1 / s;
    const now = { scale: s, ox: this.ox, oy: this.oy };
    const same = (v: ViewPoint | null) => !!v && v.scale === now.scale && v.ox === now.ox && v.oy === now.oy;
    // A full drawing is built while the view rests, and also while it moves before any full drawing exists.
    if (!same(this.layerView) && (!this.moving || !this.layerView)) {
      if (!this.build || (!this.moving && !same(this.build.view))) this.build = this.startBuild(now, vx1, vx2, vy1, vy2);
      if (this.advance(this.build, started)) {
        // Done: the new drawing becomes the layer; the old layer's canvas is reused by the next build.
        const done = this.build;
        this.spare = { canvas: this.layer, ctx: this.layerCtx };
        this.layer = done.canvas;
        this.layerCtx = done.ctx;
        this.layerView = done.view;
        this.build = null;
        if (!same(done.view)) this.request();
      } else this.request();
    }
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = c.background;
    ctx.fillRect(0, 0, this.width, this.height);
    // The last full drawing (or, before there is one, the drawing as far as it is built), moved and scaled to the view.
    const shown = this.layerView ? { canvas: this.layer, view: this.layerView } : this.build;
    if (shown) {
      const f = s / shown.view.scale;
      ctx.drawImage(shown.canvas, this.ox - shown.view.ox * f, this.oy - shown.view.oy * f, this.width * f, this.height * f);
    }
    // Board units from here on: x mirrored for the bottom side, y up as in the files.
    this.boardTransform(ctx);
    const boxes = board.boxes;
    const { px: xs, py: ys, pinBottom } = board;
    const { part, net } = this.selection;
    if (part >= 0) {
      ctx.strokeStyle = c.accent;
      ctx.lineWidth = 3 * px;
      ctx.strokeRect(boxes[part * 4], boxes[part * 4 + 1], boxes[part * 4 + 2] - boxes[part * 4], boxes[part * 4 + 3] - boxes[part * 4 + 1]);
    }
    if (net >= 0) {
      // The net's pins stand out even when the board is far away: at least 3 pixels, ringed.
      const r = Math.max(board.pinHalf * 1.4, 3 * px);
      ctx.fillStyle = c.accent;
      ctx.beginPath();
      for (let k = board.netStart[net]; k < board.netStart[net + 1]; k++) {
        const i = board.netPins[k];
        if (!this.shows(pinBottom[i])) continue;
        ctx.rect(xs[i] - r, ys[i] - r, 2 * r, 2 * r);
      }
      ctx.fill();
    }
    this.labels(vx1, vx2, vy1, vy2);
    this.hooks.drawn(performance.now() - started, same(this.layerView));
  }

  private startBuild(view: ViewPoint, vx1: number, vx2: number, vy1: number, vy2: number): Build {
    const { canvas, ctx } = this.spare;
    if (canvas.width !== this.canvas.width || canvas.height !== this.canvas.height) {
      canvas.width = this.canvas.width;
      canvas.height = this.canvas.height;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    this.boardTransform(ctx);
    return { canvas, ctx, view, steps: this.drawBoard(ctx, vx1, vx2, vy1, vy2) };
  }

  /** Runs a build's steps until the frame's slice is spent; true when the board is drawn in full. */
  private advance(build: Build, started: number): boolean {
    do {
      if (build.steps.next().done) return true;
      build.ctx.getImageData(0, 0, 1, 1);
    } while (performance.now() - started < SLICE_MS);
    return false;
  }

  private boardTransform(ctx: CanvasRenderingContext2D): void {
    const s = this.scale;
    ctx.setTransform(this.dpr * s * (this.mirrored ? -1 : 1), 0, 0, -this.dpr * s, this.dpr * this.ox, this.dpr * this.oy);
  }

  /**
   * Outline, part outlines and pins of the parts in view, in layers, into `ctx` (already in board units): a step
   * ends after each path is filled or stroked, or after CHECK_EVERY items skipped.
   */
  private *drawBoard(ctx: CanvasRenderingContext2D, vx1: number, vx2: number, vy1: number, vy2: number): Generator<void> {
    const { board, colours: c } = this;
    const px = 1 / this.scale;
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = c.outline;
    ctx.beginPath();
    for (const line of board.answer.outline) {
      for (let i = 0; i + 1 < line.length; i += 2) i ? ctx.lineTo(line[i], line[i + 1]) : ctx.moveTo(line[i], line[i + 1]);
    }
    ctx.stroke();
    yield;

    const boxes = board.boxes;
    const order: readonly number[] = this.sides === "both" ? [1, 0] : [this.sides === "bottom" ? 1 : 0];
    ctx.lineWidth = px;
    for (const bottom of order) {
      ctx.strokeStyle = bottom && this.sides === "both" ? c.bottom : c.top;
      ctx.beginPath();
      let inPath = 0;
      for (let p = 0; p < board.partBottom.length; p++) {
        if (p % CHECK_EVERY === CHECK_EVERY - 1) yield;
        if (board.partBottom[p] !== bottom) continue;
        const x1 = boxes[p * 4];
        const y1 = boxes[p * 4 + 1];
        const x2 = boxes[p * 4 + 2];
        const y2 = boxes[p * 4 + 3];
        if (x2 < vx1 || x1 > vx2 || y2 < vy1 || y1 > vy2) continue;
        ctx.rect(x1, y1, x2 - x1, y2 - y1);
        if (++inPath === PATH_RECTS) {
          ctx.stroke();
          yield;
          ctx.beginPath();
          inPath = 0;
        }
      }
      ctx.stroke();
      yield;
    }

    const h = Math.max(board.pinHalf, 0.75 * px);
    const { px: xs, py: ys, pinBottom } = board;
    for (const bottom of order) {
      ctx.fillStyle = bottom && this.sides === "both" ? c.pinBottom : c.pin;
      ctx.beginPath();
      let inPath = 0;
      for (let i = 0; i < board.pinCount; i++) {
        if (i % CHECK_EVERY === CHECK_EVERY - 1) yield;
        if (pinBottom[i] !== bottom) continue;
        const x = xs[i];
        const y = ys[i];
        if (x < vx1 - h || x > vx2 + h || y < vy1 - h || y > vy2 + h) continue;
        ctx.rect(x - h, y - h, 2 * h, 2 * h);
        if (++inPath === PATH_RECTS) {
          ctx.fill();
          yield;
          ctx.beginPath();
          inPath = 0;
        }
      }
      ctx.fill();
      yield;
    }
  }

  /** Part names where a box is wide enough on screen to hold one, at most a few hundred per frame. */
  private labels(vx1: number, vx2: number, vy1: number, vy2: number): void {
    const { ctx, board, scale: s } = this;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.fillStyle = this.colours.text;
    ctx.font = "11px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const names = board.answer.parts;
    const boxes = board.boxes;
    let drawn = 0;
    for (let p = 0; p < names.length && drawn < 400; p++) {
      if (!this.shows(board.partBottom[p])) continue;
      const x1 = boxes[p * 4];
      const y1 = boxes[p * 4 + 1];
      const x2 = boxes[p * 4 + 2];
      const y2 = boxes[p * 4 + 3];
      if ((x2 - x1) * s < 36 || (y2 - y1) * s < 12) continue;
      if (x2 < vx1 || x1 > vx2 || y2 < vy1 || y1 > vy2) continue;
      const cx = (x1 + x2) / 2;
      ctx.fillText(names[p].name, (this.mirrored ? -cx : cx) * s + this.ox, this.oy - ((y1 + y2) / 2) * s, (x2 - x1) * s);
      drawn++;
    }
  }

  /** The pin (with a net) or else the smallest part box under a screen point. */
  private hit(sx: number, sy: number): { part: number; net: number } {
    const { board } = this;
    const x = this.toBoardX(sx);
    const y = this.toBoardY(sy);
    const reach = Math.max(board.pinHalf, 5 / this.scale);
    let best = -1;
    let bestD = reach * reach;
    for (let i = 0; i < board.pinCount; i++) {
      if (!this.shows(board.pinBottom[i])) continue;
      const dx = board.px[i] - x;
      const dy = board.py[i] - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0 && board.pinNet[best] >= 0) return { part: board.pinPart[best], net: board.pinNet[best] };
    let part = best >= 0 ? board.pinPart[best] : -1;
    let area = Infinity;
    if (part < 0) {
      const b = board.boxes;
      for (let p = 0; p < board.partBottom.length; p++) {
        if (!this.shows(board.partBottom[p])) continue;
        if (x < b[p * 4] || x > b[p * 4 + 2] || y < b[p * 4 + 1] || y > b[p * 4 + 3]) continue;
        const a = (b[p * 4 + 2] - b[p * 4]) * (b[p * 4 + 3] - b[p * 4 + 1]);
        if (a < area) {
          area = a;
          part = p;
        }
      }
    }
    return { part, net: -1 };
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
      if (!before) return;
      const now = local(e);
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
      if (at && this.pointers.size === 0 && this.moved < 5 && e.type === "pointerup") this.hooks.pick(this.hit(at.x, at.y));
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", up);
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
