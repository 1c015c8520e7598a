/**
 * The second candidate of every extraction: the page's main region (its <main> or role=main element,
 * or the body) with only structural furniture removed: navigation, headers and footers of the page,
 * asides, forms, dialogs, hidden elements and consent boxes. Readability keeps one container, which is
 * right for an article and wrong for pages made of many parts (a forum thread's posts, a listing's
 * items, a product's description and specifications). html-to-article.ts measures both and picks one by
 * the signals in chooseRegion(); the numbers are in thresholds.ts.
 */
import { cardFooterTest } from "./card-footer.ts";
import { DIALOG_SELECTOR, holdsH1, holdsHeading, INLINE_ELEMENTS, subheadingCount } from "./dom-walk.ts";
import { jsonLdNodes, types, WEB_PAGE_TYPE } from "./metadata.ts";
import { isPriceOnly } from "./prices.ts";
import { THRESHOLDS } from "./thresholds.ts";

/** Element names that are never a page's content. */
const STRUCTURAL_FURNITURE = new Set([
  "NAV",
  "ASIDE",
  "FOOTER",
  "FORM",
  "DIALOG",
  "SCRIPT",
  "STYLE",
  "TEMPLATE",
  "BUTTON",
  "SELECT",
  "TEXTAREA",
  "INPUT",
  "SVG",
  "svg",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "CANVAS",
  "MENU",
]);
/**
 * ARIA landmarks and widgets that are furniture by their role. A picker's entries (menu items, a
 * listbox's options) go even where the menu around them carries no role: a filter's list of every
 * language or category on a listing page.
 */
const FURNITURE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "dialog",
  "alertdialog",
  "menu",
  "menubar",
  "menuitem",
  "menuitemradio",
  "menuitemcheckbox",
  "listbox",
  "option",
  "toolbar",
  "tooltip",
  "tablist",
]);
const CONSENT = /cookie|consent|gdpr/i;
// A name part that is the word, or the word run together with what the box is ("cookiebanner",
// "cookieconsent", "consentpopup"); not a longer word that holds it.
const CONSENT_PART =
  /^(?:cookies?|consent|gdpr)(?:banner|bar|notice|popup|box|wrapper|container|modal|dialog|consent|law|info|message|overlay|panel|layer)?$/i;
/**
 * React streaming render: content sent later in `<div hidden id="S:0">` and swapped in by a script.
 * streamed.ts makes the swaps the page's scripts name; a segment none names is still read here.
 */
const STREAMED = /^S:/;
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Characters of trimmed text under `el`, memoised in `cache` (shared by the region and repeated-items rules). */
export function textLength(el: Element, cache: Map<Element, number>): number {
  let n = cache.get(el);
  if (n !== undefined) return n;
  n = 0;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) n += (c as Text).data.trim().length;
    else if (c.nodeType === 1) n += textLength(c as Element, cache);
  }
  cache.set(el, n);
  return n;
}

/**
 * The element holding the page's main content: the <main> (or role=main) with the most text when it
 * holds a fair share of the body's text, else the body. With `proseOutside` (the rule of that name,
 * rules.ts), the body also when the page's paragraphs are mostly outside that <main>: a shop's category
 * page often wraps only its product grid in <main> and puts the category's description (the buying
 * guide, the FAQ) in a band after it, outside every landmark. The body's furniture (menus, header,
 * footer) is removed from the region by cleanRegion.
 */
export function mainRegion(doc: Document, proseOutside = true): Element | null {
  const body = doc.body;
  if (!body) return null;
  const cache = new Map<Element, number>();
  const total = textLength(body, cache);
  let best: Element | null = null;
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      if (el.nodeName === "MAIN" || el.getAttribute("role") === "main") {
        if (!best || textLength(el, cache) > textLength(best, cache)) best = el;
      } else visit(el);
    }
  };
  visit(body);
  const main = best as Element | null;
  if (main && total > 0 && textLength(main, cache) >= total * THRESHOLDS.mainRegionMinShare) {
    return proseOutside && proseMostlyOutside(body, main, cache) ? body : main;
  }
  return body;
}

/**
 * Whether the body's paragraphs outside `main` (and outside page furniture: menus, header, footer,
 * asides, forms, hidden elements) hold at least as much text as those inside it, and a few paragraphs'
 * worth (thresholds.ts). One walk of the body; text lengths come from the shared cache.
 */
function proseMostlyOutside(body: Element, main: Element, cache: Map<Element, number>): boolean {
  let inside = 0;
  let outside = 0;
  const visit = (parent: Element, inMain: boolean) => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      const name = el.nodeName;
      if (STRUCTURAL_FURNITURE.has(name) || name === "HEADER" || name === "A" || isHidden(el)) continue;
      const role = el.getAttribute("role")?.toLowerCase();
      if (role !== undefined && FURNITURE_ROLES.has(role)) continue;
      if (name === "P") {
        if (inMain) inside += textLength(el, cache);
        else outside += textLength(el, cache);
      } else visit(el, inMain || el === main);
    }
  };
  visit(body, false);
  return outside >= THRESHOLDS.proseOutsideMainMinChars && outside >= inside * THRESHOLDS.proseOutsideMainMinRatio;
}

/**
 * Whether an element is hidden from the reader: the `hidden` attribute, `aria-hidden="true"`, or an
 * inline style of `display: none` or `visibility: hidden`. A streamed render's segment that no script
 * moved (STREAMED) counts as shown unless `streamedHidden`: the region reads it, a thread's header does not.
 */
export function isHidden(el: Element, streamedHidden = false): boolean {
  if (el.hasAttribute("hidden")) return streamedHidden || !STREAMED.test(el.getAttribute("id") ?? "");
  if (el.getAttribute("aria-hidden") === "true") return true;
  const style = el.getAttribute("style");
  return style !== null && HIDDEN_STYLE.test(style);
}

/**
 * A dialog (dom-walk.ts DIALOG_SELECTOR) whose id, class or label names cookies or consent: the site's
 * consent box, whatever its length. Unlike isConsentBox, no bound on its text: a box of that name that
 * is no dialog may be a page about cookies, a dialog is never the page.
 */
export function isConsentDialog(el: Element): boolean {
  const names = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""} ${el.getAttribute("aria-label") ?? ""} ${el.getAttribute("aria-labelledby") ?? ""}`;
  return CONSENT.test(names) && el.matches(DIALOG_SELECTOR);
}

/**
 * A box named for cookies or consent, by its label or by a part of its names, shorter than
 * consentBoxMaxText; with `banners`, at any length when a name says it is the banner (consentBanner).
 */
function isConsentBox(el: Element, cache: Map<Element, number>, banners: boolean): boolean {
  const label = `${el.getAttribute("aria-label") ?? ""} ${el.getAttribute("aria-labelledby") ?? ""}`;
  const names = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""}`;
  if (!CONSENT.test(label) && !CONSENT.test(names)) return false;
  const named =
    CONSENT.test(label) ||
    names
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .split(/[\s\-_]+/)
      .some((p) => CONSENT_PART.test(p));
  if (!named) return false;
  if (banners && consentBanner(names)) return true;
  return textLength(el, cache) < THRESHOLDS.consentBoxMaxText;
}

// The word with what the box is, run together or in parts ("cookiebanner", "cookie-notice",
// "consentPopup"). Not "cookie-info" or "cookie-box": a page about cookies may be laid out in those.
const CONSENT_BANNER = /^(?:cookies?|consent|gdpr)(?:banner|bar|notice|popup|modal|dialog|overlay|layer|consent)$/;

/**
 * Whether one of `names` (a box's id and classes) calls it a consent banner: named so, the box is the
 * site's banner at any length (its table of every cookie the site sets, in a shop's language, ran to
 * 66 lines above the product), as no page about cookies is.
 */
function consentBanner(names: string): boolean {
  for (const name of names.split(/\s+/)) {
    const parts = name
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .toLowerCase()
      .split(/[\s\-_]+/);
    for (let i = 0; i < parts.length; i++) {
      if (CONSENT_BANNER.test(parts[i]!) || (i + 1 < parts.length && CONSENT_BANNER.test(parts[i]! + parts[i + 1]!))) return true;
    }
  }
  return false;
}

const SECTIONING_TAGS = new Set(["ARTICLE", "ASIDE", "MAIN", "NAV", "SECTION"]);

/**
 * Whether `el` lies inside an article, aside, main, nav or section element. A <header> there heads that
 * part (a card's or a feature band's title and lead): ARIA makes <header> the page's banner only outside
 * them (boilerplate.ts keeps such headers before Readability for the same reason). WCXB word-F1 of
 * keeping them in the region, tuning / check part summed: service +0.10 / +0.28, collection +0.31 / 0, article -0.20 / 0 (a "explore more"
 * band of cards kept), forum -0.02 / 0, listing -0.01 / 0, product 0 / -0.01.
 */
export function sectionScoped(el: Element): boolean {
  for (let p = el.parentElement; p; p = p.parentElement) if (SECTIONING_TAGS.has(p.nodeName)) return true;
  return false;
}

/**
 * Removes structural furniture from a (cloned) region in place. <noscript> with real text (posts a
 * server rendered for clients without scripts) is unwrapped; short <noscript> notices go. The options
 * are rules of rules.ts, on unless set false.
 */
export function cleanRegion(
  root: Element,
  {
    pricedLinks = true,
    endBoxes = true,
    consentBanners = true,
    cardFooters = true,
    wrappedLinks = true,
  }: { pricedLinks?: boolean; endBoxes?: boolean; consentBanners?: boolean; cardFooters?: boolean; wrappedLinks?: boolean } = {},
): void {
  const cache = new Map<Element, number>();
  // A teaser's footer (its author and date) is the card's text, not the page's footer (card-footer.ts).
  const footers = cardFooters ? cardFooterTest(root, nameParts, (e) => textLength(e, cache)) : null;
  const cardFooter = (el: Element) => footers?.is(el) ?? false;
  removeNamedLinkFurniture(root, cache, cardFooter);
  if (endBoxes) removeEndBoxes(root, cardFooter);
  removeMenus(root, cache, pricedLinks, (a) => footers?.inside(a) ?? false, wrappedLinks);
  removeControls(root);
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; ) {
      const next = el.nextElementSibling;
      const name = el.nodeName;
      const role = el.getAttribute("role")?.toLowerCase();
      let remove =
        (STRUCTURAL_FURNITURE.has(name) && !(name === "FOOTER" && cardFooter(el))) ||
        (role !== undefined && FURNITURE_ROLES.has(role) && !(role === "tablist" && holdsTabPanels(el))) ||
        isHidden(el) ||
        isConsentBox(el, cache, consentBanners);
      if (name === "HEADER") remove = !holdsH1(el) && textLength(el, cache) < THRESHOLDS.headerKeepMinProse && !sectionScoped(el);
      if (name === "NOSCRIPT") {
        if (textLength(el, cache) >= THRESHOLDS.noscriptContentMinText) {
          visit(el);
          el.replaceWith(...Array.from(el.childNodes));
        } else el.remove();
      } else if (remove) el.remove();
      else visit(el);
      el = next;
    }
  };
  visit(root);
  removeLeadBeforeTitle(root, new Map());
}

/**
 * A tablist is a strip of tab labels, furniture; but accordions often put the role on the wrapper of
 * their questions and answers, and then it holds the panels themselves (the page's FAQ).
 */
function holdsTabPanels(el: Element): boolean {
  return el.querySelector('[role="tabpanel"]') !== null;
}

/**
 * What stands before the page's one <h1> in the region: the site's header, alert bars, a login box, a
 * breadcrumb. A page's title opens its content; the lead is removed when it holds a small share of the
 * region's text (more is content the page puts first, such as a hero above a late title).
 */
function removeLeadBeforeTitle(root: Element, cache: Map<Element, number>): void {
  const titles = root.getElementsByTagName("h1");
  if (titles.length !== 1) return;
  const total = textLength(root, cache);
  const lead: Node[] = [];
  let leadText = 0;
  for (let node: Element = titles[0]!; node !== root && node.parentElement; node = node.parentElement) {
    for (let sib = node.previousSibling; sib; sib = sib.previousSibling) {
      lead.push(sib);
      if (sib.nodeType === 3) leadText += (sib as Text).data.trim().length;
      else if (sib.nodeType === 1) leadText += textLength(sib as Element, cache);
    }
  }
  if (leadText === 0 || leadText > total * THRESHOLDS.titleLeadMaxShare) return;
  for (const node of lead) node.parentNode?.removeChild(node);
}

// Parts of class names and ids (split at -, _, spaces and camelCase) that name a page's link furniture:
// menus, breadcrumbs, headers and footers, share bars. The name alone is not enough (a page-builder
// block or a table cell can carry any of them): such an element only goes when it is mostly link text.
const LINK_FURNITURE_PARTS = new Set([
  "nav",
  "navbar",
  "navigation",
  "menu",
  "menus",
  "submenu",
  "megamenu",
  "breadcrumb",
  "breadcrumbs",
  "header",
  "footer",
  "topbar",
  "masthead",
  "share",
  "sharing",
  "social",
  "sitemap",
]);
const LINK_FURNITURE_SUBSTRING = /nav|menu|breadcrumb|header|footer|topbar|masthead|shar|social|sitemap/i;

// The hash CSS Modules append to a local class name ("table_root__adKqa", "layout_main__0SN51": five
// base64 characters after a double underscore). It is no word, but split at its humps it can read as
// one ("ad", "Kqa"): a documentation page's table wrapper went as an advert. A hash holds a digit or a
// capital; a BEM element name ("card__title") holds neither, and stays.
const MODULE_HASH = /__(?=[\w-]{0,4}[A-Z\d])[\w-]{5}(?=\s|$)/g;

/** Class and id name parts, split at spaces, -, _ and camelCase humps, lower case; CSS Modules hashes left out. */
export function nameParts(el: Element): string[] {
  return namePartsOf(`${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`);
}

/** nameParts() of a string of names; without `humps`, split at spaces, - and _ only. */
export function namePartsOf(names: string, humps = true): string[] {
  if (!names.trim()) return [];
  const unhashed = names.replace(MODULE_HASH, "");
  return (humps ? unhashed.replace(/([a-z])([A-Z])/g, "$1 $2") : unhashed)
    .toLowerCase()
    .split(/[\s\-_]+/)
    .filter(Boolean);
}

/** Characters of trimmed text under `el` inside links, and the number of links holding text. */
function linkTextLength(el: Element): { text: number; links: number } {
  let text = 0;
  let links = 0;
  for (const a of Array.from(el.getElementsByTagName("a"))) {
    if (a.parentElement?.closest("a")) continue;
    let own = 0;
    for (const t of textNodes(a)) own += t.trim().length;
    text += own;
    if (own > 0) links++;
  }
  return { text, links };
}

function textNodes(el: Element): string[] {
  const out: string[] = [];
  const visit = (e: Element) => {
    for (let c = e.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) out.push((c as Text).data);
      else if (c.nodeType === 1) visit(c as Element);
    }
  };
  visit(el);
  return out;
}

/**
 * Menus, breadcrumbs, page headers and footers and share bars built of <div>s: an element named for one
 * of them (LINK_FURNITURE_PARTS) that is mostly link text and holds a small share of the region. A page's
 * own header with its <h1>, and a block of prose that merely carries such a name, stay.
 */
function removeNamedLinkFurniture(root: Element, cache: Map<Element, number>, kept: (el: Element) => boolean): void {
  const total = textLength(root, cache);
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; ) {
      const next = el.nextElementSibling;
      if (isNamedLinkFurniture(el, cache, total) && !kept(el)) el.remove();
      else visit(el);
      el = next;
    }
  };
  visit(root);
}

// Parts of class names and ids that name the boxes a page keeps at its end: its footer built of <div>s,
// the band above it, the newsletter sign-up, pop-ups drawn over the page (a <div> modal, not a
// <dialog>) and a side column set after the text (a <div> sidebar, not an <aside>). Unlike the link
// furniture above, such a box holds sentences ("All contents © …", "Stay up to date on industry news
// and trends", "Order in the next 5 minutes to receive a free …"), so its link share says nothing.
const END_BOX_PARTS = new Set(["footer", "prefooter", "newsletter", "newsletters", "subscribe", "signup", "modal", "popup", "sidebar"]);
const END_BOX_SUBSTRING = /footer|newsletter|subscribe|signup|modal|popup|sidebar/i;

/**
 * Footers, pre-footer bands, newsletter sign-ups, pop-ups and side columns built of <div>s: an element
 * named for one of them (END_BOX_PARTS) that begins in the second half of the region's text, holds a
 * small share of it and at most one heading. Earlier, the same names are a card's footer (its price, its rating), a shop's
 * "subscription" product or a product's details laid out as a modal; a named band of several headed
 * parts is a page's own section (a product's editions over its downloads footer).
 */
function removeEndBoxes(root: Element, kept: (el: Element) => boolean): void {
  const cache = new Map<Element, number>();
  const total = textLength(root, cache);
  if (total === 0) return;
  const start = total * THRESHOLDS.endBoxMinStart;
  let before = 0;
  const visit = (parent: Element) => {
    for (let node = parent.firstChild; node; ) {
      const next = node.nextSibling;
      if (node.nodeType === 3) before += (node as Text).data.trim().length;
      else if (node.nodeType === 1) {
        const el = node as Element;
        const length = textLength(el, cache);
        // A block ending in the first half holds no box: its text is counted, its elements not read.
        if (before + length < start) before += length;
        else if (before >= start && isEndBox(el, total, cache) && !kept(el)) {
          before += length;
          el.remove();
        } else visit(el);
      }
      node = next;
    }
  };
  visit(root);
}

function isEndBox(el: Element, total: number, cache: Map<Element, number>): boolean {
  if (el.nodeName === "MAIN" || el.nodeName === "ARTICLE" || el.nodeName === "BODY") return false;
  const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
  if (!END_BOX_SUBSTRING.test(names) || !nameParts(el).some((p) => END_BOX_PARTS.has(p))) return false;
  if (textLength(el, cache) > total * THRESHOLDS.endBoxMaxShare) return false;
  if (holdsH1(el)) return false;
  return subheadingCount(el) <= THRESHOLDS.endBoxMaxHeadings;
}

function isNamedLinkFurniture(el: Element, cache: Map<Element, number>, total: number): boolean {
  if (el.nodeName === "MAIN" || el.nodeName === "ARTICLE" || el.nodeName === "BODY") return false;
  const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
  if (!LINK_FURNITURE_SUBSTRING.test(names) || !nameParts(el).some((p) => LINK_FURNITURE_PARTS.has(p))) return false;
  const text = textLength(el, cache);
  if (text === 0) return true;
  if (text > total * THRESHOLDS.namedFurnitureMaxShare || holdsH1(el)) return false;
  // Menu entries are short; a link wrapping a whole card (heading and blurb) is content of its own.
  const links = linkTextLength(el);
  return links.text >= text * THRESHOLDS.namedFurnitureMinLinkShare && links.text <= links.links * THRESHOLDS.menuLinkMaxText;
}

// Links drawn as buttons: calls to action ("Get a demo", "Start free trial", "Open app").
const BUTTON_PARTS = new Set(["btn", "button", "cta"]);
const BUTTON_SUBSTRING = /btn|button|cta/i;

function isButtonLink(a: Element): boolean {
  const role = a.getAttribute("role")?.toLowerCase();
  if (role === "button") return true;
  const type = a.getAttribute("type")?.toLowerCase();
  if (type === "button" || type === "submit") return true;
  const names = `${a.getAttribute("class") ?? ""} ${a.getAttribute("id") ?? ""}`;
  return BUTTON_SUBSTRING.test(names) && nameParts(a).some((p) => BUTTON_PARTS.has(p));
}

/**
 * Whether an element holds text outside its links (white space aside). It stops at the first such text:
 * asked of every element of a region by removeControls, a large block used to be read whole.
 */
function hasTextOutsideLinks(el: Element): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      if ((c as Text).data.trim().length > 0) return true;
    } else if (c.nodeType === 1 && c.nodeName !== "A" && hasTextOutsideLinks(c as Element)) return true;
  }
  return false;
}

/** "Skip to main content": a link to a place on the same page that only keyboard users see. */
function isSkipLink(a: Element): boolean {
  return (a.getAttribute("href") ?? "").startsWith("#") && /^skip\b/i.test((a.textContent ?? "").trim());
}

/** Whether a link is a short control: its text is short and it holds no image or heading (a card). */
function isShortControl(a: Element): boolean {
  const own = (a.textContent ?? "").trim().length;
  if (own > THRESHOLDS.controlLinkMaxText) return false;
  return !holdsHeading(a) && !a.querySelector("img,picture,video");
}

/**
 * Calls to action and rows of controls: links drawn as buttons (role, type or a btn/button/cta class)
 * with short text outside running text, and blocks that hold nothing but a few short links ("Start
 * building · Contact sales"). A link inside a sentence, a card with an image or heading, and a list of
 * longer titles stay.
 */
function removeControls(root: Element): void {
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; ) {
      const next = el.nextElementSibling;
      if (isControlRow(el)) el.remove();
      else visit(el);
      el = next;
    }
  };
  visit(root);
  removeButtonLinks(root);
}

/**
 * Links drawn as buttons with short text outside running text ("Get a quote", "Book now") and skip
 * links. Also run on Readability's result (boilerplate.ts, cleanArticle), which keeps a section's call
 * to action with its text.
 */
export function removeButtonLinks(root: Element): void {
  for (const a of Array.from(root.getElementsByTagName("a"))) {
    if (!root.contains(a)) continue;
    if (isSkipLink(a)) {
      a.remove();
      continue;
    }
    if (!isButtonLink(a) || !isShortControl(a)) continue;
    const parent = a.parentElement;
    if (parent && parent !== root && hasTextOutsideLinks(parent) && /^(?:P|LI|TD|TH|DD|SPAN)$/.test(parent.nodeName)) continue;
    a.remove();
  }
}

function isControlRow(el: Element): boolean {
  if (/^(?:P|A|LI|TD|TH|H[1-6]|DT|DD|BLOCKQUOTE|SPAN|STRONG|EM|B|I|TABLE|TR|TBODY|PRE|CODE)$/.test(el.nodeName)) return false;
  // Text outside the links is asked first: a large block has some near its start, and is not walked for links.
  if (hasTextOutsideLinks(el)) return false;
  const links = Array.from(el.getElementsByTagName("a")).filter((a) => !a.parentElement?.closest("a"));
  if (links.length < 2 || links.length > THRESHOLDS.controlRowMaxLinks) return false;
  return links.every((a) => (a.textContent ?? "").trim().length > 0 && isShortControl(a));
}

function linkText(el: Element): number {
  let n = 0;
  for (const a of Array.from(el.getElementsByTagName("a"))) n += (a.textContent ?? "").trim().length;
  return n;
}

/**
 * A mega-menu or a site map: a list whose entries hold lists of their own (sections with their pages),
 * every entry at any depth a link, the links short on average (nestedMenuLinkMaxText). Its top entries
 * carry their sub-lists' text, so the per-entry measure of a flat menu misses it.
 */
function isNestedMenu(list: Element, text: number): boolean {
  if (!list.querySelector("li ul, li ol")) return false;
  const entries = Array.from(list.getElementsByTagName("li"));
  if (!entries.every((li) => li.getElementsByTagName("a").length > 0)) return false;
  const links = Array.from(list.getElementsByTagName("a")).filter((a) => (a.textContent ?? "").trim());
  return links.length >= THRESHOLDS.nestedMenuMinLinks && text / links.length <= THRESHOLDS.nestedMenuLinkMaxText;
}

/**
 * Menus without <nav>: lists of short links, and lone short links standing as blocks (controls such as
 * "Log in" or "Skip to main content"). A lone link that is only a price stays (with `pricedLinks`). Lists of longer links (a listing's titles) and links inside
 * sentences stay.
 */
function removeMenus(
  root: Element,
  cache: Map<Element, number>,
  pricedLinks: boolean,
  inCardFooter: (a: Element) => boolean,
  wrappedLinks: boolean,
): void {
  for (const list of [...Array.from(root.getElementsByTagName("ul")), ...Array.from(root.getElementsByTagName("ol"))]) {
    if (!root.contains(list)) continue;
    const items = Array.from(list.children).filter((c) => c.nodeName === "LI");
    if (items.length < THRESHOLDS.menuMinItems) continue;
    const text = textLength(list, cache);
    if (text === 0) continue;
    if (text / items.length > THRESHOLDS.menuItemMaxText && !isNestedMenu(list, text)) continue;
    if (items.every((li) => li.getElementsByTagName("a").length > 0) && linkText(list) >= text * 0.9) list.remove();
  }
  // Whether a block of running text holds words outside its links (not only the commas of a tag
  // line), read once per block.
  const worded = new Map<Element, boolean>();
  const inSentence = (block: Element) => {
    let v = worded.get(block);
    if (v === undefined) worded.set(block, (v = wordOutsideLinks(block)));
    return v;
  };
  for (const a of Array.from(root.getElementsByTagName("a"))) {
    const parent = a.parentElement;
    if (!parent || /^(?:P|LI|TD|TH|H[1-6]|DT|DD|BLOCKQUOTE)$/.test(parent.nodeName)) continue;
    const sentence = wrappedLinks ? sentenceOf(a, root) : null;
    if (sentence && inSentence(sentence)) continue;
    const own = (a.textContent ?? "").trim().length;
    if (own === 0 || own > THRESHOLDS.controlLinkMaxText || a.getElementsByTagName("img").length) continue;
    // The link is the whole of its block: nothing but it (and whitespace) in the parent. The siblings are
    // asked first: a parent's text read once per link was quadratic in a block of many links.
    if (a.previousElementSibling || a.nextElementSibling) continue;
    // A link around a heading is a card's title, not a control.
    if (holdsHeading(a)) continue;
    // A link that is only a price is a card's price linked to its product, not a control.
    if (pricedLinks && isPriceOnly((a.textContent ?? "").replace(/\s+/g, " ").trim())) continue;
    // A link in a card's footer is the card's author or its tag, not a control.
    if ((parent.textContent ?? "").trim().length === own && !inCardFooter(a)) a.remove();
  }
}

/** Whether a text node under `block`, outside its links, holds a letter or a digit. */
function wordOutsideLinks(block: Element): boolean {
  for (let n: Node | null = block.firstChild; n; ) {
    if (n.nodeType === 3 && /[\p{L}\p{N}]/u.test((n as Text).data)) return true;
    if (n.nodeType === 1 && n.nodeName !== "A" && n.firstChild) {
      n = n.firstChild;
      continue;
    }
    while (n && n !== block && !n.nextSibling) n = n.parentNode;
    n = n && n !== block ? n.nextSibling : null;
  }
  return false;
}

// Blocks of running text a link may be a word of.
const RUNNING_TEXT = /^(?:P|TD|TH|DT|DD|BLOCKQUOTE)$/;

/**
 * The block of running text a link sits in through inline elements that hold only it ("<p>… <b><a>Lady
 * Gaga</a></b> shared a photo …</p>", where its bold box alone holds no other word), or null: such a
 * link was taken for a control standing alone in its box, and the sentence lost its words ("Your
 * should reflect your lifestyle", "Lady Gaga" and "Taylor Kinney" gone from a news story's lead).
 */
function sentenceOf(a: Element, root: Element): Element | null {
  let node: Element = a;
  for (let parent = a.parentElement; parent && parent !== root; parent = parent.parentElement) {
    if (RUNNING_TEXT.test(parent.nodeName)) return node === a ? null : parent;
    // A raised or lowered link is a footnote's mark ("battery life.<sup><a>1</a></sup>"), not a word.
    if (parent.nodeName === "SUP" || parent.nodeName === "SUB") return null;
    if (node.previousElementSibling || node.nextElementSibling || !INLINE_ELEMENTS.has(parent.nodeName)) return null;
    node = parent;
  }
  return null;
}

/**
 * The largest number of sibling elements of the same shape (tag and classes) with text in them: the
 * posts of a thread, the cards of a grid, the rows of a listing.
 */
export function repeatedItems(root: Element): number {
  const cache = new Map<Element, number>();
  let best = 0;
  const visit = (parent: Element) => {
    const groups = new Map<string, number>();
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      if (textLength(el, cache) >= THRESHOLDS.repeatedItemMinText) {
        const key = `${el.nodeName} ${(el.getAttribute("class") ?? "").replace(/\d+/g, "").split(/\s+/).sort().join(" ")}`;
        const n = (groups.get(key) ?? 0) + 1;
        groups.set(key, n);
        if (n > best) best = n;
      }
      visit(el);
    }
  };
  visit(root);
  return best;
}

// What a page that says it is one article calls itself: og:type, or the JSON-LD type of an article
// (not forum postings or Q&A pages, whose content is many posts).
const ARTICLE_OG_TYPE = /^(?:article|blog|news)/i;
const ARTICLE_LD_TYPE =
  /^(?:Article|NewsArticle|BlogPosting|Report|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|TechArticle|ScholarlyArticle)$/;

// Structured data that describes a piece of writing even without an article type (a fact check, a review).
const WRITING_LD_TYPE = /^(?:CreativeWork|ClaimReview|Review|CriticReview|Recipe|HowTo|Guide|Chapter|Book)$/;

/**
 * Whether the page declares itself one article (og:type or JSON-LD). Some publishing tools write
 * og:type "article" on every page they make, landing pages included; a post then also gets an article
 * node in its JSON-LD or an article:published_time, a page neither. So og:type counts unless the JSON-LD
 * names the page only a WebPage (no article or other writing in it) and no publication time is given.
 */
export function declaresArticle(doc: Document): boolean {
  const ldTypes = jsonLdNodes(doc).flatMap(types);
  if (ldTypes.some((x) => ARTICLE_LD_TYPE.test(x))) return true;
  let og = false;
  let published = false;
  for (const meta of Array.from(doc.getElementsByTagName("meta"))) {
    const property = meta.getAttribute("property");
    if (property === "og:type" && ARTICLE_OG_TYPE.test((meta.getAttribute("content") ?? "").trim())) og = true;
    else if (property === "article:published_time" && meta.getAttribute("content")?.trim()) published = true;
  }
  if (!og) return false;
  const pageOnly = ldTypes.some((x) => WEB_PAGE_TYPE.test(x)) && !ldTypes.some((x) => WRITING_LD_TYPE.test(x));
  return published || !pageOnly;
}

/**
 * Whether any of the page's OpenGraph types says "website": the site's own page (a landing page, a hub),
 * whatever article node a template writes into its JSON-LD. declaresArticle still counts that node; the
 * sections rule reads this to take such a page's sections all the same (html-to-article.ts). Every
 * og:type is read, not only the first (product-page.ts ogType): a page may carry a template's "article"
 * before the site's "website".
 */
export function declaresWebsite(doc: Document): boolean {
  for (const meta of Array.from(doc.getElementsByTagName("meta"))) {
    if (meta.getAttribute("property") === "og:type" && (meta.getAttribute("content") ?? "").trim().toLowerCase() === "website") return true;
  }
  return false;
}

export interface RegionSignals {
  /** Words Readability kept (after vellum's clean-up). */
  readabilityWords: number;
  /** Words of the cleaned main region. */
  regionWords: number;
  /** Largest group of same-shaped siblings in the region. */
  items: number;
  /** The page declares itself one article (declaresArticle). */
  article: boolean;
}

/**
 * Whether the region could win over Readability's result at all, from what is known before the region
 * is measured: chooseRegion() is false for every region when this is.
 */
export function regionMayWin(s: Pick<RegionSignals, "readabilityWords" | "article">): boolean {
  return s.readabilityWords < THRESHOLDS.readabilityMinWords || (!s.article && s.readabilityWords < THRESHOLDS.readabilityMaxWords);
}

/** Whether the main region, not Readability's container, is the page's content. */
export function chooseRegion(s: RegionSignals): boolean {
  if (s.regionWords === 0) return false;
  if (s.readabilityWords < THRESHOLDS.readabilityMinWords) return true;
  if (s.regionWords > s.readabilityWords * THRESHOLDS.regionMaxGrowth) return false;
  // A page that says it is one article is one: its region adds comments and other stories.
  if (s.article || s.readabilityWords >= THRESHOLDS.readabilityMaxWords) return false;
  return s.readabilityWords < s.regionWords * THRESHOLDS.readabilityMinShare && s.items >= THRESHOLDS.minRepeatedItems;
}
