// The import's rules, record by record, so they run the same over a file streamed from disk and
// over an object in memory. Pass 1 checks each record's shape and notes the keys it defines
// (compact maps of ids and natural keys, never the records); pass 2 checks each well-formed
// record's references against those keys. References to nothing in the file are collected and
// finally looked up in the target database. Every problem is reported with its JSON path.
import { ImportFileSchema, SECTIONS, type ImportFile, type Section } from "./format";
import { normalizeBoardNumber } from "../../src/core/urls";
import type { ImportProblem } from "./problems";

export type { ImportProblem };

/** What a reference points at. */
export type KeyKind = "user" | "category" | "board" | "manufacturer" | "document" | "thread";

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

const EXISTING_FIELD: Record<KeyKind, keyof ExistingKeys> = {
  user: "usernames",
  category: "categorySlugs",
  board: "boardNorms",
  manufacturer: "manufacturerNames",
  document: "documentIds",
  thread: "threadIds",
};

export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
}

type Path = (string | number)[];
type Record_<S extends Section> = NonNullable<ImportFile[S]>[number];

const ITEM_SCHEMA = Object.fromEntries(SECTIONS.map((s) => [s, ImportFileSchema.shape[s].unwrap().element])) as unknown as {
  [S in Section]: {
    safeParse(raw: unknown): { success: true; data: Record_<S> } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  };
};

/** One record's shape check: the record with its defaults, or its problems. */
export function parseRecord<S extends Section>(
  section: S,
  index: number,
  raw: unknown,
): { ok: true; data: Record_<S> } | { ok: false; problems: ImportProblem[] } {
  const result = ITEM_SCHEMA[section].safeParse(raw);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: result.error.issues.map((i) => ({ path: jsonPath([section, index, ...i.path]), message: i.message })) };
}

const MESSAGE: Record<KeyKind, (key: string) => string> = {
  user: (k) => `unknown user ${JSON.stringify(k)}`,
  category: (k) => `unknown category ${JSON.stringify(k)}`,
  board: (k) => `unknown board ${JSON.stringify(k)}`,
  manufacturer: (k) => `unknown manufacturer ${JSON.stringify(k)}`,
  document: (k) => `unknown document ${k}`,
  thread: (k) => `unknown thread ${k}`,
};

/** A reference the file itself does not satisfy: maybe the database does. */
interface Unresolved {
  kind: KeyKind;
  /** The key as looked up (board norms, upper-case ids). */
  key: string;
  /** As written, for the message. */
  written: string;
  paths: { path: string; seq: number }[];
}

/** References to the same missing key, beyond this many, are summed up in one line. */
const PATHS_PER_MISSING_KEY = 50;

/**
 * The keys an import defines and the references it makes. Holds one map entry per id or natural
 * key in the file (plus the references the file itself cannot satisfy), never the records.
 */
export class ImportChecker {
  private readonly defined = {
    username: new Map<string, number>(),
    token: new Map<string, number>(),
    manufacturerId: new Map<string, number>(),
    manufacturerName: new Map<string, number>(),
    categorySlug: new Map<string, number>(),
    documentId: new Map<string, number>(),
    threadId: new Map<string, number>(),
    postId: new Map<string, number>(),
    caseId: new Map<string, number>(),
  };
  /** Board numbers and aliases share one namespace of norms: norm → the board number owning it. */
  private readonly boardNorms = new Map<string, string>();
  /** Names the malformed records would define: a reference to those is not reported again. */
  private readonly namedByMalformed = new Set<string>();
  /** Records whose shape failed, per section (pass 2 skips them). */
  private readonly malformed = new Map<Section, Set<number>>();
  private readonly unresolved = new Map<string, Unresolved>();
  private seq = 0;
  problems: ImportProblem[] = [];

  private report(path: Path, message: string) {
    this.problems.push({ path: jsonPath(path), message });
  }

  private unique(map: Map<string, number>, key: string | undefined, path: Path, what: string) {
    if (key === undefined) return;
    const first = map.get(key);
    if (first !== undefined) this.report(path, `duplicate ${what} ${JSON.stringify(key)} (first at index ${first})`);
    else map.set(key, path[1] as number);
  }

  /** Pass 1: the record's shape and the keys it defines. Returns the parsed record when well formed. */
  define<S extends Section>(section: S, index: number, raw: unknown): Record_<S> | undefined {
    const parsed = parseRecord(section, index, raw);
    if (!parsed.ok) {
      this.problems.push(...parsed.problems);
      if (!this.malformed.has(section)) this.malformed.set(section, new Set());
      this.malformed.get(section)!.add(index);
      this.collectMalformedNames(section, raw);
      return undefined;
    }
    this.defineKeys(section, index, parsed.data);
    return parsed.data;
  }

  /** A record that could not be read at all (not JSON): reported, and skipped by pass 2. */
  unreadable(section: Section, index: number, message: string) {
    this.problems.push({ path: index < 0 ? jsonPath([section]) : jsonPath([section, index]), message });
    if (!this.malformed.has(section)) this.malformed.set(section, new Set());
    this.malformed.get(section)!.add(index);
  }

  private defineKeys(section: Section, i: number, record: unknown) {
    const d = this.defined;
    const at: Path = [section, i];
    switch (section) {
      case "users":
        return this.unique(d.username, (record as Record_<"users">).username, at, "username");
      case "api_keys":
        return this.unique(d.token, (record as Record_<"api_keys">).token, at, "token");
      case "manufacturers": {
        const m = record as Record_<"manufacturers">;
        this.unique(d.manufacturerId, String(m.id), at, "manufacturer id");
        return this.unique(d.manufacturerName, m.name, at, "manufacturer name");
      }
      case "categories":
        return this.unique(d.categorySlug, (record as Record_<"categories">).slug, at, "category slug");
      case "documents":
        return this.unique(d.documentId, (record as Record_<"documents">).id?.toUpperCase(), at, "document id");
      case "threads":
        return this.unique(d.threadId, (record as Record_<"threads">).id?.toUpperCase(), at, "thread id");
      case "blog_posts":
        return this.unique(d.postId, (record as Record_<"blog_posts">).id?.toUpperCase(), at, "blog post id");
      case "cases":
        return this.unique(d.caseId, (record as Record_<"cases">).id?.toUpperCase(), at, "case id");
      case "boards": {
        const b = record as Record_<"boards">;
        const spellings: [string, Path][] = [
          [b.number, [...at, "number"]],
          ...(b.aliases ?? []).map((a, j): [string, Path] => [a, [...at, "aliases", j]]),
        ];
        for (const [spelling, path] of spellings) {
          const norm = normalizeBoardNumber(spelling);
          const owner = this.boardNorms.get(norm);
          if (!norm) this.report(path, "must contain at least one letter or digit");
          else if (owner !== undefined && owner !== b.number) this.report(path, `${JSON.stringify(spelling)} is already used by board ${owner}`);
          else this.boardNorms.set(norm, b.number);
        }
      }
    }
  }

  private collectMalformedNames(section: Section, item: unknown) {
    if (typeof item !== "object" || item === null) return;
    const record = item as Record<string, unknown>;
    const text = (v: unknown): v is string => typeof v === "string" && v.length > 0;
    const name = (kind: KeyKind, key: string) => this.namedByMalformed.add(`${kind}\n${key}`);
    if (section === "users" && text(record.username)) name("user", record.username);
    if (section === "categories" && text(record.slug)) name("category", record.slug);
    if (section === "manufacturers" && text(record.name)) name("manufacturer", record.name);
    if (section === "documents" && text(record.id)) name("document", record.id.toUpperCase());
    if (section === "threads" && text(record.id)) name("thread", record.id.toUpperCase());
    if (section === "boards") {
      for (const spelling of [record.number, ...(Array.isArray(record.aliases) ? record.aliases : [])]) {
        if (text(spelling)) name("board", normalizeBoardNumber(spelling));
      }
    }
  }

  private has(kind: KeyKind, key: string): boolean {
    const d = this.defined;
    const inFile =
      kind === "user"
        ? d.username.has(key)
        : kind === "category"
          ? d.categorySlug.has(key)
          : kind === "manufacturer"
            ? d.manufacturerName.has(key)
            : kind === "document"
              ? d.documentId.has(key)
              : kind === "thread"
                ? d.threadId.has(key)
                : this.boardNorms.has(key);
    return inFile || this.namedByMalformed.has(`${kind}\n${key}`);
  }

  private need(kind: KeyKind, written: string | null | undefined, path: Path) {
    if (!written) return;
    const key = kind === "board" ? normalizeBoardNumber(written) : kind === "document" || kind === "thread" ? written.toUpperCase() : written;
    if (this.has(kind, key)) return;
    const id = `${kind}\n${key}`;
    let entry = this.unresolved.get(id);
    if (!entry) this.unresolved.set(id, (entry = { kind, key, written, paths: [] }));
    entry.paths.push({ path: jsonPath(path), seq: this.seq++ });
    if (entry.paths.length > PATHS_PER_MISSING_KEY) entry.paths.length = PATHS_PER_MISSING_KEY + 1; // keeps the count bounded
  }

  /** Pass 2: the references of one record (skipped when pass 1 found it malformed). */
  check(section: Section, i: number, raw: unknown) {
    if (this.malformed.get(section)?.has(i)) return;
    // Pass 1 proved the shape; the raw record has the fields the references need.
    const need = this.need.bind(this);
    const at = (...rest: (string | number)[]): Path => [section, i, ...rest];
    const local = (items: { id?: string | number }[] | undefined, path: Path, what: string) => {
      const seen = new Map<string, number>();
      items?.forEach((item, j) => {
        if (item.id === undefined) return;
        this.unique(seen, String(item.id).toUpperCase(), [path[0], j], what);
      });
    };
    switch (section) {
      case "api_keys":
        return need("user", (raw as Record_<"api_keys">).user, at("user"));
      case "boards":
        return need("manufacturer", (raw as Record_<"boards">).manufacturer, at("manufacturer"));
      case "threads": {
        const t = raw as Record_<"threads">;
        need("category", t.category, at("category"));
        need("user", t.author, at("author"));
        need("board", t.board, at("board"));
        need("document", t.document, at("document"));
        local(t.posts, [`threads[${i}].posts`], "reply id");
        for (const [j, p] of (t.posts ?? []).entries()) need("user", p.author, at("posts", j, "author"));
        return;
      }
      case "blog_posts": {
        const p = raw as Record_<"blog_posts">;
        need("user", p.author, at("author"));
        local(p.comments, [`blog_posts[${i}].comments`], "comment id");
        for (const [j, c] of (p.comments ?? []).entries()) need("user", c.author, at("comments", j, "author"));
        return;
      }
      case "cases": {
        const c = raw as Record_<"cases">;
        need("user", c.author, at("author"));
        need("board", c.board, at("board"));
        need("manufacturer", c.manufacturer, at("manufacturer"));
        for (const [j, d] of (c.documents ?? []).entries()) need("document", d, at("documents", j));
        return need("thread", c.thread, at("thread"));
      }
      case "documents": {
        const d = raw as Record_<"documents">;
        need("user", d.owner, at("owner"));
        for (const [j, u] of (d.shared_with ?? []).entries()) need("user", u, at("shared_with", j));
        need("manufacturer", d.manufacturer, at("manufacturer"));
        for (const [j, b] of (d.boards ?? []).entries()) need("board", b, at("boards", j));
        return local(
          d.versions.map((v) => ({ id: v.version })),
          [`documents[${i}].versions`],
          "version number",
        );
      }
    }
  }

  /** The keys the file refers to but does not define, per kind: to look up in the database. */
  missingKeys(): Map<KeyKind, string[]> {
    const byKind = new Map<KeyKind, string[]>();
    for (const { kind, key } of this.unresolved.values()) {
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push(key);
    }
    return byKind;
  }

  /** Every problem, once `existing` says which missing keys the database has. */
  finish(existing: (kind: KeyKind, key: string) => boolean): ImportProblem[] {
    const refs: { path: string; message: string; seq: number }[] = [];
    for (const entry of this.unresolved.values()) {
      if (existing(entry.kind, entry.key)) continue;
      const shown = entry.paths.slice(0, PATHS_PER_MISSING_KEY);
      for (const { path, seq } of shown) refs.push({ path, seq, message: MESSAGE[entry.kind](entry.written) });
      if (entry.paths.length > PATHS_PER_MISSING_KEY) {
        const last = shown[shown.length - 1];
        refs.push({
          path: last.path,
          seq: last.seq + 0.5,
          message: `${MESSAGE[entry.kind](entry.written)}, and more references to it after this one`,
        });
      }
    }
    refs.sort((a, b) => a.seq - b.seq);
    return [...this.problems, ...refs.map(({ path, message }) => ({ path, message }))];
  }
}

export type ValidationResult = { ok: true; data: ImportFile } | { ok: false; problems: ImportProblem[] };

/** The whole check over an object in memory (the demo generator and tests use it). */
export function validateImport(raw: unknown, existing: ExistingKeys = NO_EXISTING_KEYS): ValidationResult {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { ok: false, problems: [{ path: "$", message: "must be a JSON object of record sections" }] };
  const input = raw as Record<string, unknown>;
  const checker = new ImportChecker();
  const top: ImportProblem[] = [];
  const data: Record<string, unknown[]> = {};
  for (const name of Object.keys(input)) {
    if (!(SECTIONS as string[]).includes(name)) top.push({ path: `$.${name}`, message: `unknown section; expected one of ${SECTIONS.join(", ")}` });
  }
  const present = SECTIONS.filter((s) => input[s] !== undefined);
  for (const section of present) {
    const items = input[section];
    if (!Array.isArray(items)) {
      top.push({ path: `$.${section}`, message: "must be an array" });
      continue;
    }
    data[section] = items.map((item, i) => checker.define(section, i, item));
  }
  for (const section of present) {
    const items = input[section];
    if (Array.isArray(items)) for (const [i, item] of items.entries()) checker.check(section, i, item);
  }
  const problems = [...top, ...checker.finish((kind, key) => existing[EXISTING_FIELD[kind]].has(key))];
  return problems.length ? { ok: false, problems } : { ok: true, data: data as ImportFile };
}
