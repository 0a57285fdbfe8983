// The limit of signed file links (src/routes/files/get.ts). A download manager fetches one large file in
// many byte ranges: those requests count against the link (LINK_RATE_PER_MINUTE), never against the
// caller's address, and the download itself was counted once, against the account's cap, when the link was
// issued. A link that does not verify costs the caller's address one anonymous request, so a flood of
// made-up links is still limited like any anonymous call.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import type { FileLink } from "../files/signed-link";
import { countLimit, countRate } from "../limits/count";
import { linkLimit } from "../limits/policies";
import { anonymousCheck, chargeRefusedKey, enforce } from "./rate-limit";

type Ctx = Context<AppEnv>;

/** Verifies the link and counts the request against it; a refused link is counted against the address. */
export async function countLinkRequest(c: Ctx, verify: () => Promise<FileLink>): Promise<FileLink> {
  await chargeRefusedKey(c); // a key sent here must still be valid (the link needs none)
  let link: FileLink;
  try {
    link = await verify();
  } catch (err) {
    // The address's 429 once it is over its limit (remembered till Retry-After), else the link's own refusal.
    enforce(c, await countRate(c.env, anonymousCheck(c)));
    throw err;
  }
  enforce(c, await countLimit(c.env, linkLimit(link, c.get("config").linkRatePerMinute)));
  return link;
}
