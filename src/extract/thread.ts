/**
 * The thread rule: a forum thread, a Q&A page or a comment-only discussion comes back as every post,
 * in order, each with its author and date line and its message, and without the furniture each post
 * carries (user-info panels, signatures' neighbours, reply/quote/like controls, "Click to expand").
 *
 * Posts are found by two generic signals, read on the page as parsed (before the boilerplate rules and
 * Readability change it, and before the region's furniture rules drop the <form> many forums wrap their
 * posts in):
 * - microdata: items typed as a post (schema.org Comment, DiscussionForumPosting, Answer, Question,
 *   SocialMediaPosting, UserComments) with their own message property (text, articleBody, commentText),
 *   their author (itemprop=author) and their date (datePublished, dateCreated, commentTime);
 * - structure: sibling elements of one shape (tag and classes) that each carry a date (<time>,
 *   [datetime]): the message of each is the part at the same place in every post that holds the most
 *   text and no date (threadBody()), the author the first short profile or author link before it.
 *
 * html-to-article.ts takes the thread over the other candidates when both hold the same text (one
 * contains most of the other's words: Readability kept one post, or the whole thread with its
 * furniture) and the thread is not a small part of a larger text (comments under an article). The
 * numbers are in thresholds.ts.
 */
import { collapseLinkCards } from "./link-cards.ts";
import { jsonLdNodes, types } from "./metadata.ts";
import { INLINE_ELEMENTS } from "./dom-walk.ts";
import { isHidden as hiddenElement, textLength } from "./region.ts";
import { SCREEN_READER_ONLY } from "./screen-reader.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { trimEndUnless } from "./trim.ts";
import { wordCount } from "./words.ts";

/** One post of a thread: its header (author, date) and its message. */
export interface Post {
  /** The post's element (its item or its sibling in the series). */
  root: Element;
  author: string | null;
  date: string | null;
  /** The message element (in the parsed page; cloned when the thread element is built). */
  body: Element;
  /** Found by structure on dates printed as text (the page has no <time> or [datetime]). */
  printed?: boolean;
}

export interface Thread {
  /** How the posts were found. */
  source: "microdata" | "structure";
  /** The page declares a discussion (declaresDiscussion()). */
  discussion: boolean;
  /** Distinct authors named in the posts. */
  authors: number;
  /** The page's declared posting states a text (JSON-LD text/articleBody) that the first post's message holds. */
  opens: boolean;
  /** No post is marked up and the posts were found on printed dates (Post.printed): weaker evidence. */
  printed: boolean;
  posts: Post[];
  /** The thread as one element, built from clones: title, then each post's header line and message. */
  element: Element;
  /** The cleaned messages (inside `element`), without header lines: what the thread's text is compared by. */
  messages: Element[];
}

// schema.org types of one post of a discussion (not Review: a product's reviews are not its content).
const POST_TYPE = /(?:^|[/#:])(?:Comment|DiscussionForumPosting|Answer|Question|SocialMediaPosting|UserComments)$/;
const TEXT_PROPS = new Set(["text", "articleBody", "commentText"]);
const DATE_PROPS = new Set(["datePublished", "dateCreated", "commentTime"]);
const PROFILE_HREF =
  /\/(?:users?|members?|profiles?|u|authors?|people|accounts?)\/|[?&](?:u|user|userid|member|profile)=|\/(?:users?|members?|profile)\.php|\/~[\w.-]+\/?(?:$|[?#])/i;
const USER_NAME = /(?:^|[\s_-])(?:user|member)(?:$|[\s_-])/i;
const AUTHOR_DATA = ["data-author", "data-username", "data-user-name", "data-poster"];
const AUTHOR_NAME = /(?:^|[\s_-])(?:author|username|user-?name|poster|postername|nickname)(?:$|[\s_-])/i;

/** Elements that are never part of a post's message: controls, scripts, hidden parts. */
const POST_FURNITURE = new Set([
  "SCRIPT",
  "STYLE",
  "TEMPLATE",
  "BUTTON",
  "INPUT",
  "SELECT",
  "TEXTAREA",
  "NAV",
  "MENU",
  "FORM",
  "DIALOG",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "CANVAS",
  "svg",
  "SVG",
]);
const FURNITURE_ROLES = new Set(["button", "navigation", "toolbar", "menu", "menubar", "dialog", "tooltip", "tablist"]);

function itemTypes(el: Element): string[] {
  return (el.getAttribute("itemtype") ?? "").split(/\s+/).filter(Boolean);
}

function isPostItem(el: Element): boolean {
  return el.hasAttribute("itemscope") && itemTypes(el).some((t) => POST_TYPE.test(t));
}

const FAQ_TYPE = /(?:^|[/#:])FAQPage$/;

/**
 * Whether an item sits in an FAQPage item: its questions and answers are the page's FAQ (the site's
 * own text, no author, no date), not the posts of a discussion.
 */
function inFaq(el: Element): boolean {
  for (let p = el.parentElement; p; p = p.parentElement)
    if (p.hasAttribute("itemscope") && itemTypes(p).some((t) => FAQ_TYPE.test(t))) return true;
  return false;
}

/** The item a property belongs to: the nearest ancestor with itemscope (not the element itself). */
function ownerItem(el: Element): Element | null {
  for (let p = el.parentElement; p; p = p.parentElement) if (p.hasAttribute("itemscope")) return p;
  return null;
}

function props(el: Element): string[] {
  return (el.getAttribute("itemprop") ?? "").split(/\s+/).filter(Boolean);
}

function squash(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The first `n` non-empty texts of an element, in document order, outside furniture and hidden parts:
 * a date's long form before its short one ("June 14, 2024" of "June 14, 20241 yr").
 */
function firstTexts(el: Element, n: number): string[] {
  const found: string[] = [];
  const walker = [el as Node];
  while (walker.length && found.length < n) {
    const node = walker.shift()!;
    if (node.nodeType === 3) {
      const t = squash((node as Text).data);
      if (t) found.push(t);
    } else if (node.nodeType === 1) {
      const e = node as Element;
      if (POST_FURNITURE.has(e.nodeName) || isHidden(e)) continue;
      walker.unshift(...Array.from(e.childNodes));
    }
  }
  return found;
}

// A date's first text that goes on in the next one: "11-29-2024," before its time, "March 5 at" before "9:03 AM".
const DATE_GOES_ON = /(?:[,–-]|\b(?:at|um|à|alle|om))$/i;

/** Hidden from the reader, a streamed render's unmoved segment too (region.ts isHidden). */
const isHidden = (el: Element) => hiddenElement(el, true);

/** A date element's visible text, else nothing (a <meta content> date is not shown on the page). */
function dateText(el: Element): string | null {
  const [first = "", next] = firstTexts(el, 2);
  // A date whose time is set in an element of its own ("11-29-2024, <span>09:03 AM</span>") is read whole.
  const t = next !== undefined && DATE_GOES_ON.test(first) ? `${first} ${next}` : first;
  // A date said relative to the day the page was drawn ("Today at 3:26 AM") whose element states the
  // day in its title ("Mar 5, 2026 at 3:26 AM"): the title, true on any day.
  const title = RELATIVE_DAY.test(t) ? squash(el.getAttribute("title")) : "";
  if (title && /\d/.test(title) && !RELATIVE_DAY.test(title) && title.length <= THRESHOLDS.threadHeaderMaxChars) return title;
  return t && t.length <= THRESHOLDS.threadHeaderMaxChars ? t : null;
}

// "Today at 3:26 AM", "Yesterday, 17:40": a day named relative to the page's day, which the forum's
// script prints as the date once the day is past. (A date printed "2 years ago" is the site's own way
// of printing it and goes from the header, relative-dates.ts: on WCXB's tuning part no ground truth
// holds the absolute date its title states, 0.996 -> 0.961 on one thread with it.)
const RELATIVE_DAY = /^(?:today|yesterday|heute|gestern|aujourd'hui|hier)\b/i;

function shortText(el: Element): string | null {
  const t = squash(el.textContent);
  return t && t.length <= THRESHOLDS.threadHeaderMaxChars ? t : null;
}

// ---------------------------------------------------------------- microdata posts

function microdataAuthor(post: Element): string | null {
  for (const el of Array.from(post.querySelectorAll("[itemprop]"))) {
    if (!props(el).includes("author") || ownerItem(el) !== post) continue;
    if (el.hasAttribute("itemscope")) {
      for (const name of Array.from(el.querySelectorAll("[itemprop]"))) {
        if (!props(name).includes("name") || ownerItem(name) !== el) continue;
        const t = shortText(name) ?? squash(name.getAttribute("content"));
        if (t) return t;
      }
    }
    const t = shortText(el) ?? squash(el.getAttribute("content"));
    if (t) return t;
  }
  return null;
}

/**
 * A class that hides its element whatever the style sheet says ("hide", "d-none"; the screen-reader
 * convention's names are screen-reader.ts's): a forum marks a post's date up for machines in a hidden
 * `<time class="hide">` beside the date it prints.
 */
const HIDING_CLASS = /(?:^|\s)(?:hide|hidden|d-none|is-hidden)(?:\s|$)/i;

function hiddenFromReader(el: Element): boolean {
  const name = el.getAttribute("class") ?? "";
  return isHidden(el) || HIDING_CLASS.test(name) || SCREEN_READER_ONLY.test(name);
}

function microdataDate(post: Element, body: Element): string | null {
  // A marked date hidden from the reader: the post's date is the one it prints beside it.
  let hidden = false;
  for (const el of Array.from(post.querySelectorAll("[itemprop]"))) {
    if (!props(el).some((p) => DATE_PROPS.has(p)) || ownerItem(el) !== post || body.contains(el)) continue;
    if (hiddenFromReader(el)) {
      hidden = true;
      continue;
    }
    const t = dateText(el);
    if (t) return t;
  }
  // The date property is often a <meta>; the page shows the date in a <time> of the post.
  for (const el of Array.from(post.getElementsByTagName("time"))) {
    if (body.contains(el) || ownerOfPostItem(el) !== post || hiddenFromReader(el)) continue;
    const t = dateText(el);
    if (t) return t;
  }
  return hidden ? structureDate(post, body, true) : null;
}

function ownerOfPostItem(el: Element): Element | null {
  for (let p = el.parentElement; p; p = p.parentElement) if (isPostItem(p)) return p;
  return null;
}

/** Posts marked up as schema.org items with their own message property, in document order. */
export function microdataPosts(doc: Document, messages?: Element[]): Post[] {
  const posts: Post[] = [];
  const seen = new Set<Element>();
  for (const el of messages ?? Array.from(doc.querySelectorAll("[itemprop]"))) {
    if (!props(el).some((p) => TEXT_PROPS.has(p))) continue;
    const post = ownerItem(el);
    if (!post || seen.has(post) || !isPostItem(post) || isRemark(post) || inFaq(post)) continue;
    const body = el.nodeName === "META" ? statedText(doc, el.getAttribute("content")) : el;
    if (!body || textLength(body, new Map()) === 0) continue;
    seen.add(post);
    // A post marked up without its author property names its author as an unmarked one does.
    const author = microdataAuthor(post) ?? structureAuthor(post, body);
    posts.push({ root: post, author, date: microdataDate(post, el), body });
  }
  return posts;
}

const QA_TYPE = /(?:^|[/#:])(?:Answer|Question)$/;

/**
 * A Comment inside a Question or an Answer: on a Q&A page (schema.org QAPage) the question and the
 * answers are the content, and the comments under each are remarks on it, not posts of the thread.
 */
function isRemark(post: Element): boolean {
  if (!itemTypes(post).some((t) => /(?:^|[/#:])Comment$/.test(t))) return false;
  for (let p = post.parentElement; p; p = p.parentElement)
    if (p.hasAttribute("itemscope") && itemTypes(p).some((t) => QA_TYPE.test(t))) return true;
  return false;
}

/** A message stated only in a <meta content> (the page shows it elsewhere, unmarked): its paragraphs. */
function statedText(doc: Document, text: string | null): Element | null {
  const paragraphs = (text ?? "")
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => squash(p))
    .filter(Boolean);
  if (!paragraphs.length) return null;
  const div = doc.createElement("div");
  for (const t of paragraphs) {
    const p = doc.createElement("p");
    p.textContent = t;
    div.append(p);
  }
  return div;
}

// ---------------------------------------------------------------- posts by structure

function shapeOf(el: Element): string {
  const classes = (el.getAttribute("class") ?? "").replace(/\d+/g, "").split(/\s+/).filter(Boolean).sort().join(" ");
  return `${el.nodeName} ${classes}`;
}

/**
 * The group of same-shaped siblings that carry a date (most of them) and hold the most text: the posts
 * of a thread that has no microdata, and whether their dates are printed ones (the page has fewer <time>
 * or [datetime] than a series needs: a page that has them marks its posts' dates so, and its printed
 * dates are other ones, a member's join date). Null when the page has no such group.
 */
export function datedSiblings(
  root: Element,
  scanned?: Scan,
  accept: (items: Element[]) => boolean = () => true,
): { items: Element[]; printed: boolean } | null {
  const cache = new Map<Element, number>();
  const found = scanned ?? dateElements(root);
  // Fewer <time>s than a series needs date no posts (a footer's "page built" time): the print may.
  const printed = found.machine.length < THRESHOLDS.threadMinPosts;
  const dated = ancestorsOf(root, printed ? found.printed : found.machine);
  let best: Element[] | null = null;
  let bestParent: Element | null = null;
  let bestText = 0;
  for (const { parent, items, text } of datedGroups(dated, cache)) {
    if (!accept(items)) continue;
    // On equal text the deeper series (the posts, not their one-post wrappers).
    if (text > bestText || (text === bestText && bestParent !== null && bestParent !== parent && bestParent.contains(parent))) {
      best = items;
      bestParent = parent;
      bestText = text;
    }
  }
  return best ? { items: withVariants(best, dated, cache), printed } : null;
}

/**
 * Every group of same-shaped siblings of which most carry a date (elements of `dated`, which holds the
 * dated elements and their ancestors), with the group's text length.
 */
function* datedGroups(dated: Set<Element>, cache: Map<Element, number>): Generator<{ parent: Element; items: Element[]; text: number }> {
  // Only a parent with two dated children of one shape can hold the series: the groups are found from
  // the dates up (each dated element is its parent's child), not by visiting every element of the page.
  const candidates = new Map<Element, Set<string>>();
  for (const el of dated) {
    const parent = el.parentElement;
    if (!parent) continue;
    const shapes = candidates.get(parent) ?? new Set<string>();
    shapes.add(shapeOf(el));
    candidates.set(parent, shapes);
  }
  for (const [parent, shapes] of candidates) {
    for (const shape of shapes) {
      const items: Element[] = [];
      for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
        if (shapeOf(el) === shape && textLength(el, cache) >= THRESHOLDS.repeatedItemMinChars) items.push(el);
      }
      if (items.length < THRESHOLDS.threadMinPosts) continue;
      const withDate = items.filter((item) => dated.has(item)).length;
      if (withDate < THRESHOLDS.threadMinPosts || withDate < items.length * THRESHOLDS.threadMinDatedShare) continue;
      let text = 0;
      for (const item of items) text += textLength(item, cache);
      yield { parent, items, text };
    }
  }
}

/**
 * Every series of same-shaped siblings under `root` of which most carry a date of either kind (a <time>
 * or a printed one): comments, other stories' teasers, posts, each with its date.
 */
export function datedSeries(root: Element): Element[][] {
  const found = dateElements(root);
  const dated = ancestorsOf(root, [...found.machine, ...found.printed]);
  return [...datedGroups(dated, new Map())].map((group) => group.items);
}

function classesOf(el: Element): Set<string> {
  return new Set((el.getAttribute("class") ?? "").replace(/\d+/g, "").split(/\s+/).filter(Boolean));
}

/**
 * The series with its siblings of the same tag that carry a date and share most of its classes, or all
 * of them with flags of their own (or the reverse): the opening post or a highlighted answer often has
 * one class more ("…--threadStarter", "is-accepted"), the thread author's posts sometimes two
 * ("threadAuthor discussionAuthor").
 */
function withVariants(items: Element[], dated: Set<Element>, cache: Map<Element, number>): Element[] {
  const parent = items[0]!.parentElement;
  if (!parent) return items;
  const classes = classesOf(items[0]!);
  const members = new Set(items);
  const out: Element[] = [];
  for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
    if (members.has(el)) {
      out.push(el);
      continue;
    }
    if (el.nodeName !== items[0]!.nodeName || !dated.has(el) || textLength(el, cache) < THRESHOLDS.repeatedItemMinChars) continue;
    const own = classesOf(el);
    let shared = 0;
    for (const c of own) if (classes.has(c)) shared++;
    const union = own.size + classes.size - shared;
    // Every class of the series and flags of its own ("message threadAuthor"), or the other way round
    // when the series found is the flagged posts: the same post, marked.
    const flagged = classes.size > 0 && own.size > 0 && (shared === classes.size || shared === own.size);
    if (union > 0 && (flagged || shared / union >= THRESHOLDS.threadVariantMinSharedClasses)) out.push(el);
  }
  return out;
}

/**
 * Each post's message: the place (path of shapes) found in at least half of the posts, holding no
 * date, whose elements hold the most text over all posts. User panels, headers and controls sit at
 * other places and hold less text over the thread; a message holds the most.
 */
export function threadBodies(posts: Element[], known?: string, printed = false): (Element | null)[] {
  const cache = new Map<Element, number>();
  const totals = new Map<string, { text: number; posts: Set<Element> }>();
  // Per post, its elements in document order with their place (one walk; dated elements skipped).
  const placed: { el: Element; place: string; shape: string }[][] = [];
  // Replies nested in a post (a threaded discussion) are posts of their own: a post's message is
  // outside them, and not an element around them.
  const members = new Set(posts);
  const holders = new Set<Element>();
  for (const post of posts) {
    for (let e = post.parentElement; e && !holders.has(e); e = e.parentElement) holders.add(e);
  }
  for (const post of posts) {
    // The post's own date (its first): the message is beside it, and may hold later ones (an edit note, a quote's).
    const dated = datedElements(post, printed, true);
    const list: { el: Element; place: string; shape: string }[] = [];
    const walk = (parent: Element, path: string) => {
      for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
        if (POST_FURNITURE.has(el.nodeName) || members.has(el)) continue;
        const shape = shapeOf(el);
        const place = path ? `${path}>${shape}` : shape;
        const text = textLength(el, cache);
        if (text > 0 && !dated.has(el) && !holders.has(el)) {
          // Parents before their children: on equal text the outer element (the whole message) wins.
          list.push({ el, place, shape });
          const total = totals.get(place) ?? { text: 0, posts: new Set<Element>() };
          // Only the first element of a place in a post counts its text (a place may repeat within a post).
          if (!total.posts.has(post)) total.text += text;
          total.posts.add(post);
          totals.set(place, total);
        }
        if (text > 0) walk(el, place);
      }
    };
    walk(post, "");
    placed.push(list);
  }
  let best: string | null = known ?? null;
  let bestText = 0;
  for (const [place, total] of totals) {
    if (known !== undefined || total.posts.size < posts.length * THRESHOLDS.threadBodyMinPostShare) continue;
    if (total.text > bestText) {
      best = place;
      bestText = total.text;
    }
  }
  if (best === null) return posts.map(() => null);
  const place = best as string;
  const shape = place.slice(place.lastIndexOf(">") + 1);
  return placed.map((list) => {
    // In document order: the first element at the message's place.
    const exact = list.find((p) => p.place === place);
    if (exact) return exact.el;
    // A post laid out differently (the opening post often is): its element of the message's shape
    // holding the most text and no date.
    let found: Element | null = null;
    for (const p of list) if (p.shape === shape && (!found || textLength(p.el, cache) > textLength(found, cache))) found = p.el;
    return found;
  });
}

/** The path of shapes from `root` (exclusive) down to `el`: the same place in every post of a series. */
function placeOf(root: Element, el: Element): string {
  const parts: string[] = [];
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) parts.push(shapeOf(e));
  return parts.reverse().join(">");
}

/** The last character a printed date keeps: a letter, digit or the period of "Jan." or "p.m.". */
const DATE_END = /^[\p{L}\p{N}.]$/u;

const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
/**
 * A date as forums print it without a <time>: "May 26, 2025", "Tue Aug 27, 2019 1:47 am", "30th March
 * 2025", "2025-11-01 15:14", "03/03/2026 19:44", "3 hours ago", "Yesterday at 8:08 PM".
 */
const DATE_TEXT = new RegExp(
  String.raw`\b(?:${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+${MONTH},?\s+\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}\.\d{1,2}\.\d{4}|\d+\s+(?:second|minute|hour|day|week|month|year)s?\s+ago|(?:today|yesterday),?\s+(?:at\s+)?\d{1,2}[:.]\d{2})\b`,
  "i",
);
const NOT_SHOWN = new Set(["SCRIPT", "STYLE", "TEMPLATE", "TEXTAREA"]);

/** What one walk of the page finds for the thread rule (dateElements()). */
interface Scan {
  machine: Element[];
  printed: Element[];
  /** Elements with an itemprop naming a message (text, articleBody, commentText). */
  messages: Element[];
}

/**
 * The elements of `root` holding a date, in document order, in one walk: <time> and [datetime]
 * (machine), and the elements of a short text (a header line, at most threadHeaderMaxChars) that is or
 * holds a printed date outside a user panel's field (printed); and the microdata messages on the way.
 */
function dateElements(root: Element): Scan {
  const machine: Element[] = [];
  const out: Element[] = [];
  const messages: Element[] = [];
  const walk = (el: Element) => {
    const itemprop = el.getAttribute("itemprop");
    if (itemprop !== null && props(el).some((p) => TEXT_PROPS.has(p))) messages.push(el);
    if (el.nodeName === "TIME" || el.hasAttribute("datetime")) {
      machine.push(el);
      return;
    }
    let textDated = false;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1) {
        if (!NOT_SHOWN.has(c.nodeName)) walk(c as Element);
      } else if (!textDated && c.nodeType === 3) {
        const data = (c as Text).data;
        if (data.length < 6 || !/\d/.test(data)) continue;
        const t = data.trim();
        if (t.length >= 6 && t.length <= THRESHOLDS.threadHeaderMaxChars && DATE_TEXT.test(t) && !profileDate(el)) {
          // Before the element's children that follow: document order of the date's text.
          out.push(el);
          textDated = true;
        }
      }
    }
  };
  walk(root);
  return { machine, printed: out, messages };
}

/** A label of a member's date in a user panel ("Joined: Jun 29, 2016"), not a post's date. */
const PROFILE_DATE = /\b(?:joined|registered|member since|founded|since)\b/i;

/** Whether a printed date is a user panel's field: its label in its own text or in the element before it. */
function profileDate(el: Element): boolean {
  if (PROFILE_DATE.test(el.textContent ?? "")) return true;
  const label = el.previousElementSibling;
  return (
    label !== null && (label.textContent ?? "").length <= THRESHOLDS.threadHeaderMaxChars && PROFILE_DATE.test(label.textContent ?? "")
  );
}

/** A date element's date: a <time>'s visible text, or the printed date of a header line. */
function dateOf(el: Element): string | null {
  if (el.nodeName === "TIME" || el.hasAttribute("datetime")) return dateText(el);
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 3) continue;
    const t = trimEndUnless(squash((c as Text).data).replace(/^[^\p{L}\p{N}]+/u, ""), DATE_END);
    if (t.length <= THRESHOLDS.threadHeaderMaxChars && DATE_TEXT.test(t)) return t;
  }
  return null;
}

/** The elements of `root` that hold a date (printed or machine ones; only the first when `first`) and their ancestors up to `root`. */
function datedElements(root: Element, printed: boolean, first = false): Set<Element> {
  const found = dateElements(root);
  const dates = printed ? found.printed : found.machine;
  return ancestorsOf(root, first ? dates.slice(0, 1) : dates);
}

/** `dates` and their ancestors up to `root` (exclusive). */
function ancestorsOf(root: Element, dates: Element[]): Set<Element> {
  const out = new Set<Element>();
  for (const el of dates) {
    for (let e: Element | null = el; e && e !== root && !out.has(e); e = e.parentElement) out.add(e);
  }
  return out;
}

/**
 * A post's author: the first element outside its message named so (itemprop or rel author, a class
 * naming the author or user name), else the first link to a profile page. An avatar's initial is not a name.
 */
function structureAuthor(post: Element, body: Element, printed = false): string | null {
  const candidates = Array.from(post.querySelectorAll("a, [itemprop], [class], [rel]")).filter(
    (el) => !body.contains(el) && !el.contains(body) && !isHidden(el),
  );
  const named = (el: Element) =>
    props(el).includes("author") ||
    (el.getAttribute("rel") ?? "").split(/\s+/).includes("author") ||
    AUTHOR_NAME.test(el.getAttribute("class") ?? "");
  const profile = (el: Element) => el.nodeName === "A" && PROFILE_HREF.test(el.getAttribute("href") ?? "");
  const name = (el: Element) => {
    const t = shortText(el);
    return t && t.length >= 2 && t.length <= THRESHOLDS.threadAuthorMaxChars ? t : null;
  };
  for (const el of candidates) {
    if (!named(el)) continue;
    // An author block (a column with avatar, name and counts): the name is its link.
    for (const a of Array.from(el.getElementsByTagName("a"))) {
      const t = name(a);
      if (t) return t;
    }
    if (el.children.length === 0 || el.nodeName === "A") {
      const t = name(el);
      if (t) return t;
    }
  }
  // The name stated for scripts on the post or on its author's element (data-author, data-username).
  for (const el of [post, ...candidates]) {
    for (const attr of AUTHOR_DATA) {
      const t = squash(el.getAttribute(attr));
      if (t.length >= 2 && t.length <= THRESHOLDS.threadAuthorMaxChars) return t;
    }
  }
  // A leaf named for the user or member ("<div class='user'>anna</div>"): its text is the name.
  for (const el of candidates) {
    if (el.children.length > 0 || !USER_NAME.test(el.getAttribute("class") ?? "")) continue;
    const t = name(el);
    if (t) return t;
  }
  for (const el of candidates) {
    if (!profile(el)) continue;
    const t = name(el);
    if (t) return t;
  }
  return nameBeforeDate(post, body, printed);
}

/** Words around a name in a header line that are not part of it ("by anna on", "anna ·"). */
// Whole words only at the end too: "Simon ·" is Simon, not "Sim".
// regex-linear: header lines of at most 4 × threadAuthorMaxChars characters (nameBeforeDate)
const NAME_AFFIX = /^(?:[\s\p{P}\p{S}]|by\b|posted\b|on\b)+|(?:[\s\p{P}\p{S}]|\bon\b|\bposted\b|\bat\b)+$/giu;

/**
 * The name printed before the post's date in its header line, as plain text ("anna · 03/03/2026
 * 19:44"): the text the date's element follows in its parent, of at most threadAuthorMaxWords words.
 */
function nameBeforeDate(post: Element, body: Element, printed: boolean): string | null {
  const found = dateElements(post);
  const date = (printed ? found.printed : found.machine).find((el) => !body.contains(el) && dateOf(el));
  const parent = date?.parentElement;
  if (!date || !parent || parent === post.parentElement) return null;
  let text = "";
  for (let c = parent.firstChild; c && c !== date; c = c.nextSibling) if (c.nodeType === 3) text += (c as Text).data;
  // A header line is short; a long text is no name line (and NAME_AFFIX's end run would be quadratic on it).
  const line = squash(text);
  if (line.length > 4 * THRESHOLDS.threadAuthorMaxChars) return null;
  const name = line.replace(NAME_AFFIX, "");
  if (name.length < 2 || name.length > THRESHOLDS.threadAuthorMaxChars || !/\p{L}/u.test(name)) return null;
  return name.split(" ").length <= THRESHOLDS.threadAuthorMaxWords && !DATE_TEXT.test(name) ? name : null;
}

function structureDate(post: Element, body: Element, printed: boolean): string | null {
  const found = dateElements(post);
  for (const el of printed ? found.printed : found.machine) {
    if (body.contains(el) || hiddenFromReader(el)) continue;
    const t = dateOf(el);
    if (t) return t;
  }
  return null;
}

/**
 * Posts found by their shape: dated siblings and the message at the same place in each. Items that
 * hold (or are) one of `known` (posts found by microdata) are left out: those come from their markup.
 */
export function structurePosts(root: Element, known: Post[] = [], scanned?: Scan): Post[] {
  const covered = (item: Element) => known.some((p) => item.contains(p.root) || p.root.contains(item));
  if (known.length) {
    // Beside marked posts, the series is first looked for where they are, one marked post an item: the
    // blocks of a page around the whole thread (its block, the sidebar's) hold more text than its posts.
    const onePostEach = (items: Element[]) =>
      items.some(covered) && items.every((item) => known.filter((p) => item.contains(p.root)).length <= 1);
    const near = seriesPosts(root, known, datedSiblings(root, scanned, onePostEach));
    if (near.length) return near;
  }
  const series = datedSiblings(root, scanned);
  // The series is the thread only when it is where the marked posts are (or nothing is marked): a
  // list of dated links beside a marked thread is the page's furniture.
  if (!series || (known.length && !series.items.some(covered))) return [];
  return seriesPosts(root, known, series);
}

/**
 * The series with the replies nested in its items, in document order: in a threaded discussion each
 * reply sits inside the post it answers, laid out as the top-level posts (same tag and classes).
 */
function withReplies(items: Element[]): Element[] {
  const shape = shapeOf(items[0]!);
  const cache = new Map<Element, number>();
  const out: Element[] = [];
  for (const item of items) {
    out.push(item);
    for (const el of Array.from(item.getElementsByTagName(item.nodeName)))
      if (shapeOf(el) === shape && textLength(el, cache) >= THRESHOLDS.repeatedItemMinChars) out.push(el);
  }
  return out;
}

/** The posts of a series of dated siblings that are not (and do not hold) one of `known`. */
function seriesPosts(root: Element, known: Post[], series: { items: Element[]; printed: boolean } | null): Post[] {
  if (!series) return [];
  const { printed } = series;
  const items = withReplies(series.items);
  const covered = (item: Element) => known.some((p) => item.contains(p.root) || p.root.contains(item));
  // Every item a marked post: nothing to add (the common case of a marked thread, read without a walk).
  if (items.every(covered)) return [];
  // Where the marked posts keep their message is where the unmarked ones of the series keep theirs.
  const places = new Map<string, number>();
  for (const item of items) {
    const post = known.find((p) => item.contains(p.body));
    if (!post || post.body === item) continue;
    const place = placeOf(item, post.body);
    places.set(place, (places.get(place) ?? 0) + 1);
  }
  const hint = [...places].sort((a, b) => b[1] - a[1])[0]?.[0];
  const bodies = threadBodies(items, hint || undefined, printed);
  const posts: Post[] = [];
  items.forEach((item, i) => {
    const body = bodies[i];
    if (!body || covered(item)) return;
    posts.push({ root: item, author: structureAuthor(item, body, printed), date: structureDate(item, body, printed), body, printed });
  });
  const discussion = root.ownerDocument !== null && declaresDiscussion(root.ownerDocument);
  // Printed dates are weaker evidence than <time>: dated rows without named authors (a podcast's
  // episodes, a changelog) are a listing, not a conversation, unless the page declares a discussion.
  const authors = new Set(posts.map((p) => p.author).filter(Boolean)).size;
  if (printed && authors < THRESHOLDS.threadMinAuthors && !discussion) return [];
  const first = known.length === 0 && discussion && posts.length ? openingPost(root, items, posts[0]!.body, printed) : null;
  return first ? [first, ...posts] : posts;
}

/**
 * The opening post of a declared discussion laid out apart from the replies, before their list: the
 * last element before the series of the replies' message's tag sharing most of its classes
 * (threadVariantMinSharedClasses), in the nearest element around it that carries a date.
 */
function openingPost(root: Element, items: Element[], reply: Element, printed: boolean): Post | null {
  const classes = classesOf(reply);
  if (classes.size === 0) return null;
  let found: Element | null = null;
  for (const el of Array.from(root.getElementsByTagName(reply.nodeName))) {
    if (el === items[0] || items[0]!.contains(el)) break;
    if (el.contains(items[0]!)) continue;
    const own = classesOf(el);
    let shared = 0;
    for (const c of own) if (classes.has(c)) shared++;
    const union = own.size + classes.size - shared;
    if (union > 0 && shared / union >= THRESHOLDS.threadVariantMinSharedClasses) found = el;
  }
  if (!found || textLength(found, new Map()) < THRESHOLDS.repeatedItemMinChars) return null;
  for (let post = found.parentElement; post && post !== root && !post.contains(items[0]!); post = post.parentElement) {
    const date = structureDate(post, found, printed);
    if (date) return { root: post, author: structureAuthor(post, found, printed), date, body: found, printed };
  }
  return null;
}

// ---------------------------------------------------------------- building the thread

/**
 * A member's signature under a post: a class, id or data-role word ending in "signature" or naming its
 * container ("signature", "post_signature", "memberSignature", "signaturecontainer", "sig12"), not a
 * flag on a wrapper ("has-signature", "noSignature").
 */
const SIGNATURE_NAME = /^(?:(?:.*[-_])?(?:[a-z]*signature|sig\d*)|signature[-_]?container)$/i;
const SIGNATURE_FLAG = /^(?:has|no|with|show|hide)[-_]?signature/i;

function isSignature(el: Element): boolean {
  for (const attr of ["class", "id", "data-role"]) {
    for (const word of (el.getAttribute(attr) ?? "").split(/\s+/)) {
      if (word && SIGNATURE_NAME.test(word) && !SIGNATURE_FLAG.test(word)) return true;
    }
  }
  return false;
}

const COUNT = /^\d[\d.,]*[km]?$/i;

/**
 * A list whose every item is an icon and a number (reactions: a thumb and 5, a heart and 2): counters
 * under a message, not part of it. A list a member wrote has words.
 */
function isCounterList(el: Element): boolean {
  if (el.nodeName !== "UL" && el.nodeName !== "OL") return false;
  const items = Array.from(el.children);
  return (
    items.length > 0 &&
    items.every((li) => li.nodeName === "LI" && li.getElementsByTagName("img").length > 0 && COUNT.test(squash(li.textContent)))
  );
}

/** Removes controls, hidden parts, signatures, reaction counters and nested posts from a cloned message, in place. */
export function cleanPost(body: Element): void {
  for (const el of Array.from(body.querySelectorAll("*"))) {
    if (!body.contains(el)) continue;
    const role = el.getAttribute("role")?.toLowerCase();
    if (
      POST_FURNITURE.has(el.nodeName) ||
      (role !== undefined && FURNITURE_ROLES.has(role)) ||
      isHidden(el) ||
      isPostItem(el) ||
      isSignature(el) ||
      isCounterList(el)
    ) {
      el.remove();
    }
  }
}

function buildThread(doc: Document, posts: Post[], linkCards: boolean): { element: Element; messages: Element[] } {
  const out = doc.createElement("div");
  const messages: Element[] = [];
  // Word trigrams of the messages so far: a later quote of them is a repeat (dropRepeatedQuotes()).
  const said = new Set<string>();
  const h1 = doc.body?.getElementsByTagName("h1")[0];
  if (h1 && !posts.some((p) => p.body.contains(h1))) {
    const title = doc.createElement("h1");
    title.textContent = squash(h1.textContent);
    if (title.textContent) out.append(title);
  }
  posts.forEach((post, i) => {
    if (i > 0) out.append(doc.createElement("hr"));
    const header = [post.author, post.date].filter((x): x is string => !!x);
    if (header.length) {
      const p = doc.createElement("p");
      if (post.author) {
        const strong = doc.createElement("strong");
        strong.textContent = post.author;
        p.append(strong);
      }
      if (post.date) p.append(`${post.author ? " · " : ""}${post.date}`);
      out.append(p);
    }
    const body = post.body.cloneNode(true) as Element;
    cleanPost(body);
    if (linkCards) collapseLinkCards(body, doc.URL);
    if (post.date) dropDateLines(body, post.date);
    dropRepeatedQuotes(body, said);
    for (const g of trigrams(body.textContent ?? "")) said.add(g);
    out.append(body);
    messages.push(body);
  });
  return { element: out, messages };
}

/**
 * Removes from a message the lines that only repeat the post's date, which its header line states:
 * a second rendering of it ("June 14, 2024 1 yr"), a "Posted June 14, 2024" bar. The line is the
 * largest element around the date's text holding at most threadDateLineMaxExtraWords words besides
 * it, when that is a block (a <div>, <p>, <li>): an edit note ("Edited June 14, 2024 by anna") or a
 * sentence naming the date has more words, and stays whole.
 */
/** Inline elements, and a `<label>`, which forum markup uses inside a line. */
const INLINE = new Set([...INLINE_ELEMENTS, "LABEL"]);

function dropDateLines(body: Element, date: string): void {
  const lines = new Set<Element>();
  const walker = [body as Node];
  while (walker.length) {
    const node = walker.pop()!;
    if (node.nodeType === 1) {
      for (let c = node.firstChild; c; c = c.nextSibling) walker.push(c);
      continue;
    }
    if (node.nodeType !== 3 || !squash((node as Text).data).includes(date)) continue;
    let line: Element | null = null;
    for (let el = node.parentElement; el && el !== body; el = el.parentElement) {
      const text = squash(el.textContent);
      if (text.length > THRESHOLDS.threadHeaderMaxChars) break;
      if (wordCount(text.replace(date, " ")) > THRESHOLDS.threadDateLineMaxExtraWords) break;
      line = el;
    }
    // A line of its own: inline at the top, its block holds more (the note or the sentence it is in).
    if (line && !INLINE.has(line.nodeName)) lines.add(line);
  }
  for (const line of lines) line.remove();
}

/**
 * Removes from a message the quotes (<blockquote>, or a box named a quote) of what earlier posts of
 * the thread said: the thread holds those words once, in their own post. A quote of something not in
 * the thread stays.
 */
/** A class word naming a quote's box ("quote", "bbcode_quote", "quote-container", "bbCodeBlock--quote", "postQuote"). */
const QUOTE_CLASS = /(?:^|[-_])quote(?:[-_]|$)|[a-z]Quote$/;

/** A quote laid out as a box of its own instead of a <blockquote> (the "X wrote:" line and the quoted words). */
function isQuoteBox(el: Element): boolean {
  return (el.getAttribute("class") ?? "").split(/\s+/).some((word) => QUOTE_CLASS.test(word.toLowerCase()) || QUOTE_CLASS.test(word));
}

function dropRepeatedQuotes(body: Element, said: Set<string>): void {
  if (said.size === 0) return;
  for (const quote of Array.from(body.querySelectorAll("blockquote, [class]"))) {
    if (!body.contains(quote) || (quote.nodeName !== "BLOCKQUOTE" && !isQuoteBox(quote))) continue;
    const grams = trigrams(quote.textContent ?? "");
    if (grams.length === 0) continue;
    let found = 0;
    for (const g of grams) if (said.has(g)) found++;
    if (found / grams.length >= THRESHOLDS.threadQuoteMinRepeat) quote.remove();
  }
}

/**
 * The page's thread, when it has one: at least threadMinPosts posts by microdata, else by structure.
 * Read on the page before any rule changes it; the element returned is built from clones. With
 * `linkCards`, link previews in the posts come back as their titles' links (link-cards.ts).
 */
export function findThread(doc: Document, linkCards = true): Thread | null {
  const body = doc.body;
  if (!body) return null;
  // One walk finds the microdata messages and the dates (the rule's whole cost on a page without a thread).
  const scanned = dateElements(body);
  const marked = microdataPosts(doc, scanned.messages);
  // Posts by structure complete the marked ones (an opening post marked only in JSON-LD sits among
  // marked replies) or stand for them on a page without microdata.
  const posts = [...marked, ...structurePosts(body, marked, scanned)];
  if (posts.length > 1) {
    // In document order, read by one walk (linkedom's compareDocumentPosition misorders nested posts).
    const order = new Map<Element, number>();
    for (const p of posts) order.set(p.root, -1);
    let n = 0;
    for (const el of Array.from(body.querySelectorAll("*"))) if (order.has(el)) order.set(el, n++);
    posts.sort((a, b) => order.get(a.root)! - order.get(b.root)!);
  }
  const source: Thread["source"] = marked.length ? "microdata" : "structure";
  if (posts.length < THRESHOLDS.threadMinPosts) return null;
  const authors = new Set(posts.map((p) => p.author).filter(Boolean)).size;
  const built = buildThread(doc, posts, linkCards);
  const discussion = declaresDiscussion(doc);
  const stated = discussion ? statedPosting(doc) : null;
  const opens = stated !== null && textOverlap(stated, squash(built.messages[0]?.textContent)) >= THRESHOLDS.threadMinOverlap;
  const printed = marked.length === 0 && posts.some((p) => p.printed);
  return { source, discussion, authors, opens, printed, posts, ...built };
}

const POSTING_TYPE = /(?:^|[/#:])(?:DiscussionForumPosting|Question)$/;

/**
 * The text a JSON-LD DiscussionForumPosting or Question states for itself (text, articleBody), at the
 * top or as a page's mainEntity: the opening post of the page's discussion, in plain text.
 */
export function statedPosting(doc: Document): string | null {
  const find = (value: unknown, depth: number): string | null => {
    if (depth > 3 || value === null || typeof value !== "object") return null;
    if (Array.isArray(value)) {
      for (const v of value) {
        const t = find(v, depth + 1);
        if (t) return t;
      }
      return null;
    }
    const obj = value as Record<string, unknown>;
    if (types(obj).some((t) => POSTING_TYPE.test(t))) {
      for (const key of ["text", "articleBody"]) {
        const text = obj[key];
        if (typeof text === "string" && text.trim()) return text;
      }
    }
    return find(obj.mainEntity, depth + 1);
  };
  for (const node of jsonLdNodes(doc)) {
    const t = find(node, 0);
    if (t) return t;
  }
  return null;
}

const NESTED_DISCUSSION_TYPE = /(?:^|[/#:])(?:DiscussionForumPosting|QAPage)$/;
const DISCUSSION_TYPE = /(?:^|[/#:])(?:DiscussionForumPosting|QAPage|Question)$/;

/** Whether the page says it is a discussion: a JSON-LD or microdata DiscussionForumPosting, QAPage or Question. */
export function declaresDiscussion(doc: Document): boolean {
  for (const el of Array.from(doc.querySelectorAll("[itemscope][itemtype]")))
    if (itemTypes(el).some((t) => DISCUSSION_TYPE.test(t)) && !inFaq(el)) return true;
  // The posting is often nested: a WebPage's mainEntity, an ItemList's items. Nested, only a posting
  // or a Q&A page counts: a Question inside an FAQPage is a page's FAQ, not a discussion.
  const typed = (value: unknown, depth: number, type: RegExp): boolean => {
    if (depth > 4 || value === null || typeof value !== "object") return false;
    if (Array.isArray(value)) return value.some((v) => typed(v, depth + 1, type));
    const obj = value as Record<string, unknown>;
    if (types(obj).some((t) => type.test(t))) return true;
    return Object.entries(obj).some(([k, v]) => k !== "@context" && typed(v, depth + 1, NESTED_DISCUSSION_TYPE));
  };
  return jsonLdNodes(doc).some((n) => typed(n, 0, DISCUSSION_TYPE));
}

const TOKEN = /\w+/gu;

function trigrams(text: string): string[] {
  const t = text.toLowerCase().match(TOKEN) ?? [];
  if (t.length < 3) return t;
  const out: string[] = [];
  for (let i = 2; i < t.length; i++) out.push(`${t[i - 2]} ${t[i - 1]} ${t[i]}`);
  return out;
}

/**
 * Share of `inner`'s word trigrams found among `outer`'s: how much of one text the other holds, in
 * order. Single words would match any long text (its common words); runs of three match the same text.
 */
export function textOverlap(inner: string | string[], outer: string | string[]): number {
  // Texts given apart (the posts' messages) are not joined: no run of words spans two of them.
  const grams = typeof inner === "string" ? trigrams(inner) : inner.flatMap(trigrams);
  if (grams.length === 0) return 0;
  const set = new Set(typeof outer === "string" ? trigrams(outer) : outer.flatMap(trigrams));
  let found = 0;
  for (const g of grams) if (set.has(g)) found++;
  return found / grams.length;
}

export interface ThreadSignals {
  /** Words of the thread (findThread().element). */
  threadWords: number;
  /** Words of the candidate chosen so far (Readability's container, the region or the repeated items). */
  chosenWords: number;
  /** Share of the chosen candidate's words found in the thread. */
  chosenInThread: number;
  /** Share of the thread's words found in the chosen candidate. */
  threadInChosen: number;
  /** The page declares a discussion (declaresDiscussion()). */
  discussion: boolean;
  /** Distinct authors named in the posts (Thread.authors). */
  authors: number;
  /** Share of the posts' messages (without header lines) found in the chosen candidate. */
  messagesInChosen: number;
  /** Words of the chosen candidate before the first run of words of any post's message (leadWords()). */
  leadWords: number;
  /** The page's declared posting opens the thread (Thread.opens). */
  opens: boolean;
  /** The posts were found on printed dates (Thread.printed). */
  printed: boolean;
  /** The posts are marked up as schema.org items (Thread.source "microdata"). */
  marked: boolean;
}

/**
 * Words of `outer` before the first run of three words of any of `inner` found in it; all of its words
 * when none is found. What a candidate holds before the thread: a title and a user panel, or an article.
 */
export function leadWords(inner: string[], outer: string): number {
  const words = outer.toLowerCase().match(TOKEN) ?? [];
  const first = new Map<string, number>();
  for (let i = 2; i < words.length; i++) {
    const g = `${words[i - 2]} ${words[i - 1]} ${words[i]}`;
    if (!first.has(g)) first.set(g, i - 2);
  }
  let lead = words.length;
  for (const text of inner) {
    for (const g of trigrams(text)) {
      const at = first.get(g);
      if (at !== undefined && at < lead) lead = at;
    }
  }
  return lead;
}

/**
 * Whether the thread replaces the candidate chosen so far: it is the same text (the candidate is one
 * of its posts, or the thread with furniture) and not a small part of a larger text (comments under an
 * article, which the article's candidate holds besides).
 */
export function threadWins(s: ThreadSignals): boolean {
  if (s.threadWords < THRESHOLDS.threadMinWords) return false;
  if (s.chosenInThread >= THRESHOLDS.threadMinOverlap && s.chosenWords > 0) return true;
  // Posts found on printed dates are weaker evidence than <time> or markup: they replace only a
  // candidate they hold (above) or a thread the page's declared posting opens.
  if (s.printed) return s.opens;
  if (s.chosenWords < THRESHOLDS.readabilityMinWords) return true;
  // The candidate holds the thread and more: furniture, or (on a page not declaring a discussion) an
  // article the thread is the comments of, which then holds most of the candidate's words.
  // Off a declared discussion the posts must be a conversation (several authors): dated reviews without
  // names or one author's dated teasers sit in a product page's or a listing's candidate too.
  const conversation = s.discussion || s.authors >= THRESHOLDS.threadMinAuthors;
  if (
    s.threadInChosen >= THRESHOLDS.threadMinOverlap &&
    conversation &&
    s.threadWords >= s.chosenWords * THRESHOLDS.threadMinShareOfChosen
  ) {
    return true;
  }
  // The page's declared posting is the thread's first post: the thread is the page's discussion, and a
  // candidate that is not it is something beside it (an app banner, a sidebar, the thread with furniture).
  if (s.opens) return true;
  // A conversation (2+ authors) declared by the page or marked up post by post whose messages the
  // candidate holds, after no more than a title and the first post's user panel: the rest of the
  // candidate is the posts' furniture (user panels, remarks under answers, signatures), however many
  // words it has; an article before its comments is longer.
  if (
    (s.discussion || s.marked) &&
    s.authors >= THRESHOLDS.threadMinAuthors &&
    s.messagesInChosen >= THRESHOLDS.threadMinOverlap &&
    s.leadWords <= THRESHOLDS.threadMaxLeadWords
  ) {
    return true;
  }
  if (s.discussion && s.authors >= THRESHOLDS.threadMinAuthors) {
    // A candidate mostly made of posts and shorter than the thread is a part of it (some posts and a summary).
    if (s.chosenInThread >= THRESHOLDS.threadPartMinOverlap && s.threadWords > s.chosenWords) return true;
  }
  // On a page that says it is a discussion, a candidate beside the posts is a fragment (the thread's
  // title and its controls, sign-in boxes, a sidebar) when the posts hold several times its words.
  return s.discussion && s.threadWords >= s.chosenWords * THRESHOLDS.threadMinGrowth;
}
