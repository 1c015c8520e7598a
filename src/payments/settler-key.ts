/**
 * The settler account's private key, read from the file `--settler-key-file` names (env
 * `VELLUM_SETTLER_KEY_FILE`). The file must not be readable by the group or others (like an SSH
 * key): a key anyone on the machine can read is refused at start, not used. The settler only
 * pays gas (src/payments/settle.ts), so what a leak can lose is its ETH.
 */
import { readFileSync, statSync } from "node:fs";
import { isHex, type Hex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

export class SettlerKeyError extends Error {}

/**
 * Loads the key: one line, 64 hex digits with or without `0x`; surrounding whitespace ignored.
 * @throws SettlerKeyError naming the problem (never the key's content).
 */
export function loadSettlerKey(path: string): PrivateKeyAccount {
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (error) {
    throw new SettlerKeyError(`--settler-key-file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if ((mode & 0o077) !== 0)
    throw new SettlerKeyError(
      `--settler-key-file ${path}: the file is readable by its group or others (mode ${(mode & 0o777).toString(8)}); run chmod 600 on it`,
    );
  const text = readFileSync(path, "utf8").trim();
  const hex = (text.startsWith("0x") ? text : `0x${text}`) as Hex;
  if (!isHex(hex) || hex.length !== 66)
    throw new SettlerKeyError(`--settler-key-file ${path}: expected a private key of 64 hex digits (optionally 0x-prefixed)`);
  try {
    return privateKeyToAccount(hex);
  } catch {
    throw new SettlerKeyError(`--settler-key-file ${path}: not a valid secp256k1 private key`);
  }
}
