// The authenticate middleware of the API: the Authorization header resolved to the key's owner (auth/viewer.ts).
import { dbOf } from "./d1-session";
import { createMiddleware } from "hono/factory";
import { lastUseIsStale, recordKeyUse } from "../auth/last-used";
import { bearerToken, findViewerByToken, refusedKey } from "../auth/viewer";
import type { AppEnv } from "./app-env";

/**
 * Resolves the Authorization header. A sent key that is not usable is a 401, never anonymous: it is left
 * on the context as `refusedKey`, and the rate-limit step counts the attempt against the address before
 * answering it (so keys cannot be guessed faster than anonymous reads are allowed). A usable key's use is
 * recorded after the answer (waitUntil), at most once a minute.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  if (header === undefined) return next();
  const token = bearerToken(header);
  const viewer = token ? await findViewerByToken(dbOf(c), token) : undefined;
  if (viewer) {
    c.set("viewer", viewer);
    const now = new Date();
    if (lastUseIsStale(viewer.keyLastUsedAt, now)) c.executionCtx.waitUntil(recordKeyUse(c.env.DB, viewer.keyId, now).catch(logFailure));
  } else c.set("refusedKey", refusedKey(token));
  return next();
});

function logFailure(error: unknown): void {
  console.warn(JSON.stringify({ message: "last_used_at not recorded", error: String(error) }));
}
