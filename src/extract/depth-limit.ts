// Bounds how deeply elements nest before a DOM is built from untrusted HTML (issue 11, item 1).
//
// The DOM and Readability do work per element that grows with its depth (ancestor walks, scoring up
// the tree), so a small page of nothing but nested tags costs far more than its size: 1,000 nested
// <div>s (12 KB) held a worker for its whole 20 s deadline. This pass runs on the string, in one linear
// scan, and drops the start and end tags of every element that would open deeper than `maxDepth`; their
// text, and the tags at or above the limit, are kept. The extraction's cost is then bounded by the page's
// size, not its shape.
//
// The scanner follows the HTML parser closely enough to measure real pages: void elements, raw-text
// elements (script, style, textarea, title…), comments, end tags that close the nearest open element of
// their name, and the implied end tags that real pages rely on (<p> before a block, <li> before <li>,
// <td>/<th>, <tr>, <dt>/<dd>, <option>). Where it is unsure it counts deeper, never shallower, so a
// hostile shape cannot slip under the limit; the cost of a wrong guess is only a flattened element.
// The limits were chosen from the benchmark pages (`bun scripts/measure-depth.ts` prints the figures):
// of the 181 article-extraction-benchmark pages and the 1,355 WCXB development pages, the deepest nests
// 56 levels by this count (p99 39) and the largest opens 9,405 elements (p99 6,141). Depth is what grows
// superlinearly (1,000 levels: 20 s and more); the element budget bounds the linear part (happy-dom and
// Readability took ~0.5 ms per element, so 12,000 elements are a few seconds whatever their shape).

/** Elements opened deeper than this lose their tags (not their text). */
export const MAX_DEPTH = 96;

/** Elements past this many lose their tags (not their text): see the module comment. */
export const MAX_KEPT_ELEMENTS = 12_000;

/**
 * Text (characters between tags, outside scripts and styles) after which the rest of the document
 * is dropped. Extraction costs ~2.7 s per MB of article text (measured on a 2-core machine), so a
 * 5 MiB page of nothing but paragraphs held a worker for 15-20 s; 1 MiB of text is ~170,000 words,
 * several times the longest article (the benchmark pages: p99 160,550 characters, max 411,241), and
 * extracts in about three seconds.
 */
export const MAX_TEXT_CHARS = 1024 * 1024;

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
  "frame",
  "basefont",
  "bgsound",
]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

/** Start tags that close an open <p> (HTML's "close a p element in button scope"). */
const CLOSES_P = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "center",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "li",
  "dd",
  "dt",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "ul",
]);
const P_SCOPE = new Set(["button", "table", "td", "th", "caption", "html", "template", "object", "marquee", "applet", "svg", "math"]);

/** For a start tag, the open elements it closes implicitly and where the search for them stops. */
const IMPLIED: Record<string, { closes: Set<string>; stop: Set<string> }> = {
  li: { closes: new Set(["li"]), stop: new Set(["ul", "ol", "menu", "dir", "table", "div", "section", "article"]) },
  dt: { closes: new Set(["dt", "dd"]), stop: new Set(["dl", "table", "div"]) },
  dd: { closes: new Set(["dt", "dd"]), stop: new Set(["dl", "table", "div"]) },
  tr: { closes: new Set(["tr"]), stop: new Set(["table", "tbody", "thead", "tfoot"]) },
  td: { closes: new Set(["td", "th"]), stop: new Set(["tr", "table"]) },
  th: { closes: new Set(["td", "th"]), stop: new Set(["tr", "table"]) },
  tbody: { closes: new Set(["tbody", "thead", "tfoot"]), stop: new Set(["table"]) },
  thead: { closes: new Set(["tbody", "thead", "tfoot"]), stop: new Set(["table"]) },
  tfoot: { closes: new Set(["tbody", "thead", "tfoot"]), stop: new Set(["table"]) },
  option: { closes: new Set(["option"]), stop: new Set(["select", "datalist"]) },
  optgroup: { closes: new Set(["option", "optgroup"]), stop: new Set(["select"]) },
  rt: { closes: new Set(["rt", "rp"]), stop: new Set(["ruby"]) },
  rp: { closes: new Set(["rt", "rp"]), stop: new Set(["ruby"]) },
};

/** How far back an implied end tag is looked for: bounded so a hostile stack cannot make it quadratic. */
const IMPLIED_LOOKBACK = 16;

interface Open {
  name: string;
  kept: boolean;
}

export interface DepthReport {
  html: string;
  /** The deepest nesting seen (before cutting). */
  maxDepth: number;
  /** Start tags dropped for being too deep or past the element budget. */
  dropped: number;
  /** Elements opened (start tags of non-void elements outside SVG and MathML). */
  elements: number;
  /** Text characters seen (outside raw-text elements). */
  textChars: number;
  /** The document was cut after `maxText` characters of text. */
  truncated: boolean;
}

/** Returns `html` with every element deeper than `maxDepth` unwrapped (tags dropped, content kept). */
export function limitDepth(html: string, maxDepth = MAX_DEPTH, maxElements = MAX_KEPT_ELEMENTS, maxText = MAX_TEXT_CHARS): string {
  return scanDepth(html, maxDepth, maxElements, maxText).html;
}

/** The scan behind `limitDepth`, with the figures the benchmark and tests use. */
export function scanDepth(html: string, maxDepth = MAX_DEPTH, maxElements = MAX_KEPT_ELEMENTS, maxText = MAX_TEXT_CHARS): DepthReport {
  const stack: Open[] = [];
  const openCount = new Map<string, number>();
  const out: string[] = [];
  let copied = 0;
  let deepest = 0;
  let dropped = 0;
  let elements = 0;
  let foreign = 0; // open <svg>/<math>: there `/>` really closes an element
  const n = html.length;

  const push = (name: string, kept: boolean) => {
    stack.push({ name, kept });
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (name === "svg" || name === "math") foreign++;
    if (stack.length > deepest) deepest = stack.length;
  };
  const pop = (): Open => {
    const top = stack.pop()!;
    openCount.set(top.name, openCount.get(top.name)! - 1);
    if (top.name === "svg" || top.name === "math") foreign--;
    return top;
  };
  const cut = (from: number, to: number) => {
    if (from > copied) out.push(html.slice(copied, from));
    copied = to;
  };
  /** Pops up to and including the nearest open `name`; returns whether that element's tags are kept. */
  const closeNamed = (name: string): boolean | null => {
    if (!openCount.get(name)) return null;
    for (;;) {
      const top = pop();
      if (top.name === name) return top.kept;
    }
  };
  const closeImplied = (closes: Set<string>, stop: Set<string>) => {
    for (let k = stack.length - 1, seen = 0; k >= 0 && seen < IMPLIED_LOOKBACK; k--, seen++) {
      const name = stack[k]!.name;
      if (closes.has(name)) {
        while (stack.length > k) pop();
        return;
      }
      if (stop.has(name)) return;
    }
  };

  let textChars = 0;
  let truncated = false;
  let lastEnd = 0; // where the previous tag, comment or raw-text element ended
  let i = html.indexOf("<");
  while (i !== -1 && i < n - 1) {
    if (i > lastEnd) {
      textChars += i - lastEnd;
      if (textChars > maxText) {
        // Everything from here on is dropped; the parser closes what is still open.
        cut(i, n);
        truncated = true;
        break;
      }
    }
    lastEnd = i;
    const c = html.charCodeAt(i + 1);
    if (c === 0x21 /* ! */) {
      const end = html.startsWith("<!--", i) ? html.indexOf("-->", i + 4) : html.indexOf(">", i + 2);
      if (end === -1) break;
      lastEnd = end + 1;
      i = html.indexOf("<", lastEnd);
      continue;
    }
    if (c === 0x3f /* ? */) {
      const end = html.indexOf(">", i + 2);
      if (end === -1) break;
      lastEnd = end + 1;
      i = html.indexOf("<", lastEnd);
      continue;
    }
    const closing = c === 0x2f; /* / */
    const nameStart = closing ? i + 2 : i + 1;
    if (!isAsciiLetter(html.charCodeAt(nameStart))) {
      i = html.indexOf("<", i + 1);
      continue;
    }
    let j = nameStart + 1;
    while (j < n && !isNameEnd(html.charCodeAt(j))) j++;
    const name = html.slice(nameStart, j).toLowerCase();
    const tag = tagEnd(html, j);
    if (tag.end === -1) break;
    const afterTag = tag.end + 1;

    if (closing) {
      if (!VOID.has(name)) {
        const kept = closeNamed(name);
        if (kept === false) cut(i, afterTag);
      }
      lastEnd = afterTag;
      i = html.indexOf("<", lastEnd);
      continue;
    }

    // Implied end tags first: they change the depth this element opens at.
    if (name === "p" || CLOSES_P.has(name)) {
      if (openCount.get("p")) closeImplied(P_CLOSERS, P_SCOPE);
    }
    const implied = IMPLIED[name];
    if (implied && implied.closes.size > 0) {
      let any = false;
      for (const closed of implied.closes) if (openCount.get(closed)) any = true;
      if (any) closeImplied(implied.closes, implied.stop);
    }

    const selfClosing = VOID.has(name) || (tag.selfClosing && foreign > 0);
    if (selfClosing) {
      // Kept even past the limit: it has no children and costs one node.
      lastEnd = afterTag;
      i = html.indexOf("<", lastEnd);
      continue;
    }
    if (foreign === 0) elements++;
    const kept = stack.length < maxDepth && elements <= maxElements;
    if (!kept) {
      cut(i, afterTag);
      dropped++;
    }
    push(name, kept);

    if (RAW_TEXT.has(name)) {
      // Raw text runs to the matching end tag; nothing inside is markup.
      const close = indexOfEndTag(html, name, afterTag);
      if (close === -1) break;
      const closeEnd = html.indexOf(">", close);
      if (closeEnd === -1) break;
      pop();
      if (!kept) cut(close, closeEnd + 1);
      lastEnd = closeEnd + 1;
      i = html.indexOf("<", lastEnd);
      continue;
    }
    lastEnd = afterTag;
    i = html.indexOf("<", lastEnd);
  }
  if (!truncated && i === -1 && n > lastEnd) textChars += n - lastEnd;
  if (copied === 0) return { html, maxDepth: deepest, dropped, elements, textChars, truncated };
  out.push(html.slice(copied));
  return { html: out.join(""), maxDepth: deepest, dropped, elements, textChars, truncated };
}

const P_CLOSERS = new Set(["p"]);

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isNameEnd(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d || code === 0x2f || code === 0x3e;
}

/**
 * Where the tag that started before `from` ends (its `>`), skipping quoted attribute values as the HTML
 * tokenizer does (a quote only opens a value after `=`). Linear: every character is looked at once.
 */
function tagEnd(html: string, from: number): { end: number; selfClosing: boolean } {
  const n = html.length;
  let k = from;
  let afterEquals = false;
  while (k < n) {
    const code = html.charCodeAt(k);
    if (code === 0x3e /* > */) return { end: k, selfClosing: html.charCodeAt(k - 1) === 0x2f };
    if (code === 0x3d /* = */) {
      afterEquals = true;
      k++;
      continue;
    }
    if (afterEquals && (code === 0x22 || code === 0x27)) {
      const close = html.indexOf(code === 0x22 ? '"' : "'", k + 1);
      if (close === -1) return { end: -1, selfClosing: false };
      k = close + 1;
      afterEquals = false;
      continue;
    }
    if (!(code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d)) afterEquals = false;
    k++;
  }
  return { end: -1, selfClosing: false };
}

/** The index of `</name` (any case) at or after `from` that ends a raw-text element, or -1. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}[\\s/>]`, "gi");
  pattern.lastIndex = from;
  const m = pattern.exec(html);
  return m ? m.index : -1;
}
