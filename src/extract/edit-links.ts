/**
 * A wiki's link to edit a section, set by the section's heading: "Details [edit]", "Geschichte
 * [Bearbeiten | Quelltext bearbeiten]", inside the heading or beside it in a box the wiki wraps the
 * heading in. It is a control of the wiki (MediaWiki, and the wikis built like it, write one by every
 * heading), not a word of the section's title; and beside the heading it hid the heading itself:
 * Readability drops a box whose text is mostly a link, or under 25 characters, and every section title of
 * such a page went with the boxes. Each such link goes before Readability reads the page, with its
 * brackets, and a box left holding only the heading gives way to it (heading-wrappers.ts).
 *
 * An edit link is a link whose whole text is a word for "edit" in one of the languages most pages are in
 * and whose target is an edit address (it says "edit"), set in brackets, alone or with another such link
 * after a "|"; the brackets and what they hold go when they sit in a heading, right after one, or in a
 * <div> that holds nothing else a reader sees but one heading.
 */
import { normalize } from "./boilerplate.ts";
import { HEADING_ELEMENTS, visibleTextLength } from "./dom-walk.ts";
import { unwrapHeading } from "./heading-wrappers.ts";

const EDIT_WORDS = [
  "edit(?: source)?",
  "(?:quelltext )?bearbeiten",
  "modifier(?: le code)?",
  "editar(?: código(?: fuente)?)?",
  "modifica(?: wikitesto)?",
  "(?:brontekst )?bewerken",
  "edytuj(?: kod źródłowy)?",
  "редактировать(?: код)?|править(?: код)?",
  "編集|编辑|編輯|편집",
].join("|");
const EDIT_TEXT = new RegExp(`^(?:${EDIT_WORDS})$`, "iu");
/** The text of the bracketed group: "[edit]", "[ edit | edit source ]". */
const GROUP_TEXT = new RegExp(String.raw`^\[\s*(?:${EDIT_WORDS})(?:\s*\|\s*(?:${EDIT_WORDS}))*\s*\]$`, "iu");
/** Text that may lie around the links inside the group: brackets, bars and white space. */
const GROUP_PART = new RegExp(String.raw`^[\s[\]|]*(?:(?:${EDIT_WORDS})[\s[\]|]*)*$`, "iu");

/** An edit group's text is a few words: "[ Quelltext bearbeiten | Bearbeiten ]". */
const GROUP_MAX_CHARS = 80;
const GROUP_MAX_NODES = 40;

/**
 * The text of `el` when it is short (at most GROUP_MAX_CHARS characters in at most GROUP_MAX_NODES
 * nodes), else null: read without reading a long element whole, so a page of thousands of links in one
 * box costs a few nodes a link, not the box's text each time.
 */
function shortText(el: Element): string | null {
  let text = "";
  let nodes = 0;
  // Document order within `el`, one node at a time: a box of thousands of children is left at its 40th.
  for (let node: Node | null = el; node; ) {
    if (++nodes > GROUP_MAX_NODES) return null;
    if (node.nodeType === 3) {
      text += (node as Text).data;
      if (text.length > GROUP_MAX_CHARS * 4 && normalize(text).length > GROUP_MAX_CHARS) return null;
    }
    let next: Node | null = node.firstChild;
    while (!next && node && node !== el) {
      next = node.nextSibling;
      if (!next) node = node.parentNode;
    }
    node = next;
  }
  const squashed = normalize(text);
  return squashed.length <= GROUP_MAX_CHARS ? squashed : null;
}

/** Whether `a` is a link to edit something: its text an edit word, its target an edit address. */
function isEditLink(a: Element): boolean {
  if (!/edit/i.test(a.getAttribute("href") ?? "")) return false;
  const text = shortText(a);
  return text !== null && EDIT_TEXT.test(text);
}

/** The element that holds `link`'s bracketed group and nothing else, or null when the link stands in other text. */
function groupOf(link: Element, body: Element): Element | null {
  let group: Element = link;
  for (let up = link.parentElement; up && up !== body && !HEADING_ELEMENTS.has(up.nodeName); up = up.parentElement) {
    const text = shortText(up);
    if (text === null || !GROUP_PART.test(text)) break;
    group = up;
  }
  const text = shortText(group);
  return text !== null && GROUP_TEXT.test(text) ? group : null;
}

/** The heading `group` is set by: the one it lies in, the one right before it, or the one its <div> holds besides it. */
function headingBy(group: Element, cache: Map<Element, number>): Element | null {
  const inside = group.parentElement?.closest("h1, h2, h3, h4, h5, h6");
  if (inside) return inside;
  const before = group.previousElementSibling;
  if (before && HEADING_ELEMENTS.has(before.nodeName)) return before;
  const box = group.parentElement;
  if (box?.nodeName !== "DIV") return null;
  let heading: Element | null = null;
  for (let c = box.firstChild; c; c = c.nextSibling) {
    if (c === group) continue;
    if (c.nodeType === 3 && (c as Text).data.trim()) return null;
    if (c.nodeType !== 1 || visibleTextLength(c as Element, cache) === 0) continue;
    if (heading || !HEADING_ELEMENTS.has(c.nodeName)) return null;
    heading = c as Element;
  }
  return heading;
}

/** Removes the section edit links under `body` with their brackets, and unwraps their headings' boxes. Returns how many went. */
export function removeEditLinks(body: Element): number {
  const cache = new Map<Element, number>();
  let removed = 0;
  for (const link of Array.from(body.getElementsByTagName("a"))) {
    if (!link.isConnected || !isEditLink(link)) continue;
    const group = groupOf(link, body);
    const heading = group ? headingBy(group, cache) : null;
    if (!group || !heading) continue;
    group.remove();
    cache.clear();
    unwrapHeading(heading, body, cache);
    removed++;
  }
  return removed;
}
