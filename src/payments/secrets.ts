import { createHash, randomBytes } from "node:crypto";

/**
 * API keys (`vk_…`) and download tokens (`dl_…`): a prefix and 32 random bytes in base58.
 * Only a SHA-256 of the whole value is stored, so a database leak reveals no usable key.
 */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const SHAPE = /^(vk|dl)_[1-9A-HJ-NP-Za-km-z]{40,50}$/;

export type SecretKind = "vk" | "dl";

/** A fresh secret with its hash and the short prefix operators search by. */
export function generateSecret(kind: SecretKind): { value: string; hash: string; prefix: string } {
  const value = `${kind}_${base58(randomBytes(32))}`;
  return { value, hash: hashSecret(value), prefix: value.slice(0, 10) };
}

/** Hex SHA-256 of a key or token, the form it is stored and looked up in. */
export function hashSecret(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** True when `value` has the shape of a secret of `kind` (cheap check before any lookup). */
export function looksLikeSecret(value: string, kind: SecretKind): boolean {
  return SHAPE.test(value) && value.startsWith(`${kind}_`);
}

function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = "1" + out;
  }
  return out.padStart(43, "1");
}
