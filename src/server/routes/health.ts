import { Elysia } from "elysia";
import { VERSION, SERVICE_NAME } from "../../version.ts";
import { X402_VERSION, USDC_EIP712 } from "../../payments/terms.ts";
import { MIN_PURCHASE_ATOMIC, PRICE_PER_CALL_ATOMIC, atomicToUsd, parseUsdToAtomic } from "../../payments/amounts.ts";
import { Health } from "../schemas.ts";
import type { AppDeps } from "../deps.ts";
import { probeWritable } from "../../store/write-probe.ts";

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
  "POST /mcp",
  "GET /llms.txt",
  "GET /",
];

/** How old the store's last write probe may be before /health starts a new one. */
export const HEALTH_PROBE_INTERVAL_MS = 1000;
/** How long the first /health waits for the first probe (later calls never wait for one). */
const HEALTH_PROBE_WAIT_MS = 250;

/**
 * /health: liveness plus what a buyer needs to pay (pricing, pay-to, asset). `ok` is false, with
 * HTTP 503 and a `reason`, when the store cannot be written (a full database or disk, an unreadable
 * file): every paid or free call needs a write. The store is probed at most once a second (a
 * transaction that allocates a page and rolls its row back, src/store/write-probe.ts) in the
 * background: /health answers from the latest probe (at most about a second old) and never waits
 * behind the writes of other calls, so it stays fast under load (issue 11). Only the very first
 * /health waits, up to 250 ms, for the first probe.
 */
export function healthRoutes({ live, settler, db }: AppDeps) {
  let last: { at: number; problem: string | null } = { at: Number.NEGATIVE_INFINITY, problem: null };
  let running: Promise<void> | null = null;
  const storeProblem = async (): Promise<string | null> => {
    const never = last.at === Number.NEGATIVE_INFINITY;
    if (performance.now() - last.at >= HEALTH_PROBE_INTERVAL_MS && !running) {
      running = probeWritable(db).then((problem) => {
        last = { at: performance.now(), problem };
        running = null;
      });
    }
    if (never && running) await Promise.race([running, Bun.sleep(HEALTH_PROBE_WAIT_MS)]);
    return last.problem;
  };
  return new Elysia().get(
    "/health",
    async ({ set }) => {
      const c = live.current;
      const problem = await storeProblem();
      if (problem !== null) set.status = 503;
      return {
        ok: problem === null,
        ...(problem === null ? {} : { reason: problem }),
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
    {
      // The 503 (ok: false) has the same body; it is described here rather than listed, since every
      // listed error of the document is the { error, message } envelope.
      response: { 200: Health },
      detail: {
        summary: "Service status, pricing and the pay-to address",
        description: "Answers 503 with the same body, ok: false and a reason, when the store cannot be written.",
        tags: ["service"],
      },
    },
  );
}
