/**
 * The priced grid: a shop's category page prints its products as a grid of cards (same-shaped
 * siblings, as in repeated-items.ts), each with its name and its price. Readability keeps one
 * container of prose, and on such a page that is the category's introduction or the buying guide
 * below the grid; the cards, each a few words and a price, are too short and too linked for it. The
 * grid is what the page lists, so when the chosen content lacks it, it is added after that content.
 *
 * A grid is priced when most of its cards show a price: a teaser grid of articles has none, and a
 * pricing table's two or three plans are too few. Pages that declare one article (a buying guide's
 * product boxes are its sections) and product pages (whose other products' cards product-page.ts
 * removes) are not read. The numbers are in thresholds.ts.
 */
import { SHOWN_RESULTS } from "./control-labels.ts";
import { withoutLinesWhere } from "./markdown.ts";
import { hasCardPrice, PRICE_TEXT, SIGNED_AMOUNT } from "./prices.ts";
import { forEachSameShapeGroup, NOT_A_CONTAINER } from "./repeated-items.ts";
import { THRESHOLDS } from "./thresholds.ts";

/** A grid of product cards: the container and its cards. */
export interface PricedGrid {
  container: Element;
  cards: Element[];
}

/**
 * The page's largest group of same-shaped siblings (at least pricedGridMinCards, each with
 * pricedCardMinChars characters of text) of which at least pricedGridMinShare show a price; null
 * when there is none.
 */
export function findPricedGrid(root: Element): PricedGrid | null {
  const cache = new Map<Element, number>();
  let best: PricedGrid | null = null;
  forEachSameShapeGroup(root, THRESHOLDS.pricedCardMinChars, cache, NOT_A_CONTAINER, (parent, cards) => {
    if (cards.length < THRESHOLDS.pricedGridMinCards || (best && cards.length <= best.cards.length)) return;
    let priced = 0;
    for (const card of cards) if (hasCardPrice(card.textContent ?? "")) priced++;
    if (priced >= cards.length * THRESHOLDS.pricedGridMinShare) best = { container: parent, cards };
  });
  return best;
}

// A grid's toolbar: its sorting, filtering and view controls and its count of results ("Sort: Best
// Match", "Filters", "Showing 1–16 of 29 results" as control-labels.ts SHOWN_RESULTS reads it, "1–16 of
// 29", "Products (143)"), printed above and below the cards.
const COUNT = String.raw`\(?\d[\d,.]*\s*(?:products?|results?|items?)\)?`;
const TOOLBAR_LINE = new RegExp(
  "^(?:sort(?: by)?(?::.*)?|sort options|view options|view as|(?:grid|list) view|filters?|filter by|filter (?:&|and) sort|(?:show|hide) filters|refine(?: by)?|" +
    String.raw`${SHOWN_RESULTS}|\d[\d,]*(?:\s*(?:[–-]|to)\s*\d[\d,]*)? of \d[\d,]*(?: products| results| items)?|${COUNT}|(?:products|results|items) \(\d[\d,]*\)|loaded \d[\d,]* results?)$`,
  "iu",
);

/**
 * The Markdown without the lines of a grid's toolbar (TOOLBAR_LINE): each line is checked whole, after
 * its list marker, heading marks and emphasis and with its spaces said once ("1  -  12 of  27  Products",
 * each number a span of its own), so a sentence about sorting stays; code is never touched.
 */
export function withoutGridToolbar(markdown: string): string {
  return withoutLinesWhere(markdown, (line) => {
    if (line.length > THRESHOLDS.toolbarLineMaxChars) return false;
    const text = line
      .replace(/^\s*(?:[-*+]|#+)\s+/, "")
      .replace(/[*_\\]/g, "")
      .replace(/\s+/g, " ")
      .trim();
    return text !== "" && TOOLBAR_LINE.test(text);
  });
}

// A card's merchandising badge: the shop's label on the product's picture ("Best seller", "Top Rated",
// "New", "Last chance", "Clearance", "Acme Outlet" for stock from the shop's outlet), a ribbon, not the
// product's name, price or description. A discount ("Save 25%", "20% off") and a stock state ("Sold
// out", "Only 2 left") say something of that product and stay.
const BADGE_LINE =
  /^(?:best[ -]?sellers?|top[ -]rated|top[ -]sellers?|new|new!|new arrivals?|last chance|award[ -]winner|sale|limited edition|staff picks?|online only|trending|hot|clearance|(?:[\w&'-]+ )?outlet)$/i;

/** A line's text without its list marker and emphasis, or "" for a heading (a section's name, "## New"). */
function badgeText(line: string): string {
  if (line.length > THRESHOLDS.toolbarLineMaxChars || /^\s*#/.test(line)) return "";
  return line
    .replace(/^\s*[-*+]\s+/, "")
    .replace(/[*_\\]/g, "")
    .trim();
}

/**
 * The Markdown without a grid's badge lines (BADGE_LINE) that several cards carry: a badge printed on
 * one line at least cardBadgeMinRepeats times is the grid's ribbon; a lone "New" or "Sale" may be a
 * menu's or a section's word and stays, and so do headings.
 */
export function withoutCardBadges(markdown: string): string {
  const counts = new Map<string, number>();
  for (const line of markdown.split("\n")) {
    const text = badgeText(line).toLowerCase();
    if (text && BADGE_LINE.test(text)) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  if (counts.size === 0) return markdown;
  return withoutLinesWhere(markdown, (line) => {
    const text = badgeText(line).toLowerCase();
    return text !== "" && (counts.get(text) ?? 0) >= THRESHOLDS.cardBadgeMinRepeats;
  });
}

// A card's count of its colour swatches, printed where the swatches were ("3 colors", "+2 colours", "5
// colors available"): the swatches are pictures, and the count alone tells a reader nothing of the product.
const SWATCH_COUNT = /^\+?\s?\d+\s(?:more\s)?colou?rs?(?:\savailable)?$/i;

/**
 * The Markdown without the swatch-count lines (SWATCH_COUNT) of a grid's cards: lines that are only such
 * a count, at least cardBadgeMinRepeats of them (several cards). Headings and longer lines stay.
 */
export function withoutSwatchCounts(markdown: string): string {
  let count = 0;
  for (const line of markdown.split("\n")) if (SWATCH_COUNT.test(badgeText(line))) count++;
  if (count < THRESHOLDS.cardBadgeMinRepeats) return markdown;
  return withoutLinesWhere(markdown, (line) => SWATCH_COUNT.test(badgeText(line)));
}

// A shop's standing offer, as the bar above every page prints it: free delivery or a discount on orders
// over an amount, on a first order or on qualifying orders ("Free shipping on orders over £30", "Free
// Shipping on Domestic Orders $75+", "Save 30% off your first order + free shipping", "Free shipping on
// qualifying orders!"). "Free shipping on all orders" alone may be a shop's page saying so. The amount is
// prices.ts SIGNED_AMOUNT.
const OFFER_LINE = new RegExp(
  String.raw`^(?=.*\b(?:free (?:\w+ )?(?:shipping|delivery)|\d+% off)\b)(?=.*\border(?:s|ing)?\b)(?=.*(?:${SIGNED_AMOUNT}|\bfirst order|\b(?:qualifying|eligible) orders?\b)).*$`,
  "i",
);

/**
 * The Markdown without the shop's offer lines (OFFER_LINE) printed above the page's first heading
 * within its first offerBannerMaxLines lines: the bar across the top of every page of a shop. Below a
 * heading, an offer is the page's own (a product's delivery terms).
 */
export function withoutOfferBanner(markdown: string): string {
  const lines = markdown.split("\n");
  let limit = Math.min(lines.length, THRESHOLDS.offerBannerMaxLines);
  const dropped = new Set<number>();
  for (let i = 0; i < limit; i++) {
    const line = lines[i]!;
    if (/^\s*#/.test(line) || /^\s*(?:```|~~~)/.test(line)) break;
    if (line.length > THRESHOLDS.offerLineMaxChars * 8) continue; // room for link targets; bounds the link pattern's work
    const text = line
      // regex-linear: lines of at most offerLineMaxChars × 8 characters (the test above)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s*(?:[-*+]|>)\s+/, "")
      .replace(/[*_\\]/g, "")
      .trim();
    // The bar's offer, with the sentence a shop adds after it ("For more information on shipping rates…").
    const offer = text.length <= THRESHOLDS.offerLineMaxChars ? text : text.split(/(?<=[.!])\s+/)[0]!;
    if (offer && offer.length <= THRESHOLDS.offerLineMaxChars && OFFER_LINE.test(offer)) {
      dropped.add(i);
      // One bar per country or language, one after the other: the run goes on past the first lines.
      limit = Math.min(lines.length, Math.max(limit, i + 3));
      // The blank line after it goes along, so no run of blank lines is left.
      if (lines[i + 1]?.trim() === "") dropped.add(i + 1);
    }
  }
  return dropped.size
    ? lines
        .filter((_, i) => !dropped.has(i))
        .join("\n")
        .trim()
    : markdown;
}

// A line that is nothing but a price, after its list marker.
const PRICE_LINE = new RegExp(String.raw`^\s*(?:[-*+]\s+)?(${PRICE_TEXT})\s*$`, "u");
// A price followed by the same amount struck out: no discount, the regular price said again.
// regex-linear: a price is at most 19 characters, so the white space after one is read by at most 19 tries
const STRUCK_SAME = new RegExp(String.raw`(${PRICE_TEXT})\s+~~\1~~`, "gu");

/**
 * The Markdown with each price said once where a card says it twice in a row: a shop's theme writes
 * the regular and the sale price, one shown and one hidden by its style sheet ("$19.99" then "$19.99"),
 * or strikes out a "former" price equal to the current one ("$279.95 ~~$279.95~~"). Two different
 * amounts (a sale price and the struck-out regular one) stay.
 */
export function withoutRepeatedPrices(markdown: string): string {
  const unstruck = markdown.replace(STRUCK_SAME, "$1");
  let previous = "";
  return withoutLinesWhere(unstruck, (line) => {
    const text = line.trim();
    if (!text) return false;
    const price = PRICE_LINE.exec(line)?.[1] ?? null;
    const repeated = price !== null && price === previous;
    previous = price ?? text;
    return repeated;
  });
}
