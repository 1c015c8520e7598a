/**
 * Optional payer binding for /redeem and /kit/redeem (docs/decisions.md "Redeeming payments"): the
 * payer proves the redemption is theirs by signing `vellum redeem <txHash>` (EIP-191 personal
 * message), which stops a third party who saw the hash on-chain from redeeming it first.
 *
 * The signed text uses the hash in lowercase, whatever case the client sent it in: a hash is hex
 * and its case carries no meaning, and one canonical text is what a wallet UI, a script and the
 * docs can all agree on. So the client signs exactly
 * `vellum redeem 0x` + 64 lowercase hex digits.
 */
import { isAddress, isHex, type Address, type Hex } from "viem";
import { describeRpcError, type ChainReader } from "./chain.ts";
import { normalizeTxHash } from "./verify-transfer.ts";

/** Input of {@link verifyPayerSignature} and {@link checkPayerSignature}. */
export interface PayerSignatureInput {
  /** The redeemed hash, any case (lowercased for the message). */
  txHash: string;
  /** Who must have signed: the payer from the verified transfer. */
  payer: Address;
  /** The client's `signature` field: hex (65-byte ECDSA, ERC-1271 or ERC-6492 wrapped). */
  signature: unknown;
}

/** Outcome of {@link checkPayerSignature}. */
export type PayerSignatureCheck =
  | { ok: true }
  | { ok: false; reason: "bad_signature" }
  /** Only possible for a contract-wallet signature, which needs an eth_call. `detail` is for the log. */
  | { ok: false; reason: "chain_unavailable"; detail: string };

/**
 * The exact text the payer signs for `txHash`: `vellum redeem 0x<64 lowercase hex>`.
 * @returns `null` when `txHash` is not `0x` + 64 hex digits.
 */
export function redeemMessage(txHash: string): string | null {
  const hash = normalizeTxHash(txHash);
  return hash ? `vellum redeem ${hash}` : null;
}

/**
 * Whether `signature` is the payer's EIP-191 signature of {@link redeemMessage}. Checked with
 * viem's `verifyMessage` on the reader's client: a plain account is verified offline by
 * recovery; a smart-contract wallet through ERC-1271 (deployed) or ERC-6492 (not yet deployed)
 * with an eth_call.
 *
 * Never throws. A malformed hash, address or signature is `false`. So is a contract-wallet
 * check that could not reach the chain; use {@link checkPayerSignature} to tell that apart
 * (a 503 the client may retry rather than a 400).
 */
export async function verifyPayerSignature(reader: ChainReader, input: PayerSignatureInput): Promise<boolean> {
  return (await judge(reader, input)) === "valid";
}

/**
 * {@link verifyPayerSignature} as a typed result for the redeem routes: `bad_signature` (400) when
 * the signature does not verify, `chain_unavailable` (503) when a well-formed signature did not
 * verify AND the chain does not answer, since a contract wallet's signature cannot be judged
 * without it.
 */
export async function checkPayerSignature(reader: ChainReader, input: PayerSignatureInput): Promise<PayerSignatureCheck> {
  const verdict = await judge(reader, input);
  if (verdict === "valid") return { ok: true };
  if (verdict === "malformed") return { ok: false, reason: "bad_signature" };
  // viem reports a failed eth_call as "not valid", so ask the chain whether it was there at all.
  try {
    await reader.client.getBlockNumber({ cacheTime: 0 });
    return { ok: false, reason: "bad_signature" };
  } catch (error) {
    return { ok: false, reason: "chain_unavailable", detail: describeRpcError(error) };
  }
}

async function judge(reader: ChainReader, input: PayerSignatureInput): Promise<"valid" | "invalid" | "malformed"> {
  const message = redeemMessage(input.txHash);
  const signature = input.signature;
  if (message === null || !isAddress(input.payer, { strict: false })) return "malformed";
  if (typeof signature !== "string" || !isHex(signature, { strict: true }) || signature.length < 4) return "malformed";
  try {
    const valid = await reader.client.verifyMessage({
      address: input.payer,
      message,
      signature: signature as Hex,
      // Recover first: most payers are plain accounts, and recovery needs no RPC round trip.
      mode: "eoa",
    });
    return valid ? "valid" : "invalid";
  } catch {
    return "invalid";
  }
}
