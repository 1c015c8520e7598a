/**
 * USDC amounts and call pricing, in atomic units (bigint) end to end: from the Transfer log to
 * the database. Floats appear only at the JSON edge ({@link atomicToUsd}); no amount that decides
 * money ever passes through a float.
 */

/** USDC has 6 decimals on every chain it is issued on, Base included. */
export const USDC_DECIMALS = 6;
/** 1 USDC in atomic units. */
export const ATOMIC_PER_USD = 10n ** BigInt(USDC_DECIMALS);
/** Price of one /extract call: $0.01. */
export const PRICE_PER_CALL_ATOMIC = 10_000n;
/** Smallest purchase /redeem accepts: $1.00. */
export const MIN_PURCHASE_ATOMIC = 1_000_000n;

// Digits only: no sign, no exponent, no thousands separators, at most one decimal point with a
// digit on each side. Anything else is a typo worth refusing rather than guessing at.
const USD_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a dollar amount such as `"1.37"`, `"29"` or `29` into atomic units (`1_370_000n`,
 * `29_000_000n`) with decimal arithmetic only.
 *
 * A number is read through its shortest decimal form (`String(1.37)` is `"1.37"`), so a value
 * typed into a config file converts exactly. Surrounding whitespace is ignored.
 *
 * @returns the amount in atomic units, or `null` when the input is not a plain non-negative
 *   decimal (empty, negative, exponent notation, `NaN`, a stray character) or is finer than
 *   one atomic unit (`"0.0000001"`; trailing zeros beyond 6 decimals are fine).
 */
export function parseUsdToAtomic(value: string | number): bigint | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const match = USD_PATTERN.exec(String(value).trim());
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/(?<!0)0+$/, "");
  if (fraction.length > USDC_DECIMALS) return null;
  return BigInt(whole) * ATOMIC_PER_USD + BigInt(fraction.padEnd(USDC_DECIMALS, "0"));
}

/**
 * Atomic units as a JSON number of dollars (`1_370_000n` → `1.37`), for response bodies only.
 * Goes through the exact decimal string, so the result is the double nearest the true value.
 */
export function atomicToUsd(atomic: bigint): number {
  return Number(formatUsd(atomic, USDC_DECIMALS));
}

/**
 * Atomic units as a decimal string for human text: `1_370_000n` → `"1.37"`, `29_000_000n` →
 * `"29.00"`, `1n` → `"0.000001"`. Trailing zeros are trimmed down to `minDecimals` (default 2).
 */
export function formatUsd(atomic: bigint, minDecimals = 2): string {
  const negative = atomic < 0n;
  const abs = negative ? -atomic : atomic;
  const whole = abs / ATOMIC_PER_USD;
  let fraction = (abs % ATOMIC_PER_USD).toString().padStart(USDC_DECIMALS, "0");
  while (fraction.length > minDecimals && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Calls bought by a payment: floor(amount / $0.01). The remainder below one call is not
 * credited (a $1.375 payment buys 137 calls). Zero or negative amounts buy 0 calls.
 */
export function callsForAmount(atomic: bigint): bigint {
  return atomic <= 0n ? 0n : atomic / PRICE_PER_CALL_ATOMIC;
}

/** The price of one call as a JSON number ($0.01), for `pricePerCallUsd` and `chargedUsd`. */
export const PRICE_PER_CALL_USD = atomicToUsd(PRICE_PER_CALL_ATOMIC);
