/**
 * Prices whose cents a shop prints raised and without a separator: `$549<sup>00</sup>`, `271<sup>99</sup>
 * Lei`. A browser shows the cents small and high, so the reader sees $549.00; the text holds "$54900",
 * which a caller (and every rule here that reads prices) takes for a price a hundred times the real one.
 * markSuperscriptCents() writes the separator into such a superscript before anything reads the page,
 * so the text says "$549.00" and "271.99 Lei".
 *
 * A superscript is read as cents only when it holds two digits and nothing else, right after the whole
 * part of an amount, and a currency stands next to the amount: a sign before it ("$549") or a sign or
 * code after the superscript ("271<sup>99</sup> Lei"). An exponent or a footnote after a number ("10<sup>23</sup>
 * atoms", "mc<sup>2</sup>") has no currency beside it and stays as it is. The separator is the point,
 * unless the amount groups its thousands with points ("1.299<sup>99</sup> €" says "1.299,99 €").
 */

/** Two digits, the whole of a superscript's text. */
const CENTS = /^\s*(\d{2})\s*$/;
/** The whole part of an amount at the end of a text, with the currency sign before it if there is one. */
const WHOLE_PART = /(?:^|[^\d.,'])([$€£¥₹]\s?)?(\d{1,3}(?:([.,' ])\d{3}){1,4}|\d{1,7})\s*$/u;
/** A currency sign or code at the start of a text. */
const CURRENCY_AFTER = /^\s*(?:[€£$₽]|(?:kr|zł|lei|ron|kč|ft|eur|usd|gbp|chf|sek|nok|dkk|pln|czk|huf|руб)(?![\p{L}]))/iu;
/** How much text before and after a superscript is read. */
const CONTEXT_CHARS = 40;

/** The text of the nodes before `node` among its siblings, up to CONTEXT_CHARS characters, nearest last. */
function textBefore(node: Node): string {
  let text = "";
  for (let sibling = node.previousSibling; sibling && text.length < CONTEXT_CHARS; sibling = sibling.previousSibling)
    text = (sibling.textContent ?? "") + text;
  return text.slice(-CONTEXT_CHARS);
}

/** The text of the nodes after `node` among its siblings, up to CONTEXT_CHARS characters. */
function textAfter(node: Node): string {
  let text = "";
  for (let sibling = node.nextSibling; sibling && text.length < CONTEXT_CHARS; sibling = sibling.nextSibling)
    text += sibling.textContent ?? "";
  return text.slice(0, CONTEXT_CHARS);
}

/** Writes the decimal separator into each superscript that is an amount's cents; returns how many. */
export function markSuperscriptCents(doc: Document): number {
  let marked = 0;
  for (const sup of Array.from(doc.getElementsByTagName("sup"))) {
    const cents = CENTS.exec(sup.textContent ?? "");
    if (!cents) continue;
    const whole = WHOLE_PART.exec(textBefore(sup));
    if (!whole) continue;
    if (!whole[1] && !CURRENCY_AFTER.test(textAfter(sup))) continue;
    sup.textContent = `${whole[3] === "." ? "," : "."}${cents[1]}`;
    marked++;
  }
  return marked;
}
