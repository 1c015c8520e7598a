/**
 * IP addresses and CIDR blocks as integers: the one parser behind the SSRF guard
 * (src/extract/address-guard.ts), the client address behind a proxy (src/server/client-ip.ts) and
 * the validation of --trusted-proxies / --allow-private-targets (src/config.ts).
 *
 * Strict on purpose: anything that is not a canonical dotted quad or RFC 4291 IPv6 text is null,
 * so a caller that fails closed on null never mistakes "0177.1" or "fe80::1%eth0" for an address.
 */

/** A parsed address: IPv4 as a 32-bit and IPv6 as a 128-bit unsigned integer. */
export interface IpAddress {
  family: 4 | 6;
  value: bigint;
}

/** A CIDR block; `base` is the address as written (see `hasHostBits`). */
export interface Cidr {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

const ADDRESS_BITS = { 4: 32, 6: 128 } as const;

/** Parses strict dotted-quad IPv4 ("127.0.0.1"); leading zeros are rejected because they read as octal elsewhere. */
function parseIPv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

/** Parses RFC 4291 text IPv6, including "::" compression and a dotted IPv4 tail; zone ids are rejected. */
function parseIPv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const groups: number[] = [];
  const pushGroups = (parts: string[], allowIPv4Tail: boolean): boolean => {
    for (const [index, part] of parts.entries()) {
      if (allowIPv4Tail && index === parts.length - 1 && part.includes(".")) {
        const v4 = parseIPv4(part);
        if (v4 === null) return false;
        groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return false;
      }
    }
    return true;
  };
  const compressed = halves.length === 2;
  if (!pushGroups(head, !compressed)) return null;
  const headCount = groups.length;
  if (!pushGroups(tail, true)) return null;
  const missing = 8 - groups.length;
  if (compressed ? missing < 1 : missing !== 0) return null;
  groups.splice(headCount, 0, ...new Array<number>(missing).fill(0));
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

/**
 * Parses an IPv4 or IPv6 address in text form; IPv6 may be wrapped in brackets as in a URL's hostname.
 * Returns null for anything else (host names, CIDRs, zone ids, non-canonical IPv4 such as "0177.1").
 */
export function parseIp(text: string): IpAddress | null {
  if (text.startsWith("[") && text.endsWith("]")) {
    const v6 = parseIPv6(text.slice(1, -1));
    return v6 === null ? null : { family: 6, value: v6 };
  }
  const v4 = parseIPv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = text.includes(":") ? parseIPv6(text) : null;
  return v6 === null ? null : { family: 6, value: v6 };
}

/** Parses "a.b.c.d/n" or "x::y/n"; a bare address is a single-address block. Returns null when malformed. */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf("/");
  const address = parseIp(slash === -1 ? text : text.slice(0, slash));
  if (address === null) return null;
  const bits = ADDRESS_BITS[address.family];
  let prefix: number = bits;
  if (slash !== -1) {
    const prefixText = text.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > bits) return null;
  }
  return { family: address.family, base: address.value, prefix };
}

function hostMask(family: 4 | 6, prefix: number): bigint {
  return (1n << BigInt(ADDRESS_BITS[family] - prefix)) - 1n;
}

/** True when the block was written with bits set past its prefix (192.168.1.0/16): more likely a typo than an intent. */
export function hasHostBits(block: Cidr): boolean {
  return (block.base & hostMask(block.family, block.prefix)) !== 0n;
}

/** True when `address` lies inside `block` (same family only: a v4 block never matches an IPv6 address). */
export function cidrContains(block: Cidr, address: IpAddress): boolean {
  if (block.family !== address.family) return false;
  const mask = hostMask(block.family, block.prefix);
  return (address.value & ~mask) === (block.base & ~mask);
}

/** A matcher over CIDR texts (validated elsewhere: a malformed entry matches nothing). */
export function cidrMatcher(cidrs: readonly string[]): (ip: string) => boolean {
  const blocks = cidrs.map((c) => parseCidr(c)).filter((b): b is Cidr => b !== null);
  return (ip) => {
    const address = parseIp(ip);
    return address !== null && blocks.some((b) => cidrContains(b, address));
  };
}

/** `::ffff:1.2.3.4` (how a dual-stack socket reports an IPv4 peer) → `1.2.3.4`; anything else lower-cased. */
export function normaliseIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip.toLowerCase();
}

/**
 * The /64 network of an IPv6 address as text, its four groups in lower-case hex without leading
 * zeros ("2001:db8:0:0::/64"); null for IPv4 or anything that does not parse.
 */
export function ipv6Slash64(ip: string): string | null {
  const address = parseIp(ip);
  if (address === null || address.family !== 6) return null;
  const groups: string[] = [];
  for (let shift = 112n; shift >= 64n; shift -= 16n) groups.push(((address.value >> shift) & 0xffffn).toString(16));
  return `${groups.join(":")}::/64`;
}
