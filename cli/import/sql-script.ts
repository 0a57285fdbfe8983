// Renders parameterised statements as plain SQL text, for the one place that cannot bind
// parameters: `wrangler d1 execute --remote` (a script file or a --command string). Every value
// becomes a literal SQLite reads back as exactly the value that binding it would have stored.
import { DEFER_FOREIGN_KEYS } from "./batch";
import { RESET_SQL, type ImportPlan } from "./load";
import type { TextWrites } from "./text";

export type SqlValue = string | number | bigint | boolean | null | undefined | Uint8Array | ArrayBuffer;

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** One value as a SQLite literal. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as a SQL literal`);
    // Integers as integers; other numbers with a decimal point or exponent so SQLite reads a REAL.
    if (Number.isInteger(value)) return Number.isSafeInteger(value) ? String(value) : value.toExponential();
    return String(value);
  }
  if (typeof value === "string") {
    // A NUL cannot live inside a quoted literal; the bytes of the UTF-8 text read back as the same text.
    if (value.includes("\0")) return `CAST(X'${hex(new TextEncoder().encode(value))}' AS TEXT)`;
    return `'${value.replaceAll("'", "''")}'`;
  }
  if (value instanceof Uint8Array) return `X'${hex(value)}'`;
  if (value instanceof ArrayBuffer) return `X'${hex(new Uint8Array(value))}'`;
  throw new TypeError(`cannot write a ${Object.prototype.toString.call(value)} as a SQL literal`);
}

/**
 * Replaces each `?` placeholder of `text` by the literal of the matching parameter. Placeholders
 * inside quoted strings, quoted identifiers and comments are left alone; numbered placeholders
 * are refused, and a count that does not match the parameters is an error (drizzle only emits `?`).
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  let out = "";
  let next = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" || ch === '"' || ch === "`" || ch === "[") {
      const close = ch === "[" ? "]" : ch;
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === close) {
          if (close !== "]" && text[j + 1] === close)
            j += 2; // doubled quote inside
          else break;
        } else j++;
      }
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      const j = end === -1 ? text.length : end;
      out += text.slice(i, j);
      i = j;
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const j = end === -1 ? text.length : end + 2;
      out += text.slice(i, j);
      i = j;
    } else if (ch === "?") {
      if (/[0-9]/.test(text[i + 1] ?? "")) throw new Error(`numbered parameter at ${i} is not supported`);
      if (next >= params.length) throw new Error(`statement has more placeholders than its ${params.length} parameters`);
      out += sqlLiteral(params[next++]);
      i++;
    } else {
      out += ch;
      i++;
    }
  }
  if (next !== params.length) throw new Error(`statement has ${next} placeholders but ${params.length} parameters`);
  return out;
}

/**
 * The plan's rows as SQL statements (no trailing semicolons), in the order one batch runs them; with the
 * plan's text writes (cli/import/text.ts), the statements recording each document's text shard last.
 */
export function planStatements(plan: ImportPlan, options: { reset?: boolean; texts?: TextWrites } = {}): string[] {
  const reset = options.reset ? RESET_SQL : [];
  return [
    DEFER_FOREIGN_KEYS,
    ...reset,
    ...plan.statements.map((q) => {
      const { sql, params } = q.toSQL();
      return inlineParams(sql, params);
    }),
    ...[...(options.texts?.record ?? []), ...(options.texts?.raise ?? [])].map((s) => inlineParams(s.sql, s.params)),
  ];
}

/** Each text shard's statements as plain SQL (one script per shard: `wrangler d1 execute <SHARD> --file`). */
export function shardStatements(texts: TextWrites): Map<string, string[]> {
  return new Map([...texts.perShard].map(([shard, list]) => [shard, list.map((s) => inlineParams(s.sql, s.params))]));
}

/** A script file for `wrangler d1 execute --file`: one statement per line-terminated `;`. */
export function renderSqlScript(statements: readonly string[]): string {
  return statements.map((s) => `${s};\n`).join("");
}
