// documents:takedown, documents:restore, documents:delete: an operator's answer to a complaint. A taken-down
// document disappears from every surface at once (the visibility rule shows only available documents) and
// comes back on restore; its page text stays on its text shard untouched (search decides visibility on the
// primary, never on a shard, so hidden text is never shown); delete removes it for good (rows, search text, files) and its external id then
// answers 410. Each command raises the edge cache's generation, so no location keeps serving what it cached before
// (src/http/cache/edge-invalidation.ts). Each command leaves one structured log line, the operator's audit trail.
import { z } from "zod";
import { ID_PATTERN } from "../../src/core/ids";
import { RAISE_EDGE_GENERATION } from "../../src/http/cache/edge-invalidation";
import { deleteDocument } from "../../src/ingest/delete";
import { AdminError, defineCommand, option } from "./command";

interface DocumentRow {
  id: string;
  title: string;
  status: string;
}

const documentArgument = option(
  z
    .string()
    .trim()
    .regex(ID_PATTERN, "must be a document id (26-character ULID)")
    .transform((id) => id.toUpperCase()),
);
const reasonOption = option(z.string().trim().min(1, "must not be empty").max(500, "must be at most 500 characters"));

async function requireDocument(db: D1Database, id: string): Promise<DocumentRow> {
  const row = await db.prepare("select id as id, title as title, status as status from documents where id = ?").bind(id).first<DocumentRow>();
  if (!row) throw new AdminError(`no document ${id}`);
  return row;
}

/** One JSON line per operator action, on stdout where the platform's log collection reads it. */
function auditLog(event: string, at: Date, fields: Record<string, unknown>): void {
  console.log(JSON.stringify({ level: "info", event, at: at.toISOString(), ...fields }));
}

/**
 * Moves a document from one status to another and returns it; refuses any other status (`needs` says why),
 * and a concurrent change wins over this one.
 */
async function moveDocument(
  db: D1Database,
  id: string,
  from: string,
  to: string,
  reason: string | null,
  now: Date,
  needs: string,
): Promise<DocumentRow> {
  const row = await requireDocument(db, id);
  if (row.status !== from) throw new AdminError(`document ${row.id} is ${row.status}; ${needs}`);
  const [changed] = await db.batch([
    db
      .prepare("update documents set status = ?, status_reason = ?, updated_at = ? where id = ? and status = ? returning id as id")
      .bind(to, reason, now.toISOString(), id, from),
    // Every edge cache forgets what it kept before this (src/http/cache/edge-invalidation.ts).
    db.prepare(RAISE_EDGE_GENERATION),
  ]);
  if (!changed.results.length) throw new AdminError(`document ${id} changed meanwhile; look at it again`);
  return row;
}

const takedownCommand = defineCommand({
  name: "documents:takedown",
  summary: "Take an available document down (a complaint, a legal request): hidden from every page, list, search and download until restored.",
  usage: '<document> --reason "TEXT"',
  positionals: ["document"],
  input: z.strictObject({ document: documentArgument, reason: reasonOption }),
  async run({ db, now }, { document, reason }) {
    const row = await moveDocument(db, document, "available", "takedown", reason, now, "only an available document can be taken down");
    auditLog("admin.document.takedown", now, { document_id: row.id, reason });
    return [`Took down ${row.id} (${row.title}): ${reason}`];
  },
});

const restoreCommand = defineCommand({
  name: "documents:restore",
  summary: "Make a taken-down document available again, to whoever could see it before.",
  usage: "<document>",
  positionals: ["document"],
  input: z.strictObject({ document: documentArgument }),
  async run({ db, now }, { document }) {
    const row = await moveDocument(db, document, "takedown", "available", null, now, "only a taken-down document can be restored");
    auditLog("admin.document.restore", now, { document_id: row.id });
    return [`Restored ${row.id} (${row.title}).`];
  },
});

const deleteCommand = defineCommand({
  name: "documents:delete",
  summary: "Delete a document for good: its rows, its search text and its files; its upload's external id then answers 410.",
  usage: "<document>",
  positionals: ["document"],
  input: z.strictObject({ document: documentArgument }),
  async run({ db, files, shards, now }, { document }) {
    if (!files) throw new AdminError("documents:delete needs the file store (FILES); this run has only the database");
    const row = await requireDocument(db, document);
    await deleteDocument({ DB: db, FILES: files, shards }, row.id, now);
    await db.prepare(RAISE_EDGE_GENERATION).run();
    auditLog("admin.document.delete", now, { document_id: row.id, status: row.status });
    return [`Deleted ${row.id} (${row.title}) and its files.`];
  },
});

export const DOCUMENT_COMMANDS = [takedownCommand, restoreCommand, deleteCommand];
