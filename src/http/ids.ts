import { monotonicFactory } from "ulid";

/** The spec's id pattern: 26 characters of Crockford base32 (either case). */
export const ID_PATTERN = /^[0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{26}$/;

const nextUlid = monotonicFactory();
export function newId(at?: number): string {
  return nextUlid(at);
}

/** Ids are stored upper case and matched case-insensitively; a malformed id is simply not found. */
export function canonicalId(raw: string): string | undefined {
  return ID_PATTERN.test(raw) ? raw.toUpperCase() : undefined;
}
