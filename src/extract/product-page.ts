/**
 * Product pages: a page about one product (its name, price, description, specifications) surrounded by
 * material about other things: carousels and grids of other products ("customers also viewed",
 * sponsored items), and the list of individual customer reviews. WCXB's ground truth of a product page
 * keeps the product and the reviews' summary (the average, the star histogram) and drops the other
 * products and the individual reviews; Readability and the main region keep both.
 *
 * productPage() tells a product page by what the page states about itself (og:type product, or one
 * product in its JSON-LD or microdata, or among several in its microdata the one holding the title, and
 * no list of several); pruneProductPage() then removes, from
 * a document about to be read, the two kinds of material that are never the product:
 *  - cards of other products: a series of same-shaped siblings, each a short block with a link to
 *    another page and a price of its own;
 *  - individual reviews: a series of same-shaped siblings inside an element the page names reviews
 *    (class, id, itemprop, itemtype or label), each with the length of a written opinion.
 * After the conversion, withoutShopperSections() cuts the sections a shop appends below the product
 * under headings of their own (reviews, "related products", "recently viewed"), and
 * withoutRepeatedParagraphs() the second copies of paragraphs laid out twice.
 * The numbers are in thresholds.ts.
 */
import { normalize } from "./boilerplate.ts";
import { holdsH1, visibleTextLength } from "./dom-walk.ts";
import { codeLines, cutLines, headingRank, withoutLinesWhere } from "./markdown.ts";
import { unlinkedWords, withoutLinks, withoutLinkTargets } from "./markdown-links.ts";
import { jsonLdNodes, types } from "./metadata.ts";
import { hasShopPrice, isPriceLine } from "./prices.ts";
import { plainTextToMarkdown } from "./product.ts";
import { shapeOf } from "./repeated-items.ts";
import { isShopLineInLanguages, namesOpinions, namesOtherProducts, saysAddToCartInLanguages } from "./shop-languages.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { saidIn, wordCount, wordText, words } from "./words.ts";

const PRODUCT_LD_TYPE = /^(?:Product|ProductGroup|IndividualProduct|ProductModel|Vehicle|Car)$/i;
const PRODUCT_ITEMTYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct|ProductModel|Vehicle|Car)\/?$/i;
/** A list of things: a page stating one is a grid or a category, not one product. */
const LIST_LD_TYPE = /^(?:ItemList|CollectionPage|SearchResultsPage)$/;

interface ProductStatement {
  /** Distinct names of the products with offers in the JSON-LD. */
  names: number;
  /** Distinct names of other products in the JSON-LD (no offers). */
  bare: number;
  /** Products in the microdata, not counting those nested in another product. */
  items: number;
  /** The page's only <h1> lies in one of those microdata products: the page's own, the others are cards. */
  titled: boolean;
  /** The JSON-LD lists several things (an ItemList, a catalogue). */
  listed: boolean;
  /** The JSON-LD or the microdata also states an article. */
  article: boolean;
}

// What the JSON-LD calls an article (as region.ts, declaresArticle, reads it).
const ARTICLE_LD_TYPE = /^(?:\w*Article|BlogPosting|Report)$/;

function statement(doc: Document): ProductStatement {
  const names = new Set<string>();
  const bare = new Set<string>();
  let listed = false;
  let article = doc.querySelector('[itemprop~="articleBody"]') !== null;
  for (const node of jsonLdNodes(doc)) {
    const named = types(node);
    // A product without offers is often a site's way to get stars in search results (a service, a
    // category page): a weaker statement than one with offers.
    if (named.some((t) => PRODUCT_LD_TYPE.test(t))) {
      const name = typeof node.name === "string" ? node.name.trim() : "";
      if (Object.keys(node).some((k) => /^(?:offers|hasVariant)$/i.test(k))) names.add(name);
      else bare.add(name);
    }
    if (named.some((t) => ARTICLE_LD_TYPE.test(t))) article = true;
    if (named.some((t) => LIST_LD_TYPE.test(t)) && Array.isArray(node.itemListElement) && node.itemListElement.length > 1) listed = true;
  }
  let items = 0;
  let titled = false;
  const h1s = doc.body?.getElementsByTagName("h1");
  const title = h1s?.length === 1 ? h1s[0]! : null;
  for (const el of Array.from(doc.querySelectorAll("[itemscope][itemtype]"))) {
    if (!PRODUCT_ITEMTYPE.test((el.getAttribute("itemtype") ?? "").trim())) continue;
    const outer = el.parentElement?.closest("[itemscope][itemtype]");
    if (outer && PRODUCT_ITEMTYPE.test((outer.getAttribute("itemtype") ?? "").trim())) continue;
    items++;
    if (title && el.contains(title)) titled = true;
  }
  for (const name of names) bare.delete(name);
  return { names: names.size, bare: bare.size, items, titled, listed, article };
}

/** One product in the structured data (or the one holding the title among others' cards), and no list of several. */
function statesOneProduct(s: ProductStatement): boolean {
  return !s.listed && s.names <= 1 && (s.items <= 1 || s.titled) && s.names + s.items > 0;
}

/** The page's og:type, lowercased ("" when absent). */
export function ogType(doc: Document): string {
  for (const meta of Array.from(doc.getElementsByTagName("meta"))) {
    const key = meta.getAttribute("property") ?? meta.getAttribute("name");
    if (key?.toLowerCase() === "og:type") return (meta.getAttribute("content") ?? "").trim().toLowerCase();
  }
  return "";
}

/**
 * Whether the page is about one product: one product with offers in its structured data; or a weaker
 * sign (og:type product, a product without offers on a page not calling itself an article, a buy box at
 * the title) on a page without a long series of product cards (a category page's grid). `languages`
 * (on unless the benchmarks leave rule shop-languages out): the buy box's control may say add to cart
 * in another language.
 */
export function productPage(doc: Document, options: { languages?: boolean } = {}): boolean {
  const s = statement(doc);
  if (s.listed || s.names > 1 || (s.items > 1 && !s.titled) || s.bare > 1) return false;
  if (statesOneProduct(s)) return true;
  const og = ogType(doc);
  const weak = /^(?:og:)?product(?:\.item)?$/.test(og) || (s.bare === 1 && !og.startsWith("article")) || buyBoxAtTitle(doc, options);
  return weak && largestCardSeries(doc) < THRESHOLDS.productCategoryMinCards;
}

/**
 * Whether a page with a priced grid (priced-grid.ts) is a shop's category page, for the result's
 * `pageType` "collection": its og:type is product.group, or it holds a series of at least
 * productCategoryMinCards product cards (the bound productPage reads as a category page's grid). On
 * WCXB, whole set / check part, right on 0.909 / 0.909 of the 44 / 11 pages so named; the tuning part's
 * misses are three pages its annotators call listings (docs/extraction.md, "The site's lines in a
 * thread, buy boxes in other languages, and a category page's pageType").
 */
export function categoryPage(doc: Document): boolean {
  return ogType(doc) === "product.group" || largestCardSeries(doc) >= THRESHOLDS.productCategoryMinCards;
}

/** The largest series of product cards on the page (cards with one parent): a category page's grid. */
export function largestCardSeries(doc: Document): number {
  if (!doc.body) return 0;
  const series = new Map<Element | null, number>();
  for (const { kind, element } of productClutter(doc.body, doc.URL)) {
    if (kind === "card") series.set(element.parentElement, (series.get(element.parentElement) ?? 0) + 1);
  }
  return Math.max(0, ...series.values());
}

// A control that puts the product in the cart: by its text, value, label, name, id or class.
const CART_CONTROL = /add[\s_-]?to[\s_-]?(?:cart|basket|bag|trolley)|buy[\s_-]?now|addtocart/i;

/** Whether `el` puts the product in the cart: CART_CONTROL, and with `languages` the words of other languages (shop-languages.ts). */
function isCartControl(el: Element, languages: boolean): boolean {
  const says = (text: string) => CART_CONTROL.test(text) || (languages && saysAddToCartInLanguages(text));
  for (const attr of ["id", "name", "class", "value", "aria-label"]) {
    const value = el.getAttribute(attr);
    if (value && says(value)) return true;
  }
  return says(el.textContent ?? "");
}

/**
 * The buy box: the page's title (titleHeading) shares a small block with a price and a control that
 * adds to the cart. A grid's title shares its block with the whole grid: large, or with a control per card.
 */
export function buyBoxAtTitle(doc: Document, { languages = true }: { languages?: boolean } = {}): boolean {
  const body = doc.body;
  const title = body ? titleHeading(doc) : null;
  if (!body || !title) return false;
  const cache = new Map<Element, number>();
  for (let el = title.parentElement; el && el !== body; el = el.parentElement) {
    if (visibleTextLength(el, cache) > THRESHOLDS.productBuyBoxMaxText) return false;
    if (!hasShopPrice(el.textContent ?? "")) continue;
    // Controls nested in one another (a form and its button) count once.
    const controls = Array.from(el.querySelectorAll("button, input, a, form")).filter((c) => isCartControl(c, languages));
    const outer = controls.filter((c) => !controls.some((o) => o !== c && o.contains(c)));
    if (outer.length) return outer.length <= THRESHOLDS.productBuyBoxMaxControls;
  }
  return false;
}

/**
 * The page's title heading: its only <h1>, or among several the one the document's <title> holds (a
 * marketplace heads its product's sections, "About this item", with <h1>s too).
 */
function titleHeading(doc: Document): Element | null {
  const h1s = Array.from(doc.body?.getElementsByTagName("h1") ?? []);
  if (h1s.length === 1) return h1s[0]!;
  const title = normalize(doc.title).toLowerCase();
  const named = h1s.filter((h) => {
    const text = normalize(h.textContent).toLowerCase();
    return text.length >= THRESHOLDS.productTitleMinChars && title.includes(text);
  });
  return named.length === 1 ? named[0]! : null;
}

/**
 * Whether the page's structured data states one product and no article: then an og:type "article" is
 * a publishing tool's default for every page (shops built on blog engines), not a statement that the
 * page is one article, and the product page is read as one.
 */
export function productOverArticle(doc: Document): boolean {
  const s = statement(doc);
  return statesOneProduct(s) && !s.article;
}

/** Whether `el` links to another page than `pageUrl` (not an anchor on it, not a script or a button). */
function linksElsewhere(el: Element, page: URL | null): boolean {
  const anchors = el.nodeName === "A" ? [el] : Array.from(el.getElementsByTagName("a"));
  for (const a of anchors) {
    const href = a.getAttribute("href")?.trim();
    if (!href || href.startsWith("#") || /^(?:javascript|mailto|tel):/i.test(href)) continue;
    if (!page) return true;
    try {
      const target = new URL(href, page);
      if (!/^https?:$/.test(target.protocol)) continue;
      if (target.origin !== page.origin || target.pathname !== page.pathname) return true;
    } catch {
      // an unusable href links nowhere
    }
  }
  return false;
}

/** A product card: a short block with its own price and a link to another page. */
function isCard(el: Element, page: URL | null, cache: Map<Element, number>): boolean {
  if (visibleTextLength(el, cache) > THRESHOLDS.productCardMaxText) return false;
  // A block titled by an <h1> is one of the page's own (a purchase option "Buy … edition"), not a card.
  if (holdsH1(el)) return false;
  return hasShopPrice(el.textContent ?? "") && linksElsewhere(el, page);
}

// Words naming reviews in class, id, itemprop, aria-label; "reviewed" or "preview" are not names of them.
const REVIEW_WORD = /^(?:reviews?|testimonials?)$/i;

function namesReviews(el: Element): boolean {
  const itemtype = el.getAttribute("itemtype");
  if (itemtype && /schema\.org\/(?:Review|UserReview|Comment)\/?$/i.test(itemtype.trim())) return true;
  const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""} ${el.getAttribute("itemprop") ?? ""} ${el.getAttribute("aria-label") ?? ""}`;
  if (!/review|testimonial/i.test(names)) return false;
  return names
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z]+/)
    .some((part) => REVIEW_WORD.test(part));
}

/** Whether `el` or one of its nearest ancestors (up to productReviewNameDepth levels) is named reviews. */
function inReviews(el: Element): boolean {
  let node: Element | null = el;
  for (let depth = 0; node && depth <= THRESHOLDS.productReviewNameDepth; depth++, node = node.parentElement) {
    if (namesReviews(node)) return true;
  }
  return false;
}

// A rating given with a review: "4 out of 5", "5/5 stars", star glyphs, or markup naming a rating or stars.
const RATING_TEXT = /\b\d(?:[.,]\d)?\s*(?:out of|of|\/)\s*(?:5|10)\b|\bstars?\b|[★☆]/i;
const RATING_NAME = /rating|\bstars?\b|star-?\d|stars?[-_]|[-_]stars?/i;

/** Whether a review `el` carries its rating (in text, or in the names and labels of its markup). */
function rated(el: Element): boolean {
  if (RATING_TEXT.test(el.textContent ?? "")) return true;
  for (const node of [el, ...Array.from(el.querySelectorAll("*"))]) {
    for (const attr of ["class", "itemprop", "aria-label", "title", "alt", "data-rating", "data-score"]) {
      const value = node.getAttribute(attr);
      if (value && (attr.startsWith("data-") || RATING_NAME.test(value) || RATING_TEXT.test(value))) return true;
    }
  }
  return false;
}

// Siblings that are parts of one text (a paragraph's spans, a table's rows), never cards or reviews.
const NOT_AN_ITEM = new Set(["P", "SPAN", "A", "TR", "TD", "TH", "DT", "DD", "OPTION", "SCRIPT", "STYLE", "BR", "IMG"]);

/** A block pruneProductPage() removes, and why. */
export interface ProductClutter {
  kind: "card" | "review";
  element: Element;
}

/**
 * Other products' cards and individual reviews under `root` (a product page's body). `pageUrl` tells
 * links to other pages from anchors on this one.
 */
export function productClutter(root: Element, pageUrl: string): ProductClutter[] {
  let page: URL | null = null;
  try {
    page = new URL(pageUrl);
  } catch {
    page = null;
  }
  const cache = new Map<Element, number>();
  const found: ProductClutter[] = [];
  const visit = (parent: Element) => {
    const groups = new Map<string, Element[]>();
    const byTag = new Map<string, Element[]>();
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      visit(el);
      if (NOT_AN_ITEM.has(el.nodeName)) continue;
      if (visibleTextLength(el, cache) === 0) continue;
      for (const [map, key] of [
        [groups, shapeOf(el)],
        [byTag, el.nodeName],
      ] as const) {
        const group = map.get(key);
        if (group) group.push(el);
        else map.set(key, [el]);
      }
    }
    // Cards: by tag alone (a carousel's slides differ in classes once some are rendered), and most
    // of the siblings of that tag are cards.
    const carded = new Set<Element>();
    for (const items of byTag.values()) {
      const cards = items.filter((el) => isCard(el, page, cache));
      if (cards.length < THRESHOLDS.productCardMinItems || cards.length < items.length * THRESHOLDS.productCardMinShare) continue;
      for (const element of cards) {
        found.push({ kind: "card", element });
        carded.add(element);
      }
    }
    for (const items of groups.values()) {
      if (carded.has(items[0]!)) continue;
      if (
        items.length >= THRESHOLDS.productReviewMinItems &&
        items.reduce((n, el) => n + visibleTextLength(el, cache), 0) >= items.length * THRESHOLDS.productReviewMinText &&
        inReviews(items[0]!) &&
        items.filter(rated).length >= items.length * THRESHOLDS.productReviewMinRatedShare
      )
        for (const element of items) found.push({ kind: "review", element });
    }
  };
  visit(root);
  return found;
}

/** Removes other products' cards and individual reviews from `root`; returns how many blocks went. */
export function pruneProductPage(root: Element, pageUrl: string): number {
  const found = productClutter(root, pageUrl);
  for (const { element } of found) element.remove();
  return found.length;
}

/** A text that is nothing but one web address. */
const BARE_ADDRESS = /^https?:\/\/\S+$/i;
/** A storage key ("short_description", "tab_Shipping and Returns"): people do not join words with "_". */
const STORAGE_KEY = /[\p{L}\p{N}]_[\p{L}\p{N}]/u;

/**
 * Removes from `root` (a product page's body) the stored fields its template printed as a description
 * list, which no shopper reads: a term named like a storage key ("short_description:",
 * "thumb_red:") and a term whose value is a bare web address, not a link (an image's address). A
 * specification's term is words ("Fabric") and an address meant to be followed is a link. Returns how
 * many terms went.
 */
export function withoutStoredFields(root: Element): number {
  let removed = 0;
  for (const term of Array.from(root.querySelectorAll("dt"))) {
    const values: Element[] = [];
    for (let el = term.nextElementSibling; el?.nodeName === "DD"; el = el.nextElementSibling) values.push(el);
    const bare = values.some((dd) => {
      const text = (dd.textContent ?? "").trim();
      return text.length <= THRESHOLDS.storedFieldMaxLength && BARE_ADDRESS.test(text) && !dd.querySelector("a");
    });
    if (!bare && !STORAGE_KEY.test(term.textContent ?? "")) continue;
    for (const dd of values) dd.remove();
    term.remove();
    removed++;
  }
  return removed;
}

/**
 * Headings of the sections a shop adds below a product about other people's opinions: reviews and
 * ratings, testimonials, "what customers say", questions and answers ("Have a question?" over a
 * marketplace's box for them). An FAQ the seller writes is the product's own text and is not among them.
 */
const OPINION_SECTION =
  /\b(?:reviews?|ratings?|testimonials?|feedback|q ?& ?a|customer questions)\b|^what (?:[\w'’]+ ){1,2}(?:say|are saying|think)\b|^(?:have|got) a question\b/i;

/**
 * Headings of the sections about other products: "related products", "you may also like", "frequently
 * bought together", "recently viewed", "what other items do customers buy", sponsored and recommended
 * items, and the shop's other offers ("More seller options", "More ways to pay", "More brands",
 * "Discover more options"). Never the
 * product's own, wherever they stand, but a page may open with one before its product ("Recommended
 * for you").
 */
const OTHER_PRODUCTS_SECTION =
  /\b(?:recently viewed|similar|related|you may also|frequently bought|often (?:viewed|bought)|customers also|other items|more from|more like this|more to explore|more (?:ways to (?:pay|buy|shop)|brands|(?:seller |buying )?options|inspiration)\b|featured products|shop the look|complete the look|get the look|as seen on|accessories for|top rated|top sellers|best ?sellers|trending|you might also|customers who|sponsored|also viewed|also bought|recommend(?:ed|ations?)?)\b/i;

/**
 * Headings, read whole, of the sections offering things to buy with the product: "Add-ons", "Choose your
 * add-ons", "Accessories", "Accompany with", "Pairs well with", "Goes with", "Complete your set", "Items
 * available for this game", "Content for this product". A heading saying more ("Add-ons extend the
 * battery", "Accessories included in the box") is the product's own.
 */
const ADD_ON_SECTION =
  /^(?:choose |shop |buy |add )?(?:your |the |some )?(?:add-?ons|accessories|extras)$|^accompany with\b|\b(?:pairs?|goes) (?:well |perfectly |nicely )?with\b|^complete (?:your|the) (?:set|kit|setup)\b|^(?:[\p{L}\p{N}]+ ){0,2}(?:available )?for this (?:item|product|game|model|device)$/iu;

/**
 * A product page's Markdown without the shopper sections: opinions (OPINION_SECTION) that begin after
 * the first productSectionsMinShare of its words, other products (OTHER_PRODUCTS_SECTION) and add-ons
 * (ADD_ON_SECTION) after the first productOtherSectionsMinShare, and the same sections headed in another
 * language (shop-languages.ts; `languages`, on unless the benchmarks leave the rule out): each goes
 * from its heading to where it ends (SectionCut). Earlier headings of that kind are the product's own
 * (a rating summary beside the title).
 * Returns the Markdown kept and the lines cut (to correct the word count).
 */
export function withoutShopperSections(markdown: string, options: { languages?: boolean } = {}): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  const languages = options.languages ?? true;
  const cut = sectionCuts(lines, (title, seen, total) => {
    const plain = plainTitle(title);
    if (seen > total * THRESHOLDS.productSectionsMinShare && (OPINION_SECTION.test(title) || (languages && namesOpinions(plain))))
      return "whole";
    if (
      seen > total * THRESHOLDS.productOtherSectionsMinShare &&
      (OTHER_PRODUCTS_SECTION.test(title) || ADD_ON_SECTION.test(plain) || (languages && namesOtherProducts(plain)))
    )
      return "cards";
    return null;
  });
  if (!cut.includes(true)) return { markdown, cut: "" };
  return {
    markdown: lines
      .filter((_, i) => !cut[i])
      .join("\n")
      .trim(),
    cut: lines.filter((_, i) => cut[i]).join("\n"),
  };
}

/**
 * How a cut section ends: "whole" at the next heading of the same or a higher rank (a section headed
 * `#` also at the next `##`); "cards" (a section of other products' cards) also at a heading of a lower
 * rank over a block of prose or specifications without a price and with no picture or price right above
 * it, which no card is: the product's own section that the shop's carousel happens to precede
 * ("Product details" below "Customers also bought"; ownBlockBelow).
 */
type SectionCut = "whole" | "cards" | null;

/**
 * Which lines fall in a section to cut: from a heading `cuts` picks (given its title as written and the
 * words of the lines before it, of `total`) to where the section ends (SectionCut). Code is never read.
 */
function sectionCuts(lines: string[], cuts: (title: string, seen: number, total: number) => SectionCut): boolean[] {
  const total = countLineWords(lines);
  const code = codeLines(lines);
  let seen = 0;
  let cutRank = 0;
  let cutKind: SectionCut = null;
  return lines.map((line, i) => {
    const heading = code[i] ? null : HEADING_LINE.exec(line);
    if (heading) {
      const rank = heading[1]!.length;
      if (cutRank && (rank <= cutRank || (cutKind === "cards" && ownBlockBelow(lines, i, code)))) cutRank = 0;
      if (!cutRank) {
        const kind = cuts(heading[2]!, seen, total);
        if (kind) {
          // A section headed at the top rank ends at the next section heading too: a template that
          // heads its sections with <h1>s as well as <h2>s gives them no order ("# Feedback" over "##
          // Product description" on a marketplace).
          cutRank = Math.max(rank, 2);
          cutKind = kind;
        }
      }
    }
    seen += countLineWords([line]);
    return cutRank > 0;
  });
}

/** A line that opens with a picture, linked or not: `![…](…)`, `[![…](…)](…)`. */
const PICTURE_LINE = /^\s*(?:[-*]\s+)?\[?!\[/;

/**
 * Whether the lines below the heading at `at`, up to the next heading, are a block of the product's own:
 * productCardsEndMinWords words outside links and no price, under a heading that no picture or price
 * stands right over.
 */
function ownBlockBelow(lines: string[], at: number, code: boolean[]): boolean {
  // A card's name sits under its picture, or under the card before it, whose last line is its price.
  let above = at - 1;
  while (above >= 0 && !lines[above]!.trim()) above--;
  if (above >= 0 && (PICTURE_LINE.test(lines[above]!) || hasShopPrice(lines[above]!))) return false;
  let words = 0;
  for (let i = at + 1; i < lines.length && (code[i] || !HEADING_LINE.test(lines[i]!)); i++) {
    if (hasShopPrice(lines[i]!)) return false;
    words += unlinkedWords(lines[i]!);
  }
  return words >= THRESHOLDS.productCardsEndMinWords;
}

/**
 * Headings no page gives its own text, only a shop its furniture under a product: "Customers also
 * bought", "Frequently bought together", "Products related to this item", "Recently viewed", "You may
 * also like", "Customer reviews", "Top reviews from …". Narrower than the product page's sections
 * (OPINION_SECTION, OTHER_PRODUCTS_SECTION), whose "reviews", "related" and "recommended" head an
 * article's or a service's own sections.
 */
const SHOP_SECTION =
  /^(?:customers (?:who (?:bought|viewed)|also (?:bought|viewed|purchased))|frequently bought together|products related to this item|(?:your )?recently viewed(?: items| products)?|you (?:may|might) also (?:like|love|enjoy)|customer reviews|top reviews\b|related products|similar (?:products|items)|more (?:products )?from this (?:seller|brand|shop|store)|compare (?:with )?similar items|sponsored products)/i;

/**
 * On a page of no known type (a product page the structured data does not state, a shop's landing
 * page), the Markdown without the sections a shop adds under its products (SHOP_SECTION) that begin
 * after the first productOtherSectionsMinShare of its words: each goes from its heading to the next
 * heading of the same or a higher rank. Returns the Markdown kept and the lines cut.
 */
export function withoutShopSections(markdown: string): { markdown: string; cut: string } {
  // Most pages have no such heading: one scan of the headings before any word is counted.
  if (!shopSectionHeading(markdown)) return { markdown, cut: "" };
  const lines = markdown.split("\n");
  const cut = sectionCuts(lines, (title, seen, total) =>
    seen >= total * THRESHOLDS.productOtherSectionsMinShare && SHOP_SECTION.test(plainTitle(title)) ? "whole" : null,
  );
  return cutLines(markdown, lines, cut);
}

/** A heading's title without emphasis marks and link brackets. */
const plainTitle = (title: string) => title.replace(/[*_\\[\]]/g, "").trim();

// A Markdown heading line's rank and title.
const HEADING_LINE = /^(#{1,6})\s+((?:\S.*)?)$/;

/** Whether any heading line of `markdown` (code blocks not told apart) is a shop's section heading. */
function shopSectionHeading(markdown: string): boolean {
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("#")) continue;
    const heading = HEADING_LINE.exec(line);
    if (heading && SHOP_SECTION.test(plainTitle(heading[2]!))) return true;
  }
  return false;
}

// A line that is one of the shop's controls or standing promises, the whole of it: "Add to cart",
// "Out of stock", "Notify me", "Select a size", "Free shipping on orders over $75", "Ships from: …",
// or a form's error message that scripts show only when a request fails.
// They are the shop's, printed beside every product; what the product is stays.
// regex-linear: anchored at both ends and tried once per line, its gaps bounded ({0,80} at most)
const SHOP_LINE = new RegExp(
  `^(?:${[
    "add to (?:cart|bag|basket|wish ?list|favou?rites)",
    // The cart's answer to that control, held in the page for scripts to show: "Adding to Basket...",
    // "Added to Basket", "Not Added".
    "(?:adding|added) to (?:your )?(?:cart|bag|basket|trolley)",
    "not added",
    // The rest of that panel: "Item is in your basket", "Continue shopping", "Loading recommendations
    // for you", "We do not have any recommendations at this time".
    "(?:this )?item is in your (?:cart|bag|basket|trolley)",
    "continue shopping",
    "loading recommendations(?: for you)?",
    "we do not have any recommendations(?: at this time)?",
    // A marketplace's invitation to sell one like it: "Have one to sell?"
    String.raw`(?:have|got) one to sell\?`,
    "buy (?:it )?now",
    "(?:out of|in) stock",
    "sold out",
    "coming soon",
    "notify me(?: when (?:it'?s |back in stock|available).{0,20})?",
    "no longer available",
    "discontinued",
    // Stock status as a marketplace words it: "Currently unavailable.", "We don't know when or if this
    // item will be back in stock.", and a shop's gift and registry badges ("This item is gift eligible",
    // "Eligible for registries and wish lists").
    "currently unavailable",
    "we don'?t know when or if this item will be back in stock",
    "(?:this item is )?gift eligible",
    "eligible for (?:gift )?registr(?:y|ies)(?: and wish ?lists)?",
    "select (?:a|your) (?:size|colou?r|option)",
    String.raw`free (?:standard |fast |express )?(?:shipping|delivery)\b.{0,40}`,
    "(?:free |easy )?returns?(?: (?:&|and) exchanges?)?(?: accepted)?",
    // Delivery and returns promises printed as a band of icons: "Fast shipping", "30-day returns",
    // "Returns & exchanges accepted within 30 days", "Secure checkout", "Standard delivery (3-5 days)".
    "(?:fast|quick)(?: (?:&|and) free)? (?:shipping|delivery)",
    String.raw`(?:free |easy )?\d+[- ]days? (?:free |easy )?returns?`,
    String.raw`returns?(?: (?:&|and) exchanges?)? accepted within \d+ days`,
    // A sale's terms, printed beside every discounted product: "Final Sale items cannot be returned,
    // canceled, or exchanged", "Outlet items are not eligible for refunds or exchanges."
    String.raw`(?:final[- ]sale|outlet|clearance|sale) items? (?:cannot|can't|can not|are not|aren't|is not) (?:be )?(?:returned|returnable|refunded|refundable|exchanged|eligible for (?:a )?(?:refunds?|returns?|exchanges?))\b.{0,80}`,
    "secure checkout",
    String.raw`(?:standard|express|next[- ]day|same[- ]day) (?:delivery|shipping)(?: available)?(?: \([^)]{0,30}\))?`,
    // Delivery estimates beside the buy button: "Arrives by Today", "Pickup today", "Shipping, arrives
    // tomorrow", "Order within 3 hr 52 min", "Order today to get by Mar 23-Apr 14", "Delivery in approx.
    // 3-6 business days", "All orders dispatched within 24 hours", "Ships the same day, order by 3pm".
    String.raw`(?:arrives|get it|delivered|delivery|pick ?up|shipping,? arrives)(?: by| on)? (?:today|tomorrow)\b.{0,30}`,
    String.raw`order (?:within|in the next) \d+ (?:days?|hours?|hrs?|minutes?|mins?)\b.{0,60}`,
    "order (?:today|now) to (?:get|receive) (?:it )?by .{0,30}",
    String.raw`(?:estimated )?delivery (?:in|within) (?:approx\.? |about )?\d+(?:[-–]\d+)? (?:business |working )?days`,
    String.raw`(?:all )?(?:orders? )?(?:are )?(?:dispatched|shipped|ships) (?:the )?(?:same day|next day|within \d+ (?:hours|days))\b.{0,40}`,
    // A reviews widget's count: "1,664 reviews", "Based on 46971 reviews", "4.6 out of 5 Stars. 1664 reviews", "Reviews (2)".
    String.raw`(?:based on )?(?:[\d.]+ out of 5(?: stars)?[.,]? )?[\d.,]+ (?:customer |user )?reviews?`,
    String.raw`reviews? \(\d[\d,]*\)`,
    // The rest of a reviews widget: its average ("Rated 4.76 out of 5 based on 29 customer ratings",
    // "average rating 4.8 out of 5"), its bars' labels ("5 Stars"), its share of recommenders, its
    // counters' labels ("Recent Reviews:") and its links ("(2) Write a Review", "Read Critic Reviews").
    String.raw`(?:rated|average rating):? [\d.]+ out of 5(?: stars?)?(?:,? based on [\d,]+ (?:customer |user )?(?:reviews|ratings))?`,
    "[1-5] stars?",
    // …its average alone ("4.5 out of 5 stars") and its empty state ("No reviews yet", "Be the first to
    // review this product").
    String.raw`[\d.]{1,4} out of 5(?: stars?)?`,
    "no reviews(?: yet)?",
    "be the first to (?:write a )?review(?: this (?:product|item))?",
    String.raw`\d+% of (?:reviewers|customers) (?:would )?recommend (?:this|the) product(?: to a friend)?`,
    "(?:[a-z]+ )?reviews:",
    String.raw`(?:\(\d+\) )?write an? review`,
    "read (?:all |critic |more )?reviews",
    // A warranty or money-back promise by its term ("1-Year Limited Warranty", "30-Day Money-Back Guarantee").
    String.raw`(?:free )?\d+[- ](?:day|month|year)s? [\w' -]{0,30}(?:guarantee|warranty)`,
    // A counter of other shoppers ("16 people are viewing this right now"), a size guide's link, the
    // shop's filing line ("SKU: AU4 Category: Cups Tag: cups"), a link back to the top.
    String.raw`\d+ (?:people|others|customers|shoppers) (?:are )?(?:viewing|looking at|watching) this.{0,20}`,
    "size (?:guide|chart)",
    String.raw`sku: \S+ categor(?:y|ies): .*`,
    "(?:return|back|go) to (?:the )?top(?: of (?:the )?page)?",
    // A pay-later widget's line: "or 4 interest-free payments of $12.50 with", "Also available at checkout:".
    String.raw`(?:or )?(?:pay in )?\d+ (?:interest[- ]free )?(?:payments|installments)\b.{0,40}`,
    "(?:also )?available at checkout",
    "ships from:?.{0,30}",
    "qty|quantity",
    "save for later",
    "share(?: this)?",
    // A form's error state, shown only when a request fails ("Oops! Something went wrong. Please try
    // again."); a field's message ("Please enter a valid email") is form-notices.ts's, on every page.
    String.raw`(?:(?:oops|opps|sorry)[!,.]?\s*)?(?:something went wrong|there was (?:a problem|an error)[^.!]{0,60}|an error (?:has )?occurred)[.!]?(?:\s*please try (?:again|your request again)(?: later)?)?`,
  ].join("|")})[\\s.!:]*$`,
  "i",
);

/**
 * A product page's Markdown without its lines that are only a shop control or a standing promise
 * (SHOP_LINE, and in other languages shop-languages.ts's; `languages`, on unless the benchmarks leave the
 * rule out), however marked up (a list item, bold, an icon before it). Lines in code stay.
 */
export function withoutShopLines(markdown: string, options: { languages?: boolean } = {}): string {
  const languages = options.languages ?? true;
  return withoutLinesWhere(markdown, (line) => {
    const text = lineText(line);
    return SHOP_LINE.test(text) || (languages && isShopLineInLanguages(text));
  });
}

/**
 * A Markdown line's words as a reader sees them, for the line rules here: its list marker, images, link
 * targets and emphasis and heading marks gone, white space collapsed.
 */
function lineText(line: string): string {
  return withoutLinkTargets(withoutLinks(line.replace(/^\s*(?:(?:[-*+]|\d+[.)])\s+)?/, ""), "", true))
    .replace(/[*_#\\[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

// A picture inside a link, the link's target captured; a target that is a picture file is a gallery's zoom.
// No bracket in the alt text, no parenthesis in a target (vellum writes them escaped): each try reads
// its own picture only, and a long line of broken ones once.
const LINKED_PICTURE = /\[!\[[^[\]\n]*\]\([^()\n]*\)\]\(([^()\s]*)(?:\s[^()\n]*)?\)/g;
const PICTURE_FILE = /\.(?:jpe?g|png|gif|webp|avif|svg)(?:[?#]|$)/i;
// What may stand between a menu's links: white space and the separators of menus and breadcrumbs.
const MENU_SEPARATORS = /^[\s|·/›>»,–-]*$/u;

/**
 * What a Markdown line is to a menu: "line" when it is nothing but links (a heading's marks before them,
 * a menu's or breadcrumb's separators between them), two or more (a breadcrumb, the shop's account
 * links, a wall of brands' logos); "entry" when it is a list item of one link (a menu's entry, when
 * other entries stand beside it); null otherwise. One link alone (the product's brand over its name,
 * the brand's store), links with words between them ("seller (9960)") and a picture alone or linked to
 * its own file (the product's gallery) are the product's.
 */
function menuPart(line: string): "line" | "entry" | null {
  const listed = /^\s*(?:[-*+]|\d+[.)])\s+/.exec(line);
  const bare = line.slice(listed?.[0].length ?? 0).replace(/^#{1,6}\s+/, "");
  if (!bare.includes("](")) return null;
  let pictures = 0;
  for (const m of bare.matchAll(LINKED_PICTURE)) {
    if (PICTURE_FILE.test(m[1]!)) return null;
    pictures++;
  }
  const marked = withoutLinks(bare.replace(LINKED_PICTURE, "\u0001"), "\u0002");
  const texts = marked.split("\u0002").length - 1;
  if (!MENU_SEPARATORS.test(marked.replace(/[\u0001\u0002]/g, ""))) return null;
  if (pictures + texts >= 2) return "line";
  return listed !== null && texts === 1 && pictures === 0 ? "entry" : null;
}

/** The text of a Markdown heading line: its marks, emphasis and link targets gone, white space collapsed. */
function headingText(line: string): string {
  return normalize(withoutLinkTargets(line.replace(/^#{1,6}\s+/, "")).replace(/[*_\\[\]]/g, "")).toLowerCase();
}

/**
 * A product page's Markdown without the lines before the product's title that are a menu's (menuPart):
 * the shop's menu and account links, a breadcrumb, another product's card drawn above the product. The
 * title is the first heading outside code that says `title` (the page's title heading, read before the
 * clean-up: Readability writes an `<h1>` as `##`); a page whose Markdown has no such heading is left as
 * it is (a shop heads its buy box "Play …" or "Buy …", and its tags above are the product's). The
 * product's gallery (linked pictures), its brand's link and every line with words of its own stay.
 */
export function withoutLinksBeforeTitle(markdown: string, title: string): string {
  const wanted = normalize(title).toLowerCase();
  if (!wanted) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const at = lines.findIndex((line, i) => !code[i] && /^#{1,6}\s/.test(line) && headingText(line) === wanted);
  if (at <= 0) return markdown;
  // A list item of one link is a menu's entry beside another entry or a menu's line (blank lines between).
  const parts = lines.slice(0, at).map((line, i) => (code[i] ? null : menuPart(line)));
  const near = (i: number, step: number) => {
    let j = i + step;
    while (j >= 0 && j < at && !lines[j]!.trim()) j += step;
    return j >= 0 && j < at ? parts[j] : null;
  };
  const menu = parts.map((part, i) => part === "line" || (part === "entry" && (near(i, -1) !== null || near(i, 1) !== null)));
  return withoutLinesWhere(markdown, (_, i) => i < at && menu[i]!);
}

/**
 * The text of a product page's title heading (titleHeading: its only `<h1>`, or the one its `<title>`
 * holds), white space collapsed; null when there is none.
 */
export function titleHeadingText(doc: Document): string | null {
  const title = titleHeading(doc);
  return title ? normalize(title.textContent) || null : null;
}

// A loyalty programme's pitch beside the price: "Purchasing this product earns 176XP", "Become a member to
// earn 239 points today", "Members earn 179 points". The points are the shop's, whatever is bought.
// regex-linear: lines of at most rewardLineMaxChars characters (withoutRewardLines)
const REWARD_POINTS = /\b(?:earns?|collect|get) (?:up to )?\d[\d,]* (?:reward |loyalty |bonus )?(?:points|pts|xp)\b|\b\d[\d,]* ?xp\b/i;

/**
 * A product page's Markdown without its lines of at most rewardLineMaxChars characters that pitch the
 * shop's loyalty points (REWARD_POINTS), headings and code left alone.
 */
export function withoutRewardLines(markdown: string): string {
  return withoutLinesWhere(markdown, (line) => {
    if (headingRank(line.trim()) <= 6) return false;
    const plain = withoutLinkTargets(line)
      .replace(/[*_\\[\]]/g, "")
      .trim();
    return plain.length <= THRESHOLDS.rewardLineMaxChars && REWARD_POINTS.test(plain);
  });
}

/**
 * A product page's Markdown without the later copies of its lines (paragraphs, list items and headings of
 * at least productRepeatMinWords words said before, compared by their words alone: markup, link targets
 * and pictures aside): a shop lays its feature blurbs, their headings and its spec lists out twice, for
 * phones and for desktops (one copy bold or linked, the other plain), repeats its price and currency
 * picker by the gallery and in a sticky bar, or a placeholder; the product's text says each thing once.
 * Table rows, quotes and code keep their repeats.
 */
export function withoutRepeatedParagraphs(markdown: string): string {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const seen = new Set<string>();
  // Per line: whether it is a copy (true), a line compared and first said (false), or not compared (null).
  const copy = lines.map((line, i): boolean | null => {
    const text = line.trim();
    if (code[i] || !text || /^(?:\||>)/.test(text)) return null;
    // regex-linear: each try reads at most 1,204 characters (the quantifiers' bounds)
    const said = words(withoutLinkTargets(text.replace(/!\[[^\]]{0,200}\]\([^)\s]{0,1000}\)/g, "")));
    if (said.length < THRESHOLDS.productRepeatMinWords) return null;
    const key = said.join(" ");
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  // A heading said again goes only when the next line it heads is a copy too (or another heading):
  // a series of cards may give each its own text under one heading ("Success story").
  let next: boolean | null = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (copy[i] === null) continue;
    const heading = headingRank(lines[i]!.trim()) <= 6;
    if (heading && copy[i] && next === false) copy[i] = false;
    next = heading ? null : copy[i]!;
  }
  const kept = lines.filter((_, i) => !copy[i]);
  return kept.length === lines.length ? markdown : kept.join("\n").replace(/\n{3,}/g, "\n\n");
}

/**
 * Whether a product page's Markdown is nothing but links (headings aside): the site's link lists (other
 * languages, categories) that the shop's scripts render the product beside. A product has a name, a
 * price or a description of its own, never all of them links; such Markdown holds no content at all.
 */
export function onlyLinks(markdown: string): boolean {
  let words = 0;
  let outside = 0;
  for (const line of withoutLinks(markdown, "", true).split("\n")) {
    if (/^\s*#{1,6}\s/.test(line)) continue;
    words += countLineWords([line]);
    outside += countLineWords([withoutLinks(line, " ")]);
  }
  return words > 0 && outside <= words * THRESHOLDS.productLinksOnlyMaxShare;
}

function countLineWords(lines: string[]): number {
  let n = 0;
  for (const line of lines) n += wordCount(withoutLinkTargets(line));
  return n;
}

/**
 * A product page's Markdown without its lines that are only a price (isPriceLine), the first one aside:
 * the product's price is said first, by its name and buy button; the prices that follow belong to other
 * things the page sells (a bundle, another edition, the kits in a comparison grid, a membership), or
 * repeat the product's in a sticky bar. Headings, table rows and code stay.
 */
export function withoutLaterPrices(markdown: string): string {
  let seen = 0;
  return withoutLinesWhere(markdown, (line) => {
    const text = line.trim();
    if (headingRank(text) <= 6 || text.startsWith("|") || !isPriceLine(lineText(text))) return false;
    seen++;
    return seen > THRESHOLDS.productPricesKept;
  });
}

/**
 * The text of the page's one `<h1>` (whitespace collapsed), or null when it has none with text, several
 * (a shop's tab and panel titles), or one longer than productTitleMaxChars. Read before the boilerplate
 * rules and Readability change the page. `text` reads an element's text: html-to-article.ts passes
 * readableText, so a heading set as blocks (`<h1><div>FJANTIG</div><div>Hook, black</div></h1>`) says
 * "FJANTIG Hook, black", not "FJANTIGHook, black".
 */
export function soleH1Title(doc: Document, text: (node: Node) => string = (node) => node.textContent ?? ""): string | null {
  const titles = [...doc.querySelectorAll("h1")].map((h) => normalize(text(h))).filter(Boolean);
  if (titles.length !== 1) return null;
  const title = titles[0]!;
  return title.length <= THRESHOLDS.productTitleMaxChars ? title : null;
}

/**
 * A product page's Markdown with the product's name (its page's one `<h1>`) put first when the Markdown
 * shows neither that name nor any price: the block Readability kept is the description or the
 * specifications beside a buy box it left out (a marketplace's listing, whose title and price sit in
 * their own column). When the Markdown shows a price, the buy box is in it and its title was left out
 * on purpose by the clean-up, as the ground truths of most shops leave it out; unchanged then.
 */
export function withProductTitle(markdown: string, title: string): string {
  // No content at all is the page's scripts' doing (onlyLinks): a name alone would not be the product.
  const titleWords = words(title).join(" ");
  if (!titleWords || !markdown.trim()) return markdown;
  const text = withoutLinkTargets(withoutLinks(markdown, " ", true));
  if (saidIn(titleWords, wordText(text)) || hasShopPrice(text)) return markdown;
  return `# ${plainTextToMarkdown(title)}\n\n${markdown}`;
}
