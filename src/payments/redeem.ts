import type { Address, Hash } from "viem";
import type { ChainReader } from "./chain.ts";
import { redeemFailure, type RedeemFailure } from "./reasons.ts";
import { checkPayerSignature } from "./signature.ts";
import { normalizeTxHash, verifyTransfer, type VerifiedTransfer } from "./verify-transfer.ts";

/**
 * The checks shared by /redeem and /kit/redeem, in one place so the two endpoints can never
 * judge a payment differently: hash shape, exactly-once pre-check, on-chain verification and the
 * optional payer signature. The caller then writes the redemption row and what it buys in one
 * SQLite transaction (whose UNIQUE constraint settles any race this pre-check cannot see).
 */
export interface RedeemCheckInput {
  txHash: string;
  signature?: unknown;
  usdc: Address;
  payTo: Address;
  confirmations: number;
  /** Atomic USDC units the transfers must reach ($1.00 for credits, the kit price for the kit). */
  minimumAtomic: bigint;
  requireSignature: boolean;
}

/** A refused redemption, `{status, code, message, retryAfterSeconds}`: what the route throws as its API error. */
export type RedeemRefusal =
  | RedeemFailure
  | { status: 400; code: "invalid_request"; message: string; retryAfterSeconds?: undefined }
  | { status: 409; code: "already_redeemed"; message: string; retryAfterSeconds?: undefined };

export type RedeemCheck = { ok: true; txHash: Hash; transfer: VerifiedTransfer } | { ok: false; refusal: RedeemRefusal; detail?: string };

export const ALREADY_REDEEMED: RedeemRefusal = {
  status: 409,
  code: "already_redeemed",
  message: "This transaction was already redeemed (for credits or for the kit).",
};

/**
 * Never throws for a business reason.
 * @param alreadyRedeemed storage's answer for a canonical (lowercase) hash
 */
export async function checkRedemption(
  reader: ChainReader,
  alreadyRedeemed: (txHash: Hash) => boolean | Promise<boolean>,
  input: RedeemCheckInput,
): Promise<RedeemCheck> {
  const txHash = normalizeTxHash(input.txHash);
  if (!txHash) {
    return {
      ok: false,
      refusal: { status: 400, code: "invalid_request", message: "txHash must be 0x followed by 64 hex digits." },
    };
  }
  if (await alreadyRedeemed(txHash)) return { ok: false, refusal: ALREADY_REDEEMED };
  const hasSignature = input.signature !== undefined && input.signature !== null && input.signature !== "";
  if (input.requireSignature && !hasSignature) {
    return { ok: false, refusal: redeemFailure("signature_required") };
  }
  const verified = await verifyTransfer(reader, {
    txHash,
    usdc: input.usdc,
    payTo: input.payTo,
    confirmations: input.confirmations,
    minimumAtomic: input.minimumAtomic,
  });
  if (!verified.ok) return { ok: false, refusal: redeemFailure(verified.reason, verified.retryAfterSeconds), detail: verified.detail };
  if (hasSignature) {
    const sig = await checkPayerSignature(reader, { txHash, payer: verified.payer, signature: input.signature });
    if (!sig.ok)
      return { ok: false, refusal: redeemFailure(sig.reason), detail: sig.reason === "chain_unavailable" ? sig.detail : undefined };
  }
  return { ok: true, txHash, transfer: verified };
}
