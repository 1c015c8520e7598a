/**
 * Two inline elements side by side with no space between them ("<span>SKU: NKZ5M2K2</span><span>MFR: 2020</span>",
 * "<span>Jane Modisett</span><span>Head of Design</span>", "<span>1h 54m</span><span>R</span>") are drawn
 * apart by the page's style sheet (a block, a flex item, a margin), which vellum does not read: their
 * texts ran together ("NKZ5M2K2MFR", "ModisettHead", "54mR"). A space goes between them where the two words they meet
 * at could not be one word: a lower-case letter before a capital or a digit, capitals or a digit before
 * a capital, a capital before a digit, a sentence's stop, comma or colon before a capital or a digit.
 * Two lower-case letters may be one word the page styled in parts ("Adve<span>nture</span>", a drop
 * cap, each letter animated), and so may two digits (a price's thousands or cents), so they stay as
 * they are; so does a word of one character before the meeting ("<b>i</b><span>Phone</span>"), and code.
 * Between an inline element and the text beside it, only a stop, comma or colon before a capital or a
 * digit is taken for two words ("By:<a>CAPCOM</a>").
 * On WCXB's tuning part, of such meetings whose words its ground truths hold, 1,052 are written apart
 * and 6 together (docs/extraction.md, "Words the page set side by side").
 */

import { edgeText, following } from "./dom-walk.ts";
import { THRESHOLDS } from "./thresholds.ts";

// The elements drawn in the line of text unless a style sheet says otherwise. Not code (whose words
// are exact), not superscripts and subscripts (a footnote's number, "km²", a price's cents: cents.ts).
// By local name: reading it costs a quarter of reading nodeName, on every element of the page.
const INLINE = new Set("a abbr b bdi bdo cite data dfn em font i ins del label mark q s small span strong time u".split(" "));
const CODE = "code, pre, kbd, samp, var, textarea";

// The last word of the first element and the first word of the second that are written apart: the
// first ends in a lower-case letter, a capital or a digit, or a stop, comma or colon after a word; the
// second starts with a capital or a digit. The word before is of THRESHOLDS.inlineGapMinWordChars characters or more.
const APART: Record<string, ReadonlySet<string>> = {
  lower: new Set(["upper", "digit"]),
  upper: new Set(["upper", "digit"]),
  digit: new Set(["upper"]),
  stop: new Set(["upper", "digit"]),
};

// A stop, comma or colon; the first character of a word written apart after one (a capital, a digit).
const STOPS = "[.!?:;,]";
const STOP = new RegExp(`^${STOPS}$`);
const STARTS_APART = /^[\p{Lu}\p{Nd}]$/u;

function kind(ch: string): "lower" | "upper" | "digit" | "stop" | null {
  if (/\p{Ll}/u.test(ch)) return "lower";
  if (/\p{Lu}/u.test(ch)) return "upper";
  if (/\p{Nd}/u.test(ch)) return "digit";
  if (STOP.test(ch)) return "stop";
  return null;
}

// The word an element's text ends with (and a stop after it), and the one the next element's text
// starts with. The end is looked for in the text's last END_CHARS characters: a pattern anchored at the
// end is tried from every position of a long run of letters, and the meeting needs only the last few.
// regex-linear: the last END_CHARS (40) characters of a text
const WORD_END = new RegExp(`[\\p{L}\\p{N}]+${STOPS}?$`, "u");
const WORD_START = /^[\p{L}\p{N}]+/u;
const END_CHARS = 40;

// A superscript's or subscript's text is a footnote's number or an exponent ("cavities.<a href="#fn2">
// <sup>2</sup></a>"), not a word of the line.
const RAISED = new Set(["sup", "sub"]);

/**
 * Whether the texts meet at two words that are written apart (APART); with `stopOnly`, only after a
 * stop, comma or colon. A stop or comma between digits is a number's ("$10.</span><span>99", "12,</span>
 * <span>999"), never apart.
 */
function meetApart(before: string, after: string, stopOnly = false): boolean {
  // Most meetings are at a space or a line break: no word meets another there.
  if (!after || !before || /\s/.test(after[0]!) || /\s/.test(before[before.length - 1]!)) return false;
  const end = WORD_END.exec(before.slice(-END_CHARS))?.[0];
  const start = WORD_START.exec(after)?.[0];
  if (!end || !start) return false;
  const word = STOP.test(end[end.length - 1]!) ? end.slice(0, -1) : end;
  if (word.length < THRESHOLDS.inlineGapMinWordChars) return false;
  const from = kind(end[end.length - 1]!);
  const to = kind(start[0]!);
  if (from === null || to === null || (stopOnly && from !== "stop")) return false;
  if (from === "stop" && to === "digit" && kind(word[word.length - 1]!) === "digit") return false;
  return APART[from]?.has(to) ?? false;
}

/**
 * Puts a space between every two inline elements side by side whose texts meet at two words written
 * apart, and between an inline element and the text beside it where a stop, comma or colon meets a
 * capital or a digit ("By:<a>CAPCOM</a>", "reviews:</span>196"); a capital after a lower-case letter
 * there is a word's part as often as not ("Power<b>Point</b>"). One walk of the tree; each pair reads
 * only the two texts where they meet. Returns how many spaces it put.
 */
export function spaceAdjacentInlines(doc: Document): number {
  if (!doc.body) return 0;
  // Code keeps its words as written: checked only where a space would go (closest climbs the tree).
  const space = (el: Element, before: boolean) => {
    if (el.closest(CODE)) return 0;
    if (before) el.before(doc.createTextNode(" "));
    else el.after(doc.createTextNode(" "));
    return 1;
  };
  let spaced = 0;
  // Every element in document order (dom-walk.ts elementsUnder's walk, without its list); a space put
  // after an element is a text node, which the walk by elements passes over.
  const root = doc.body;
  for (let el: Element | null = root.firstElementChild; el; el = following(el, root)) {
    if (!INLINE.has(el.localName)) continue;
    const prev = el.previousSibling;
    // Beside text, only a stop meets a word (meetApart's stopOnly): the text's last character says so.
    if (prev?.nodeType === 3 && STOP.test((prev as Text).data.slice(-1))) {
      if (meetApart((prev as Text).data, edgeText(el, "first", RAISED), true)) spaced += space(el, true);
    }
    const next = el.nextSibling;
    if (!next) continue;
    const nextText = next.nodeType === 3 && STARTS_APART.test((next as Text).data.slice(0, 1)) ? (next as Text).data : null;
    const nextInline = next.nodeType === 1 && INLINE.has((next as Element).localName) ? edgeText(next, "first", RAISED) : null;
    if (!nextText && !nextInline) continue;
    const before = edgeText(el, "last", RAISED);
    // One text twice ("NEW" and "NEW"): a phone's and a desktop's copy of one label, said once when glued
    // (markdown.ts withoutGluedTwins), not two words.
    if (!before || nextInline === before) continue;
    if ((nextText && meetApart(before, nextText, true)) || (nextInline && meetApart(before, nextInline))) spaced += space(el, false);
  }
  return spaced;
}
