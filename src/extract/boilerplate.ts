/**
 * Boilerplate removal around Readability: furniture removed from the document before it scores
 * containers (prepareDocument), and lines and blocks that are not article text removed from its
 * result (cleanArticle). Every rule is general: names, roles, text shapes and statistics, never a
 * site or a benchmark page.
 */
import { AD_LABEL_WORDS } from "./ad-labels.ts";
import { SHARE_LABEL_WORDS } from "./control-labels.ts";
import { READ_ALSO_WORDS } from "./end-sections.ts";
import { footerLike, isCardFooter, unnameFooter } from "./card-footer.ts";
import { elementsUnder, HEADING_ELEMENTS, holdsH1, UNSEEN, withoutClassesMatching } from "./dom-walk.ts";
import { WEEKDAY_NAMES } from "./page-date.ts";
import { isConsentDialog, nameParts, namePartsOf, removeButtonLinks, sectionScoped } from "./region.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { words } from "./words.ts";
// ---------------------------------------------------------------- boilerplate, before Readability
//
// Readability scores containers and keeps the best one whole, so furniture inside or next to the
// article (share bars, newsletter boxes, related-story lists, captions, hover cards) comes along; its
// own removal of "unlikely candidates" is undone when it retries on pages it found too short. These
// rules remove such furniture by what it is called in class and id names, the way trafilatura and
// defuddle do, and never touch an element that holds much of the page's text.

// Parts of class names and ids (split at -, _, spaces and camelCase) naming page furniture.
const FURNITURE_PARTS = new Set([
  "share",
  "shares",
  "sharing",
  "sharebar",
  "sharetools",
  "social",
  "socials",
  "socialbar",
  "newsletter",
  "newsletters",
  "subscribe",
  "subscription",
  "signup",
  "related",
  "recommended",
  "recommendations",
  "recirc",
  "recirculation",
  "promo",
  "promos",
  "promoted",
  "promotion",
  "advert",
  "adverts",
  "advertisement",
  "advertising",
  "ad",
  "ads",
  "adunit",
  "adslot",
  "sponsor",
  "sponsored",
  "outbrain",
  "taboola",
  "comment",
  "comments",
  "disqus",
  "breadcrumb",
  "breadcrumbs",
  "tagcloud",
  "caption",
  "captions",
  "figcaption",
  "credit",
  "credits",
  "toolbar",
  "cookie",
  "cookies",
  "consent",
  "gdpr",
  "banner",
  "masthead",
  "footer",
  "navbar",
  "navigation",
  "nav",
  "menu",
  "sidebar",
  "widget",
  "widgets",
  "modal",
  "popup",
  "overlay",
  "paywall",
  "login",
  "author",
  "authors",
  "byline",
  "cta",
  "dateline",
  "timestamp",
  "slideshow",
  "carousel",
  "trending",
  "mostread",
  "mostpopular",
  "skiplink",
  "sronly",
  "visuallyhidden",
  "screenreader",
  "print",
  "pagination",
  "pager",
]);
// Multi-part names that only mean furniture as a whole ("read-more", "author-bio").
const FURNITURE_NAMES =
  /(?:^|[-_])(?:read[-_]?more|more[-_]?(?:stories|articles|news|from)|see[-_]?also|also[-_]?read|read[-_]?also|you[-_]?may[-_]?(?:also[-_]?)?like|author[-_]?(?:bio|info|box|card)|about[-_]?(?:the[-_]?)?author|most[-_]?(?:read|popular|viewed)|entry[-_]?meta|post[-_]?meta|article[-_]?meta|sr[-_]?only|screen[-_]?reader)(?:$|[-_])/i;
const SEE_ALSO_NAME = /(?:^|[-_])see[-_]?also(?:$|[-_])/i;
const FURNITURE_ROLES = new Set([
  "navigation",
  "complementary",
  "banner",
  "contentinfo",
  "search",
  "dialog",
  "alertdialog",
  "menu",
  "menubar",
  "toolbar",
  "tooltip",
  // A picker's list of choices (a form's custom drop-down, a filter's facets), as in region.ts.
  "listbox",
  "option",
]);
const FURNITURE_TAGS = new Set(["NAV", "ASIDE", "FOOTER", "HEADER", "FORM", "BUTTON", "SELECT", "LABEL", "FIGCAPTION"]);

// ---------------------------------------------------------------- text statistics
//
// Selector engines are slow on large documents (happy-dom's, measured when these rules were written:
// one querySelectorAll over a 1 MB page, 0.4 s and 300 MB), and textContent per element is quadratic
// over nested elements. So the rules walk the tree by hand and read text lengths from one bottom-up pass.

// No SVG or IFRAME: the pre-pass (src/extract/mend-html.ts) removes both before the DOM is built.
const MEDIA_TAGS = new Set(["IMG", "PICTURE", "VIDEO"]);

interface ElementStats {
  /** Characters of text (each text node trimmed). */
  text: number;
  /** Of which inside links. */
  link: number;
  /** The element is, or contains, an article container (never removed). */
  marker: boolean;
  /** The element is, or contains, an image, video or embedded frame. */
  media: boolean;
}
type Stats = Map<Element, ElementStats>;

function isArticleMarker(el: Element): boolean {
  return (
    el.nodeName === "ARTICLE" ||
    el.nodeName === "MAIN" ||
    el.getAttribute("role") === "main" ||
    (el.getAttribute("itemprop")?.split(/\s+/).includes("articleBody") ?? false)
  );
}

/** Text statistics of every element under `root`; `onElement` sees each element on the way down. */
function measure(root: Element, onElement?: (el: Element) => void): Stats {
  const stats: Stats = new Map();
  const visit = (el: Element, inLink: boolean): ElementStats => {
    onElement?.(el);
    const linked = inLink || el.nodeName === "A";
    const s: ElementStats = { text: 0, link: 0, marker: isArticleMarker(el), media: MEDIA_TAGS.has(el.nodeName) };
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        const n = (c as Text).data.trim().length;
        s.text += n;
        if (linked) s.link += n;
      } else if (c.nodeType === 1) {
        const child = visit(c as Element, linked);
        s.text += child.text;
        s.link += child.link;
        s.marker ||= child.marker;
        s.media ||= child.media;
      }
    }
    stats.set(el, s);
    return s;
  };
  visit(root, false);
  return stats;
}

/** Text outside links: where an article's words are (menus are links). */
function prose(stats: Stats, el: Element): number {
  const s = stats.get(el);
  return s ? s.text - s.link : 0;
}

/** Elements under `root` in document order (pre-order), by hand rather than querySelectorAll. */
function descendants(root: Element, accept: (el: Element) => boolean): Element[] {
  const out: Element[] = [];
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      if (accept(el)) out.push(el);
      visit(el);
    }
  };
  visit(root);
  return out;
}

// Article containers are never removed, whatever their class says (WordPress puts tag-* and
// category-* classes on them).

// Hover cards and tooltips: the card goes, the word it decorates stays (see removeHoverCards).
const HOVER_PARTS = new Set(["tooltip", "popover", "rollover", "hovercard", "popup"]);
const CARD_PARTS = new Set(["IMG", "PICTURE", "DIV", "P", "UL", "OL"]);

// Any furniture word anywhere in a name: a cheap test that rules out most elements before the names
// are split into parts.
const FURNITURE_SUBSTRING = new RegExp(
  [...FURNITURE_PARTS, "more", "also", "bio", "info", "box", "card", "author", "meta", "only", "reader"].join("|"),
  "i",
);
const HOVER_SUBSTRING = new RegExp([...HOVER_PARTS].join("|"), "i");

/** A figure's caption over a code sample ("Listing 10-12: A Summary trait…") labels the code, as a heading does. */
function codeCaption(el: Element): boolean {
  if (el.nodeName !== "FIGCAPTION") return false;
  const figure = el.parentElement;
  return figure?.nodeName === "FIGURE" && figure.getElementsByTagName("pre").length > 0;
}

/**
 * Furniture by role, aria-hidden or name; name parts in `ignored`, and whole names matching
 * `ignoredName`, do not count. Without `humps`, names split only at spaces, "-" and "_".
 */
function isFurniture(el: Element, ignored?: ReadonlySet<string>, ignoredName?: RegExp, humps = true): boolean {
  const role = el.getAttribute("role");
  if (role && FURNITURE_ROLES.has(role.toLowerCase())) return true;
  if (el.getAttribute("aria-hidden") === "true") return true;
  return furnitureName(`${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`, ignored, ignoredName, humps);
}

/** isFurniture's test on a string of class and id names. */
function furnitureName(names: string, ignored?: ReadonlySet<string>, ignoredName?: RegExp, humps = true): boolean {
  if (!FURNITURE_SUBSTRING.test(names)) return false;
  if (names.split(/\s+/).some((n) => FURNITURE_NAMES.test(n) && !ignoredName?.test(n))) return true;
  return namePartsOf(names, humps).some((part) => FURNITURE_PARTS.has(part) && !ignored?.has(part));
}

// Inline elements a sentence is made of (INLINE_PARTS, SENTENCE_PARTS).
const INLINE_PARTS_LIST = ["SPAN", "TIME", "EM", "I", "STRONG", "B", "SMALL", "ABBR"];

// Readability's patterns for containers it drops or penalises (Readability.js REGEXPS): it drops an
// element whose names match the first unless they match the second too.
const READABILITY_MAYBE = /and|article|body|column|content|main|mathjax|shadow/i;
export const READABILITY_UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|share|media|promo|widget/i;

/**
 * Embedded posts (tweets, Instagram posts) are quoted content, but they come wrapped in elements
 * called "social-media-embed" and the like, which our rules and Readability's both drop (Readability
 * also drops a <div> whose text is a fifth links, as a tweet's link and date make it). Where such a
 * wrapper holds nothing but the quote, it is replaced by the quote itself, which no rule removes.
 * Other wrappers are left alone: any change of structure can change which container Readability picks.
 */
function protectEmbeddedQuotes(quotes: Element[]) {
  for (const quote of quotes) {
    const text = normalize(quote.textContent);
    if (text.length < THRESHOLDS.embeddedQuoteMinChars) continue;
    let outer: Element = quote;
    let condemned = false;
    for (let el: Element | null = quote; el && el.nodeName !== "BODY"; el = el.parentElement) {
      if (el !== quote && (normalize(el.textContent) !== text || isArticleMarker(el))) break;
      const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
      if (isFurniture(el) || READABILITY_UNLIKELY.test(names)) condemned = true;
      outer = el;
    }
    if (!condemned) continue;
    quote.removeAttribute("class");
    quote.removeAttribute("id");
    if (outer !== quote) outer.replaceWith(quote);
  }
}

/**
 * A hover card (a person's photo, bio and latest stories, shown when the pointer rests on a name) sits
 * inside the sentence, next to the link it decorates, hidden by a style sheet we do not load. Both the
 * wrapper and the card carry the tooltip's name; only the card (the part with an image or blocks in
 * it) goes, innermost first, so the name stays in the sentence. An element holding much of the page's
 * text is no card, whatever its name: a ranking's table named for the tooltips its rows open
 * ("js-dataTooltip") is the page.
 */
function removeHoverCards(candidates: Element[], stats: Stats, total: number) {
  for (const el of [...candidates].reverse()) {
    if (holdsMuchOfPage(stats, el, total)) continue;
    if (el.nodeName === "DIV" || descendants(el, (d) => CARD_PARTS.has(d.nodeName)).length > 0) el.remove();
  }
}

/** Whether `el` holds much of the page's prose (`total`): a wrapper of the page can carry any name. */
function holdsMuchOfPage(stats: Stats, el: Element, total: number): boolean {
  return total > 0 && prose(stats, el) > total * THRESHOLDS.furnitureMaxPageShare;
}

/**
 * Removes the page's furniture before Readability reads it, and narrows a page that marks its article
 * body once (itemprop=articleBody) to that body. Returns the body so marked when it did, else null.
 */
export function prepareDocument(
  doc: Document,
  options: {
    widgetsInText?: boolean;
    admonitions?: boolean;
    utilityClasses?: boolean;
    headerHeadings?: boolean;
    anchorIds?: boolean;
    headingNameHumps?: boolean;
    codeCaptions?: boolean;
    scrollHeadings?: boolean;
    widgetCards?: boolean;
    titleBanners?: boolean;
    titleHeaders?: boolean;
    inlineSentences?: boolean;
    sentenceNames?: boolean;
    facetLabels?: boolean;
    articleDescription?: boolean;
    consentDialogs?: boolean;
    tableCells?: boolean;
    listedAuthors?: boolean;
    cardFooters?: boolean;
  } = {},
): Element | null {
  const body = doc.body;
  if (!body) return null;
  // One walk for the statistics and for what the first two rules look for. The statistics are not
  // updated after those rules change the tree: they only feed the "much of the page's text" guard,
  // which a few removed hover cards or unwrapped quotes do not move.
  const quotes: Element[] = [];
  const hoverCards: Element[] = [];
  const notes: Element[] = [];
  const widgets: Element[] = [];
  // Class names naming an author, and how often each is set: a name set on every item of a list.
  const authorClasses = new Map<string, number>();
  const stats = measure(body, (el) => {
    if (el === body) return;
    tallyAuthorClass(authorClasses, el);
    if (WIDGET_NAME.test(el.getAttribute("class") ?? "")) widgets.push(el);
    if (el.nodeName === "BLOCKQUOTE") quotes.push(el);
    else if (HOVER_SUBSTRING.test(el.getAttribute("class") ?? "") && nameParts(el).some((p) => HOVER_PARTS.has(p))) hoverCards.push(el);
    else if (el.nodeName === "DIV" && isAdmonition(el)) notes.push(el);
    if (options.utilityClasses !== false) withoutScrollUtilities(el);
    if (HEADING_ELEMENTS.has(el.nodeName)) {
      if (options.headerHeadings !== false) withoutHeaderName(el);
      if (options.scrollHeadings !== false) withoutScrollNames(el);
    }
    if (options.anchorIds !== false && el.hasAttribute("id")) withoutAnchorId(el);
    if (options.sentenceNames !== false && SENTENCE_PARTS.has(el.nodeName) && el.parentElement?.nodeName === "P") withoutSentenceName(el);
  });
  const total = prose(stats, body);
  protectEmbeddedQuotes(quotes);
  removeHoverCards(hoverCards, stats, total);

  if (options.widgetsInText !== false) unnameWidgetsInText(body, stats);
  if (options.widgetCards !== false) unnameWidgetCards(widgets, stats);
  if (options.admonitions !== false) quoteAdmonitions(notes, stats);

  const marked: Element[] = [];
  const furnitureRules = {
    seeAlsoNotes: options.admonitions !== false,
    wholeHeadingNames: options.headingNameHumps !== false,
    codeCaptions: options.codeCaptions !== false,
    titleBanners: options.titleBanners !== false,
    titleHeaders: options.titleHeaders !== false,
    inlineSentences: options.inlineSentences !== false,
    consentDialogs: options.consentDialogs !== false,
    tableCells: options.tableCells !== false,
    dataTables: new Map<Element, boolean>(),
    listedAuthors: options.listedAuthors === false ? null : authorClasses,
  };
  const facetLabels = options.facetLabels !== false;
  const cardFooters = options.cardFooters !== false;
  let choiceIds: Set<string> | undefined;
  const choices = () =>
    (choiceIds ??= new Set(
      Array.from(doc.getElementsByTagName("input"))
        .filter(isChoice)
        .map((i) => i.getAttribute("id") ?? ""),
    ));
  // Pre-order walk; a removed element's subtree is not visited.
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; ) {
      const next = el.nextElementSibling;
      if (el.getAttribute("itemprop")?.split(/\s+/).includes("articleBody")) marked.push(el);
      if (facetLabels && isCountedChoice(el, stats, choices)) el.after(el.ownerDocument.createTextNode(" "));
      else if (cardFooters && isCardFooterOf(el, stats)) visit(unnameFooter(el));
      else if (isRemovableFurniture(el, stats, total, furnitureRules)) el.remove();
      else visit(el);
      el = next;
    }
  };
  visit(body);

  // A page that marks its article body (schema.org itemprop) once, with real text in it, has told us
  // where the article is: Readability only looks there. The article's own summary marked beside it
  // (itemprop=description: a news story's lead, set above the body) stays before it.
  if (marked.length === 1 && marked[0]!.isConnected && normalize(marked[0]!.textContent).length >= THRESHOLDS.markedArticleMinChars) {
    const lead = options.articleDescription !== false ? describedLead(body, marked[0]!) : null;
    body.replaceChildren(...(lead ? [lead, marked[0]!] : [marked[0]!]));
    return marked[0]!;
  }
  return null;
}

/** Whether `el` is a card's own footer (card-footer.ts), read with the page's statistics. */
function isCardFooterOf(el: Element, stats: Stats): boolean {
  return footerLike(el, () => nameParts(el)) && isCardFooter(el, (e) => stats.get(e)?.text ?? 0);
}

/**
 * The element marked itemprop=description that is the lead of the article whose body is `articleBody`:
 * the last one before the body, outside it, in the same schema.org item (the nearest itemscope), holding
 * between articleLeadMinChars and articleLeadMaxChars of text that the body does not repeat. Null when
 * there is none.
 */
function describedLead(body: Element, articleBody: Element): Element | null {
  const scope = articleBody.parentElement?.closest("[itemscope]") ?? null;
  let lead: Element | null = null;
  // The page's elements in document order up to the body: one walk, not a position test per element.
  for (const el of elementsUnder(body)) {
    if (el === articleBody) break;
    if (!el.getAttribute("itemprop")?.split(/\s+/).includes("description") || el.contains(articleBody)) continue;
    if ((el.parentElement?.closest("[itemscope]") ?? null) !== scope) continue;
    lead = el;
  }
  if (!lead) return null;
  const text = normalize(lead.textContent);
  if (text.length < THRESHOLDS.articleLeadMinChars || text.length > THRESHOLDS.articleLeadMaxChars) return null;
  return normalize(articleBody.textContent).includes(text) ? null : lead;
}

// Utility classes of CSS frameworks that say how a box scrolls or clips ("overflow-hidden",
// "scroll-mt-2", "md:overflow-x-hidden"), not what it holds. Readability weighs a class holding
// "hidden" or "scroll" down by 25 and then drops the <div> whatever its text: every code sample of a
// documentation site whose wrappers carry them went.
const SCROLL_UTILITY_SUBSTRING = /hidden|scroll/;
const SCROLL_UTILITY = /^(?:[\w-]+:)*(?:overflow(?:-[xy])?-hidden|scroll-[\w.[\]-]+|scrollbar-[\w-]+)$/;

function withoutScrollUtilities(el: Element) {
  const value = el.getAttribute("class");
  if (!value || !SCROLL_UTILITY_SUBSTRING.test(value)) return;
  const classes = value.split(/\s+/);
  const kept = classes.filter((c) => !SCROLL_UTILITY.test(c));
  if (kept.length !== classes.length) el.setAttribute("class", kept.join(" "));
}

// A heading named a "header" ("section-header", "code-header") is the header of its section, not the
// page's: Readability removes any element whose class or id holds "header" before it scores the page
// (its unlikely candidates), and with it every section title and API signature such a page marks so.
// A heading whose other names Readability also distrusts ("footer-header", "menu-header") keeps them.
const HEADER_NAME = /header/i;
const HEADER_NAMES = /header/gi;

function withoutHeaderName(el: Element) {
  const classes = el.getAttribute("class") ?? "";
  const id = el.getAttribute("id") ?? "";
  if (!HEADER_NAME.test(classes) && !HEADER_NAME.test(id)) return;
  if (READABILITY_UNLIKELY.test(`${classes} ${id}`.replace(HEADER_NAMES, " "))) return;
  withoutClassesMatching(el, HEADER_NAME);
  if (HEADER_NAME.test(id)) el.removeAttribute("id");
}

// Readability also removes an <h1> or <h2> whose class weighs negative, and "scroll" weighs so. On a
// heading such a name says where it stops when a link jumps to it ("g-offset-scroll-margin-top",
// "scroll-mt-(--header)") or how it enters the screen ("scroll-reveal"), never what it is: on WCXB's
// tuning pages 112 headings named so are in the ground truth and 6 are not. (On every element, not
// only headings, a forum's notices ticker was no longer weighed down: forum -0.483 on the tuning part.)
const SCROLL_NAME = /scroll/i;

/** A heading's class names that say how it scrolls go; returns whether any went. */
export function withoutScrollNames(heading: Element): boolean {
  const value = heading.getAttribute("class");
  if (!value || !SCROLL_NAME.test(value)) return false;
  withoutClassesMatching(heading, SCROLL_NAME);
  return true;
}

// Inline elements a paragraph's sentence is made of, and the raised or lowered numbers it cites with.
const SENTENCE_PARTS = new Set([...INLINE_PARTS_LIST, "SUP", "SUB"]);

/**
 * An inline element inside a paragraph's sentence with a name Readability drops ("footers" around a
 * citation's number, "[1]-[3]"; "comment-count" in "read the 12 comments below") loses the name: Readability
 * removes any element so named before it scores the page, and the sentence lost its words. Only where
 * more than sentenceAroundMinChars characters of the paragraph are outside it and its namesakes (a
 * paragraph that is only a share count or a label is no sentence, and keeps its name).
 */
function withoutSentenceName(el: Element) {
  const classes = el.getAttribute("class") ?? "";
  const id = el.getAttribute("id") ?? "";
  if (!READABILITY_UNLIKELY.test(`${classes} ${id}`) || READABILITY_MAYBE.test(`${classes} ${id}`)) return;
  if (textBesideNamesakes(el) <= THRESHOLDS.sentenceAroundMinChars) return;
  withoutClassesMatching(el, READABILITY_UNLIKELY);
  if (READABILITY_UNLIKELY.test(id)) el.removeAttribute("id");
}

/**
 * An id spelled from its heading's words ("link-headers", "By_manually_extracting", "social-auth") is an
 * anchor for links to that part, not a layout name, but Readability reads ids as it reads classes: a
 * section titled "Link Headers" went as a page header, a heading "Social Auth" as a share bar. A heading
 * loses such an id, also when it is one of our own furniture names ("see_also", "Login_shell"); a section
 * or other block around a heading only when the word Readability read is "header" (a "Related topics" or
 * "Comments" box is titled by a heading of its own; a page's header is not), or when the name is only
 * ours and the block is long (a manual's "Cookies" section).
 */
function withoutAnchorId(el: Element) {
  const id = el.getAttribute("id") ?? "";
  // Ids are read against our furniture names too ("see_also", "Login_shell", "cookies").
  const readabilityName = READABILITY_UNLIKELY.test(id);
  if (!readabilityName && !furnitureName(id)) return;
  let heading: Element | null = HEADING_ELEMENTS.has(el.nodeName) ? el : null;
  for (let c = el.firstElementChild, depth = 0; !heading && c && depth < 3; c = c.firstElementChild, depth++) {
    if (HEADING_ELEMENTS.has(c.nodeName)) heading = c;
  }
  if (!heading) return;
  if (heading !== el) {
    if (readabilityName && READABILITY_UNLIKELY.test(id.replace(HEADER_NAMES, " "))) return;
    // A block named by one of our words only: a section of the text ("Cookies", "Widgets") holds more
    // text than a box of that name (a consent bar, a sign-in panel).
    if (!readabilityName && (el.textContent ?? "").length < THRESHOLDS.anchoredSectionMinText) return;
  }
  // Numbers and single letters are an anchor's counters and prefixes ("h-what-is-social-shopping", "s-widgets"), not words.
  const idWords = (id.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !/^\d+$/.test(w) && w.length > 1);
  const headingWords = new Set((heading.textContent ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  if (idWords.length > 0 && idWords.every((w) => headingWords.has(w))) el.removeAttribute("id");
  // A heading's anchor may carry a prefix before its words ("nav_nur_die_folie__1", "toc-pricing-plans"):
  // the rest, at least two words, is still spelled from the heading.
  else if (heading === el && idWords.length >= 3 && idWords.slice(1).every((w) => headingWords.has(w))) el.removeAttribute("id");
}

// Notes, tips and warnings set off from the text (admonitions, callouts), by role or by name.
const ADMONITION_PARTS = new Set([
  "note",
  "notice",
  "tip",
  "hint",
  "warning",
  "warn",
  "caution",
  "danger",
  "important",
  "attention",
  "admonition",
  "callout",
  "alert",
]);
const ADMONITION_SUBSTRING = /note|notice|tip|hint|warn|caution|danger|important|attention|admonition|callout|alert/i;

/** Whether a note box (isAdmonition) is named "see also" (a manual's "admonition seealso"). */
function seeAlsoNote(el: Element): boolean {
  return `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`.split(/\s+/).some((n) => SEE_ALSO_NAME.test(n));
}

function isAdmonition(el: Element): boolean {
  if (el.getAttribute("role") === "note") return true;
  const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
  return ADMONITION_SUBSTRING.test(names) && nameParts(el).some((p) => ADMONITION_PARTS.has(p));
}

/**
 * A note, tip or warning box among the paragraphs of a text is part of it, but Readability drops a
 * <div> whose text is a fifth links ("Low weight and a little linky"), as a note pointing to two other
 * pages is. It becomes a <blockquote>, which Readability does not clean that way and Markdown sets off
 * as a quote. A box outside running text (a site-wide alert bar) or longer than a note is left alone.
 */
function quoteAdmonitions(notes: Element[], stats: Stats) {
  for (const note of notes) {
    const s = stats.get(note);
    if (!s?.text || s.text > THRESHOLDS.admonitionMaxText || !note.isConnected) continue;
    // A "see also" note is a manual's own (a site's alert bar is not named so), wherever it stands.
    if (!inRunningText(note, stats) && !seeAlsoNote(note)) continue;
    const quote = note.ownerDocument.createElement("blockquote");
    for (const name of ["class", "id"]) {
      const value = note.getAttribute(name);
      if (value) quote.setAttribute(name, value);
    }
    quote.append(...Array.from(note.childNodes));
    note.replaceWith(quote);
  }
}

// Readability weighs down an element whose class or id holds "widget" (its REGEXPS.negative), and so
// do our furniture names (FURNITURE_PARTS), but the word names any embedded component, content
// included: a buying guide's product box with its specifications and verdict is a "product-widget".
const WIDGET_NAME = /widget/i;
const WIDGET_PARTS = new Set(["widget", "widgets"]);

/** Whether the only furniture words in `el`'s names are "widget" (no role, no furniture tag, no other name). */
function onlyWidgetName(el: Element): boolean {
  return !FURNITURE_TAGS.has(el.nodeName) && !isFurniture(el, WIDGET_PARTS);
}

/** Whether `el` sits among the paragraphs of a text: its parent holds paragraphs of prose of their own. */
function inRunningText(el: Element, stats: Stats): boolean {
  const { runningTextParagraphs, runningParagraphProse } = THRESHOLDS;
  let paragraphs = 0;
  for (let c = el.parentElement?.firstElementChild; c; c = c.nextElementSibling) {
    if (c.nodeName === "P" && prose(stats, c) >= runningParagraphProse && ++paragraphs >= runningTextParagraphs) return true;
  }
  return false;
}

/**
 * A widget among the paragraphs of the text holding a block of prose (a buying guide's product boxes,
 * each with its verdict) is part of the text: it and its parts ("product-widget__content") lose the
 * name, so neither our furniture rule nor Readability's weighting drops it. A widget elsewhere (a
 * sidebar's text box, however long) is left to both.
 * WCXB word-F1, tuning / check part summed: article +0.39 / +0.68, no other type moves.
 */
function unnameWidgetsInText(body: Element, stats: Stats) {
  const strip = (el: Element) => {
    const classes = (el.getAttribute("class") ?? "").split(/\s+/);
    if (classes.some((c) => WIDGET_NAME.test(c))) el.setAttribute("class", classes.filter((c) => !WIDGET_NAME.test(c)).join(" "));
    if (WIDGET_NAME.test(el.getAttribute("id") ?? "")) el.removeAttribute("id");
  };
  const named = (el: Element) => WIDGET_NAME.test(`${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`);
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      if (named(el) && prose(stats, el) >= THRESHOLDS.widgetInTextMinProse && onlyWidgetName(el) && inRunningText(el, stats)) {
        strip(el);
        for (const part of descendants(el, named)) strip(part);
      } else visit(el);
    }
  };
  visit(body);
}

/**
 * The parts of cards named as a widget, one part in each of three cards or more (the part and the block
 * around it named alike in every card), holding prose together, are the grid's text: a shop's grid whose
 * cards are a "SaleWidget" component, each with its blurb and its tags. They lose the name, so our
 * furniture rule does not drop every card's blurb and with them the grid's weight in Readability's
 * choice. A sidebar's or footer's widgets go with the sidebar or footer around them.
 * WCXB word-F1, tuning / check part summed: collection +0.43 / 0 (one page 0.27 -> 0.70), article
 * +0.23 / +0.08 (page builders' widget blocks of one shape), no other type moves.
 */
function unnameWidgetCards(widgets: Element[], stats: Stats) {
  const byClass = new Map<string, Element[]>();
  for (const el of widgets) {
    // unnameWidgetsInText may have taken the name already.
    if (!WIDGET_NAME.test(el.getAttribute("class") ?? "") || !onlyWidgetName(el)) continue;
    // Cards of one shape: the part and the block around it are named alike in every card (a page
    // builder's "widget-container" sits in blocks named each by an id of its own).
    const key = `${(el.getAttribute("class") ?? "").trim()}|${el.parentElement?.getAttribute("class") ?? ""}`;
    const group = byClass.get(key);
    if (group) group.push(el);
    else byClass.set(key, [el]);
  }
  for (const group of byClass.values()) {
    if (group.length < THRESHOLDS.widgetCardMinCards) continue;
    if (group.reduce((sum, el) => sum + prose(stats, el), 0) < THRESHOLDS.widgetCardsMinProse) continue;
    for (const el of group)
      el.setAttribute(
        "class",
        (el.getAttribute("class") ?? "")
          .split(/\s+/)
          .filter((c) => !WIDGET_NAME.test(c))
          .join(" "),
      );
  }
}

/**
 * A <header> inside an article, section or the main element heads that part (its title and lead), it
 * is not the page's banner: ARIA maps <header> to the banner role only outside those elements.
 * WCXB word-F1, tuning / check part summed (without the title headers below): article +0.21 / +0.08,
 * service +0.14 / +0.03, documentation +0.06 / 0, listing -0.31 / 0 (one news front whose Readability
 * result grew past the region rule's bound). The same scoping of <footer> changed nothing.
 *
 * With `titleHeaders`, one holding the page's <h1> stays too: the article's title block, whose
 * standfirst is the story's first paragraph (a deck set between the headline and the body); removed, it
 * also moved Readability to a smaller block. WCXB tuning / check summed: service +0.085 / +0.022,
 * article -0.009 / +0.004; snippet corpus +9 passages found, one kept passage fewer; the article
 * benchmark, whose ground truths leave standfirsts out, 0.9823 -> 0.9817 (docs/extraction.md).
 */
function isSectionHeader(el: Element, titleHeaders: boolean): boolean {
  if (el.nodeName !== "HEADER") return false;
  return (titleHeaders || !holdsH1(el)) && sectionScoped(el);
}

function isRemovableFurniture(
  el: Element,
  stats: Stats,
  total: number,
  rules: {
    seeAlsoNotes: boolean;
    wholeHeadingNames: boolean;
    codeCaptions: boolean;
    titleBanners: boolean;
    titleHeaders: boolean;
    inlineSentences: boolean;
    consentDialogs: boolean;
    tableCells: boolean;
    /** Whether each table asked about holds header cells: asked once per table, not once per cell. */
    dataTables: Map<Element, boolean>;
    /** How often each class name naming an author is set on the page; null where the rule is left out. */
    listedAuthors: Map<string, number> | null;
  },
): boolean {
  const {
    seeAlsoNotes,
    wholeHeadingNames,
    codeCaptions,
    titleBanners,
    titleHeaders,
    inlineSentences,
    consentDialogs,
    tableCells,
    dataTables,
    listedAuthors,
  } = rules;
  const name = el.nodeName;
  // A tab's panel is content whatever its name ("tabbed-widget"): unhide.ts reveals every panel of a tab set.
  // WCXB word-F1: one service page 0.79 -> 0.86; no other page moves.
  if (name === "MAIN" || name === "ARTICLE" || el.getAttribute("role") === "tabpanel") return false;
  // A note box named "see also" (a manual's "admonition seealso") points the reader on from the
  // paragraph it annotates; the name alone marks a box of other stories.
  const ignoredName = seeAlsoNotes && isAdmonition(el) ? SEE_ALSO_NAME : undefined;
  // A heading is furniture by its whole names and their hyphenated parts, not by a hump inside a
  // camelCase name: "anchorWithStickyNavbar" says how the heading scrolls beside the site's navbar.
  const humps = !(wholeHeadingNames && HEADING_ELEMENTS.has(name));
  const captionOfCode = codeCaptions && codeCaption(el);
  if (
    !(FURNITURE_TAGS.has(name) && !isSectionHeader(el, titleHeaders) && !captionOfCode) &&
    !isFurniture(el, undefined, ignoredName, humps)
  )
    return false;
  const s = stats.get(el);
  if (!s || s.marker) return false;
  if (s.text > 0 && s.text <= THRESHOLDS.bylineNameMaxChars && listedAuthor(el, listedAuthors, ignoredName, humps)) return false;
  // A data table's cell or row is part of the table whatever its name (a header cell styled
  // "footer_title_big"): without it every later cell stands under the wrong header, or the table has
  // none and no Markdown reader shows it as a table. A layout table (no header cell) is boxes.
  if (tableCells && TABLE_CELL_PARTS.has(name) && isDataTablePart(el, dataTables)) return false;
  // A block named as furniture by its class alone ("collection-banner-hero") that holds an <h1> and
  // little else is the page's title block (a category's name and its line of introduction), not the
  // site's banner, which is a <header> or has the banner role.
  // WCXB word-F1, tuning / check part summed: article +0.074 / +0.003, collection +0.040 / 0, service
  // +0.002 / 0, product +0.001 / 0.
  if (titleBanners && !FURNITURE_TAGS.has(name) && !el.hasAttribute("role") && s.text < THRESHOLDS.titleBannerMaxText && holdsH1(el))
    return false;
  // A link inside running text ("see our <a class=related-link>earlier story</a>") is part of a
  // sentence; removing it would cut the sentence. So is a news story's dateline that opens its first
  // paragraph ("<span class=dateline>KOBE –</span> A total of …"), the sentence being the paragraph's
  // text outside it and its siblings of the same name (a caption split into spans around one letter is
  // no sentence); not one whose role says it is no part of the text (a footnote's tooltip).
  if (name === "A" && el.parentElement) {
    const parent = stats.get(el.parentElement);
    if (parent && parent.text > s.text + THRESHOLDS.sentenceAroundMinChars) return false;
  }
  if (
    inlineSentences &&
    INLINE_PARTS.has(name) &&
    el.parentElement?.nodeName === "P" &&
    !el.hasAttribute("role") &&
    textBesideNamesakes(el) > THRESHOLDS.sentenceAroundMinChars
  )
    return false;
  // A consent dialog holds much of the page's text when it lists the advertising partners it asks
  // about (hundreds of vendors, their purposes and privacy policies): still the site's box, never the page.
  if (consentDialogs && isConsentDialog(el)) return true;
  // A wrapper of the whole page can carry any class; what holds much of the text is not furniture.
  return !holdsMuchOfPage(stats, el, total);
}

const TABLE_CELL_PARTS = new Set(["TH", "TD", "TR", "THEAD", "TBODY", "TFOOT"]);

const AUTHOR_SUBSTRING = /author|byline/i;
const AUTHOR_PARTS: ReadonlySet<string> = new Set(["author", "authors", "byline"]);

/** Counts `el`'s class attribute in `counts` where it names an author (listedAuthor reads the counts). */
function tallyAuthorClass(counts: Map<string, number>, el: Element): void {
  const classes = el.getAttribute("class");
  if (classes && AUTHOR_SUBSTRING.test(classes)) counts.set(classes, (counts.get(classes) ?? 0) + 1);
}

/**
 * Whether `el` is furniture by an author's name alone ("authorName", "author-link") on a class set on
 * at least THRESHOLDS.listedAuthorsMinRepeats elements, and holds a name's length of text (the caller
 * asks; an author's picture alone, no text, stays furniture): each item of a list names its own author
 * (a book list's "by Suzanne Collins", a news index's "Renato Losio on Mar 08"), which is the item's
 * text. The page's own byline is set once or twice; a box about each of a story's writers holds their
 * bios, more than a name; a comment's author goes with its comment.
 */
function listedAuthor(el: Element, counts: Map<string, number> | null, ignoredName: RegExp | undefined, humps: boolean): boolean {
  if (!counts) return false;
  const classes = el.getAttribute("class");
  if (!classes || (counts.get(classes) ?? 0) < THRESHOLDS.listedAuthorsMinRepeats) return false;
  // A teaser marked as an article of its own keeps its byline out: the teaser rules read it without.
  if (el.closest('article, [role="article"]')) return false;
  return !isFurniture(el, AUTHOR_PARTS, ignoredName, humps);
}

/**
 * Whether `el` (a cell, row or row group) belongs to a table with header cells: a table of data. Each
 * table's answer is kept in `tables`: a table of 20,000 cells named as furniture was otherwise searched
 * for header cells once per cell.
 */
function isDataTablePart(el: Element, tables: Map<Element, boolean>): boolean {
  const table = el.closest("table");
  if (!table) return false;
  let data = tables.get(table);
  if (data === undefined) {
    data = table.getElementsByTagName("th").length > 0;
    tables.set(table, data);
  }
  return data;
}

/**
 * A filter's entry: the label of a checkbox or radio button followed by the count of items it selects
 * ("Accessories" then "1385"). Where the filter stays (it holds much of a category page's text), its
 * labels stay too, a space apart from their counts: without them the filter comes back as a column of
 * bare numbers. WCXB word-F1: one tuning collection page 0.425 -> 0.601; no other page moves. Keeping
 * every choice's label, counted or not, moved eleven pages: +0.234 on the tuning part but -0.007 on the
 * check part (a quiz's answers, a code sample's language tabs, a shop's delivery options).
 */
function isCountedChoice(el: Element, stats: Stats, choiceIds: () => Set<string>): boolean {
  if (el.nodeName !== "LABEL") return false;
  // A count is a few characters: the statistics say so before a long sibling's text is read.
  const count = el.nextElementSibling;
  if (!count || (stats.get(count)?.text ?? Number.POSITIVE_INFINITY) > THRESHOLDS.facetCountMaxChars) return false;
  if (!FACET_COUNT.test(count.textContent?.trim() ?? "")) return false;
  if (Array.from(el.getElementsByTagName("input")).some(isChoice)) return true;
  // The ids of the page's choices are gathered once: a filter has a label per entry.
  const id = el.getAttribute("for");
  return !!id && choiceIds().has(id);
}
const isChoice = (input: Element) => CHOICE_TYPE.test(input.getAttribute("type") ?? "");
const FACET_COUNT = /^\(?\d[\d.,]*\)?$/;
const CHOICE_TYPE = /^(?:checkbox|radio)$/i;

// Inline elements a sentence is made of: one named as furniture inside a paragraph's sentence stays.
const INLINE_PARTS = new Set(INLINE_PARTS_LIST);

/**
 * Characters of the parent's text (as it is now: namesakes before `el` may be gone already) outside
 * `el` and the parent's other children of `el`'s class, white space aside.
 */
function textBesideNamesakes(el: Element): number {
  const parent = el.parentElement!;
  const names = el.getAttribute("class") ?? "";
  const length = (node: Node) => (node.textContent ?? "").replace(/\s+/g, "").length;
  let text = length(parent);
  for (const child of Array.from(parent.children))
    if (child === el || (names && child.getAttribute("class") === names)) text -= length(child);
  return text;
}

// ---------------------------------------------------------------- boilerplate, after Readability

// Short blocks that are page furniture whatever the page: calls to action, section labels, gallery
// counters and the like. Matched against the whole text of a block of at most shortBlockMaxChars characters (thresholds.ts).
const FURNITURE_TEXT = new RegExp(
  [
    String.raw`^(?:advert(?:isement)?|ad|sponsored(?: content)?|skip to (?:main )?content|continue reading(?: below)?|read more|read next|related(?: (?:articles?|stories|content|posts?|coverage|reading|links?))?|more (?:on|from|about|in) .{0,60}|more (?:[\w'’-]+ ){0,3}(?:stories|articles|news|reads|videos|coverage|posts)\b.{0,40}|see (?:also|more)|don'?t miss|most (?:read|popular)|trending(?: now)?|recommended(?: for you)?|you (?:may|might) (?:also )?(?:like|enjoy)|(?:what )?others are reading|article continues (?:below|after (?:this )?(?:ad|advertisement))|pin (?:(?:this|it) )?for later|pin (?:this|it) here|follow|share(?: this)?(?: (?:article|story|post))?|comments?|\d+ comments?|leave a (?:comment|reply)|join the (?:conversation|discussion)|want more\b.{0,60}\?|like this (?:story|article|post)\?.{0,60}|(?:sign up|subscribe)\b.{0,120}|this (?:post|article|page) (?:may )?contains? affiliate.{0,120}|tags?|topics?|filed under|follow us|close|caption|image \d+ of \d+|\d+ of \d+|this slideshow requires javascript\.?|photo gallery)\s*[:.!…]*$`,
    String.raw`^(?:related|read more|read also|also read|see also|see more|more|watch|listen|recommended|don'?t miss|${READ_ALSO_WORDS}|mehr zum thema|zie ook|читайте также)(?: (?:posts?|articles?|stories|story|content|reading|links?|coverage))?\s*[:|»>-]`,
    // The same labels in the other languages most pages are in (de, fr, es, it, pt, nl, pl).
    String.raw`^(?:${AD_LABEL_WORDS}|mehr zum thema|auch interessant|(?:das )?(?:thema )?könnte (?:dich|sie|euch) auch interessieren|(?:ähnliche|verwandte) (?:beiträge|artikel)|\d* ?kommentare?|kommentar (?:schreiben|verfassen|abgeben)|schreibe(?:n sie)? einen kommentar|(?:artikel )?teilen|sharen mit|möchten sie (?:den|diesen) artikel teilen\?|nach oben|articles? (?:similaires|connexes|liés)|sur le même sujet|\d* ?commentaires?|laisser un commentaire|artículos relacionados|noticias relacionadas|(?:también )?te puede interesar|\d* ?comentarios?|deja (?:un comentario|una respuesta)|compartir|articoli correlati|\d* ?commenti|lascia un commento|artigos relacionados|\d* ?comentários|deixe (?:um comentário|uma resposta)|gerelateerde artikelen|\d* ?reacties|plaats een reactie|podobne artykuły|\d* ?komentarz[ey]?|zostaw komentarz)\s*[:.!…]*$`,
    // "Mehr zu Klima und Konsum", "Mehr über Empa", "Entdecke weitere Rezeptideen!": a label over more of the
    // site, as "More on …" above; not a sentence ("Mehr zu den Kosten sagte er nicht.").
    String.raw`^(?:mehr (?:zu|zum|zur|über|aus|von|vom) [^.!?]{1,60}|entdecke(?:n sie)? (?:jetzt|weitere|mehr)\b[^.!?]{0,40})[:!…]?$`,
    // A sharing or liking widget's label, in the words control-labels.ts reads on the Markdown's lines.
    String.raw`^(?:${SHARE_LABEL_WORDS})\s*[:.!…]*$`,
    // The label of a table of contents (its list of in-page links goes with it, as after other labels).
    String.raw`^(?:(?:table of )?contents|in this (?:article|post|guide|page)|on this page|jump to(?: section)?)\s*[:.↓]*$`,
    // The same label in the other languages most pages are in, and their "read also" labels.
    String.raw`^(?:inhaltsverzeichnis|table des matières|sommaire|tabla de contenidos?|índice|indice dei contenuti|sommario|índice de conteúdo|inhoudsopgave|inhoud|spis treści|(?:lesen sie|lies) auch|hier weiterlesen|ähnliche artikel(?: lesen)?|zobacz (?:też|także)|czytaj (?:też|także))\s*[:.↓]*$`,
    // "Updated 2 hours ago", "Published by Reuters"; not "Posted in the Army for years, he said".
    String.raw`^(?:published|updated|posted|last updated|first published|modified)\b(?=.*(?:\d|\bby\b|\bago\b)).{0,60}$`,
    String.raw`^(?:photo|image|picture|foto|video|credit|source|illustration)s?(?: credit)?s?\s*[:©]`,
    String.raw`\((?:photo|image|picture|credit|foto)s?\b[^()]{0,80}\)$`,
    String.raw`\bcredits?:\s*\S[^.!?]{0,60}$`,
  ].join("|"),
  "i",
);
// An e-mail address: a line holding one and little else ends an article (a contact card, "E-Mail: …").
// From the start of a run of its characters only, so that a long run with no "@" is read once.
const EMAIL_ADDRESS = /(?<![\w.+-])[\w.+-]+@[\w-]+\.[\w.]+/g;
// Text that ends an article on news sites: contact lines, promotions, copyright notices.
const TRAILER_TEXT =
  /\bif you (?:enjoyed|liked|value) (?:this|our)\b|\bcontributed to this (?:report|story|article)\b|^\(?(?:additional )?reporting by\b|\bediting by\b|^(?:follow|reach|contact) (?:the )?(?:reporters?|writers?|authors?|us|him|her|them|@?\w+(?: \w+)? (?:on|at|via))\b|^listen (?:to|back)\b|^more \w+(?: \w+)?:\s*https?:|\bfollow (?:us|him|her|me|them)\b|©|\ball rights reserved\b|^copyright\b|^citation\b|\bthis (?:document|article|story) is subject to copyright\b|\bsign up for\b|\bsubscribe to\b|\bnewsletters?\b|\bhave a (?:news )?tip\b/i;
// Month names of the languages most pages are in (de, fr, es, it, pt; English ones are DATE_WORDS'),
// then the weekday names (page-date.ts WEEKDAY_NAMES, Portuguese ones here: "segunda-feira") and date
// filler words, so that "segunda-feira, 22 de janeiro de 2018 às 0:13" is recognised as only a date.
const FOREIGN_MONTHS =
  "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|febrero|marzo|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|janeiro|fevereiro|março|abril|maio|junho|julho|setembro|outubro|dezembro";
const DATE_FILLER =
  "april|august|segunda|terça|quarta|quinta|sexta|feira|de|del|às|um|uhr|le|à|el|il|em|publicado|publié|veröffentlicht|pubblicato|aktualisiert|actualizado|atualizado";
const DATE_WORDS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|am|pm|a\.m\.|p\.m\.|[ecmp][sd]t|gmt|utc|bst|cet|published|updated|posted|on|at|by|and|last|ago|hours?|minutes?|days?)\b|\d+/gi;
const FOREIGN_DATE_WORDS = new RegExp(String.raw`(?<![\p{L}])(?:${FOREIGN_MONTHS}|${DATE_FILLER}|${WEEKDAY_NAMES})(?![\p{L}])`, "giu");
const FOREIGN_MONTH = new RegExp(String.raw`(?<![\p{L}])(?:${FOREIGN_MONTHS})(?![\p{L}])`, "iu");

const BLOCK_TAGS = new Set([
  "P",
  "DIV",
  "SECTION",
  "UL",
  "OL",
  "LI",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "BLOCKQUOTE",
  "FIGURE",
  "TABLE",
  "DL",
]);
const LEAF_BLOCK_TAGS = new Set(["P", "DIV", "LI", "H2", "H3", "H4", "H5", "H6"]);

export function normalize(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/**
 * Visits the blocks under `root` in document order and removes those `condemn` returns true for
 * (without visiting inside them); blocks `spare` returns true for are kept whole, unvisited. `stats`
 * are measured once before the walk.
 */
function removeBlocks(root: Element, condemn: (el: Element, s: ElementStats, stats: Stats) => boolean, spare?: (el: Element) => boolean) {
  const stats = measure(root);
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; ) {
      const next = el.nextElementSibling;
      const s = stats.get(el);
      if (s && BLOCK_TAGS.has(el.nodeName) && condemn(el, s, stats)) el.remove();
      else if (!spare?.(el)) visit(el);
      el = next;
    }
  };
  visit(root);
}

const REAL_DATE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?\s*\d|\d\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b|\b\d{1,2}:\d{2}/i;

/**
 * Whether a line at the end of an article is a contact card: an e-mail address with fewer than
 * trailerContactMaxWords other words ("Dr. Jane Roe, Institute of Physics, E-Mail: …"). A sentence that
 * names an address ("Further information from Anne Roe at the council, 02382 59743, roe@…") is the
 * article's own.
 */
function contactLine(text: string): boolean {
  if (!text.includes("@")) return false;
  const rest = text.replace(EMAIL_ADDRESS, " ");
  if (rest === text) return false; // an "@" but no address
  return words(rest).length < THRESHOLDS.trailerContactMaxWords;
}

/** A line that names its writer and nothing else ("By Emma Fromberg"). */
function byLine(text: string): boolean {
  return (
    text.length <= THRESHOLDS.byLineBlockMaxChars &&
    /^by:?\s+\S/i.test(text) &&
    text.split(/\s+/).length <= THRESHOLDS.byLineBlockMaxWords &&
    !/[.!?]$/.test(text)
  );
}

/**
 * Whether the result's "By …" lines are its items' credits (a library's list of books, each by its
 * writer), not a byline: at least listedAuthorsMinRepeats of them, in blocks of their own.
 */
function creditLines(content: Element): boolean {
  let n = 0;
  // The last line counted: an element inside it (a <span> in the <p>) is the same line.
  let counted: Element | null = null;
  for (const el of Array.from(content.querySelectorAll("p, div, span, li"))) {
    const first = el.firstElementChild;
    if (first && first.nodeName !== "STRONG" && first.nodeName !== "B" && first.nodeName !== "EM") continue;
    if (counted?.contains(el)) continue;
    const text = el.textContent ?? "";
    if (text.length > THRESHOLDS.creditLineMaxChars || !byLine(normalize(text))) continue;
    counted = el;
    if (++n >= THRESHOLDS.listedAuthorsMinRepeats) return true;
  }
  return false;
}

/**
 * A short line that is only a date, time and words like "Updated", or only a byline (not an item's
 * credit: `credits` says whether the result's "By" lines are, asked only of such a line).
 */
function isDateOrBylineLine(text: string, byline: string | null, credits: () => boolean = () => false): boolean {
  if (text.length > THRESHOLDS.byLineBlockMaxChars) return false;
  if (byline && text.replace(/^by:?\s+/i, "").toLowerCase() === byline.toLowerCase()) return true;
  if (byLine(text) && !credits()) return true;
  if (!REAL_DATE.test(text) && !(FOREIGN_MONTH.test(text) && /\d/.test(text))) return false;
  const rest = text
    .replace(DATE_WORDS, " ")
    .replace(FOREIGN_DATE_WORDS, " ")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
  return rest.split(/\s+/).filter(Boolean).length <= 1;
}

/**
 * An icon rather than a picture: an image declared at most iconMaxPx on both sides, or an SVG file (a
 * checkmark, a feature symbol). A line beside an icon is its label (a plan's "1 Adult" row), not a caption.
 */
function isIcon(el: Element): boolean {
  const img = el.nodeName === "IMG" ? el : el.querySelector("img");
  if (!img) return false;
  const width = Number(img.getAttribute("width"));
  const height = Number(img.getAttribute("height"));
  if (width > 0 && height > 0 && width <= THRESHOLDS.iconMaxPx && height <= THRESHOLDS.iconMaxPx) return true;
  return /\.svg(?:[?#]|$)/i.test(img.getAttribute("src") ?? "");
}

/**
 * Whether the blocks beside an image are a card's title and blurb (a feature, a plan, a step): a
 * heading that is not a link (a linked one titles a teaser or a member's panel) and a sentence of text
 * besides it. A caption has no heading; a product card's title has a price, not a sentence, beside it.
 */
function titledCard(rest: Element[], stats: Stats): boolean {
  const headings = rest.flatMap((c) => (HEADING_ELEMENTS.has(c.nodeName) ? [c] : descendants(c, (d) => HEADING_ELEMENTS.has(d.nodeName))));
  if (!headings.some((h) => !stats.get(h)?.link)) return false;
  const headingText = headings.reduce((n, h) => n + (stats.get(h)?.text ?? 0), 0);
  const restText = rest.reduce((n, c) => n + (stats.get(c)?.text ?? 0), 0);
  return restText - headingText >= THRESHOLDS.cardBlurbMinText && rest.some((c) => /[.!?]\s*$/.test(normalize(c.textContent)));
}

/**
 * Captions and credits that are not marked as such: the text inside a <figure> that holds an image,
 * and a short text that shares a small container with nothing but an image, unless (with
 * `titledCards`) a heading and a sentence make it a card. Only on pages declaring one article: there
 * Readability's result is final, while elsewhere the region rules (region.ts, sections.ts) read the
 * cards and their bounds weigh Readability's words as measured without them.
 * Titled cards, WCXB word-F1 summed over the pages that change, tuning / check part: service +0.102 / 0,
 * article -0.009 / +0.042 (whole set service 0.849 -> 0.850). On every page it cost service -0.199 on
 * undeclared pages (two landing pages crossed the sections rule's bounds), and before linked headings
 * and a sentence were required, a forum page 0.98 -> 0.47 (members' panels kept beside their avatars).
 */
function removeCaptions(content: Element, titledCards: boolean, held?: HeldCard[]) {
  const stats = measure(content);
  for (const figure of descendants(content, (el) => el.nodeName === "FIGURE")) {
    if (!stats.get(figure)?.media || descendants(figure, (d) => ["BLOCKQUOTE", "TABLE", "PRE", "UL", "OL"].includes(d.nodeName)).length)
      continue;
    const strip = (parent: Element) => {
      for (let c = parent.firstChild; c; ) {
        const next = c.nextSibling;
        if (c.nodeType === 1) {
          if (!stats.get(c as Element)?.media) c.remove();
          else if (!MEDIA_TAGS.has(c.nodeName)) strip(c as Element);
        } else if (c.nodeType === 3) {
          c.remove();
        }
        c = next;
      }
    };
    strip(figure);
  }
  for (const box of descendants(content, (el) => el.nodeName === "DIV" || el.nodeName === "P")) {
    const children = Array.from(box.children);
    if (children.length < 2) continue;
    const media = children.filter((c) => stats.get(c)?.media && !stats.get(c)?.text);
    if (media.length !== 1) continue;
    if (isIcon(media[0]!)) continue;
    const rest = children.filter((c) => c !== media[0]);
    const restText = rest.reduce((n, c) => n + (stats.get(c)?.text ?? 0), 0);
    const looseText = Array.from(box.childNodes).some((n) => n.nodeType === 3 && (n as Text).data.trim());
    if (!looseText && restText > 0 && restText < THRESHOLDS.captionMaxChars && rest.every((c) => !stats.get(c)?.media)) {
      const card = (titledCards || held !== undefined) && titledCard(rest, stats);
      if (titledCards && card) continue;
      if (card) held?.push({ box, parts: rest.map((el) => ({ el, before: el.nextSibling })) });
      for (const c of rest) c.remove();
    }
  }
}

/**
 * A list the sentence before it announces ("For more information, see:", "The module provides the
 * following classes:") finishes that sentence: its links are what the text points to, not a list of
 * other stories. A label such as "Related:" is not a sentence and does not count (FURNITURE_TEXT).
 */
function announcedList(list: Element, otherStories = true): boolean {
  if (list.nodeName !== "UL" && list.nodeName !== "OL") return false;
  const before = list.previousElementSibling;
  if (before?.nodeName !== "P") return false;
  const text = normalize(before.textContent);
  return (
    text.endsWith(":") &&
    text.split(" ").length >= THRESHOLDS.announcingSentenceWords &&
    !FURNITURE_TEXT.test(text) &&
    !(otherStories && OTHER_STORIES_SENTENCE.test(text))
  );
}

// A sentence announcing the site's other stories rather than the text's own list ("If you liked this post
// you might also like:", "Other people considering a career in consulting found the following pages
// helpful:", "Related articles from our blog:", "check out some of our other popular gear guides:").
const OTHER_STORIES_SENTENCE =
  /\b(?:you (?:may|might|will|would) (?:also )?(?:like|love|enjoy|be interested in)|related (?:articles?|posts?|stories|reads|reading|content|guides?)|(?:our|my) other (?:\w+ ){0,2}(?:articles?|posts?|stories|guides?|reviews?)|(?:other|more|similar) (?:\w+ ){0,2}(?:articles?|posts?|stories|guides?|reviews?) (?:you|from|on|like)|found the following (?:\w+ )?(?:pages?|articles?|posts?|resources?) (?:helpful|useful|interesting)|(?:further|more|recommended) reading)\b/i;

// Headings over lists of other stories, sources and links out, which a text's own link lists are not.
const LINKS_OUT_HEADING =
  /\b(?:related|more|popular|latest|recent|trending|recommended|see also|read|share|follow|tags?|categor|sources?|references?|bibliography|citations?|footnotes|notes|external links|further|links|resources)/i;

/**
 * Whether a list (its statistics `s`) holds most of the content's text (at least wholeListMinShare of it, and
 * wholeListMinChars): a post that is a roundup of links, one per item with its source, is that list, and
 * a result without it would be its title alone.
 */
function holdsTheText(s: ElementStats, stats: Stats, content: Element): boolean {
  const total = stats.get(content)?.text ?? 0;
  return s.text >= THRESHOLDS.wholeListMinChars && s.text >= total * THRESHOLDS.wholeListMinShare;
}

/**
 * A list of links whose items say more than their links (a directory's phone numbers, a course's
 * rating, a reference's publisher): at least two items and half of them with listItemMinOwnChars
 * characters of their own. A list of other stories or a menu is its links alone.
 */
function describedItems(list: Element, items: number): boolean {
  if (items < 2) return false;
  let described = 0;
  for (let item = list.firstElementChild; item; item = item.nextElementSibling) {
    if (item.nodeName !== "LI") continue; // `items` counts the list's items only
    const own = normalize(unlinkedText(item));
    if (own.length >= THRESHOLDS.listItemMinOwnChars && !(own.length <= THRESHOLDS.priceOnlyMaxChars && PRICE_ONLY.test(own))) described++;
  }
  return described * 2 >= items;
}

// A price alone beside a link ("$635,000") is a teaser's or a shop card's, not a description.
// regex-linear: texts of at most priceOnlyMaxChars (40) characters (describedItems)
const PRICE_ONLY = /^[^\p{L}\d]*[$€£¥₹]\s?[\d.,]+[^\p{L}\d]*$/u;

/** The text of `el` outside its links. */
function unlinkedText(el: Element): string {
  let out = "";
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) out += (c as Text).data;
    else if (c.nodeType === 1 && c.nodeName !== "A") out += ` ${unlinkedText(c as Element)} `;
  }
  return out;
}

/**
 * Where `list` stands among the blocks of its section: in the place of a box that holds it and nothing
 * else when nothing comes before it in the box (a list set in columns, `<div class="cols"><ul>`).
 */
function listPlace(list: Element): Element {
  const box = list.parentElement;
  if (shownBefore(list) || box?.nodeName !== "DIV" || box.childElementCount !== 1) return list;
  return normalize(box.textContent) === normalize(list.textContent) ? box : list;
}

/** The element before `el` that a reader sees: a style sheet's <link> or a <style> between a heading and its list is none. */
function shownBefore(el: Element): Element | null {
  let before = el.previousElementSibling;
  while (before && (UNSEEN.has(before.nodeName) || before.nodeName === "LINK")) before = before.previousElementSibling;
  return before;
}

/**
 * A link list right under a heading of the text ("Feature engineering", "Creating types from types"),
 * or after the section's one short introduction (introducesList), is that section's content: a
 * documentation hub's or tutorial's index of its parts. Other stories,
 * sources and links out come under headings that say so ("Related posts", "Sources", "Further
 * reading"), and a furniture label is no title (FURNITURE_TEXT).
 */
function titledList(list: Element): boolean {
  if (list.nodeName !== "UL" && list.nodeName !== "OL") return false;
  let before = shownBefore(listPlace(list));
  // The section's one short paragraph of prose may come between its heading and its list of parts
  // (not a directory of dozens of entries).
  if (before && introducesList(before) && list.children.length <= THRESHOLDS.listIntroMaxItems) before = shownBefore(before);
  if (!before || !HEADING_ELEMENTS.has(before.nodeName) || before.nodeName === "H1") return false;
  const title = normalize(before.textContent);
  return title !== "" && !FURNITURE_TEXT.test(title) && !LINKS_OUT_HEADING.test(title);
}

/**
 * A heading that says only "See also" ends a manual's or wiki's page with its pointers to the
 * neighbouring pages, which the text counts as its own; other stories come under "Related posts",
 * "More from" and the like, and a "See also:" label in a line of text is still furniture.
 */
function seeAlsoHeading(el: Element | null): boolean {
  return el !== null && HEADING_ELEMENTS.has(el.nodeName) && el.nodeName !== "H1" && SEE_ALSO_TITLE.test(normalize(el.textContent));
}

/** `el` when it is a heading, or the one heading a wrapper holds and nothing else (a wiki's "mw-heading" <div>). */
function headingOf(el: Element | null): Element | null {
  if (!el || HEADING_ELEMENTS.has(el.nodeName)) return el;
  const only = el.firstElementChild;
  if (!only || only.nextElementSibling || !HEADING_ELEMENTS.has(only.nodeName)) return null;
  return normalize(el.textContent) === normalize(only.textContent) ? only : null;
}
const SEE_ALSO_TITLE = /^see also$/i;

/**
 * A section heading drawn as a link to an anchor of the page (its own "#installation" permalink, or the
 * page's address with the heading's own id, "/guide#anchor-3") titles its section: it is no link-only
 * line. A heading linking to another page (a teaser's title, a listicle's shop) is left to the rules on
 * links, and so is a bare "#", a script's control.
 * Measured on the tuning pages before it was built: of the headings Readability kept and the clean-up
 * removed, those linking only to anchors held 1,397 characters of ground-truth text on 10 pages
 * against 70 of other text on 2.
 */
function anchorHeading(el: Element): boolean {
  const heading = headingOf(el);
  if (!heading || heading.nodeName === "H1") return false;
  const links = Array.from(heading.getElementsByTagName("a"));
  const around = heading.parentElement?.closest("a");
  if (around) links.push(around);
  const ownIds = new Set([heading.getAttribute("id"), ...links.map((a) => a.getAttribute("id"))].filter(Boolean));
  return links.length > 0 && links.every((a) => ownAnchor(a.getAttribute("href") ?? "", ownIds));
}

/** An in-page anchor ("#usage"), or a full address whose fragment names the heading or its link ("/guide#anchor-3" on an id="anchor-3"). */
function ownAnchor(href: string, ownIds: ReadonlySet<string | null>): boolean {
  if (/^#./.test(href)) return true;
  const hash = href.indexOf("#");
  return hash >= 0 && ownIds.has(href.slice(hash + 1));
}

/**
 * On a page declaring one article, a heading whose links all lead to other sites names its section's
 * subject (a trail, a shop, a tool the article reviews): it is no link-only line. A site's own teasers
 * and related stories link within the site, and pages not declaring an article (a link aggregator's
 * list of stories) are left to the rules on links.
 * Measured on the tuning pages before it was built: of the headings Readability kept and the clean-up
 * removed, those linking only to other sites held 357 characters of ground-truth text on 5 declared
 * articles and none of other text (15 such headings of other text were on one aggregator declaring none).
 */
function externalHeading(el: Element, host: string): boolean {
  const heading = headingOf(el);
  if (!heading || heading.nodeName === "H1") return false;
  const links = Array.from(heading.getElementsByTagName("a"));
  const around = heading.parentElement?.closest("a");
  if (around) links.push(around);
  return links.length > 0 && links.every((a) => otherSite(a.getAttribute("href") ?? "", host));
}

/** The host of `url` without "www.", or "" when it is no absolute address. */
function hostOf(url: string): string {
  if (!/^(?:https?:)?\/\//i.test(url)) return "";
  try {
    return new URL(url, "https://invalid.invalid/").host.toLowerCase().replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** Whether `href` is an absolute address on another site than `host` (a subdomain of either is the same site). */
function otherSite(href: string, host: string): boolean {
  const other = hostOf(href);
  return other !== "" && other !== host && !other.endsWith(`.${host}`) && !host.endsWith(`.${other}`);
}

const ENTRY_NUMBER = /^\d{1,3}[.)]\s+\S/;

/**
 * A heading numbered outside its link ("3. <a>Blue Moving</a>") is an entry of the article's ranking,
 * the link naming the entry's shop or product: it is no link-only line. A heading whose number is
 * inside the link, or that has none, is left to the rules on links.
 * Measured on the tuning pages before it was built: of the headings Readability kept and the clean-up
 * removed, those numbered outside their link held 1,480 characters of ground-truth text on 7 pages
 * against 62 of other text on 1.
 */
function numberedHeading(el: Element): boolean {
  const heading = headingOf(el);
  if (!heading || heading.nodeName === "H1" || heading.parentElement?.closest("a")) return false;
  if (!ENTRY_NUMBER.test(normalize(heading.textContent))) return false;
  const links = Array.from(heading.getElementsByTagName("a"));
  return links.length > 0 && !links.some((a) => /^\d/.test(normalize(a.textContent)));
}

/**
 * A paragraph of prose short enough to introduce the list after it under a heading ("A model that
 * makes decisions by asking a series of simple questions."): a sentence of its own, not links.
 */
function introducesList(el: Element): boolean {
  if (el.nodeName !== "P" || headingOf(el)) return false;
  const text = normalize(el.textContent);
  if (!text || text.length > THRESHOLDS.listIntroMaxText) return false;
  let link = 0;
  for (const a of Array.from(el.getElementsByTagName("a"))) link += normalize(a.textContent).length;
  return link <= text.length * THRESHOLDS.listIntroMaxLinkShare;
}

const HEADING_SUMMARY_TAGS = new Set(["P", "DIV"]);

/**
 * A heading that is one link, with a paragraph of its own right after it that is not links: a
 * documentation hub's entry ("Using workflow templates", then what that page teaches). The heading
 * is the entry's title; a link-only line with no text of its own after it still goes.
 */
function describedHeading(el: Element, stats: Stats): boolean {
  if (!HEADING_ELEMENTS.has(el.nodeName)) return false;
  let next = el.nextElementSibling;
  // A credit line between the title and its blurb ("By Emma Fromberg") is the item's too; a long block's
  // text is not read for one.
  const credit = next && stats.get(next);
  if (next && credit && credit.text <= THRESHOLDS.creditLineMaxChars && byLine(normalize(next.textContent))) next = next.nextElementSibling;
  const n = next && stats.get(next);
  if (!next || !n || !HEADING_SUMMARY_TAGS.has(next.nodeName)) return false;
  return n.text >= THRESHOLDS.describedLinkMinText && n.link <= n.text * THRESHOLDS.describedLinkMaxLinkShare;
}

/**
 * A titled card's heading and blurb taken from beside its picture, with where they stood: put back by
 * restoreHeldCards once the pipeline has chosen its candidate.
 */
export interface HeldCard {
  box: Element;
  parts: { el: Element; before: Node | null }[];
}

/**
 * Puts the held cards' parts back in their boxes (those still in `content`), each before the node that
 * followed it; returns how many cards came back.
 */
export function restoreHeldCards(content: Element, held: HeldCard[]): number {
  let restored = 0;
  for (const { box, parts } of held) {
    if (!content.contains(box)) continue;
    // Last part first, so each part's following node (possibly a later part) is back in place.
    for (const { el, before } of [...parts].reverse()) box.insertBefore(el, before && before.parentNode === box ? before : null);
    restored++;
  }
  return restored;
}

/** Which of cleanArticle's keeping rules apply (each on unless false; rules.ts names them). */
export interface CleaningOptions {
  announcedLists?: boolean;
  /** Whether a sentence announcing the site's other stories ("You might also like:") keeps no list (announcedList). */
  otherStoryLists?: boolean;
  titledCards?: boolean;
  /**
   * Where titled cards go when `titledCards` is off (a page not declaring one article): removed like
   * captions, so the candidates are weighed without them, and recorded here to be put back
   * (restoreHeldCards) when Readability's result is the content.
   */
  heldCards?: HeldCard[];
  titledLists?: boolean;
  describedLists?: boolean;
  /** Whether a link list holding most of the text is kept (holdsTheText): a roundup of links is the post. */
  wholeLists?: boolean;
  describedLinks?: boolean;
  seeAlsoSections?: boolean;
  anchorHeadings?: boolean;
  numberedHeadings?: boolean;
  /** Whether a link-only block naming each item's author (listedAuthor) stays: rule listed-authors. */
  listedAuthors?: boolean;
  /** Whether a link line holding a long link over a line break (linkedLines: annotated lyrics) stays: rule linked-lines. */
  linkedLines?: boolean;
  /**
   * The page's address, on a page declaring one article: a heading linking only to other sites names
   * its section's subject (externalHeading). Unset elsewhere.
   */
  articleUrl?: string;
}

/**
 * Whether a link of at least linesLinkMinChars characters holds a line break with words of the link on
 * both sides ("sorrow<br>I never meant"), among its own children: one pass over them, so a link of
 * thousands of breaks costs no more than their count.
 */
function linkedLines(link: Element): boolean {
  if ((link.textContent ?? "").replace(/\s+/g, " ").trim().length < THRESHOLDS.linesLinkMinChars) return false;
  let wordsBefore = false;
  let broken = false;
  for (let n = link.firstChild; n; n = n.nextSibling) {
    if (n.nodeName === "BR") broken = wordsBefore;
    else if (/[\p{L}\p{N}]/u.test(n.textContent ?? "")) {
      if (broken) return true;
      wordsBefore = true;
    }
  }
  return false;
}

export function cleanArticle(content: Element, meta: { byline: string | null }, options: CleaningOptions = {}) {
  const articleHost = options.articleUrl ? hostOf(options.articleUrl) : "";
  const seeAlso = options.seeAlsoSections !== false;
  const otherStories = options.otherStoryLists !== false;
  const sentenced = options.announcedLists === false ? () => false : (list: Element) => announcedList(list, otherStories);
  const titled = options.titledLists === false ? () => false : titledList;
  const describedLists = options.describedLists !== false;
  const wholeLists = options.wholeLists !== false;
  const wholes = new Set<Element>();
  // The block after a "See also" heading is that section's (a list, a paragraph of links).
  const seeAlsoSection = (el: Element) => seeAlso && seeAlsoHeading(headingOf(el.previousElementSibling));
  const announced = (el: Element) => sentenced(el) || titled(el) || seeAlsoSection(el);
  // Calls to action drawn as buttons and skip links, as in the region (region.ts).
  removeButtonLinks(content);
  // Class names naming an author in the result, and how often each is set (listedAuthor), counted once.
  let authorClasses: Map<string, number> | undefined;
  const listedAuthorLine = (el: Element) => {
    if (options.listedAuthors === false || !AUTHOR_SUBSTRING.test(el.getAttribute("class") ?? "")) return false;
    if (!authorClasses) {
      authorClasses = new Map();
      for (const under of elementsUnder(content)) tallyAuthorClass(authorClasses, under);
    }
    return listedAuthor(el, authorClasses, undefined, true);
  };
  // Link lists (related stories, breadcrumbs, tag lists) and link-only lines ("SEE MORE: …").
  removeBlocks(
    content,
    (el, s, stats) => {
      if (!s.text) return false;
      const linkShare = s.link / s.text;
      if (el.nodeName === "UL" || el.nodeName === "OL") {
        let items = 0;
        for (let c = el.firstElementChild; c; c = c.nextElementSibling) if (c.nodeName === "LI") items++;
        if (wholeLists && holdsTheText(s, stats, content)) {
          wholes.add(el);
          return false;
        }
        return (
          items > 0 &&
          linkShare >= THRESHOLDS.linkListMinShare &&
          s.text / items < THRESHOLDS.linkListItemMaxChars &&
          !announced(el) &&
          !(describedLists && describedItems(el, items))
        );
      }
      const linkOnly =
        ((linkShare >= THRESHOLDS.linkLineMinShare && s.text < THRESHOLDS.shortBlockMaxChars) ||
          (linkShare >= THRESHOLDS.linkBlockMinShare && s.text < THRESHOLDS.linkBlockMaxChars)) &&
        !s.media;
      // The exceptions below read the block's heading and links: asked only of a link-only block.
      if (!linkOnly) return false;
      // Lines of text set as links (a song's annotated lyrics, a poem's glossed verses): a long link whose
      // words run on over a line break is text, where a link line's links are short titles.
      if (options.linkedLines !== false && el.querySelector("a br") && Array.from(el.getElementsByTagName("a")).some(linkedLines))
        return false;
      // The box of columns a titled list is set in stays, and the list in it (titledList).
      const only = el.nodeName === "DIV" && el.childElementCount === 1 ? el.firstElementChild! : null;
      if (only && listPlace(only) === el && titled(only)) return false;
      if (options.describedLinks !== false && describedHeading(el, stats)) return false;
      // A "See also" heading drawn as a link to its own anchor still titles its section, and a block
      // it opens or that follows it is that section.
      if (seeAlso && (seeAlsoHeading(headingOf(el)) || seeAlsoHeading(headingOf(el.firstElementChild)) || seeAlsoSection(el))) return false;
      if (options.anchorHeadings !== false && anchorHeading(el)) return false;
      if (options.numberedHeadings !== false && numberedHeading(el)) return false;
      // An item's author drawn as a link ("by [Suzanne Collins](…)") is the item's, as in prepareDocument.
      if (s.text <= THRESHOLDS.bylineNameMaxChars && listedAuthorLine(el)) return false;
      return !(articleHost && externalHeading(el, articleHost));
    },
    // A list kept whole keeps its items too, each of which is a link-only line.
    (el) => announced(el) || wholes.has(el),
  );

  // Teasers of other stories: three or more short <article> elements. (The article itself is long,
  // and pages that cut one story into several <article> sections have long sections.)
  const stats = measure(content);
  const teasers = descendants(content, (el) => el.nodeName === "ARTICLE").filter((a) => {
    const s = stats.get(a);
    return s !== undefined && s.text < THRESHOLDS.teaserArticleMaxChars && !descendants(a, (d) => d.nodeName === "ARTICLE").length;
  });
  if (teasers.length >= THRESHOLDS.teaserArticlesMin) for (const a of teasers) a.remove();

  // Furniture lines, captions and credits, datelines and bylines. A label such as "More Great
  // Stories" takes the list of links after it along. "By …" lines set on several items are the items'.
  // Read once, when the first such line is met: most results hold none.
  let creditsRead: boolean | undefined;
  const credits = () => (creditsRead ??= options.listedAuthors !== false && creditLines(content));
  removeBlocks(content, (el, s, all) => {
    if (!s.text || s.text > THRESHOLDS.shortBlockMaxChars) return false;
    const text = normalize(el.textContent);
    if (FURNITURE_TEXT.test(text) && !(seeAlso && seeAlsoHeading(headingOf(el)))) {
      const next = el.nextElementSibling;
      const n = next && all.get(next);
      if (next && n && (next.nodeName === "UL" || next.nodeName === "OL") && n.link >= n.text * THRESHOLDS.labelledListMinLinkShare)
        next.remove();
      return true;
    }
    return isDateOrBylineLine(text, meta.byline, credits);
  });

  removeCaptions(content, options.titledCards === true, options.heldCards);

  // Contact lines, promotions and notices at the end of the article.
  const leaves = descendants(
    content,
    (el) =>
      LEAF_BLOCK_TAGS.has(el.nodeName) && !descendants(el, (d) => d.nodeName === "P" || d.nodeName === "DIV" || d.nodeName === "LI").length,
  ).filter((el) => normalize(el.textContent));
  for (let i = leaves.length - 1; i >= Math.max(0, leaves.length - THRESHOLDS.trailerMaxBlocks); i--) {
    const text = normalize(leaves[i]!.textContent);
    if (text.length > THRESHOLDS.trailerMaxChars || !(TRAILER_TEXT.test(text) || contactLine(text))) break;
    leaves[i]!.remove();
  }

  // Containers left empty.
  const after = measure(content);
  for (const el of descendants(content, (d) => BLOCK_TAGS.has(d.nodeName)).reverse()) {
    const s = after.get(el);
    if (s && !s.text && !s.media && el.nodeName !== "TABLE") el.remove();
  }
}
