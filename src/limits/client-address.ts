// The identity an anonymous caller is counted under: its address from CF-Connecting-IP, with IPv6
// grouped per prefix (IPV6_PREFIX_BITS, default /56): an end site is usually given a /56 or a /48, so single
// addresses, or even /64s, would be free to rotate.
import { DEFAULT_IPV6_PREFIX_BITS } from "../config";

/** Bucket for requests without a usable CF-Connecting-IP. Cloudflare always sets the header, so only
 *  local runs (wrangler dev, tests) land here; they share one counter rather than going unlimited. */
export const UNKNOWN_ADDRESS = "unknown";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(text: string): string | undefined {
  const m = text.match(IPV4);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets.join(".") : undefined;
}

/** The 8 groups of an IPv6 address (any textual form, an embedded IPv4 tail included), or undefined. */
export function ipv6Groups(text: string): number[] | undefined {
  let rest = text
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "")
    .toLowerCase();
  // An embedded IPv4 tail ("::ffff:192.0.2.1") is two groups written in decimal: rewrite it in hex.
  const v4 = rest.match(/^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (v4) {
    const dotted = ipv4(v4[2]);
    if (!dotted) return undefined;
    const [a, b, c, d] = dotted.split(".").map(Number);
    rest = `${v4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = rest.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]);
  const back = halves.length === 2 ? parse(halves[1]) : [];
  if (![...head, ...back].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const named = head.length + back.length;
  if (halves.length === 1 ? named !== 8 : named > 7) return undefined;
  return [...head, ...new Array<string>(8 - named).fill("0"), ...back].map((g) => parseInt(g, 16));
}

/** The first `bits` bits of an IPv6 address, canonical: 2001:db8:abcd:12ff::9 at /56 → "2001:db8:abcd:1200::/56". */
function ipv6Prefix(groups: number[], bits: number): string {
  const kept = groups.slice(0, Math.ceil(bits / 16)).map((g, i) => {
    const inGroup = Math.min(16, bits - i * 16);
    return (g & ((0xffff << (16 - inGroup)) & 0xffff)).toString(16);
  });
  return kept.length === 8 ? `${kept.join(":")}/${bits}` : `${kept.join(":")}::/${bits}`;
}

/**
 * "203.0.113.7" → "203.0.113.7"; "2001:DB8:0:1::5" → "2001:db8:0:0::/56" (at the default prefix);
 * anything else → UNKNOWN_ADDRESS. `prefixBits` outside 1..128 falls back to the default.
 */
export function addressBucket(header: string | null | undefined, prefixBits = DEFAULT_IPV6_PREFIX_BITS): string {
  const text = header?.trim();
  if (!text) return UNKNOWN_ADDRESS;
  const v4 = ipv4(text);
  if (v4) return v4;
  const groups = ipv6Groups(text);
  if (!groups) return UNKNOWN_ADDRESS;
  // IPv4-mapped (::ffff:a.b.c.d): the client is really an IPv4 host.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  }
  const bits = Number.isInteger(prefixBits) && prefixBits >= 1 && prefixBits <= 128 ? prefixBits : DEFAULT_IPV6_PREFIX_BITS;
  return ipv6Prefix(groups, bits);
}
