import type { Db } from "../store/db.ts";
import { confirmFreeCall, releaseFreeCall, reserveFreeCall } from "../store/free-trial.ts";
import { confirmPaidCall, releasePaidCall, reservePaidCall } from "../store/keys.ts";
import { hashSecret, looksLikeSecret } from "../payments/secrets.ts";
import type { PaymentReason } from "../payments/terms.ts";
import { PRICE_PER_CALL_ATOMIC, atomicToUsd } from "../payments/amounts.ts";

/**
 * Who pays for one /extract call (docs/decisions.md "Who pays for a call"): a key with calls left, else the free flag with
 * allowance left, else a 402 whose reason says why. The call is reserved before any work so
 * concurrency can never overspend, and settled afterwards: confirmed when an article was
 * delivered, released (refunded) on any error.
 */
export type Charge =
  | { kind: "paid"; reservationId: string; callsRemaining: number }
  | { kind: "free"; reservationId: string; freeCallsRemainingToday: number }
  | { kind: "refused"; reason: PaymentReason };

/**
 * What a request offers to pay with, read from the raw request: the Authorization header, the
 * free flag (`?free=1` in the raw query — the validated query gets schema defaults filled in — or
 * `X-Free-Trial: 1`) and whether an x402 PAYMENT-SIGNATURE / X-PAYMENT header was sent.
 */
export interface PaymentOffer {
  authorization: string | null;
  freeFlag: boolean;
  /** An x402 payment header was sent (we settle by /redeem instead). */
  x402Payment: boolean;
}

export function paymentOffer(request: Request): PaymentOffer {
  const query = request.url.indexOf("?");
  return {
    authorization: request.headers.get("authorization"),
    freeFlag:
      request.headers.get("x-free-trial") === "1" || (query >= 0 && new URLSearchParams(request.url.slice(query + 1)).get("free") === "1"),
    x402Payment: request.headers.has("payment-signature") || request.headers.has("x-payment"),
  };
}

/** The free allowance a call may draw on: the IPv4 address or IPv6 /64 it is counted on, and the daily limit. */
export interface FreeAllowance {
  subject: string;
  callsPerDay: number;
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The one decision of who pays, in order: a key with calls left, else the free flag with allowance
 * left, else refused with the reason of the first source that failed (a bad or empty key, the free
 * allowance used up, an x402 header we cannot settle, or no payment at all).
 */
export async function reserveCharge(db: Db, offer: PaymentOffer, free: FreeAllowance, now: Date = new Date()): Promise<Charge> {
  let keyReason: PaymentReason | null = null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(offer.authorization ?? "")?.[1];
  if (offer.authorization !== null) {
    if (bearer && looksLikeSecret(bearer, "vk")) {
      const paid = await reservePaidCall(db, hashSecret(bearer));
      if (paid.ok) return { kind: "paid", reservationId: paid.reservationId, callsRemaining: paid.callsRemaining };
      keyReason = paid.reason;
    } else {
      keyReason = "invalid_api_key";
    }
  }
  if (offer.freeFlag) {
    const reserved = await reserveFreeCall(db, free.subject, utcDay(now), free.callsPerDay);
    if (reserved.ok) return { kind: "free", reservationId: reserved.reservationId, freeCallsRemainingToday: reserved.remaining };
  }
  if (keyReason) return { kind: "refused", reason: keyReason };
  if (offer.freeFlag) return { kind: "refused", reason: "free_trial_exhausted" };
  return { kind: "refused", reason: offer.x402Payment ? "x402_settlement_unsupported" : "payment_required" };
}

/** Settles a reservation: keeps it when the article was delivered, gives it back otherwise. */
export async function settleCharge(db: Db, charge: Charge, delivered: boolean): Promise<void> {
  if (charge.kind === "paid") {
    if (delivered) await confirmPaidCall(db, charge.reservationId);
    else await releasePaidCall(db, charge.reservationId);
  } else if (charge.kind === "free") {
    if (delivered) await confirmFreeCall(db, charge.reservationId);
    else await releaseFreeCall(db, charge.reservationId);
  }
}

export function usageOf(charge: Charge) {
  if (charge.kind === "paid")
    return { mode: "paid" as const, callsRemaining: charge.callsRemaining, chargedUsd: atomicToUsd(PRICE_PER_CALL_ATOMIC) };
  if (charge.kind === "free") return { mode: "free" as const, freeCallsRemainingToday: charge.freeCallsRemainingToday };
  throw new Error("a refused charge has no usage");
}
