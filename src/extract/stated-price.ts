/**
 * A product page's price, when its Markdown lost it. Readability keeps the product's description and
 * specifications and leaves the buy box beside them (the price, the cart button, the delivery terms);
 * the clean-up then takes the buy box's furniture, and with it, on many shops, the price a reader came
 * for. The page's structured data states the price (schema.org Product offers in JSON-LD or microdata,
 * or OpenGraph's product:price:amount); the page shows it somewhere in its markup, as the shop prints it
 * ("£136.00", "1.759,99 €"). When no price the Markdown writes equals the stated one, the printed tag
 * goes under the title (or first), in the shop's own words; where the page prints none (its sign drawn
 * by a style, its tag written by its scripts), the amount and currency code the data states.
 */
import { normalize } from "./boilerplate.ts";
import { elementsUnder } from "./dom-walk.ts";
import { codeLines } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import type { JsonObject } from "./metadata.ts";
import { isPriceTag, PRICE_TAGS } from "./prices.ts";
import { plainTextToMarkdown, soleProductNodes } from "./product.ts";
import { THRESHOLDS } from "./thresholds.ts";

/** An amount in cents: prices are compared so, whatever the decimal separator. */
type Cents = number;

/**
 * The amount a price's digits say, in cents, or null. Separators are read as a shop writes them: the
 * last "." or "," followed by one or two digits is the decimal point, every other one groups thousands
 * ("1,299.00", "1.299,00", "1 299", "19,5", "49").
 */
export function amountOf(text: string): Cents | null {
  const digits = /\d[\d.,'\s\u00a0\u202f]{0,20}\d|\d/.exec(text)?.[0].replace(/['\s\u00a0\u202f]/g, "");
  if (!digits) return null;
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, decimal.index) : digits).replace(/[.,]/g, "");
  if (!/^\d{1,12}$/.test(whole)) return null;
  return Number(whole) * 100 + (decimal ? Number(decimal[1]!.padEnd(2, "0")) : 0);
}

/** A value of a JSON-LD property or attribute as an amount: a number, or a string of one. */
function statedAmount(value: unknown): Cents | null {
  // At most a trillion in any currency, whole cents: 1e308 or 0.001 is no price.
  const priced = (cents: number | null) => (cents !== null && Number.isSafeInteger(cents) && cents > 0 && cents <= 1e14 ? cents : null);
  if (typeof value === "number") return priced(Math.round(value * 100));
  if (typeof value !== "string") return null;
  // Structured data writes a decimal point ("1299.00", "49.5"); a microdata element's text may be a
  // price tag ("71,91 €") or an amount grouped the shop's way ("1.299,00").
  const text = normalize(value);
  const plainNumber = /^\d{1,12}(?:\.\d{1,4})?$/.test(text);
  if (!plainNumber && !/^\d[\d.,\s]{0,20}$/.test(text) && !isPriceTag(text)) return null;
  return priced(plainNumber ? Math.round(Number(text) * 100) : amountOf(text));
}

/** A price the page's structured data states: its amount, and its currency's ISO code when stated. */
export interface StatedPrice {
  cents: Cents;
  currency: string | null;
}

/** An ISO 4217 code as structured data writes it ("GBP"), or null. */
function currencyCode(value: unknown): string | null {
  return typeof value === "string" && /^[A-Z]{3}$/.test(value.trim()) ? value.trim() : null;
}

/** The first price among a product's offers (an Offer's price, an AggregateOffer's lowest). */
function offerPrice(offers: unknown): StatedPrice | null {
  for (const offer of Array.isArray(offers) ? offers : [offers]) {
    if (!offer || typeof offer !== "object") continue;
    const o = offer as JsonObject;
    const first = Array.isArray(o.priceSpecification) ? o.priceSpecification[0] : o.priceSpecification;
    const spec = first && typeof first === "object" ? (first as JsonObject) : {};
    const cents = statedAmount(o.price) ?? statedAmount(o.lowPrice) ?? statedAmount(spec.price);
    if (cents) return { cents, currency: currencyCode(o.priceCurrency) ?? currencyCode(spec.priceCurrency) };
  }
  return null;
}

/** The content (or text) of the page's first element matching `selector` that states an amount. */
function firstStated(doc: Document, selector: string): { cents: Cents; el: Element } | null {
  for (const el of Array.from(doc.querySelectorAll(selector))) {
    const cents = statedAmount(el.getAttribute("content") ?? el.textContent ?? "");
    if (cents) return { cents, el };
  }
  return null;
}

/**
 * The price the page's structured data states for its one product, or null: JSON-LD first (one product
 * only: a grid's data lists many), then microdata's itemprop="price", then OpenGraph's product price.
 */
export function statedPrice(doc: Document): StatedPrice | null {
  for (const product of soleProductNodes(doc)) {
    const price = offerPrice(product.offers);
    if (price) return price;
  }
  const micro = firstStated(doc, '[itemprop="price"]');
  if (micro) {
    const scope = micro.el.closest("[itemscope]") ?? doc;
    const code = scope.querySelector('[itemprop="priceCurrency"]');
    return { cents: micro.cents, currency: currencyCode(code?.getAttribute("content") ?? code?.textContent) };
  }
  const og = firstStated(doc, 'meta[property="product:price:amount"], meta[property="og:price:amount"]');
  if (og) {
    const code = doc.querySelector('meta[property="product:price:currency"], meta[property="og:price:currency"]');
    return { cents: og.cents, currency: currencyCode(code?.getAttribute("content")) };
  }
  return null;
}

/**
 * The stated price as a line of the Markdown: the page's own price tag when it shows one (shownPrice),
 * else the amount and its currency's code as structured data states them ("136.00 GBP": the shop draws
 * its currency sign with a style, or its scripts write the tag); null when no currency is stated.
 */
export function priceLine(doc: Document, price: StatedPrice): string | null {
  const shown = shownPrice(doc, price.cents);
  if (shown) return shown;
  if (!price.currency) return null;
  return `${Math.floor(price.cents / 100)}.${String(price.cents % 100).padStart(2, "0")} ${price.currency}`;
}

// Where a shown amount is not the price a reader pays: code, a struck-out old price, another form's copy.
const NOT_SHOWN_SELECTOR = "script, style, template, noscript, del, s, strike, textarea, option";

/**
 * The collapsed text of `el` when it is short enough to be a price tag or a label beside a value: at
 * most `maxChars` characters besides white space, in at most statedPriceMaxNodes nodes; null for
 * anything larger, found without reading all of it (an element around a long list costs no more than a
 * tag).
 */
export function shortText(el: Element, maxChars: number = THRESHOLDS.statedPriceMaxChars): string | null {
  let text = "";
  let chars = 0;
  let nodes = 0;
  // Forward, in document order (first child, next sibling): linkedom finds a previous sibling by a walk.
  let node: Node | null = el;
  while (node) {
    if (++nodes > THRESHOLDS.statedPriceMaxNodes) return null;
    if (node.nodeType === 3) {
      const data = (node as Text).data;
      for (let i = 0; i < data.length; i++) if (data.charCodeAt(i) > 32 && ++chars > maxChars) return null;
      text += data;
    }
    let next: Node | null = node.nodeType === 1 ? node.firstChild : null;
    for (let up: Node | null = node; !next && up && up !== el; up = up.parentNode) next = up.nextSibling;
    node = next;
  }
  return normalize(text);
}

/**
 * How the page shows `amount`: the text of the first element, in document order, that is only a price
 * tag (a currency beside the amount) equal to it, or null. A price split across elements
 * ("<span>£</span><span>136</span><span>.00</span>") is read from the smallest element around its
 * parts that is short enough to be a tag (shortText). Struck-out prices, code and form options are not
 * shown prices.
 */
export function shownPrice(doc: Document, amount: Cents): string | null {
  const body = doc.body;
  if (!body) return null;
  for (const el of elementsUnder(body)) {
    let digits = false;
    for (let c = el.firstChild; c && !digits; c = c.nextSibling) digits = c.nodeType === 3 && /\d/.test((c as Text).data);
    if (!digits || el.closest(NOT_SHOWN_SELECTOR)) continue;
    for (let box: Element | null = el; box && box !== body; box = box.parentElement) {
      const text = shortText(box);
      if (text === null) break;
      if (isPriceTag(text) && amountOf(text) === amount) return text;
    }
  }
  return null;
}

/** Every amount the Markdown writes as a price (beside a currency), in cents; link and picture targets aside. */
function pricesIn(markdown: string): Set<Cents> {
  const amounts = new Set<Cents>();
  for (const m of withoutLinkTargets(markdown).matchAll(PRICE_TAGS)) {
    const cents = amountOf(m[0]);
    if (cents !== null) amounts.add(cents);
  }
  return amounts;
}

/**
 * The Markdown with `shown` (how the page prints its product's price) under the product's title, or
 * first, when none of the prices it writes equals `amount`; unchanged otherwise, and when it is empty.
 */
export function withStatedPrice(markdown: string, amount: Cents, shown: string): string {
  if (!markdown.trim() || pricesIn(markdown).has(amount)) return markdown;
  return withLineUnderTitle(markdown, plainTextToMarkdown(shown));
}

/**
 * The Markdown with `line` (a paragraph) under the product's title: its first top-level heading outside
 * code, else an opening heading of any rank; first when there is none. With `afterPrice`, a price tag
 * standing alone right under the title (the shop's, or the one withStatedPrice put there) stays first
 * under it.
 */
export function withLineUnderTitle(markdown: string, line: string, afterPrice = false): string {
  const lines = markdown.split("\n");
  const inCode = codeLines(lines);
  let at = lines.findIndex((l, i) => !inCode[i] && l.startsWith("# "));
  if (at < 0 && !inCode[0] && /^#{2,6} /.test(lines[0]!)) at = 0;
  if (at < 0) return `${line}\n\n${markdown}`;
  let next = at + 1;
  while (next < lines.length && !lines[next]!.trim()) next++;
  if (afterPrice && next < lines.length && !inCode[next] && !lines[next + 1]?.trim() && isPriceTag(normalize(lines[next]!))) at = next;
  let rest = at + 1;
  while (rest < lines.length && !lines[rest]!.trim()) rest++;
  return [...lines.slice(0, at + 1), "", line, ...(rest < lines.length ? ["", ...lines.slice(rest)] : [])].join("\n");
}
