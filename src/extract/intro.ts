/**
 * An article's text split in two sibling blocks: a short introduction, then the body (two "content"
 * blocks with a sign-up box between them, a "post intro" block above the "post body"). Readability
 * scores the two apart and keeps the body with siblings that score like it: the introduction's few
 * paragraphs do not, and the page loses its first paragraphs. The intro block is a block of prose
 * followed, past at most a few small blocks, by a sibling block of prose many times its size; when
 * Readability's result holds the body's first paragraph and not the intro's, the intro goes first.
 */
import { elementsUnder, HEADING_ELEMENTS, INLINE_ELEMENTS, UNSEEN } from "./dom-walk.ts";
import { saidIn, wordText, words } from "./words.ts";
import { THRESHOLDS } from "./thresholds.ts";

/** An intro block (a copy, taken before Readability moves nodes) and the words that find it and its body. */
export interface SplitIntro {
  intro: Element;
  introProbe: string;
  bodyProbe: string;
}

/** Elements whose text is the page's prose: paragraphs, list items, table cells, definitions. */
const PROSE = new Set(["P", "LI", "TD", "TH", "DD", "BLOCKQUOTE"]);

/** Characters of text under an element: all of it, inside prose elements, and inside links. */
interface Measure {
  text: number;
  prose: number;
  links: number;
  /** Whether it holds a heading: the page's title block is the lead rule's (lead.ts), a titled block is a teaser or a section. */
  heading: boolean;
}

/**
 * The page's intro blocks, each copied with the probes that tell whether Readability kept it and its
 * body. Read after the boilerplate rules and before Readability moves nodes; one walk of the body.
 */
export function findSplitIntros(body: Element): SplitIntro[] {
  const measures = new Map<Element, Measure>();
  measure(body, measures, false);
  const found: SplitIntro[] = [];
  // An introduction follows the page's title: a box before it (a consent banner, a pop-up, a promotion) is
  // not one. Places in document order, read by one walk when first asked for (linkedom's
  // compareDocumentPosition compared depths: an intro deeper than the title, or as deep under another
  // parent, was taken to precede it).
  const title = body.getElementsByTagName("h1")[0];
  let order: Map<Element, number> | null = null;
  const afterTitle = (el: Element) => {
    if (!title) return true;
    order ??= new Map(elementsUnder(body).map((e, i) => [e, i]));
    return (order.get(el) ?? -1) > (order.get(title) ?? -1);
  };
  const visit = (parent: Element) => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      const m = measures.get(el);
      if (!m || m.text === 0) continue;
      // The cheap tests first: most blocks have no body of prose after them.
      const after = isIntro(m) ? bodyAfter(el, m, measures) : null;
      const body = after && afterTitle(el) && ownParagraphs(el) ? after : null;
      const introProbe = body ? probe(el, THRESHOLDS.splitIntroMinParagraphWords) : "";
      const bodyProbe = body ? probe(body, THRESHOLDS.splitIntroProbeWords) : "";
      if (introProbe && bodyProbe) found.push({ intro: el.cloneNode(true) as Element, introProbe, bodyProbe });
      else visit(el);
    }
  };
  visit(body);
  return found;
}

/** The intros whose body Readability kept (`contentText`, its text) while leaving them out. */
export function missingIntros(intros: SplitIntro[], contentText: string): Element[] {
  const text = wordText(contentText);
  return intros.filter((i) => saidIn(i.bodyProbe, text) && !saidIn(i.introProbe, text)).map((i) => i.intro);
}

function isIntro(m: Measure): boolean {
  return (
    !m.heading &&
    m.prose >= THRESHOLDS.splitIntroMinProse &&
    m.text <= THRESHOLDS.splitIntroMaxText &&
    m.prose >= m.text * THRESHOLDS.splitIntroMinProseShare &&
    m.links <= m.text * THRESHOLDS.splitIntroMaxLinkShare
  );
}

/**
 * Whether the block's text is its own paragraphs said once: not a series of cards or reviews (three
 * sibling blocks of one tag and class at any depth) nor a box laid out twice (a pop-up's phone and desktop copies).
 */
function ownParagraphs(block: Element): boolean {
  for (const parent of [block, ...elementsUnder(block)]) {
    const kinds = new Map<string, number>();
    for (let c = parent.firstElementChild; c; c = c.nextElementSibling) {
      if (PROSE.has(c.nodeName) || c.nodeName === "TR" || INLINE_ELEMENTS.has(c.nodeName)) continue;
      const kind = `${c.nodeName}.${c.getAttribute("class") ?? ""}`;
      const n = (kinds.get(kind) ?? 0) + 1;
      if (n >= THRESHOLDS.splitIntroMaxSeries) return false;
      kinds.set(kind, n);
    }
  }
  const seen = new Set<string>();
  for (const p of Array.from(block.getElementsByTagName("p"))) {
    const text = words(p.textContent ?? "").join(" ");
    if (!text) continue;
    if (seen.has(text)) return false;
    seen.add(text);
  }
  return true;
}

/** The sibling after `intro`, past a few small blocks, that is a body of prose many times its size. */
function bodyAfter(intro: Element, m: Measure, measures: Map<Element, Measure>): Element | null {
  let small = 0;
  for (let el = intro.nextElementSibling; el; el = el.nextElementSibling) {
    const next = measures.get(el);
    if (!next || next.text === 0) continue;
    if (next.text < THRESHOLDS.splitIntroMaxBetween) {
      if (++small > THRESHOLDS.splitIntroMaxBlocksBetween) return null;
      continue;
    }
    const body = next.prose >= m.text * THRESHOLDS.splitIntroBodyRatio && next.links <= next.text * THRESHOLDS.splitIntroMaxLinkShare;
    return body ? el : null;
  }
  return null;
}

function measure(el: Element, measures: Map<Element, Measure>, inParagraph: boolean): Measure {
  const name = el.nodeName;
  const paragraph = inParagraph || PROSE.has(name);
  const m: Measure = { text: 0, prose: 0, links: 0, heading: HEADING_ELEMENTS.has(name) };
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      const n = (c as Text).data.trim().length;
      m.text += n;
      if (paragraph) m.prose += n;
      if (name === "A") m.links += n;
    } else if (c.nodeType === 1 && !UNSEEN.has(c.nodeName)) {
      const child = measure(c as Element, measures, paragraph);
      m.text += child.text;
      m.prose += child.prose;
      m.links += name === "A" ? child.text : child.links;
      m.heading ||= child.heading;
    }
  }
  measures.set(el, m);
  return m;
}

/**
 * The first words of the block's first paragraph of at least `minWords` words, or "" when it has none
 * (an intro's paragraph is a sentence or more: contact lines and labels are not an introduction).
 */
function probe(block: Element, minWords: number): string {
  for (const p of Array.from(block.getElementsByTagName("p"))) {
    const w = words(p.textContent ?? "");
    if (w.length >= minWords) return w.slice(0, THRESHOLDS.splitIntroProbeWords).join(" ");
  }
  return "";
}
