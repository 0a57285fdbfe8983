// Formatters shared by every surface (pages, feeds, sitemaps, MCP text): one of each kind.

/** Decimal units, as file managers and download pages show sizes. */
const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"];

/** "12 KB", "1.5 MB"; in the reader's locale when given ("1,5 MB"). Empty input → undefined. */
export function formatBytes(bytes: number | null | undefined, locale = "en-GB"): string | undefined {
  if (bytes === null || bytes === undefined) return undefined;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${BYTE_UNITS[unit]}`;
}

/** A stored timestamp as RFC 3339 in UTC (Atom dates, sitemap lastmod); unreadable or empty → undefined. */
export function rfc3339(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
