// A string pre-pass run on every page before the DOM (linkedom, dom.ts) is built from it. It has two
// jobs:
//
// 1. Remove what can never be article content (scripts, styles, inline SVG, templates, comments,
//    form controls, frames, <link> elements) so the DOM parser has less to do. On news pages this is
//    often half of the bytes or more, and the DOM's time and memory grow with what it is given.
// 2. Mend input that a DOM's parser gets wrong where browsers do not, each of which silently drops
//    the rest of the page. linkedom reads `<![CDATA[` in HTML content up to `]]>` (or the end of the
//    page) where browsers end it at the first `>`. happy-dom 21, vellum's DOM until the eighth session
//    and still the benchmarks' second DOM (README, "Which DOM"), gets these wrong:
//    - `<style>`/`<script>` inside inline `<svg>`: the element is created in the SVG namespace with a
//      lower-case tag name, the raw-text end tag is compared upper-case, never matches, and the parser
//      stays in raw-text mode until the end of the document;
//    - a raw-text end tag that is not exactly `</script\s*>` (e.g. `</script\n type=x>` or
//      `</script/>`), which browsers accept;
//    - end tags carrying attributes (`</p class=x>`) are kept as literal text;
//    - a `<` that does not start a tag (`a <3 b`, `x <= y`) opens a bogus element that swallows the
//      following text; browsers treat it as text.
//
// The scan follows the HTML tokenizer where it matters (start tags are skipped with their quoted
// attribute values, raw-text elements end where browsers end them) but is one linear pass over the
// string with indexOf and sticky regexes: a 5 MB page takes a few milliseconds.
//
// Kept on purpose:
// - `<script type="application/ld+json">`: metadata and Readability read structured data from it.
//   Its `<` characters are escaped as `\u003c` (valid only inside JSON strings, where it means the
//   same), so happy-dom's raw-text scanning cannot misread anything inside it as a tag.
// - `<noscript>`: lazy-loading sites put the real `<img>` there; Readability swaps it for the
//   placeholder and then drops the noscript element itself.
// - `<template shadowrootmode>`: declarative shadow DOM is rendered content, so it is unwrapped.
// - `<script type="math/tex">`: a formula's TeX, written as math.ts's marked span.

import { cleanTex, FORMULA, FORMULA_TEX } from "./math.ts";
import { THRESHOLDS } from "./thresholds.ts";

const SCRIPT_END = /<\/script[\s/>]/gi;
const STYLE_END = /<\/style[\s/>]/gi;
const TEXTAREA_END = /<\/textarea[\s/>]/gi;
const TITLE_END = /<\/title[\s/>]/gi;
// Form controls and frames: never article text, and plentiful on news pages (menus, search boxes,
// share buttons). None of them nests inside itself. A button's end is found as a video's is
// (elementContentEnd); a select's and a frame's by their end tags.
const CONTROL_END: Record<string, RegExp> = {
  select: /<\/select[\s/>]/gi,
  iframe: /<\/iframe[\s/>]/gi,
};
const TYPE_ATTR = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const ID_ATTR = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
// A TeX formula's script type; the group is set for a displayed formula.
// The white space after the type is read in one run, or after the mode: two runs side by side tried
// every split of a long run of spaces (quadratic on a hostile type attribute).
const MATH_SCRIPT_TYPE = /^math\/tex\s*(?:;\s*mode\s*=\s*(display)\s*)?$/;
const CONTROLS_ATTR = /(?:^|\s)aria-controls\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const SHADOW_ROOT_ATTR = /(?:^|\s)shadowrootmode\s*=/i;
const SVG_OR_TEMPLATE_TAG = /<(\/?)([a-zA-Z][^\s/>]*)/g;

// HTML start tags that end foreign (SVG) content in a browser: the "breakout" list of the HTML
// standard's rules for parsing tokens in foreign content. A page that forgets `</svg>` recovers at
// the next of these, so we must not remove the article that follows.
const SVG_BREAKOUT = new Set([
  "b",
  "big",
  "blockquote",
  "body",
  "br",
  "center",
  "code",
  "dd",
  "div",
  "dl",
  "dt",
  "em",
  "embed",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "head",
  "hr",
  "i",
  "img",
  "li",
  "listing",
  "menu",
  "meta",
  "nobr",
  "ol",
  "p",
  "pre",
  "ruby",
  "s",
  "small",
  "span",
  "strong",
  "strike",
  "sub",
  "sup",
  "table",
  "tt",
  "u",
  "ul",
  "var",
]);
// Inside these SVG elements HTML is parsed as HTML (HTML integration points), so no breakout there.
const SVG_INTEGRATION_POINTS = new Set(["foreignobject", "desc", "title"]);

const enum Ch {
  Bang = 33, // !
  DoubleQuote = 34,
  SingleQuote = 39,
  Slash = 47,
  Equals = 61,
  Gt = 62,
  Question = 63,
  LowerA = 97,
}

// Elements this pass cuts with their end tags (or replaces with plain text): they leave nothing open.
const CUT_WHOLE = new Set(["script", "style", "textarea", "title", "svg", "template", "select", "button", "iframe"]);
// Elements with no end tag: they open nothing a link's end could close.
const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

function isAsciiAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** End of the tag name starting at `from`: the first space, `/` or `>` (or the end of the string). */
function tagNameEnd(html: string, from: number): number {
  const n = html.length;
  let i = from;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === Ch.Gt || c === Ch.Slash || isSpace(c)) break;
    i++;
  }
  return i;
}

/** Index just past the `-->` or `--!>` that closes a comment whose body starts at `from`, or -1. */
function commentEnd(html: string, from: number): number {
  for (let i = html.indexOf("--", from); i !== -1; i = html.indexOf("--", i + 1)) {
    const c = html.charCodeAt(i + 2);
    if (c === Ch.Gt) return i + 3;
    if (c === Ch.Bang && html.charCodeAt(i + 3) === Ch.Gt) return i + 4;
  }
  return -1;
}

/**
 * Index just past the `>` that ends the start tag whose attributes begin at `from`, honouring quoted
 * attribute values the way the tokenizer does (a quote only opens a value right after `=`), or -1
 * when the document ends inside the tag.
 */
function startTagEnd(html: string, from: number): number {
  const n = html.length;
  let i = from;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === Ch.Gt) return i + 1;
    if (c === Ch.Equals) {
      i++;
      while (i < n && isSpace(html.charCodeAt(i))) i++;
      const q = html.charCodeAt(i);
      if (q === Ch.DoubleQuote || q === Ch.SingleQuote) {
        const close = html.indexOf(q === Ch.DoubleQuote ? '"' : "'", i + 1);
        if (close === -1) return -1;
        i = close + 1;
      }
      continue;
    }
    i++;
  }
  return -1;
}

function attrId(attrs: string): string {
  const m = ID_ATTR.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "").trim() : "";
}

function attrType(attrs: string): string {
  const m = TYPE_ATTR.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? "").trim().toLowerCase() : "";
}

/**
 * The marked span of math.ts for a script of type `type` holding TeX (its raw text `tex`), or null when
 * the script holds no formula. The id stays: a saved page's drawing of the formula is named after it.
 */
function formulaFromScript(type: string, attrs: string, tex: string): string | null {
  const m = MATH_SCRIPT_TYPE.exec(type);
  if (!m || !tex.trim()) return null;
  const id = ID_ATTR.exec(attrs);
  const idValue = id ? (id[1] ?? id[2] ?? id[3] ?? "") : "";
  const display = m[1] ? "display" : "inline";
  const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
  const idAttr = idValue ? ` id="${escaped(idValue)}"` : "";
  return `<span ${FORMULA}="${display}" ${FORMULA_TEX}=""${idAttr}>${escaped(cleanTex(tex))}</span>`;
}

export interface MendOptions {
  /**
   * A disclosure's button that opens a heading (the ARIA accordion: `<h3><button aria-expanded
   * aria-controls>Question</button></h3>`) keeps its words, the heading's only text (rule
   * `disclosure-titles`). Default on.
   */
  disclosureTitles?: boolean;
  /** A video's or audio element's fallback content goes, the element stays (rule `media-fallback`). Default on. */
  mediaFallback?: boolean;
  /**
   * A script holding a formula's TeX (`type="math/tex"`, `; mode=display` for a displayed one: a page
   * whose renderer has not run) becomes the marked span of math.ts instead of going with the other
   * scripts (rule `math`). Default on.
   */
  mathScripts?: boolean;
  /**
   * A link inside an element inside another link (a card's colour swatches, each in its own block,
   * inside the card's link) becomes a span (rule `nested-links`). Default on.
   */
  nestedLinks?: boolean;
  /**
   * A button whose text is a question of several words (an FAQ's: "How long does delivery take?") keeps
   * that text (rule `question-buttons`). Default on.
   */
  questionButtons?: boolean;
  /**
   * A disclosure's button that names no panel (`aria-expanded` without `aria-controls`) leaves an empty
   * button saying so, so the hidden-page rule can lift the panel right after it (rule `unnamed-panels`).
   * Default on.
   */
  unnamedPanels?: boolean;
  /**
   * The page holds a React streamed render (streamed.ts): its boundary comments (`<!--$?-->`,
   * `<!--/$-->` …) and the empty templates that mark where a segment goes (`<template id="B:0">`) are
   * kept for completeStreamedRender, which removes them. Default off: every other comment and template goes.
   */
  streamMarks?: boolean;
}

// A React boundary's comment: opened (`$`), pending (`$?`), failed (`$!`) or closed (`/$`).
const STREAM_COMMENT = /<!--(?:\$[?!]?|\/\$)-->/y;
/** Whether html[from, end) is one of a React boundary's comments, and nothing more. */
function isStreamComment(html: string, from: number, end: number): boolean {
  STREAM_COMMENT.lastIndex = from;
  return STREAM_COMMENT.test(html) && STREAM_COMMENT.lastIndex === end;
}
// The id of a boundary's template or a placeholder, with the prefix a server may add (streamed.ts).
const STREAM_TEMPLATE_ID = /^[\w-]{0,24}?[BP]:[0-9a-zA-Z]{1,16}$/;

// The start of a heading with nothing but start tags after it: a button placed there is the heading's
// text. Read over the last HEADING_LOOKBACK characters before the button.
// regex-linear: the HEADING_LOOKBACK (300) characters before a button
const HEADING_OPENED = /<h[1-6](?:\s[^>]*)?>\s*(?:<(?!\/)[^>]*>\s*)*$/i;
const HEADING_LOOKBACK = 300;

/**
 * What is left of a removed button: nothing, or, for a button that opens a panel (an accordion's
 * question), an empty button naming that panel, so the hidden-page rule can lift it (unhide.ts); with
 * `unnamed`, a disclosure's button naming no panel leaves an empty button that says it is one, whose
 * panel is the block after it.
 */
function disclosureMark(attrs: string, unnamed: boolean): string | undefined {
  if (!/(?:^|\s)aria-expanded\b/i.test(attrs)) return undefined;
  const m = CONTROLS_ATTR.exec(attrs);
  const ids = (m ? (m[1] ?? m[2] ?? m[3] ?? "") : "").replace(/[^\w\s:.-]/g, "").trim();
  if (ids) return `<button aria-expanded="false" aria-controls="${ids}"></button>`;
  return unnamed && !m ? `<button aria-expanded="false"></button>` : undefined;
}

/**
 * The text of a button that is a question (an FAQ's question drawn as the control that opens its
 * answer: "How long does delivery take?"), or "". A control's label is a command or a name ("Add to
 * cart", "Menu"), never a question of several words, so the question is the page's text and stays.
 */
function questionText(inner: string): string {
  if (inner.length > THRESHOLDS.questionButtonMaxMarkup) return "";
  // Tags part words ("<div>How</div><div>long</div>"), but no space goes before punctuation ("<em>now</em>?").
  const text = inner
    .replace(TAG, " ")
    .replace(/\s+/g, " ")
    .replace(/ (?=[?!.,;:])/g, "")
    .trim();
  return isQuestion(text) ? text : "";
}

/** Whether a control's label (whitespace collapsed) is a question of several words, not a command or a name. */
export function isQuestion(label: string): boolean {
  return (
    label.endsWith("?") && label.length <= THRESHOLDS.questionButtonMaxChars && label.split(" ").length >= THRESHOLDS.questionButtonMinWords
  );
}

// A tag within a button's markup (bounded by questionButtonMaxMarkup, so a stray "<" costs little).
// regex-linear: a button's markup, at most questionButtonMaxMarkup characters
const TAG = /<[^>]*>/g;

/** Where the raw-text element's content ends and where its end tag ends; -1s when unterminated. */
function rawTextEnd(html: string, from: number, endTag: RegExp): [contentEnd: number, after: number] {
  endTag.lastIndex = from;
  const m = endTag.exec(html);
  if (!m) return [-1, -1];
  const gt = html.indexOf(">", m.index + m[0].length - 1);
  return [m.index, gt === -1 ? html.length : gt + 1];
}

// A start or end tag, with its name, read to its first `>`: not by startTagEnd, which honours quoted
// values as containerEnd needs. A `>` inside a quoted value only ends a walk early (less is cut), and a
// quote the page leaves open cannot make each element's walk read to the end of the page. A try that
// finds no ">" would read to the end of the page, and the next "<" would do so again: it is run on the
// page up to its last ">" only (`tagged`), where every try that starts a tag ends at a ">".
// regex-linear: run on the page up to its last ">" (elementContentEnd's `tagged`)
const CONTENT_TAG = /<(\/?)([a-zA-Z][^\s/>]*)[^>]*>/g;

// The end tags of the elements whose content elementContentEnd reads.
const CONTENT_END: Record<string, RegExp> = {
  button: /<\/button[\s/>]/gi,
  video: /<\/video[\s/>]/gi,
  audio: /<\/audio[\s/>]/gi,
};

/**
 * Where a button's, video's or audio element's content ends, and where the cut resumes: at its own
 * end tag (cut with it), or earlier, at the first end tag that closes an element opened before it (kept),
 * or at a start tag of its own name. Their content is markup, not raw text, and "/>" does not close
 * them. A browser closes a video at its parent's end tag ("<div><video …></div><p>Story…" leaves the
 * story outside, and hides only what the video held); it draws all a button holds, and a button left
 * open (a search box's "<button class=search />") holds the rest of the page, drawn as its label. Either
 * way the text after that end tag is the reader's, so the next element's end tag, further on, must not
 * end this one. Past elementContentMaxTags tags of content its own end tag is sought as before, once per
 * page when there is none (`unended` holds the names with none left). -1s when the element is not ended.
 * `tagged` is `html` up to its last ">" (CONTENT_TAG's bound).
 */
function elementContentEnd(
  html: string,
  tagged: string,
  from: number,
  name: string,
  unended: Set<string>,
): [contentEnd: number, after: number] {
  const open = new Map<string, number>();
  CONTENT_TAG.lastIndex = from;
  for (let n = 0; n < THRESHOLDS.elementContentMaxTags; n++) {
    const m = CONTENT_TAG.exec(tagged);
    if (!m) return [-1, -1];
    const tag = m[2]!.toLowerCase();
    if (VOID_ELEMENTS.has(tag)) continue;
    const depth = open.get(tag) ?? 0;
    // A start tag of its own name closes it too (a browser does so for a button).
    if (!m[1] && tag === name) return [m.index, m.index];
    if (!m[1]) open.set(tag, depth + 1);
    else if (depth > 0) open.set(tag, depth - 1);
    else if (tag === name) return [m.index, m.index + m[0].length];
    else return [m.index, m.index];
  }
  if (unended.has(name)) return [-1, -1];
  const found = rawTextEnd(html, from, CONTENT_END[name]!);
  if (found[0] === -1) unended.add(name);
  return found;
}

/**
 * End of an `<svg>` or `<template>` element that started at `from` (just past its start tag):
 * the index where the removed region ends and whether the closing tag was found. Nested elements of
 * the same name are counted. For SVG, an HTML breakout tag outside an integration point ends the
 * region before that tag, as in a browser. When no end is found, only the start tag is removed.
 */
function containerEnd(html: string, from: number, name: "svg" | "template"): number {
  let depth = 1;
  let integration = 0;
  SVG_OR_TEMPLATE_TAG.lastIndex = from;
  for (let m = SVG_OR_TEMPLATE_TAG.exec(html); m; m = SVG_OR_TEMPLATE_TAG.exec(html)) {
    const closing = m[1] === "/";
    const tag = m[2]!.toLowerCase();
    const tagEnd = closing ? html.indexOf(">", SVG_OR_TEMPLATE_TAG.lastIndex) : startTagEnd(html, SVG_OR_TEMPLATE_TAG.lastIndex) - 1;
    if (tagEnd < 0) return -1;
    if (tag === name) {
      if (closing) depth--;
      else if (html.charCodeAt(tagEnd - 1) !== Ch.Slash) depth++;
      if (depth === 0) return tagEnd + 1;
    } else if (name === "svg") {
      if (SVG_INTEGRATION_POINTS.has(tag)) {
        if (closing) integration = Math.max(0, integration - 1);
        else if (html.charCodeAt(tagEnd - 1) !== Ch.Slash) integration++;
      } else if (integration === 0 && SVG_BREAKOUT.has(tag) && (!closing || tag === "br" || tag === "p")) {
        return m.index;
      }
    }
    SVG_OR_TEMPLATE_TAG.lastIndex = tagEnd + 1;
  }
  return -1;
}

// A DOM holds a KB or more per element (happy-dom several), so a page of nothing but nested tags (5 MB
// of them is some 250,000 elements) would need gigabytes. Real article pages have far fewer elements
// once scripts and SVG are gone: at most 1,600 across the 181 benchmark pages. Past this many start tags the rest of
// the document is dropped, which bounds a worker's memory at a few hundred MB whatever the page.
export const MAX_ELEMENTS = 30_000;

/**
 * The start tags mendHtml acts on (the cases of its switch; add a name here with its case).
 * tests/extract/mend-html.test.ts checks that each one, in any letter case, is acted on.
 */
export const MENDED_TAGS = [
  "script",
  "style",
  "textarea",
  "title",
  "svg",
  "template",
  "input",
  "link",
  "select",
  "button",
  "iframe",
  "video",
  "audio",
] as const;
const LONGEST_MENDED_TAG = Math.max(...MENDED_TAGS.map((name) => name.length));

/**
 * Returns `html` without the parts that can never be article content and with the constructs that
 * linkedom or happy-dom 21 misparse rewritten into forms they parse like a browser. Text content,
 * links, images, tables and metadata (`<meta>`, `<title>`, JSON-LD) are preserved; the document is cut
 * after `maxElements` start tags.
 */
export function mendHtml(html: string, maxElements = MAX_ELEMENTS, options: MendOptions = {}): string {
  const titles = options.disclosureTitles !== false;
  const questions = options.questionButtons !== false;
  const unnamed = options.unnamedPanels !== false;
  const nestedLinks = options.nestedLinks !== false;
  const mediaFallback = options.mediaFallback !== false;
  const mathScripts = options.mathScripts !== false;
  const streamMarks = options.streamMarks === true;
  // A link inside a link: linkedom's parser moves the inner link out after the outer one, in reverse
  // order, and leaves the blocks that held it empty, so a card's swatches or badges, each a block on
  // screen, run together into one word ("VioletOrange Sun"). A browser's parser keeps the inner link
  // in its block. With `nestedLinks`, a link opened inside an element that opened inside a link
  // (`linkDepth` such elements) is written as a span, and its end tag too; a link opened right after an
  // unclosed one (no element between them) is left to the parser, which closes the first as a browser does.
  let linkOpen = false;
  let linkDepth = 0;
  let spans = 0;
  let elements = 0;
  // Names of the elements whose end tag the rest of the page lacks (elementContentEnd).
  const unended = new Set<string>();
  // The page up to its last ">", cut once, when a button, video or audio element is first read.
  let taggedHtml: string | undefined;
  const tagged = () => (taggedHtml ??= html.slice(0, html.lastIndexOf(">") + 1));
  const out: string[] = [];
  let copied = 0; // html[copied, i) is still to be copied to `out`
  const n = html.length;

  // Drops html[from, to) from the output, flushing what precedes it.
  const cut = (from: number, to: number, replacement = "") => {
    if (from > copied) out.push(html.slice(copied, from));
    if (replacement) out.push(replacement);
    copied = to;
  };

  let i = html.indexOf("<");
  while (i !== -1 && i < n - 1) {
    const c = html.charCodeAt(i + 1);
    let next = i + 1;

    if (c === Ch.Bang) {
      if (html.startsWith("<!--", i)) {
        // `<!-->` and `<!--->` are complete (empty) comments; otherwise the first `-->` or `--!>`.
        let end: number;
        if (html.startsWith(">", i + 4)) end = i + 5;
        else if (html.startsWith("->", i + 4)) end = i + 6;
        else {
          const close = commentEnd(html, i + 4);
          end = close === -1 ? n : close;
        }
        if (!streamMarks || !isStreamComment(html, i, end)) cut(i, end);
        next = end;
      } else if (html.startsWith("<![CDATA[", i)) {
        // In HTML content a browser reads `<![CDATA[` as a bogus comment up to the first `>`; linkedom's
        // parser would run to `]]>`, or to the end of the page when there is none.
        const gt = html.indexOf(">", i + 9);
        const end = gt === -1 ? n : gt + 1;
        cut(i, end);
        next = end;
      }
      // `<!DOCTYPE …>` is left to the parser.
    } else if (c === Ch.Slash) {
      if (isAsciiAlpha(html.charCodeAt(i + 2))) {
        const nameEnd = tagNameEnd(html, i + 2);
        if (linkOpen) {
          if (nameEnd === i + 3 && (html.charCodeAt(i + 2) | 32) === Ch.LowerA) {
            if (spans > 0) {
              spans--;
              const gt = html.indexOf(">", nameEnd);
              const end = gt === -1 ? n : gt + 1;
              cut(i, end, "</span>");
              i = html.indexOf("<", end);
              continue;
            }
            linkOpen = false;
          } else if (!VOID_ELEMENTS.has(html.slice(i + 2, nameEnd).toLowerCase()) && --linkDepth < 0) linkOpen = false;
        }
        let j = nameEnd;
        while (j < n && isSpace(html.charCodeAt(j))) j++;
        if (html.charCodeAt(j) === Ch.Gt) {
          next = j + 1;
        } else {
          // happy-dom only recognises `</name\s*>`; anything more would be kept as visible text.
          const gt = html.indexOf(">", j);
          const end = gt === -1 ? n : gt + 1;
          cut(i, end, `</${html.slice(i + 2, nameEnd)}>`);
          next = end;
        }
      } else {
        // `</>` is ignored by browsers and `</` + anything else opens a bogus comment up to `>`.
        const gt = html.indexOf(">", i + 2);
        const end = gt === -1 ? n : gt + 1;
        cut(i, end);
        next = end;
      }
    } else if (c === Ch.Question) {
      // A processing instruction is a bogus comment in HTML.
      const gt = html.indexOf(">", i + 2);
      const end = gt === -1 ? n : gt + 1;
      cut(i, end);
      next = end;
    } else if (isAsciiAlpha(c)) {
      const attrsStart = tagNameEnd(html, i + 1);
      const nameLength = attrsStart - i - 1;
      const end = startTagEnd(html, attrsStart);
      if (end === -1) {
        // The document ends inside a start tag: a browser drops the unfinished tag.
        cut(i, n);
        break;
      }
      if (++elements > maxElements) {
        cut(i, n);
        break;
      }
      next = end;
      if (nestedLinks && nameLength === 1 && (c | 32) === Ch.LowerA) {
        if (linkOpen && linkDepth > 0) {
          spans++;
          cut(i, end, `<span${html.slice(attrsStart, end)}`);
        } else {
          linkOpen = true;
          linkDepth = 0;
          spans = 0;
        }
      } else if (linkOpen && html.charCodeAt(end - 2) !== Ch.Slash) {
        const name = html.slice(i + 1, attrsStart).toLowerCase();
        if (!VOID_ELEMENTS.has(name) && !CUT_WHOLE.has(name)) linkDepth++;
      }
      // No name handled below is longer than MENDED_TAGS' longest: longer ones are not lower-cased.
      const tagName = nameLength <= LONGEST_MENDED_TAG ? html.slice(i + 1, attrsStart).toLowerCase() : "";
      switch (tagName) {
        case "script": {
          const [contentEnd, after] = rawTextEnd(html, end, SCRIPT_END);
          const stop = after === -1 ? n : after;
          const attrs = html.slice(attrsStart, end - 1);
          const type = attrType(attrs);
          const formula =
            mathScripts && contentEnd !== -1 && type.startsWith("math/")
              ? formulaFromScript(type, attrs, html.slice(end, contentEnd))
              : null;
          if (type === "application/ld+json" && contentEnd !== -1) {
            const json = html.slice(end, contentEnd).replaceAll("<", "\\u003c");
            cut(i, stop, `<script type="application/ld+json">${json}</script>`);
          } else if (formula) {
            cut(i, stop, formula);
          } else {
            cut(i, stop);
          }
          next = stop;
          break;
        }
        case "style":
        case "textarea": {
          const [, after] = rawTextEnd(html, end, tagName.length === 5 ? STYLE_END : TEXTAREA_END);
          const stop = after === -1 ? n : after;
          cut(i, stop);
          next = stop;
          break;
        }
        case "title": {
          // RCDATA in browsers: markup inside a title is text. happy-dom would build elements from it.
          const [contentEnd, after] = rawTextEnd(html, end, TITLE_END);
          if (contentEnd !== -1) {
            const text = html.slice(end, contentEnd).replaceAll("<", "&lt;");
            cut(i, after, `${html.slice(i, end)}${text}</title>`);
            next = after;
          }
          break;
        }
        case "svg": {
          if (html.charCodeAt(end - 2) === Ch.Slash) {
            cut(i, end); // `<svg/>` is self-closed in foreign content
            break;
          }
          const stop = containerEnd(html, end, "svg");
          cut(i, stop === -1 ? end : stop);
          next = stop === -1 ? end : stop;
          break;
        }
        case "template": {
          const stop = containerEnd(html, end, "template");
          if (stop === -1) {
            cut(i, end);
            break;
          }
          if (SHADOW_ROOT_ATTR.test(html.slice(attrsStart, end - 1))) {
            // Rendered content: keep it, mended, without the template wrapper.
            const closeTag = html.lastIndexOf("<", stop - 1);
            cut(i, stop, mendHtml(html.slice(end, closeTag), maxElements, options));
          } else {
            const id = streamMarks ? attrId(html.slice(attrsStart, end - 1)) : "";
            cut(i, stop, STREAM_TEMPLATE_ID.test(id) ? `<template id="${id}"></template>` : "");
          }
          next = stop;
          break;
        }
        case "input": {
          // Checkboxes stay: GFM task lists are made of them.
          const type = attrType(html.slice(attrsStart, end - 1));
          if (type !== "checkbox" && type !== "radio") cut(i, end);
          break;
        }
        case "link":
          // Style sheets, preloads and icons; nothing downstream reads <link> elements.
          cut(i, end);
          break;
        case "video":
        case "audio": {
          // Its content is what a browser without video or audio shows instead ("Your browser does not
          // support the video tag."): no browser a reader uses shows it.
          if (!mediaFallback || html.charCodeAt(end - 2) === Ch.Slash) break;
          const [contentEnd, after] = elementContentEnd(html, tagged(), end, tagName, unended);
          if (contentEnd === -1) break;
          // The element with its attributes (its poster and source) and nothing inside.
          cut(end, after, `</${tagName}>`);
          next = after;
          // Its end tag, cut with its content, closes what its start tag opened.
          if (linkOpen) linkDepth--;
          break;
        }
        case "select":
        case "button":
        case "iframe": {
          // A select's content is read to its end tag whatever comes between; a frame's is raw text.
          const [contentEnd, after] =
            tagName === "button" ? elementContentEnd(html, tagged(), end, tagName, unended) : rawTextEnd(html, end, CONTROL_END[tagName]!);
          const stop = after === -1 ? end : after;
          let kept: string | undefined;
          if (tagName === "button") {
            const mark = disclosureMark(html.slice(attrsStart, end - 1), unnamed);
            // A disclosure's button is its title (an accordion's question): its words stay before the mark.
            const titled =
              titles && mark !== undefined && contentEnd !== -1 && HEADING_OPENED.test(html.slice(Math.max(0, i - HEADING_LOOKBACK), i));
            // Elsewhere a button whose text is a question (an FAQ's) keeps that text, without its markup.
            const question = !titled && questions && contentEnd !== -1 ? questionText(html.slice(end, contentEnd)) : "";
            if (titled) kept = mendHtml(html.slice(end, contentEnd), maxElements, options) + mark;
            else kept = question ? `${mark ?? ""}<span>${question}</span>` : mark;
          }
          cut(i, stop, kept);
          next = stop;
          break;
        }
      }
    } else {
      // `<` not followed by a letter, `/`, `!` or `?` is text in a browser.
      cut(i, i + 1, "&lt;");
    }
    i = html.indexOf("<", next);
  }
  if (copied === 0) return html;
  if (copied < n) out.push(html.slice(copied));
  return out.join("");
}
