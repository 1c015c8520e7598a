import { t } from "elysia";
import { checkRedemption, type RedeemRefusal } from "../payments/redeem.ts";
import { isRedeemed } from "../store/keys.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import { requestInfo } from "./request-context.ts";

/**
 * Redemption at the HTTP boundary, shared by POST /redeem (src/server/routes/credits.ts) and
 * POST /kit/redeem (src/server/routes/kit.ts): the request body, the error codes both document,
 * the on-chain checks with the current settings (src/payments/redeem.ts does the checking) and the
 * translation of a refusal into its API error. What a redemption buys stays in each route.
 */

export const TX_HASH_PATTERN = "^0x[0-9a-fA-F]{64}$";

export const RedeemBody = t.Object({
  txHash: t.String({ pattern: TX_HASH_PATTERN, description: "hash of the USDC transfer to payTo", examples: ["0x" + "0".repeat(64)] }),
  signature: t.Optional(
    t.String({
      description:
        "EIP-191 signature by the payer of the text 'vellum redeem <txHash in lowercase>'; required when the operator enables redeemRequireSignature",
    }),
  ),
});

export const REDEEM_ERRORS = {
  400: [
    "invalid_request",
    "transaction_not_found",
    "transaction_failed",
    "no_transfer_to_treasury",
    "amount_below_minimum",
    "bad_signature",
    "signature_required",
  ],
  409: ["already_redeemed"],
  425: ["pending", "not_confirmed"],
  503: ["chain_unavailable", "payments_not_configured"],
} as const;

/** Turns a refused redemption into the thrown API error (logs the chain detail, never sends it). */
export function refuse(deps: AppDeps, request: Request, refusal: RedeemRefusal, detail?: string): never {
  if (detail) deps.log.warn("redeem could not read the chain", { req: requestInfo(request).id, detail });
  throw new ApiError(refusal.status, refusal.code, refusal.message, {}, refusal.retryAfterSeconds);
}

/** The pay-to address, or 503 when the operator has not configured one (nothing can be bought). */
function requirePayTo(deps: AppDeps) {
  const payTo = deps.live.current.payTo;
  if (!payTo)
    throw new ApiError(
      503,
      "payments_not_configured",
      "This instance sells nothing yet: its operator has not configured a pay-to address.",
    );
  return payTo;
}

/**
 * The on-chain checks of a redeem with the current settings (pay-to, USDC, confirmations,
 * signature policy), shared by /redeem and /kit/redeem; a refusal is thrown as its API error.
 * @param minimumAtomic USDC atomic units the transfers must reach
 */
export async function verifyRedemption(
  deps: AppDeps,
  request: Request,
  body: { txHash: string; signature?: string },
  minimumAtomic: bigint,
) {
  const c = deps.live.current;
  const payTo = requirePayTo(deps);
  const check = await checkRedemption(deps.chain(), (hash) => isRedeemed(deps.db, c.chainId, hash), {
    txHash: body.txHash,
    signature: body.signature,
    usdc: c.usdc,
    payTo,
    confirmations: c.confirmations,
    minimumAtomic,
    requireSignature: c.redeemRequireSignature,
  });
  if (!check.ok) refuse(deps, request, check.refusal, check.detail);
  return check;
}
