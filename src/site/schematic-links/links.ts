// The schematic pages that print a selected part or net, best first, as the viewer's panel lists them (issue 55):
// each document's places in the order the point answer gives them (the page naming more of the point's neighbours
// first), each a link to the page view with the name to mark. Pure: the page and the viewer's script share it.
import type { Lang } from "../../core/language";
import { schematicPagePath } from "../../core/urls";
import { schematicWords } from "./words";

/** A point answer's document as the panel reads it. */
export interface PlacedDocument {
  id?: string;
  title?: string;
  places?: readonly { page: number }[];
}

/** Pages listed at most in a panel. */
const LISTED_PAGES = 20;

export function schematicPageLinks(documents: readonly PlacedDocument[] | undefined, name: string, lang: Lang): { href: string; label: string }[] {
  const w = schematicWords(lang);
  return (documents ?? [])
    .flatMap((d) =>
      d.id && d.places?.length
        ? d.places.map((p) => ({
            href: `${schematicPagePath(lang, d.id!, p.page)}?name=${encodeURIComponent(name)}`,
            label: w.title(d.title ?? d.id!, p.page),
          }))
        : [],
    )
    .slice(0, LISTED_PAGES);
}
