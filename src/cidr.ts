import { BlockList, isIP } from "node:net";

// CIDR lists for --trusted-proxies (and any other operator-given ranges).

/**
 * Parses one CIDR (or a bare address, taken as /32 or /128).
 * @throws Error naming the entry when it is not one.
 */
export function parseCidr(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } {
  const [address = "", prefixText] = entry.trim().split("/");
  const version = isIP(address);
  if (version === 0) throw new Error(`"${entry}" is not an IP address or CIDR`);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) throw new Error(`"${entry}" has a bad prefix length (0 to ${max})`);
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** A matcher over CIDRs; node's BlockList also matches IPv4-mapped IPv6 peers against v4 ranges. */
export function cidrMatcher(cidrs: readonly string[]): (ip: string) => boolean {
  if (cidrs.length === 0) return () => false;
  const list = new BlockList();
  for (const c of cidrs) {
    const { address, prefix, family } = parseCidr(c);
    list.addSubnet(address, prefix, family);
  }
  return (ip) => {
    const v = isIP(ip);
    return v !== 0 && list.check(ip, v === 4 ? "ipv4" : "ipv6");
  };
}
