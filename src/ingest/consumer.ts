// The upload queue consumer: finishes a `processing` document. It sniffs the stored file against
// its extension's family, flags programs (`executable`), extracts PDF pages or reads a boardview (its parts and
// nets) onto the document's text shard (src/text/store.ts), then sets `available` or `rejected` with a reason.
// Safe to retry: it works only on documents still `processing`, records the shard before writing it,
// rewrites the page rows from scratch, and flips the status only once the shard holds the pages (a failed
// shard write leaves the document `processing` and the message is retried). Messages are handled one by one
// (bounded memory), each acked or retried on its own, so one bad message never holds up the batch;
// after the last retry the platform moves it to the dead-letter queue.
import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "../db/client";
import { documentPages, documents, documentVersions } from "../db/schema";
import { boardviewFromArchive, boardviewFromBytes, isBoardviewExtension, type StoredBoardview, storeBoardview } from "../boardview/store";
import { boardviewEntries, boardviewKeys } from "../boardview-formats";
import { BOARDVIEW_CAPS } from "../boardview-formats/types";
import { hasAnyText, recordShard, storeDocumentText } from "../text/store";
import { RAISE_TEXT_GENERATION } from "../text/generation";
import { textShards } from "../text/shards";
import { MAX_DELIVERIES } from "./attempts";
import { familyOf } from "../content/formats";
import { isProcessJob, type ProcessJob } from "./jobs";
import { PDF_BUDGET, PDF_TEXT_MAX_BYTES, pdfText } from "./pdf/pdf-text";
import { readConfig } from "../config";
import { familyMismatch, isZip, programKind, SNIFF_BYTES } from "./inspect/sniff";
import { zipEntryContents, zipProgramEntry } from "./inspect/zip";
import { mayBeReference, referenceFromBytes, valuesGapText, type ValuesGap } from "../reference/from-bytes";
import { boardAgreement, boardKnown, referenceRows, referenceStatements, type ReferenceContent } from "../reference/store";
import { storedText } from "../core/messages/text";

/** The delivery after which a message is dead-lettered (src/ingest/attempts.ts, checked against wrangler.toml). */
export const MAX_ATTEMPTS = MAX_DELIVERIES;

export type ProcessOutcome = "available" | "rejected" | "skipped";

export function retryDelaySeconds(attempts: number): number {
  return Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));
}

export async function handleUploadsBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      if (!isProcessJob(message.body)) throw new Error("malformed job: expected {documentId, version}");
      await processDocument(env, message.body);
      message.ack();
    } catch (err) {
      console.error("upload processing failed", { id: message.id, attempts: message.attempts, body: message.body }, err);
      if (message.attempts >= MAX_ATTEMPTS && isProcessJob(message.body)) {
        // Its last delivery: the document must not stay `processing` for ever.
        await rejectDocument(env, message.body.documentId, "The file could not be processed.").catch((e) => console.error("could not reject", e));
      }
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

export async function processDocument(env: Env, job: ProcessJob): Promise<ProcessOutcome> {
  const db = getDb(env);
  const [doc] = await db
    .select({
      status: documents.status,
      type: documents.type,
      textShard: documents.textShard,
      boardNumbers: documents.boardNumbers,
      r2Key: documentVersions.r2Key,
      extension: documentVersions.extension,
      sizeBytes: documentVersions.sizeBytes,
    })
    .from(documents)
    .innerJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, job.version)))
    .where(eq(documents.id, job.documentId));
  // Deleted, or already finished by an earlier delivery of the same message.
  if (doc?.status !== "processing") return "skipped";

  const reject = async (reason: string, executable = false) => {
    await rejectDocument(env, job.documentId, reason, executable);
    return "rejected" as const;
  };
  if (doc.sizeBytes === 0) return reject("The file is empty.");
  const head = await env.FILES.get(doc.r2Key, { range: { offset: 0, length: Math.min(SNIFF_BYTES, doc.sizeBytes) } });
  if (!head) return reject("The stored file is missing.");
  const bytes = new Uint8Array(await head.arrayBuffer());

  const family = familyOf(doc.extension);
  const program = programKind(bytes) ?? (isZip(bytes) ? await zipProgramEntry(env.FILES, doc.r2Key, doc.sizeBytes) : null);
  const mismatch = familyMismatch(bytes, family, doc.extension);
  if (mismatch) return reject(mismatch, program !== null);

  let pageCount: number | null = null;
  let pages: string[] = [];
  let places: string[] = [];
  if (family === "pdf" && doc.sizeBytes <= PDF_TEXT_MAX_BYTES) {
    const object = await env.FILES.get(doc.r2Key);
    if (!object) return reject("The stored file is missing.");
    const text = await pdfText(new Uint8Array(await object.arrayBuffer()), { ...PDF_BUDGET, maxMillis: readConfig(env).pdfTextBudgetMs });
    if (text.kind === "unreadable") return reject(text.reason);
    if (text.kind === "text") {
      pageCount = text.pageCount;
      pages = text.pages;
      places = text.places;
      if (text.stopped)
        console.warn("PDF text extraction stopped early; the document keeps the text read so far", {
          documentId: job.documentId,
          reason: text.stopped,
        });
    }
  }

  // A boardview that cannot be read stays an available document without parts; its summary says why.
  let boardview: StoredBoardview | null = null;
  if (isBoardviewExtension(doc.extension)) {
    const object = await env.FILES.get(doc.r2Key);
    if (!object) return reject("The stored file is missing.");
    boardview = boardviewFromBytes(new Uint8Array(await object.arrayBuffer()), { keys: boardviewKeys(env), extension: doc.extension });
    pages = boardview.pages;
  } else if (family === "zip" && doc.extension === "zip") {
    // A ZIP holding a board's files in a format that comes so is that board: the archive is read as a boardview.
    const entries = await zipEntryContents(env.FILES, doc.r2Key, doc.sizeBytes, boardviewEntries, BOARDVIEW_CAPS.bytes);
    if (entries.length) {
      boardview = boardviewFromArchive(entries);
      pages = boardview.pages;
    }
  }

  // Reference values: an OpenBoardData file (by content) for the board its ID names, or a boardview's readings; any
  // other file has none (a new version that is no longer one takes its values away).
  let reference: { board: string | null; content: ReferenceContent | null } = { board: null, content: null };
  let statusReason: string | null = null;
  if (boardview?.readings.length) reference = { board: null, content: { values: referenceRows(boardview.readings), parts: [], notes: [] } };
  else if (!boardview && family !== "pdf" && mayBeReference(bytes, doc.sizeBytes, doc.extension === "obdata")) {
    const object = await env.FILES.get(doc.r2Key);
    if (!object) return reject("The stored file is missing.");
    // A `.obdata` name makes it a values file even when its content lacks the ID line that otherwise tells one.
    const file = referenceFromBytes(new Uint8Array(await object.arrayBuffer()), doc.extension === "obdata");
    if (file) {
      pages = file.pages;
      const gap = await valuesGap(db, job.documentId, file.data.id, JSON.parse(doc.boardNumbers) as string[], file.content.values.length);
      // Values go in when the file's board is the upload's (a file with no rows may still give parts and notes).
      if (gap === undefined || gap.kind === "no-rows") reference = { board: file.data.id, content: file.content };
      // An available document that says why it gave no values (stored in both languages: docs/uploads.md).
      if (gap) statusReason = storedText(valuesGapText(gap));
    }
  }

  // The text first (a throw here retries the message; the document stays `processing`), then the status.
  if (boardview) {
    // Rows the text database refuses (a file's content) store the board without parts, with the reason.
    const shard = await recordShard(env.DB, textShards(env), job.documentId);
    if (shard) boardview = await storeBoardview(shard, job.documentId, doc.type, boardview);
    pages = boardview.pages;
  } else if (pages.length || doc.textShard) await storeDocumentText(env.DB, textShards(env), job.documentId, doc.type, pages, places);
  // One batch of plain statements: drizzle cannot batch a raw statement with parameters (the reference rows).
  const statements: { sql: string; params: unknown[] }[] = [
    // Text an earlier version left in the primary (before the text shards) goes with the new version.
    db.delete(documentPages).where(eq(documentPages.documentId, job.documentId)).toSQL(),
    ...referenceStatements(job.documentId, reference.board, reference.content).map((statement) => db.run(statement).getQuery()),
    db
      .update(documents)
      .set({
        status: "available",
        statusReason,
        executable: program !== null,
        pageCount,
        hasText: hasAnyText(pages),
        boardview: boardview ? JSON.stringify(boardview.summary) : null,
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(documents.id, job.documentId), eq(documents.status, "processing")))
      .toSQL(),
  ];
  // New words may now be on a text database: search forgets which words it remembered missing there.
  if (pages.length || boardview) statements.push({ sql: RAISE_TEXT_GENERATION, params: [] });
  await env.DB.batch(statements.map((q) => env.DB.prepare(q.sql).bind(...q.params)));
  return "available";
}

/** Sets `rejected` with its reason (only from `processing`) and removes the stored file: nothing may download it. */
/** What a values file could not give: no ID line, a board the library does not know or the upload does not name, no rows; undefined when its values are in. */
async function valuesGap(db: Db, documentId: string, fileBoard: string | null, boards: string[], rows: number): Promise<ValuesGap | undefined> {
  if (fileBoard === null) return { kind: "no-id", boards };
  if ((await db.all(boardAgreement(documentId, fileBoard))).length === 0) {
    return (await db.all(boardKnown(fileBoard))).length ? { kind: "other-board", fileBoard, boards } : { kind: "unknown-board", fileBoard };
  }
  return rows === 0 ? { kind: "no-rows", fileBoard } : undefined;
}

export async function rejectDocument(env: Env, documentId: string, reason: string, executable = false): Promise<void> {
  const db = getDb(env);
  const rejected = await db
    .update(documents)
    .set({ status: "rejected", statusReason: reason, executable, updatedAt: new Date().toISOString() })
    .where(and(eq(documents.id, documentId), eq(documents.status, "processing")))
    .returning({ id: documents.id });
  if (!rejected.length) return;
  const versions = await db.select({ key: documentVersions.r2Key }).from(documentVersions).where(eq(documentVersions.documentId, documentId));
  try {
    if (versions.length) await env.FILES.delete(versions.map((v) => v.key));
  } catch (err) {
    // The status is what matters; an orphaned object is only storage.
    console.error("rejected document's file was not removed", documentId, err);
  }
}
