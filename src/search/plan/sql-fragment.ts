// The search plan's SQL (src/search/plan*.ts) as plain fragments: text pieces and the values bound between
// them, nested as written. Drizzle's `sql` tag builds a chunk object per piece and checks every chunk's kind
// through its prototype chain when it renders; the plan writes thousands of pieces per search, and that was
// about 4.5% of an uncached search's CPU. A fragment is two arrays, rendered in one walk to what drizzle's
// SQLite dialect writes for the same statement (`?` for each value, in order). No dependency: the boundary
// with drizzle (its tables, columns and conditions in, a drizzle `SQL` out) is src/search/plan/sql-fragment-drizzle.ts.

/** A value bound to a `?` (as drizzle binds a plain value written into its `sql` tag). */
export type SqlParam = string | number | bigint | boolean | null;

/** What may sit between two text pieces: a nested fragment (its text inline) or a bound value. */
export type SqlPart = SqlFragment | SqlParam;

export class SqlFragment {
  /**
   * `texts` around `parts`: texts[i] comes before parts[i], and there is one text more than parts (a
   * template literal's strings, kept as they are).
   */
  constructor(
    readonly texts: readonly string[],
    readonly parts: readonly SqlPart[],
  ) {}

  /** The SQL text and its values, as drizzle's SQLite dialect writes them. */
  render(): { sql: string; params: SqlParam[] } {
    const { texts, params } = this.flatten();
    return { sql: texts.join("?"), params };
  }

  /**
   * The statement as text pieces around its values, nesting undone: `texts.join("?")` is its SQL. (The
   * boundary with drizzle builds its own `SQL` from these, without splitting the text on "?".)
   */
  flatten(): { texts: string[]; params: SqlParam[] } {
    const out = { texts: [] as string[], params: [] as SqlParam[], open: "" };
    write(this, out);
    out.texts.push(out.open);
    return { texts: out.texts, params: out.params };
  }
}

/** Appends a fragment: text to the open piece; a value closes it and opens the next. */
function write(fragment: SqlFragment, out: { texts: string[]; params: SqlParam[]; open: string }): void {
  const { texts, parts } = fragment;
  out.open += texts[0];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part instanceof SqlFragment) write(part, out);
    else {
      out.texts.push(out.open);
      out.open = "";
      out.params.push(part);
    }
    out.open += texts[i + 1];
  }
}

/** SQL as a template literal: each `${…}` a nested fragment or a bound value. */
export function sql(texts: TemplateStringsArray, ...parts: SqlPart[]): SqlFragment {
  return new SqlFragment(texts, parts);
}

const NO_PARTS: readonly SqlPart[] = [];

/** Text written as it is (never a request's value: those are bound). */
sql.raw = (text: string): SqlFragment => new SqlFragment([text], NO_PARTS);

/** Nothing: an optional piece left out. */
sql.empty = new SqlFragment([""], NO_PARTS);

/** The fragments one after another, `separator` between each two. */
sql.join = (fragments: readonly SqlFragment[], separator: string): SqlFragment => {
  if (fragments.length === 0) return sql.empty;
  const texts = [""];
  for (let i = 1; i < fragments.length; i++) texts.push(separator);
  texts.push("");
  return new SqlFragment(texts, fragments);
};

/** A quoted name (`"name"`, or `"table"."column"` for several), as drizzle quotes tables and columns for SQLite. */
sql.identifier = (...names: string[]): SqlFragment => sql.raw(names.map((name) => `"${name.replace(/"/g, '""')}"`).join("."));
