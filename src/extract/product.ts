/**
 * Product pages rendered by scripts often carry their description only in their structured data
 * (schema.org Product in JSON-LD), while the markup holds a gallery, a buy box and other products.
 * When the page's JSON-LD describes one product whose description the extracted Markdown lacks, the
 * product's name and description are put before it, as Markdown. The numbers are in thresholds.ts.
 */
import { normalize } from "./boilerplate.ts";
import { type JsonObject, jsonLdNodes, types } from "./metadata.ts";
import { THRESHOLDS } from "./thresholds.ts";

// Any case: schema.org's names are case-sensitive, but shops write "product" too, and mean the same.
const PRODUCT_TYPE = /^(?:Product|ProductGroup|IndividualProduct|ProductModel|Vehicle|Car|SoftwareApplication|Book)$/i;
const TOKEN = /[\p{L}\p{N}_]+/gu;

export interface StatedProduct {
  name: string | null;
  description: string;
}

/** Whether a JSON-LD node describes a product (PRODUCT_TYPE). */
export function isProduct(node: JsonObject): boolean {
  return types(node).some((t) => PRODUCT_TYPE.test(t));
}

/** A tag that ends a line of text (its name, after the `<`). */
const LINE_BREAK_TAG = /^(?:br|\/p|\/li|\/h\d|\/div)\b/i;

/**
 * `html` with each tag replaced by a newline (line breaks and block ends) or a space, in one linear scan:
 * /<[^>]*>/g is quadratic in JavaScriptCore on a run of `<` that no `>` closes (100,000 took 4.6 s).
 */
export function withoutTags(html: string): string {
  let out = "";
  let from = 0;
  for (let open = html.indexOf("<"); open >= 0; open = html.indexOf("<", from)) {
    const close = html.indexOf(">", open + 1);
    if (close < 0) break;
    out += html.slice(from, open) + (LINE_BREAK_TAG.test(html.slice(open + 1, close)) ? "\n" : " ");
    from = close + 1;
  }
  return from === 0 ? html : out + html.slice(from);
}

/** HTML in a JSON-LD string (some shops paste their description's markup) as plain text. */
function plain(value: unknown): string {
  if (typeof value !== "string") return "";
  return withoutTags(value)
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'");
}

/**
 * The JSON-LD nodes of the one product the page describes (one or more nodes naming it alike: a
 * product and its variants), or none: a grid's JSON-LD names many products, and none of them is the
 * page's. Every rule that reads the page's product from its structured data reads it here.
 */
export function soleProductNodes(doc: Document): JsonObject[] {
  const products = jsonLdNodes(doc).filter(isProduct);
  const distinct = new Set(products.map((p) => (typeof p.name === "string" ? p.name : "")));
  return distinct.size === 1 ? products : [];
}

/** The one product the page's JSON-LD describes (name and description), or null (none, or several). */
export function statedProduct(doc: Document): StatedProduct | null {
  const products = soleProductNodes(doc);
  if (!products.length) return null;
  const product = products.find((p) => plain(p.description).trim()) ?? products[0]!;
  const description = plain(product.description);
  const name = normalize(plain(product.name)) || null;
  return description.trim() ? { name, description } : null;
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

/** Share of the description's words that occur in `markdown`. */
export function coverage(description: string, markdown: string): number {
  const words = tokens(description);
  if (!words.length) return 1;
  const present = new Set(tokens(markdown));
  return words.filter((w) => present.has(w)).length / words.length;
}

/** Paragraphs of plain text (blank-line or line separated) as Markdown, syntax characters escaped. */
export function plainTextToMarkdown(text: string): string {
  return text
    .split(/\n+/)
    .map((p) => normalize(p))
    .filter(Boolean)
    .map((p) =>
      p
        .replace(/([\\`*_[\]])/g, "\\$1")
        .replaceAll("<", "&lt;")
        .replace(/^(#{1,6} |[-+>] |\d+\. )/, "\\$1"),
    )
    .join("\n\n");
}

/**
 * `markdown` with the stated product's name and description before it when the description is
 * missing from it (less than productDescriptionMinCoverage of its words present); else unchanged.
 */
export function withStatedProduct(markdown: string, product: StatedProduct | null): string {
  if (!product || tokens(product.description).length < THRESHOLDS.productDescriptionMinWords) return markdown;
  if (coverage(product.description, markdown) >= THRESHOLDS.productDescriptionMinCoverage) return markdown;
  const parts: string[] = [];
  if (product.name && coverage(product.name, markdown) < 1) parts.push(`# ${plainTextToMarkdown(product.name)}`);
  parts.push(plainTextToMarkdown(product.description));
  if (markdown) parts.push(markdown);
  return parts.join("\n\n");
}
