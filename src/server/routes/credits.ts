import { Elysia, t } from "elysia";
import { SIWX_HEADER, verifySiwxProof } from "../../payments/siwx.ts";
import { findOwnerKey } from "../../store/settlements.ts";
import { ALREADY_REDEEMED } from "../../payments/redeem.ts";
import { MIN_PURCHASE_ATOMIC, PRICE_PER_CALL_ATOMIC, atomicToUsd, callsForAmount } from "../../payments/amounts.ts";
import { generateSecret, hashSecret, looksLikeSecret } from "../../payments/secrets.ts";
import { findKeyByHash, redeemForKey } from "../../store/keys.ts";
import { ApiError } from "../errors.ts";
import { Closed, ErrorBody } from "../schemas.ts";
import type { AppDeps } from "../deps.ts";
import { publicBase, requestInfo } from "../request-context.ts";
import { REDEEM_ERRORS, RedeemBody, refuse, verifyRedemption } from "../redemption.ts";

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
        const saved = await redeemForKey(db, {
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
          413: ErrorBody(["too_large"], "The JSON body is over 64 KiB (or of unknown length); refused before it is read"),
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
      async ({ request }) => {
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
        const proof = request.headers.get(SIWX_HEADER);
        if (!bearer && proof !== null) {
          // A wallet's own key, by a SIGN-IN-WITH-X proof (src/payments/siwx.ts): bound to this origin, single use.
          const check = await verifySiwxProof(db, () => deps.chain().client, proof, {
            resourceUrl: `${publicBase(live, request)}/balance`,
            network: live.current.network,
          });
          if (!check.ok) throw new ApiError(401, "unauthorized", `The SIGN-IN-WITH-X proof was not accepted (${check.reason}).`);
          const owned = await findOwnerKey(db, check.address);
          if (!owned || owned.revokedAt !== null)
            throw new ApiError(401, "unauthorized", "This wallet has no calls: pay once with an x402 client.");
          return {
            callsRemaining: owned.callsRemaining,
            totalCalls: owned.totalCalls,
            creditsUsd: atomicToUsd(BigInt(owned.callsRemaining) * PRICE_PER_CALL_ATOMIC),
            pricePerCallUsd: atomicToUsd(PRICE_PER_CALL_ATOMIC),
            createdAt: new Date(owned.createdAt).toISOString(),
          };
        }
        if (!bearer)
          throw new ApiError(
            401,
            "unauthorized",
            "Send your key as 'Authorization: Bearer vk_…' or a SIGN-IN-WITH-X proof of the paying wallet.",
          );
        const key = looksLikeSecret(bearer, "vk") ? await findKeyByHash(db, hashSecret(bearer)) : null;
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
        headers: t.Object({
          authorization: t.Optional(t.String({ description: "Bearer vk_…" })),
          "sign-in-with-x": t.Optional(t.String({ description: "base64 SIWX proof of the paying wallet (instead of the key)" })),
        }),
        response: { 200: Balance, 401: ErrorBody(["unauthorized"], "Missing, malformed, unknown or revoked key, or a refused SIWX proof") },
        detail: {
          summary: "Calls left on an API key (or on the key of the wallet a SIGN-IN-WITH-X proof signs for)",
          tags: ["payments"],
          security: [{ bearerAuth: [] }, { signInWithX: [] }],
        },
      },
    );
}
