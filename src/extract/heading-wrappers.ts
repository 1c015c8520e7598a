// Section headings Readability drops for the box around them, not for what they say.
//
// Documentation generators (and other templates) draw a section's heading inside a <div> of its own,
// with an anchor icon or a copy-link button beside it: `<div class="heading-wrapper"><h2>Why?</h2>
// <a href="#why"><svg/></a></div>`. Readability's last clean-up drops any <div> without text in a
// paragraph, list, cell or block of its own ("no useful content"), so every such heading went while the
// text under it stayed: a reference page lost all of its section titles. A <div> that holds one heading
// and nothing else a reader sees (the icon's empty link, an emptied button bar) gives way to what it
// holds, before Readability reads the page; a heading between paragraphs is not examined that way.
// Only on documentation pages (page-type.ts): on other pages the boxes Readability drops so are as often
// an end section's title ("Thanks for reading!", a newsletter's call) or an FAQ's questions the ground
// truths leave out (all pages: article −0.059, service −0.065 on the tuning part).
import { HEADING_ELEMENTS, visibleTextLength } from "./dom-walk.ts";

const MEDIA = ["img", "picture", "video"];

/** Whether `el` shows nothing: no text and no picture. */
function shows(el: Element, cache: Map<Element, number>): boolean {
  if (visibleTextLength(el, cache) > 0) return true;
  if (MEDIA.includes(el.nodeName.toLowerCase())) return true;
  return MEDIA.some((tag) => el.getElementsByTagName(tag).length > 0);
}

/** Whether every child of `box` but `kept` is blank text or an element that shows nothing. */
function holdsOnly(box: Element, kept: Element, cache: Map<Element, number>): boolean {
  for (let c = box.firstChild; c; c = c.nextSibling) {
    if (c === kept) continue;
    if (c.nodeType === 3 && (c as Text).data.trim()) return false;
    if (c.nodeType === 1 && shows(c as Element, cache)) return false;
  }
  return true;
}

/** The heading elements under `body`. */
function headingsUnder(body: Element): Element[] {
  const headings: Element[] = [];
  for (const tag of HEADING_ELEMENTS) headings.push(...Array.from(body.getElementsByTagName(tag.toLowerCase())));
  return headings;
}

/**
 * Replaces each <div> that holds a heading and nothing else a reader sees by its children, out to the
 * outermost such <div>. Returns how many went.
 */
export function unwrapHeadingWrappers(body: Element): number {
  const cache = new Map<Element, number>();
  let unwrapped = 0;
  for (const heading of headingsUnder(body)) unwrapped += unwrapHeading(heading, body, cache);
  return unwrapped;
}

/**
 * Replaces the <div>s around `heading` that hold it and nothing else a reader sees by their children, out
 * to the outermost one below `body` (`cache`: visibleTextLength's). Returns how many went.
 */
export function unwrapHeading(heading: Element, body: Element, cache: Map<Element, number>): number {
  if (!heading.isConnected || visibleTextLength(heading, cache) === 0) return 0;
  let unwrapped = 0;
  for (let box = heading.parentElement; box && box !== body && box.nodeName === "DIV"; box = heading.parentElement) {
    if (!holdsOnly(box, heading, cache)) break;
    box.replaceWith(...Array.from(box.childNodes));
    unwrapped++;
  }
  return unwrapped;
}
