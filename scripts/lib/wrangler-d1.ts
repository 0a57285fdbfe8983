// A D1Database over `wrangler d1 execute --json --command`, so the admin commands and the
// importer's key lookup run unchanged against the deployed database (--remote) or, to rehearse
// that path offline, against the local state (--local). Parameters are inlined as SQL literals
// (cli/import/sql-script.ts) because wrangler's command line cannot bind them.
import { inlineParams } from "../../cli/import/sql-script";
import { runWranglerJson } from "./wrangler";

export type WranglerLocation = "remote" | "local";

interface ExecuteResult {
  results: Record<string, unknown>[];
  success: boolean;
  meta?: Record<string, unknown>;
}

class WranglerStatement {
  constructor(
    readonly db: WranglerD1,
    readonly text: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...params: unknown[]): WranglerStatement {
    return new WranglerStatement(this.db, this.text, params);
  }

  /** The statement with its parameters written in. */
  render(): string {
    return inlineParams(this.text, this.params);
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const [result] = await this.db.execute([this.render()]);
    return toD1Result<T>(result);
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.all<T>();
  }

  async first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    const { results } = await this.all<Record<string, unknown>>();
    const row = results[0];
    if (!row) return null;
    return (column === undefined ? row : row[column]) as T;
  }

  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    const { results } = await this.all<Record<string, unknown>>();
    // JSON objects keep the column order of the select list, which is what raw() returns.
    const rows = results.map((r) => Object.values(r)) as T[];
    if (options?.columnNames) return [Object.keys(results[0] ?? {}) as T, ...rows];
    return rows;
  }
}

function toD1Result<T>(result: ExecuteResult | undefined): D1Result<T> {
  return { results: (result?.results ?? []) as T[], success: true, meta: (result?.meta ?? {}) as D1Result["meta"] };
}

export class WranglerD1 {
  constructor(
    readonly location: WranglerLocation,
    readonly databaseBinding = "DB",
  ) {}

  prepare(text: string): WranglerStatement {
    return new WranglerStatement(this, text);
  }

  /** Runs the statements in one wrangler call, which D1 executes as one batch. */
  async batch<T = unknown>(statements: WranglerStatement[]): Promise<D1Result<T>[]> {
    const results = await this.execute(statements.map((s) => s.render()));
    return statements.map((_, i) => toD1Result<T>(results[i]));
  }

  async execute(statements: string[]): Promise<ExecuteResult[]> {
    const command = statements.join(";\n");
    return runWranglerJson<ExecuteResult[]>(["d1", "execute", this.databaseBinding, `--${this.location}`, "--command", command]);
  }

  /** The adapter where code asks for a D1Database: it implements the part drizzle and the admin code use. */
  asD1Database(): D1Database {
    return this as unknown as D1Database;
  }
}
