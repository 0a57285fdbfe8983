// The check after the import: every public document is listed by GET /api/v1/documents.
// Walks the list from page 1 by its `Link: <…>; rel="next"` header (keyset cursors, any depth) and
// counts what it saw against the database's own count of public, available documents.

export interface ListingCheck {
  pages: number;
  listed: number;
  distinct: number;
  /** Every item older than (or as old as, with a smaller id than) the one before it: newest first. */
  inOrder: boolean;
  seconds: number;
  /** meta.total of the first page. */
  total: number;
}

const NEXT = /<([^>]+)>;\s*rel="next"/;

export async function walkDocuments(origin: string, perPage = 100, maxPages = 100_000): Promise<ListingCheck> {
  const started = Date.now();
  const seen = new Set<string>();
  let listed = 0;
  let pages = 0;
  let inOrder = true;
  let total = -1;
  let previous: { created_at: string; id: string } | undefined;
  let url: string | undefined = `${origin}/api/v1/documents?per_page=${perPage}`;
  while (url && pages < maxPages) {
    const res: Response = await fetch(url);
    const body = (await res.json()) as { data: { id: string; created_at: string }[]; meta: { total: number } };
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
    if (total < 0) total = body.meta.total;
    for (const item of body.data) {
      if (previous && (item.created_at > previous.created_at || (item.created_at === previous.created_at && item.id >= previous.id))) inOrder = false;
      previous = item;
      seen.add(item.id);
      listed++;
    }
    pages++;
    const next: string | undefined = NEXT.exec(res.headers.get("Link") ?? "")?.[1];
    // The Link names the service's public address (SITE_URL or the request's origin): keep asking this one.
    url = next ? origin + new URL(next).pathname + new URL(next).search : undefined;
  }
  return { pages, listed, distinct: seen.size, inOrder, seconds: (Date.now() - started) / 1000, total };
}
