import { isIP } from "node:net";
import { cidrContains, parseCidr, parseIp, type Cidr } from "../extract/address-guard.ts";

/**
 * A matcher over the --trusted-proxies CIDRs (validated at config time). IPv4-mapped IPv6 peers
 * are normalised to IPv4 before matching (see normaliseIp).
 */
export function cidrMatcher(cidrs: readonly string[]): (ip: string) => boolean {
  const blocks = cidrs.map((c) => parseCidr(c)).filter((b): b is Cidr => b !== null);
  return (ip) => {
    const address = parseIp(ip);
    return address !== null && blocks.some((b) => cidrContains(b, address));
  };
}

/** `::ffff:1.2.3.4` (how a dual-stack socket reports an IPv4 peer) → `1.2.3.4`. */
export function normaliseIp(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1]! : ip.toLowerCase();
}

/**
 * The client's IP: the socket peer, unless the peer is a trusted proxy. Then X-Forwarded-For is
 * walked from the right, skipping trusted hops, so a client cannot forge its address by
 * prepending entries; X-Real-IP is used when there is no X-Forwarded-For.
 */
export function resolveClientIp(peer: string, headers: Headers, isTrusted: (ip: string) => boolean): string {
  let ip = normaliseIp(peer);
  if (!isTrusted(ip)) return ip;
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded.split(",").map((h) => normaliseIp(h.trim().replace(/^\[|\]$/g, "")));
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (isIP(hop) === 0) break; // a malformed hop ends the trustworthy part of the chain
      ip = hop;
      if (!isTrusted(hop)) break;
    }
    return ip;
  }
  const real = headers.get("x-real-ip")?.trim();
  return real && isIP(normaliseIp(real)) ? normaliseIp(real) : ip;
}

/** What the free allowance is counted on: an IPv4 address, or the /64 of an IPv6 address. */
export function freeTrialSubject(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(":")}::/64`;
}

function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ":" + ((c << 8) | d).toString(16);
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}
