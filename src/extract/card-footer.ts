/**
 * A card's own footer (rule card-footers). A teaser in a list (a news index, a blog's archive) often sets
 * its author and date, its comment count or its tags in a bottom row: a <footer> ("Man Yue Mo & Peter
 * Stöckli, March 6, 2026") or a box named so ("card__footer": "Renato Losio on Mar 08"). Elsewhere both
 * are the page's furniture, and every rule treats them so: the boilerplate and region rules remove
 * elements named a footer, Readability removes every <footer> and distrusts the name. A list of teasers
 * came back as titles without their authors and dates.
 *
 * The card is told by its size and its title: the nearest ancestor, a few levels up, that holds a
 * linked heading (the teaser's title) outside the footer, and holds little text. The page's footer has
 * no such small ancestor; an article's own footer (its tags, its share bar) sits under the article's
 * whole text.
 */
import { following, HEADING_ELEMENTS, withoutClassesMatching } from "./dom-walk.ts";
import { THRESHOLDS } from "./thresholds.ts";

const FOOTER_NAME = /footer/i;

/** Whether `el` is a footer by its tag, or by a part of its class or id names (`parts`, as region.ts nameParts gives them). */
export function footerLike(el: Element, parts: () => string[]): boolean {
  if (el.nodeName === "FOOTER") return true;
  // Asked of every element before Readability: the attributes are read before any string is built.
  const classes = el.getAttribute("class");
  const id = el.getAttribute("id");
  if (!(classes !== null && FOOTER_NAME.test(classes)) && !(id !== null && FOOTER_NAME.test(id))) return false;
  return parts().includes("footer");
}

/**
 * Whether `el`, a footer (footerLike), is a card's: it holds at most cardFooterMaxText characters, and
 * an ancestor at most cardFooterLevels up holds a linked heading outside it and at most cardMaxText
 * characters. `length` gives an element's text length (the caller's memoised count).
 */
export function isCardFooter(el: Element, length: (e: Element) => number): boolean {
  if (length(el) > THRESHOLDS.cardFooterMaxText) return false;
  let card = el.parentElement;
  for (let level = 0; card && level < THRESHOLDS.cardFooterLevels; level++, card = card.parentElement) {
    if (card.nodeName === "BODY" || card.nodeName === "MAIN" || length(card) > THRESHOLDS.cardMaxText) return false;
    if (holdsLinkedHeading(card, el)) return true;
  }
  return false;
}

/**
 * The card-footer test of one tree (cleanRegion), asked only of the elements a rule is about to remove:
 * whether an element is a card's footer (footerLike and isCardFooter), and whether one lies inside one.
 * Each element's answer is kept; `parts` gives an element's name parts and `length` its text length.
 */
export function cardFooterTest(
  root: Element,
  parts: (el: Element) => string[],
  length: (e: Element) => number,
): { is: (el: Element) => boolean; inside: (el: Element) => boolean } {
  const known = new Map<Element, boolean>();
  const is = (el: Element): boolean => {
    let answer = known.get(el);
    if (answer === undefined) {
      answer = footerLike(el, () => parts(el)) && isCardFooter(el, length);
      known.set(el, answer);
    }
    return answer;
  };
  const inside = (el: Element): boolean => {
    for (let p: Element | null = el; p && p !== root; p = p.parentElement) if (is(p)) return true;
    return false;
  };
  return { is, inside };
}

/**
 * Whether a heading (h2–h6) holding a link, or inside one, lies under `card` outside `footer`. At most
 * cardElementsRead elements are read: a card of little text may still hold thousands of empty elements.
 */
function holdsLinkedHeading(card: Element, footer: Element): boolean {
  let read = 0;
  for (let el: Element | null = card.firstElementChild; el; el = following(el, card)) {
    if (++read > THRESHOLDS.cardElementsRead) return false;
    if (el === footer) {
      el = lastUnder(el);
      continue;
    }
    if (el.nodeName === "H1" || !HEADING_ELEMENTS.has(el.nodeName)) continue;
    if (el.getElementsByTagName("a").length > 0 || insideLink(el)) return true;
  }
  return false;
}

/** Whether `el` lies inside a link (an `<a href>`), by a walk up (no selector engine). */
function insideLink(el: Element): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) if (p.nodeName === "A" && p.hasAttribute("href")) return true;
  return false;
}

/** The last element in document order under `el` (itself when it has no children): a walk by following() resumes after it. */
function lastUnder(el: Element): Element {
  let last = el;
  while (last.lastElementChild) last = last.lastElementChild;
  return last;
}

/**
 * Keeps a card's footer through Readability, which removes every <footer> and weighs down any class or
 * id holding "footer": a <footer> becomes a <div> with its children and attributes, and the class names
 * and id holding the word go. Returns the element that stands in its place.
 */
export function unnameFooter(el: Element): Element {
  let kept = el;
  if (el.nodeName === "FOOTER") {
    kept = el.ownerDocument.createElement("div");
    for (const attr of Array.from(el.attributes)) kept.setAttribute(attr.name, attr.value);
    kept.append(...Array.from(el.childNodes));
    el.replaceWith(kept);
  }
  withoutClassesMatching(kept, FOOTER_NAME);
  if (FOOTER_NAME.test(kept.getAttribute("id") ?? "")) kept.removeAttribute("id");
  return kept;
}
