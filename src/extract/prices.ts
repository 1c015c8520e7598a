/**
 * A whole amount as a shop's card prints it: "$1,999.95", "$5", "19,99 €", "349 kr". Digit runs are
 * bounded, so a line of a hundred thousand digits costs no backtracking.
 */
export const PRICE_TEXT = String.raw`(?:[$€£¥₹]\s?\d[\d,.]{0,15}\d|[$€£¥₹]\s?\d|\d[\d,.]{0,15}\s?(?:[€£$]|kr\b|zł|USD\b|EUR\b|GBP\b|CHF\b))`;

const PRICE_ONLY = new RegExp(`^${PRICE_TEXT}$`, "u");

/** Whether a text (whitespace collapsed and trimmed) is a price and nothing else. */
export function isPriceOnly(text: string): boolean {
  return PRICE_ONLY.test(text);
}
