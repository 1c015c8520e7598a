/**
 * The x402 refusal reasons of an `exact` payment (the codes @x402/evm and the x402 specification
 * use), each with the sentence vellum's 402 carries. Verification lives in src/payments/x402-exact.ts.
 */
/** x402 refusal reasons for an `exact` payment, with the sentence the 402 carries. */
export const EXACT_REASONS = {
  invalid_payload: "The payment header is not an x402 `exact` payment payload (base64 JSON with an EIP-3009 authorization and signature).",
  invalid_x402_version: "Only x402 versions 1 (X-PAYMENT) and 2 (PAYMENT-SIGNATURE) are accepted.",
  invalid_scheme: "Only the `exact` scheme is accepted.",
  invalid_network: "The payment is for another network than the one this service is paid on.",
  invalid_payment_requirements: "The payment was made for other terms (asset or pay-to address) than this service advertises.",
  invalid_exact_evm_payload_recipient_mismatch: "The authorization pays another address than this service's payTo.",
  invalid_exact_evm_payload_authorization_value: "The authorized amount is below the advertised amount.",
  invalid_exact_evm_payload_authorization_valid_before:
    "The authorization has expired (validBefore is past or too close to settle in time).",
  invalid_exact_evm_payload_authorization_valid_after: "The authorization is not valid yet (validAfter is in the future).",
  invalid_exact_evm_payload_signature: "The EIP-712 signature does not match the authorization and its payer.",
  invalid_exact_evm_nonce_already_used: "This authorization (payer and nonce) was already used; sign a new payment.",
  insufficient_funds: "The payer's USDC balance is below the authorized amount.",
  invalid_exact_evm_transaction_simulation_failed: "The transfer would revert on-chain, so it was not submitted.",
  invalid_transaction_state: "The settlement transaction did not succeed on-chain; nothing was charged.",
} as const;

export type ExactReason = keyof typeof EXACT_REASONS;
