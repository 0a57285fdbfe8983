// A D1 binding that tallies what each statement cost (`meta.rows_read`, `meta.rows_written`) and how
// many round trips it took. Used only by benchmarks and tests that wrap the real binding in their own
// entry point; production code never sees it.

export interface D1Tally {
  /** Calls that went to the database (a batch is one). */
  roundTrips: number;
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** The statements that read the most rows (start of their SQL and rows read), largest first: where a request's reads go. */
  heaviest: { sql: string; rowsRead: number; params?: unknown[] }[];
}

const HEAVIEST_KEPT = 12;
/** Characters of each heavy statement's SQL kept (raise it, and its parameters are kept too, to read a plan). */
const SQL_CHARS = 160;

export function newTally(): D1Tally {
  return { roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0, heaviest: [] };
}

type Meta = { rows_read?: number; rows_written?: number };
type AnyStatement = D1PreparedStatement;

function add(tally: D1Tally, meta: Meta | undefined, sql: string, params?: unknown[]): void {
  tally.statements++;
  const rowsRead = meta?.rows_read ?? 0;
  tally.rowsRead += rowsRead;
  tally.rowsWritten += meta?.rows_written ?? 0;
  if (rowsRead === 0) return;
  tally.heaviest.push({ sql: sql.replace(/\s+/g, " ").trim().slice(0, SQL_CHARS), rowsRead, ...(SQL_CHARS > 160 ? { params } : {}) });
  tally.heaviest.sort((a, b) => b.rowsRead - a.rowsRead);
  tally.heaviest.length = Math.min(tally.heaviest.length, HEAVIEST_KEPT);
}

// `raw()` answers without `meta`, so a read is run once through `all()` for its cost and once through
// `raw()` for its rows in column order (object rows lose duplicate column names). The second run is
// not tallied: the figure is what the application's one call costs.
const READ_ONLY = /^\s*(select|with|explain)\b/i;

class MeteredStatement {
  constructor(
    readonly real: AnyStatement,
    private readonly sql: string,
    private readonly tally: D1Tally,
    private readonly params: unknown[] = [],
  ) {}

  get sqlText(): string {
    return this.sql;
  }

  get boundParams(): unknown[] {
    return this.params;
  }

  bind(...values: unknown[]): MeteredStatement {
    return new MeteredStatement(this.real.bind(...values), this.sql, this.tally, values);
  }

  async all<T>(): Promise<D1Result<T>> {
    const result = await this.real.all<T>();
    this.tally.roundTrips++;
    add(this.tally, result.meta, this.sql, this.params);
    return result;
  }

  async run<T>(): Promise<D1Result<T>> {
    const result = await this.real.run<T>();
    this.tally.roundTrips++;
    add(this.tally, result.meta, this.sql, this.params);
    return result;
  }

  async first<T>(column?: string): Promise<T | null> {
    const { results } = await this.all<Record<string, unknown>>();
    const row = results[0];
    if (!row) return null;
    return (column === undefined ? row : (row[column] ?? null)) as T;
  }

  async raw<T extends unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    if (!READ_ONLY.test(this.sql)) {
      const { results } = await this.run<Record<string, unknown>>();
      const rows = results.map((r) => Object.values(r)) as T[];
      return options?.columnNames ? ([Object.keys(results[0] ?? {}), ...rows] as unknown as T[]) : rows;
    }
    await this.all();
    return options?.columnNames ? ((await this.real.raw<T>({ columnNames: true })) as unknown as T[]) : this.real.raw<T>();
  }
}

async function meteredBatch(real: D1Database | D1DatabaseSession, statements: AnyStatement[], tally: D1Tally): Promise<D1Result[]> {
  const results = await real.batch(statements.map((s) => (s instanceof MeteredStatement ? s.real : s)));
  tally.roundTrips++;
  results.forEach((r, i) => {
    const s = statements[i];
    add(
      tally,
      r.meta,
      s instanceof MeteredStatement ? s.sqlText : "(unmetered statement)",
      s instanceof MeteredStatement ? s.boundParams : undefined,
    );
  });
  return results;
}

function meteredSession(real: D1DatabaseSession, tally: D1Tally): D1DatabaseSession {
  return {
    prepare: (sql: string) => new MeteredStatement(real.prepare(sql), sql, tally) as unknown as D1PreparedStatement,
    batch: (statements: AnyStatement[]) => meteredBatch(real, statements, tally),
    getBookmark: () => real.getBookmark(),
  } as D1DatabaseSession;
}

/** The binding, tallying into `tally`; sessions opened from it are tallied too. */
export function meteredD1(real: D1Database, tally: D1Tally): D1Database {
  return {
    prepare: (sql: string) => new MeteredStatement(real.prepare(sql), sql, tally) as unknown as D1PreparedStatement,
    batch: (statements: AnyStatement[]) => meteredBatch(real, statements, tally),
    exec: async (sql: string) => {
      tally.roundTrips++;
      return real.exec(sql);
    },
    dump: () => real.dump(),
    withSession: (constraintOrBookmark?: string) => meteredSession(real.withSession(constraintOrBookmark), tally),
  } as D1Database;
}
