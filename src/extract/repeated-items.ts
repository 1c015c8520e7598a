/**
 * The repeated-items candidate: the page's main repeated structure, the container whose children
 * repeat one shape (same tag and classes) with substantial text in each: a forum thread's posts, a
 * listing's items, a grid's product cards. Readability keeps one container and on such a page keeps
 * one item (the first post, one card) or a fragment beside them; this candidate keeps every item, in
 * order, with what each carries (author and date lines, titles, blurbs, prices).
 *
 * html-to-article.ts takes it over Readability's container when Readability's text lies inside the
 * repeated items and the items hold several times its words (repeatedPage()). The numbers are in
 * thresholds.ts.
 */
import { textLength } from "./region.ts";
import { THRESHOLDS } from "./thresholds.ts";

export interface RepeatedItems {
  /** The parent of the items. */
  container: Element;
  items: Element[];
  /** Characters of text in the items together. */
  text: number;
}

/** The shape of an element: its name and its classes with numbers dropped (post-12, post-13 are one). */
export function shapeOf(el: Element): string {
  const classes = (el.getAttribute("class") ?? "").replace(/\d+/g, "").split(/\s+/).filter(Boolean).sort().join(" ");
  return `${el.nodeName} ${classes}`;
}

// Elements whose repeated children are parts of one text, not items: a list's entries, a table's rows
// and a paragraph's spans are what Readability already keeps whole with their parent.
export const NOT_A_CONTAINER: ReadonlySet<string> = new Set(["P", "SPAN", "A", "TABLE", "TBODY", "THEAD", "TR", "SELECT", "PRE", "CODE"]);

/**
 * The group of same-shaped sibling elements holding the most text, each with at least
 * repeatedItemMinChars characters and at least repeatedMinItems of them; null when the page has none.
 */
export function findRepeatedItems(root: Element): RepeatedItems | null {
  const cache = new Map<Element, number>();
  let best: RepeatedItems | null = null;
  forEachSameShapeGroup(root, THRESHOLDS.repeatedItemMinChars, cache, NOT_A_CONTAINER, (parent, items) => {
    if (items.length < THRESHOLDS.repeatedMinItems) return;
    let text = 0;
    for (const item of items) text += textLength(item, cache);
    if (!best || text > best.text) best = { container: parent, items, text };
  });
  return best;
}

/**
 * Calls `onGroup(parent, members)` for every group of same-shaped siblings (shapeOf) with at least
 * `minChars` characters of text each, deepest parents first, skipping parents named in
 * `notContainer`. The walk both candidates of repeated structure share: this module's items and
 * section-series.ts's sections. `cache` memoises text lengths (region.ts textLength).
 */
export function forEachSameShapeGroup(
  root: Element,
  minChars: number,
  cache: Map<Element, number>,
  notContainer: ReadonlySet<string>,
  onGroup: (parent: Element, members: Element[]) => void,
): void {
  const visit = (parent: Element) => {
    const groups = new Map<string, Element[]>();
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      if (textLength(el, cache) >= minChars) {
        const key = shapeOf(el);
        const group = groups.get(key);
        if (group) group.push(el);
        else groups.set(key, [el]);
      }
      visit(el);
    }
    if (notContainer.has(parent.nodeName)) return;
    for (const members of groups.values()) onGroup(parent, members);
  };
  visit(root);
}

const TOKEN = /\w+/gu;

function tokens(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

/** Share of `inner`'s words that occur among `outer`'s words (0 when inner has none). */
export function coverage(inner: string, outer: string): number {
  const innerTokens = tokens(inner);
  if (innerTokens.length === 0) return 0;
  const outerSet = new Set(tokens(outer));
  let found = 0;
  for (const t of innerTokens) if (outerSet.has(t)) found++;
  return found / innerTokens.length;
}

export interface RepeatedSignals {
  /** Words Readability kept. */
  readabilityWords: number;
  /** Words of the repeated items together. */
  itemWords: number;
  /** Number of items. */
  items: number;
  /** Share of Readability's words found in the items (coverage()). */
  overlap: number;
  /** The page declares itself one article (region.ts declaresArticle). */
  article: boolean;
  /** Words of the main region when it was chosen over Readability (region.ts, sections.ts), else 0. */
  regionWords: number;
}

/**
 * Whether the repeated items, not Readability's container, are the page's content: Readability kept
 * a part of them (its words are found in the items) and the items hold several times as many words.
 */
export function repeatedPage(s: RepeatedSignals): boolean {
  if (s.article || s.items < THRESHOLDS.repeatedMinItems || s.itemWords === 0) return false;
  // A result of its own beside the series (a post above its comments) is not a part of it, whether or
  // not the whole region was chosen; a short one (a thread's title, one heading) is a fragment beside it.
  if (s.overlap < THRESHOLDS.repeatedMinOverlap && s.readabilityWords >= THRESHOLDS.repeatedFragmentMaxWords) return false;
  // The whole region was chosen: its series of items is the content, the rest of it page furniture.
  if (s.regionWords > 0) return s.itemWords >= s.regionWords * THRESHOLDS.repeatedMinRegionShare;
  if (s.readabilityWords === 0) return s.itemWords >= THRESHOLDS.repeatedMinWordsAlone;
  const growth = s.itemWords / s.readabilityWords;
  return growth >= THRESHOLDS.repeatedMinGrowth && growth <= THRESHOLDS.repeatedMaxGrowth;
}

/**
 * The candidate as one element: the items' container, with the page's <h1> (the thread's or the
 * category's title) before it when the title lies outside.
 */
export function repeatedCandidate(found: RepeatedItems, region: Element): Element {
  const doc = found.container.ownerDocument;
  const out = doc.createElement("div");
  const h1 = region.getElementsByTagName("h1")[0];
  if (h1 && !found.container.contains(h1)) out.append(h1.cloneNode(true));
  out.append(found.container.cloneNode(true));
  return out;
}
