// What every request carries through the middleware chain.
import type { MemberSession } from "../accounts/sessions";
import type { Viewer } from "../auth/identity";
import type { Db } from "../db/client";
import type { AppliedLimit } from "../limits/headers";
import type { AppConfig } from "../config";
import type { Lang } from "../core/language";
import type { DomainError } from "../errors";
import type { UrlContext } from "../core/urls";

export interface AppVariables {
  requestId: string;
  config: AppConfig;
  siteUrl: string;
  lang: Lang;
  /** The key's owner, or null for an anonymous caller. Set by the authenticate middleware. */
  viewer: Viewer | null;
  /** The 401 of a sent key that is not usable; the rate-limit step counts it, then throws it. */
  refusedKey?: DomainError;
  /** The request's database once opened: one D1 session (src/http/d1-session.ts dbOf; read it through dbOf). */
  db?: Db;
  d1Session?: D1DatabaseSession;
  /** Limits counted for this request, in order; their state goes out in the RateLimit headers. */
  limits?: AppliedLimit[];
  /** The signed-in member of a site page answered for a session (src/site/account/guard.ts memberPage); never cached. */
  member?: { name: string; userId: number };
  /** The member an account post was let through for (src/site/account/guard.ts accountPost). */
  memberSession?: MemberSession;
  /** The request rate's decision under way (src/http/rate-limit.ts): handlers that change something wait for it. */
  rateDecision?: Promise<AppliedLimit>;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };

export function urlContext(c: { get(key: "siteUrl"): string; get(key: "lang"): Lang }): UrlContext {
  return { siteUrl: c.get("siteUrl"), lang: c.get("lang") };
}
