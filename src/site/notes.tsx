// A reference file's diagnosis notes in the file's words: `[n:NET]` becomes a link to the net's point page, and
// `[p:PART:PIN]` (or `[p:PART]`) a link into the boardview viewer (the board's readable boardview that holds the
// part, `?part=`), else to the part's point page. The notes are user-supplied text: rendered as text nodes only
// (the JSX renderer escapes them), never as markup.
import type { Child } from "hono/jsx";
import { pageUrl, pointUrl } from "../core/urls";
import type { ReferenceNote } from "../db/queries/board-reference";
import type { PartHolder } from "../db/queries/board-notes";
import type { Site } from "./site";

const LINK = /\[(n|p):([^\]\s:]+)(?::([^\]\s]*))?\]/g;

/** The part names a note's links name (for one lookup of their boardviews). */
export function notedParts(notes: readonly ReferenceNote[]): string[] {
  return notes.flatMap((n) => [...n.body.matchAll(LINK)].filter((m) => m[1] === "p").map((m) => m[2]));
}

function NoteText({ site, board, body, holders }: { site: Site; board: string; body: string; holders: Map<string, PartHolder> }) {
  const pieces: Child[] = [];
  let at = 0;
  for (const m of body.matchAll(LINK)) {
    if (m.index > at) pieces.push(body.slice(at, m.index));
    const [written, type, name, pin] = m;
    if (type === "n") pieces.push(<a href={pointUrl(site.urls, board, name)}>{name}</a>);
    else {
      const holder = holders.get(name);
      const href = holder
        ? `${pageUrl(site.urls, "document", holder.document, holder.title)}?part=${encodeURIComponent(holder.name)}`
        : pointUrl(site.urls, board, name);
      pieces.push(
        <a href={href} class="part-link" data-part={name}>
          {pin ? `${name}:${pin}` : name}
        </a>,
      );
    }
    at = m.index + written.length;
  }
  if (at < body.length) pieces.push(body.slice(at));
  return <p class="note-body">{pieces}</p>;
}

export function DiagnosisNotes({
  site,
  board,
  notes,
  holders,
}: {
  site: Site;
  board: string;
  notes: readonly ReferenceNote[];
  holders: Map<string, PartHolder>;
}) {
  const { s } = site;
  let section: string | null | undefined;
  return (
    <>
      {notes.map((n) => {
        const heading = n.section !== section ? n.section : undefined;
        section = n.section;
        return (
          <>
            {heading ? <h3>{heading}</h3> : null}
            <div class="note">
              {n.title ? <h4>{n.title}</h4> : null}
              <NoteText site={site} board={board} body={n.body} holders={holders} />
              <p class="meta">
                <a href={n.source.url}>{s.referenceFrom(n.source.title)}</a>
              </p>
            </div>
          </>
        );
      })}
    </>
  );
}
