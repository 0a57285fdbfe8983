// Values shared by the section planners: times, change-only upserts, derived ids, file bytes and the
// subqueries that find a row by its natural key.
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { sha256Hex } from "../../../src/auth/keys";
import { normalizeBoardNumber } from "../../../src/core/urls";

/** Records of at most this many statements may write children first, as one batch. */
export const ATOMIC_RECORD_STATEMENTS = 200;

export const iso = (time: string) => new Date(time).toISOString();

/**
 * The upsert `set` of a record whose time the file may leave out: a missing time defaulted to the
 * first import's time, and a later import of the same file must keep it (import is idempotent).
 */
export function withGivenTime<V extends object, K extends string>(values: V, key: K, given: string | null | undefined): V | (V & Record<K, string>) {
  return given ? ({ ...values, [key]: iso(given) } as V & Record<K, string>) : values;
}

/**
 * The upsert's `where`: update only when a value differs, so a second import of the same record
 * writes nothing and fires no search trigger. `ignore`: columns that change on every import.
 */
export function ifChanged(table: SQLiteTable, set: object, ignore: string[] = []): SQL {
  const columns = getTableColumns(table);
  const differs = Object.keys(set)
    .filter((key) => !ignore.includes(key))
    .map((key) => sql`${columns[key]} is not excluded.${sql.identifier(columns[key].name)}`);
  return sql.join(differs, sql` or `);
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * Id for a record the file gives none: a ULID whose time part is the record's own time and whose
 * random part comes from its natural content, so importing the same file twice finds the same row.
 */
export async function derivedId(kind: string, naturalKey: string, time?: string | null): Promise<string> {
  let ms = BigInt(time ? Math.max(0, Date.parse(time)) : 0);
  let timePart = "";
  for (let i = 0; i < 10; i++) {
    timePart = CROCKFORD[Number(ms % 32n)] + timePart;
    ms /= 32n;
  }
  const hash = await sha256Hex(`${kind}\n${naturalKey}`);
  let bits = BigInt("0x" + hash.slice(0, 20));
  let randomPart = "";
  for (let i = 0; i < 16; i++) {
    randomPart = CROCKFORD[Number(bits % 32n)] + randomPart;
    bits /= 32n;
  }
  return timePart + randomPart;
}

export function decodeContent(v: { content_base64?: string; content_text?: string }): Uint8Array {
  if (v.content_text !== undefined) return new TextEncoder().encode(v.content_text);
  return Uint8Array.from(atob(v.content_base64 ?? ""), (ch) => ch.charCodeAt(0));
}

export const userId = (username: string | null | undefined): SQL | null =>
  username ? sql`(select id from users where username = ${username})` : null;
export const manufacturerId = (name: string | null | undefined): SQL | null =>
  name ? sql`(select id from manufacturers where name = ${name})` : null;
export const categoryId = (slug: string): SQL => sql`(select id from categories where slug = ${slug})`;
export function boardIdSql(anySpelling: string | null | undefined): SQL | null {
  if (!anySpelling) return null;
  const norm = normalizeBoardNumber(anySpelling);
  return sql`(select id from boards where norm = ${norm} union all select board_id from board_aliases where norm = ${norm} limit 1)`;
}
