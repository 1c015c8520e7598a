import type { Db } from "../store/db.ts";
import { confirmFreeCall, releaseFreeCall, reserveFreeCall } from "../store/free-trial.ts";
import { confirmPaidCall, releasePaidCall, reservePaidCall } from "../store/keys.ts";
import { hashSecret, looksLikeSecret } from "../payments/secrets.ts";
import type { PaymentReason } from "../payments/terms.ts";
import { PRICE_PER_CALL_ATOMIC, atomicToUsd } from "../payments/amounts.ts";

/**
 * Who pays for one /extract call (decisions.md): a key with calls left, else the free flag with
 * allowance left, else a 402 whose reason says why. The call is reserved before any work so
 * concurrency can never overspend, and settled afterwards: confirmed when an article was
 * delivered, released (refunded) on any error.
 */
export type Charge =
  | { kind: "paid"; reservationId: string; callsRemaining: number }
  | { kind: "free"; reservationId: string; freeCallsRemainingToday: number }
  | { kind: "refused"; reason: PaymentReason };

export interface ChargeRequest {
  authorization: string | null;
  freeFlag: boolean;
  /** IPv4 address or IPv6 /64 the free allowance is counted on. */
  freeSubject: string;
  freeCallsPerDay: number;
  /** An x402 PAYMENT-SIGNATURE / X-PAYMENT header was sent (we settle by /redeem instead). */
  x402Payment: boolean;
  now?: Date;
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function reserveCharge(db: Db, req: ChargeRequest): Charge {
  let keyReason: PaymentReason | null = null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.authorization ?? "")?.[1];
  if (req.authorization !== null) {
    if (bearer && looksLikeSecret(bearer, "vk")) {
      const paid = reservePaidCall(db, hashSecret(bearer));
      if (paid.ok) return { kind: "paid", reservationId: paid.reservationId, callsRemaining: paid.callsRemaining };
      keyReason = paid.reason;
    } else {
      keyReason = "invalid_api_key";
    }
  }
  if (req.freeFlag) {
    const free = reserveFreeCall(db, req.freeSubject, utcDay(req.now ?? new Date()), req.freeCallsPerDay);
    if (free.ok) return { kind: "free", reservationId: free.reservationId, freeCallsRemainingToday: free.remaining };
  }
  if (keyReason) return { kind: "refused", reason: keyReason };
  if (req.freeFlag) return { kind: "refused", reason: "free_trial_exhausted" };
  return { kind: "refused", reason: req.x402Payment ? "x402_settlement_unsupported" : "payment_required" };
}

/** Settles a reservation: keeps it when the article was delivered, gives it back otherwise. */
export function settleCharge(db: Db, charge: Charge, delivered: boolean): void {
  if (charge.kind === "paid") {
    if (delivered) confirmPaidCall(db, charge.reservationId);
    else releasePaidCall(db, charge.reservationId);
  } else if (charge.kind === "free") {
    if (delivered) confirmFreeCall(db, charge.reservationId);
    else releaseFreeCall(db, charge.reservationId);
  }
}

export function usageOf(charge: Charge) {
  if (charge.kind === "paid")
    return { mode: "paid" as const, callsRemaining: charge.callsRemaining, chargedUsd: atomicToUsd(PRICE_PER_CALL_ATOMIC) };
  if (charge.kind === "free") return { mode: "free" as const, freeCallsRemainingToday: charge.freeCallsRemainingToday };
  throw new Error("a refused charge has no usage");
}
