// The account pages: sign-in, an invite's first passkey, the API keys (with passkeys and sign-out), and the
// messages of a refused form. Never cached, never indexed: they depend on who asks.
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { PasskeyRow } from "../../accounts/passkeys";
import type { Member } from "../../accounts/members";
import { KEY_LIFETIMES_DAYS, DEFAULT_KEY_LIFETIME, KEY_NAME_MAX, MAX_ACTIVE_KEYS, type MemberKey } from "../../accounts/member-keys";
import { accountUrl, type AccountPath } from "../../core/urls";
import type { AppEnv } from "../../http/app-env";
import { ScrollTable, Time } from "../components";
import { alternatesOf } from "../item";
import { renderPage } from "../render";
import type { Site } from "../site";
import { ACCOUNT_WORDS, type AccountWords } from "./words";

/** The hand-written WebAuthn glue (public/account/passkey.js), served as a static file: no CDN, no inline script. */
const PASSKEY_SCRIPT = "/account/passkey.js";

export function wordsOf(site: Site): AccountWords {
  return ACCOUNT_WORDS[site.lang];
}

type Status = 200 | 403 | 404 | 409 | 410 | 422 | 429;

async function accountPage(c: Context<AppEnv>, site: Site, path: AccountPath, title: string, body: Child, status: Status = 200) {
  const res = await renderPage(
    c,
    site,
    {
      title,
      description: title,
      canonical: accountUrl(site.urls, path),
      alternates: alternatesOf(site, (urls) => accountUrl(urls, path)),
      noindex: true,
    },
    body,
    status,
  );
  res.headers.set("Cache-Control", "no-store");
  return res;
}

/** A refused or failed form: its title and text, and a way back. */
export function messagePage(c: Context<AppEnv>, site: Site, status: Status, title: string, text: string, back: AccountPath = "account/keys") {
  const w = wordsOf(site);
  return accountPage(
    c,
    site,
    back,
    title,
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href={accountUrl(site.urls, back)}>{back === "account/keys" ? w.back : w.signInTitle}</a>
      </p>
    </>,
    status,
  );
}

/** A button the passkey script drives: its options and verify addresses, and a status line for what happens. */
function PasskeyButton({
  hook,
  label,
  site,
  ceremony,
  next,
  w,
}: {
  hook: string;
  label: string;
  site: Site;
  /** Its two posts: `<ceremony>/options`, then `<ceremony>` with the answer. */
  ceremony: "account/sign-in" | "account/passkeys";
  /** Where a sign-in returns to (already checked as a path of this site). */
  next?: string;
  w: AccountWords;
}) {
  const attributes = {
    [hook]: "",
    "data-options": accountUrl(site.urls, `${ceremony}/options`),
    "data-verify": accountUrl(site.urls, ceremony),
    "data-next": next,
    "data-failed": w.passkeyFailed,
    "data-not-allowed": w.passkeyCancelled,
    "data-working": w.working,
  };
  return (
    <>
      <p>
        <button type="button" {...attributes}>
          {label}
        </button>
      </p>
      <p data-passkey-status role="status" aria-live="polite"></p>
      <noscript>
        <p>{w.noScript}</p>
      </noscript>
      <script src={PASSKEY_SCRIPT} defer></script>
    </>
  );
}

export function signInPage(c: Context<AppEnv>, site: Site, next?: string) {
  const w = wordsOf(site);
  return accountPage(
    c,
    site,
    "sign-in",
    w.signInTitle,
    <>
      <h1>{w.signInTitle}</h1>
      <p>{w.signInText}</p>
      <PasskeyButton
        hook="data-passkey-signin"
        label={w.signInButton}
        site={site}
        ceremony="account/sign-in"
        next={next ? new URL(next).pathname + new URL(next).search : undefined}
        w={w}
      />
      <p class="meta">{w.signInNoAccount}</p>
    </>,
  );
}

/**
 * An invite's page, the same for every invite: the secret is in the link's fragment, which the page's script reads,
 * checks (`account/invite`) and sends in the body of the passkey calls; the address the server sees holds none.
 */
export function invitePage(c: Context<AppEnv>, site: Site) {
  const w = wordsOf(site);
  const check = {
    "data-invite-check": accountUrl(site.urls, "account/invite"),
    "data-welcome": w.inviteWelcome,
    "data-gone-title": w.inviteGoneTitle,
    "data-gone-text": w.inviteGoneText,
  };
  return accountPage(
    c,
    site,
    "invite",
    w.inviteTitle,
    <div {...check}>
      <h1>{w.inviteTitle}</h1>
      <p data-invite-text>{w.inviteText}</p>
      <PasskeyButton hook="data-passkey-register" label={w.inviteButton} site={site} ceremony="account/passkeys" w={w} />
    </div>,
  );
}

/** An old path-style invite link (`/{lang}/invite/{secret}`): its secret reached the request log, so it was spent. */
export function oldInvitePage(c: Context<AppEnv>, site: Site) {
  const w = wordsOf(site);
  return messagePage(c, site, 410, w.inviteOldTitle, w.inviteOldText, "sign-in");
}

export interface KeysPageState {
  member: Member;
  keys: MemberKey[];
  passkeys: PasskeyRow[];
  /** A key just made: its token, shown this once. */
  newToken?: string;
  /** What went wrong with the last form, shown above it. */
  problem?: string;
  /** The form's name, kept after a refusal. */
  name?: string;
}

function keyState(key: MemberKey, now: string, w: AccountWords): string | null {
  if (key.revokedAt) return w.keyRevoked;
  if (key.expiresAt && key.expiresAt <= now) return w.keyExpired;
  return null;
}

export function keysPage(c: Context<AppEnv>, site: Site, state: KeysPageState, status: Status = 200) {
  const w = wordsOf(site);
  const now = new Date().toISOString();
  const { member } = state;
  return accountPage(
    c,
    site,
    "account/keys",
    w.keysTitle,
    <>
      <h1>{w.keysTitle}</h1>
      <p class="meta">{w.signedInAs(member.name, member.username)}</p>
      <p>{w.keysIntro}</p>
      {state.newToken ? (
        <section aria-labelledby="new-key" class="warn">
          <h2 id="new-key">{w.keyTokenTitle}</h2>
          <p>{w.keyTokenText}</p>
          <pre>
            <code data-key-token>{state.newToken}</code>
          </pre>
        </section>
      ) : null}
      {state.problem ? (
        <p class="warn" role="alert">
          {state.problem}
        </p>
      ) : null}
      {state.keys.length === 0 ? (
        <p>{w.keyNone}</p>
      ) : (
        <ScrollTable id="keys" caption={w.keysTitle} hint={site.s.scrollHint}>
          <thead>
            <tr>
              <th scope="col">{w.keyName}</th>
              <th scope="col">{w.keyPrefix}</th>
              <th scope="col">{w.keyScopes}</th>
              <th scope="col">{w.keyCreated}</th>
              <th scope="col">{w.keyExpires}</th>
              <th scope="col">{w.keyLastUsed}</th>
              {/* Named for screen readers without a hidden span: one absolutely placed would escape the scrolling table. */}
              <th scope="col" aria-label={w.keyRevoke}></th>
            </tr>
          </thead>
          <tbody>
            {state.keys.map((key) => {
              const ended = keyState(key, now, w);
              return (
                <tr data-key-row data-key-id={String(key.id)}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>
                    <code>{key.scopes.join(", ")}</code>
                  </td>
                  <td>
                    <Time iso={key.createdAt} site={site} />
                  </td>
                  <td>{key.expiresAt ? <Time iso={key.expiresAt} site={site} /> : w.keyNever}</td>
                  <td>{key.lastUsedAt ? <Time iso={key.lastUsedAt} site={site} /> : w.keyNever}</td>
                  <td>
                    {ended ? (
                      <span class="badge">{ended}</span>
                    ) : (
                      <form method="post" action={accountUrl(site.urls, `account/keys/${key.id}/revoke`)}>
                        <button type="submit" data-key-revoke aria-label={`${w.keyRevoke}: ${key.name}`}>
                          {w.keyRevoke}
                        </button>
                      </form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollTable>
      )}
      <section aria-labelledby="create-key">
        <h2 id="create-key">{w.keyCreateTitle}</h2>
        <form method="post" action={accountUrl(site.urls, "account/keys")} data-key-create class="search-page">
          <p>
            <label for="key-name">{w.keyCreateName}</label>
            <input id="key-name" name="name" required maxlength={KEY_NAME_MAX} value={state.name ?? ""} autocomplete="off" />
          </p>
          <p>
            <label for="key-expiry">{w.keyCreateExpiry}</label>
            <select id="key-expiry" name="expires_days">
              {KEY_LIFETIMES_DAYS.map((days) => (
                <option value={String(days)} selected={days === DEFAULT_KEY_LIFETIME}>
                  {w.keyDays(days)}
                </option>
              ))}
            </select>
          </p>
          <p class="meta">
            {w.keyScopes}: <code>api:read</code>. {w.keyLimit(MAX_ACTIVE_KEYS)}
          </p>
          <p>
            <button type="submit">{w.keyCreateButton}</button>
          </p>
        </form>
      </section>
      <section aria-labelledby="passkeys">
        <h2 id="passkeys">{w.passkeysTitle}</h2>
        <ul class="items">
          {state.passkeys.map((p) => (
            <li data-passkey-row>
              {p.name} · <Time iso={p.createdAt} site={site} />
              {state.passkeys.length > 1 ? (
                <form method="post" action={accountUrl(site.urls, `account/remove-passkey/${p.id}`)}>
                  <button type="submit" data-passkey-remove>
                    {w.passkeyRemove}
                  </button>
                </form>
              ) : (
                <span class="meta"> ({w.passkeyOnly})</span>
              )}
            </li>
          ))}
        </ul>
        <PasskeyButton hook="data-passkey-add" label={w.passkeyAdd} site={site} ceremony="account/passkeys" w={w} />
      </section>
      <form method="post" action={accountUrl(site.urls, "account/sign-out")}>
        <button type="submit" data-sign-out>
          {w.signOut}
        </button>
      </form>
    </>,
    status,
  );
}
