import { ipv6Slash64, normaliseIp, parseIp } from "../net/ip.ts";

/**
 * The client's IP: the socket peer, unless the peer is a trusted proxy. Then X-Forwarded-For is
 * walked from the right, skipping trusted hops, so a client cannot forge its address by
 * prepending entries; X-Real-IP is used when there is no X-Forwarded-For. IPv4-mapped IPv6
 * addresses are reported as IPv4 (normaliseIp).
 */
export function resolveClientIp(peer: string, headers: Headers, isTrusted: (ip: string) => boolean): string {
  let ip = normaliseIp(peer);
  if (!isTrusted(ip)) return ip;
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const hops = forwarded.split(",").map((h) => normaliseIp(h.trim().replace(/^\[|\]$/g, "")));
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (parseIp(hop) === null) break; // a malformed hop ends the trustworthy part of the chain
      ip = hop;
      if (!isTrusted(hop)) break;
    }
    return ip;
  }
  const real = headers.get("x-real-ip")?.trim();
  return real && parseIp(normaliseIp(real)) !== null ? normaliseIp(real) : ip;
}

/** What the free allowance is counted on: an IPv4 address, or the /64 of an IPv6 address. */
export function freeTrialSubject(ip: string): string {
  return ipv6Slash64(ip) ?? ip;
}
