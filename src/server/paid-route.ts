import { MIN_PURCHASE_ATOMIC } from "../payments/amounts.ts";
import type { Settler } from "../payments/settle.ts";
import { SIWX_HEADER, siwxExtension, verifySiwxProof } from "../payments/siwx.ts";
import { paymentRequired, type PaymentReason } from "../payments/terms.ts";
import { decodePaymentHeader } from "../payments/x402-exact.ts";
import { confirmPaidCall, releasePaidCall } from "../store/keys.ts";
import { reserveOwnerCall } from "../store/settlements.ts";
import { paymentOffer, reserveCharge, settleCharge, usageOf, type Charge, type FreeAllowance } from "./billing.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import { publicBase, tagErrorCode } from "./request-context.ts";
import { bazaarExtension, siteUrls } from "./x402-discovery.ts";

/**
 * A paid route, declared once: the reserve → 402 → settle → charge flow every paid route uses
 * (/extract today). The route calls {@link PaidRoute.reserve} before any work, does the work, and
 * calls {@link PaidRoute.finish} with whether it delivered; everything about money is here.
 *
 * Who pays, in order:
 * 1. `Authorization: Bearer vk_…` with calls left (billing.ts);
 * 2. a valid `SIGN-IN-WITH-X` proof from a wallet whose key has calls left;
 * 3. an x402 `exact` payment (`PAYMENT-SIGNATURE` v2 / `X-PAYMENT` v1), settled on-chain by the
 *    settler (src/payments/settle.ts) and credited to the payer's wallet key, from which this call
 *    is then paid (the answer carries `PAYMENT-RESPONSE`, and the new key once, in
 *    `X-Vellum-Api-Key`);
 * 4. the free flag with allowance left;
 * 5. otherwise a 402 whose `error` says why, with the x402 terms and a fresh `sign-in-with-x`
 *    challenge.
 */
export type PaidCharge = Charge & {
  /** Response headers to send with the delivered answer (and with an undelivered one). */
  headers: Record<string, string>;
};

export type Reserved = { ok: true; charge: PaidCharge } | { ok: false; response: Response };

/** Response header holding the wallet's key the first time a settlement creates it. */
export const NEW_KEY_HEADER = "x-vellum-api-key";

export interface PaidRoute {
  /** True when a request can only end in 402 (or 400): no key, no free flag, no payment, no SIWX proof. */
  offersNothing(request: Request): boolean;
  reserve(request: Request, free: FreeAllowance): Promise<Reserved>;
  /** Keeps the reserved call when the work was delivered, gives it back otherwise. */
  finish(charge: PaidCharge, delivered: boolean): Promise<void>;
  usage(charge: PaidCharge): ReturnType<typeof usageOf>;
  /** The 402 answer for `reason`. */
  paymentRequired(request: Request, reason: PaymentReason): Response;
}

export function createPaidRoute(deps: AppDeps, route: { path: string }): PaidRoute {
  const { db, live } = deps;
  const settler = (): Settler | null => deps.settler?.() ?? null;
  const resourceUrl = (request: Request) => `${publicBase(live, request)}${route.path}`;

  /**
   * The 402. Everything but the SIWX challenge depends only on the configuration, the reason, the
   * method and the public base, so that part is built once per combination; the challenge (a
   * fresh nonce and times) is spliced into the cached text.
   */
  const cache = new WeakMap<object, Map<string, { head: string; tail: string }>>();
  const SPLICE = '"sign-in-with-x":null';
  const paymentRequiredResponse = (request: Request, reason: PaymentReason): Response => {
    const c = live.current;
    const base = publicBase(live, request);
    const x402 = settler() !== null;
    let byConfig = cache.get(c);
    if (!byConfig) cache.set(c, (byConfig = new Map()));
    const key = `${reason} ${request.method} ${base} ${x402}`;
    let cached = byConfig.get(key);
    if (!cached) {
      const body = paymentRequired({
        network: c.network,
        usdc: c.usdc,
        payTo: c.payTo,
        minimumAtomic: MIN_PURCHASE_ATOMIC,
        ...siteUrls(base),
        resourceUrl: `${base}${route.path}`,
        reason,
        x402Settlement: x402,
        extensions: { bazaar: bazaarExtension(request.method), "sign-in-with-x": null },
      });
      const text = JSON.stringify(body);
      const at = text.lastIndexOf(SPLICE);
      cached = { head: text.slice(0, at), tail: text.slice(at + SPLICE.length) };
      if (byConfig.size < 64) byConfig.set(key, cached); // bounded: the base comes from the Host header
    }
    const challenge = JSON.stringify(siwxExtension(`${base}${route.path}`, c.network));
    const text = `${cached.head}"sign-in-with-x":${challenge}${cached.tail}`;
    const response = new Response(text, {
      status: 402,
      headers: {
        "content-type": "application/json",
        "cache-control": "no-store",
        // The same bytes encodePaymentHeader gives for the object (standard base64 of its JSON).
        "payment-required": Buffer.from(text, "utf8").toString("base64"),
      },
    });
    return tagErrorCode(response, reason);
  };

  const paid = (reservationId: string, callsRemaining: number, headers: Record<string, string> = {}): Reserved => ({
    ok: true,
    charge: { kind: "paid", reservationId, callsRemaining, headers },
  });

  return {
    offersNothing(request) {
      const h = request.headers;
      if (h.has("authorization") || h.has("payment-signature") || h.has("x-payment") || h.has(SIWX_HEADER)) return false;
      return !paymentOffer(request).freeFlag;
    },

    async reserve(request, free) {
      const offer = paymentOffer(request);
      // 1. A Bearer key (and, failing it, the free flag) — billing's own order.
      if (offer.authorization !== null) {
        const charge = await reserveCharge(db, { ...offer, x402Payment: false }, free);
        if (charge.kind !== "refused") return { ok: true, charge: { ...charge, headers: {} } };
        return { ok: false, response: paymentRequiredResponse(request, charge.reason) };
      }
      let siwxReason: PaymentReason | null = null;
      // 2. A SIGN-IN-WITH-X proof: the wallet's own key.
      const proof = request.headers.get(SIWX_HEADER);
      if (proof !== null) {
        const check = await verifySiwxProof(db, () => deps.chain().client, proof, {
          resourceUrl: resourceUrl(request),
          network: live.current.network,
        });
        if (check.ok) {
          const reserved = await reserveOwnerCall(db, check.address);
          if (reserved.ok) return paid(reserved.reservationId, reserved.callsRemaining);
          siwxReason = "credits_exhausted";
        } else if (check.reason === "chain_unavailable") {
          deps.log.warn("SIWX proof could not be checked", { detail: check.detail });
          throw new ApiError(503, "chain_unavailable", "The chain cannot be read now to check the wallet's signature; retry later.", {}, 5);
        } else siwxReason = check.reason;
      }
      // 3. An x402 payment, settled here.
      const decoded = decodePaymentHeader(request.headers);
      if (decoded) {
        const s = settler();
        if (!s || !live.current.payTo) return { ok: false, response: paymentRequiredResponse(request, "x402_settlement_unsupported") };
        if (!decoded.ok) return { ok: false, response: paymentRequiredResponse(request, decoded.reason) };
        const outcome = await s.settle(decoded.payment);
        if (!outcome.ok) {
          if (outcome.status === 402) return { ok: false, response: paymentRequiredResponse(request, outcome.reason) };
          if (outcome.detail) deps.log.warn("x402 settlement unavailable", { reason: outcome.reason, detail: outcome.detail });
          throw new ApiError(
            503,
            outcome.reason,
            outcome.reason === "settlement_pending"
              ? "The payment was submitted but is not confirmed yet; it will be credited to the paying wallet once it is (spend it with SIGN-IN-WITH-X)."
              : "The payment cannot be settled now; nothing was charged. Retry later.",
            {},
            outcome.reason === "settlement_pending" ? 10 : 5,
          );
        }
        const receipt = Buffer.from(
          JSON.stringify({ success: true, transaction: outcome.txHash, network: outcome.network, payer: outcome.payer }),
        ).toString("base64");
        // PAYMENT-RESPONSE always; an x402 v1 client (X-PAYMENT) also finds it under its own name.
        const headers: Record<string, string> = { "payment-response": receipt };
        if (decoded.payment.header === "x-payment") headers["x-payment-response"] = receipt;
        if (outcome.apiKey) headers[NEW_KEY_HEADER] = outcome.apiKey;
        const reserved = await reserveOwnerCall(db, outcome.payer);
        if (reserved.ok) return paid(reserved.reservationId, reserved.callsRemaining, headers);
        // Paid and credited, but the wallet's key cannot pay now (revoked by the operator).
        const response = paymentRequiredResponse(request, "credits_exhausted");
        for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
        return { ok: false, response };
      }
      // 4. The free flag; 5. the reason.
      const charge = await reserveCharge(db, { ...offer, x402Payment: false }, free);
      if (charge.kind !== "refused") return { ok: true, charge: { ...charge, headers: {} } };
      return { ok: false, response: paymentRequiredResponse(request, offer.freeFlag ? charge.reason : (siwxReason ?? charge.reason)) };
    },

    async finish(charge, delivered) {
      if (charge.kind === "paid") {
        if (delivered) await confirmPaidCall(db, charge.reservationId);
        else await releasePaidCall(db, charge.reservationId);
        return;
      }
      await settleCharge(db, charge, delivered);
    },

    usage: (charge) => usageOf(charge),
    paymentRequired: paymentRequiredResponse,
  };
}
