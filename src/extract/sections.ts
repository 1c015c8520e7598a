/**
 * Pages made of many short sections: a service's landing page (hero, features, pricing cards, FAQ), a
 * product's page (summary, description, specifications), a documentation page with several blocks.
 * Readability keeps the one container with the most prose and drops the other sections; the page's
 * main region with its structural furniture removed (region.ts) holds all of them. This rule takes the
 * region when it is a moderate multiple of what Readability kept: enough more to be the other sections,
 * not so much more that it is a page's worth of comments and other stories around a long text. Pages
 * that declare themselves one article keep Readability's choice (region.ts, chooseRegion). The numbers
 * are in thresholds.ts.
 */
import type { RegionSignals } from "./region.ts";
import { THRESHOLDS } from "./thresholds.ts";

// Microdata of one article: the body marked itemprop=articleBody, or an item typed as an article.
const ARTICLE_ITEMTYPE = /schema\.org\/(?:\w*Article|BlogPosting|Report)\b/i;

/**
 * Whether the page marks one article in its microdata (itemprop=articleBody or an article itemtype):
 * like og:type and JSON-LD (region.ts, declaresArticle), it says the text Readability found is the page.
 */
export function marksArticle(doc: Document): boolean {
  if (doc.querySelector('[itemprop~="articleBody"]')) return true;
  for (const el of Array.from(doc.querySelectorAll("[itemtype]")))
    if (ARTICLE_ITEMTYPE.test(el.getAttribute("itemtype") ?? "")) return true;
  return false;
}

/** Whether the sections rule could take the region, from what is known before the region is built. */
export function sectionsMayWin(s: Pick<RegionSignals, "readabilityWords" | "article">): boolean {
  return !s.article && s.readabilityWords > 0 && s.readabilityWords < THRESHOLDS.sectionsMaxReadabilityWords;
}

/**
 * Share of the text of `root` that is link text: a region that is mostly links is menus the furniture
 * rules did not catch (nested link lists, mega-menus), not sections of a page.
 */
export function linkShare(root: Element): number {
  const total = (root.textContent ?? "").replace(/\s+/g, "").length;
  if (!total) return 0;
  let links = 0;
  for (const a of Array.from(root.getElementsByTagName("a"))) {
    if (a.parentElement?.closest("a")) continue;
    links += (a.textContent ?? "").replace(/\s+/g, "").length;
  }
  return links / total;
}

/**
 * Whether the main region, holding the sections Readability dropped, is the page's content.
 * `regionLinkShare` is linkShare() of the region.
 */
export function sectionedPage(s: RegionSignals, regionLinkShare = 0): boolean {
  if (!sectionsMayWin(s) || s.regionWords === 0) return false;
  if (regionLinkShare > THRESHOLDS.sectionsMaxLinkShare) return false;
  const growth = s.regionWords / s.readabilityWords;
  return growth >= THRESHOLDS.sectionsMinGrowth && growth <= THRESHOLDS.sectionsMaxGrowth;
}
