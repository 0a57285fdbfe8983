// Whole-file validation before anything is written: shape (zod) then references between records.
// Every problem is reported with its JSON path; one problem means nothing is loaded.
import { ImportFileSchema, type ImportFile } from "./format";
import { normalizeBoardNumber } from "../http/urls";

export interface ImportProblem {
  path: string;
  message: string;
}

/** Natural keys already in the target database, so a file may refer to records it does not carry. */
export interface ExistingKeys {
  usernames: Set<string>;
  categorySlugs: Set<string>;
  boardNorms: Set<string>;
  manufacturerNames: Set<string>;
  documentIds: Set<string>;
  threadIds: Set<string>;
}

export const NO_EXISTING_KEYS: ExistingKeys = {
  usernames: new Set(),
  categorySlugs: new Set(),
  boardNorms: new Set(),
  manufacturerNames: new Set(),
  documentIds: new Set(),
  threadIds: new Set(),
};

export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
}

export type ValidationResult = { ok: true; data: ImportFile } | { ok: false; problems: ImportProblem[] };

export function validateImport(raw: unknown, existing: ExistingKeys = NO_EXISTING_KEYS): ValidationResult {
  const parsed = ImportFileSchema.safeParse(raw);
  if (parsed.success) {
    const problems = checkReferences(parsed.data, existing);
    return problems.length ? { ok: false, problems } : { ok: true, data: parsed.data };
  }
  const shapeProblems = parsed.error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message }));
  // Report reference problems of the well-formed records too, so one run lists everything to fix.
  const partial = wellFormedPart(raw);
  if (!partial) return { ok: false, problems: shapeProblems };
  return { ok: false, problems: [...shapeProblems, ...checkReferences(partial.file, mergeKeys(existing, partial.namedByMalformed))] };
}

type Section = keyof ImportFile;
const SECTIONS = Object.keys(ImportFileSchema.shape) as Section[];

/**
 * The records that are well formed, each at its own index (the others are holes, which forEach
 * skips), plus the names the malformed records would define: a reference to those is not
 * reported as unknown, only the malformed record itself is.
 */
function wellFormedPart(raw: unknown): { file: ImportFile; namedByMalformed: ExistingKeys } | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const input = raw as Record<string, unknown>;
  const file: Record<string, unknown[]> = {};
  const named: ExistingKeys = { usernames: new Set(), categorySlugs: new Set(), boardNorms: new Set(), manufacturerNames: new Set(), documentIds: new Set(), threadIds: new Set() };
  for (const section of SECTIONS) {
    const items = input[section];
    if (!Array.isArray(items)) continue;
    const itemSchema = ImportFileSchema.shape[section].unwrap().element;
    const kept: unknown[] = new Array(items.length);
    items.forEach((item, i) => {
      const result = itemSchema.safeParse(item);
      if (result.success) kept[i] = result.data;
      else collectNames(section, item, named);
    });
    file[section] = kept;
  }
  return { file: file as ImportFile, namedByMalformed: named };
}

function collectNames(section: Section, item: unknown, into: ExistingKeys): void {
  if (typeof item !== "object" || item === null) return;
  const record = item as Record<string, unknown>;
  const text = (v: unknown): v is string => typeof v === "string" && v.length > 0;
  if (section === "users" && text(record.username)) into.usernames.add(record.username);
  if (section === "categories" && text(record.slug)) into.categorySlugs.add(record.slug);
  if (section === "manufacturers" && text(record.name)) into.manufacturerNames.add(record.name);
  if (section === "documents" && text(record.id)) into.documentIds.add(record.id.toUpperCase());
  if (section === "threads" && text(record.id)) into.threadIds.add(record.id.toUpperCase());
  if (section === "boards") {
    for (const spelling of [record.number, ...(Array.isArray(record.aliases) ? record.aliases : [])]) {
      if (text(spelling)) into.boardNorms.add(normalizeBoardNumber(spelling));
    }
  }
}

function mergeKeys(a: ExistingKeys, b: ExistingKeys): ExistingKeys {
  const merged = { ...a };
  for (const key of Object.keys(b) as (keyof ExistingKeys)[]) merged[key] = new Set([...a[key], ...b[key]]);
  return merged;
}

function checkReferences(file: ImportFile, existing: ExistingKeys): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const report = (path: (string | number)[], message: string) => problems.push({ path: jsonPath(path), message });

  const unique = <T>(items: T[] | undefined, section: string, key: (item: T) => string | undefined, what: string) => {
    const seen = new Map<string, number>();
    items?.forEach((item, i) => {
      const k = key(item);
      if (k === undefined) return;
      if (seen.has(k)) report([section, i], `duplicate ${what} ${JSON.stringify(k)} (first at index ${seen.get(k)})`);
      else seen.set(k, i);
    });
    return new Set(seen.keys());
  };

  const usernames = new Set([...existing.usernames, ...unique(file.users, "users", (u) => u.username, "username")]);
  unique(file.api_keys, "api_keys", (k) => k.token, "token");
  unique(file.manufacturers, "manufacturers", (m) => String(m.id), "manufacturer id");
  const manufacturerNames = new Set([...existing.manufacturerNames, ...unique(file.manufacturers, "manufacturers", (m) => m.name, "manufacturer name")]);
  const categorySlugs = new Set([...existing.categorySlugs, ...unique(file.categories, "categories", (c) => c.slug, "category slug")]);
  const documentIds = new Set([...existing.documentIds, ...unique(file.documents, "documents", (d) => d.id?.toUpperCase(), "document id")]);
  const threadIds = new Set([...existing.threadIds, ...unique(file.threads, "threads", (t) => t.id?.toUpperCase(), "thread id")]);
  unique(file.blog_posts, "blog_posts", (p) => p.id?.toUpperCase(), "blog post id");
  unique(file.cases, "cases", (c) => c.id?.toUpperCase(), "case id");

  // Board numbers and aliases share one namespace of norms.
  const boardNorms = new Set(existing.boardNorms);
  const normOwner = new Map<string, string>();
  file.boards?.forEach((b, i) => {
    const spellings: [string, (string | number)[]][] = [[b.number, ["boards", i, "number"]], ...(b.aliases ?? []).map((a, j): [string, (string | number)[]] => [a, ["boards", i, "aliases", j]])];
    for (const [spelling, path] of spellings) {
      const norm = normalizeBoardNumber(spelling);
      if (!norm) report(path, "must contain at least one letter or digit");
      else if (normOwner.has(norm) && normOwner.get(norm) !== b.number) report(path, `${JSON.stringify(spelling)} is already used by board ${normOwner.get(norm)}`);
      else {
        normOwner.set(norm, b.number);
        boardNorms.add(norm);
      }
    }
    if (b.manufacturer && !manufacturerNames.has(b.manufacturer)) report(["boards", i, "manufacturer"], `unknown manufacturer ${JSON.stringify(b.manufacturer)}`);
  });

  const needUser = (name: string | null | undefined, path: (string | number)[]) => {
    if (name && !usernames.has(name)) report(path, `unknown user ${JSON.stringify(name)}`);
  };
  const needBoard = (number: string | null | undefined, path: (string | number)[]) => {
    if (number && !boardNorms.has(normalizeBoardNumber(number))) report(path, `unknown board ${JSON.stringify(number)}`);
  };
  const needManufacturer = (name: string | null | undefined, path: (string | number)[]) => {
    if (name && !manufacturerNames.has(name)) report(path, `unknown manufacturer ${JSON.stringify(name)}`);
  };
  const needDocument = (id: string | null | undefined, path: (string | number)[]) => {
    if (id && !documentIds.has(id.toUpperCase())) report(path, `unknown document ${id}`);
  };

  file.api_keys?.forEach((k, i) => needUser(k.user, ["api_keys", i, "user"]));
  file.threads?.forEach((t, i) => {
    if (!categorySlugs.has(t.category)) report(["threads", i, "category"], `unknown category ${JSON.stringify(t.category)}`);
    needUser(t.author, ["threads", i, "author"]);
    needBoard(t.board, ["threads", i, "board"]);
    needDocument(t.document, ["threads", i, "document"]);
    unique(t.posts, `threads[${i}].posts`, (p) => p.id?.toUpperCase(), "reply id");
    t.posts?.forEach((p, j) => needUser(p.author, ["threads", i, "posts", j, "author"]));
  });
  file.blog_posts?.forEach((p, i) => {
    needUser(p.author, ["blog_posts", i, "author"]);
    unique(p.comments, `blog_posts[${i}].comments`, (c) => (c.id === undefined ? undefined : String(c.id)), "comment id");
    p.comments?.forEach((c, j) => needUser(c.author, ["blog_posts", i, "comments", j, "author"]));
  });
  file.cases?.forEach((c, i) => {
    needUser(c.author, ["cases", i, "author"]);
    needBoard(c.board, ["cases", i, "board"]);
    needManufacturer(c.manufacturer, ["cases", i, "manufacturer"]);
    c.documents?.forEach((d, j) => needDocument(d, ["cases", i, "documents", j]));
    if (c.thread && !threadIds.has(c.thread.toUpperCase())) report(["cases", i, "thread"], `unknown thread ${c.thread}`);
  });
  file.documents?.forEach((d, i) => {
    needUser(d.owner, ["documents", i, "owner"]);
    d.shared_with?.forEach((u, j) => needUser(u, ["documents", i, "shared_with", j]));
    needManufacturer(d.manufacturer, ["documents", i, "manufacturer"]);
    d.boards?.forEach((b, j) => needBoard(b, ["documents", i, "boards", j]));
    unique(d.versions, `documents[${i}].versions`, (v) => String(v.version), "version number");
  });
  return problems;
}
