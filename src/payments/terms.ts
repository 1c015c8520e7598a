import type { Address } from "viem";
import { EXACT_REASONS, type ExactReason } from "./x402-reasons.ts";
import type { SiwxReason } from "./siwx.ts";

/**
 * The x402 v2 payment terms vellum publishes: in every 402 (body and `PAYMENT-REQUIRED` header)
 * and in the discovery document. One function builds the `accepts` entries for both, so the
 * two can never disagree.
 *
 * A buyer pays the `amount` (the minimum purchase) either with an x402 `exact` payment that vellum
 * settles itself when its operator configured a settler (src/payments/settle.ts), or on-chain to
 * `payTo` and then redeems the transaction hash at /redeem for a prepaid key.
 */
export const X402_VERSION = 2 as const;
export const MAX_TIMEOUT_SECONDS = 120;
/** EIP-712 domain of USDC on Base. */
export const USDC_EIP712 = { name: "USD Coin", version: "2" } as const;

export interface PaymentAccept {
  scheme: "exact";
  network: string;
  amount: string;
  maxAmountRequired: string;
  asset: Address;
  payTo: Address;
  maxTimeoutSeconds: number;
  extra: { name: string; version: string };
}

export interface TermsInput {
  network: string;
  usdc: Address;
  payTo: Address | null;
  /** Atomic USDC units (6 decimals) of the minimum purchase. */
  minimumAtomic: bigint;
}

/** The payment options; empty while the operator has not configured a pay-to address. */
export function paymentAccepts(input: TermsInput): PaymentAccept[] {
  if (!input.payTo) return [];
  const amount = input.minimumAtomic.toString();
  return [
    {
      scheme: "exact",
      network: input.network,
      amount,
      maxAmountRequired: amount,
      asset: input.usdc,
      payTo: input.payTo,
      maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
      extra: { name: USDC_EIP712.name, version: USDC_EIP712.version },
    },
  ];
}

/** Why a call was not served; stable codes listed in the OpenAPI document. */
export type PaymentReason =
  | "payment_required"
  | "invalid_api_key"
  | "credits_exhausted"
  | "free_trial_exhausted"
  | "x402_settlement_unsupported"
  | ExactReason
  | SiwxReason;

/** Why a SIGN-IN-WITH-X proof was not accepted (the x402 `invalid_siwx_*` codes). */
export const SIWX_REASONS: Record<SiwxReason, string> = {
  invalid_siwx_payload: "The SIGN-IN-WITH-X header is not a base64 JSON proof of this 402's sign-in-with-x challenge.",
  invalid_siwx_domain_mismatch: "The SIGN-IN-WITH-X proof was made for another domain.",
  invalid_siwx_uri_mismatch: "The SIGN-IN-WITH-X proof was made for another origin.",
  invalid_siwx_chain_id: "The SIGN-IN-WITH-X proof is for another chain than this service's network.",
  invalid_siwx_issued_at: "The SIGN-IN-WITH-X proof is too old or dated in the future; sign the challenge of a fresh 402.",
  invalid_siwx_expired: "The SIGN-IN-WITH-X proof has expired; sign the challenge of a fresh 402.",
  invalid_siwx_not_yet_valid: "The SIGN-IN-WITH-X proof is not valid yet (notBefore).",
  invalid_siwx_signature: "The SIGN-IN-WITH-X signature does not match the address.",
  invalid_siwx_nonce: "This SIGN-IN-WITH-X nonce was already used; each proof is good for one call.",
};

/** Every code a 402's `error` can hold (the OpenAPI enum). */
export const PAYMENT_REASONS = [
  "payment_required",
  "invalid_api_key",
  "credits_exhausted",
  "free_trial_exhausted",
  "x402_settlement_unsupported",
  ...(Object.keys(EXACT_REASONS) as ExactReason[]),
  ...(Object.keys(SIWX_REASONS) as SiwxReason[]),
] as const satisfies readonly PaymentReason[];

const BOTH_WAYS =
  "pay with an x402 client (an `exact` USDC authorization in PAYMENT-SIGNATURE, settled by this service; the wallet's calls are then spent with SIGN-IN-WITH-X), or send at least the listed amount of USDC to payTo and POST the transaction hash to /redeem for a key ('Authorization: Bearer vk_…')";
const REDEEM_ONLY =
  "send at least the listed amount of USDC to payTo on-chain, then POST the transaction hash to /redeem for a key ('Authorization: Bearer vk_…')";

/** The 402 message of a reason; `x402Settlement` says whether this instance settles x402 payments. */
export function paymentReasonMessage(reason: PaymentReason, x402Settlement: boolean): string {
  const buy = x402Settlement ? BOTH_WAYS : REDEEM_ONLY;
  switch (reason) {
    case "payment_required":
      return x402Settlement
        ? `This call costs $0.01: ${buy}; or use the free trial with free=1 or 'X-Free-Trial: 1'.`
        : `This call costs $0.01: ${buy} (x402 payment signatures are not settled by this instance: its operator has not enabled a settler); or use the free trial with free=1 or 'X-Free-Trial: 1'.`;
    case "invalid_api_key":
      return `The API key is unknown or revoked. To buy calls: ${buy}.`;
    case "credits_exhausted":
      return `No calls left on this key or wallet. To buy more: ${buy}.`;
    case "free_trial_exhausted":
      return `The free calls for your IP are used up for today (they reset at 00:00 UTC). To buy calls: ${buy}.`;
    case "x402_settlement_unsupported":
      return `This instance does not settle x402 payment signatures (its operator has not configured a settler): ${REDEEM_ONLY}.`;
  }
  if (reason in EXACT_REASONS) return `${EXACT_REASONS[reason as ExactReason]} Nothing was charged.`;
  return `${SIWX_REASONS[reason as SiwxReason]} Or ${buy}.`;
}

/** The messages with x402 settlement off (kept for callers that do not know; see {@link paymentReasonMessage}). */
export const PAYMENT_REASON_MESSAGES = {
  payment_required: paymentReasonMessage("payment_required", false),
  invalid_api_key: paymentReasonMessage("invalid_api_key", false),
  credits_exhausted: paymentReasonMessage("credits_exhausted", false),
  free_trial_exhausted: paymentReasonMessage("free_trial_exhausted", false),
  x402_settlement_unsupported: paymentReasonMessage("x402_settlement_unsupported", false),
};

/**
 * What the paid resource (/extract) is: a 402's `resource` (x402 v2 ResourceInfo) and each entry
 * of the discovery document state the same facts. serviceName and each tag fit x402's limits
 * (at most 32 printable ASCII characters, at most 5 tags).
 */
export const EXTRACT_RESOURCE = {
  description: "Article URL to clean Markdown with metadata, $0.01 per call from prepaid USDC credits",
  mimeType: "application/json",
  serviceName: "vellum",
  tags: ["markdown", "article-extraction", "readability", "web-to-markdown", "llm-context"],
} as const;

export interface ResourceInfo {
  url: string;
  description: string;
  mimeType: string;
  serviceName: string;
  tags: string[];
  iconUrl: string;
}

/** The resource facts with this instance's absolute URLs. */
export function resourceInfo(urls: { resourceUrl: string; iconUrl: string }): ResourceInfo {
  return { url: urls.resourceUrl, ...EXTRACT_RESOURCE, tags: [...EXTRACT_RESOURCE.tags], iconUrl: urls.iconUrl };
}

export interface PaymentRequired<E extends Record<string, unknown> = Record<string, unknown>> {
  x402Version: typeof X402_VERSION;
  error: PaymentReason;
  message: string;
  resource: ResourceInfo;
  accepts: PaymentAccept[];
  extensions: E;
}

/** Builds the 402 body; `encodePaymentHeader` gives the standard-base64 `PAYMENT-REQUIRED` header of it. */
export function paymentRequired<E extends Record<string, unknown> = Record<string, unknown>>(
  input: TermsInput & { resourceUrl: string; iconUrl: string; reason: PaymentReason; extensions: E; x402Settlement?: boolean },
): PaymentRequired<E> {
  const text = paymentReasonMessage(input.reason, input.x402Settlement === true && input.payTo !== null);
  const message = input.payTo ? text : `${text} (This instance sells no calls yet: its operator has not configured a pay-to address.)`;
  return {
    x402Version: X402_VERSION,
    error: input.reason,
    message,
    resource: resourceInfo(input),
    accepts: paymentAccepts(input),
    extensions: input.extensions,
  };
}

/** Standard base64 (no line breaks) of the JSON, as x402 v2 clients decode it. */
export function encodePaymentHeader(body: PaymentRequired): string {
  return Buffer.from(JSON.stringify(body), "utf8").toString("base64");
}
