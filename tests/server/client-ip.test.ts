import { describe, expect, test } from "bun:test";
import { freeTrialSubject, resolveClientIp } from "../../src/server/client-ip.ts";
import { cidrMatcher } from "../../src/net/ip.ts";

describe("client IP", () => {
  const trusted = cidrMatcher(["10.0.0.0/8", "::1"]);
  const h = (init: Record<string, string>) => new Headers(init);

  test("the socket peer is the client when it is not a trusted proxy, whatever headers say", () => {
    expect(resolveClientIp("203.0.113.9", h({ "x-forwarded-for": "1.2.3.4" }), trusted)).toBe("203.0.113.9");
  });
  test("a trusted proxy's X-Forwarded-For is walked from the right, skipping trusted hops", () => {
    expect(resolveClientIp("10.0.0.2", h({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.5" }), trusted)).toBe("198.51.100.7");
  });
  test("a client cannot forge its address by prepending entries", () => {
    expect(resolveClientIp("10.0.0.2", h({ "x-forwarded-for": "1.1.1.1, 198.51.100.7" }), trusted)).toBe("198.51.100.7");
  });
  test("X-Real-IP is used from a trusted proxy without X-Forwarded-For", () => {
    expect(resolveClientIp("::1", h({ "x-real-ip": "198.51.100.8" }), trusted)).toBe("198.51.100.8");
  });
  test("IPv4-mapped peers are reported as IPv4", () => {
    expect(resolveClientIp("::ffff:192.0.2.1", h({}), trusted)).toBe("192.0.2.1");
  });
  test("a malformed hop stops the walk at the last good address", () => {
    expect(resolveClientIp("10.0.0.2", h({ "x-forwarded-for": "junk, 10.0.0.3" }), trusted)).toBe("10.0.0.3");
  });
  test("IPv6 clients are counted per /64, IPv4 per address", () => {
    expect(freeTrialSubject("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(freeTrialSubject("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(freeTrialSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(freeTrialSubject("198.51.100.7")).toBe("198.51.100.7");
    expect(freeTrialSubject("2001:DB8:a::1.2.3.4")).toBe("2001:db8:a:0::/64");
    expect(freeTrialSubject("::1")).toBe("0:0:0:0::/64");
  });
  test("a zone id or other non-address in X-Real-IP or X-Forwarded-For is not taken as the client", () => {
    expect(resolveClientIp("10.0.0.2", h({ "x-real-ip": "fe80::1%eth0" }), trusted)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", h({ "x-real-ip": "0177.0.0.1" }), trusted)).toBe("10.0.0.2");
    expect(resolveClientIp("10.0.0.2", h({ "x-forwarded-for": "198.51.100.7, fe80::1%eth0" }), trusted)).toBe("10.0.0.2");
  });
});
