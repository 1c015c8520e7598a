/**
 * The section-series candidate: a reference page or a landing page written as a series of sibling
 * sections of one shape (same tag and classes), each opening with its own heading and made of prose,
 * not links: a manual page's NAME / SYNOPSIS / DESCRIPTION / OPTIONS / EXAMPLES blocks, a guide's
 * chapters, a service page's feature sections. Readability scores containers and keeps the one with
 * the most prose, so it often keeps one of those sections (the longest, say OPTIONS) and drops the
 * others. The series' parent holds all of them in order.
 *
 * It is found on the document before Readability reads it (Readability moves nodes out of the
 * document), after the boilerplate rules removed the furniture; only when one is found is its
 * container cloned (no second parse). html-to-article.ts takes it over Readability's result when
 * Readability kept a part of it (most of its words are in the series) and the series holds more
 * (seriesPage()). The numbers are in thresholds.ts.
 */
import { isHeading } from "./dom-walk.ts";
import { textLength } from "./region.ts";
import { forEachSameShapeGroup } from "./repeated-items.ts";
import { THRESHOLDS } from "./thresholds.ts";

export interface SectionSeries {
  /** The parent of the sections. */
  container: Element;
  sections: Element[];
  /** Characters of text in the sections together. */
  text: number;
}

// Containers whose repeated children are parts of one block, never sections of a page.
const NOT_A_CONTAINER = new Set(["P", "SPAN", "A", "TABLE", "TBODY", "THEAD", "TR", "UL", "OL", "DL", "PRE", "CODE", "BLOCKQUOTE"]);

/**
 * The heading `el` opens with: the heading holding the first text in `el` (in document order), or null
 * when that text lies outside any heading.
 */
function openingHeading(el: Element): Element | null {
  const walk = (node: Element, heading: Element | null): Element | null | undefined => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        if ((c as Text).data.trim()) return heading;
      } else if (c.nodeType === 1) {
        const r = walk(c as Element, heading ?? (isHeading(c as Element) ? (c as Element) : null));
        if (r !== undefined) return r;
      }
    }
    return undefined;
  };
  return walk(el, null) ?? null;
}

/** Characters of trimmed text under `el` inside links. */
function linkText(el: Element): number {
  let n = 0;
  for (const a of Array.from(el.getElementsByTagName("a"))) {
    if (a.parentElement?.closest("a")) continue;
    n += (a.textContent ?? "").replace(/\s+/g, "").length;
  }
  return n;
}

/**
 * The series of same-shaped sibling sections under `root` holding the most text: at least
 * sectionSeriesMinSections siblings, each opening with a heading, with sectionSeriesMinChars of text or
 * more and at most sectionSeriesMaxLinkShare of it in links, together at least sectionSeriesMinShare of
 * the text under `root`. Null when the page has none.
 */
export function findSectionSeries(root: Element): SectionSeries | null {
  const cache = new Map<Element, number>();
  const total = textLength(root, cache);
  if (total === 0) return null;
  let best: SectionSeries | null = null;
  forEachSameShapeGroup(root, THRESHOLDS.sectionSeriesMinChars, cache, NOT_A_CONTAINER, (parent, members) => {
    if (members.length < THRESHOLDS.sectionSeriesMinSections) return;
    let text = 0;
    for (const m of members) text += textLength(m, cache);
    if (best && text <= best.text) return;
    if (text < total * THRESHOLDS.sectionSeriesMinShare) return;
    const titles = new Set<string>();
    const sections = members.filter((m) => {
      const heading = isHeading(m) ? null : openingHeading(m);
      if (!heading || linkText(m) > textLength(m, cache) * THRESHOLDS.sectionSeriesMaxLinkShare) return false;
      titles.add((heading.textContent ?? "").replace(/\s+/g, " ").trim().toLowerCase());
      return true;
    });
    // Every member is a section: a series where some open with a heading and others do not is a
    // list of cards or posts (the repeated-items rule's business), not a page's sections; and each
    // has its own title: sections under one title are copies of one text (a page printing its
    // article twice, for two layouts), not parts of it.
    if (sections.length !== members.length || titles.size !== sections.length) return;
    best = { container: parent, sections, text };
  });
  return best;
}

/** What the choice between the series and Readability's result reads. */
export interface SeriesSignals {
  /** Words Readability kept (after vellum's clean-up). */
  readabilityWords: number;
  /** Words of the series' container (cleaned the same way). */
  seriesWords: number;
  /** Share of Readability's words found in the series (repeated-items.ts coverage()). */
  overlap: number;
}

/**
 * Whether the series' container, not Readability's result, is the page's content: Readability kept a
 * part of it (sectionSeriesMinOverlap of its words are in it) and the series holds more
 * (sectionSeriesMinGrowth times its words, up to sectionSeriesMaxGrowth).
 */
export function seriesPage(s: SeriesSignals): boolean {
  if (s.seriesWords === 0 || s.readabilityWords === 0) return false;
  if (s.overlap < THRESHOLDS.sectionSeriesMinOverlap) return false;
  const growth = s.seriesWords / s.readabilityWords;
  return growth >= THRESHOLDS.sectionSeriesMinGrowth && growth <= THRESHOLDS.sectionSeriesMaxGrowth;
}
