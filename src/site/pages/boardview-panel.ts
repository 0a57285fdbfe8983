// The boardview viewer's selection panel, written once as HTML text: the page writes it for a deep link and the
// browser script (viewer/panel.ts) for each selection, so both show the same part, pin, net, point answers, diode
// legend and "not on this board". Pure: no DOM, no JSX; every name from a file or a user is escaped.
import type { ViewerWords } from "../boardview-words";
import { type PlacedDocument, schematicPageLinks } from "../schematic-links/links";
import { schematicWords } from "../schematic-links/words";

/** Parts and pins a panel lists at most; the rest are counted. */
export const LISTED = 200;

export interface PanelPin {
  number?: string;
  name?: string;
  /** "" for a pin on no net. */
  net: string;
}
export interface PanelPart {
  name: string;
  side: "top" | "bottom";
  value?: string;
  pins: readonly PanelPin[];
}
export interface PanelNet {
  name: string;
  pins: number;
  parts: readonly string[];
}
export type PanelSelection =
  | { kind: "part"; part: PanelPart }
  | { kind: "net"; net: PanelNet }
  | { kind: "pin"; part: PanelPart; pin: number; net?: PanelNet }
  | { kind: "missing"; what: "part" | "net" | "pin" | "name"; name: string; part?: string }
  | { kind: "ambiguous"; name: string; candidates: readonly { kind: "part" | "net"; name: string }[] };

/** The addresses a panel links to (the page's own, with ?part= or ?net=). */
export interface PanelLinks {
  part(name: string): string;
  net(name: string): string;
}

type ValueCount = { value: string; count: number };
type Linked = { title?: string; url?: string; pages?: number[] };
/** A board's point answer (GET /boards/{board}/points/{point}), or null when it knows nothing of the net. */
export type PointAnswer = {
  expected?: ValueCount[];
  measured?: ValueCount[];
  reference?: { kind?: string; value?: string; note?: string | null; source?: Linked }[];
  cases?: Linked[];
  threads?: Linked[];
  documents?: (Linked & PlacedDocument)[];
} | null;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
const count = (template: string, n: number, lang: string) => template.replace("{n}", n.toLocaleString(lang));

/** A pin as the panel numbers it: the file's number, else its place among the part's pins (1-based). */
export const pinLabel = (pins: readonly PanelPin[], i: number): string => pins[i].number || String(i + 1);

/** The pin of a part a typed or linked number names: as the panel labels it, exactly, else ignoring case; -1 if none. */
export function pinIndex(pins: readonly PanelPin[], wanted: string): number {
  const text = wanted.trim();
  let folded = -1;
  for (let i = 0; i < pins.length; i++) {
    const label = pinLabel(pins, i);
    if (label === text) return i;
    if (folded < 0 && label.toUpperCase() === text.toUpperCase()) folded = i;
  }
  return folded;
}

/** A diode reading's band (0 short … 3 high or open), or -1 when the value is not a diode-mode reading. */
export function diodeBand(value: string): number {
  if (/^\s*(OL|open|∞)/i.test(value)) return 3;
  const m = /^\s*(-?\d+(?:[.,]\d+)?)\s*(mV|V)?/i.exec(value);
  if (!m) return -1;
  const volts = Number(m[1].replace(",", ".")) / (m[2]?.toLowerCase() === "mv" ? 1000 : 1);
  return volts < 0.05 ? 0 : volts < 0.3 ? 1 : volts <= 0.8 ? 2 : 3;
}
/** Each band's colour, on the drawing and in the legend (an SVG fill: the pages' CSP allows no inline style). */
export const BAND_COLOURS = ["#d1242f", "#d4761c", "#1a7f37", "#6e40c9"] as const;

function link(href: string, kind: "part" | "net", name: string): string {
  return `<a href="${esc(href)}" data-${kind}="${esc(name)}">${esc(name)}</a>`;
}

function partHtml(part: PanelPart, w: ViewerWords, lang: string, links: PanelLinks, heading = true, points?: string): string {
  const rows = part.pins
    .slice(0, LISTED)
    .map(
      (pin, i) =>
        `<tr><td>${esc(pinLabel(part.pins, i))}</td><td>${esc(pin.name ?? "")}</td><td>${pin.net ? link(links.net(pin.net), "net", pin.net) : esc(w.noNet)}</td></tr>`,
    )
    .join("");
  const facts = [
    part.value ? `${w.value}: ${part.value}` : "",
    `${w.side}: ${part.side === "bottom" ? w.bottom : w.top}`,
    count(w.pins, part.pins.length, lang),
  ];
  return (
    (heading ? `<h3>${esc(`${w.part} ${part.name}`)}</h3>` : "") +
    `<p class="meta" data-facts="">${esc(facts.filter(Boolean).join(" · "))}</p>` +
    `<div class="table"><table><thead><tr><th scope="col">${esc(w.pin)}</th><th scope="col">${esc(w.pinName)}</th><th scope="col">${esc(w.net)}</th></tr></thead><tbody>${rows}</tbody></table></div>` +
    (part.pins.length > LISTED ? `<p class="meta">${esc(count(w.more, part.pins.length - LISTED, lang))}</p>` : "") +
    (points === undefined ? "" : `<div data-point="">${points}</div>`)
  );
}

function netHtml(net: PanelNet, w: ViewerWords, lang: string, links: PanelLinks, points: string): string {
  const items = net.parts.slice(0, LISTED).map((p) => `<li>${link(links.part(p), "part", p)}</li>`);
  return (
    `<h3>${esc(`${w.net} ${net.name}`)}</h3>` +
    `<p class="meta">${esc(`${count(w.pins, net.pins, lang)} · ${count(w.parts, net.parts.length, lang)}`)}</p>` +
    `<ul class="bv-names">${items.join("")}</ul>` +
    (net.parts.length > LISTED ? `<p class="meta">${esc(count(w.more, net.parts.length - LISTED, lang))}</p>` : "") +
    `<div data-legend=""></div><div data-point="">${points}</div>`
  );
}

/** The panel for a selection; `points` is the net's point answers' HTML (pointsHtml) or a loading line. */
export function panelHtml(sel: PanelSelection, w: ViewerWords, lang: string, links: PanelLinks, points = ""): string {
  switch (sel.kind) {
    case "part":
      return partHtml(sel.part, w, lang, links, true, points);
    case "net":
      return netHtml(sel.net, w, lang, links, points);
    case "pin": {
      const pin = sel.part.pins[sel.pin];
      const facts = [pin.name ? `${w.pinName}: ${pin.name}` : "", `${w.net}: ${pin.net || w.noNet}`].filter(Boolean).join(" · ");
      return (
        `<h3>${esc(fill(w.pinOf, { pin: pinLabel(sel.part.pins, sel.pin), part: sel.part.name }))}</h3>` +
        `<p class="meta" data-pin="">${esc(facts)}</p>` +
        (sel.net ? netHtml(sel.net, w, lang, links, points) : "") +
        `<details><summary>${esc(`${w.part} ${sel.part.name}`)}</summary>${partHtml(sel.part, w, lang, links, false)}</details>`
      );
    }
    case "missing": {
      const text =
        sel.what === "part"
          ? fill(w.missingPart, { name: sel.name })
          : sel.what === "net"
            ? fill(w.missingNet, { name: sel.name })
            : sel.what === "pin"
              ? fill(w.missingPin, { part: sel.part ?? "", pin: sel.name })
              : fill(w.notFound, { name: sel.name });
      return `<p class="meta" data-missing="">${esc(text)}</p><p class="meta">${esc(w.empty)}</p>`;
    }
    case "ambiguous": {
      const items = sel.candidates.map((c) => `<li>${esc(c.kind === "part" ? w.part : w.net)} ${link(links[c.kind](c.name), c.kind, c.name)}</li>`);
      return `<p class="meta" data-ambiguous="">${esc(fill(w.ambiguous, { name: sel.name, names: sel.candidates.map((c) => c.name).join(", ") }))}</p><ul class="bv-names">${items.join("")}</ul>`;
    }
  }
}

/** The legend of the diode bands, the net's own marked (the drawing colours the net's pins with it). */
export function legendHtml(net: string, value: string, w: ViewerWords): string {
  const band = diodeBand(value);
  const items = w.bands.map(
    (label, i) =>
      `<li${i === band ? ' aria-current="true"' : ""}><svg class="bv-swatch" viewBox="0 0 1 1" aria-hidden="true"><rect width="1" height="1" fill="${BAND_COLOURS[i]}"/></svg> ${i === band ? `<strong>${esc(label)}</strong>` : esc(label)}</li>`,
  );
  return `<p class="meta">${esc(fill(w.legend, { net, value }))}</p><ul class="bv-legend">${items.join("")}</ul>`;
}

function valuesHtml(label: string, list: ValueCount[] | undefined, w: ViewerWords, lang: string): string {
  if (!list?.length) return "";
  const items = list.map(
    (v) => `<li><strong>${esc(String(v.value))}</strong> (${esc(count(v.count === 1 ? w.report : w.reports, v.count, lang))})</li>`,
  );
  return `<div><h5>${esc(label)}</h5><ul>${items.join("")}</ul></div>`;
}

function linksHtml(label: string, list: Linked[] | undefined, w: ViewerWords): string {
  if (!list?.length) return "";
  const items = list.map(
    (x) =>
      `<li>${x.url ? `<a href="${esc(x.url)}">${esc(x.title ?? x.url)}</a>` : esc(x.title ?? "")}${x.pages?.length ? esc(` (${w.pages} ${x.pages.join(", ")})`) : ""}</li>`,
  );
  return `<div><h5>${esc(label)}</h5><ul>${items.join("")}</ul></div>`;
}

/** Reference values: the value, its kind in the reader's words, the note, and the source's link. */
function referencesHtml(list: NonNullable<PointAnswer>["reference"], w: ViewerWords): string {
  if (!list?.length) return "";
  const items = list.map((r) => {
    const kind = w.kinds[r.kind as keyof ViewerWords["kinds"]] ?? r.kind;
    const text = [kind, r.note].filter((x) => typeof x === "string" && x).join(" · ");
    const source = r.source?.url ? ` — <a href="${esc(r.source.url)}">${esc(r.source.title ?? r.source.url)}</a>` : "";
    return `<li><strong>${esc(String(r.value ?? ""))}</strong>${text ? ` ${esc(text)}` : ""}${source}</li>`;
  });
  return `<div><h5>${esc(w.reference)}</h5><ul>${items.join("")}</ul></div>`;
}

/** The schematic pages that print the name, best first, each a link to the page view marking it (issue 55). */
function schematicHtml(documents: NonNullable<PointAnswer>["documents"], name: string, lang: string): string {
  const pages = schematicPageLinks(documents, name, lang === "es" ? "es" : "en");
  if (!pages.length) return "";
  const items = pages.map((p) => `<li><a href="${esc(p.href)}" data-schematic-page="">${esc(p.label)}</a></li>`);
  return `<div><h5>${esc(schematicWords(lang === "es" ? "es" : "en").pagesNaming)}</h5><ul>${items.join("")}</ul></div>`;
}

/** What each board knows about a net or part `name` (its point answers, in the order of `boards`). */
export function pointsHtml(
  answers: readonly PointAnswer[],
  boards: readonly string[],
  point: { kind: "part" | "net"; name: string },
  w: ViewerWords,
  lang: string,
): string {
  const net = point.name;
  return answers
    .map((a, i) => {
      const parts = a
        ? [
            valuesHtml(w.expected, a.expected, w, lang),
            valuesHtml(w.measured, a.measured, w, lang),
            referencesHtml(a.reference, w),
            linksHtml(w.cases, a.cases, w),
            linksHtml(w.threads, a.threads, w),
            linksHtml(w.documents, a.documents, w),
            schematicHtml(a.documents, net, lang),
          ].join("")
        : "";
      const heading = `<h4>${esc(fill(w.known, { point: net, board: boards[i] }))}</h4>`;
      return heading + (parts || `<p class="meta">${esc(fill(point.kind === "part" ? w.nothingPart : w.nothing, { board: boards[i] }))}</p>`);
    })
    .join("");
}

/** The first diode reading among a net's point answers' reference values, if any. */
export function diodeOf(answers: readonly PointAnswer[]): string | undefined {
  for (const a of answers) for (const r of a?.reference ?? []) if (r.kind === "diode" && r.value && diodeBand(r.value) >= 0) return r.value;
  return undefined;
}
