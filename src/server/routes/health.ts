import { Elysia } from "elysia";
import { VERSION, SERVICE_NAME } from "../../version.ts";
import { X402_VERSION, USDC_EIP712 } from "../../payments/terms.ts";
import { MIN_PURCHASE_ATOMIC, PRICE_PER_CALL_ATOMIC, atomicToUsd, parseUsdToAtomic } from "../../payments/amounts.ts";
import { Health } from "../schemas.ts";
import type { AppDeps } from "../deps.ts";

export const ENDPOINTS = [
  "GET /extract",
  "POST /extract",
  "POST /redeem",
  "GET /balance",
  "GET /kit/info",
  "POST /kit/redeem",
  "GET /kit/download",
  "GET /health",
  "GET /openapi.json",
  "GET /docs",
  "GET /.well-known/x402.json",
];

/** /health: liveness plus what a buyer needs to pay (pricing, pay-to, asset). Cheap: no I/O. */
export function healthRoutes({ live, settler }: AppDeps) {
  return new Elysia().get(
    "/health",
    () => {
      const c = live.current;
      return {
        ok: true,
        service: SERVICE_NAME,
        version: VERSION,
        x402Version: X402_VERSION,
        now: new Date().toISOString(),
        endpoints: ENDPOINTS,
        pricing: {
          pricePerCallUsd: atomicToUsd(PRICE_PER_CALL_ATOMIC),
          minimumPurchaseUsd: atomicToUsd(MIN_PURCHASE_ATOMIC),
          freeCallsPerDay: c.freeCallsPerDay,
          kitPriceUsd: atomicToUsd(parseUsdToAtomic(c.kitPriceUsd) ?? 0n), // validated at config time
          currency: "USD",
        },
        payTo: c.payTo,
        network: c.network,
        asset: { address: c.usdc, symbol: "USDC", name: USDC_EIP712.name, decimals: 6, network: c.network },
        payments: {
          // x402 `exact` payments settled by this service (src/payments/settle.ts): needs a settler and a pay-to.
          x402: c.payTo !== null && (settler?.() ?? null) !== null,
          redeem: c.payTo !== null,
          signInWithX: c.payTo !== null && (settler?.() ?? null) !== null,
        },
      };
    },
    { response: { 200: Health }, detail: { summary: "Service status, pricing and the pay-to address", tags: ["service"] } },
  );
}
