/** Display helpers shared by the screens (text only; no money arithmetic happens here). */
import { formatUsd } from "../payments/amounts.ts";

/** Atomic USDC units as "$1,234.56" (thousands grouped; exact decimal string, no float). */
export function usd(atomic: bigint): string {
  const [whole, fraction] = formatUsd(atomic).split(".");
  const negative = whole!.startsWith("-");
  const digits = negative ? whole!.slice(1) : whole!;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${grouped}${fraction ? `.${fraction}` : ""}`;
}

/** Unix ms as "2025-05-01 13:04 UTC"; "never" for null. */
export function when(ms: number | null): string {
  if (ms === null) return "never";
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "0x1234…abcd": enough to recognise an address or hash in a table row. */
export function short(hex: string, head = 6, tail = 4): string {
  return hex.length <= head + tail + 1 ? hex : `${hex.slice(0, head)}…${hex.slice(-tail)}`;
}

/** A number with thousands separators. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** A human file size: 1.2 MiB. */
export function bytes(n: number): string {
  const units = ["B", "KiB", "MiB", "GiB"];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} B` : `${value.toFixed(1)} ${units[unit]} (${count(n)} bytes)`;
}
