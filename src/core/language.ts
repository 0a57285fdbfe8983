// Accept-Language negotiation over the two languages of the site.
export const LANGUAGES = ["es", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Picks the best of es/en from an Accept-Language header (q-values honoured, es-AR counts as es). */
export function negotiateLanguage(header: string | null | undefined, fallback: Lang): Lang {
  if (!header) return fallback;
  let best: { lang: Lang; q: number; order: number } | undefined;
  header
    .slice(0, 1000)
    .split(",")
    .forEach((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const primary = tag.trim().toLowerCase().split("-")[0] as Lang;
      if (!LANGUAGES.includes(primary)) return;
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!Number.isFinite(q) || q <= 0) return;
      if (!best || q > best.q || (q === best.q && order < best.order)) best = { lang: primary, q, order };
    });
  return best?.lang ?? fallback;
}
