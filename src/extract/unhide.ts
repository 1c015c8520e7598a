/**
 * Pages that hide themselves until their scripts run: a wrapper of the whole page carries
 * `visibility:hidden`, `display:none` or `hidden` (a "flash of unstyled content" guard that a script
 * lifts after hydration). Scripts never run here, so Readability and the region's furniture rules would
 * drop the whole page as invisible. A hidden element holding most of the body's text is the page
 * itself, not a collapsed menu or a dialog: its hiding is lifted. The share is in thresholds.ts.
 *
 * The panels of a tab set (`role="tabpanel"`) are lifted whatever their size: a page shows one tab at a
 * time (one language's code sample, one plan's details), and the others are as much the page's content
 * as the one shown. On WCXB they are documentation and service pages' code samples and plan details:
 * 24 pages hold hidden panels, and lifting them gained +1.27 F1 summed over those pages (one
 * documentation page 0.24 → 0.94).
 *
 * So are the panels of a disclosure (an accordion's answers, a "show more" block): an element a control
 * outside the page's navigation opens (`aria-expanded` with `aria-controls` naming it), unless the panel
 * is mostly links (a dropdown menu). `aria-hidden="true"` hides such panels as the `hidden` attribute
 * does, and so is a box around the panel holding nothing else (an accordion that collapses a wrapper of
 * the panel its control names: product pages' descriptions; WCXB product 0.660 -> 0.663, one page 0.43 ->
 * 0.76, no other page changed). Measured on WCXB over the tab-panel rule alone: service +0.27 and documentation +0.07 summed on
 * the tuning part, documentation +0.11 on the check part; product pages lose a little where the
 * accordion holds shipping terms the ground truth leaves out (−0.3 summed over five pages, +0.4 on two).
 *
 * So is the other tab of a tab set drawn without ARIA: a hidden block whose tag and class a shown
 * sibling repeats (siblingPanel; a shop's second grid, a product's specifications beside its
 * description).
 *
 * So, last, is the page behind a dialog (pageBehindDialog): a dialog that opens hides the rest of the
 * page from screen readers (`aria-hidden="true"` on the header, the panels and the footer), and a page
 * saved while one was open (a picture enlarged, a consent box) keeps those marks, its content split over
 * several hidden panels none of which holds most of its text, the dialog itself often gone. When the
 * elements hidden from screen readers alone, outside the navigation, hold together at least
 * `pageHiddenMinShare` of the body's text, they are the page and are shown. Product corpus
 * (docs/extraction.md): a marketplace's item pages saved that way came back as a title, a price and a
 * category menu, or empty (7 of 140).
 */
import { DIALOG_SELECTOR, elementsUnder, holdsHeading, isHeading, visibleTextLength } from "./dom-walk.ts";
import { isQuestion } from "./mend-html.ts";
import { linkShare } from "./sections.ts";
import { THRESHOLDS } from "./thresholds.ts";

// The white space after the value is read in one run, or after "!important": two runs side by side
// tried every split of a long run (a style attribute of 40,000 spaces held a worker for 15 s).
const HIDING_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?=;|$)/gi;

function hides(el: Element): boolean {
  return el.getAttribute("aria-hidden") === "true" || hiddenByAttributeOrStyle(el);
}

/** Hidden by the `hidden` attribute or a style, not by `aria-hidden` alone (siblingPanel). */
function hiddenByAttributeOrStyle(el: Element): boolean {
  if (el.hasAttribute("hidden")) return true;
  const style = el.getAttribute("style");
  if (!style) return false;
  HIDING_STYLE.lastIndex = 0;
  return HIDING_STYLE.test(style);
}

// A control inside these opens a menu, not a part of the page's text.
const NAVIGATION = "nav, header, footer, [role=navigation], [role=menu], [role=menubar]";

/** The ids of the elements that controls outside the navigation open and close (aria-controls). */
function disclosedIds(elements: Element[]): Set<string> {
  const ids = new Set<string>();
  for (const control of elements) {
    if (!control.hasAttribute("aria-expanded") || !control.hasAttribute("aria-controls")) continue;
    if (control.closest(NAVIGATION)) continue;
    for (const id of control.getAttribute("aria-controls")!.split(/\s+/)) if (id) ids.add(id);
  }
  return ids;
}

/** A tab set's panel, or a disclosure's panel that is not a menu of links. */
function panel(el: Element, disclosed: Set<string>): boolean {
  if (el.getAttribute("role")?.trim().toLowerCase() === "tabpanel") return true;
  return el.id !== "" && disclosed.has(el.id) && linkShare(el) <= THRESHOLDS.disclosureMaxLinkShare;
}

/**
 * The elements that wrap a disclosure's panel and nothing else (the same text): an accordion often
 * hides the collapsing box around the panel, not the panel that its control names.
 */
function panelWrappers(elements: Element[], disclosed: Set<string>, body: Element, cache: Map<Element, number>): Set<Element> {
  const wrappers = new Set<Element>();
  if (!disclosed.size) return wrappers;
  for (const el of elements) {
    if (!el.id || !disclosed.has(el.id) || !panel(el, disclosed)) continue;
    const text = visibleTextLength(el, cache);
    for (let up = el.parentElement; up && up !== body && visibleTextLength(up, cache) === text; up = up.parentElement) wrappers.add(up);
  }
  return wrappers;
}

/** Elements whose text is a heading's or a disclosure's label: a control's wrapper up to the panel's sibling. */
const LABEL_WRAPPERS = new Set(["H1", "H2", "H3", "H4", "H5", "H6", "DIV", "SPAN", "SUMMARY"]);

/**
 * Disclosure panels no control names: the hidden block right after a control that says whether it is
 * expanded (`aria-expanded` without `aria-controls`: "<h3><button aria-expanded=false>Weight</button></h3>
 * <div hidden>…</div>"), after the control or the heading holding it and nothing else, and the hidden
 * content of a <details> element (its part besides the <summary>, which a browser shows when it is
 * opened). Menus are left hidden: controls in the navigation and panels that are mostly links.
 */
function unnamedPanels(elements: Element[]): Set<Element> {
  const panels = new Set<Element>();
  const accept = (el: Element | null) => {
    if (el && hides(el) && !el.closest(NAVIGATION) && linkShare(el) <= THRESHOLDS.disclosureMaxLinkShare) panels.add(el);
  };
  for (const el of elements) {
    if (el.nodeName === "DETAILS") {
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.nodeName !== "SUMMARY") accept(c);
      continue;
    }
    if (!el.hasAttribute("aria-expanded") || el.hasAttribute("aria-controls")) continue;
    // The control, or the heading or label it ends (the pre-pass leaves a button's mark after its
    // words: mend-html.ts), is followed by its panel.
    let host = el;
    for (
      let up = el.parentElement, depth = 0;
      up && depth < 3 && LABEL_WRAPPERS.has(up.nodeName) && up.lastElementChild === host;
      up = up.parentElement, depth++
    )
      host = up;
    accept(host.nextElementSibling);
  }
  return panels;
}

/**
 * An accordion drawn by its style sheet and scripts alone, with no ARIA to name its parts: a hidden
 * block right after its title (a heading, or a question of at most accordionTitleMaxText characters),
 * the two making up an item whose tag and class its siblings repeat (the accordion's other items). The
 * hidden block is the item's answer, as much the page's text as an ARIA accordion's panel; a block
 * mostly of links is a menu and stays hidden.
 */
function accordionAnswer(el: Element, cache: Map<Element, number>, shapes: Map<Element, Map<string, number>>): boolean {
  const title = el.previousElementSibling;
  const item = el.parentElement;
  const list = item?.parentElement;
  if (!title || !item || !list) return false;
  const titleText = visibleTextLength(title, cache);
  if (titleText === 0 || titleText > THRESHOLDS.accordionTitleMaxText) return false;
  // The title is a heading or holds one (a heading beside its icon), or asks a question.
  if (!isHeading(title) && !holdsHeading(title) && !(title.textContent ?? "").trim().endsWith("?")) return false;
  // The shapes of the list's children, counted once per list (an accordion of thousands of items).
  let counts = shapes.get(list);
  if (!counts) {
    counts = new Map();
    for (let c = list.firstElementChild; c; c = c.nextElementSibling) counts.set(shapeOf(c), (counts.get(shapeOf(c)) ?? 0) + 1);
    shapes.set(list, counts);
  }
  return (counts.get(shapeOf(item)) ?? 0) >= THRESHOLDS.accordionMinItems && linkShare(el) <= THRESHOLDS.disclosureMaxLinkShare;
}

/**
 * A tab set or a switcher drawn without ARIA: a hidden block whose tag and class a shown sibling
 * repeats (a shop's "Feeders" grid shown and its "Add-ons" grid beside it with `display: none`; a
 * product's description shown and its specifications hidden). The hidden one is as much the page's
 * content as the one shown. Only hiding by `hidden` or a style counts: `aria-hidden` alone marks a
 * carousel's cloned slides, copies of slides already read. A block without a class (a page's store of
 * hidden messages and translations beside its class-less wrappers) says nothing by its shape, one of
 * fewer than siblingPanelMinText characters is a message or a price toggle's other price, and one
 * mostly of links is a menu. The shown shapes are read once per parent (a list of thousands of items).
 */
function siblingPanel(el: Element, cache: Map<Element, number>, shownShapes: Map<Element, Set<string>>): boolean {
  const parent = el.parentElement;
  if (!parent || !(el.getAttribute("class") ?? "").trim() || !hiddenByAttributeOrStyle(el)) return false;
  let shown = shownShapes.get(parent);
  if (!shown) {
    shown = new Set();
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) if (!hides(c)) shown.add(shapeOf(c));
    shownShapes.set(parent, shown);
  }
  if (!shown.has(shapeOf(el)) || visibleTextLength(el, cache) < THRESHOLDS.siblingPanelMinText) return false;
  return !el.closest(NAVIGATION) && linkShare(el) <= THRESHOLDS.disclosureMaxLinkShare;
}

const SCREEN_READER_HIDDEN = '[aria-hidden="true"]';

// The boxes a page is laid out in, which a dialog hides: not a link or a picture hidden as a copy.
const PAGE_BOXES = new Set(["DIV", "SECTION", "MAIN", "ARTICLE", "ASIDE", "TABLE"]);

/**
 * The boxes hidden from screen readers alone (not by a style or the `hidden` attribute: those are
 * menus and templates), outermost, outside the navigation and outside any dialog, when together they
 * hold at least `pageHiddenMinShare` of the body's text: the page behind a dialog. Otherwise none.
 */
function pageBehindDialog(hidden: Element[], cache: Map<Element, number>, total: number): Element[] {
  const outer = hidden.filter(
    (el) =>
      PAGE_BOXES.has(el.nodeName) &&
      el.getAttribute("aria-hidden") === "true" &&
      !hiddenByAttributeOrStyle(el) &&
      !el.parentElement?.closest(SCREEN_READER_HIDDEN) &&
      !el.closest(NAVIGATION) &&
      // A dialog's own boxes (a cookie box's settings, hidden from screen readers while it is closed) are never the page.
      !el.closest(DIALOG_SELECTOR),
  );
  let text = 0;
  for (const el of outer) text += visibleTextLength(el, cache);
  return text >= total * THRESHOLDS.pageHiddenMinShare ? outer : [];
}

function shapeOf(el: Element): string {
  return `${el.nodeName}.${el.getAttribute("class") ?? ""}`;
}

/** Which of revealHiddenPage's rules run besides the page-wide wrapper and the ARIA panels (all by default). */
export interface HiddenPageRules {
  unnamed?: boolean;
  accordions?: boolean;
  siblings?: boolean;
  behindDialog?: boolean;
}

/**
 * Lifts the hiding of tab and disclosure panels, of elements that hold at least `pageHiddenMinShare` of
 * the body's text, and of the page's boxes behind a dialog (pageBehindDialog). Returns how many.
 */
export function revealHiddenPage(doc: Document, rules: HiddenPageRules = {}): number {
  const { unnamed = true, accordions = true, siblings = true, behindDialog = true } = rules;
  const body = doc.body;
  if (!body) return 0;
  const elements = elementsUnder(body);
  const hidden = elements.filter(hides);
  if (!hidden.length) return 0;
  const cache = new Map<Element, number>();
  const total = visibleTextLength(body, cache);
  if (!total) return 0;
  let lifted = 0;
  const disclosed = disclosedIds(elements);
  const wrappers = panelWrappers(elements, disclosed, body, cache);
  const adjacent = unnamed ? unnamedPanels(elements) : new Set<Element>();
  const shapes = new Map<Element, Map<string, number>>();
  const shownShapes = new Map<Element, Set<string>>();
  const behind = new Set(behindDialog ? pageBehindDialog(hidden, cache, total) : []);
  for (const el of behind) el.removeAttribute("aria-hidden");
  for (const el of hidden) {
    if (behind.has(el)) continue;
    const shown =
      panel(el, disclosed) ||
      wrappers.has(el) ||
      adjacent.has(el) ||
      (accordions && accordionAnswer(el, cache, shapes)) ||
      (siblings && siblingPanel(el, cache, shownShapes));
    if (!shown && visibleTextLength(el, cache) < total * THRESHOLDS.pageHiddenMinShare) continue;
    el.removeAttribute("hidden");
    el.removeAttribute("aria-hidden");
    const style = el.getAttribute("style");
    if (style !== null) el.setAttribute("style", style.replace(HIDING_STYLE, "").replace(/^\s*;\s*/, ""));
    lifted++;
  }
  return lifted + behind.size;
}

/** The end of a clipped text: an ellipsis, then at most a "Read more" control's words. */
// regex-linear: the last clippedTextMinLength characters of a text (revealClippedText)
const CLIPPED_END = /(?:\.\.\.|…)+[^.…]{0,30}$/;

function collapsed(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * A text clipped for a "Read more" control ("… you can com...…Read More") beside its whole text, hidden
 * until the control is used: the whole text is the content, the clipped one a copy of its start. The
 * hidden element is shown and the clipped one goes, when the clipped text (without its ellipsis) is at
 * least clippedTextMinLength characters and begins the hidden one. Returns how many were swapped.
 */
export function revealClippedText(doc: Document): number {
  const body = doc.body;
  if (!body) return 0;
  let swapped = 0;
  for (const el of elementsUnder(body)) {
    if (!hides(el)) continue;
    const clipped = el.previousElementSibling;
    if (!clipped || hides(clipped)) continue;
    const shown = collapsed(clipped.textContent ?? "");
    // Read on the last characters only: the pattern need not cross a long run of dots.
    const tail = shown.slice(-THRESHOLDS.clippedTextMinLength);
    const end = CLIPPED_END.exec(tail);
    if (!end) continue;
    const start = shown.slice(0, shown.length - tail.length + end.index).trimEnd();
    if (start.length < THRESHOLDS.clippedTextMinLength) continue;
    const whole = collapsed(el.textContent ?? "");
    if (whole.length <= start.length || !whole.startsWith(start)) continue;
    el.removeAttribute("hidden");
    el.removeAttribute("aria-hidden");
    const style = el.getAttribute("style");
    if (style !== null) el.setAttribute("style", style.replace(HIDING_STYLE, "").replace(/^\s*;\s*/, ""));
    clipped.remove();
    swapped++;
  }
  return swapped;
}

/**
 * An FAQ's questions drawn as links that open their answers on the page (`href="#"`, `role="button"`, or
 * aria-controls or aria-expanded naming the panel) lose the link and keep their text: a block of nothing but a
 * link is a menu's line to the clean-up, and the question went with it. Only links whose text is a
 * question of several words (mend-html.ts isQuestion) are unwrapped. Returns how many.
 */
export function unwrapQuestionLinks(doc: Document): number {
  const body = doc.body;
  if (!body) return 0;
  let unwrapped = 0;
  for (const a of Array.from(body.getElementsByTagName("a"))) {
    // A link to "#" goes nowhere: a script makes it a control. A link to a named place is a jump (a table of contents).
    const toggle =
      a.getAttribute("href")?.trim() === "#" ||
      a.hasAttribute("aria-controls") ||
      a.hasAttribute("aria-expanded") ||
      a.getAttribute("role") === "button";
    if (!toggle) continue;
    if (!isQuestion((a.textContent ?? "").replace(/\s+/g, " ").trim())) continue;
    a.replaceWith(...Array.from(a.childNodes));
    unwrapped++;
  }
  return unwrapped;
}

/**
 * A card's blurb drawn as a second link to the card's page, hidden from screen readers
 * (`aria-hidden="true"`) because the title's link already goes there: the blurb is on screen, and only a
 * screen reader skips it. The hidden elements' clean-up (boilerplate.ts, region.ts cleanRegion) would
 * drop it with the hidden ones, so such a link loses the link and keeps its text when the text is a
 * sentence (hiddenBlurbMinWords or more words) and another link on the page, not hidden, goes to the same
 * page. A hidden link of a picture or of a short label ("Read more") is left alone. Returns how many.
 */
export function revealHiddenBlurbs(doc: Document): number {
  const body = doc.body;
  if (!body) return 0;
  const anchors = Array.from(body.getElementsByTagName("a"));
  const shown = new Set<string>();
  for (const a of anchors) {
    const href = a.getAttribute("href")?.trim();
    if (href && a.getAttribute("aria-hidden") !== "true") shown.add(href);
  }
  let revealed = 0;
  for (const a of anchors) {
    if (a.getAttribute("aria-hidden") !== "true") continue;
    const href = a.getAttribute("href")?.trim();
    if (!href || href === "#" || !shown.has(href)) continue;
    const words = (a.textContent ?? "").match(/\p{L}[\p{L}\p{N}'’-]*/gu)?.length ?? 0;
    if (words < THRESHOLDS.hiddenBlurbMinWords) continue;
    a.replaceWith(...Array.from(a.childNodes));
    revealed++;
  }
  return revealed;
}
