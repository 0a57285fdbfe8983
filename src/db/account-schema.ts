// Users and their accounts (migrations/0000_init.sql, 0023_member_accounts.sql, 0026_key_reveals.sql; src/accounts):
// API keys, sessions, invites, passkeys, passkey ceremonies and key reveals; secrets only as their SHA-256.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: ["user", "verified_technician", "contributor", "moderator", "admin"] })
    .notNull()
    .default("user"),
  locale: text("locale").notNull().default("es"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: text("created_at").notNull(),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** SHA-256 hex of the whole token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** First characters of the token, enough for a person to tell keys apart. */
    displayPrefix: text("display_prefix").notNull(),
    /** JSON array of scopes. */
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    expiresAt: text("expires_at"),
    revokedAt: text("revoked_at"),
    createdAt: text("created_at").notNull(),
    /** Written at most once a minute, after the answer (auth/last-used.ts). */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey().notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id (base64url), as the authenticator gives it. */
    id: text("id").primaryKey().notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of transports. */
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

export const invites = sqliteTable(
  "invites",
  {
    tokenHash: text("token_hash").primaryKey().notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("invites_user_idx").on(t.userId)],
);

/** A passkey ceremony's challenge, for five minutes: its purpose and (registration only) its member. */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    idHash: text("id_hash").primaryKey().notNull(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [check("webauthn_challenges_purpose", sql`${t.purpose} in ('register', 'sign-in')`)],
);

/** A new key's token sealed for the one page view after the form's redirect (src/accounts/key-reveal.ts). */
export const keyReveals = sqliteTable("key_reveals", {
  sessionHash: text("session_hash")
    .primaryKey()
    .notNull()
    .references(() => sessions.idHash, { onDelete: "cascade" }),
  iv: text("iv").notNull(),
  sealed: text("sealed").notNull(),
  expiresAt: text("expires_at").notNull(),
});
