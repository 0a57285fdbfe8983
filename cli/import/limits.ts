// The --remote path's check by construction: every statement of a record is rendered as it will be
// sent (values written into the SQL text) and measured against D1's limits during validation, so a
// record too large for D1 is reported with its path before anything is written.
import type { Db } from "../../src/db/client";
import { D1_LIMITS, renderStatement, StatementTooLargeError } from "./batch";
import type { Section } from "./format";
import { planRecord } from "./load";
import type { ImportProblem } from "./problems";
import { inlineParams } from "./sql-script";
import { parseRecord } from "./validate";

const utf8 = new TextEncoder();

/** D1 stores at most this many bytes in one string, BLOB or row. */
export const D1_MAX_VALUE_BYTES = 1_000_000;

/** A statement with its values written in, as --remote sends it, and its size in bytes. */
export function inlined(sql: string, params: readonly unknown[]): { text: string; bytes: number } {
  const text = inlineParams(sql, params);
  return { text, bytes: utf8.encode(text).length };
}

export async function remoteLimitProblems(db: Db, section: Section, index: number, raw: unknown, now: string): Promise<ImportProblem[]> {
  const parsed = parseRecord(section, index, raw);
  if (!parsed.ok) return [];
  const path = `$.${section}[${index}]`;
  const plan = await planRecord(db, section, parsed.data, index, now);
  const problems: ImportProblem[] = [];
  for (const q of plan.statements) {
    try {
      const { sql, params } = renderStatement(q, path);
      for (const p of params) {
        if (typeof p === "string" && p.length > D1_MAX_VALUE_BYTES / 3 && utf8.encode(p).length > D1_MAX_VALUE_BYTES) {
          problems.push({ path, message: `a text of ${utf8.encode(p).length} bytes is more than D1 stores in one value (${D1_MAX_VALUE_BYTES})` });
        }
      }
      const size = inlined(sql, params).bytes;
      if (size > D1_LIMITS.statementBytes)
        problems.push({
          path,
          message: `needs a ${size}-byte statement with its values written in; D1 accepts ${D1_LIMITS.statementBytes} (shorten the longest text)`,
        });
    } catch (error) {
      if (error instanceof StatementTooLargeError) problems.push({ path, message: error.message.slice(path.length + 2) });
      else throw error;
    }
  }
  return problems;
}
