// The text fields of an upload: collected as they arrive and validated with UploadFieldsSchema (their canonical
// form is made in src/ingest/upload-metadata.ts).
import { addFieldError, fieldErrorsFromIssues, type FieldErrors } from "../../errors";
import { ingestMsg } from "../../core/messages/ingest";
import { UploadFieldsSchema, type UploadFields } from "../../schemas/ingest";

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
