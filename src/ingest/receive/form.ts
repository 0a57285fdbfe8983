// The text fields of an upload: collected as they arrive, validated with UploadFieldsSchema,
// and normalised (the fingerprint of a replay is made in idempotency.ts).
import { addFieldError, fieldErrorsFromIssues, type FieldErrors } from "../../errors";
import { ingestMsg } from "../../core/messages/ingest";
import { UploadFieldsSchema, type UploadFields } from "../../schemas/ingest";
import type { DocumentType } from "../../content/formats";

const SCALAR_FIELDS = new Set([
  "external_id",
  "title",
  "type",
  "description",
  "visibility",
  "rights_attested",
  "manufacturer_id",
  "chipset",
  "board_revision",
  "language",
  "source_note",
]);
/** Lists arrive as repeated fields, with or without the [] suffix some clients add. */
const LIST_FIELDS: Record<string, "boards" | "tags"> = { boards: "boards", "boards[]": "boards", tags: "tags", "tags[]": "tags" };

export const addError = addFieldError;

export class UploadForm {
  private readonly scalars = new Map<string, string>();
  private readonly lists: Record<"boards" | "tags", string[]> = { boards: [], tags: [] };
  readonly errors: FieldErrors = {};

  add(name: string, value: string, truncated: boolean): void {
    if (truncated) {
      addError(this.errors, name, ingestMsg.tooLong());
      return;
    }
    const list = LIST_FIELDS[name];
    if (list) {
      this.lists[list].push(value);
    } else if (name === "file") {
      addError(this.errors, "file", ingestMsg.fileNotText());
    } else if (!SCALAR_FIELDS.has(name)) {
      addError(this.errors, name, ingestMsg.unknownField());
    } else if (this.scalars.has(name)) {
      addError(this.errors, name, ingestMsg.sentTwice());
    } else {
      this.scalars.set(name, value);
    }
  }

  /** The external id as soon as it has arrived and is valid, so it can be claimed before the file. */
  externalId(): string | undefined {
    const value = this.scalars.get("external_id");
    return value !== undefined && UploadFieldsSchema.shape.external_id.safeParse(value).success ? value : undefined;
  }

  /** Validated fields, or undefined with the problems added to `errors`. */
  validate(): UploadFields | undefined {
    const input: Record<string, unknown> = {};
    for (const [name, value] of this.scalars) {
      // An empty optional field (what an HTML form sends for a blank input) counts as absent.
      if (value !== "" || name === "external_id") input[name] = value;
    }
    for (const [name, values] of Object.entries(this.lists)) if (values.length) input[name] = values;
    const result = UploadFieldsSchema.safeParse(input);
    if (!result.success) {
      for (const [field, messages] of Object.entries(fieldErrorsFromIssues(result.error.issues, input))) {
        for (const message of messages) addError(this.errors, field, message);
      }
      return undefined;
    }
    return Object.keys(this.errors).length ? undefined : result.data;
  }
}

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
