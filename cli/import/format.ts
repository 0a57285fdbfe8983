// The content import format (docs/import.schema.json) as a zod schema: the importer's
// first check. References between records are checked afterwards in validate.ts.
import { z } from "zod";
import { LANGUAGES } from "../../src/core/language";
import { DOCUMENT_STATUSES, DOCUMENT_TYPES, OUTCOMES, ROLES, THREAD_STATUSES, VISIBILITIES } from "../../src/schemas/common";
import { SCOPES } from "../../src/schemas/scopes";
import { ID_PATTERN } from "../../src/core/ids";

const id = z.string().regex(ID_PATTERN, "must be a 26-character ULID");
const datetime = z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" });
/** A username, as users are referred to everywhere (import file, admin commands). */
export const UsernameSchema = z.string().regex(/^[A-Za-z0-9._-]{2,40}$/, "must be 2–40 letters, digits, dots, dashes or underscores");
const username = UsernameSchema;
const strings = z.array(z.string().min(1));
const nullableString = z.string().nullable();

const user = z.strictObject({
  username,
  name: z.string().min(1),
  role: z.enum(ROLES).default("user"),
  locale: z.enum(LANGUAGES).default("es"),
  active: z.boolean().default(true),
});

const apiKey = z.strictObject({
  token: z.string().regex(/^bds_[A-Za-z0-9]{20,}$/, "must be bds_ followed by at least 20 letters or digits"),
  user: username,
  name: z.string().min(1),
  scopes: z.array(z.enum(SCOPES)),
  expires_at: datetime.nullable().optional(),
  revoked: z.boolean().default(false),
});

const manufacturer = z.strictObject({ id: z.number().int().min(1), name: z.string().min(1) });

const board = z.strictObject({
  number: z.string().min(1),
  manufacturer: nullableString.optional(),
  status: z.string().default("active"),
  board_code: nullableString.optional(),
  platform: nullableString.optional(),
  codename: nullableString.optional(),
  aliases: strings.optional(),
});

const category = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
  name: z.string().min(1),
  description: nullableString.optional(),
});

const reply = z.strictObject({
  id: id.optional(),
  author: username,
  body: z.string(),
  is_solution: z.boolean().default(false),
  score: z.number().int().default(0),
  hidden: z.boolean().default(false),
  created_at: datetime.optional(),
});

const thread = z.strictObject({
  id: id.optional(),
  category: z.string(),
  title: z.string().min(1),
  status: z.enum(THREAD_STATUSES).default("open"),
  sticky: z.boolean().default(false),
  published: z.boolean().default(true),
  author: username,
  body: z.string(),
  board: nullableString.optional(),
  document: id.nullable().optional(),
  created_at: datetime.optional(),
  last_activity_at: datetime.optional(),
  posts: z.array(reply).optional(),
});

const comment = z.strictObject({
  id: z.number().int().min(1).optional(),
  author: username,
  body: z.string(),
  created_at: datetime.optional(),
});

const blogPost = z.strictObject({
  id: id.optional(),
  title: z.string().min(1),
  excerpt: z.string().optional(),
  author: username.nullable().optional(),
  tags: strings.optional(),
  likes: z.number().int().min(0).default(0),
  body: z.string(),
  published_at: datetime.nullable().optional(),
  edited_at: datetime.nullable().optional(),
  comments: z.array(comment).optional(),
});

const repairCase = z.strictObject({
  id: id.optional(),
  title: z.string().min(1),
  outcome: z.enum(OUTCOMES).default("unknown"),
  symptom: z.string(),
  device_model: nullableString.optional(),
  board: nullableString.optional(),
  board_revision: nullableString.optional(),
  manufacturer: nullableString.optional(),
  author: username.nullable().optional(),
  published: z.boolean().default(true),
  published_at: datetime.nullable().optional(),
  edited_at: datetime.nullable().optional(),
  diagnosis: z.string(),
  fix: nullableString.optional(),
  minutes_spent: z.number().int().min(0).nullable().optional(),
  measurements: z
    .array(z.strictObject({ point: z.string(), expected: nullableString.optional(), measured: z.string(), note: nullableString.optional() }))
    .optional(),
  components: z
    .array(z.strictObject({ designator: z.string(), part_number: nullableString.optional(), action: z.string(), note: nullableString.optional() }))
    .optional(),
  documents: z.array(id).optional(),
  thread: id.nullable().optional(),
});

const version = z
  .strictObject({
    version: z.number().int().min(1),
    filename: z.string().min(1),
    changelog: nullableString.optional(),
    created_at: datetime.optional(),
    content_base64: z.base64("must be valid base64").optional(),
    content_text: z.string().optional(),
  })
  .refine((v) => (v.content_base64 === undefined) !== (v.content_text === undefined), {
    message: "needs exactly one of content_base64 or content_text",
  });

const document = z.strictObject({
  id: id.optional(),
  title: z.string().min(1).max(200),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES).default("available"),
  visibility: z.enum(VISIBILITIES).default("public"),
  owner: username.nullable().optional(),
  shared_with: z.array(username).optional(),
  manufacturer: nullableString.optional(),
  boards: strings.optional(),
  description: nullableString.optional(),
  chipset: nullableString.optional(),
  board_revision: nullableString.optional(),
  language: nullableString.optional(),
  source_note: nullableString.optional(),
  tags: strings.optional(),
  downloads: z.number().int().min(0).default(0),
  executable: z.boolean().optional(),
  created_at: datetime.optional(),
  pages: z.array(z.string()).optional(),
  versions: z.array(version).min(1),
});

export const ImportFileSchema = z.strictObject({
  users: z.array(user).optional(),
  api_keys: z.array(apiKey).optional(),
  manufacturers: z.array(manufacturer).optional(),
  boards: z.array(board).optional(),
  categories: z.array(category).optional(),
  threads: z.array(thread).optional(),
  blog_posts: z.array(blogPost).optional(),
  cases: z.array(repairCase).optional(),
  documents: z.array(document).optional(),
});

export type ImportFile = z.infer<typeof ImportFileSchema>;
export type ImportDocument = ImportFile["documents"] extends (infer D)[] | undefined ? D : never;
/** A record section of the import file (users, threads, documents, …). */
export type Section = keyof ImportFile;
export const SECTIONS = Object.keys(ImportFileSchema.shape) as Section[];
