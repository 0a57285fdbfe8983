// The viewer of a readable boardview on its document page: the hooks the script (public/viewer/boardview.js, built
// from viewer/*.ts) takes over — [data-boardview] root, find box, [data-selection] panel — and, for a deep link
// (?part=, ?pin=, ?net=, ?find=), the selection panel (boardview-panel.ts, which the script also renders with), so
// it reads before (and without) the script.
import { getBoardPoint } from "../../db/queries/boards/board-points";
import { boardviewNet, boardviewPart, visibleBoardview } from "../../db/queries/boardviews";
import { boardviewUrl, MEMBER_POINTS_PATH } from "../../core/urls";
import { DomainError } from "../../errors";
import type { BoardviewNet } from "../../schemas/boardviews";
import type { Site } from "../site";
import { esc, type PanelNet, type PanelSelection, panelHtml, type PointAnswer, pinIndex, pinLabel, pointsHtml } from "./boardview-panel";
import { VIEWER_WORDS } from "../boardview-words";

/** Boards whose point answers a net's panel shows. */
const POINT_BOARDS = 3;

export type ServerSelection = { panel: PanelSelection; points: PointAnswer[]; selected?: string };

const netOf = (net: BoardviewNet): PanelNet => ({ name: net.name, pins: net.pins.length, parts: net.parts });

/** The selection a deep link asks for: a part (and its pin), a net, or (find) a part of that name else a net. */
export async function viewerSelection(
  site: Site,
  documentId: string,
  boards: readonly string[],
  query: { part?: string; net?: string; pin?: string; find?: string },
): Promise<ServerSelection | null> {
  const name = (query.part ?? query.net ?? query.find ?? "").trim().slice(0, 200);
  if (!name) return null;
  const doc = await visibleBoardview(site.query, documentId);
  if (!doc?.summary?.format) return null;
  const what = query.part !== undefined ? "part" : query.net !== undefined ? "net" : "name";
  // The name rule per kind (src/boardview/name-match.ts): a spelling that names several is listed, not guessed.
  const ambiguous: { kind: "part" | "net"; name: string }[] = [];
  const lookUp = async <T,>(kind: "part" | "net", look: () => Promise<T | undefined>) => {
    try {
      return await look();
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== "ambiguous") throw err;
      ambiguous.push(...(err.candidates ?? []).map((c) => ({ kind, name: String(c) })));
      return undefined;
    }
  };
  const found = query.net === undefined ? await lookUp("part", () => boardviewPart(site.query, doc, name)) : undefined;
  const pinText = query.pin?.trim().slice(0, 50);
  const pin = found && pinText ? pinIndex(found.pins, pinText) : -1;
  if (found && pinText && pin < 0) return { panel: { kind: "missing", what: "pin", name: pinText, part: found.name }, points: [] };
  const pinNet = found && pin >= 0 ? found.pins[pin].net : "";
  const net =
    pinNet || (query.part === undefined && (!found || found.name !== name))
      ? await lookUp("net", () => boardviewNet(site.query, doc, pinNet || name))
      : undefined;
  // Find takes an exact name of either kind first, then the part.
  const part = found && (pin >= 0 || found.name === name || net?.name !== name) ? found : undefined;
  if (!part && !net && ambiguous.length) return { panel: { kind: "ambiguous", name, candidates: ambiguous }, points: [] };
  if (!part && !net) return { panel: { kind: "missing", what, name }, points: [] };
  // A net's point answers (values, sources, schematic pages); a part's for its schematic pages.
  const pointName = net?.name ?? part?.name;
  // A member's page (never cached) lists their private and shared schematics too.
  const ctx = site.member ? { ...site.query, viewer: { userId: site.member.userId } } : site.query;
  const points = pointName ? await Promise.all(boards.slice(0, POINT_BOARDS).map(async (b) => (await getBoardPoint(ctx, b, pointName)) ?? null)) : [];
  if (part && pin >= 0)
    return { panel: { kind: "pin", part, pin, net: net && netOf(net) }, points, selected: `pin:${part.name}:${pinLabel(part.pins, pin)}` };
  if (part) return { panel: { kind: "part", part }, points, selected: `part:${part.name}` };
  return net ? { panel: { kind: "net", net: netOf(net) }, points, selected: `net:${net.name}` } : null;
}

export function BoardviewViewer({
  site,
  id,
  url,
  boards,
  selection,
}: {
  site: Site;
  id: string;
  url: string;
  boards: readonly string[];
  selection: ServerSelection | null;
}) {
  const w = VIEWER_WORDS[site.lang];
  const sel = selection?.panel;
  const found =
    sel?.kind === "pin"
      ? `${sel.part.name}.${pinLabel(sel.part.pins, sel.pin)}`
      : sel?.kind === "part"
        ? sel.part.name
        : sel?.kind === "net"
          ? sel.net.name
          : (sel?.name ?? "");
  const links = { part: (name: string) => boardviewUrl(url, { part: name }), net: (name: string) => boardviewUrl(url, { net: name }) };
  const net = sel?.kind === "net" ? sel.net : sel?.kind === "pin" ? sel.net : undefined;
  const pointName = net?.name ?? (sel?.kind === "part" ? sel.part.name : undefined);
  const points = pointName ? pointsHtml(selection?.points ?? [], boards, { kind: net ? "net" : "part", name: pointName }, w, site.lang) : "";
  const panel = sel ? panelHtml(sel, w, site.lang, links, points) : `<p class="meta">${esc(w.empty)}</p>`;
  return (
    <section
      id="boardview"
      class="bv"
      aria-labelledby="boardview-heading"
      data-boardview=""
      data-layout={`/api/v1/documents/${id}/boardview/layout`}
      data-points={site.member ? MEMBER_POINTS_PATH : "/api/v1/boards/"}
      data-boards={JSON.stringify(boards.slice(0, POINT_BOARDS))}
      data-failed={w.failed}
      data-words={JSON.stringify(w)}
    >
      <h2 id="boardview-heading">{w.heading}</h2>
      <form class="bv-find" role="search" method="get" action={`${new URL(url).pathname}#boardview`}>
        <label for="bv-find">{w.find}</label>
        <div class="bv-row">
          <input type="search" id="bv-find" name="find" list="bv-names" autocomplete="off" maxlength={200} value={found} />
          <button type="submit">{w.findButton}</button>
        </div>
        <datalist id="bv-names"></datalist>
      </form>
      <div class="bv-view">
        <div>
          <div class="bv-tools">
            <fieldset>
              <legend>{w.sides}</legend>
              {(["both", "top", "bottom", "split"] as const).map((side) => (
                <label>
                  <input type="radio" name="side" value={side} checked={side === "both"} /> {w[side]}
                </label>
              ))}
            </fieldset>
            <span>
              <button type="button" data-zoom="in" aria-label={w.zoomIn}>
                +
              </button>{" "}
              <button type="button" data-zoom="out" aria-label={w.zoomOut}>
                −
              </button>{" "}
              <button type="button" data-zoom="fit">
                {w.fit}
              </button>{" "}
              <button type="button" data-flip="" title={w.flipHint}>
                {w.flip}
              </button>{" "}
              <button type="button" data-measure="" aria-pressed="false" title={w.measureHint}>
                {w.measure}
              </button>
            </span>
          </div>
          <canvas tabindex={0} role="img" aria-label={w.canvas} aria-describedby="bv-keys"></canvas>
          <p id="bv-keys" class="meta">
            {w.keys}
          </p>
          <p class="meta" data-hover="" aria-hidden="true"></p>
          <p class="meta" role="status" data-status=""></p>
        </div>
        <div class="bv-panel" data-selection="" aria-live="polite" data-selected={selection?.selected} dangerouslySetInnerHTML={{ __html: panel }} />
      </div>
      <script type="module" src="/viewer/boardview.js"></script>
    </section>
  );
}
