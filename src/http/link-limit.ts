// The limit of signed file links (src/routes/files/get.ts). A download manager fetches one large file in
// many byte ranges: those requests count against the link (LINK_RATE_PER_MINUTE), never against the
// caller's address, and the download itself was counted once, against the account's cap, when the link was
// issued. A link that does not verify costs the caller's address one anonymous request, so a flood of
// made-up links is still limited like any anonymous call.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import type { FileLink } from "../files/signed-link";
import { anonymousCheck, chargeRefusedKey, enforceLimit, enforceRate, type LimitCheck } from "./rate-limit";

type Ctx = Context<AppEnv>;

function linkCheck(c: Ctx, link: FileLink): LimitCheck {
  const limit = c.get("config").linkRatePerMinute;
  return {
    policy: "link",
    // id, version and expiry name the link: only a verified signature gets here, so they cannot be forged.
    counter: `rate:link:${link.id}:${link.version}:${link.expires}`,
    rule: { limit, windowSeconds: 60 },
    code: "rate-limited",
    detail: (d) => `Too many requests for this download link: at most ${limit} a minute. Retry in ${d.retryAfterSeconds} s.`,
  };
}

/** Verifies the link and counts the request against it; a refused link is counted against the address. */
export async function countLinkRequest(c: Ctx, verify: () => Promise<FileLink>): Promise<FileLink> {
  await chargeRefusedKey(c); // a key sent here must still be valid (the link needs none)
  let link: FileLink;
  try {
    link = await verify();
  } catch (err) {
    await enforceRate(c, anonymousCheck(c)); // throws 429 once the address is over its limit (remembered till Retry-After)
    throw err;
  }
  await enforceLimit(c, linkCheck(c, link));
  return link;
}
