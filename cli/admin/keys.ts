// keys:create, keys:revoke, keys:list. A token is shown once, at creation; only its SHA-256 and a
// short display prefix are stored, and listings never show either the token or the hash.
import { z } from "zod";
import { displayPrefix, KEY_PREFIX, sha256Hex } from "../../src/auth/keys";
import { issueApiKey } from "../../src/auth/key-store";
import { SCOPES, type Scope } from "../../src/schemas/scopes";
import { UsernameSchema } from "../import/format";
import { AdminError, defineCommand, formatTable, option, optionalOption, type AdminCommand } from "./command";
import { requireUser } from "./users";

export interface CreatedKey {
  id: number;
  token: string;
  prefix: string;
  username: string;
  name: string;
  scopes: Scope[];
  expiresAt: string | null;
  accountActive: boolean;
}

export interface KeyListing {
  id: number;
  prefix: string;
  user: string;
  name: string;
  scopes: Scope[];
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export async function createKey(
  db: D1Database,
  input: { username: string; name: string; scopes: Scope[]; expiresAt: string | null },
  now: Date,
): Promise<CreatedKey> {
  const user = await requireUser(db, input.username);
  if (input.expiresAt !== null && Date.parse(input.expiresAt) <= now.getTime()) {
    throw new AdminError(`--expires: ${input.expiresAt} is not in the future`);
  }
  const issued = await issueApiKey(db, { userId: user.id, name: input.name, scopes: input.scopes, expiresAt: input.expiresAt }, now);
  const { id, token, prefix } = issued!; // no activeLimit: the insert always happens
  return {
    id,
    token,
    prefix,
    username: user.username,
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
    accountActive: user.active,
  };
}

const LISTING_SQL =
  "select k.id as id, k.display_prefix as prefix, u.username as user, k.name as name, k.scopes as scopes, k.expires_at as expires_at, k.revoked_at as revoked_at, k.created_at as created_at from api_keys k join users u on u.id = k.user_id";

function toListing(row: Omit<KeyListing, "scopes"> & { scopes: string }): KeyListing {
  return { ...row, id: Number(row.id), scopes: JSON.parse(row.scopes) as Scope[] };
}

export async function listKeys(db: D1Database, filter: { username?: string } = {}): Promise<KeyListing[]> {
  const query = filter.username
    ? db.prepare(`${LISTING_SQL} where u.id = ? order by k.id`).bind((await requireUser(db, filter.username)).id)
    : db.prepare(`${LISTING_SQL} order by k.id`);
  const { results } = await query.all<Omit<KeyListing, "scopes"> & { scopes: string }>();
  return results.map(toListing);
}

/**
 * Revokes the key named by its id, its display prefix, or the whole token (for a leaked token).
 * Returns the key as it was before, so the caller can tell an already revoked one.
 */
export async function revokeKey(db: D1Database, reference: string, now: Date): Promise<KeyListing> {
  let where: string;
  let value: string | number;
  if (/^\d{1,15}$/.test(reference)) [where, value] = ["k.id = ?", Number(reference)];
  else if (reference.startsWith(KEY_PREFIX) && reference.length > displayPrefix(reference).length)
    [where, value] = ["k.token_hash = ?", await sha256Hex(reference)];
  else [where, value] = ["k.display_prefix = ?", reference];
  const { results } = await db
    .prepare(`${LISTING_SQL} where ${where} order by k.id`)
    .bind(value)
    .all<Omit<KeyListing, "scopes"> & { scopes: string }>();
  if (results.length === 0) throw new AdminError(`no key matches ${JSON.stringify(reference)} (give a key id or display prefix from keys:list)`);
  if (results.length > 1)
    throw new AdminError(
      `${results.length} keys share the prefix ${JSON.stringify(reference)}; revoke by id: ${results.map((r) => r.id).join(", ")}`,
    );
  const key = toListing(results[0]);
  if (key.revoked_at === null) {
    await db
      .prepare("update api_keys set revoked_at = ? where id = ? and revoked_at is null returning id as id")
      .bind(now.toISOString(), key.id)
      .all();
  }
  return key;
}

const scopesOption = option(z.string()).transform((text, ctx) => {
  const scopes = [
    ...new Set(
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length)
    ctx.addIssue({ code: "custom", message: `unknown scope ${unknown.map((s) => JSON.stringify(s)).join(", ")} (allowed: ${SCOPES.join(", ")})` });
  if (scopes.length === 0) ctx.addIssue({ code: "custom", message: `needs at least one scope (allowed: ${SCOPES.join(", ")})` });
  return scopes as Scope[];
});

/** Date.parse rolls 2027-02-30 over to March; a real calendar date reads back as itself. */
function isRealDate(text: string): boolean {
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && (text.length > 10 || new Date(ms).toISOString().slice(0, 10) === text);
}

/** An ISO 8601 date-time with offset, or a date (midnight UTC), as a normalised UTC timestamp. */
const expiresOption = optionalOption(
  z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) && isRealDate(v), {
      message: "must be an ISO 8601 date (2027-01-31) or date-time with offset (2027-01-31T12:00:00Z)",
    })
    .transform((v) => new Date(v).toISOString()),
);

const createKeyCommand = defineCommand({
  name: "keys:create",
  summary: "Issue a key for a user; the token is printed once and never stored.",
  usage: `--user NAME --scopes ${SCOPES.join(",")} [--expires ISO] [--name TEXT]`,
  input: z.strictObject({
    user: option(UsernameSchema),
    scopes: scopesOption,
    expires: expiresOption,
    name: optionalOption(z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters")),
  }),
  async run({ db, now }, input) {
    const key = await createKey(db, { username: input.user, name: input.name ?? "cli", scopes: input.scopes, expiresAt: input.expires ?? null }, now);
    return [
      `Created key ${key.id} (${key.prefix}…) "${key.name}" for ${key.username}: scopes ${key.scopes.join(", ")}; expires ${key.expiresAt ?? "never"}.`,
      ...(key.accountActive ? [] : [`Note: ${key.username}'s account is inactive; the key answers 403 until users:activate ${key.username}.`]),
      "The token is shown only now; store it safely:",
      "",
      `  ${key.token}`,
      "",
    ];
  },
});

const revokeKeyCommand = defineCommand({
  name: "keys:revoke",
  summary: "Revoke a key (by id, display prefix, or the token itself); it answers 401 from then on.",
  usage: "KEY_ID|PREFIX",
  positionals: ["key"],
  input: z.strictObject({ key: option(z.string().min(1)) }),
  async run({ db, now }, { key: reference }) {
    const key = await revokeKey(db, reference, now);
    if (key.revoked_at !== null) return [`Key ${key.id} (${key.prefix}…) of ${key.user} was already revoked at ${key.revoked_at}.`];
    return [`Revoked key ${key.id} (${key.prefix}…) "${key.name}" of ${key.user}.`];
  },
});

const listKeysCommand = defineCommand({
  name: "keys:list",
  summary: "List keys (never tokens or hashes), optionally of one user.",
  usage: "[--user NAME]",
  input: z.strictObject({ user: optionalOption(UsernameSchema) }),
  async run({ db, now }, { user }) {
    const keys = await listKeys(db, { username: user });
    if (keys.length === 0) return [user ? `${user} has no keys.` : "No keys."];
    const expires = (k: KeyListing) =>
      k.expires_at === null ? "never" : Date.parse(k.expires_at) <= now.getTime() ? `${k.expires_at} (expired)` : k.expires_at;
    return formatTable(
      ["id", "prefix", "user", "name", "scopes", "expires_at", "revoked", "created_at"],
      keys.map((k) => [
        String(k.id),
        k.prefix,
        k.user,
        k.name,
        k.scopes.join(","),
        expires(k),
        k.revoked_at ? `yes ${k.revoked_at}` : "no",
        k.created_at,
      ]),
    );
  },
});

export const KEY_COMMANDS: AdminCommand[] = [createKeyCommand, revokeKeyCommand, listKeysCommand];
