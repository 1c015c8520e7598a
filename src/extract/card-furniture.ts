/**
 * Card furniture: the words every card of a grid repeats. A shop's category page prints each product
 * as a card of the same shape (same-shaped siblings, as in repeated-items.ts), and each card carries
 * the same controls beside its own name, blurb and price: "Quick view", "Add to cart", "Compare",
 * "Unit price / per", and labels only a screen reader reads ("Regular price", "Sale price" in an
 * sr-only span). What differs from card to card is the content. A text that most cards of one grid
 * repeat word for word is left out when it is a shop card's control or a screen-reader-only label.
 * So is a card's title link said again outside its heading (a text link to the same address over the
 * picture): once is enough.
 *
 * A heading whose whole text is such a control ("View details" shown over the picture on hover) is
 * one, and so is the label of a card's quantity field ("Qty:").
 *
 * Both conditions are needed. Labels a grid repeats in general are often content: a product grid's
 * specifications ("Weight:", "Features:") are in what a reader takes from it, and a price label a
 * reader sees ("Regular Price $349.99" beside "You Save") is too. Screen-reader text that is not
 * repeated (a review count, a shop's name) is often what a reader sees elsewhere on the card. Other
 * headings are never furniture here: a reference page's sections repeat "Parameters" and "Returns" as
 * their structure. The numbers are in thresholds.ts.
 */
import { HEADING_ELEMENTS } from "./dom-walk.ts";
import { forEachSameShapeGroup, NOT_A_CONTAINER } from "./repeated-items.ts";
import { SCREEN_READER_ONLY } from "./screen-reader.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { trimEndUnless } from "./trim.ts";

// Text under these is the card's content or its structure, never its furniture; a heading's links are
// the card's title links.
const KEPT = new Set(["TH", "DT", "CODE", "PRE"]);
const MEDIA = "img, picture, svg, video";

/** The link `node` lies in, below `card`. */
function linkOf(node: Node, card: Element): Element | null {
  for (let el = node.parentElement; el && el !== card; el = el.parentElement) if (el.nodeName === "A") return el;
  return null;
}

function normalized(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

// What a shop's card says besides its product: its controls and the labels of its prices.
const CARD_CONTROL =
  /^(?:quick (?:view|shop|add|look|buy)|add to (?:cart|bag|basket|trolley|wish ?list|favou?rites|compare)|(?:ne plus )?compar(?:e|er)|(?:view|see|more) (?:details|product|options)|(?:select|choose) (?:options?|size|colou?r)|unit price|per|qty|quantity|read (?:more|full (?:article|story)))$/;

/** Whether `text` is a card's control or price label. */
function isCardControl(text: string): boolean {
  if (!text || text.length > THRESHOLDS.cardFurnitureMaxChars) return false;
  return CARD_CONTROL.test(trimEndUnless(text, /[^\s:.…›»>→+-]/u));
}

interface Leaf {
  node: Node;
  text: string;
  /** Inside an element only a screen reader reads. */
  unseen: boolean;
}

/** A card's texts outside headings and code, and its title links (address and text) in its headings. */
interface CardTexts {
  leaves: Leaf[];
  titles: Set<string>;
}

function cardTexts(card: Element): CardTexts {
  const leaves: Leaf[] = [];
  const titles = new Set<string>();
  const visit = (el: Element, unseen: boolean) => {
    // A heading whose whole text is a card's control ("View details" over the picture) is that control.
    if (HEADING_ELEMENTS.has(el.nodeName) && !isCardControl(normalized(el.textContent ?? ""))) {
      for (const a of Array.from(el.getElementsByTagName("a"))) {
        const href = a.getAttribute("href");
        if (href !== null) titles.add(titleKey(href, normalized(a.textContent ?? "")));
      }
      return;
    }
    if (KEPT.has(el.nodeName)) return;
    for (let n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) {
        const text = normalized(n.textContent ?? "");
        if (text) leaves.push({ node: n, text, unseen });
      } else if (n.nodeType === 1) {
        const child = n as Element;
        visit(child, unseen || SCREEN_READER_ONLY.test(child.getAttribute("class") ?? ""));
      }
    }
  };
  visit(card, false);
  return { leaves, titles };
}

function titleKey(href: string | null, text: string): string {
  return `${href} ${text}`;
}

/**
 * The element a label's text node stands for: its parent, and their parents while they hold that
 * text alone and no picture (a button, a link around a label), up to the card.
 */
function labelElement(node: Node, text: string, card: Element): Element | null {
  let el = node.parentElement;
  if (!el || el === card) return null;
  while (el.parentElement && el.parentElement !== card && normalized(el.parentElement.textContent ?? "") === text) {
    if (el.parentElement.querySelector(MEDIA)) break;
    el = el.parentElement;
  }
  return el;
}

// Blocks of running text: a title link said again inside one is a word of its sentence.
const SENTENCE_BLOCKS = new Set(["P", "LI", "TD", "DD", "BLOCKQUOTE"]);

/**
 * Whether `link` is a part of a sentence: the block of running text it lies in, below `card`, says more
 * than the link ("The <a>Canon EOS RP</a> is a great camera", a review's section under a heading
 * linking to the same product). Removing it would cut the sentence.
 */
function inSentence(link: Element, card: Element): boolean {
  for (let el = link.parentElement; el && el !== card; el = el.parentElement) {
    if (SENTENCE_BLOCKS.has(el.nodeName)) return normalized(el.textContent ?? "") !== normalized(link.textContent ?? "");
  }
  return false;
}

/**
 * Removes from `root`, in place, the labels most cards of one grid repeat word for word. With
 * `sentenceLinks`, a title link said again inside a sentence stays.
 */
export function removeCardFurniture(root: Element, sentenceLinks = true): void {
  const cache = new Map<Element, number>();
  const doomed: Array<Leaf & { card: Element }> = [];
  forEachSameShapeGroup(root, THRESHOLDS.repeatedItemMinChars, cache, NOT_A_CONTAINER, (_parent, cards) => {
    if (cards.length < THRESHOLDS.cardFurnitureMinCards) return;
    const perCard = cards.map(cardTexts);
    const counts = new Map<string, number>();
    for (const { leaves } of perCard) for (const text of new Set(leaves.map((l) => l.text))) counts.set(text, (counts.get(text) ?? 0) + 1);
    const least = cards.length * THRESHOLDS.cardFurnitureMinShare;
    perCard.forEach(({ leaves, titles }, i) => {
      const card = cards[i]!;
      // The card's title link said again outside its heading: a link to the same address with the same
      // text (over the picture, or hidden for screen readers).
      const again = (l: Leaf) => {
        if (titles.size === 0) return false;
        const link = linkOf(l.node, card);
        if (link === null || !titles.has(titleKey(link.getAttribute("href"), l.text))) return false;
        return !(sentenceLinks && inSentence(link, card));
      };
      for (const l of leaves) if (again(l)) doomed.push({ ...l, card });
      // A card whose every text is a repeated label is not a card with furniture (a menu's entries).
      const kept = leaves.filter((l) => !((l.unseen || isCardControl(l.text)) && counts.get(l.text)! >= least));
      if (kept.length === 0 || kept.length === leaves.length) return;
      const keep = new Set(kept);
      for (const l of leaves) if (!keep.has(l) && !again(l)) doomed.push({ ...l, card });
    });
  });
  for (const { node, text, card } of doomed) {
    if (!node.parentNode) continue;
    const el = labelElement(node, text, card);
    if (el && el.querySelector(MEDIA) === null && normalized(el.textContent ?? "") === text) el.remove();
    else node.parentNode.removeChild(node);
  }
}
