import { Elysia, t } from "elysia";
import { checkRedemption, ALREADY_REDEEMED, type RedeemRefusal } from "../../payments/redeem.ts";
import { MIN_PURCHASE_ATOMIC, PRICE_PER_CALL_ATOMIC, atomicToUsd, callsForAmount } from "../../payments/amounts.ts";
import { generateSecret, hashSecret, looksLikeSecret } from "../../payments/secrets.ts";
import { findKeyByHash, isRedeemed, redeemForKey } from "../../store/keys.ts";
import { ApiError } from "../errors.ts";
import { Closed, ErrorBody } from "../schemas.ts";
import { requestInfo, type AppDeps } from "../app.ts";

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

export const RedeemResult = t.Object(
  {
    ok: t.Boolean(),
    apiKey: t.String({ description: "vk_… — shown once; only its SHA-256 is stored" }),
    creditsUsd: t.Number({ description: "USD value of the USDC paid" }),
    callsRemaining: t.Integer({ description: "floor(amount / $0.01)" }),
    pricePerCallUsd: t.Number(),
    payer: t.String({ description: "the address that sent the USDC" }),
  },
  { ...Closed, description: "A new API key and the calls it holds" },
);

export const Balance = t.Object(
  {
    callsRemaining: t.Integer(),
    totalCalls: t.Integer({ description: "calls ever bought (and credited by the operator)" }),
    creditsUsd: t.Number({ description: "value of the remaining calls" }),
    pricePerCallUsd: t.Number(),
    createdAt: t.String({ description: "ISO 8601 UTC" }),
  },
  { ...Closed, description: "What is left on the key" },
);

/** Turns a refused redemption into the thrown API error (logs the chain detail, never sends it). */
export function refuse(deps: AppDeps, request: Request, refusal: RedeemRefusal, detail?: string): never {
  if (detail) deps.log.warn("redeem could not read the chain", { req: requestInfo(request).id, detail });
  const { error, message, ...extra } = refusal.body as { error: string; message: string; retryAfterSeconds?: number };
  delete extra.retryAfterSeconds;
  throw new ApiError(refusal.status, error, message, extra, refusal.retryAfterSeconds);
}

/** The pay-to address, or 503 when the operator has not configured one (nothing can be bought). */
export function requirePayTo(deps: AppDeps) {
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

/** /redeem (USDC → a prepaid key) and /balance. */
export function creditRoutes(deps: AppDeps) {
  const { db, live } = deps;
  return new Elysia()
    .post(
      "/redeem",
      async ({ body, request }) => {
        const c = live.current;
        const { txHash, transfer } = await verifyRedemption(deps, request, body, MIN_PURCHASE_ATOMIC);
        const calls = callsForAmount(transfer.amountAtomic);
        const key = generateSecret("vk");
        const saved = redeemForKey(db, {
          chainId: c.chainId,
          txHash,
          payer: transfer.payer,
          amountAtomic: transfer.amountAtomic,
          blockNumber: transfer.blockNumber,
          keyHash: key.hash,
          prefix: key.prefix,
          calls: Number(calls),
        });
        if (!saved.ok) refuse(deps, request, ALREADY_REDEEMED);
        deps.log.info("redeemed for credits", {
          req: requestInfo(request).id,
          payer: transfer.payer,
          amountAtomic: transfer.amountAtomic,
          calls: Number(calls),
        });
        return {
          ok: true,
          apiKey: key.value,
          creditsUsd: atomicToUsd(transfer.amountAtomic),
          callsRemaining: Number(calls),
          pricePerCallUsd: atomicToUsd(PRICE_PER_CALL_ATOMIC),
          payer: transfer.payer,
        };
      },
      {
        body: RedeemBody,
        response: {
          200: RedeemResult,
          400: ErrorBody(REDEEM_ERRORS[400], "Bad hash, no USDC transfer to the treasury, amount below $1.00, reverted, or bad signature"),
          409: ErrorBody(REDEEM_ERRORS[409], "The transaction was already redeemed"),
          425: ErrorBody(REDEEM_ERRORS[425], "Not mined or not confirmed yet; retry after Retry-After seconds"),
          503: ErrorBody(REDEEM_ERRORS[503], "The chain cannot be read now (retry later), or payments are not configured"),
        },
        detail: {
          summary: "Redeem a USDC payment for an API key",
          description:
            "Send at least $1.00 of USDC to payTo (see /health), wait for the confirmations, then post the transaction hash. A hash is redeemable once, here or at /kit/redeem.",
          tags: ["payments"],
        },
      },
    )
    .get(
      "/balance",
      ({ request }) => {
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
        if (!bearer) throw new ApiError(401, "unauthorized", "Send your key as 'Authorization: Bearer vk_…'.");
        const key = looksLikeSecret(bearer, "vk") ? findKeyByHash(db, hashSecret(bearer)) : null;
        if (!key || key.revokedAt !== null) throw new ApiError(401, "unauthorized", "The API key is unknown or revoked.");
        return {
          callsRemaining: key.callsRemaining,
          totalCalls: key.totalCalls,
          creditsUsd: atomicToUsd(BigInt(key.callsRemaining) * PRICE_PER_CALL_ATOMIC),
          pricePerCallUsd: atomicToUsd(PRICE_PER_CALL_ATOMIC),
          createdAt: new Date(key.createdAt).toISOString(),
        };
      },
      {
        headers: t.Object({ authorization: t.Optional(t.String({ description: "Bearer vk_…" })) }),
        response: { 200: Balance, 401: ErrorBody(["unauthorized"], "Missing, malformed, unknown or revoked key") },
        detail: { summary: "Calls left on an API key", tags: ["payments"], security: [{ bearerAuth: [] }] },
      },
    );
}
