import { describe, expect, test } from "bun:test";
import { classifyAddress, isAllowed, parseAllowList, type AddressRefusal } from "../../src/extract/address-guard.ts";
import { parseCidr } from "../../src/net/ip.ts";

describe("classifyAddress refuses every non-public range with its reason", () => {
  const refused: Array<[string, AddressRefusal]> = [
    // IPv4
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "reserved"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.1.1", "link_local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.10", "documentation"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // cloud metadata endpoints, including ones outside the private ranges
    ["169.254.169.254", "cloud_metadata"],
    ["169.254.170.2", "cloud_metadata"],
    ["100.100.100.200", "cloud_metadata"],
    ["168.63.129.16", "cloud_metadata"],
    ["fd00:ec2::254", "cloud_metadata"],
    // IPv6
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fc00::1", "private"],
    ["fd12:3456:789a::1", "private"],
    ["fe80::1", "link_local"],
    ["febf:ffff::1", "link_local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["100::1", "reserved"],
    // IPv4 smuggled inside IPv6
    ["::ffff:127.0.0.1", "ipv4_mapped"],
    ["::ffff:7f00:1", "ipv4_mapped"],
    ["::ffff:10.0.0.1", "ipv4_mapped"],
    ["::ffff:8.8.8.8", "ipv4_mapped"],
    ["::127.0.0.1", "ipv4_compatible"],
    ["::7f00:1", "ipv4_compatible"],
    ["64:ff9b::7f00:1", "nat64"],
    ["64:ff9b::10.0.0.1", "nat64"],
    ["64:ff9b::a9fe:a9fe", "nat64"],
    ["64:ff9b:1::808:808", "nat64"],
    ["2002:7f00:1::", "6to4"],
    ["2002:c0a8:101::1", "6to4"],
    ["2001::1", "teredo"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    // outside global unicast
    ["4000::1", "reserved"],
    // not addresses at all: fail closed
    ["localhost", "not_an_ip"],
    ["0177.0.0.1", "not_an_ip"],
    ["127.1", "not_an_ip"],
    ["2130706433", "not_an_ip"],
    ["fe80::1%eth0", "not_an_ip"],
    ["", "not_an_ip"],
  ];
  test.each(refused)("%s is refused as %s", (ip, reason) => {
    expect(classifyAddress(ip)).toBe(reason);
  });
});

describe("classifyAddress lets public addresses through", () => {
  const publicAddresses = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "172.15.255.255", // just below 172.16/12
    "172.32.0.0", // just above it
    "100.63.255.255", // just below CGNAT
    "100.128.0.0", // just above it
    "192.169.0.1",
    "198.20.0.1",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:82a::200e",
    "64:ff9b::808:808", // DNS64 answer for a public IPv4 site
    "2002:808:808::1", // 6to4 of a public address
  ];
  test.each(publicAddresses)("%s is public", (ip) => {
    expect(classifyAddress(ip)).toBeNull();
  });
});

describe("parseAllowList", () => {
  test("accepts v4 and v6 CIDRs, bare addresses and host:port entries, normalised", () => {
    const allow = parseAllowList(["10.0.0.0/8", "fd00::/8", "192.0.2.7", "127.0.0.1:43211", "[::1]:8080", "LocalHost:3000", " "]);
    expect(allow.cidrs).toEqual([parseCidr("10.0.0.0/8")!, parseCidr("fd00::/8")!, { family: 4, base: 0xc0000207n, prefix: 32 }]);
    expect(allow.hostPorts).toEqual([
      { host: "127.0.0.1", port: 43211 },
      { host: "::1", port: 8080 },
      { host: "localhost", port: 3000 },
    ]);
  });

  test.each([
    "localhost", // a host with no port
    "10.0.0.0/33",
    "10.0.0.0/", // empty prefix
    "10.1.0.0/8", // host bits set: probably a typo
    "fd00::1/8",
    "999.0.0.0/8",
    "example.com:0",
    "example.com:70000",
    "http://example.com:80",
    "user@example.com:80",
    "[127.0.0.1]:80", // brackets are for IPv6 only
    "::1:8080x",
  ])("rejects %p, naming it", (entry) => {
    expect(() => parseAllowList([entry])).toThrow(entry);
  });
});

describe("isAllowed", () => {
  const allow = parseAllowList(["10.0.0.0/8", "fd00::/8", "127.0.0.1:43211", "[::1]:8080", "intranet.test:8443"]);

  test.each([
    ["10.1.2.3", "wiki.corp", 80, true, "address inside an allowed v4 CIDR"],
    ["fd00::5", "wiki.corp", 443, true, "address inside an allowed v6 CIDR"],
    ["127.0.0.1", "127.0.0.1", 43211, true, "exact IP host and port"],
    ["127.0.0.1", "127.0.0.1", 43212, false, "same IP, other port"],
    ["127.0.0.1", "app.test", 43211, true, "a name resolving to an allowed IP:port entry"],
    ["::1", "[::1]", 8080, true, "bracketed IPv6 host and port"],
    ["::1", "[::1]", 80, false, "IPv6 loopback, other port"],
    ["127.0.0.2", "intranet.test", 8443, true, "exact host name and port"],
    ["127.0.0.2", "INTRANET.test", 8443, true, "host name match ignores case"],
    ["127.0.0.2", "intranet.test", 443, false, "host name, other port"],
    ["192.168.0.1", "router.test", 80, false, "address outside every entry"],
  ] as const)("%s via %s:%d → %p (%s)", (ip, hostname, port, expected) => {
    expect(isAllowed(allow, ip, hostname, port)).toBe(expected);
  });

  test("an empty allow list allows nothing", () => {
    expect(isAllowed(parseAllowList([]), "127.0.0.1", "127.0.0.1", 80)).toBe(false);
  });
});
