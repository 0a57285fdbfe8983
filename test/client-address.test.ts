import { describe, expect, it } from "vitest";
import { addressBucket, UNKNOWN_ADDRESS } from "../src/limits/client-address";

describe("addressBucket (who an anonymous caller is counted as)", () => {
  it("keeps IPv4 addresses and groups IPv6 per /64 in one canonical spelling", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket(" 2001:DB8:0:1::5 ")).toBe("2001:db8:0:1::/64");
    expect(addressBucket("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(addressBucket("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("2001:db8:1:2:3:4:192.0.2.1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("anything that is not an address shares the unknown bucket", () => {
    for (const junk of [undefined, "", "hello", "999.1.1.1", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::1", "::ffff:300.1.1.1", "1.2.3.4, 5.6.7.8"]) {
      expect(addressBucket(junk), String(junk)).toBe(UNKNOWN_ADDRESS);
    }
  });
});
