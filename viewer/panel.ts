// The selection panel's contents, as the page writes them for a deep link (src/site/pages/boardview-viewer.tsx
// writes the same markup on the server): a part's pins with their nets, a net's parts and what the service knows.
import type { Lang } from "../src/core/language";
import { schematicPageLinks } from "../src/site/schematic-links/links";
import { schematicWords } from "../src/site/schematic-links/words";
import type { Board } from "./layout";

export interface Words {
  part: string;
  net: string;
  pin: string;
  pinName: string;
  noNet: string;
  top: string;
  bottom: string;
  pins: string;
  parts: string;
  more: string;
  known: string;
  expected: string;
  measured: string;
  reference: string;
  cases: string;
  threads: string;
  documents: string;
  pages: string;
  reports: string;
  nothing: string;
  loading: string;
  pointFailed: string;
  notFound: string;
}

/** Parts and pins listed at most; the rest are counted. */
export const LISTED = 200;

type Child = Node | string | null | undefined | false;

function h(tag: string, attrs: Record<string, string> | null, ...children: (Child | Child[])[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) el.setAttribute(k, v);
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

function selectLink(kind: "part" | "net", name: string): HTMLElement {
  const url = new URL(location.href);
  for (const k of ["part", "net", "find"]) url.searchParams.delete(k);
  url.searchParams.set(kind, name);
  url.hash = "boardview";
  return h("a", { href: url.pathname + url.search + url.hash, [`data-${kind}`]: name }, name);
}

const count = (template: string, n: number) => template.replace("{n}", n.toLocaleString(document.documentElement.lang || undefined));

export function renderPart(board: Board, p: number, w: Words): DocumentFragment {
  const part = board.answer.parts[p];
  const { number, name } = board.answer.pins;
  const from = board.partStart[p];
  const to = Math.min(board.partStart[p + 1], from + LISTED);
  const rows: HTMLElement[] = [];
  for (let i = from; i < to; i++) {
    const net = board.pinNet[i];
    rows.push(
      h(
        "tr",
        null,
        h("td", null, number?.[i] || String(i - from + 1)),
        h("td", null, name?.[i] ?? ""),
        h("td", null, net >= 0 ? selectLink("net", board.answer.nets[net]) : w.noNet),
      ),
    );
  }
  const total = board.partStart[p + 1] - from;
  const frag = document.createDocumentFragment();
  frag.append(
    h("h3", null, `${w.part} ${part.name}`),
    h("p", { class: "meta" }, [part.value, part.side === "bottom" ? w.bottom : w.top, count(w.pins, total)].filter(Boolean).join(" · ")),
    h(
      "div",
      { class: "table" },
      h(
        "table",
        null,
        h("thead", null, h("tr", null, h("th", { scope: "col" }, w.pin), h("th", { scope: "col" }, w.pinName), h("th", { scope: "col" }, w.net))),
        h("tbody", null, rows),
      ),
    ),
  );
  if (total > LISTED) frag.append(h("p", { class: "meta" }, count(w.more, total - LISTED)));
  frag.append(h("div", { "data-point": "" }, h("p", { class: "meta" }, w.loading)));
  return frag;
}

export function renderNet(board: Board, n: number, w: Words): DocumentFragment {
  const seen = new Set<number>();
  for (let k = board.netStart[n]; k < board.netStart[n + 1]; k++) seen.add(board.pinPart[board.netPins[k]]);
  const parts = [...seen];
  const frag = document.createDocumentFragment();
  frag.append(
    h("h3", null, `${w.net} ${board.answer.nets[n]}`),
    h("p", { class: "meta" }, `${count(w.pins, board.netStart[n + 1] - board.netStart[n])} · ${count(w.parts, parts.length)}`),
    h("ul", { class: "bv-names" }, ...parts.slice(0, LISTED).map((p) => h("li", null, selectLink("part", board.answer.parts[p].name)))),
  );
  if (parts.length > LISTED) frag.append(h("p", { class: "meta" }, count(w.more, parts.length - LISTED)));
  frag.append(h("div", { "data-point": "" }, h("p", { class: "meta" }, w.loading)));
  return frag;
}

type Answer = Record<string, unknown> | null;
type ValueCount = { value: string; count: number };
type Linked = { title?: string; url?: string; pages?: number[]; outcome?: string };

function values(label: string, list: unknown, w: Words): HTMLElement | null {
  if (!Array.isArray(list) || !list.length) return null;
  const items = (list as ValueCount[]).map((v) => h("li", null, h("strong", null, String(v.value)), ` (${v.count} ${w.reports})`));
  return h("div", null, h("h5", null, label), h("ul", null, items));
}

/** Reference values: shown as the point answer gives them (value, kind, note, and their source's link). */
function references(list: unknown, w: Words): HTMLElement | null {
  if (!Array.isArray(list) || !list.length) return null;
  const items = list.map((r: Record<string, unknown>) => {
    const source = (r.source ?? r.document) as Linked | undefined;
    const text = [r.kind, r.note].filter((x) => typeof x === "string" && x).join(" · ");
    return h(
      "li",
      null,
      h("strong", null, String(r.value ?? "")),
      text ? ` ${text}` : "",
      source?.url ? [" — ", h("a", { href: source.url }, source.title ?? source.url)] : null,
    );
  });
  return h("div", null, h("h5", null, w.reference), h("ul", null, items));
}

function links(label: string, list: unknown, w: Words): HTMLElement | null {
  if (!Array.isArray(list) || !list.length) return null;
  const items = (list as Linked[]).map((x) =>
    h("li", null, x.url ? h("a", { href: x.url }, x.title ?? x.url) : (x.title ?? ""), x.pages?.length ? ` (${w.pages} ${x.pages.join(", ")})` : ""),
  );
  return h("div", null, h("h5", null, label), h("ul", null, items));
}

/** The schematic pages that print the name, best first, each a link to the page view marking it (issue 55). */
function schematicPages(documents: unknown, name: string): HTMLElement | null {
  const lang: Lang = document.documentElement.lang === "es" ? "es" : "en";
  const pages = schematicPageLinks(Array.isArray(documents) ? documents : [], name, lang);
  if (!pages.length) return null;
  const items = pages.map((p) => h("li", null, h("a", { href: p.href, "data-schematic-page": "" }, p.label)));
  return h("div", null, h("h5", null, schematicWords(lang).pagesNaming), h("ul", null, items));
}

export function renderPoint(answers: Answer[], boards: string[], net: string, w: Words): DocumentFragment {
  const frag = document.createDocumentFragment();
  answers.forEach((a, i) => {
    const board = boards[i];
    const heading = h("h4", null, w.known.replace("{point}", net).replace("{board}", board));
    const parts = a
      ? [
          values(w.expected, a.expected, w),
          values(w.measured, a.measured, w),
          references(a.reference, w),
          links(w.cases, a.cases, w),
          links(w.threads, a.threads, w),
          links(w.documents, a.documents, w),
          schematicPages(a.documents, net),
        ].filter(Boolean)
      : [];
    frag.append(heading, ...(parts.length ? (parts as HTMLElement[]) : [h("p", { class: "meta" }, w.nothing.replace("{board}", board))]));
  });
  return frag;
}
