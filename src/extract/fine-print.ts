/**
 * A shop's fine print: the terms of its offers and its credit card, set under the page in small type
 * ("^°Not combinable with other offers and discounts. If any down payment is required, the qualifying
 * purchase amount is determined…", "Sale ends 03/31. While supplies last. Use coupon code SPRING at
 * checkout."). It is the shop's, not the page's. A paragraph saying at least finePrintMinTerms of the
 * phrases such terms are made of (TERMS) is fine print. A page of terms (a promotion's rules) is all
 * such paragraphs and is its own content: the paragraphs go only while they hold less than
 * finePrintMaxShare of the Markdown's words. Read on the Markdown, line by line; headings and code stay.
 */
import { codeLines, cutLines, headingRank } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { wordCount } from "./words.ts";

// The phrases of an offer's or a credit card's terms. Each counts once per paragraph.
const TERMS =
  /\b(?:subject to (?:credit )?approval|when approved|minimum (?:monthly )?(?:purchase|payments?)|terms (?:and|&) conditions apply|terms apply|see (?:store|[\w.-]+\.com) for details|while supplies last|not (?:valid|combinable) with|cannot be combined|offer (?:valid|ends|expires)|exclusions apply|restrictions apply|prior purchases|before tax(?:es)?|at checkout|qualifying purchases?|interest will be charged|promotional (?:period|financing)|void where)\b/gi;

/** How many different TERMS phrases `text` says. */
function termsIn(text: string): number {
  const found = new Set<string>();
  for (const m of text.matchAll(TERMS)) found.add(m[0].toLowerCase().replace(/\s+/g, " "));
  return found.size;
}

/**
 * The Markdown without its fine print (see above). Returns the Markdown kept and the lines cut.
 */
export function withoutFinePrint(markdown: string): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const cut = new Array<boolean>(lines.length).fill(false);
  let cutWords = 0;
  let allWords = 0;
  for (let i = 0; i < lines.length; i++) {
    if (code[i]) continue;
    const text = withoutLinkTargets(lines[i]!);
    const words = wordCount(text);
    allWords += words;
    if (headingRank(lines[i]!) <= 6 || termsIn(text) < THRESHOLDS.finePrintMinTerms) continue;
    cut[i] = true;
    cutWords += words;
  }
  if (cutWords === 0 || cutWords >= allWords * THRESHOLDS.finePrintMaxShare) return { markdown, cut: "" };
  return cutLines(markdown, lines, cut);
}
