// A document, its versions (files to R2), boards and shares, and its page text (for its text shard).
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import { and, sql } from "drizzle-orm";
import * as t from "../../../src/db/schema";
import { sha256Hex } from "../../../src/auth/keys";
import { boardviewKeys } from "../../../src/boardview-formats";
import type { BoardviewKeys } from "../../../src/boardview-formats/types";
import { boardviewFromBytes, isBoardviewExtension } from "../../../src/boardview/store";
import { extensionOf, mediaTypeFor } from "../../../src/content/media-types";
import { referenceFromBytes } from "../../../src/reference/from-bytes";
import { referenceRows, referenceStatements } from "../../../src/reference/store";
import { PDF_TEXT_MAX_BYTES, pdfText } from "../../../src/ingest/pdf/pdf-text";
import { placesMatching } from "../../../src/text/places";
import type { Item, PlanContext, RecordPlanBuilder, Statement } from "./record-plan";
import { ATOMIC_RECORD_STATEMENTS, boardIdSql, decodeContent, derivedId, ifChanged, iso, manufacturerId, userId, withGivenTime } from "./values";

export async function planDocument(plan: RecordPlanBuilder, ctx: PlanContext, d: Item<"documents">): Promise<void> {
  const { db, now } = ctx;
  const id = d.id?.toUpperCase() ?? (await derivedId("document", `${d.owner ?? ""}\n${d.title}`, d.created_at));
  const createdAt = d.created_at ? new Date(d.created_at).toISOString() : now;
  const versions = [...d.versions].sort((a, b) => a.version - b.version);
  const current = versions[versions.length - 1].version;
  // A boardview is read here as the queue consumer reads an upload: its names become its pages, its parts and
  // nets rows on its text database, its summary a column of its row.
  const latest = versions[versions.length - 1];
  const extension = extensionOf(latest.filename);
  const board = isBoardviewExtension(extension) ? boardviewFromBytes(decodeContent(latest), { keys: importKeys(), extension }) : null;
  // An OpenBoardData file (by content) gives the board its ID names reference values, as an upload does.
  const reference = board ? null : referenceFromBytes(decodeContent(latest));
  const pages = d.pages ?? board?.pages ?? reference?.pages;
  // A PDF's places (where its words stand) are read from its file, as an upload reads them, for the pages given.
  const file = extension === "pdf" && pages?.length ? decodeContent(latest) : null;
  const isPdf = file !== null && file.byteLength <= PDF_TEXT_MAX_BYTES && new TextDecoder().decode(file.subarray(0, 5)) === "%PDF-";
  const read = isPdf ? await readPdf(file) : null;
  const places = read?.kind === "text" ? placesMatching(pages ?? [], read) : [];
  const values = {
    title: d.title,
    type: d.type,
    status: d.status,
    visibility: d.visibility,
    ownerId: userId(d.owner),
    manufacturerId: manufacturerId(d.manufacturer),
    description: d.description ?? null,
    chipset: d.chipset ?? null,
    boardRevision: d.board_revision ?? null,
    language: d.language ?? null,
    sourceNote: d.source_note ?? null,
    tags: d.tags ?? [],
    downloads: d.downloads,
    executable: d.executable ?? false,
    currentVersion: current,
    pageCount: d.pages ? d.pages.length : null,
    hasText: (pages ?? []).some((p) => p.length > 0),
    boardview: board ? JSON.stringify(board.summary) : null,
    updatedAt: now,
  };
  // Children are updated in place and only when they differ (a second import of the same file writes
  // no row and fires no trigger); those no longer in the file are deleted first.
  const boardIds = (d.boards ?? []).map((b) => boardIdSql(b)!);
  const shareIds = (d.shared_with ?? []).map((u) => userId(u)!);
  plan.push(
    db
      .delete(t.documentVersions)
      .where(
        sql`${t.documentVersions.documentId} = ${id} and ${t.documentVersions.version} not in (select value from json_each(${JSON.stringify(versions.map((v) => v.version))}))`,
      ),
    db
      .delete(t.documentBoards)
      .where(
        and(
          sql`${t.documentBoards.documentId} = ${id}`,
          boardIds.length ? sql`${t.documentBoards.boardId} not in (${sql.join(boardIds, sql`, `)})` : undefined,
        ),
      ),
    db
      .delete(t.documentShares)
      .where(
        and(
          sql`${t.documentShares.documentId} = ${id}`,
          shareIds.length ? sql`${t.documentShares.userId} not in (${sql.join(shareIds, sql`, `)})` : undefined,
        ),
      ),
    // Text from before the text shards leaves the primary: the pages below go to the document's shard.
    db.delete(t.documentPages).where(sql`${t.documentPages.documentId} = ${id}`),
  );
  // A new document's boards written before it are indexed with it, once, instead of re-indexing
  // it per board (search triggers); that needs the record in one batch (foreign keys deferred).
  const boards = boardIds.map((boardId, position) =>
    db
      .insert(t.documentBoards)
      .values({ documentId: id, boardId, position })
      .onConflictDoUpdate({
        target: [t.documentBoards.documentId, t.documentBoards.boardId],
        set: { position },
        setWhere: ifChanged(t.documentBoards, { position }),
      }),
  );
  const referenceRowsOf = board?.readings.length
    ? referenceStatements(id, null, { values: referenceRows(board.readings), parts: [], notes: [] })
    : referenceStatements(id, reference?.data.id ?? null, reference && reference.data.id !== null ? reference.content : null);
  const boardsFirst = referenceRowsOf.length + d.versions.length + boards.length + (d.shared_with?.length ?? 0) <= ATOMIC_RECORD_STATEMENTS - 5;
  if (boardsFirst) {
    plan.push(...boards);
    plan.markAtomic();
  }
  plan.push(
    db
      .insert(t.documents)
      .values({ ...values, id, createdAt })
      .onConflictDoUpdate({
        target: t.documents.id,
        set: withGivenTime(values, "createdAt", d.created_at),
        setWhere: ifChanged(t.documents, withGivenTime(values, "createdAt", d.created_at), ["updatedAt"]),
      }),
  );
  if (!boardsFirst) plan.push(...boards);
  for (const v of versions) {
    const bytes = decodeContent(v);
    const extension = extensionOf(v.filename);
    const key = `documents/${id}/v${v.version}`;
    plan.store({ key, bytes, contentType: mediaTypeFor(extension), filename: v.filename });
    const version = {
      filename: v.filename,
      extension,
      contentType: mediaTypeFor(extension),
      sizeBytes: bytes.byteLength,
      sha256: await sha256Hex(bytes),
      r2Key: key,
      changelog: v.changelog ?? null,
    };
    plan.push(
      db
        .insert(t.documentVersions)
        .values({
          ...version,
          documentId: id,
          version: v.version,
          // Without its own time a version has its document's (as stored: kept from the first import).
          createdAt: v.created_at ? iso(v.created_at) : sql`(select created_at from documents where id = ${id})`,
        })
        .onConflictDoUpdate({
          target: [t.documentVersions.documentId, t.documentVersions.version],
          set: withGivenTime(version, "createdAt", v.created_at),
          setWhere: ifChanged(t.documentVersions, withGivenTime(version, "createdAt", v.created_at)),
        }),
    );
  }
  plan.push(...referenceRowsOf.map((statement): Statement => ({ toSQL: () => db.run(statement).getQuery() })));
  for (const shareUser of shareIds) plan.push(db.insert(t.documentShares).values({ documentId: id, userId: shareUser }).onConflictDoNothing());
  plan.addText({ documentId: id, type: d.type, pages: pages ?? [], places, boardRows: board?.rows(id) });
  plan.count("documents");
}

/** PDFs read in this run by content (an import often carries one file many times): the last few kept. */
const readPdfs = new Map<string, ReturnType<typeof pdfText>>();
async function readPdf(file: Uint8Array): ReturnType<typeof pdfText> {
  const key = await sha256Hex(file);
  let read = readPdfs.get(key);
  if (!read) {
    read = pdfText(file.slice());
    readPdfs.set(key, read);
    if (readPdfs.size > 16) readPdfs.delete(readPdfs.keys().next().value!);
  }
  return read;
}

let keys: BoardviewKeys | undefined;
/** The keys of encrypted boardviews, from the importer's environment (the same names as the Worker's secrets). */
function importKeys(): BoardviewKeys {
  keys ??= boardviewKeys(process.env);
  return keys;
}
