/**
 * What a price looks like: a currency sign or code next to an amount ("$19.99", "19,99 €", "349 kr",
 * "EUR 163.12"). Every rule that reads prices takes its pattern from here. They read them for different
 * ends and each keeps the pattern its figures were measured with:
 * - PRICE_TEXT and isPriceOnly: a whole amount, as a card prints it (region.ts keeps a link that is
 *   only a price; priced-grid.ts says a price twice in a row once);
 * - hasCardPrice: a card in a shop's grid shows a price (priced-grid.ts);
 * - countPrices: how many prices a listing's text holds (listing.ts: a product grid, not teasers);
 * - hasShopPrice: a block of a product page shows a price, read with more currencies (product-page.ts);
 * - SIGNED_AMOUNT: an amount beside a currency sign in a shop's offer line (priced-grid.ts).
 * - AMOUNT_WHOLE_PART and opensWithCurrency: cents printed raised after an amount's whole part
 *   (cents.ts);
 * - isPriceTag and PRICE_TAGS: a product's price as a shop's tag prints it, with the currencies of a
 *   dozen countries and grouped amounts ("R$ 1.759,99", "CHF 1'299.00", "12,-"): stated-price.ts reads
 *   the page's tag and the prices the Markdown already writes with them.
 * Digit runs are bounded in every one, so a line of a hundred thousand digits costs no backtracking
 * (tests/extract/hostile-lines.test.ts).
 */

/** Currency signs written before an amount ("$5", "£ 30", "₹499"). */
const SIGN_BEFORE = "[$€£¥₹]";
/** Currency signs written after an amount ("19,99 €"): the yen and rupee signs are not read there. */
const SIGN_AFTER = "[€£$]";
/** Currency codes written after an amount ("349 kr", "19.99 USD"), each ending its word. */
const CODE_AFTER = String.raw`kr\b|zł|USD\b|EUR\b|GBP\b|CHF\b`;

/**
 * A whole amount as a shop's card prints it: "$1,999.95", "$5", "19,99 €", "349 kr". Digit runs are
 * bounded, so a line of a hundred thousand digits costs no backtracking.
 */
export const PRICE_TEXT = String.raw`(?:${SIGN_BEFORE}\s?\d[\d,.]{0,15}\d|${SIGN_BEFORE}\s?\d|\d[\d,.]{0,15}\s?(?:${SIGN_AFTER}|${CODE_AFTER}))`;

const PRICE_ONLY = new RegExp(`^${PRICE_TEXT}$`, "u");

/** Whether a text (whitespace collapsed and trimmed) is a price and nothing else. */
export function isPriceOnly(text: string): boolean {
  return PRICE_ONLY.test(text);
}

// A price as a card prints it: a sign before the amount, or a sign or code after an amount of at most
// two decimals ("$19", "19.99 €", "5 CHF").
const CARD_PRICE = new RegExp(String.raw`${SIGN_BEFORE}\s?\d|\d(?:[.,]\d{1,2})?\s?(?:${SIGN_AFTER}|${CODE_AFTER})`, "u");

/** Whether a card's text shows a price anywhere in it. */
export function hasCardPrice(text: string): boolean {
  return CARD_PRICE.test(text);
}

// A price in running text: a sign before the amount, or a sign or code after a run of digits and
// separators ("$19.99", "19,99 €", "120 kr"). The three-letter codes need not end their word and the
// franc is not read: the listing rule's figures were measured so.
const LISTED_PRICE = new RegExp(String.raw`${SIGN_BEFORE}\s?\d|\d[\d.,]{0,15}\s?(?:${SIGN_AFTER}|USD|EUR|GBP|kr\b|zł)`, "gu");

/** How many prices a text holds. */
export function countPrices(text: string): number {
  return text.match(LISTED_PRICE)?.length ?? 0;
}

/** Currency signs a product page's price is read by, before or after the amount: the won and the rouble too. */
const SHOP_SIGN = "[$€£¥₹₩₽]";
/** Currency codes a product page's price is read by before the amount ("EUR 163.12", "Rs. 499", "kr 120"). */
const SHOP_CODE_BEFORE = String.raw`USD|EUR|GBP|AUD|CAD|NZD|CHF|JPY|SEK|NOK|DKK|PLN|CZK|HUF|INR|BRL|MXN|ZAR|AED|SGD|HKD|Rs\.?|kr|zł|Kč|lei`;
/** …and after it ("1 299 kr", "163,12 EUR"). */
const SHOP_CODE_AFTER = "USD|EUR|GBP|CHF|SEK|NOK|DKK|PLN|CZK|kr|zł|Kč|lei";

// A price on a product page: a sign or code before the amount, or after an amount whose digits may be
// grouped by spaces ("$19.99", "19,99 €", "EUR 163.12", "£675", "1 299 kr"). The run of digits before a
// code is bounded, so a block of 100,000 digits costs no scan per digit.
const SHOP_PRICE = new RegExp(
  String.raw`(?:${SHOP_SIGN}|\b(?:${SHOP_CODE_BEFORE})\b)\s?\d|\d(?:[\d.,\s]{0,15}\d)?\s?(?:${SHOP_SIGN}|(?:${SHOP_CODE_AFTER})\b)`,
  "u",
);

/** Whether a block of a product page (its buy box, another product's card) shows a price anywhere in it. */
export function hasShopPrice(text: string): boolean {
  return SHOP_PRICE.test(text);
}

/**
 * A currency sign beside a digit, before or after it ("over £30", "$75+", "50€"): the amount a shop's
 * offer line names, as a pattern's source (no flags) to put in a larger one.
 */
export const SIGNED_AMOUNT = String.raw`${SIGN_BEFORE}\s?\d|\d\s?${SIGN_AFTER}`;

// A line that is a price and nothing else, as a shop prints one beside each thing it sells: a label
// before it ("Sale price $24.95", "Price $ 79.99", "From $1,299"), the old price after it ("$179
// ~~$299.00~~", "$98.00$130.00") and the saving ("45% Off", "(-38%)").
const PRICE_LINE = new RegExp(
  String.raw`^(?:(?:sale|regular|original|current|list|our|your|now) )?(?:price:?\s?|from |now |was )?${PRICE_TEXT}(?:\s?(?:was |reg\.? )?~{0,2}${PRICE_TEXT}~{0,2})?(?:\s?\(?-?\d{1,2}% off\)?)?$`,
  "iu",
);

/** Whether a line's text (markup gone, whitespace collapsed and trimmed) is only a price, however labelled. */
export function isPriceLine(text: string): boolean {
  return PRICE_LINE.test(text);
}

// A currency as a price tag writes it beside the amount: a sign ("£", "R$", "US$"), an ISO code ("EUR")
// or a local abbreviation ("kr", "zł", "Kč", "lei", "Rs.", "Ft").
const TAG_CURRENCY = String.raw`(?:[A-Z]{0,3}\$|[€£¥₹₩₽₪₺₴₱฿₫₦₸]|[A-Z]{3}|kr\.?|zł|Kč|[Ll]ei|Rs\.?|RM|TL|Ft|руб\.?|грн\.?)`;
// An amount: digits grouped by separators or spaces, with cents or a dash for none ("1.759,99", "12,-").
const TAG_AMOUNT = String.raw`\d{1,3}(?:[.,\s\u00a0\u202f']?\d{3}){0,4}(?:[.,](?:\d{1,2}|-{1,2}))?`;
const TAG = String.raw`${TAG_CURRENCY}\s?${TAG_AMOUNT}|${TAG_AMOUNT}\s?${TAG_CURRENCY}`;
const PRICE_TAG = new RegExp(`^(?:${TAG})$`, "u");

/** Whether a text (whitespace collapsed and trimmed) is a price tag and nothing else: a currency before or after an amount. */
export function isPriceTag(text: string): boolean {
  return PRICE_TAG.test(text);
}

/** The price tags inside a running text, for matchAll. */
// regex-linear: every part is bounded (a currency of at most 5 characters, an amount of at most 22), so a try reads at most 28
export const PRICE_TAGS = new RegExp(TAG, "gu");

/**
 * The whole part of an amount at the end of a text ("$549", "1.299", "271"): the currency sign before it,
 * if any, is group 1; the separator grouping its thousands, if any, group 3 (cents.ts).
 */
export const AMOUNT_WHOLE_PART = new RegExp(String.raw`(?:^|[^\d.,'])(${SIGN_BEFORE}\s?)?(\d{1,3}(?:([.,' ])\d{3}){1,4}|\d{1,7})\s*$`, "u");

// A price tag's currency opening a text, as a word of its own.
const CURRENCY_OPENING = new RegExp(String.raw`^\s*${TAG_CURRENCY}(?![\p{L}])`, "u");

/** Whether a text opens with a currency as a price tag writes it after the amount ("Lei", "€", "EUR"; cents.ts). */
export function opensWithCurrency(text: string): boolean {
  return CURRENCY_OPENING.test(text);
}
