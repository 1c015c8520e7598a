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
 * unless the amount groups its thousands with points ("1.299<sup>99</sup> €" says "1.299,99 €"). What an
 * amount and a currency look like is prices.ts's, as for every rule that reads prices.
 */

import { AMOUNT_WHOLE_PART, opensWithCurrency } from "./prices.ts";

/** Two digits, the whole of a superscript's text. */
const CENTS = /^\s*(\d{2})\s*$/;
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
    const whole = AMOUNT_WHOLE_PART.exec(textBefore(sup));
    if (!whole) continue;
    if (!whole[1] && !opensWithCurrency(textAfter(sup))) continue;
    sup.textContent = `${whole[3] === "." ? "," : "."}${cents[1]}`;
    marked++;
  }
  return marked;
}
