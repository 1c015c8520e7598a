/**
 * Readability keeps one container and the siblings that score like it. A reference page often wraps its
 * title and introduction in a block of their own beside the block of the body text ("layout__header"
 * around the <h1> and the first paragraphs, then "layout__body"): the introduction's few paragraphs do
 * not score like the body, and Readability keeps the body alone. The lead block is that wrapper of the
 * page's one <h1>; when Readability's result lacks its prose, its paragraphs go first.
 */
import { textLength } from "./region.ts";
import { firstWords, saidIn, wordText, words } from "./words.ts";
import { THRESHOLDS } from "./thresholds.ts";

/** Where the lead block stops climbing: the page's main containers are more than a lead. */
const STOP = new Set(["BODY", "MAIN", "ARTICLE", "HTML"]);

/**
 * A copy of the block around the page's one <h1> that holds its introduction (paragraphs of prose
 * beside a body holding many times its text), without the <h1>; null when the page has no such block.
 * Read after the boilerplate rules and before Readability moves nodes.
 */
export function findLead(body: Element): Element | null {
  const headings = body.getElementsByTagName("h1");
  if (headings.length !== 1) return null;
  const lengths = new Map<Element, number>();
  for (let el = headings[0]!.parentElement; el && !STOP.has(el.nodeName); el = el.parentElement) {
    const parent = el.parentElement;
    if (!parent) return null;
    const own = textLength(el, lengths);
    const prose = paragraphText(el, lengths);
    if (prose >= THRESHOLDS.leadMinProse && textLength(parent, lengths) >= own * THRESHOLDS.leadBodyRatio) {
      const lead = el.cloneNode(true) as Element;
      for (const h1 of Array.from(lead.getElementsByTagName("h1"))) h1.remove();
      return lead;
    }
    // A block holding more than the introduction (the whole text) is not a lead.
    if (own > THRESHOLDS.leadMaxText) return null;
  }
  return null;
}

/** Whether the lead's first paragraph is missing from Readability's text (`contentText`). */
export function leadMissing(lead: Element, contentText: string): boolean {
  const first = Array.from(lead.getElementsByTagName("p")).find((p) => words(p.textContent ?? "").length >= THRESHOLDS.leadProbeWords);
  if (!first) return false;
  return !saidIn(firstWords(first.textContent ?? "", THRESHOLDS.leadProbeWords), wordText(contentText));
}

/** Characters of text in the <p> elements under `el` (not nested in one another). */
function paragraphText(el: Element, lengths: Map<Element, number>): number {
  let n = 0;
  for (const p of Array.from(el.getElementsByTagName("p"))) if (!p.parentElement?.closest("p")) n += textLength(p, lengths);
  return n;
}
