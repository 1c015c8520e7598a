/**
 * The second candidate of every extraction: the page's main region (its <main> or role=main element,
 * or the body) with only structural furniture removed: navigation, headers and footers of the page,
 * asides, forms, dialogs, hidden elements and consent boxes. Readability keeps one container, which is
 * right for an article and wrong for pages made of many parts (a forum thread's posts, a listing's
 * items, a product's description and specifications). html-to-article.ts measures both and picks one by
 * the signals in chooseRegion(); the numbers are in thresholds.ts.
 */
import { jsonLdNodes } from "./metadata.ts";
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
/** ARIA landmarks and widgets that are furniture by their role. */
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
  "toolbar",
  "tooltip",
  "tablist",
]);
const CONSENT = /cookie|consent|gdpr/i;
const CONSENT_PART = /^(?:cookies?|consent|gdpr)$/i;
/** React streaming render: content sent later in `<div hidden id="S:0">` and swapped in by a script. */
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
 * holds a fair share of the body's text, else the body.
 */
export function mainRegion(doc: Document): Element | null {
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
  if (main && total > 0 && textLength(main, cache) >= total * THRESHOLDS.mainRegionMinShare) return main;
  return body;
}

function isHidden(el: Element): boolean {
  if (el.hasAttribute("hidden")) return !STREAMED.test(el.getAttribute("id") ?? "");
  if (el.getAttribute("aria-hidden") === "true") return true;
  const style = el.getAttribute("style");
  return style !== null && HIDDEN_STYLE.test(style);
}

function isConsentBox(el: Element, cache: Map<Element, number>): boolean {
  const label = `${el.getAttribute("aria-label") ?? ""} ${el.getAttribute("aria-labelledby") ?? ""}`;
  const names = `${el.getAttribute("id") ?? ""} ${el.getAttribute("class") ?? ""}`;
  if (!CONSENT.test(label) && !CONSENT.test(names)) return false;
  const named =
    CONSENT.test(label) ||
    names
      .replace(/([a-z])([A-Z])/g, "$1 $2")
      .split(/[\s\-_]+/)
      .some((p) => CONSENT_PART.test(p));
  return named && textLength(el, cache) < THRESHOLDS.consentBoxMaxText;
}

function hasH1(el: Element): boolean {
  return el.getElementsByTagName("h1").length > 0;
}

/**
 * Removes structural furniture from a (cloned) region in place. <noscript> with real text (posts a
 * server rendered for clients without scripts) is unwrapped; short <noscript> notices go.
 */
export function cleanRegion(root: Element): void {
  const cache = new Map<Element, number>();
  removeMenus(root, cache);
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; ) {
      const next = el.nextElementSibling;
      const name = el.nodeName;
      const role = el.getAttribute("role")?.toLowerCase();
      let remove =
        STRUCTURAL_FURNITURE.has(name) || (role !== undefined && FURNITURE_ROLES.has(role)) || isHidden(el) || isConsentBox(el, cache);
      if (name === "HEADER") remove = !hasH1(el) && textLength(el, cache) < THRESHOLDS.headerKeepMinProse;
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
}

function linkText(el: Element): number {
  let n = 0;
  for (const a of Array.from(el.getElementsByTagName("a"))) n += (a.textContent ?? "").trim().length;
  return n;
}

/**
 * Menus without <nav>: lists of short links, and lone short links standing as blocks (controls such as
 * "Log in" or "Skip to main content"). Lists of longer links (a listing's titles) and links inside
 * sentences stay.
 */
function removeMenus(root: Element, cache: Map<Element, number>): void {
  for (const list of [...Array.from(root.getElementsByTagName("ul")), ...Array.from(root.getElementsByTagName("ol"))]) {
    if (!root.contains(list)) continue;
    const items = Array.from(list.children).filter((c) => c.nodeName === "LI");
    if (items.length < THRESHOLDS.menuMinItems) continue;
    const text = textLength(list, cache);
    if (text === 0 || text / items.length > THRESHOLDS.menuItemMaxText) continue;
    if (items.every((li) => li.getElementsByTagName("a").length > 0) && linkText(list) >= text * 0.9) list.remove();
  }
  for (const a of Array.from(root.getElementsByTagName("a"))) {
    const parent = a.parentElement;
    if (!parent || parent.nodeName === "LI" || /^(?:P|TD|TH|H[1-6]|DT|DD|BLOCKQUOTE)$/.test(parent.nodeName)) continue;
    const own = (a.textContent ?? "").trim().length;
    if (own === 0 || own > THRESHOLDS.controlLinkMaxText || a.getElementsByTagName("img").length) continue;
    // The link is the whole of its block: nothing but it (and whitespace) in the parent.
    if ((parent.textContent ?? "").trim().length === own && parent.children.length === 1) a.remove();
  }
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

/** Whether the page declares itself one article (og:type or JSON-LD). */
export function declaresArticle(doc: Document): boolean {
  for (const meta of Array.from(doc.getElementsByTagName("meta"))) {
    if (meta.getAttribute("property") === "og:type" && ARTICLE_OG_TYPE.test((meta.getAttribute("content") ?? "").trim())) return true;
  }
  return jsonLdNodes(doc).some((n) => {
    const t = n["@type"];
    return (Array.isArray(t) ? t : [t]).some((x) => typeof x === "string" && ARTICLE_LD_TYPE.test(x));
  });
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
