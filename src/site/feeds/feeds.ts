// Atom feeds (RFC 4287), one per section and language: the newest 50 items an anonymous visitor can see, and
// a tombstone (RFC 6721 at:deleted-entry) for each item the feeds once showed that was removed within the
// feed's window (since its oldest entry): taken down, deleted, unpublished or made private.
import { removedSince } from "../../changes/feed";
import { rfc3339 } from "../../content/format";
import { listPosts } from "../../db/queries/blog";
import { listCases } from "../../db/queries/cases";
import { newestDocumentsWithOwners } from "../../db/queries/documents";
import { listThreads } from "../../db/queries/forum";
import { feedUrl, sectionUrl, type FeedName, type PageKind } from "../../core/urls";
import type { Site } from "../site";
import { formatBytes } from "../formatting";
import { xmlResponse, xmlText } from "./xml";

export const FEED_SIZE = 50;

interface FeedEntry {
  kind: PageKind;
  id: string;
  title: string;
  author: string | null;
  updated: string | null;
  published: string | null;
  url: string;
  summary: string;
  category?: string;
}

const SECTION_OF: Record<FeedName, PageKind> = { forum: "thread", library: "document", blog: "post", cases: "case" };

async function feedEntries(site: Site, name: FeedName): Promise<FeedEntry[]> {
  const q = site.query;
  const { s } = site;
  const newest = { page: 1, perPage: FEED_SIZE };
  switch (name) {
    case "forum":
      return (await listThreads(q, { latestFirst: true }, newest)).data.map((t) => ({
        kind: "thread",
        id: t.id,
        title: t.title,
        author: t.author,
        updated: t.last_activity_at ?? t.created_at,
        published: t.created_at,
        url: t.url,
        summary: [`${s.category}: ${t.category}`, `${s.status}: ${s.threadStatus[t.status] ?? t.status}`, s.repliesCount(t.replies)].join(" · "),
        category: t.category,
      }));
    case "blog":
      return (await listPosts(q, {}, newest)).data.map((p) => ({
        kind: "post",
        id: p.id,
        title: p.title,
        author: p.author,
        updated: p.published_at,
        published: p.published_at,
        url: p.url,
        summary: p.excerpt || p.title,
      }));
    case "cases":
      return (await listCases(q, {}, newest)).data.map((r) => ({
        kind: "case",
        id: r.id,
        title: r.title,
        author: r.author,
        updated: r.published_at,
        published: r.published_at,
        url: r.url,
        summary: [s.outcome[r.outcome] ?? r.outcome, r.device_model, r.board, `${s.symptom}: ${r.symptom}`].filter(Boolean).join(" · "),
      }));
    case "library": {
      const docs = await newestDocumentsWithOwners(q, FEED_SIZE);
      return docs.map((d) => ({
        kind: "document",
        id: d.id,
        title: d.title,
        author: d.owner,
        updated: d.created_at,
        published: d.created_at,
        url: d.url,
        summary: [
          site.s.documentTypes[d.type] ?? d.type,
          d.manufacturer,
          d.boards.join(", "),
          d.extension?.toUpperCase(),
          formatBytes(d.size_bytes, site.lang),
        ]
          .filter(Boolean)
          .join(" · "),
        category: d.type,
      }));
    }
  }
}

const EPOCH = "1970-01-01T00:00:00.000Z";

/** A tag URI (RFC 4151): stable whatever the title, slug or language of the page. */
function entryId(site: Site, kind: PageKind, id: string): string {
  return `tag:${new URL(site.siteUrl).hostname},2026:${kind}:${id}`;
}

export async function feedResponse(site: Site, name: FeedName): Promise<Response> {
  const entries = await feedEntries(site, name);
  const { s } = site;
  const self = feedUrl(site.urls, name);
  const sectionAddress = sectionUrl(site.urls, SECTION_OF[name]);
  const updatedOf = (e: FeedEntry) => rfc3339(e.updated) ?? rfc3339(e.published) ?? EPOCH;
  // The window: from the oldest entry shown (the whole log while the feed is not full).
  const windowStart = entries.length < FEED_SIZE ? EPOCH : (entries.map(updatedOf).sort()[0] ?? EPOCH);
  const removed = await removedSince(site.query, SECTION_OF[name], windowStart, FEED_SIZE, entries);
  const feedUpdated = [...entries.map(updatedOf), ...removed.map((r) => rfc3339(r.at) ?? EPOCH)].sort().at(-1) ?? EPOCH;
  const lines = [
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:at="http://purl.org/atompub/tombstones/1.0" xml:lang="${site.lang}">`,
    `<id>${xmlText(self)}</id>`,
    `<title>${xmlText(`${s.siteName}: ${s[name]}`)}</title>`,
    `<subtitle>${xmlText(s.rules)}</subtitle>`,
    `<updated>${feedUpdated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(sectionAddress)}"/>`,
    `<author><name>${xmlText(s.siteName)}</name><uri>${xmlText(site.siteUrl)}</uri></author>`,
    `<generator>${xmlText(s.siteName)}</generator>`,
  ];
  for (const e of entries) {
    const published = rfc3339(e.published);
    lines.push(
      "<entry>",
      `<id>${xmlText(entryId(site, e.kind, e.id))}</id>`,
      `<title type="text">${xmlText(e.title)}</title>`,
      `<author><name>${xmlText(e.author ?? s.siteName)}</name></author>`,
      `<updated>${updatedOf(e)}</updated>`,
      ...(published ? [`<published>${published}</published>`] : []),
      `<link rel="alternate" type="text/html" href="${xmlText(e.url)}"/>`,
      ...(e.category ? [`<category term="${xmlText(e.category)}"/>`] : []),
      `<summary type="text">${xmlText(e.summary)}</summary>`,
      "</entry>",
    );
  }
  for (const r of removed) lines.push(`<at:deleted-entry ref="${xmlText(entryId(site, SECTION_OF[name], r.id))}" when="${rfc3339(r.at) ?? EPOCH}"/>`);
  lines.push("</feed>");
  return xmlResponse(lines.join("\n"), "application/atom+xml");
}
