// POST /uploads, the whole request path: the multipart body is parsed as a stream, the file goes to
// R2 while it arrives (hashed on the way), the fields are checked, the external id is claimed
// (idempotency), and the new document is written in one D1 batch and handed to the queue.
// Anything refused leaves nothing behind: the stored object, the claim and the rate count are undone.
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppConfig } from "../config";
import { extensionOf, mediaTypeFor } from "../content/media-types";
import type { QueryContext } from "../db/queries/context";
import { uploadStatusOfDocument, usedBytes, type UploadStatus } from "../db/queries/uploads";
import { boardAliases, boards, documentBoards, documents, documentVersions, manufacturers, uploads } from "../db/schema";
import { newId } from "../http/ids";
import { ApiError, validationError, type FieldErrors } from "../http/problem";
import { normalizeBoardNumber } from "../http/urls";
import { FileSink, FileTooLarge, type StoredFile } from "./file-sink";
import { safeFilename } from "./filename";
import { addError, normaliseMetadata, UploadForm, type UploadMetadata } from "./form";
import { formatFor, type DocumentType } from "./formats";
import { bindClaim, claimExternalId, completeClaimStatement, goneError, payloadConflict, payloadFingerprint, releaseClaim, samePayload, type Claim } from "./idempotency";
import { BodyTooLarge, MalformedMultipart, mediaTypeOf, parseMultipart } from "./multipart";
import { enqueueProcessing } from "./jobs";
import { holdQuota, type QuotaHold } from "./quota-reservation";
import { refundUpload } from "./upload-rate";
import type { AppliedLimit } from "../limits/headers";

export interface UploadCaller {
  env: Env;
  config: AppConfig;
  /** Read context of the request (the caller is the viewer). */
  query: QueryContext;
  userId: number;
  /** The key holds library:publish: visibility other than private is kept. */
  canPublish: boolean;
  /** Counts one upload against the account's hourly rate, or throws 429 upload-rate-exceeded. */
  countUpload: () => Promise<AppliedLimit>;
}

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

export async function receiveUpload(request: Request, caller: UploadCaller): Promise<UploadResult> {
  checkEnvelope(request, caller.config);
  const { env, config, userId } = caller;
  const db = caller.query.db;
  const form = new UploadForm();
  const documentId = newId();
  let claim: Claim | undefined;
  let counted: AppliedLimit | undefined;
  let file: ReceivedFile | undefined;
  let committed = false;

  let quota: QuotaHold | undefined;
  /** A rate or quota refusal met before the external id was known (see fileStart). */
  let deferredRefusal: ApiError | undefined;

  /** Counts the upload against the hourly rate once (429 before any byte of the file is stored). */
  const countOnce = async () => {
    if (counted) return;
    counted = await caller.countUpload();
  };

  /** Claims the external id; a new claim counts against the upload rate, a replay gives back a count taken early. */
  const claimId = async (externalId: string): Promise<Claim> => {
    claim = await claimExternalId(db, userId, externalId);
    if (claim.kind === "new") await countOnce();
    else if (counted) {
      const event = counted;
      counted = undefined;
      await refundUpload(env, userId, event);
    }
    return claim;
  };

  try {
    let fileParts = 0;
    await parseMultipart(request.body, request.headers.get("Content-Type") ?? "", { fieldBytes: FIELD_BYTES, parts: MAX_PARTS, bodyBytes: config.maxUploadBytes }, {
      field: (name, value, truncated) => form.add(name, value, truncated),
      fileStart: async (name, rawFilename) => {
        fileParts += 1;
        if (name !== "file") refuse(form.errors, name, 'is not a file field of this form: send the file as the part named "file"');
        if (fileParts > 1) refuse(form.errors, "file", "must be sent once: one file per upload");
        const named = safeFilename(rawFilename);
        if (!named.ok) refuse(form.errors, "file", named.reason);
        const filename = named.name;
        const extension = extensionOf(filename);
        const format = formatFor(extension, config);
        if (!format.ok) refuse(form.errors, "file", format.reason);

        // Fields sent before the file (the usual order) let the id be claimed before any byte is stored.
        const externalId = form.externalId();
        if (externalId) await claimId(externalId);
        // Unless this is a known replay, rate and quota are settled before any byte reaches R2, whatever
        // the order of the fields (an id that arrives later and turns out a replay gives both back).
        if (claim?.kind !== "existing") {
          try {
            await countOnce();
            quota = await holdQuota(env, config, userId, documentId, Math.min(format.maxBytes, announcedLength(request)));
            if (quota.bytes === 0) throw validationError({ file: [quotaMessage(config)] });
          } catch (err) {
            // With the id still unknown the upload may be a replay, which is answered whatever the limits:
            // nothing is stored, and the refusal stands only if the id turns out new.
            if (claim || !isLimitRefusal(err)) throw err;
            deferredRefusal = err;
          }
        }
        // A replay's file (or one refused above) is only hashed, never stored.
        const bucket = claim?.kind === "existing" || deferredRefusal ? null : env.FILES;
        const sink = new FileSink(bucket, `documents/${documentId}/v1`, Math.min(format.maxBytes, quota?.bytes ?? Infinity), {
          httpMetadata: { contentType: mediaTypeFor(extension) },
          customMetadata: { filename },
        });
        file = { filename, extension, defaultType: format.type, maxBytes: format.maxBytes, sink };
      },
      fileData: (bytes) => writeFile(file!, bytes, form.errors),
      fileEnd: () => {},
    });

    if (fileParts === 0) addError(form.errors, "file", 'is required: send the file as a multipart part named "file" with a filename');
    if (file && file.sink.size === 0) addError(form.errors, "file", "is empty (0 bytes)");
    const fields = form.validate();
    if (!fields || !file) throw validationError(form.errors);

    const metadata = normaliseMetadata(fields, file.filename, file.defaultType);
    if (metadata.visibility === "public" && !metadata.rightsAttested) addError(form.errors, "rights_attested", "must be true for public uploads");
    const boardIds = await resolveReferences(caller, metadata, form.errors);
    if (Object.keys(form.errors).length) throw validationError(form.errors);

    const stored = await file.sink.finish();
    const held = claim ?? (await claimId(fields.external_id));
    if (held.kind === "new" && deferredRefusal) throw deferredRefusal;

    if (held.kind === "existing") {
      await file.sink.discard(); // stored before the id was known to be taken
      await quota?.release();
      if (!(await samePayload(held.fingerprint, stored.sha256, metadata))) throw payloadConflict();
      const data = await uploadStatusOfDocument(caller.query, held.documentId);
      if (!data) throw goneError();
      return { created: false, data };
    }

    if (config.quotaBytes > 0 && (await usedBytes(db, userId)) + stored.bytes > config.quotaBytes) {
      refuse(form.errors, "file", quotaMessage(config));
    }
    await bindClaim(db, held, documentId);
    const visibility = metadata.visibility !== "private" && !caller.canPublish ? "private" : metadata.visibility;
    const statements = [
      ...documentStatements(caller, documentId, { ...metadata, visibility }, file, stored, boardIds),
      completeClaimStatement(db, held, documentId, await payloadFingerprint(stored.sha256, metadata)),
    ];
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    committed = true;
    try {
      await enqueueProcessing(env, { documentId, version: 1 });
    } catch {
      // Never leave a document that nothing will process: take the upload back whole and let the caller retry.
      await withdrawCommitted(caller, documentId, held);
      committed = false;
      throw new ApiError("unavailable", "The upload could not be handed to processing. Nothing was kept; retry with the same external_id.", {
        headers: { "Retry-After": String(SEND_FAILED_RETRY_AFTER_SECONDS) },
      });
    }
    // The committed rows count the bytes from now on.
    await quota?.release();
    const data = await uploadStatusOfDocument(caller.query, documentId);
    if (!data) throw new Error(`upload ${documentId} was committed but cannot be read back`);
    return { created: true, data };
  } catch (err) {
    if (!committed) {
      await quota?.release();
      await file?.sink.discard();
      if (claim) await releaseClaim(db, claim);
      if (counted) await refundUpload(env, userId, counted);
    }
    if (err instanceof MalformedMultipart) throw validationError({ body: [`is not valid multipart/form-data: ${err.message}`] });
    if (err instanceof BodyTooLarge) throw validationError({ file: [`${err.message}; uploads are limited to ${config.maxUploadBytes} bytes`] });
    throw err;
  }
}

const SEND_FAILED_RETRY_AFTER_SECONDS = 30;

/** Removes a committed upload's rows (the document cascades to its version and boards; the claim row goes). */
async function withdrawCommitted(caller: UploadCaller, documentId: string, claim: Extract<Claim, { kind: "new" }>): Promise<void> {
  const db = caller.query.db;
  await db.batch([
    db.delete(uploads).where(and(eq(uploads.id, claim.uploadId), eq(uploads.documentId, documentId))),
    db.delete(documents).where(eq(documents.id, documentId)),
  ]);
}

/** The rows of a new document (processing, version 1, its boards), for one D1 batch. */
function documentStatements(caller: UploadCaller, documentId: string, metadata: UploadMetadata, file: ReceivedFile, stored: StoredFile, boardIds: number[]): BatchItem<"sqlite">[] {
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
    throw validationError({ body: [`must be multipart/form-data with a boundary (got ${contentType ? mediaTypeOf(contentType) : "no Content-Type"})`] });
  }
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(length) && length > config.maxUploadBytes) {
    throw validationError({ file: [`the request is ${length} bytes; uploads are limited to ${config.maxUploadBytes} bytes`] });
  }
}

/** Adds the error and ends the request with 422 (nothing more of the body is read). */
function refuse(errors: FieldErrors, field: string, message: string): never {
  addError(errors, field, message);
  throw validationError(errors);
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

/** The two refusals settled before the file is stored: the upload rate (429) and the quota (422). */
function isLimitRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.code === "upload-rate-exceeded" || err.code === "validation-failed");
}

/** The body's announced size: the file part is smaller. Infinity when the body is sent chunked. */
function announcedLength(request: Request): number {
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  return Number.isFinite(length) && length >= 0 ? length : Infinity;
}

function quotaMessage(config: AppConfig): string {
  return `would exceed this account's storage quota of ${config.quotaBytes} bytes`;
}

/** Known manufacturer and boards (any spelling or alias); unknown ones are field errors. Returns board ids. */
async function resolveReferences(caller: UploadCaller, metadata: UploadMetadata, errors: FieldErrors): Promise<number[]> {
  const db = caller.query.db;
  if (metadata.manufacturerId !== null) {
    const [found] = await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, metadata.manufacturerId));
    if (!found) addError(errors, "manufacturer_id", `no manufacturer has id ${metadata.manufacturerId}`);
  }
  if (!metadata.boards.length) return [];
  const norms = metadata.boards.map(normalizeBoardNumber);
  const [direct, aliased] = await Promise.all([
    db.select({ norm: boards.norm, id: boards.id }).from(boards).where(inArray(boards.norm, norms)),
    db.select({ norm: boardAliases.norm, id: boardAliases.boardId }).from(boardAliases).where(inArray(boardAliases.norm, norms)),
  ]);
  const idByNorm = new Map([...aliased, ...direct].map((r) => [r.norm, r.id]));
  const ids: number[] = [];
  metadata.boards.forEach((board, i) => {
    const id = idByNorm.get(norms[i]);
    if (id === undefined) addError(errors, "boards", `unknown board: ${board}`);
    else if (!ids.includes(id)) ids.push(id);
  });
  return ids;
}
