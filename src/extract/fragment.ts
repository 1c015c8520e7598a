/**
 * Readability keeps one container and the siblings that score like it. On pages whose article is cut
 * into separately wrapped parts (a recipe's intro, ingredients and steps; a fact sheet's sections; a
 * guide's entries under a map), it keeps one part: a tenth of the page. When what it kept is that small a
 * share of the cleaned main region, the region is the article, whatever the page declares, unless the
 * page holds a thread: then the rest of the region is its comments, and the thread rule (thread.ts)
 * decides.
 */
import { datedSeries } from "./thread.ts";
import { saidIn, wordText, words } from "./words.ts";
import { THRESHOLDS } from "./thresholds.ts";

export interface FragmentSignals {
  /** Words Readability kept (after vellum's clean-up). */
  readabilityWords: number;
  /** Words of the cleaned main region. */
  regionWords: number;
  /** The page holds a discussion thread (findThread). */
  thread: boolean;
}

/**
 * Whether Readability kept only a fragment of the region's article (so the region is the content). A
 * region holding a series of dated items (datedSeries: comments, other stories' teasers) that
 * Readability's text is not part of is not taken: the rest of it is that series, not more of the
 * article. A series Readability kept one item of (one post of a thread) is the content.
 * `textOf` is the pipeline's readableText (html-to-article.ts).
 */
export function readabilityFragment(
  s: FragmentSignals,
  readabilityText: string,
  region: Element,
  textOf: (el: Element) => string,
): boolean {
  if (s.thread || s.readabilityWords === 0 || s.readabilityWords >= s.regionWords * THRESHOLDS.readabilityFragmentShare) return false;
  return datedSeries(region).every((items) => inSeries(readabilityText, items.map(textOf).join(" ")));
}

/** Whether a run of words from the middle of Readability's text occurs in the series' text. */
function inSeries(readabilityText: string, seriesText: string): boolean {
  const said = words(readabilityText);
  const n = Math.min(said.length, THRESHOLDS.fragmentProbeWords);
  const start = Math.floor((said.length - n) / 2);
  const probe = said.slice(start, start + n).join(" ");
  return saidIn(probe, wordText(seriesText));
}

/** Elements whose text a reader never sees, and the page furniture the cleaned region never keeps. */
const OUTSIDE_REGION = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "svg", "SVG", "NAV", "ASIDE", "FOOTER", "FORM", "DIALOG"]);

/**
 * Characters of trimmed text under `body` outside scripts, styles and the page's furniture (nav, aside,
 * footer, form, dialog): a bound on the text of the cleaned main region (region.ts removes those), read
 * in one walk without memoising (a page's body has thousands of elements).
 */
export function regionTextBound(body: Element): number {
  let n = 0;
  const stack: Element[] = [body];
  while (stack.length) {
    const el = stack.pop()!;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) n += (c as Text).data.trim().length;
      else if (c.nodeType === 1 && !OUTSIDE_REGION.has(c.nodeName)) stack.push(c as Element);
    }
  }
  return n;
}

/**
 * Whether the region is worth parsing for this rule, before it is parsed: the region is part of the
 * body (regionTextBound, read before the clean-up), so when Readability's text is not below the share
 * of that bound, it is not below the share of the region's text either (characters stand in for words
 * on both sides).
 */
export function fragmentMayWin(readabilityChars: number, bodyChars: number, thread: boolean): boolean {
  return !thread && readabilityChars > 0 && readabilityChars < bodyChars * THRESHOLDS.readabilityFragmentShare;
}
