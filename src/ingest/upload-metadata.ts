// The upload's metadata in canonical form, made from the checked form fields (src/ingest/receive/form.ts): what
// the document is written from and what a replay's fingerprint is made of (idempotency.ts).
import type { UploadFields } from "../schemas/ingest";
import type { DocumentType } from "../content/formats";

/** The upload's metadata in canonical form: what the document is written from and what is fingerprinted. */
export interface UploadMetadata {
  filename: string;
  title: string;
  type: DocumentType;
  description: string | null;
  /** As requested; the effective visibility also depends on the key (library:publish). */
  visibility: "private" | "shared" | "public";
  rightsAttested: boolean;
  manufacturerId: number | null;
  boards: string[];
  chipset: string | null;
  boardRevision: string | null;
  language: string | null;
  sourceNote: string | null;
  tags: string[];
}

const TITLE_MAX = 200;

function optionalText(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function normaliseMetadata(fields: UploadFields, filename: string, defaultType: DocumentType): UploadMetadata {
  const dot = filename.lastIndexOf(".");
  const stem = dot > 0 ? filename.slice(0, dot) : filename;
  return {
    filename,
    title: optionalText(fields.title) ?? stem.slice(0, TITLE_MAX),
    type: fields.type ?? defaultType,
    description: optionalText(fields.description),
    visibility: fields.visibility ?? "private",
    rightsAttested: fields.rights_attested ?? false,
    manufacturerId: fields.manufacturer_id ?? null,
    boards: (fields.boards ?? []).map((b) => b.trim()),
    chipset: optionalText(fields.chipset),
    boardRevision: optionalText(fields.board_revision),
    language: optionalText(fields.language),
    sourceNote: optionalText(fields.source_note),
    tags: (fields.tags ?? []).map((t) => t.trim()),
  };
}
