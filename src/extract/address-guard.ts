/**
 * Which IP addresses vellum may fetch from, and the operator's exemptions (`--allow-private-targets`).
 *
 * The guard is what stops /extract from being used to reach the service's own network (SSRF): every
 * address a target resolves to is classified here before a socket is opened. It fails closed: anything
 * that does not parse as an IP address is refused, and IPv6 outside global unicast (2000::/3) is refused
 * even when no named range below covers it.
 *
 * Address parsing and CIDR arithmetic live in src/net/ip.ts; this file holds the policy.
 */
import { cidrContains, hasHostBits, parseCidr, parseIp, type Cidr, type IpAddress } from "../net/ip.ts";

// src/extract/guarded-fetch.ts takes parseIp from here, with the rest of the guard.
export { parseIp };

/** Why an address is refused; stable snake_case codes, safe to log and to show in a 403 message. */
export type AddressRefusal =
  | "not_an_ip"
  | "unspecified"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "benchmarking"
  | "cloud_metadata"
  | "ipv4_mapped"
  | "ipv4_compatible"
  | "nat64"
  | "6to4"
  | "teredo";

/** An exact `host:port` exemption; `host` is normalised as WHATWG URL does, minus IPv6 brackets. */
export interface HostPort {
  host: string;
  port: number;
}

/** Parsed `--allow-private-targets`: addresses in `cidrs`, or exact sockets in `hostPorts`, skip the guard. */
export interface AllowList {
  cidrs: readonly Cidr[];
  hostPorts: readonly HostPort[];
}

/** Builds a rule table from literal CIDRs; a typo here is a programming error, so it throws at load. */
function rules<T>(entries: ReadonlyArray<readonly [string, T]>): Array<[Cidr, T]> {
  return entries.map(([text, verdict]) => {
    const block = parseCidr(text);
    if (block === null) throw new Error(`bad built-in CIDR ${text}`);
    return [block, verdict];
  });
}

/*
 * First match wins, so the most specific entries (cloud metadata endpoints, which sit inside broader
 * ranges or, like Azure's, in public space) come first.
 */
const IPV4_RULES = rules<AddressRefusal>([
  ["169.254.169.254/32", "cloud_metadata"], // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean, Oracle
  ["169.254.170.2/32", "cloud_metadata"], // AWS ECS task metadata
  ["169.254.0.23/32", "cloud_metadata"], // Tencent Cloud
  ["100.100.100.200/32", "cloud_metadata"], // Alibaba Cloud
  ["168.63.129.16/32", "cloud_metadata"], // Azure WireServer: public space, yet host-local
  ["0.0.0.0/32", "unspecified"],
  ["0.0.0.0/8", "reserved"], // "this network"; Linux connects 0.x to localhost
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "cgnat"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link_local"],
  ["172.16.0.0/12", "private"],
  ["192.0.0.0/24", "reserved"], // IETF protocol assignments
  ["192.0.2.0/24", "documentation"],
  ["192.88.99.0/24", "reserved"], // deprecated 6to4 relay anycast
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["255.255.255.255/32", "broadcast"],
  ["240.0.0.0/4", "reserved"],
]);

/** How an IPv6 range is judged: refused outright, or by the IPv4 address it carries (tunnels, NAT64). */
type V6Verdict = AddressRefusal | { embedsIPv4At: number; as: AddressRefusal };

const IPV6_RULES = rules<V6Verdict>([
  ["fd00:ec2::254/128", "cloud_metadata"], // AWS IMDS over IPv6
  ["fd00:ec2::23/128", "cloud_metadata"], // AWS time sync
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  // A socket to ::ffff:a.b.c.d reaches a.b.c.d; no public name has a reason to resolve to one.
  ["::ffff:0:0/96", "ipv4_mapped"],
  ["::/96", "ipv4_compatible"], // deprecated IPv4-compatible form
  // Well-known NAT64: DNS64 synthesises these for public IPv4 sites, so judge the embedded address.
  ["64:ff9b::/96", { embedsIPv4At: 0, as: "nat64" }],
  ["64:ff9b:1::/48", "nat64"], // local-use NAT64 (RFC 8215): site-internal by definition
  ["100::/64", "reserved"], // discard-only
  ["2001::/32", "teredo"],
  ["2001:2::/48", "benchmarking"],
  ["2001:10::/28", "reserved"], // ORCHID
  ["2001:20::/28", "reserved"], // ORCHIDv2
  ["2001:db8::/32", "documentation"],
  ["2002::/16", { embedsIPv4At: 80, as: "6to4" }], // 2002:AABB:CCDD::/48 carries A.B.C.D
  ["3fff::/20", "documentation"],
  ["5f00::/16", "reserved"], // SRv6 SIDs
  ["fc00::/7", "private"], // unique local
  ["fe80::/10", "link_local"],
  ["fec0::/10", "private"], // deprecated site-local
  ["ff00::/8", "multicast"],
]);

const GLOBAL_UNICAST_V6 = parseCidr("2000::/3") as Cidr;

function classifyIPv4(value: bigint): AddressRefusal | null {
  const address: IpAddress = { family: 4, value };
  return IPV4_RULES.find(([block]) => cidrContains(block, address))?.[1] ?? null;
}

function classifyIPv6(value: bigint): AddressRefusal | null {
  const address: IpAddress = { family: 6, value };
  const verdict = IPV6_RULES.find(([block]) => cidrContains(block, address))?.[1];
  if (verdict === undefined) return cidrContains(GLOBAL_UNICAST_V6, address) ? null : "reserved";
  if (typeof verdict === "string") return verdict;
  const embedded = (value >> BigInt(verdict.embedsIPv4At)) & 0xffffffffn;
  return classifyIPv4(embedded) === null ? null : verdict.as;
}

/**
 * Classifies an address a target resolved to.
 * @param ip IPv4 dotted quad or IPv6 text (brackets allowed), as from DNS or `URL.hostname`.
 * @returns null when the address is public and may be fetched, else the reason it is refused.
 */
export function classifyAddress(ip: string): AddressRefusal | null {
  const address = parseIp(ip);
  if (address === null) return "not_an_ip";
  return address.family === 4 ? classifyIPv4(address.value) : classifyIPv6(address.value);
}

/** Parses "host:port" / "[v6]:port" through WHATWG URL, so "127.1:80" and "LocalHost:80" normalise too. */
function parseHostPort(entry: string): HostPort | null {
  const match = /^(\[[^\]\s]+\]|[^\s:/?#@[\]]+):(\d{1,5})$/.exec(entry);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  let url: URL;
  try {
    url = new URL(`http://${match[1]}/`);
  } catch {
    return null;
  }
  return { host: normaliseHostname(url.hostname), port };
}

/**
 * Parses the operator's `--allow-private-targets` entries. Each entry is one of:
 * - a CIDR, v4 or v6 (`10.0.0.0/8`, `fd00::/8`), or a bare address meaning just that address;
 * - an exact `host:port` (`127.0.0.1:43211`, `[::1]:8080`, `localhost:3000`).
 * Blank entries are ignored (a trailing comma in a list is harmless).
 * @throws Error naming the first malformed entry, so a typo fails at startup rather than at fetch time.
 */
export function parseAllowList(entries: readonly string[]): AllowList {
  const cidrs: Cidr[] = [];
  const hostPorts: HostPort[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === "") continue;
    if (entry.includes("/") || parseIp(entry) !== null) {
      const block = parseCidr(entry);
      if (block === null) throw new Error(`allow-private-targets: "${entry}" is not a valid CIDR`);
      if (hasHostBits(block)) {
        // 192.168.1.0/16 is far more likely a typo than an intent; refuse to guess which part is wrong.
        throw new Error(`allow-private-targets: "${entry}" has host bits set beyond its /${block.prefix} prefix`);
      }
      cidrs.push(block);
      continue;
    }
    const hostPort = parseHostPort(entry);
    if (hostPort === null) {
      throw new Error(`allow-private-targets: "${entry}" is neither a CIDR nor a host:port`);
    }
    hostPorts.push(hostPort);
  }
  return { cidrs, hostPorts };
}

/** Lower-cases a URL hostname and drops IPv6 brackets, the form `parseHostPort` stores. */
function normaliseHostname(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.startsWith("[") && lower.endsWith("]") ? lower.slice(1, -1) : lower;
}

function sameAddress(a: IpAddress | null, b: IpAddress | null): boolean {
  return a !== null && b !== null && a.family === b.family && a.value === b.value;
}

/**
 * Whether the allow list exempts a connection from the guard.
 * @param ip the resolved address about to be connected to.
 * @param hostname the URL's hostname (`URL.hostname`; brackets allowed).
 * @param port the effective port (443/80 when the URL names none).
 * @returns true when `ip` is inside an allowed CIDR, or a `host:port` entry names this port and either
 *   the URL's hostname or (for an IP entry) the resolved address itself.
 */
export function isAllowed(allow: AllowList, ip: string, hostname: string, port: number): boolean {
  const address = parseIp(ip);
  if (address !== null && allow.cidrs.some((block) => cidrContains(block, address))) return true;
  const host = normaliseHostname(hostname);
  return allow.hostPorts.some((entry) => entry.port === port && (entry.host === host || sameAddress(parseIp(entry.host), address)));
}
