// How the site writes dates, sizes and boardview formats in the reader's language.
import { BOARDVIEW_CATALOGUE } from "../boardview-formats";
import { formatBytes as formatSize } from "../content/format";
import type { Lang } from "../core/language";

const LOCALE: Record<Lang, string> = { en: "en-GB", es: "es-ES" };
export const OG_LOCALE: Record<Lang, string> = { en: "en_US", es: "es_ES" };

/** A date as readers of the language write it (UTC, so the page is the same for everyone). */
export function formatDate(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** A file size as readers of the language write it ("1,5 MB" in Spanish). */
export function formatBytes(bytes: number | null | undefined, lang: Lang): string {
  return formatSize(bytes, LOCALE[lang]) ?? "";
}

/**
 * A boardview format as people name it (the same in both languages: product and file names), from the formats'
 * catalogue; a format without an entry reads in capitals (an id "abc" reads "ABC").
 */
const BOARDVIEW_FORMAT_NAMES = new Map<string, string>(BOARDVIEW_CATALOGUE.map((f) => [f.format, f.name]));

export function boardviewFormatName(format: string | null): string {
  if (!format) return "";
  return BOARDVIEW_FORMAT_NAMES.get(format) ?? format.replace(/_/g, " ").toUpperCase();
}
