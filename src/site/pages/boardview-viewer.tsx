// The viewer of a readable boardview on its document page: the hooks the script (public/viewer/boardview.js, built
// from viewer/*.ts) takes over — [data-boardview] root, find box, [data-selection] panel — and, for a deep link
// (?part=, ?net=, ?find=), the selection panel written here, so it reads before (and without) the script.
// viewer/panel.ts writes the same markup in the browser.
import { schematicPageLinks } from "../schematic-links/links";
import { schematicWords } from "../schematic-links/words";
import { getBoardPoint } from "../../db/queries/boards/board-points";
import { boardviewNet, boardviewPart, visibleBoardview } from "../../db/queries/boardviews";
import { boardviewUrl } from "../../core/urls";
import type { BoardviewNet, BoardviewPart } from "../../schemas/boardviews";
import type { Site } from "../site";
import { VIEWER_WORDS } from "../boardview-words";

/** Parts and pins a panel lists at most (viewer/panel.ts LISTED). */
const LISTED = 200;
/** Boards whose point answers a net's panel shows. */
const POINT_BOARDS = 3;

type PointAnswer = Awaited<ReturnType<typeof getBoardPoint>>;

export type ServerSelection =
  | { kind: "part"; part: BoardviewPart }
  | { kind: "net"; net: BoardviewNet; points: (PointAnswer | null)[] }
  | { kind: "missing"; name: string };

/** The selection a deep link asks for: a part, a net, or (find) a part of that name else a net. */
export async function viewerSelection(
  site: Site,
  documentId: string,
  boards: readonly string[],
  query: { part?: string; net?: string; find?: string },
): Promise<ServerSelection | null> {
  const name = (query.part ?? query.net ?? query.find ?? "").trim().slice(0, 200);
  if (!name) return null;
  const doc = await visibleBoardview(site.query, documentId);
  if (!doc?.summary?.format) return null;
  const part = query.net === undefined ? await boardviewPart(site.query, doc, name) : undefined;
  if (part) return { kind: "part", part };
  const net = query.part === undefined ? await boardviewNet(site.query, doc, name) : undefined;
  if (!net) return { kind: "missing", name };
  const points = await Promise.all(boards.slice(0, POINT_BOARDS).map(async (b) => (await getBoardPoint(site.query, b, net.name)) ?? null));
  return { kind: "net", net, points };
}

const count = (template: string, n: number, site: Site) => template.replace("{n}", n.toLocaleString(site.lang));

function SelectLink({ url, kind, name }: { url: string; kind: "part" | "net"; name: string }) {
  return kind === "part" ? (
    <a href={boardviewUrl(url, { part: name })} data-part={name}>
      {name}
    </a>
  ) : (
    <a href={boardviewUrl(url, { net: name })} data-net={name}>
      {name}
    </a>
  );
}

function PartPanel({ site, url, part }: { site: Site; url: string; part: BoardviewPart }) {
  const w = VIEWER_WORDS[site.lang];
  const side = part.side === "bottom" ? w.bottom : w.top;
  return (
    <>
      <h3>{`${w.part} ${part.name}`}</h3>
      <p class="meta">{[part.value, side, count(w.pins, part.pins.length, site)].filter(Boolean).join(" · ")}</p>
      <div class="table">
        <table>
          <thead>
            <tr>
              <th scope="col">{w.pin}</th>
              <th scope="col">{w.pinName}</th>
              <th scope="col">{w.net}</th>
            </tr>
          </thead>
          <tbody>
            {part.pins.slice(0, LISTED).map((pin, i) => (
              <tr>
                <td>{pin.number || String(i + 1)}</td>
                <td>{pin.name ?? ""}</td>
                <td>{pin.net ? <SelectLink url={url} kind="net" name={pin.net} /> : w.noNet}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {part.pins.length > LISTED ? <p class="meta">{count(w.more, part.pins.length - LISTED, site)}</p> : null}
    </>
  );
}

function Values({ label, list, site }: { label: string; list: { value: string; count: number }[]; site: Site }) {
  if (!list.length) return null;
  return (
    <div>
      <h5>{label}</h5>
      <ul>
        {list.map((v) => (
          <li>
            <strong>{v.value}</strong>
            {` (${v.count} ${VIEWER_WORDS[site.lang].reports})`}
          </li>
        ))}
      </ul>
    </div>
  );
}

type Linked = { title?: string; url?: string; pages?: number[] };

function Links({ label, list, site }: { label: string; list: Linked[]; site: Site }) {
  if (!list.length) return null;
  return (
    <div>
      <h5>{label}</h5>
      <ul>
        {list.map((x) => (
          <li>
            {x.url ? <a href={x.url}>{x.title ?? x.url}</a> : (x.title ?? "")}
            {x.pages?.length ? ` (${VIEWER_WORDS[site.lang].pages} ${x.pages.join(", ")})` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Reference values, once the point answer carries them: value, kind, note and the source's link. */
function References({ list, site }: { list: unknown; site: Site }) {
  if (!Array.isArray(list) || !list.length) return null;
  return (
    <div>
      <h5>{VIEWER_WORDS[site.lang].reference}</h5>
      <ul>
        {(list as Record<string, unknown>[]).map((r) => {
          const source = (r.source ?? r.document) as Linked | undefined;
          const text = [r.kind, r.note].filter((x) => typeof x === "string" && x).join(" · ");
          return (
            <li>
              <strong>{String(r.value ?? "")}</strong>
              {text ? ` ${text}` : ""}
              {source?.url ? (
                <>
                  {" — "}
                  <a href={source.url}>{source.title ?? source.url}</a>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The schematic pages that print the name, best first, each a link to the page view marking it (issue 55). */
function SchematicPages({ site, answer, name }: { site: Site; answer: PointAnswer; name: string }) {
  const pages = schematicPageLinks(answer?.documents, name, site.lang);
  if (!pages.length) return null;
  return (
    <div>
      <h5>{schematicWords(site.lang).pagesNaming}</h5>
      <ul>
        {pages.map((p) => (
          <li>
            <a href={p.href} data-schematic-page="">
              {p.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PointPanel({ site, board, net, answer }: { site: Site; board: string; net: string; answer: PointAnswer | null }) {
  const w = VIEWER_WORDS[site.lang];
  const known =
    answer &&
    (answer.expected.length ||
      answer.measured.length ||
      answer.cases.length ||
      answer.threads.length ||
      answer.documents.length ||
      (answer as { reference?: unknown[] }).reference?.length);
  return (
    <>
      <h4>{w.known.replace("{point}", net).replace("{board}", board)}</h4>
      {answer && known ? (
        <>
          <Values label={w.expected} list={answer.expected} site={site} />
          <Values label={w.measured} list={answer.measured} site={site} />
          <References list={(answer as { reference?: unknown }).reference} site={site} />
          <Links label={w.cases} list={answer.cases} site={site} />
          <Links label={w.threads} list={answer.threads} site={site} />
          <Links label={w.documents} list={answer.documents} site={site} />
          <SchematicPages site={site} answer={answer} name={net} />
        </>
      ) : (
        <p class="meta">{w.nothing.replace("{board}", board)}</p>
      )}
    </>
  );
}

function NetPanel({
  site,
  url,
  net,
  boards,
  points,
}: {
  site: Site;
  url: string;
  net: BoardviewNet;
  boards: readonly string[];
  points: (PointAnswer | null)[];
}) {
  const w = VIEWER_WORDS[site.lang];
  return (
    <>
      <h3>{`${w.net} ${net.name}`}</h3>
      <p class="meta">{`${count(w.pins, net.pins.length, site)} · ${count(w.parts, net.parts.length, site)}`}</p>
      <ul class="bv-names">
        {net.parts.slice(0, LISTED).map((p) => (
          <li>
            <SelectLink url={url} kind="part" name={p} />
          </li>
        ))}
      </ul>
      {net.parts.length > LISTED ? <p class="meta">{count(w.more, net.parts.length - LISTED, site)}</p> : null}
      <div data-point="">
        {points.map((answer, i) => (
          <PointPanel site={site} board={boards[i]} net={net.name} answer={answer} />
        ))}
      </div>
    </>
  );
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
  const selected = selection?.kind === "part" ? `part:${selection.part.name}` : selection?.kind === "net" ? `net:${selection.net.name}` : undefined;
  const found =
    selection?.kind === "missing"
      ? selection.name
      : selection?.kind === "part"
        ? selection.part.name
        : selection?.kind === "net"
          ? selection.net.name
          : "";
  return (
    <section
      id="boardview"
      class="bv"
      aria-labelledby="boardview-heading"
      data-boardview=""
      data-layout={`/api/v1/documents/${id}/boardview/layout`}
      data-points="/api/v1/boards/"
      data-boards={JSON.stringify(boards.slice(0, POINT_BOARDS))}
      data-failed={w.failed}
      data-words={JSON.stringify(w)}
    >
      <h2 id="boardview-heading">{w.heading}</h2>
      <form class="bv-find" role="search" method="get" action={`${new URL(url).pathname}#boardview`}>
        <label for="bv-find">{w.find}</label>
        <div class="bv-row">
          <input type="search" id="bv-find" name="find" list="bv-names" autocomplete="off" value={found} />
          <button type="submit">{w.findButton}</button>
        </div>
        <datalist id="bv-names"></datalist>
      </form>
      <div class="bv-view">
        <div>
          <div class="bv-tools">
            <fieldset>
              <legend>{w.sides}</legend>
              {(["both", "top", "bottom"] as const).map((side) => (
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
              </button>
            </span>
          </div>
          <canvas tabindex={0} role="img" aria-label={w.canvas} aria-describedby="bv-keys"></canvas>
          <p id="bv-keys" class="meta">
            {w.keys}
          </p>
          <p class="meta" role="status" data-status="">
            {selection?.kind === "missing" ? w.notFound.replace("{name}", selection.name) : ""}
          </p>
        </div>
        <div class="bv-panel" data-selection="" aria-live="polite" data-selected={selected}>
          {selection?.kind === "part" ? (
            <PartPanel site={site} url={url} part={selection.part} />
          ) : selection?.kind === "net" ? (
            <NetPanel site={site} url={url} net={selection.net} boards={boards} points={selection.points} />
          ) : (
            <p class="meta">{w.empty}</p>
          )}
        </div>
      </div>
      <script type="module" src="/viewer/boardview.js"></script>
    </section>
  );
}
