// users:create, users:deactivate, users:activate, users:invite, users:sign-out. An inactive account's keys answer
// 403 and its sessions end; an invite is a one-time link to register a passkey (docs/accounts.md).
import { z } from "zod";
import { LANGUAGES, type Lang } from "../../src/core/language";
import { UsernameSchema } from "../import/format";
import { ROLES } from "../../src/schemas/common";
import { endMemberSessions } from "../../src/accounts/sessions";
import { createInvite, INVITE_SECONDS } from "../../src/accounts/invites";
import { inviteUrl } from "../../src/core/urls";
import { AdminError, defineCommand, option, optionalOption, type AdminCommand } from "./command";

export interface UserRow {
  id: number;
  username: string;
  name: string;
  role: string;
  locale: string;
  active: boolean;
}

/** The user, or an operator error naming the unknown username. */
export async function requireUser(db: D1Database, username: string): Promise<UserRow> {
  const row = await db
    .prepare("select id as id, username as username, name as name, role as role, locale as locale, active as active from users where username = ?")
    .bind(username)
    .first<Omit<UserRow, "active"> & { active: number }>();
  if (!row) throw new AdminError(`unknown user ${JSON.stringify(username)}`);
  return { ...row, id: Number(row.id), active: Boolean(row.active) };
}

export async function createUser(
  db: D1Database,
  input: { username: string; name: string; role: (typeof ROLES)[number]; locale: Lang },
  now: Date,
): Promise<UserRow> {
  const existing = await db.prepare("select id as id from users where username = ?").bind(input.username).first();
  if (existing) throw new AdminError(`user ${JSON.stringify(input.username)} already exists`);
  const row = await db
    .prepare("insert into users (username, name, role, locale, active, created_at) values (?, ?, ?, ?, 1, ?) returning id as id")
    .bind(input.username, input.name, input.role, input.locale, now.toISOString())
    .first<{ id: number }>();
  return { id: Number(row!.id), ...input, active: true };
}

/** Sets the account's active flag (deactivating ends its sessions); returns whether it changed. */
export async function setUserActive(db: D1Database, username: string, active: boolean): Promise<boolean> {
  const user = await requireUser(db, username);
  if (!active) await endMemberSessions(db, user.id);
  if (user.active === active) return false;
  await db
    .prepare("update users set active = ? where id = ? returning id as id")
    .bind(active ? 1 : 0, user.id)
    .all();
  return true;
}

const usernameOption = option(UsernameSchema);

const createUserCommand = defineCommand({
  name: "users:create",
  summary: "Create an account (no key yet: use keys:create).",
  usage: `--username U --name "N" [--role ${ROLES.join("|")}] [--locale ${LANGUAGES.join("|")}]`,
  input: z.strictObject({
    username: usernameOption,
    name: option(z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters")),
    role: z.enum(ROLES, { error: `must be one of ${ROLES.join(", ")}` }).default("user"),
    locale: z.enum(LANGUAGES, { error: `must be ${LANGUAGES.join(" or ")}` }).default("es"),
  }),
  async run({ db, now }, input) {
    const user = await createUser(db, input, now);
    return [`Created user ${user.username} (id ${user.id}, ${user.name}, role ${user.role}, locale ${user.locale}).`];
  },
});

function activationCommand(active: boolean): AdminCommand {
  return defineCommand({
    name: active ? "users:activate" : "users:deactivate",
    summary: active
      ? "Reactivate an account: its keys work again."
      : "Deactivate an account: its keys answer 403 until reactivated, its sessions end.",
    usage: "USERNAME",
    positionals: ["username"],
    input: z.strictObject({ username: usernameOption }),
    async run({ db }, { username }) {
      const changed = await setUserActive(db, username, active);
      const state = active ? "active" : "inactive";
      return [changed ? `User ${username} is now ${state}.` : `User ${username} was already ${state}.`];
    },
  });
}

/** Where invite links point: --site, else the served site (SITE_URL, else the local server on PORT: scripts/admin.ts). */
const siteOption = optionalOption(
  z
    .string()
    .refine((v) => /^https?:\/\/[^/\s]+\/?$/.test(v), { message: "must be a site's address, e.g. https://boards.example.org" })
    .transform((v) => new URL(v).origin),
);

const inviteCommand = defineCommand({
  name: "users:invite",
  summary: "Print a one-time link (24 hours, single use) where the member registers a passkey and signs in.",
  usage: "USERNAME [--site URL]",
  positionals: ["username"],
  input: z.strictObject({ username: usernameOption, site: siteOption }),
  async run({ db, now, siteUrl }, { username, site }) {
    const user = await requireUser(db, username);
    if (!user.active) throw new AdminError(`${username}'s account is inactive: users:activate ${username} first`);
    const invite = await createInvite(db, user.id, now);
    const base = site ?? siteUrl;
    if (!base) throw new AdminError("No site address for the link: pass --site URL (or set SITE_URL, or PORT of the local server).");
    return [
      `Invite for ${username}, valid ${INVITE_SECONDS / 3600} hours (until ${invite.expiresAt.toISOString()}), usable once:`,
      inviteUrl({ siteUrl: base, lang: user.locale === "en" ? "en" : "es" }, invite.token),
    ];
  },
});

const signOutCommand = defineCommand({
  name: "users:sign-out",
  summary: "End every session of a member at once (their keys are not touched: keys:revoke).",
  usage: "USERNAME",
  positionals: ["username"],
  input: z.strictObject({ username: usernameOption }),
  async run({ db }, { username }) {
    const user = await requireUser(db, username);
    const ended = await endMemberSessions(db, user.id);
    return [`Ended ${ended} session${ended === 1 ? "" : "s"} of ${username}.`];
  },
});

export const USER_COMMANDS: AdminCommand[] = [createUserCommand, activationCommand(false), activationCommand(true), inviteCommand, signOutCommand];
