import { describe, expect, test } from "bun:test";
import { REDEEM_REASONS, redeemFailure } from "../../src/payments/reasons.ts";

describe("the reason table", () => {
  test("holds exactly the documented codes with their statuses", () => {
    expect(Object.fromEntries(Object.entries(REDEEM_REASONS).map(([code, spec]) => [code, spec.status]))).toEqual({
      pending: 425,
      transaction_not_found: 400,
      not_confirmed: 425,
      transaction_failed: 400,
      no_transfer_to_treasury: 400,
      amount_below_minimum: 400,
      chain_unavailable: 503,
      bad_signature: 400,
      signature_required: 400,
    });
  });

  test("every code is snake_case and every message one sentence without internals", () => {
    for (const [code, spec] of Object.entries(REDEEM_REASONS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(spec.message).toMatch(/^[A-Z].*\.$/);
      expect(spec.message).not.toMatch(/https?:|rpc url|stack|sql/i);
    }
  });

  test("transaction_not_found tells the client to retry if the transaction was just sent", () => {
    expect(REDEEM_REASONS.transaction_not_found.message).toContain("if you just sent it, retry");
  });

  test("425 and 503 are retryable and 400 is not", () => {
    for (const spec of Object.values(REDEEM_REASONS)) expect(spec.retryable).toBe(spec.status !== 400);
  });
});

describe("redeemFailure", () => {
  test("not_confirmed carries the verification's retry delay in the header and the body", () => {
    expect(redeemFailure("not_confirmed", 6)).toEqual({
      status: 425,
      code: "not_confirmed",
      message: REDEEM_REASONS.not_confirmed.message,
      retryAfterSeconds: 6,
    });
  });

  test("a fractional or missing delay becomes a whole second of at least 1, or the default", () => {
    expect(redeemFailure("not_confirmed", 0.2).retryAfterSeconds).toBe(1);
    expect(redeemFailure("not_confirmed", 2.5).retryAfterSeconds).toBe(3);
    expect(redeemFailure("pending").retryAfterSeconds).toBe(4);
    expect(redeemFailure("chain_unavailable").retryAfterSeconds).toBe(10);
  });

  test("a 400 has no Retry-After even when a delay is passed", () => {
    expect(redeemFailure("amount_below_minimum", 5)).toEqual({
      status: 400,
      code: "amount_below_minimum",
      message: REDEEM_REASONS.amount_below_minimum.message,
    });
  });
});
