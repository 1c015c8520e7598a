/**
 * Walking the DOM cheaply. Selector engines match every element against every selector group: on
 * happy-dom, vellum's DOM when this was written, a page's first querySelectorAll("h1,h2,h3,h4,h5,h6")
 * cost three times a walk (331 ms against 109 ms over 68 WCXB pages), querySelectorAll("[hidden],
 * [style]") twice. Walking by firstElementChild / nextElementSibling was cheaper than iterating
 * `children` (which builds a collection per element on first use) or getElementsByTagName("*"), which
 * linkedom answers with nothing for "*".
 */

/**
 * The element after `el` in document order within `root`: its first child, or else the next sibling of
 * `el` or of its nearest ancestor below `root` that has one; null at the end of `root`.
 */
export function following(el: Element, root: Element): Element | null {
  const child: Element | null = el.firstElementChild;
  if (child) return child;
  for (let up: Element | null = el; up && up !== root; up = up.parentElement) {
    const sibling: Element | null = up.nextElementSibling;
    if (sibling) return sibling;
  }
  return null;
}

/**
 * The text of the first or last text node under `node` (its edge as a reader sees it), "" when none or
 * when the way there passes an element whose local name `stops` holds (inline-gaps.ts: a superscript).
 */
export function edgeText(node: Node, edge: "first" | "last", stops?: ReadonlySet<string>): string {
  let n: Node | null = node;
  while (n && n.nodeType === 1) {
    if (stops?.has((n as Element).localName)) return "";
    n = edge === "first" ? n.firstChild : n.lastChild;
  }
  return n?.nodeType === 3 ? (n as Text).data : "";
}

/** The elements under `root` (not `root` itself) in document order, as querySelectorAll("*") lists them. */
export function elementsUnder(root: Element): Element[] {
  const out: Element[] = [];
  for (let el: Element | null = root.firstElementChild; el; el = following(el, root)) out.push(el);
  return out;
}

/**
 * The text under `el` (as textContent gives it, white space folded) where it is at most `max`
 * characters; null where it is longer. Reads no further than the text that settles it, and at most
 * `max` × 8 nodes, so asking it of a page's every short line costs no walk of a long subtree.
 */
export function shortText(el: Element, max: number): string | null {
  let text = "";
  let nodes = 0;
  for (let n: Node | null = el.firstChild; n; ) {
    if (++nodes > max * 8) return null;
    if (n.nodeType === 3) {
      text += (n as Text).data;
      if (text.length > max * 4 && text.replace(/\s+/g, " ").trim().length > max) return null;
    }
    if (n.firstChild) {
      n = n.firstChild;
      continue;
    }
    while (n && n !== el && !n.nextSibling) n = n.parentNode;
    n = n && n !== el ? n.nextSibling : null;
  }
  const folded = text.replace(/\s+/g, " ").trim();
  return folded.length <= max ? folded : null;
}

/**
 * Drops the class names of `el` that `pattern` (not global) matches, and the attribute when none is left:
 * a name Readability distrusts ("section-header", "card__footer", "scroll-mt-2") on an element that stays.
 */
export function withoutClassesMatching(el: Element, pattern: RegExp): void {
  const kept = (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => c && !pattern.test(c));
  if (kept.length) el.setAttribute("class", kept.join(" "));
  else el.removeAttribute("class");
}

/** Elements whose text a reader never sees. */
export const UNSEEN: ReadonlySet<string> = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "svg", "SVG"]);

/**
 * Characters of trimmed text a reader sees under `el` (scripts, styles, templates, noscript and SVG
 * left out), memoised in `cache`, so nested elements are walked once (the product-page and hidden-page
 * rules). region.ts textLength counts every text node instead.
 */
export function visibleTextLength(el: Element, cache: Map<Element, number>): number {
  let n = cache.get(el);
  if (n !== undefined) return n;
  n = 0;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) n += (c as Text).data.trim().length;
    else if (c.nodeType === 1 && !UNSEEN.has(c.nodeName)) n += visibleTextLength(c as Element, cache);
  }
  cache.set(el, n);
  return n;
}

/**
 * A dialog, open or closed: a `<dialog>`, an element of role dialog or alertdialog, or one marked
 * aria-modal. Never the page (unhide.ts leaves what it holds hidden; region.ts removes one named for
 * consent whatever its length).
 */
export const DIALOG_SELECTOR = "dialog, [role=dialog], [role=alertdialog], [aria-modal=true]";

/** The heading elements, by nodeName. */
export const HEADING_ELEMENTS: ReadonlySet<string> = new Set(["H1", "H2", "H3", "H4", "H5", "H6"]);

/** Whether `el` is a heading element (h1–h6). */
export function isHeading(el: Element): boolean {
  return HEADING_ELEMENTS.has(el.nodeName);
}

/**
 * Whether a heading element (h1–h6) lies under `el` (not `el` itself): one walk that stops at the first,
 * where a selector or six getElementsByTagName calls read the whole subtree.
 */
export function holdsHeading(el: Element): boolean {
  for (let d: Element | null = el.firstElementChild; d; d = following(d, el)) if (HEADING_ELEMENTS.has(d.nodeName)) return true;
  return false;
}

/** Whether an <h1> lies under `el` (not `el` itself): the page's title, so the part holding it is the page's own. */
export function holdsH1(el: Element): boolean {
  return el.getElementsByTagName("h1").length > 0;
}

/** The section headings (h2–h6) under `el`, not its title. */
const SUBHEADING_TAGS = ["h2", "h3", "h4", "h5", "h6"];

/** How many section headings (h2–h6) lie under `el` (not `el` itself). */
export function subheadingCount(el: Element): number {
  let n = 0;
  for (const tag of SUBHEADING_TAGS) n += el.getElementsByTagName(tag).length;
  return n;
}

/** Elements that do not break a word: text either side of them can be one word ("re<b>use</b>"). */
export const INLINE_ELEMENTS: ReadonlySet<string> = new Set([
  "A",
  "ABBR",
  "B",
  "BDI",
  "BDO",
  "CITE",
  "CODE",
  "DATA",
  "DFN",
  "EM",
  "FONT",
  "I",
  "KBD",
  "MARK",
  "Q",
  "S",
  "SAMP",
  "SMALL",
  "SPAN",
  "STRONG",
  "SUB",
  "SUP",
  "TIME",
  "U",
  "VAR",
  "WBR",
  "DEL",
  "INS",
  "STRIKE",
  "TT",
  "BIG",
  "NOBR",
]);
