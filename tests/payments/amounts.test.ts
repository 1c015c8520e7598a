import { describe, expect, test } from "bun:test";
import {
  ATOMIC_PER_USD,
  atomicToUsd,
  callsForAmount,
  formatUsd,
  MIN_PURCHASE_ATOMIC,
  parseUsdToAtomic,
  PRICE_PER_CALL_ATOMIC,
  PRICE_PER_CALL_USD,
  USDC_DECIMALS,
} from "../../src/payments/amounts.ts";

test("constants: 6 decimals, $0.01 a call, $1.00 minimum", () => {
  expect(USDC_DECIMALS).toBe(6);
  expect(ATOMIC_PER_USD).toBe(1_000_000n);
  expect(PRICE_PER_CALL_ATOMIC).toBe(10_000n);
  expect(MIN_PURCHASE_ATOMIC).toBe(1_000_000n);
  expect(PRICE_PER_CALL_USD).toBe(0.01);
});

describe("parseUsdToAtomic", () => {
  test.each([
    ["1.37", 1_370_000n],
    ["1", 1_000_000n],
    ["29", 29_000_000n],
    ["0.01", 10_000n],
    ["0.000001", 1n],
    ["12.345678", 12_345_678n],
    ["1.3700000000", 1_370_000n],
    ["0", 0n],
    ["007.5", 7_500_000n],
    [" 2.5 ", 2_500_000n],
    ["123456789012345.678901", 123_456_789_012_345_678_901n],
    [29, 29_000_000n],
    [1.37, 1_370_000n],
    [0.1, 100_000n],
    [0.29, 290_000n],
  ] as const)("%p → %p", (input, expected) => {
    expect(parseUsdToAtomic(input)).toBe(expected);
  });

  test.each([["", "1.", ".5", "-1", "+1", "1e3", "1,5", "1.0000001", "$1", "0x10", "abc", "1 000", "Infinity"]].flat())(
    "%p is refused",
    (input) => {
      expect(parseUsdToAtomic(input)).toBeNull();
    },
  );

  test("200,000 zeros after the point are read once (the trailing-zero pattern read them once per zero)", () => {
    expect(parseUsdToAtomic(`1.${"0".repeat(200_000)}`)).toBe(1_000_000n);
    expect(parseUsdToAtomic(`1.${"0".repeat(200_000)}1`)).toBeNull();
  }, 10_000);

  test.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 1e-7, 1e21])("the number %p is refused", (input) => {
    expect(parseUsdToAtomic(input)).toBeNull();
  });
});

describe("atomicToUsd and formatUsd", () => {
  test.each([
    [1_370_000n, 1.37, "1.37"],
    [29_000_000n, 29, "29.00"],
    [10_000n, 0.01, "0.01"],
    [1n, 0.000001, "0.000001"],
    [0n, 0, "0.00"],
    [12_345_678n, 12.345678, "12.345678"],
    [-2_500_000n, -2.5, "-2.50"],
  ])("%p → %p / %p", (atomic, usd, text) => {
    expect(atomicToUsd(atomic)).toBe(usd);
    expect(formatUsd(atomic)).toBe(text);
  });

  test("formatUsd keeps as many decimals as asked", () => {
    expect(formatUsd(1_000_000n, 0)).toBe("1");
    expect(formatUsd(1_000_000n, 6)).toBe("1.000000");
  });

  test("round trip through the decimal text is exact", () => {
    for (const atomic of [1n, 9_999n, 1_370_000n, 28_990_000n, 123_456_789n]) {
      expect(parseUsdToAtomic(formatUsd(atomic))).toBe(atomic);
    }
  });
});

describe("callsForAmount", () => {
  test.each([
    [1_370_000n, 137n],
    [1_000_000n, 100n],
    [1_379_999n, 137n],
    [9_999n, 0n],
    [10_000n, 1n],
    [29_000_000n, 2_900n],
    [0n, 0n],
    [-10_000n, 0n],
  ])("%p atomic buys %p calls", (atomic, calls) => {
    expect(callsForAmount(atomic)).toBe(calls);
  });
});
