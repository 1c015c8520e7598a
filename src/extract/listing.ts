/**
 * The listing rule: a page whose main region is a list of teasers (a news hub, a blog's index, a
 * catalogue of articles or courses) is that list, whatever one container Readability kept. A listing's
 * content is its items: each title, date, blurb and link text (WCXB's listing pages keep the region's
 * whole series, with the section's heading and intro). Readability keeps one container and on such a
 * page keeps one teaser, a footer, a legal paragraph or a lead story; pages of this shape often call
 * themselves an article (og:type "article" on every page of a site), so the declaration that shields
 * long texts elsewhere (region.ts, declaresArticle) does not shield them here.
 *
 * What marks a teaser is its linked heading: a heading that is a link to the item (or sits in one).
 * An article's headings name its own sections and link nowhere; a listing's headings are nearly all
 * links. Product grids have linked headings too, but their category pages' ground truth is as often
 * the category's text as the cards, so cards with prices are left to the other rules. The numbers are
 * in thresholds.ts.
 */
import { elementsUnder, holdsHeading, isHeading } from "./dom-walk.ts";
import { countPrices } from "./prices.ts";
import { textLength } from "./region.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { trimEndWhile } from "./trim.ts";

export interface ListingSignals {
  /** Headings (h1–h6) in the region. */
  headings: number;
  /** Headings that are links or sit inside one: teaser titles. */
  linkedHeadings: number;
  /** Prices in the region's text: a product grid, not a list of teasers. */
  prices: number;
  /**
   * Share of the region's text inside teasers: each linked heading with the largest block around it
   * that holds no other linked heading (its date, blurb and link line). An article with a few related
   * stories below it has most of its text outside them.
   */
  teaserShare: number;
  /**
   * Words of Readability's result that are not in the teasers (counted by word pairs): a text beside
   * the list, the article whose related stories the teasers are.
   */
  readabilityOutside: number;
}

/** A page's address without its fragment, query and trailing slash: what "this page" means for a link. */
function pageKey(url: URL): string {
  return `${url.origin}${trimEndWhile(url.pathname, (code) => code === 47)}`;
}

/**
 * A link to another page: not an anchor within this one (a documentation heading's "¶"), not a script,
 * not the page itself (an article's title linked to its own address).
 */
/** The last page address keyed (pageKey of the document's URL), for the many links of one page. */
let lastBase: { url: string; key: string | null } = { url: "", key: null };

function leadsAway(a: Element): boolean {
  const href = (a.getAttribute("href") ?? "").trim();
  if (href === "" || href.startsWith("#") || /^javascript:/i.test(href)) return false;
  const base = a.ownerDocument.URL;
  try {
    if (lastBase.url !== base) lastBase = { url: base, key: null };
    const target = pageKey(new URL(href, base));
    lastBase.key ??= pageKey(new URL(base));
    return target !== lastBase.key;
  } catch {
    return false;
  }
}

function isLinked(heading: Element): boolean {
  // The nearest link around the heading (or the heading itself), as closest("a[href]") finds it.
  let outer: Element | null = heading;
  while (outer && !(outer.localName === "a" && outer.hasAttribute("href"))) outer = outer.parentElement;
  if (outer && leadsAway(outer)) return true;
  for (const a of Array.from(heading.getElementsByTagName("a"))) if (leadsAway(a)) return true;
  return false;
}

/** The headings (h1–h6) under `root` in document order. */
function headingsOf(root: Element): Element[] {
  return elementsUnder(root).filter((el) => isHeading(el) || isArticleTitle(el));
}

/**
 * An <article>'s own <header> holding no heading element: the teaser's title, written without an
 * <h2> ("<article><header><a href=…>Title</a></header>…"). WCXB: one news front whose teasers are
 * all written so (0.59 -> 1.00); no other page changes.
 */
function isArticleTitle(el: Element): boolean {
  return el.nodeName === "HEADER" && el.parentElement?.nodeName === "ARTICLE" && !holdsHeading(el);
}

/** Counts of headings and linked headings under `root` (the cheap part: no text is read). */
export function headingCounts(root: Element): Pick<ListingSignals, "headings" | "linkedHeadings"> {
  const headings = headingsOf(root);
  let linkedHeadings = 0;
  for (const h of headings) if (isLinked(h)) linkedHeadings++;
  return { headings: headings.length, linkedHeadings };
}

/**
 * The teasers of `root`: for each linked heading, the largest block around it (below `root`) holding
 * no other linked heading.
 */
export function teasers(root: Element, cache = new Map<Element, number>(), linked = headingsOf(root).filter(isLinked)): Element[] {
  return [...new Set(teaserOf(root, cache, linked).values())];
}

/** How many of the linked headings each element below `root` holds, counted once per heading walking up. */
function linkedCounts(root: Element, linked: Element[]): Map<Element, number> {
  const count = new Map<Element, number>();
  for (const h of linked) {
    for (let el: Element | null = h; el && el !== root; el = el.parentElement) count.set(el, (count.get(el) ?? 0) + 1);
  }
  return count;
}

/** Each linked heading's teaser: the largest block around it (below `root`) holding no other linked heading. */
function teaserOf(
  root: Element,
  cache: Map<Element, number>,
  linked: Element[],
  count = linkedCounts(root, linked),
): Map<Element, Element> {
  const items = new Map<Element, Element>();
  for (const h of linked) {
    let item: Element = h;
    for (let up = item.parentElement; up && up !== root && count.get(up) === 1; up = up.parentElement) {
      // A teaser never holds the page's title, nor a text longer than a teaser: that is the article a
      // stray linked heading (an author box, one "read next") sits in.
      // The teaser's own title may be an <h1> (pages whose every teaser title is one): only another
      // <h1> is the page's title.
      const titles = up.getElementsByTagName("h1").length - (h.nodeName === "H1" ? 1 : 0);
      if (titles > 0 || textLength(up, cache) > THRESHOLDS.teaserMaxChars) break;
      item = up;
    }
    items.set(h, item);
  }
  return items;
}

const WORD = /[\p{L}\p{N}_]+/gu;

function wordPairs(text: string): string[] {
  const words = text.toLowerCase().match(WORD) ?? [];
  const pairs: string[] = [];
  for (let i = 1; i < words.length; i++) pairs.push(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

/** Words of `inner` whose pair with the word before it does not occur in `outer` (about its words outside). */
export function wordsOutside(inner: string, outer: string): number {
  const known = new Set(wordPairs(outer));
  let n = 0;
  for (const pair of wordPairs(inner)) if (!known.has(pair)) n++;
  return n;
}

/**
 * The listing signals of a (cleaned) region: `textOf` reads an element's text as a reader sees it
 * (html-to-article.ts, readableText), `readabilityText` is the text of Readability's result on the page.
 */
export function listingSignals(region: Element, textOf: (el: Element) => string, readabilityText: string): ListingSignals {
  const cache = new Map<Element, number>();
  const total = textLength(region, cache);
  const headings = headingsOf(region);
  const linked = headings.filter(isLinked);
  const items = teasers(region, cache, linked);
  let inTeasers = 0;
  for (const item of items) inTeasers += textLength(item, cache);
  const teaserText = items.map(textOf).join(" \n ");
  return {
    headings: headings.length,
    linkedHeadings: linked.length,
    prices: countPrices(textOf(region)),
    teaserShare: total ? inTeasers / total : 0,
    readabilityOutside: wordsOutside(readabilityText, teaserText),
  };
}

/** Whether the headings make the page a list of teasers: many headings, nearly all of them links. */
function teaserHeadings(s: Pick<ListingSignals, "headings" | "linkedHeadings">): boolean {
  return s.linkedHeadings >= THRESHOLDS.listingMinLinkedHeadings && s.linkedHeadings >= s.headings * THRESHOLDS.listingMinLinkedShare;
}

/**
 * Whether the listing rule could take the region, from the whole document before any clean-up (the
 * region is a part of it, so it has no more linked headings): most articles never pay for a second parse.
 */
export function listingMayWin(doc: Document): boolean {
  const body = doc.body;
  return body !== null && headingCounts(body).linkedHeadings >= THRESHOLDS.listingMinLinkedHeadings;
}

/** Whether the cleaned main region, a list of teasers, is the page's content. */
export function listingPage(s: ListingSignals, declared = false): boolean {
  return (
    teaserHeadings(s) &&
    s.prices <= s.linkedHeadings * THRESHOLDS.listingMaxPricesPerHeading &&
    s.teaserShare >= THRESHOLDS.listingMinTeaserShare &&
    s.readabilityOutside <= (declared ? THRESHOLDS.listingMaxReadabilityOutsideDeclared : THRESHOLDS.listingMaxReadabilityOutside)
  );
}

/**
 * The text of the teasers of the whole page (the body before any clean-up), read where the listing rule
 * may apply (listingMayWin): a cheap bound that spares most articles the region's second parse. The
 * region is a part of the body and its teasers are among the body's, so Readability's words outside the
 * body's teasers are about the words outside the region's ones, never many more (listingOutOfReach).
 */
export function pageTeaserText(body: Element, textOf: (el: Element) => string): string {
  return teasers(body).map(textOf).join(" \n ");
}

/**
 * Whether Readability's text lies so far outside the page's teasers that the listing rule cannot take
 * the region: more than listingPrefilterSlack times the bound listingPage() applies. The slack covers
 * teasers the region's clean-up makes larger (a removed menu's linked headings let a teaser take in
 * more of its block).
 */
export function listingOutOfReach(readabilityText: string, teaserText: string, declared: boolean): boolean {
  const bound = declared ? THRESHOLDS.listingMaxReadabilityOutsideDeclared : THRESHOLDS.listingMaxReadabilityOutside;
  return wordsOutside(readabilityText, teaserText) > bound * THRESHOLDS.listingPrefilterSlack;
}

/** The address a linked heading leads to (the link around it, else the first one in it). */
function titleTarget(heading: Element): string | null {
  const around = heading.closest("a[href]");
  const a = around ?? heading.getElementsByTagName("a")[0];
  return a?.getAttribute("href")?.trim() ?? null;
}

function normalText(el: Element, textOf: (el: Element) => string): string {
  return textOf(el).replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Removes the copies teasers carry of themselves, on a cleaned region taken as the content (a listing's
 * teasers, a grid's cards): a card written twice, once laid out for phones and once for desktops (the
 * same title to the same address twice in a row, the two copies alone in their block: the later copy
 * goes), and a link laid over the whole card whose text is the title again (a teaser's link outside its
 * heading with the heading's words). A reader sees each title once. Returns the number of copies removed.
 */
export function withoutTeaserCopies(region: Element, textOf: (el: Element) => string): number {
  const linked = headingsOf(region).filter(isLinked);
  const count = linkedCounts(region, linked);
  const items = teaserOf(region, new Map(), linked, count);
  let removed = 0;
  let previous: { heading: Element; title: string; target: string | null } | null = null;
  for (const h of linked) {
    const item = items.get(h)!;
    const title = normalText(h, textOf);
    const target = titleTarget(h);
    if (
      previous &&
      title !== "" &&
      title === previous.title &&
      target === previous.target &&
      item !== h &&
      !item.contains(previous.heading) &&
      aloneTogether(previous.heading, h, count)
    ) {
      // The copy that says less goes: a card's phone layout may leave out the price the desktop one shows.
      const earlier: Element = items.get(previous.heading)!;
      if (earlier !== previous.heading && !earlier.contains(h) && normalText(earlier, textOf).length < normalText(item, textOf).length) {
        earlier.remove();
        removed++;
        previous = { heading: h, title, target };
        continue;
      }
      item.remove();
      removed++;
      continue;
    }
    for (const a of Array.from(item.getElementsByTagName("a"))) {
      if (a.contains(h) || h.contains(a) || a.getAttribute("href")?.trim() !== target) continue;
      if (normalText(a, textOf) === title) {
        a.remove();
        removed++;
      }
    }
    previous = { heading: h, title, target };
  }
  return removed;
}

/** Whether the smallest block holding both headings holds no other linked heading (`count`: linkedCounts). */
function aloneTogether(first: Element, second: Element, count: Map<Element, number>): boolean {
  let common: Element | null = first.parentElement;
  while (common && !common.contains(second)) common = common.parentElement;
  return common !== null && count.get(common) === 2;
}
