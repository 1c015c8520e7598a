/**
 * A site's offer set among the text: "Get $130 in value", "Unlock up to 55% OFF your subscription
 * today!", "New customers get $300 in free credits to spend on …", "No cost, no obligation". A band or a
 * box around it is gone by the time the Markdown is written; what is left is a line that sells. Read on
 * the Markdown, line by line; product pages are left to their shop lines (product-page.ts), where a
 * price's "(5% off)" is the product's.
 */
import { blockLineText, withoutLinesWhere } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";

// A verb offering an amount off or in credit, the amount right after it ("get $30 off", "save 25%
// off", "unlock up to 55% off", "get $300 in free credits"), or a trial's promise: not "get it for
// $185.25 (5% off)", a price, nor "cut costs by 30%", a claim.
const OFFER =
  /\b(?:get|claim|unlock|enjoy|save)(?: up to| an extra| an additional)? (?:\$\d[\d,]*|\d+%) (?:off|in (?:free )?(?:credits?|value|savings))\b|\bno cost,? no obligation\b/i;

/** Whether a Markdown line (a paragraph or heading, not a list item or table row) is an offer of at most offerMaxChars characters. */
export function isOfferLine(line: string): boolean {
  const text = blockLineText(line);
  return text !== null && text.length <= THRESHOLDS.offerMaxChars && OFFER.test(text);
}

/** The Markdown without its offer lines (code is never read). */
export function withoutOfferLines(markdown: string): string {
  return withoutLinesWhere(markdown, isOfferLine);
}
