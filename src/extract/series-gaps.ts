/**
 * Readability keeps the blocks of one series (the numbered entries of a ranking, the sections of a
 * page built from one block type) by their scores one at a time: an entry whose text is short or whose
 * heading is a link scores below its neighbours, or its conditional clean-up takes it for a link box,
 * and the result keeps entries 3, 5 and 7 of ten. When a fair share of a series made it into
 * Readability's result, the entries it left out are the same kind of block and go back in their places.
 */
import { THRESHOLDS } from "./thresholds.ts";
import { saidIn, words, wordText } from "./words.ts";

/** Where a series may be: the layout blocks Readability keeps or drops whole. */
const BLOCKS = new Set(["DIV", "SECTION", "ARTICLE"]);

/** The block's kind: its tag and class, which every entry of one series shares. */
function kind(el: Element): string {
  return `${el.nodeName} ${(el.getAttribute("class") ?? "").trim()}`;
}

/** The attribute naming each entry of a series, kept through Readability (which may parse the page again). */
const MARK = "data-vellum-entry";

/** A series: copies of its entries as they were before Readability, in document order. */
export type Series = Element[];

/**
 * The page's series: children of one parent of the same tag and class, at least
 * `seriesGapsMinEntries` of them. Each entry is marked and copied: Readability moves nodes and, when
 * its first pass finds too little, parses the page again, so only the mark finds an entry afterwards.
 * Read after the boilerplate rules and before Readability.
 */
export function findSeries(body: Element): Series[] {
  const series: Series[] = [];
  const walk = (el: Element) => {
    if (el.childElementCount >= THRESHOLDS.seriesGapsMinEntries) {
      const groups = new Map<string, Element[]>();
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (!BLOCKS.has(c.nodeName) || !c.getAttribute("class")) continue;
        const k = kind(c);
        const group = groups.get(k);
        if (group) group.push(c);
        else groups.set(k, [c]);
      }
      for (const group of groups.values()) {
        if (group.length < THRESHOLDS.seriesGapsMinEntries) continue;
        for (const [i, entry] of group.entries()) entry.setAttribute(MARK, `${series.length}.${i}`);
        series.push(group.map((entry) => entry.cloneNode(true) as Element));
      }
    }
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) walk(c);
  };
  walk(body);
  return series;
}

/**
 * Puts back into `content` (Readability's result, before its clean-up) the entries of each series it
 * holds a fair share of but not all, each after the entry before it (before the first kept one when none is).
 * An entry without prose, or whose prose the content already has, stays out. Returns how many entries
 * went back.
 */
export function fillSeriesGaps(series: Series[], content: Element, textOf: (el: Element) => string): number {
  const marked = Array.from(content.querySelectorAll(`[${MARK}]`));
  const kept = new Map<string, Element>();
  for (const el of marked) kept.set(el.getAttribute(MARK)!, el);
  let contentWords: string | null = null;
  let filled = 0;
  for (const [s, entries] of series.entries()) {
    const at = entries.map((_, i) => kept.get(`${s}.${i}`));
    const count = at.filter(Boolean).length;
    if (count === entries.length || count < entries.length * THRESHOLDS.seriesGapsMinKept) continue;
    const first = at.find(Boolean)!;
    let previous: Element | null = null;
    for (const [i, entry] of entries.entries()) {
      const place = at[i];
      if (place) {
        previous = place;
        continue;
      }
      const probe = proseProbe(entry, textOf);
      if (!probe) continue;
      contentWords ??= wordText(textOf(content));
      if (saidIn(probe, contentWords)) continue;
      if (previous) previous.after(entry);
      else first.before(entry);
      previous = previous ? entry : null;
      filled++;
    }
  }
  for (const el of marked) el.removeAttribute(MARK);
  for (const entries of series) for (const entry of entries) entry.removeAttribute(MARK);
  return filled;
}

/**
 * The first words of the block's first paragraph of prose (enough words, not mostly a link's text),
 * or "" when it has none.
 */
function proseProbe(el: Element, textOf: (el: Element) => string): string {
  for (const p of Array.from(el.getElementsByTagName("p"))) {
    const text = textOf(p);
    const linked = Array.from(p.getElementsByTagName("a")).reduce((n, a) => n + textOf(a).length, 0);
    const pw = words(text);
    if (pw.length >= THRESHOLDS.seriesGapsProseWords && linked < text.length / 2)
      return pw.slice(0, THRESHOLDS.seriesGapsProseWords).join(" ");
  }
  return "";
}
