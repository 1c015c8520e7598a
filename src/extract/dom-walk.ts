/**
 * Walking the DOM cheaply. Selector engines match every element against every selector group: on
 * happy-dom, vellum's DOM when this was written, a page's first querySelectorAll("h1,h2,h3,h4,h5,h6")
 * cost three times a walk (331 ms against 109 ms over 68 WCXB pages), querySelectorAll("[hidden],
 * [style]") twice. Walking by firstElementChild / nextElementSibling was cheaper than iterating
 * `children` (which builds a collection per element on first use) or getElementsByTagName("*"), which
 * linkedom answers with nothing for "*".
 */

/** The elements under `root` (not `root` itself) in document order, as querySelectorAll("*") lists them. */
export function elementsUnder(root: Element): Element[] {
  const out: Element[] = [];
  let el: Element | null = root.firstElementChild;
  while (el) {
    out.push(el);
    const child: Element | null = el.firstElementChild;
    if (child) {
      el = child;
      continue;
    }
    // A leaf: the next sibling of the element or of its nearest ancestor below `root` that has one.
    let up: Element | null = el;
    el = null;
    while (up && up !== root) {
      const sibling: Element | null = up.nextElementSibling;
      if (sibling) {
        el = sibling;
        break;
      }
      up = up.parentElement;
    }
  }
  return out;
}

/** Elements whose text a reader never sees. */
const UNSEEN = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "svg", "SVG"]);

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

/** The heading elements, by nodeName. */
export const HEADING_ELEMENTS: ReadonlySet<string> = new Set(["H1", "H2", "H3", "H4", "H5", "H6"]);

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
