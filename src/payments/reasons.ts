/**
 * Why a redemption was refused: every code the on-chain verification (and the payer signature
 * check) can return, with its HTTP status and client message, in one table (the pattern of
 * x402's `exact/facilitator/errors.ts`). Route handlers translate a reason with
 * {@link redeemFailure}; nothing here knows about HTTP frameworks.
 *
 * The codes are a public contract (listed in the OpenAPI document): add, never rename.
 * `already_redeemed` (409) is not here because storage, not the chain, decides it.
 */

/** How one reason code is answered. */
export interface ReasonSpec {
  /** HTTP status of the answer. */
  status: 400 | 425 | 503;
  /** One human sentence; never an RPC URL, a stack or any other internal detail. */
  message: string;
  /**
   * Whether the same request can succeed later without the client changing anything: the
   * transaction may still be mined or confirmed, or the chain may come back. 425 and 503 also
   * send `Retry-After`.
   */
  retryable: boolean;
  /** `Retry-After` in seconds when the verification gives none of its own. */
  defaultRetryAfterSeconds?: number;
}

export const REDEEM_REASONS = {
  pending: {
    status: 425,
    message: "The transaction is not mined yet (or its block was just reorganised away); retry in a few seconds.",
    retryable: true,
    defaultRetryAfterSeconds: 4,
  },
  transaction_not_found: {
    status: 400,
    message:
      "No transaction with this hash is known on this network; if you just sent it, retry in a few seconds, otherwise check the hash and the network.",
    retryable: false,
  },
  not_confirmed: {
    status: 425,
    message: "The transaction is mined but does not have enough confirmations yet; retry after the indicated delay.",
    retryable: true,
    defaultRetryAfterSeconds: 2,
  },
  transaction_failed: {
    status: 400,
    message: "The transaction reverted on-chain, so nothing was paid.",
    retryable: false,
  },
  no_transfer_to_treasury: {
    status: 400,
    message: "The transaction contains no USDC transfer to this service's pay-to address.",
    retryable: false,
  },
  amount_below_minimum: {
    status: 400,
    message: "The USDC sent to this service in this transaction is below the minimum for this purchase.",
    retryable: false,
  },
  chain_unavailable: {
    status: 503,
    message: "The blockchain could not be read right now; nothing was redeemed, retry later.",
    retryable: true,
    defaultRetryAfterSeconds: 10,
  },
  bad_signature: {
    status: 400,
    message: "The signature is not a valid signature by the payer of the text 'vellum redeem <txHash>'.",
    retryable: false,
  },
  signature_required: {
    status: 400,
    message: "This service requires a signature by the payer of the text 'vellum redeem <txHash>' in the 'signature' field.",
    retryable: false,
  },
} as const satisfies Record<string, ReasonSpec>;

/** A stable snake_case code for a refused redemption. */
export type RedeemReason = keyof typeof REDEEM_REASONS;

/** The codes a `verifyTransfer` result can carry (the rest come from the signature check). */
export type VerifyReason = Extract<
  RedeemReason,
  | "pending"
  | "transaction_not_found"
  | "not_confirmed"
  | "transaction_failed"
  | "no_transfer_to_treasury"
  | "amount_below_minimum"
  | "chain_unavailable"
>;

/** What a route answers for a refused redemption: the status, the `error` code and message of the body. */
export interface RedeemFailure {
  status: 400 | 425 | 503;
  code: RedeemReason;
  message: string;
  /** `Retry-After` in seconds (header and body), present for 425 and 503. */
  retryAfterSeconds?: number;
}

/**
 * The HTTP answer for a reason code. `retryAfterSeconds` from the verification (e.g. the
 * confirmations still missing) wins over the table's default; it is rounded up to a whole
 * second of at least 1 because `Retry-After` is an integer.
 */
export function redeemFailure(reason: RedeemReason, retryAfterSeconds?: number): RedeemFailure {
  const spec: ReasonSpec = REDEEM_REASONS[reason];
  if (!spec.retryable) return { status: spec.status, code: reason, message: spec.message };
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? spec.defaultRetryAfterSeconds ?? 1));
  return { status: spec.status, code: reason, message: spec.message, retryAfterSeconds: seconds };
}
