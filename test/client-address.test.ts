import { describe, expect, it } from "vitest";
import { addressBucket, UNKNOWN_ADDRESS } from "../src/limits/client-address";

describe("addressBucket (who an anonymous caller is counted as)", () => {
  it("keeps IPv4 addresses and groups IPv6 per /56 by default, in one canonical spelling", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket(" 2001:DB8:0:1::5 ")).toBe("2001:db8:0:0::/56");
    expect(addressBucket("2001:0db8:0000:00ff:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:0::/56");
    expect(addressBucket("2001:db8:abcd:12ff::9")).toBe("2001:db8:abcd:1200::/56");
    expect(addressBucket("[2001:db8::1]")).toBe("2001:db8:0:0::/56");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/56");
    expect(addressBucket("2001:db8:1:2:3:4:192.0.2.1")).toBe("2001:db8:1:0::/56");
    expect(addressBucket("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("two subscribers' /56s never share a bucket, while every /64 inside one /56 does", () => {
    expect(addressBucket("2001:db8:abcd:1200::1")).toBe(addressBucket("2001:db8:abcd:12ff:ffff::1"));
    expect(addressBucket("2001:db8:abcd:1300::1")).not.toBe(addressBucket("2001:db8:abcd:12ff::1"));
  });

  it("the prefix is configurable (/48, /64, /128) and a nonsense prefix falls back to /56", () => {
    expect(addressBucket("2001:db8:abcd:12ff::9", 48)).toBe("2001:db8:abcd::/48");
    expect(addressBucket("2001:db8:abcd:12ff::9", 64)).toBe("2001:db8:abcd:12ff::/64");
    expect(addressBucket("2001:db8:abcd:12ff::9", 60)).toBe("2001:db8:abcd:12f0::/60");
    expect(addressBucket("2001:db8::9", 128)).toBe("2001:db8:0:0:0:0:0:9/128");
    expect(addressBucket("2001:db8:abcd:12ff::9", 0)).toBe("2001:db8:abcd:1200::/56");
    expect(addressBucket("2001:db8:abcd:12ff::9", 129)).toBe("2001:db8:abcd:1200::/56");
  });

  it("anything that is not an address shares the unknown bucket", () => {
    for (const junk of [undefined, "", "hello", "999.1.1.1", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::1", "::ffff:300.1.1.1", "1.2.3.4, 5.6.7.8"]) {
      expect(addressBucket(junk), String(junk)).toBe(UNKNOWN_ADDRESS);
    }
  });
});
