/**
 * A product page's code (its SKU, part number or barcode), when its Markdown lost it. Shops print the
 * code in the buy box ("SKU 579695999", "Referência produto: 3410048", "Codice articolo: 103066"), and
 * the clean-up takes the buy box with its price and cart button; a caller comparing offers or ordering
 * by code needs it. The page's structured data states it (schema.org Product's sku, mpn, gtin… in
 * JSON-LD or microdata). When the Markdown does not write the stated code, the line the page prints it
 * in goes under the title and price, in the shop's own words; where the page prints it nowhere, the
 * code after the property's name ("SKU: 579695999"). Like the price (stated-price.ts), only on product
 * pages, and read before the clean-up.
 */
import { elementsUnder } from "./dom-walk.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { isPriceTag } from "./prices.ts";
import { plainTextToMarkdown, soleProductNodes } from "./product.ts";
import { shortText, withLineUnderTitle } from "./stated-price.ts";
import { THRESHOLDS } from "./thresholds.ts";

/** A product code the structured data states, and the name a caller knows it by. */
export interface StatedCode {
  code: string;
  label: string;
}

// schema.org's identifier properties, the shop's own first, and how a line names each.
const CODE_PROPERTIES: readonly (readonly [string, string])[] = [
  ["sku", "SKU"],
  ["mpn", "MPN"],
  ["gtin13", "GTIN"],
  ["gtin12", "GTIN"],
  ["gtin14", "GTIN"],
  ["gtin8", "GTIN"],
  ["gtin", "GTIN"],
  ["productID", "Product ID"],
];

/**
 * A value that reads as a code: one word of letters, digits and - _ . / holding a digit, of
 * productCodeMinChars to productCodeMaxChars characters ("579695999", "DL-2032", "B07FW264WL"); a
 * sentence, a name or a placeholder (" ", "N/A") is not one.
 */
function asCode(value: unknown): string | null {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text.length < THRESHOLDS.productCodeMinChars || text.length > THRESHOLDS.productCodeMaxChars) return null;
  return /^[\p{L}\p{N}][\p{L}\p{N}\-_./]*$/u.test(text) && /\d/.test(text) ? text : null;
}

/**
 * The code the page's structured data states for its one product, or null: JSON-LD first (one product
 * only: a grid's data lists many), then microdata (itemprop="sku" and the others, by content or text).
 */
export function statedCode(doc: Document): StatedCode | null {
  const products = soleProductNodes(doc);
  for (const [property, label] of CODE_PROPERTIES) {
    for (const product of products) {
      const code = asCode(product[property]);
      if (code) return { code, label };
    }
  }
  for (const [property, label] of CODE_PROPERTIES) {
    for (const el of Array.from(doc.querySelectorAll(`[itemprop="${property}"]`))) {
      const code = asCode(el.getAttribute("content") ?? el.textContent);
      if (code) return { code, label };
    }
  }
  return null;
}

// Where a shown code is not a line a reader sees: code, a form's copy.
const NOT_SHOWN_SELECTOR = "script, style, template, noscript, textarea, option, select";

/**
 * The label and the code with a space between them where elements side by side ran them together
 * ("<span>Article Number</span><span>802.758.87</span>" reads "Article Number802.758.87").
 */
function spacedLabel(text: string, code: string): string {
  const at = text.indexOf(code);
  return at > 0 && /\p{L}/u.test(text[at - 1]!) ? `${text.slice(0, at)} ${text.slice(at)}` : text;
}

/** Whether `text` holds `code` as a whole word (not inside a longer code or number). */
function holdsCode(text: string, code: string): boolean {
  const lower = text.toLowerCase();
  const wanted = code.toLowerCase();
  for (let at = lower.indexOf(wanted); at >= 0; at = lower.indexOf(wanted, at + 1)) {
    const before = lower.slice(Math.max(0, at - 1), at);
    const after = lower.slice(at + wanted.length, at + wanted.length + 1);
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/**
 * The stated code as a line of the Markdown: the text of the first element, in document order, that
 * holds the code beside a label of its own (a word besides the code: "Art.-Nr. 4711-B", "Код: 01245")
 * in at most productCodeLineMaxChars characters; else the property's name and the code ("SKU: 4711").
 */
export function codeLine(doc: Document, stated: StatedCode): string {
  const body = doc.body;
  if (body) {
    for (const el of elementsUnder(body)) {
      let holds = false;
      for (let c = el.firstChild; c && !holds; c = c.nextSibling) holds = c.nodeType === 3 && holdsCode((c as Text).data, stated.code);
      if (!holds || el.closest(NOT_SHOWN_SELECTOR)) continue;
      for (let box: Element | null = el; box && box !== body; box = box.parentElement) {
        const text = shortText(box, THRESHOLDS.productCodeLineMaxChars);
        if (text === null) break;
        // A label: a word of two letters or more besides the code (not the code alone, not a price).
        const rest = text.replace(stated.code, " ");
        if (/\p{L}{2}/u.test(rest) && !isPriceTag(text)) return spacedLabel(text, stated.code);
      }
    }
  }
  return `${stated.label}: ${stated.code}`;
}

/**
 * The Markdown with `line` (the product's code as the page prints it) under the product's title (its
 * first top-level heading, else an opening heading of any rank) and the price right under it, or first,
 * when the Markdown does not write `code` outside link targets; unchanged otherwise, and when it is empty.
 */
export function withStatedCode(markdown: string, code: string, line: string): string {
  if (!markdown.trim() || holdsCode(withoutLinkTargets(markdown), code)) return markdown;
  return withLineUnderTitle(markdown, plainTextToMarkdown(line), true);
}
