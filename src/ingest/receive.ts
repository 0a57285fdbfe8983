// POST /uploads, the whole request path: the multipart body is parsed as a stream, the file goes to
// R2 while it arrives (hashed on the way), the fields are checked, the external id is claimed
// (idempotency), and the new document is written in one D1 batch and handed to the queue.
// Anything refused leaves nothing behind: the upload's holds live in one UploadTransaction (upload-transaction.ts).
import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppConfig } from "../config";
import { extensionOf, mediaTypeFor } from "../content/media-types";
import { uploadStatusOfDocument, usedBytes, type UploadStatus } from "../db/queries/uploads";
import { boardAliases, boards, documentBoards, documents, documentVersions, manufacturers } from "../db/schema";
import { DomainError, invalidInput, type FieldErrors } from "../errors";
import { newId } from "../core/ids";
import { normalizeBoardNumber } from "../core/urls";
import { FileSink, FileTooLarge, type StoredFile } from "./receive/file-sink";
import { safeFilename } from "./inspect/filename";
import { addError, UploadForm } from "./receive/form";
import { normaliseMetadata, type UploadMetadata } from "./upload-metadata";
import { formatFor, type DocumentType } from "../content/formats";
import { bindClaim, completeClaimStatement, goneError, payloadConflict, payloadFingerprint, samePayload, type Claim } from "./idempotency";
import { BodyTooLarge, MalformedMultipart, mediaTypeOf, parseMultipart } from "./receive/multipart";
import { enqueueProcessing } from "./jobs";
import { quotaMessage, UploadTransaction, type UploadCaller } from "./upload-transaction";
import { ingestMsg } from "../core/messages/ingest";

export type { UploadCaller };

export type UploadResult = { created: boolean; data: UploadStatus };

/** Longest text field in bytes: the 5000-character description in 4-byte UTF-8, with room. */
const FIELD_BYTES = 32 * 1024;
const MAX_PARTS = 64;

interface ReceivedFile {
  filename: string;
  extension: string | null;
  defaultType: DocumentType;
  maxBytes: number;
  sink: FileSink;
}

/** The whole form, read: its fields (with their errors so far) and its file part, if any. */
interface ReceivedForm {
  form: UploadForm;
  file: ReceivedFile | undefined;
  fileParts: number;
}

/**
 * POST /uploads in steps: the envelope, the body read as a stream (the file stored as it arrives), the form
 * checked, the external id settled, then either a replay answered or the new document committed and handed
 * to processing. Every hold the upload takes lives in one UploadTransaction, which gives it all back unless
 * the document was committed.
 */
export async function receiveUpload(request: Request, caller: UploadCaller): Promise<UploadResult> {
  checkEnvelope(request, caller.config);
  const upload = new UploadTransaction(caller, newId());
  try {
    const received = await readBody(request, caller, upload);
    const { file, fields, metadata, boardIds } = await checkForm(received, caller);
    const stored = await file.sink.finish();
    const claim = await upload.settleClaim(fields.external_id);
    if (claim.kind === "existing") return await answerReplay(upload, claim, stored, metadata, caller);
    return await commitNew(upload, claim, { file, stored, metadata, boardIds }, caller);
  } catch (err) {
    await upload.rollback();
    throw asDomainError(err, caller.config);
  }
}

/** Reads the multipart body; the file part goes to R2 (or is only hashed) once the limits allow it. */
async function readBody(request: Request, caller: UploadCaller, upload: UploadTransaction): Promise<ReceivedForm> {
  const { env, config } = caller;
  const received: ReceivedForm = { form: new UploadForm(), file: undefined, fileParts: 0 };
  const { form } = received;
  await parseMultipart(
    request.body,
    request.headers.get("Content-Type") ?? "",
    { fieldBytes: FIELD_BYTES, parts: MAX_PARTS, bodyBytes: config.maxUploadBytes },
    {
      field: (name, value, truncated) => form.add(name, value, truncated),
      fileStart: async (name, rawFilename) => {
        received.fileParts += 1;
        if (name !== "file") refuse(form.errors, name, 'is not a file field of this form: send the file as the part named "file"');
        if (received.fileParts > 1) refuse(form.errors, "file", "must be sent once: one file per upload");
        const named = safeFilename(rawFilename);
        if (!named.ok) refuse(form.errors, "file", named.reason);
        const filename = named.name;
        const extension = extensionOf(filename);
        const format = formatFor(extension, config);
        if (!format.ok) refuse(form.errors, "file", format.reason);

        // Fields sent before the file (the usual order) let the id be claimed before any byte is stored.
        const externalId = form.externalId();
        if (externalId) await upload.claimId(externalId);
        // Unless this is a known replay, rate and quota are settled before any byte reaches R2, whatever the
        // order of the fields (an id that arrives later and turns out a replay gives both back).
        const allowedBytes = await upload.settleLimits(Math.min(format.maxBytes, announcedLength(request)));
        // A replay's file (or one refused above) is only hashed, never stored.
        const sink = new FileSink(
          upload.storesFile ? env.FILES : null,
          `documents/${upload.documentId}/v1`,
          Math.min(format.maxBytes, allowedBytes),
          {
            httpMetadata: { contentType: mediaTypeFor(extension) },
            customMetadata: { filename },
          },
        );
        upload.attach(sink);
        received.file = { filename, extension, defaultType: format.type, maxBytes: format.maxBytes, sink };
      },
      fileData: (bytes) => writeFile(received.file!, bytes, form.errors),
      fileEnd: () => {},
    },
  );
  return received;
}

/** The form's fields, the file's presence and size, and its references (manufacturer, boards), all checked. */
async function checkForm({ form, file, fileParts }: ReceivedForm, caller: UploadCaller) {
  if (fileParts === 0) addError(form.errors, "file", ingestMsg.fileMissing());
  if (file && file.sink.size === 0) addError(form.errors, "file", ingestMsg.fileEmpty());
  const fields = form.validate();
  if (!fields || !file) throw invalidInput(form.errors);
  const metadata = normaliseMetadata(fields, file.filename, file.defaultType);
  if (metadata.visibility === "public" && !metadata.rightsAttested) addError(form.errors, "rights_attested", ingestMsg.rightsNeeded());
  const { ids: boardIds, unknown } = await resolveReferences(caller, metadata, form.errors);
  const wrong = Object.keys(form.errors);
  if (wrong.length) throw invalidInput(form.errors, unknown ? ingestMsg.unknownBoardDetail({ fields: wrong }) : undefined);
  return { file, fields, metadata, boardIds };
}

/** A known external id: the same payload answers the earlier upload's status; another payload is a conflict. */
async function answerReplay(
  upload: UploadTransaction,
  claim: Extract<Claim, { kind: "existing" }>,
  stored: StoredFile,
  metadata: UploadMetadata,
  caller: UploadCaller,
): Promise<UploadResult> {
  await upload.dropForReplay();
  if (!(await samePayload(claim.fingerprint, stored.sha256, metadata))) throw payloadConflict();
  const data = await uploadStatusOfDocument(caller.query, claim.documentId);
  if (!data) throw goneError();
  return { created: false, data };
}

/** A new document: its rows and the completed claim in one batch, then the queue message; no message, no rows. */
async function commitNew(
  upload: UploadTransaction,
  claim: Extract<Claim, { kind: "new" }>,
  parts: { file: ReceivedFile; stored: StoredFile; metadata: UploadMetadata; boardIds: number[] },
  caller: UploadCaller,
): Promise<UploadResult> {
  const { env, config, userId } = caller;
  const db = caller.query.db;
  const { file, stored, metadata, boardIds } = parts;
  if (config.quotaBytes > 0 && (await usedBytes(db, userId)) + stored.bytes > config.quotaBytes) {
    throw invalidInput({ file: [quotaMessage(config)] });
  }
  const documentId = upload.documentId;
  await bindClaim(db, claim, documentId);
  const visibility = metadata.visibility !== "private" && !caller.canPublish ? "private" : metadata.visibility;
  const statements = [
    ...documentStatements(caller, documentId, { ...metadata, visibility }, file, stored, boardIds),
    completeClaimStatement(db, claim, documentId, await payloadFingerprint(stored.sha256, metadata)),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  upload.markCommitted();
  try {
    await enqueueProcessing(env, { documentId, version: 1 });
  } catch {
    // Never leave a document that nothing will process: take the upload back whole and let the caller retry.
    await upload.withdrawCommitted();
    throw new DomainError("unavailable", ingestMsg.sendFailed(), SEND_FAILED_RETRY_AFTER_SECONDS);
  }
  await upload.finish();
  const data = await uploadStatusOfDocument(caller.query, documentId);
  if (!data) throw new Error(`upload ${documentId} was committed but cannot be read back`);
  return { created: true, data };
}

/** Failures of the body's framing, in the words of the form's fields. */
function asDomainError(err: unknown, config: AppConfig): unknown {
  if (err instanceof MalformedMultipart) return invalidInput({ body: [ingestMsg.malformedMultipart({ reason: err.message })] });
  if (err instanceof BodyTooLarge) return invalidInput({ file: [ingestMsg.bodyTooLarge({ reason: err.message, max: config.maxUploadBytes })] });
  return err;
}

const SEND_FAILED_RETRY_AFTER_SECONDS = 30;

/** The rows of a new document (processing, version 1, its boards), for one D1 batch. */
function documentStatements(
  caller: UploadCaller,
  documentId: string,
  metadata: UploadMetadata,
  file: ReceivedFile,
  stored: StoredFile,
  boardIds: number[],
): BatchItem<"sqlite">[] {
  const db = caller.query.db;
  const now = new Date().toISOString();
  return [
    db.insert(documents).values({
      id: documentId,
      title: metadata.title,
      type: metadata.type,
      status: "processing",
      visibility: metadata.visibility,
      ownerId: caller.userId,
      manufacturerId: metadata.manufacturerId,
      description: metadata.description,
      chipset: metadata.chipset,
      boardRevision: metadata.boardRevision,
      language: metadata.language,
      sourceNote: metadata.sourceNote,
      tags: metadata.tags,
      currentVersion: 1,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(documentVersions).values({
      documentId,
      version: 1,
      filename: file.filename,
      extension: file.extension,
      contentType: mediaTypeFor(file.extension),
      sizeBytes: stored.bytes,
      sha256: stored.sha256,
      r2Key: file.sink.key,
      createdAt: now,
    }),
    ...boardIds.map((boardId, position) => db.insert(documentBoards).values({ documentId, boardId, position }).onConflictDoNothing()),
  ];
}

/** Before any byte is read: the body must be multipart/form-data and not announce more than the ceiling. */
function checkEnvelope(request: Request, config: AppConfig): void {
  const contentType = request.headers.get("Content-Type");
  if (mediaTypeOf(contentType) !== "multipart/form-data") {
    throw invalidInput({ body: [ingestMsg.notMultipart({ got: contentType ? mediaTypeOf(contentType) : undefined })] });
  }
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(length) && length > config.maxUploadBytes) {
    throw invalidInput({ file: [ingestMsg.declaredTooLarge({ length, max: config.maxUploadBytes })] });
  }
}

/** Adds the error and ends the request with 422 (nothing more of the body is read). */
function refuse(errors: FieldErrors, field: string, message: string): never {
  addError(errors, field, message);
  throw invalidInput(errors);
}

async function writeFile(file: ReceivedFile, bytes: Uint8Array, errors: FieldErrors): Promise<void> {
  try {
    await file.sink.write(bytes);
  } catch (err) {
    if (!(err instanceof FileTooLarge)) throw err;
    if (file.sink.size > file.maxBytes) {
      const what = file.extension ? `.${file.extension} files` : "files without an extension";
      refuse(errors, "file", `is larger than ${file.maxBytes} bytes, the cap for ${what}`);
    }
    refuse(errors, "file", "would exceed this account's storage quota");
  }
}

/** The body's announced size: the file part is smaller. Infinity when the body is sent chunked. */
function announcedLength(request: Request): number {
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  return Number.isFinite(length) && length >= 0 ? length : Infinity;
}

/** Known manufacturer and boards (any spelling or alias); unknown ones are field errors. Returns board ids, and whether a board was unknown. */
async function resolveReferences(caller: UploadCaller, metadata: UploadMetadata, errors: FieldErrors): Promise<{ ids: number[]; unknown: boolean }> {
  const db = caller.query.db;
  if (metadata.manufacturerId !== null) {
    const [found] = await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, metadata.manufacturerId));
    if (!found) addError(errors, "manufacturer_id", `no manufacturer has id ${metadata.manufacturerId}`);
  }
  if (!metadata.boards.length) return { ids: [], unknown: false };
  const norms = metadata.boards.map(normalizeBoardNumber);
  const [direct, aliased] = await Promise.all([
    db.select({ norm: boards.norm, id: boards.id }).from(boards).where(inArray(boards.norm, norms)),
    db.select({ norm: boardAliases.norm, id: boardAliases.boardId }).from(boardAliases).where(inArray(boardAliases.norm, norms)),
  ]);
  const idByNorm = new Map([...aliased, ...direct].map((r) => [r.norm, r.id]));
  const ids: number[] = [];
  let unknown = false;
  metadata.boards.forEach((board, i) => {
    const id = idByNorm.get(norms[i]);
    if (id === undefined) {
      unknown = true;
      addError(errors, "boards", ingestMsg.unknownBoard({ board }));
    } else if (!ids.includes(id)) ids.push(id);
  });
  return { ids, unknown };
}
