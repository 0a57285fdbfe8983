// What every surface's limit step reads of a request, without knowing the web framework: the caller's address
// bucket and the limits counted on it (their state becomes the limit headers of whatever answer goes out).
import type { AppConfig } from "../config";
import { addressBucket } from "./client-address";
import type { AppliedLimit } from "./headers";

/** The part of a request context the limits use (Hono's Context<AppEnv> is one). */
export interface LimitedRequest {
  req: { header(name: string): string | undefined };
  get(key: "config"): Pick<AppConfig, "ipv6PrefixBits">;
  get(key: "limits"): readonly AppliedLimit[] | undefined;
  set(key: "limits", value: AppliedLimit[]): void;
}

/** The caller's address bucket (CF-Connecting-IP, IPv6 grouped per IPV6_PREFIX_BITS). */
export function clientAddress(c: LimitedRequest): string {
  return addressBucket(c.req.header("CF-Connecting-IP"), c.get("config").ipv6PrefixBits);
}

/** Records a counted limit for the response headers; returns it. */
export function recordLimit(c: LimitedRequest, applied: AppliedLimit): AppliedLimit {
  c.set("limits", [...(c.get("limits") ?? []), applied]);
  return applied;
}
