import type { Address } from "viem";

/**
 * The x402 v2 payment terms vellum publishes: in every 402 (body and `PAYMENT-REQUIRED` header)
 * and in the discovery document. One function builds the `accepts` entries for both, so the
 * two can never disagree.
 *
 * vellum does not settle x402 signatures: a buyer pays the `amount` (the minimum purchase) or
 * more on-chain to `payTo`, then redeems the transaction hash at /redeem for a prepaid key.
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
  | "x402_settlement_unsupported";

export const PAYMENT_REASON_MESSAGES: Record<PaymentReason, string> = {
  payment_required:
    "This call costs $0.01: send an API key as 'Authorization: Bearer vk_…', or use the free trial with free=1 or 'X-Free-Trial: 1'.",
  invalid_api_key: "The API key is unknown or revoked; redeem a USDC payment at /redeem for a new one.",
  credits_exhausted: "The API key has no calls left; redeem another USDC payment at /redeem for a new key.",
  free_trial_exhausted: "The free calls for your IP are used up for today (they reset at 00:00 UTC); buy calls with USDC and /redeem.",
  x402_settlement_unsupported:
    "This service does not settle x402 payment signatures: send at least the listed amount of USDC to payTo on-chain, then POST the transaction hash to /redeem for an API key and call again with it.",
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
  input: TermsInput & { resourceUrl: string; iconUrl: string; reason: PaymentReason; extensions: E },
): PaymentRequired<E> {
  const message = input.payTo
    ? PAYMENT_REASON_MESSAGES[input.reason]
    : `${PAYMENT_REASON_MESSAGES[input.reason]} (This instance sells no calls yet: its operator has not configured a pay-to address.)`;
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
