import { describe, expect, test } from "bun:test";
import { cidrContains, cidrMatcher, hasHostBits, ipv6Slash64, normaliseIp, parseCidr, parseIp } from "../../src/net/ip.ts";

describe("parseIp", () => {
  test.each([
    ["1.2.3.4", 4, 0x01020304n],
    ["::1", 6, 1n],
    ["[::1]", 6, 1n],
    ["1::", 6, 1n << 112n],
    ["::ffff:1.2.3.4", 6, (0xffffn << 32n) | 0x01020304n],
    ["1:2:3:4:5:6:7:8", 6, 0x00010002000300040005000600070008n],
  ] as const)("%s parses", (text, family, value) => {
    expect(parseIp(text)).toEqual({ family, value });
  });

  test.each(["1.2.3", "[1.2.3.4]", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1:2:3:4:5:6:7:8:9", "1::2::3", ":1::", "g::1", "1:2:3:4:5:6:7"])(
    "%s is rejected",
    (text) => {
      expect(parseIp(text)).toBeNull();
    },
  );
});

describe("parseCidr and cidrContains", () => {
  test("a block contains the addresses under its prefix, of its own family only", () => {
    const block = parseCidr("10.0.0.0/8")!;
    expect(cidrContains(block, parseIp("10.255.0.1")!)).toBe(true);
    expect(cidrContains(block, parseIp("11.0.0.1")!)).toBe(false);
    expect(cidrContains(block, parseIp("::ffff:10.0.0.1")!)).toBe(false);
    expect(cidrContains(parseCidr("2001:db8::/32")!, parseIp("2001:db8:ffff::1")!)).toBe(true);
    expect(cidrContains(parseCidr("0.0.0.0/0")!, parseIp("203.0.113.1")!)).toBe(true);
  });

  test("a bare address is a one-address block", () => {
    expect(parseCidr("192.0.2.7")).toEqual({ family: 4, base: 0xc0000207n, prefix: 32 });
    expect(parseCidr("::1")).toEqual({ family: 6, base: 1n, prefix: 128 });
  });

  test.each(["10.0.0.0/33", "::/129", "10.0.0.0/08", "10.0.0.0/", "10.0.0.0/x", "example.com/8", "/8"])("%s is rejected", (text) => {
    expect(parseCidr(text)).toBeNull();
  });

  test("host bits past the prefix are reported", () => {
    expect(hasHostBits(parseCidr("192.168.1.0/16")!)).toBe(true);
    expect(hasHostBits(parseCidr("192.168.0.0/16")!)).toBe(false);
    expect(hasHostBits(parseCidr("fd00::1/8")!)).toBe(true);
  });
});

describe("cidrMatcher", () => {
  test("matches any listed block; malformed entries match nothing; a non-address never matches", () => {
    const match = cidrMatcher(["10.0.0.0/8", "::1", "junk"]);
    expect(match("10.1.2.3")).toBe(true);
    expect(match("::1")).toBe(true);
    expect(match("192.0.2.1")).toBe(false);
    expect(match("junk")).toBe(false);
    expect(cidrMatcher([])("10.0.0.1")).toBe(false);
  });
});

describe("normaliseIp and ipv6Slash64", () => {
  test("an IPv4-mapped IPv6 address becomes IPv4; IPv6 is lower-cased", () => {
    expect(normaliseIp("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(normaliseIp("2001:DB8::1")).toBe("2001:db8::1");
    expect(normaliseIp("192.0.2.1")).toBe("192.0.2.1");
  });

  test("the /64 of an IPv6 address; null for IPv4 and non-addresses", () => {
    expect(ipv6Slash64("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(ipv6Slash64("2001:0DB8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(ipv6Slash64("[2001:db8::1]")).toBe("2001:db8:0:0::/64");
    expect(ipv6Slash64("198.51.100.7")).toBeNull();
    expect(ipv6Slash64("fe80::1%eth0")).toBeNull();
  });
});
