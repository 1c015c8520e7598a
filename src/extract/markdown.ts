// HTML to Markdown: turndown configured for what users of article extractors complain that peers lose.
//
// - Tables: turndown-plugin-gfm 1.0.2 converts a table only when its first row is made of <th>, and
//   keeps every other table as raw HTML. Most tables in articles have no <th>, so our own rules make
//   the first row the header, pad ragged rows, expand colspans and keep cells on one line. Layout
//   tables (one column, one row, nested tables, role=presentation) are unwrapped into blocks instead.
// - Code: any <pre> becomes a fenced block (turndown only handles <pre><code>), with the language
//   taken from `language-*`/`lang-*`/`highlight-source-*`/`brush:` classes or `data-lang`, and a fence
//   longer than any backtick run inside.
// - Links and images are resolved to absolute URLs against the page's base (final URL and <base href>).
//   Lazy images get their real source from `data-src`-style attributes or the best `srcset` candidate.
// - ATX headings, `-` bullets, `*` emphasis (valid inside words, unlike `_`), `~~` strikethrough, GFM
//   task lists; a `<` in text is written `&lt;` so it cannot read as a tag.
import TurndownService from "turndown";
import { edgeText, INLINE_ELEMENTS } from "./dom-walk.ts";
import { withReferencesDecoded } from "./escaped-twice.ts";
import { withoutLinks, withoutLinkTargets } from "./markdown-links.ts";
import { FORMULA, FORMULA_TEX } from "./math.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { isNewline, isSpaceOrTab, trimEndWhile } from "./trim.ts";
import { wordCount } from "./words.ts";

type Rule = TurndownService.Rule;

// Attributes lazy-loading scripts read the real image URL from, most specific first.
const LAZY_SRC_ATTRS = [
  "data-src",
  "data-lazy-src",
  "data-original",
  "data-lazy",
  "data-original-src",
  "data-hi-res-src",
  "data-full-src",
  "data-url",
];
const LAZY_SRCSET_ATTRS = ["data-srcset", "data-lazy-srcset", "srcset"];
// A `src` that is only there until a script swaps in the real image: a data: URI, or a file named for
// what it is ("blank.gif", "grey-placeholder.png", "lazy.svg"), not a photo that merely has "lazy"
// in its name ("lazy-photo.jpg").
const PLACEHOLDER_SRC =
  /^data:|^about:|(?:^|\/)(?:[\w-]*[-_])?(?:blank|spacer|placeholder|pixel|transparent|lazy|loading|loader|grey|gray|empty|1x1)(?:[-_]?\d+(?:x\d+)?)?\.(?:gif|png|svg|webp)(?:$|[?#])/i;
const UNSAFE_SCHEME = /^\s*(?:javascript|vbscript|data|file):/i;

const CODE_LANGUAGE_CLASS = /(?:^|\s)(?:language|lang|highlight-source|highlight-text|highlight)-([\w+#.-]+)|(?:^|\s)brush:\s*([\w+#.-]+)/i;
const LINE_NUMBER_CLASS = /(?:^|[\s_-])(?:line-?numbers?|linenos?|gutter|lineno)(?:$|[\s_-])/i;

/** Resolves `value` against `base`; null for an unusable or unsafe reference. */
export function absoluteUrl(value: string | null | undefined, base: string): string | null {
  const v = value?.trim();
  if (!v || UNSAFE_SCHEME.test(v)) return null;
  try {
    return new URL(v, base).href;
  } catch {
    return null;
  }
}

/** The candidate of a `srcset` with the largest width (or density) descriptor. */
export function bestSrcsetCandidate(srcset: string | null | undefined): string | null {
  let best: string | null = null;
  let bestScore = -1;
  for (const { url, descriptor } of srcsetCandidates(srcset ?? "")) {
    const w = /^(\d+)w$/.exec(descriptor);
    const x = /^(\d+(?:\.\d+)?|\.\d+)x$/.exec(descriptor);
    // Widths compare with widths; a density (or none, meaning 1x) compares with densities.
    const score = w ? Number(w[1]) : x ? Number(x[1]) : 1;
    if (score > bestScore) {
      best = url;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The HTML standard's srcset parsing, simplified: a URL is a run of non-space characters (CDN URLs
 * carry commas, so a comma only ends a URL at its very end), then descriptors up to the next comma.
 */
function srcsetCandidates(srcset: string): { url: string; descriptor: string }[] {
  const out: { url: string; descriptor: string }[] = [];
  let i = 0;
  const n = srcset.length;
  while (i < n) {
    while (i < n && /[\s,]/.test(srcset.charAt(i))) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && !/\s/.test(srcset.charAt(j))) j++;
    let url = srcset.slice(i, j);
    let descriptor = "";
    if (url.endsWith(",")) {
      url = trimEndWhile(url, (code) => code === 44); // trailing commas
      i = j;
    } else {
      const comma = srcset.indexOf(",", j);
      const end = comma === -1 ? n : comma;
      descriptor = srcset.slice(j, end).trim();
      i = end + 1;
    }
    if (url) out.push({ url, descriptor });
  }
  return out;
}

/**
 * An image declared one pixel wide or high draws nothing a reader sees: a tracking pixel (1 x 1) or the
 * spacer an old table layout indents with (`<img src="s.gif" height="1" width="40">`, a thread's reply
 * depth). Its Markdown would be a bare `![](…)` line between the posts. A size of 0 is no such sign:
 * responsive pictures declare 0 x 0 and take their size from the style sheet.
 */
function isSpacer(img: Element): boolean {
  const declared = (name: string) => {
    const value = img.getAttribute(name)?.trim();
    return value && /^\d+(?:px)?$/.test(value) ? Number.parseInt(value, 10) : null;
  };
  const width = declared("width");
  const height = declared("height");
  return width === 1 || height === 1;
}

/** The real source of an image, seeing through lazy-loading placeholders; null when there is none. */
export function imageSource(img: Element, base: string): string | null {
  for (const attr of LAZY_SRC_ATTRS) {
    const v = img.getAttribute(attr);
    if (v && !PLACEHOLDER_SRC.test(v) && !/[{}\s]/.test(v.trim())) {
      const url = absoluteUrl(v, base);
      if (url) return url;
    }
  }
  const src = img.getAttribute("src");
  if (src && !PLACEHOLDER_SRC.test(src.trim())) {
    const url = absoluteUrl(src, base);
    if (url) return url;
  }
  const sets = LAZY_SRCSET_ATTRS.map((a) => img.getAttribute(a));
  const picture = img.parentElement?.nodeName === "PICTURE" ? img.parentElement : null;
  if (picture) {
    for (const source of Array.from(picture.children)) {
      if (source.nodeName === "SOURCE") sets.push(source.getAttribute("srcset"), source.getAttribute("data-srcset"));
    }
  }
  for (const set of sets) {
    const candidate = bestSrcsetCandidate(set);
    if (candidate && !PLACEHOLDER_SRC.test(candidate)) {
      const url = absoluteUrl(candidate, base);
      if (url) return url;
    }
  }
  return null;
}

function codeLanguage(pre: Element): string {
  const candidates: Element[] = [pre];
  const first = pre.firstElementChild;
  if (first && first.nodeName === "CODE") candidates.push(first);
  if (pre.parentElement) candidates.push(pre.parentElement);
  for (const el of candidates) {
    const data = el.getAttribute("data-lang") ?? el.getAttribute("data-language");
    if (data && /^[\w+#.-]+$/.test(data.trim())) return data.trim().toLowerCase();
    const m = CODE_LANGUAGE_CLASS.exec(el.getAttribute("class") ?? "");
    const lang = m?.[1] ?? m?.[2];
    // `highlight-` alone is also a generic wrapper class (`highlight-js`, …); "none"/"plaintext" mean none.
    if (lang && !/^(?:none|plain|plaintext|text|nohighlight)$/i.test(lang)) return lang.toLowerCase();
  }
  return "";
}

/**
 * A code block laid out as a table of two cells, the line numbers' gutter and the code (Pygments'
 * "table" line numbers, as documentation generators write them): the gutter cell, named as such and
 * holding only numbers beside another cell's code, is no text (the codeGutter rule), so the numbers do
 * not become a code block of their own; and the code takes its language from the wrapper around the
 * table (`<div class="highlight-python">`) when it names none itself (tableCodeLanguage).
 */
function isCodeGutter(cell: Element): boolean {
  if (!LINE_NUMBER_CLASS.test(cell.getAttribute("class") ?? "") || !/^[\d\s]*$/.test(cell.textContent ?? "")) return false;
  const table = closestTable(cell);
  return table !== null && table.getElementsByTagName("pre").length >= 2;
}

/** The language a code block inside a code table (isCodeGutter) takes from the table's wrappers. */
function tableCodeLanguage(pre: Element): string {
  const table = closestTable(pre);
  if (!table) return "";
  const row = pre.closest("tr");
  if (!row || !Array.from(row.children).some((cell) => cell.nodeName === "TD" && isCodeGutter(cell))) return "";
  let wrapper: Element | null = table;
  for (let up = 0; wrapper && up < 3; up++, wrapper = wrapper.parentElement) {
    const language = codeLanguage(wrapper);
    if (language) return language;
  }
  return "";
}

const LINE_BLOCKS = new Set(["DIV", "P", "LI", "TR"]);

/** The text of a code block as displayed: <br> and per-line block wrappers become newlines. */
function codeText(node: Node, codeLines = true): string {
  const text = displayedText(node);
  if (!codeLines || text.includes("\n")) return text;
  const lines = lineElements(node as Element);
  return lines ? lines.map(displayedText).join("\n") : text;
}

function displayedText(node: Node): string {
  let out = "";
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3 || c.nodeType === 4) out += (c as Text).data;
      else if (c.nodeType === 1) {
        const el = c as Element;
        if (el.nodeName === "BR") out += "\n";
        else if (LINE_NUMBER_CLASS.test(el.getAttribute("class") ?? "")) continue;
        else {
          walk(el);
          if (LINE_BLOCKS.has(el.nodeName) && !out.endsWith("\n")) out += "\n";
        }
      }
    }
  };
  walk(node);
  return trimEndWhile(out, isNewline);
}

/**
 * The lines of a code block whose markup has no line break at all (minified highlighter output): the
 * element children of the block, or of its one inner element, when there are at least
 * THRESHOLDS.minCodeLineElements of them, no text lies between them, all share one tag and one first class,
 * and at least half of them hold elements of their own (a line's tokens). Null when the block is not built that way.
 */
function lineElements(pre: Element): Element[] | null {
  let box: Element = pre;
  const only = pre.children.length === 1 ? pre.firstElementChild : null;
  if (only && !directText(pre)) box = only;
  const lines = [...box.children];
  if (lines.length < THRESHOLDS.minCodeLineElements || directText(box)) return null;
  const first = lines[0];
  if (!first) return null;
  const kind = (el: Element) => `${el.nodeName} ${(el.getAttribute("class") ?? "").trim().split(/\s+/)[0]}`;
  if (!(first.getAttribute("class") ?? "").trim()) return null;
  if (!lines.every((line) => kind(line) === kind(first))) return null;
  // A line holds the highlighter's tokens; one line of tokens alone (`<span class="token punctuation">(</span>`,
  // all of the first class "token") is a row of leaves, and stays one line.
  const parents = lines.filter((line) => line.firstElementChild !== null).length;
  return parents * 2 >= lines.length ? lines : null;
}

/** Whether an element has text of its own, outside its child elements. */
function directText(el: Element): boolean {
  for (let c = el.firstChild; c; c = c.nextSibling) if ((c.nodeType === 3 || c.nodeType === 4) && (c as Text).data.trim()) return true;
  return false;
}

function fenceFor(code: string): string {
  let longest = 2;
  for (const run of code.match(/`{3,}/g) ?? []) longest = Math.max(longest, run.length);
  return "`".repeat(longest + 1);
}

// ---------------------------------------------------------------- tables

interface TableShape {
  layout: boolean;
  columns: number;
  header: Element | null;
  /** Per cell, the columns before it that a cell of an earlier row fills (its rowspan): written empty. */
  gaps: Map<Element, number>;
  /** Per row, the columns up to its last cell (cells and the gaps before them). */
  widths: Map<Element, number>;
}

function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of Array.from(table.children)) {
    if (child.nodeName === "TR") rows.push(child);
    else if (child.nodeName === "THEAD" || child.nodeName === "TBODY" || child.nodeName === "TFOOT") {
      for (const row of Array.from(child.children)) if (row.nodeName === "TR") rows.push(row);
    }
  }
  return rows;
}

function cellSpan(cell: Element): number {
  const span = Number.parseInt(cell.getAttribute("colspan") ?? "1", 10);
  return Number.isFinite(span) && span > 1 ? Math.min(span, 50) : 1;
}

function rowSpan(cell: Element, rowsLeft: number): number {
  const span = Number.parseInt(cell.getAttribute("rowspan") ?? "1", 10);
  // rowspan="0" fills the rest of the table section; more rows than are left fill the rest of the table.
  if (span === 0) return rowsLeft;
  return Number.isFinite(span) && span > 1 ? Math.min(span, rowsLeft) : 1;
}

/**
 * Where each row's cells stand once cells spanning rows (rowspan) are taken into account: GFM has no
 * rowspan, so the columns such a cell fills in the rows below it are written empty there, and the
 * row's own cells keep their columns (a schedule's times stay under "Time").
 */
function tableLayout(rows: Element[]): { gaps: Map<Element, number>; widths: Map<Element, number>; columns: number } {
  const gaps = new Map<Element, number>();
  const widths = new Map<Element, number>();
  let columns = 0;
  // filled[column]: how many more rows a cell of an earlier row fills in that column.
  let filled: number[] = [];
  rows.forEach((row, index) => {
    const next = filled.map((n) => Math.max(0, n - 1));
    let column = 0;
    for (const cell of Array.from(row.children)) {
      if (cell.nodeName !== "TD" && cell.nodeName !== "TH") continue;
      let gap = 0;
      while ((filled[column] ?? 0) > 0) {
        gap++;
        column++;
      }
      gaps.set(cell, gap);
      const span = cellSpan(cell);
      const down = rowSpan(cell, rows.length - index);
      for (let k = 0; k < span; k++) if (down > 1) next[column + k] = down - 1;
      column += span;
    }
    widths.set(row, column);
    // The columns after the row's last cell that a rowspan fills are written empty, as padding.
    let width = column;
    for (let c = column; c < filled.length; c++) if ((filled[c] ?? 0) > 0) width = c + 1;
    columns = Math.max(columns, width);
    filled = next;
  });
  return { gaps, widths, columns };
}

function closestTable(node: Node): Element | null {
  for (let p = node.parentNode; p; p = p.parentNode) if (p.nodeName === "TABLE") return p as Element;
  return null;
}

/**
 * Whether more than half the cells of a table's rows hold neither text nor a picture, its first row
 * among them: a page laid out with a table (a rank cell, a vote arrow's cell and an indent beside each
 * title) leaves most cells empty once its controls are gone. Such a table is boxes, not a GFM table of
 * blank columns. A table of data may be sparse too (a book's index of pages by topic, most topics in
 * one book), but its first row names every column.
 */
function mostlyEmpty(rows: Element[]): boolean {
  let cells = 0;
  let empty = 0;
  let firstRowGap = false;
  rows.forEach((row, index) => {
    for (const cell of Array.from(row.children)) {
      if (cell.nodeName !== "TD") continue;
      cells++;
      if (cell.textContent?.trim() || cell.getElementsByTagName("img").length > 0) continue;
      empty++;
      if (index === 0) firstRowGap = true;
    }
  });
  return firstRowGap && empty * 2 > cells;
}

function markdownService(): TurndownService {
  const shapes = new WeakMap<Element, TableShape>();
  const shapeOf = (table: Element): TableShape => {
    let shape = shapes.get(table);
    if (!shape) {
      const rows = tableRows(table);
      const { gaps, widths, columns } = tableLayout(rows);
      const hasTh = table.getElementsByTagName("th").length > 0;
      const layout =
        rows.length === 0 ||
        columns <= 1 ||
        (rows.length === 1 && !hasTh) ||
        table.getAttribute("role") === "presentation" ||
        table.getElementsByTagName("table").length > 0 ||
        (!hasTh && (service.options as OptionsWithBase).vellumSparseTables !== false && mostlyEmpty(rows));
      shape = { layout, columns, header: rows[0] ?? null, gaps, widths };
      shapes.set(table, shape);
    }
    return shape;
  };
  const inDataTable = (node: Node) => {
    const table = closestTable(node);
    return table !== null && !shapeOf(table).layout;
  };

  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    fence: "```",
    // `*` rather than `_`: CommonMark allows `*` emphasis inside a word ("tre*k*"), not `_`.
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
    linkStyle: "inlined",
  });
  // GFM task lists, read from the attribute: a DOM need not reflect `checked` as a property.
  service.addRule("taskListItems", {
    filter: (node) =>
      node.nodeName === "INPUT" &&
      node.parentNode?.nodeName === "LI" &&
      (node as Element).getAttribute("type")?.toLowerCase() === "checkbox",
    replacement: (_content, node) => `${(node as Element).hasAttribute("checked") ? "[x]" : "[ ]"} `,
  });
  // Text such as "<The Palace>" or "<숨바꼭질>" (written &lt;…&gt; in the page) reads as an HTML tag to
  // many Markdown consumers and vanishes; every `<` of the text is written as an entity. Escapes
  // CommonMark does not need are taken back (an underscore inside a word).
  // A character reference in the text (a page that escaped it twice) is written as its character first
  // (escaped-twice.ts), so a "*" or "<" it stands for gets the escape the character needs.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) =>
    withoutNeedlessEscapes(escapeMarkdown(referencesDecoded(text, service.options))).replaceAll("<", "&lt;");
  service.remove(["script", "style", "noscript", "template", "button", "select", "textarea", "input", "object", "embed"]);

  const rules: Record<string, Rule> = {
    // A formula marked by math.ts: TeX between dollars, written as it is (escaping would change the
    // TeX); a formula spelled out as text is escaped like any text. A displayed one is its own block.
    formula: {
      filter: (node) => node.nodeName === "SPAN" && (node as Element).hasAttribute(FORMULA),
      replacement: (_content, node) => {
        const element = node as Element;
        const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
        if (!text) return "";
        const display = element.getAttribute(FORMULA) === "display";
        if (!element.hasAttribute(FORMULA_TEX)) return display ? `\n\n${service.escape(text)}\n\n` : service.escape(text);
        return display ? `\n\n$$${text}$$\n\n` : `$${text}$`;
      },
    },
    // A ruby annotation (furigana over kanji) is written after its base in parentheses, as a browser
    // without ruby shows it: "漢字(かんじ)", not "漢字かんじ". Where the page gives the parentheses
    // itself (<rp>), they are its own.
    rubyText: {
      filter: (node) => node.nodeName === "RT",
      replacement: (content, node) => {
        const text = content.trim();
        if (!text) return "";
        const ruby = (node as Element).closest("ruby");
        return ruby?.getElementsByTagName("rp").length ? text : `(${text})`;
      },
    },
    // A browser draws an inline quotation's quotes itself (CSS): without them "She said the results
    // are final" would lose that they are her words. Quotes inside quotes are single.
    inlineQuote: {
      filter: (node) => node.nodeName === "Q",
      replacement: (content, node) => {
        if (!content.trim()) return content;
        const nested = Boolean((node as Element).parentElement?.closest("q"));
        return nested ? `'${content}'` : `"${content}"`;
      },
    },
    heading: {
      filter: ["h1", "h2", "h3", "h4", "h5", "h6"],
      replacement: (content, node) => {
        // A run of "#" ending the text after a space ("Part #") would be the heading's closing
        // sequence, which CommonMark drops: escaped, it is text.
        const text = content
          .replace(/\s+/g, (run) => (run.includes("\n") ? " " : run))
          .trim()
          .replace(/(^|[ \t])(#+)$/, (_, space: string, run: string) => space + run.replaceAll("#", "\\#"));
        return text ? `\n\n${"#".repeat(Number(node.nodeName.charAt(1)))} ${text}\n\n` : "";
      },
    },
    listItem: {
      filter: "li",
      replacement: (content, node) => {
        const parent = node.parentNode as Element | null;
        let prefix = "- ";
        if (parent?.nodeName === "OL") {
          const start = Number.parseInt(parent.getAttribute("start") ?? "1", 10);
          const index = Array.prototype.indexOf.call(parent.children, node);
          prefix = `${(Number.isFinite(start) ? start : 1) + index}. `;
        }
        // Blank lines before the item's first text (an icon's block the conversion left empty) would
        // leave the bullet alone on its line, an empty item, and its text a paragraph after the list.
        let body = content
          .replace(/^(?:[ \t]*\n)+/, "")
          // The task-list checkbox rule adds a space and so does the text after the checkbox.
          .replace(/^(\[[ x]\]) +/, "$1 ");
        if (body.endsWith("\n")) body = `${trimEndWhile(body, isNewline)}\n`;
        body = body.replace(/\n(?!$)/g, `\n${" ".repeat(prefix.length)}`);
        return prefix + body + (node.nextSibling && !body.endsWith("\n") ? "\n" : "");
      },
    },
    // <strong><em>x</em></strong> would give **_x_**, which many renderers and text extractors
    // mishandle; emphasis that exactly fills a strong element (or the reverse) is dropped.
    // Emphasis inside emphasis of its kind ("<b>Save: <b>$150</b></b>") is said by the outer one:
    // "**Save: **$150****" would end the bold early and leave stray asterisks. Emphasis of no text is
    // nothing: the line breaks it held are already outside it (hoistEdgeBreaks).
    emphasis: {
      filter: ["em", "i"],
      replacement: (content, node) => {
        if (!content.trim()) return "";
        return fillsParent(node, ["STRONG", "B"]) || insideOf(node, "em") ? content : delimit(content, "*", node);
      },
    },
    strong: {
      filter: ["strong", "b"],
      replacement: (content, node) => {
        if (!content.trim()) return "";
        return fillsParent(node, ["EM", "I"]) || insideOf(node, "strong") ? content : delimit(content, "**", node);
      },
    },
    strikethrough: {
      filter: (node) => node.nodeName === "DEL" || node.nodeName === "S" || node.nodeName === "STRIKE",
      replacement: (content) => (content.trim() ? delimit(content, "~~") : ""),
    },
    // A code table's line numbers (isCodeGutter); left out with the code-lines rule.
    codeGutter: {
      filter: (node, options) =>
        node.nodeName === "TD" && (options as OptionsWithBase).vellumCodeLines !== false && isCodeGutter(node as Element),
      replacement: () => "",
    },
    // Column definitions carry no text; the whitespace between them must not reach the table's rows.
    tableColumns: {
      filter: (node) => node.nodeName === "COLGROUP" || node.nodeName === "COL",
      replacement: () => "",
    },
    codeBlock: {
      filter: "pre",
      replacement: (_content, node, options) => {
        const codeLines = (options as OptionsWithBase).vellumCodeLines !== false;
        const code = codeText(node, codeLines);
        if (!code.trim()) return "";
        const fence = fenceFor(code);
        const language = codeLanguage(node as Element) || (codeLines ? tableCodeLanguage(node as Element) : "");
        return `\n\n${fence}${language}\n${code}\n${fence}\n\n`;
      },
    },
    link: {
      filter: (node) => node.nodeName === "A",
      replacement: (content, node, options) => {
        const href = absoluteUrl((node as Element).getAttribute("href"), baseOf(options));
        const text = content.trim();
        // Block content inside a link (cards, teasers) cannot live in `[…]`; keep the blocks.
        if (!href || !text || text.includes("\n")) return content;
        // A jump within this page (a footnote mark, a "back to top"): the Markdown keeps no anchors to land on.
        // A heading's own permalink, a mark with no word ("#", "¶"), says nothing without its link.
        if (isWithinPage(href, options))
          return !/[\p{L}\p{N}]/u.test(text) && (node as Element).closest("h1, h2, h3, h4, h5, h6") ? "" : text;
        // A card's link around its title (<a><h3>Title</h3></a>): "[### Title](…)" is no heading, only a
        // link whose text starts with hashes, so the heading's marks go before the link, on a line of its own.
        const heading = LINKED_HEADING.exec(text);
        if (heading) return `\n\n${heading[1]} ${bracketedOutside(heading[2]!, escapeDestination(href))}\n\n`;
        return bracketedOutside(text, escapeDestination(href));
      },
    },
    image: {
      filter: "img",
      replacement: (_content, node, options) => {
        const img = node as Element;
        if (isSpacer(img)) return "";
        const src = imageSource(img, baseOf(options));
        if (!src) return "";
        const alt = referencesDecoded(img.getAttribute("alt") ?? "", options)
          .replace(/\s+/g, " ")
          .trim()
          .replace(/([\\[\]])/g, "\\$1");
        return `![${alt}](${escapeDestination(src)})`;
      },
    },
    // A specification's term and its one short value (<dt>Country of Origin</dt><dd>United States</dd>)
    // are one line, "Country of Origin: United States": as two paragraphs the value stood apart from
    // what it is the value of. A term whose <dd> holds blocks (a manual's entry), or with several <dd>s,
    // keeps its paragraphs.
    definitionTerm: {
      filter: (node, options) => node.nodeName === "DT" && pairsDefinitions(options) && definitionPair(node as Element) !== null,
      replacement: (content) => {
        const term = content.trim();
        return term ? `\n\n${term}${/[:：]$/.test(term) ? "" : ":"} ` : "";
      },
    },
    definitionValue: {
      filter: (node, options) => node.nodeName === "DD" && pairsDefinitions(options) && definitionPair(node as Element)?.dd === node,
      replacement: (content) => `${content.trim()}\n\n`,
    },
    // Tables
    tableCaption: {
      filter: (node) => node.nodeName === "CAPTION" && inDataTable(node),
      replacement: () => "",
    },
    tableCell: {
      filter: (node) => (node.nodeName === "TD" || node.nodeName === "TH") && inDataTable(node),
      replacement: (content, node) => {
        // A cell's lines are joined with <br>, where a heading's marks would show as "###": its text is bold
        // (not in a cell holding code, whose "# comment" lines are the code's own).
        const text = content.trim();
        const lines = text.includes("```") ? text : text.replace(CELL_HEADING, (_, title: string) => boldTitle(title));
        const cell = lines.replace(/\s+/g, (run) => (run.includes("\n") ? "<br>" : run)).replace(/(?<!\\)\|/g, "\\|");
        const first = !(node as Element).previousElementSibling;
        const gap = shapeOf(closestTable(node)!).gaps.get(node as Element) ?? 0;
        return `${first ? "|" : ""}${"  |".repeat(gap)} ${cell} |${"  |".repeat(cellSpan(node as Element) - 1)}`;
      },
    },
    tableRow: {
      filter: (node) => node.nodeName === "TR" && inDataTable(node),
      replacement: (content, node) => {
        const shape = shapeOf(closestTable(node)!);
        const width = shape.widths.get(node as Element) ?? 0;
        const missing = Math.max(0, shape.columns - width);
        const row = content.trim() === "" ? `|${"  |".repeat(shape.columns)}` : content.trim() + "  |".repeat(missing);
        const separator = node === shape.header ? `\n|${" --- |".repeat(shape.columns)}` : "";
        return `\n${row}${separator}\n`;
      },
    },
    tableSection: {
      filter: (node) => ["THEAD", "TBODY", "TFOOT"].includes(node.nodeName) && inDataTable(node),
      replacement: (content) => content,
    },
    table: {
      filter: "table",
      replacement: (content, node) => {
        if (shapeOf(node as Element).layout) return `\n\n${content}\n\n`;
        const caption = Array.from((node as Element).children).find((c) => c.nodeName === "CAPTION");
        const title = caption ? blockText(caption) : "";
        const rows = content.replace(/\n+/g, "\n").trim();
        return `\n\n${title ? `${service.escape(title)}\n\n` : ""}${rows}\n\n`;
      },
    },
  };
  for (const [name, rule] of Object.entries(rules)) service.addRule(name, rule);
  // Every rule, turndown's own and these, reads an inline element's Markdown with a block's blank lines
  // back at its edge (withEdgeBlocks). turndown 7 keeps its rules in `rules.array` and `rules.defaultRule`.
  const kept = (service as unknown as { rules: TurndownRules }).rules;
  const edgeBlocksBack = (rule: TurndownService.Rule): TurndownService.Rule => ({
    ...rule,
    replacement: (content, node, options) => rule.replacement!(withEdgeBlocks(content, node), node, options),
  });
  kept.array = kept.array.map(edgeBlocksBack);
  kept.defaultRule = edgeBlocksBack(kept.defaultRule);
  return service;
}

// A heading's line in a table cell's Markdown, and its text.
const CELL_HEADING = /^[ \t]*#{1,6}[ \t]+(\S(?:.*\S)?)[ \t]*$/gm;

/** A heading's text as bold, or as it is where it holds bold of its own. */
function boldTitle(title: string): string {
  return title.includes("**") ? title : `**${title}**`;
}

/** The part of turndown's rule set (its `Rules`) that withEdgeBlocks wraps. */
type TurndownRules = { array: TurndownService.Rule[]; defaultRule: TurndownService.Rule };

/** What turndown writes on each node it converts: whether it is a block, and the white space it trimmed off its edges. */
type TurndownNodeState = { isBlock?: boolean; flankingWhitespace?: { leading: string; trailing: string } };

// The text a link holds when it wraps one heading: the heading rule's marks, then the title (the
// turndown escape puts a backslash before a "#" that is the page's own text, so that never matches).
const LINKED_HEADING = /^(#{1,6}) (.+)$/;

/**
 * A link whose text is, begins or ends with a bracketed part ("[source]", "[1]", "git-add[1]") keeps the
 * brackets outside the link: `\\[[source](…)\\]` reads the same, and readers of Markdown that take a
 * link's text up to its first "]" (as many text extractors do) would otherwise print the address as text.
 */
function bracketedOutside(text: string, destination: string): string {
  const link = (t: string) => `[${t}](${destination})`;
  if (!text.includes("\\]")) return link(text);
  // The part from the last "\[" to the end, and the part from the start to the first "\]".
  const open = text.lastIndexOf("\\[");
  const close = text.indexOf("\\]");
  if (text.endsWith("\\]") && open >= 0 && close === text.length - 2) {
    const name = text.slice(0, open).trimEnd();
    const inner = text.slice(2, -2);
    if (!name) return inner.trim() ? `\\[${link(inner)}\\]` : link(text);
    if (!name.includes("\\[")) return `${link(name)}${text.slice(name.length)}`;
  }
  if (text.startsWith("\\[") && text.indexOf("\\[", 2) < 0) {
    const rest = text.slice(close + 2).trimStart();
    if (rest && !rest.includes("\\]")) return `${text.slice(0, text.length - rest.length)}${link(rest)}`;
  }
  return link(text);
}

/**
 * Emphasis delimiters around the text only: whitespace at either end goes outside, as the line breaks
 * there already went (hoistEdgeBreaks), since `**Title  \n**` is not emphasis in CommonMark and leaves
 * stray asterisks.
 * With `node`, the emphasized element, delimiters that CommonMark would show as asterisks are not
 * written that way either (see flankedMarks).
 */
function delimit(content: string, mark: string, node?: Node): string {
  const trimmed = content.trimStart();
  const before = content.slice(0, content.length - trimmed.length);
  const text = trimmed.trimEnd();
  const after = trimmed.slice(text.length);
  if (!node) return `${before}${mark}${text}${mark}${after}`;
  // White space turndown took off the element's edges (its flankingWhitespace) goes back around the marks.
  const flanking = (node as TurndownNodeState).flankingWhitespace;
  const spaceBefore = before || flanking?.leading;
  const spaceAfter = after || flanking?.trailing;
  const previousChar = spaceBefore ? " " : besideText(node, false);
  const nextChar = spaceAfter ? " " : besideText(node, true);
  // Emphasis over paragraphs (an <i> around text parted by <br><br>) is one run per paragraph:
  // CommonMark ends emphasis at a blank line and shows the marks of a run left open.
  // A block the element holds (a heading, a list, a quote: <b> around a whole section) keeps its own
  // syntax and gets no marks, which would hide it.
  const parts = text.split(PARAGRAPH_BREAK);
  const last = parts.length - 1;
  // Only a part that starts a line is a block: the first part starts one where the element's Markdown
  // opens with a line break (turndown sets a block's Markdown apart with blank lines).
  const block = (part: string, i: number) => (i > 0 || before.includes("\n")) && BLOCK_SYNTAX.test(part);
  const runs = parts.map((part, i) =>
    part.trim() && !block(part, i) ? flankedMarks(part, mark, i === 0 ? previousChar : " ", i === last ? nextChar : " ") : part,
  );
  if (runs.length === 1) return before + runs[0] + after;
  const breaks = text.match(PARAGRAPH_BREAK)!;
  return before + runs.map((run, i) => run + (breaks[i] ?? "")).join("") + after;
}

// A blank line inside an emphasized element's Markdown: the end of a paragraph (hard breaks' spaces included).
const PARAGRAPH_BREAK = /(?<![ \t])[ \t]*\n(?:[ \t]*\n)+[ \t]*/g;
// A line of Markdown that is a block's syntax: a heading, a list item, a quote, a table's delimiter row,
// a fence, a rule.
const BLOCK_SYNTAX = /^[ \t]*(?:#{1,6}(?:[ \t]|$)|[-*+][ \t]|\d{1,9}[.)][ \t]|>|(?:\|[ \t]*)?:?-{3,}:?[ \t]*\||```|~~~|---+[ \t]*$)/m;

// Sentence marks and quotes: what may end or begin an emphasized run and be set outside it, and an
// opening parenthesis at its end ("*not (*i.e."). Not ")" or brackets (a link's syntax), nor ";" (an
// entity's end, "&lt;"). Chinese and Japanese text sets its full-width marks and brackets against the
// next character with no space ("**注意：**请", "**「重要」**です"), where CommonMark ends no emphasis.
const OUTER_MARKS = new Set(".,:!?…'\"‘’“”«»–—-，。：；！？、「」『』（）【】《》〈〉");
const OUTER_MARKS_END = new Set([...OUTER_MARKS, "("]);
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
// turndown's Markdown for <br>.
const HARD_BREAK = "  \n";

/**
 * `text` between emphasis `mark`s, written so CommonMark reads them as emphasis. A closing mark after a
 * sentence mark or quote and right before a letter ("*systemd'*s", "**Skin type:**Oily", "blind.*Not")
 * is no closing mark in CommonMark, nor an opening one after a letter and before such a mark: the mark
 * goes outside ("*systemd*'s"). Emphasis of nothing but marks ("top**.**", "Showgirl*,*", "Win**+**")
 * says nothing a reader misses and is written plain. `previous` and `next` are the characters the page
 * has either side ("" where unknown, " " for white space).
 */
function flankedMarks(text: string, mark: string, previous: string, next: string): string {
  // Images' and links' Markdown aside: bold around a picture alone says nothing a reader sees.
  if (!WORD_CHARACTER.test(withoutLinkTargets(withoutLinks(text, "", true)))) return text;
  let start = 0;
  let end = text.length;
  // The text holds a letter or digit, so neither loop runs past the other; white space the marks
  // leave at the edge goes outside with them.
  if (WORD_CHARACTER.test(next) && OUTER_MARKS_END.has(text[end - 1]!)) {
    while (OUTER_MARKS_END.has(text[end - 1]!)) end--;
    while (/\s/.test(text[end - 1]!)) end--;
    // A mark the text escaped ("\-") goes out with its backslash.
    let backslashes = 0;
    while (text[end - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 1) end--;
  }
  if (WORD_CHARACTER.test(previous) && OUTER_MARKS.has(text[start]!)) {
    while (OUTER_MARKS.has(text[start]!)) start++;
    while (/\s/.test(text[start]!)) start++;
  }
  return `${text.slice(0, start)}${mark}${text.slice(start, end)}${mark}${text.slice(end)}`;
}

// Inline elements turndown writes as their text alone, with no mark of their own.
const PLAIN_INLINE = new Set([
  "SPAN",
  "FONT",
  "SMALL",
  "BIG",
  "MARK",
  "ABBR",
  "ACRONYM",
  "CITE",
  "DFN",
  "TIME",
  "LABEL",
  "U",
  "INS",
  "Q",
  "DATA",
  "BDI",
  "BDO",
  "SUP",
  "SUB",
]);

/**
 * Whether turndown writes `node` as its text alone: a plain inline element, or a link with no target or
 * one that jumps within the page (a footnote's mark, written as its number).
 */
function writesPlain(node: Node): boolean {
  if (node.nodeType !== 1) return false;
  if (PLAIN_INLINE.has(node.nodeName)) return true;
  if (node.nodeName !== "A" || !shared) return false;
  const href = absoluteUrl((node as Element).getAttribute("href"), baseOf(shared.options));
  return !href || isWithinPage(href, shared.options);
}

/**
 * The character the Markdown has right before (or after) the element `node`, where the page's text
 * gives it plainly: from a text node beside it, or from the edge of a plain inline element beside it;
 * "" where it is not known (a link, code or other emphasis beside it writes marks of its own; the
 * start or end of a block).
 */
function besideText(node: Node, forward: boolean): string {
  let n: Node | null = node;
  let beside: Node | null = null;
  // The first sibling that is not a comment or empty text, of the node or of its plain inline parents.
  while (n && !beside) {
    for (let c = forward ? n.nextSibling : n.previousSibling; c; c = forward ? c.nextSibling : c.previousSibling) {
      if (c.nodeType === 8 || (c.nodeType === 3 && (c as Text).data === "")) continue;
      beside = c;
      break;
    }
    if (beside) break;
    const parent: Node | null = n.parentNode;
    if (parent?.nodeType !== 1 || !writesPlain(parent)) return "";
    n = parent;
  }
  // Down its edge through plain inline elements to text.
  while (beside && writesPlain(beside)) beside = forward ? beside.firstChild : beside.lastChild;
  if (beside?.nodeType !== 3) return "";
  const data = (beside as Text).data;
  return forward ? data.charAt(0) : data.slice(-1);
}

/**
 * Takes back the escapes CommonMark does not need, so identifiers read as written ("pg_duckdb", not
 * "pg\_duckdb"): underscores inside a word cannot open or close emphasis, and neither can an asterisk
 * with a space on each side after other text on its line (a line-leading one could start a list).
 */
export function withoutNeedlessEscapes(escaped: string): string {
  return escaped
    .replace(/(?<=[\p{L}\p{N}])(?:\\_)+(?=[\p{L}\p{N}])/gu, (run) => run.replaceAll("\\", ""))
    .replace(/(?<=\S )\\\*(?= )/g, "*")
    .replace(NEEDLESS_BACKSLASH_ESCAPE, "\\");
}

// A backslash of the text ("C:\\Program Files"), escaped, before a character of the same text that
// no backslash escapes (a letter, a digit, any non-ASCII character): alone it is already a backslash.
// Not before white space, which may end the line (a backslash there is a hard break), nor before
// ASCII punctuation, which it would escape.
const NEEDLESS_BACKSLASH_ESCAPE = /\\\\(?=[^\s!-/:-@[-`{-~])/g;

// What may stand before a block on its line: indentation, quote markers and list markers.
const CONTAINER_PREFIX = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*/;
// Escapes turndown writes where a text node begins ("-", "+", "=", "#", ">", "1."), since a node may
// begin a line; they mean something only where a line begins.
const BLOCK_START_ESCAPE = /\\([-+=#>])|(?<=\d)\\\./g;

/**
 * One line of Markdown (outside fenced code) without the escapes it does not need, so a reader sees
 * "## 5. Support" and "GT-AX11000", not "## 5\. Support" and "GT\-AX11000"; the line renders the
 * same in CommonMark and GFM:
 * - an escape of a block's first character ("\-", "\+", "\=", "\#", "\>", "1\.") after other text on
 *   its line: a heading's or a table cell's text, or text after a link or emphasis, starts no block;
 * - a pair of escaped brackets around plain text ("\[1\]", "\[citation needed\]"), outside any link,
 *   not followed by "(", "[" or ":" (a link, a reference, a definition), not after "!" or "]", and not
 *   a task list's box ("[ ]", "[x]"): without a definition of its label it is text.
 * Code spans are left exactly as they are.
 */
export function withoutLineEscapes(line: string): string {
  if (!line.includes("\\")) return line;
  const prefix = CONTAINER_PREFIX.exec(line)![0].length;
  let out = "";
  let at = 0;
  for (const span of codeSpans(line)) {
    out += unescapedText(line.slice(at, span.start), at, prefix) + line.slice(span.start, span.end);
    at = span.end;
  }
  return out + unescapedText(line.slice(at), at, prefix);
}

/**
 * The code spans of a line: a run of backticks up to the next run of the same length (CommonMark); a
 * run that no such run follows is text. One pass over the runs, however many there are.
 */
function codeSpans(line: string): { start: number; end: number }[] {
  const runs: { start: number; end: number }[] = [];
  for (const m of line.matchAll(/`+/g)) runs.push({ start: m.index, end: m.index + m[0].length });
  // For each length, the runs of that length in order, and how many of them are behind the reader.
  const byLength = new Map<number, { start: number; end: number }[]>();
  for (const run of runs) {
    const list = byLength.get(run.end - run.start);
    if (list) list.push(run);
    else byLength.set(run.end - run.start, [run]);
  }
  const passed = new Map<number, number>();
  const spans: { start: number; end: number }[] = [];
  let after = 0;
  for (const run of runs) {
    if (run.start < after) continue;
    // An escaped first backtick ("\`", turndown's escape of the text's own) opens nothing; the rest of its run may.
    const escaped = line[run.start - 1] === "\\" && line[run.start - 2] !== "\\";
    const start = escaped ? run.start + 1 : run.start;
    const length = run.end - start;
    const list = byLength.get(length);
    if (!list) continue;
    let next = passed.get(length) ?? 0;
    while (next < list.length && list[next]!.start <= run.start) next++;
    passed.set(length, next);
    if (next === list.length) continue;
    spans.push({ start, end: list[next]!.end });
    after = list[next]!.end;
  }
  return spans;
}

/** `text` (a part of a line outside code spans, starting at `offset`) with withoutLineEscapes' escapes taken back. */
function unescapedText(text: string, offset: number, prefix: number): string {
  const blocks = text.replace(BLOCK_START_ESCAPE, (written, char: string | undefined, at: number) => {
    // "12\." begins where its number does.
    let start = at;
    while (char === undefined && start > 0 && /\d/.test(text[start - 1]!)) start--;
    if (offset + start <= prefix) return markerAfter(char, text, at + written.length) ? written : (char ?? ".");
    // Where the line's end would make a block's mark of it: a heading's closing "#"s, and a table
    // cell of dashes alone, which after a header row is the row that makes the table.
    const after = at + written.length;
    if (char === "#" && endsLine(text, skipping(text, after, "#"))) return written;
    if (char === "-" && cellDashes(text, at, after)) return written;
    return char ?? ".";
  });
  return blocks.includes("\\[") ? withoutBracketEscapes(blocks) : blocks;
}

/**
 * Whether the character escaped at a block's start (`char`, or "." after a number) would make a block's
 * mark there, read with what follows it in `text` from `after`: a list's marker ("-", "+", "1.") only
 * before white space, a heading's "#" only before white space or more "#", a setext underline ("=",
 * "-") only in a run of its own; a quote's ">" always. What follows unknown (the end of `text`, which a
 * code span may follow) keeps the escape.
 */
function markerAfter(char: string | undefined, text: string, after: number): boolean {
  const next = text[after];
  if (next === undefined || next === " " || next === "\t" || char === ">") return true;
  return (char === "#" || char === "=" || char === "-") && next === char;
}

/** The index in `text` after the run of `chars` that starts at `from`. */
function skipping(text: string, from: number, chars: string): number {
  let i = from;
  while (i < text.length && chars.includes(text[i]!)) i++;
  return i;
}

/** Whether only spaces and tabs follow index `from` of `text`. */
function endsLine(text: string, from: number): boolean {
  return skipping(text, from, " \t") === text.length;
}

/** Whether the "\-" from `at` to `after` opens a table cell of dashes alone ("| \- |", "|:\--"). */
function cellDashes(text: string, at: number, after: number): boolean {
  let i = at - 1;
  if (text[i] === ":") i--;
  while (i >= 0 && (text[i] === " " || text[i] === "\t")) i--;
  if (text[i] !== "|") return false;
  const end = skipping(text, skipping(text, after, "-:"), " \t");
  return end === text.length || text[end] === "|";
}

/**
 * `text` with escaped bracket pairs around plain text, outside any link or image, written plain. The
 * look for a pair's "\]" stops at the next bracket of any kind, so no character is read more than twice.
 */
function withoutBracketEscapes(text: string): string {
  let out = "";
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      if (text[i + 1] === "[" && depth === 0 && text[i - 1] !== "!" && text[i - 1] !== "]") {
        let close = i + 2;
        while (close < text.length && text[close] !== "[" && text[close] !== "]") close++;
        // The first bracket after "\[" is an escaped "]" (an escaped backslash before it would not do).
        const closes = text[close] === "]" && text[close - 1] === "\\" && text[close - 2] !== "\\";
        const inner = text.slice(i + 2, close - 1);
        if (closes && !/^[ xX]?$/.test(inner) && !"([:".includes(text[close + 1] || "\0")) {
          out += `${text.slice(from, i)}[${inner}]`;
          from = close + 1;
          i = close;
          continue;
        }
      }
      i++;
    } else if (c === "[") depth++;
    else if (c === "]") depth = Math.max(0, depth - 1);
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Whether `href` (absolute) is the page itself with a fragment: a jump to a place on the same page. */
function isWithinPage(href: string, options: TurndownService.Options): boolean {
  const hash = href.indexOf("#");
  if (hash < 0) return false;
  return href.slice(0, hash) === (options as OptionsWithBase).vellumPageUrl;
}

/** Text of an element with block boundaries as spaces ("<div>Seminary</div><div>Block</div>": two words). */
function blockText(el: Element): string {
  let out = "";
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) out += (c as Text).data;
      else if (c.nodeType === 1) {
        const inline = INLINE_ELEMENTS.has(c.nodeName);
        if (!inline) out += " ";
        walk(c);
        if (!inline) out += " ";
      }
    }
  };
  walk(el);
  return out.replace(/\s+/g, " ").trim();
}

/** Whether an ancestor of `node` is emphasis of `kind` (emphasisKind). */
function insideOf(node: Node, kind: "strong" | "em"): boolean {
  for (let p = node.parentNode; p; p = p.parentNode) if (emphasisKind(p.nodeName) === kind) return true;
  return false;
}

function fillsParent(node: Node, parentNames: string[]): boolean {
  const parent = node.parentNode;
  return !!parent && parentNames.includes(parent.nodeName) && parent.textContent?.trim() === node.textContent?.trim();
}

// URL() leaves these unencoded, but they would end or break a Markdown link destination.
const DESTINATION_ESCAPES: Record<string, string> = { "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", " ": "%20" };

function escapeDestination(url: string): string {
  return url.replace(/[()<> ]/g, (c) => DESTINATION_ESCAPES[c]!);
}

// The base URL travels to the rules on the options object turndown hands to every replacement.
type OptionsWithBase = TurndownService.Options & {
  vellumBaseUrl?: string;
  vellumPageUrl?: string;
  vellumCodeLines?: boolean;
  vellumEscapedTwice?: boolean;
  vellumDefinitionPairs?: boolean;
  vellumSparseTables?: boolean;
};
/** Whether the definition-pairs rule is on (the ablation may leave it out). */
function pairsDefinitions(options: TurndownService.Options): boolean {
  return (options as OptionsWithBase).vellumDefinitionPairs !== false;
}

/** A <dt> and the one short <dd> after it (THRESHOLDS.definitionPairMaxText each), both of inline content only. */
function definitionPair(el: Element): { dt: Element; dd: Element } | null {
  const dt = el.nodeName === "DT" ? el : el.previousElementSibling;
  if (dt?.nodeName !== "DT") return null;
  const dd = dt.nextElementSibling;
  if (dd?.nodeName !== "DD" || (el.nodeName === "DD" && dd !== el)) return null;
  const after = dd.nextElementSibling;
  if (after?.nodeName === "DD") return null;
  // A term that ends a sentence is no label ("Returns are accepted within 7 days."): its value stays apart.
  if (/[.!?。！？]\s*$/.test(dt.textContent ?? "")) return null;
  for (const part of [dt, dd]) {
    if ((part.textContent ?? "").length > THRESHOLDS.definitionPairMaxText) return null;
    if (!inlineOnly(part)) return null;
  }
  return { dt, dd };
}

/** Whether every element under `el` is an inline one (or a line break). */
function inlineOnly(el: Element): boolean {
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
    if ((!INLINE_ELEMENTS.has(c.nodeName) && c.nodeName !== "BR") || !inlineOnly(c)) return false;
  }
  return true;
}

/** `text` with its character references written as characters (escaped-twice.ts), unless the ablation left the rule out. */
function referencesDecoded(text: string, options: TurndownService.Options): string {
  return (options as OptionsWithBase).vellumEscapedTwice === false ? text : withReferencesDecoded(text);
}

function baseOf(options: TurndownService.Options): string {
  return (options as OptionsWithBase).vellumBaseUrl ?? "about:blank";
}

let shared: TurndownService | null = null;

/** The longest run of whitespace a text node keeps (see readyTree). */
const MAX_WHITESPACE_RUN = 64;
const LONG_WHITESPACE_RUN = new RegExp(String.raw`\s{${MAX_WHITESPACE_RUN + 1},}`, "g");

/**
 * Readies the tree under `root` for turndown, in one walk: moves the line breaks an inline element opens
 * or ends with out of it (hoistEdgeBreaks), leaves out empty elements that show nothing (writesNothing),
 * joins emphasis written as two elements side by side, writes odd spaces outside code as plain ones
 * (ODD_SPACES), leaves out icon fonts' glyphs and ligature names outside code (PRIVATE_USE,
 * isIconLigature), sets apart an inline element shown as a block (showsAsBlock), says once a link's
 * label written twice (isEchoCopy), cuts every run of more than two line breaks to two, and shortens
 * every run of whitespace longer than MAX_WHITESPACE_RUN characters to its first and last halves.
 * turndown ends each conversion with /[\t\r\n\s]+$/, which JavaScriptCore runs in time quadratic in
 * each whitespace run that does not end the text: a code block of 200,000 blank lines held a worker for
 * minutes. Runs outside code are collapsed by turndown anyway; inside code, the halves keep the first
 * blank lines and the next line's indentation.
 */
function readyTree(root: Node): void {
  const half = MAX_WHITESPACE_RUN / 2;
  // `linked`: inside an <a> or <button>, where a label's second copy is looked for (isEchoCopy).
  const walk = (node: Node, verbatim: boolean, linked: boolean) => {
    // Line breaks in a row, whitespace between them: two already make a blank line, and turndown joins a
    // run of them in quadratic time (40,000 <br> took 12 s), so the third and later ones go.
    let breaks = 0;
    for (let c = node.firstChild; c; ) {
      let next = c.nextSibling;
      if (c.nodeType === 3) {
        const text = c as Text;
        if (text.data.trim()) breaks = 0;
        // Outside code, odd spaces are plain ones before turndown folds runs of spaces into one: a
        // sentence's "progress.&nbsp; For" reads "progress. For" and an item opening with no-break
        // spaces keeps none (five spaces after a list marker make the item a code block).
        ODD_SPACES.lastIndex = 0;
        if (!verbatim && ODD_SPACES.test(text.data)) text.data = text.data.replace(ODD_SPACES, " ");
        PRIVATE_USE.lastIndex = 0;
        if (!verbatim && PRIVATE_USE.test(text.data)) text.data = text.data.replace(PRIVATE_USE, "");
        LONG_WHITESPACE_RUN.lastIndex = 0;
        if (LONG_WHITESPACE_RUN.test(text.data))
          text.data = text.data.replace(LONG_WHITESPACE_RUN, (run) => run.slice(0, half) + run.slice(-half));
      } else if (c.nodeType === 1) {
        if (writesNothing(c as Element) || (!verbatim && (isIconLigature(c as Element) || (linked && isEchoCopy(c as Element))))) {
          node.removeChild(c);
          c = next;
          continue;
        }
        if (!verbatim && showsAsBlock(c as Element)) setApart(c as Element);
        if (c.nodeName !== "BR") breaks = 0;
        else if (++breaks > 2) node.removeChild(c);
        walk(c, verbatim || VERBATIM_PARTS.has(c.nodeName), linked || c.nodeName === "A" || c.nodeName === "BUTTON");
        if (!verbatim && INLINE_ELEMENTS.has(c.nodeName) && !VERBATIM_PARTS.has(c.nodeName)) {
          hoistEdgeBreaks(c as Element);
          next = c.nextSibling;
        }
        // One emphasis written as two elements side by side ("<b>Let's go</b><b>:</b>", an initial set
        // apart: "<b>S</b><b>pecific</b>") is one run: turndown would write "**Let's go****:**" and
        // "**S****pecific**", which CommonMark shows with their asterisks. The second may open an
        // element of no meaning to Markdown ("<b>S</b><span><b>pecific</b> …</span>"). Where two letters
        // meet and the first element is more than an initial ("<em>2:19 pm</em><em>Guest post</em>"),
        // the page's style may set the two apart, and one run would join their words: they stay two, a
        // space between them ("*2:19 pm* *Guest post*"), as "*2:19 pm**Guest post*" shows asterisks. A
        // lowercase letter after a lowercase one continues a word ("<b>trend</b><b>s</b>"): one run.
        // The children move once, already walked: a long row of such elements costs linear time.
        const previous = c.previousSibling;
        const kind = previous?.nodeType === 1 ? emphasisKind(previous.nodeName) : null;
        const second = kind ? leadingEmphasis(c, kind) : null;
        if (second) {
          const end = edgeText(previous!, "last");
          const start = edgeText(second, "first");
          if (
            isInitial(previous as Element) ||
            !(WORD_END.test(end) && WORD_START.test(start)) ||
            (/\p{Ll}$/u.test(end) && /^\p{Ll}/u.test(start))
          ) {
            (previous as Element).append(...Array.from(second.childNodes));
            second.parentNode!.removeChild(second);
          } else node.insertBefore(node.ownerDocument!.createTextNode(" "), c);
        }
      }
      c = next;
    }
  };
  walk(root, VERBATIM_PARTS.has(root.nodeName), (root as Element).closest?.("a, button") != null);
}

/**
 * Moves the line breaks an inline element opens or ends with (white space and comments aside) out of it,
 * before or after it, where a reader sees them anyway. turndown trims the Markdown of an element with white
 * space at its edge, and a break there with it: "2025<a href=…><br>TRAVEL </a>" gave "2025[TRAVEL](…)",
 * "Price<span><br>$20 </span>each" gave "Price$20 each", "<b><br>TRAVEL: </b>" gave "**TRAVEL:**" glued to
 * the word before. Run on each element after its children, so breaks at the edge of nested elements come
 * out through every level.
 */
function hoistEdgeBreaks(el: Element): void {
  const parent = el.parentNode!;
  for (let br = edgeBreak(el, false); br; br = edgeBreak(el, false)) parent.insertBefore(br, el);
  for (let br = edgeBreak(el, true); br; br = edgeBreak(el, true)) parent.insertBefore(br, el.nextSibling);
}

/**
 * The elements turndown converts as blocks (its `blockElements`): it sets their Markdown apart with blank
 * lines and trims no white space at their edges.
 */
const TURNDOWN_BLOCKS = new Set(
  "ADDRESS ARTICLE ASIDE AUDIO BLOCKQUOTE BODY CANVAS CENTER DD DIR DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER FORM FRAMESET H1 H2 H3 H4 H5 H6 HEADER HGROUP HR HTML ISINDEX LI MAIN MENU NAV NOFRAMES NOSCRIPT OL OUTPUT P PRE SECTION TABLE TBODY TD TFOOT TH THEAD TR UL".split(
    " ",
  ),
);

/**
 * `content`, the Markdown turndown made of an inline element (a link, a span, bold, a page's own element:
 * `<editor-area>`), with the blank lines back at an edge where the element opens or ends with a block.
 * turndown trims the Markdown of an inline element with white space at its edge (its flankingWhitespace),
 * and took the block's blank lines with it: "Name<span><h3>Head</h3>tail </span>" gave "Name### Head" (no
 * heading), and a code block ending in a line break inside a page's own element gave "Name```" (no fence).
 */
function withEdgeBlocks(content: string, node: TurndownService.Node): string {
  const { isBlock, flankingWhitespace: flanking } = node as TurndownNodeState;
  if (isBlock || !(flanking?.leading || flanking?.trailing)) return content;
  let out = content;
  if (!out.startsWith("\n") && edgeIsBlock(node, false)) out = `\n\n${out}`;
  if (!out.endsWith("\n") && edgeIsBlock(node, true)) out = `${out}\n\n`;
  return out;
}

/**
 * Whether the first (or, `forward`, the last) thing `node` holds, white space and comments aside, is a
 * block to turndown, or an inline element whose edge is.
 */
function edgeIsBlock(node: Node, forward: boolean): boolean {
  let n = edgeChild(node, forward);
  while (n?.nodeType === 1 && !TURNDOWN_BLOCKS.has(n.nodeName)) n = edgeChild(n, forward);
  return n?.nodeType === 1;
}

/** The <br> `el` opens (or, `forward`, ends) with, white space and comments before it aside; else null. */
function edgeBreak(el: Element, forward: boolean): Node | null {
  const n = edgeChild(el, forward);
  return n?.nodeName === "BR" ? n : null;
}

/** The first (or, `forward`, the last) child of `node` that is neither a comment nor white space alone. */
function edgeChild(node: Node, forward: boolean): Node | null {
  let n: Node | null = forward ? node.lastChild : node.firstChild;
  while (n && (n.nodeType === 8 || (n.nodeType === 3 && !(n as Text).data.trim()))) n = forward ? n.previousSibling : n.nextSibling;
  return n;
}

/**
 * Whether `el` is an empty element that shows nothing and writes nothing, left out before turndown: a
 * media element's sources and tracks, an object's parameters, microdata's <meta> and <link>, a word-break
 * opportunity, an image map's areas, a form's inputs. turndown keeps the white space after an empty
 * element, as after a picture, so the spaces between four of them opened the next line with four: an
 * indented code block to CommonMark, which showed an image's Markdown as code (withoutStrayIndents takes
 * what is left). A <picture>'s sources stay: its image may be named only there (imageSource).
 */
const SHOWS_NOTHING = new Set(["SOURCE", "TRACK", "PARAM", "META", "LINK", "WBR", "AREA", "BASE", "KEYGEN", "COMMAND", "EMBED"]);
function writesNothing(el: Element): boolean {
  if (SHOWS_NOTHING.has(el.nodeName)) return !(el.nodeName === "SOURCE" && el.parentNode?.nodeName === "PICTURE");
  // A list item's checkbox is a task list's box (taskListItems); any other input is left out.
  return el.nodeName === "INPUT" && !(el.parentNode?.nodeName === "LI" && el.getAttribute("type")?.toLowerCase() === "checkbox");
}

/**
 * Characters of the private use areas: an icon font's glyphs (a heading's link symbol, a clock before a
 * cooking time) that only the page's own font draws; anywhere else they show as empty boxes.
 */
const PRIVATE_USE = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu;

// An icon font's class: Google's Material Icons and Material Symbols (any style), or a class that is the
// word "icon" itself.
const ICON_CLASS = /(?:^|\s)(?:material-(?:icons|symbols)[\w-]*|icons?)(?=\s|$)/i;
// A utility class that shows an inline element as a block of its own (Tailwind's "block", "flex" and
// "grid", Bootstrap's "d-block" and the like), unconditionally (no "md:" breakpoint prefix).
const BLOCK_CLASS = /(?:^|\s)(?:block|flex|grid|d-block|d-flex|d-grid)(?=\s|$)/;

/** Whether an inline element is shown as a block by a utility class: its text is a line of its own. */
function showsAsBlock(el: Element): boolean {
  return INLINE_ELEMENTS.has(el.nodeName) && BLOCK_CLASS.test(el.getAttribute("class") ?? "");
}

/**
 * A space between an element shown as a block and the text either side of it where they touch
 * ("<b>Proprietary</b><span class="block">Notion is …</span>"): the page shows two lines, and written
 * side by side their words would run together ("ProprietaryNotion").
 */
function setApart(el: Element): void {
  const before = el.previousSibling,
    after = el.nextSibling;
  const document = el.ownerDocument;
  if (before && /\S$/.test(edgeText(before, "last")) && /^\S/.test(edgeText(el, "first"))) el.before(document.createTextNode(" "));
  if (after && /^\S/.test(edgeText(after, "first")) && /\S$/.test(edgeText(el, "last"))) el.after(document.createTextNode(" "));
}

// A ligature's name: lowercase words joined by underscores ("shopping_cart", "expand_more").
const LIGATURE = /^\s*[a-z][a-z0-9]*(?:_[a-z0-9]+)*\s*$/;

/**
 * An icon drawn by a ligature font: an element whose text is the icon's name, which the font turns into
 * a picture ("<i class="material-icons">shopping_cart</i>"). Out of the page's font the name is a stray
 * word in the text. A Material class alone says so; the plain word "icon" needs a name with an
 * underscore, as no word of prose has one. An icon that is all of a table cell stays: it is the cell's value.
 */
function isIconLigature(el: Element): boolean {
  // Drawn in an inline element, not code: a table cell or a block holding the name is the page's value.
  if (!INLINE_ELEMENTS.has(el.nodeName) || VERBATIM_PARTS.has(el.nodeName) || el.childElementCount > 0) return false;
  const name = el.textContent ?? "";
  if (!LIGATURE.test(name)) return false;
  const classes = el.getAttribute("class") ?? "";
  if (!ICON_CLASS.test(classes)) return false;
  if (!/material-/i.test(classes) && !name.includes("_")) return false;
  // Alone in a table's cell, the icon is the cell's value (a comparison table's "check"): its name says it.
  const cell = el.parentElement?.closest("td, th");
  return !cell || (cell.textContent ?? "").trim() !== name.trim();
}

// The most siblings read on either side of a possible copy: a label and its copy, an icon or two.
const ECHO_MAX_SIBLINGS = 8;

/**
 * A link's or button's label written twice: a copy for screen readers nested after the visible words
 * ("View all revisions<span class=clipped>View all revisions</span>") or a phone layout's copy beside
 * the desktop one ("<span>Talk to an Expert</span><span>Talk to an Expert</span>"), the page's style
 * sheet showing one. Turndown writes both, glued: "View all revisionsView all revisions". `el`,
 * inside an <a> or <button> (readyTree asks only there), is such a copy when nothing after it in its
 * parent has text and its parent's text before it is the same words, glued to it. A label said twice
 * with other words around it, with a space between ("Sing Sing"), or three times in a row (a song
 * called "TheBellsTheBellsTheBells") is the page's text and stays.
 */
function isEchoCopy(el: Element): boolean {
  // The siblings read on either side are bounded, so a link of many empty children costs linear time.
  let k = 0;
  for (let n = el.nextSibling; n; n = n.nextSibling) if ((n.textContent ?? "").trim() || ++k > ECHO_MAX_SIBLINGS) return false;
  const text = (el.textContent ?? "").replace(/\s+/g, " ").trim();
  if (!text || text.length > THRESHOLDS.echoLabelMaxChars) return false;
  let before = "";
  k = 0;
  for (let n = el.previousSibling; n; n = n.previousSibling) {
    before = (n.textContent ?? "") + before;
    if (before.trim().length > text.length * 2 || ++k > ECHO_MAX_SIBLINGS) return false;
  }
  // Glued to the words before it: a page that sets a space between two copies ("Sing Sing") shows both.
  if (/\s$/.test(before) || /^\s/.test(el.textContent ?? "")) return false;
  return before.replace(/\s+/g, " ").trim() === text;
}

/**
 * `el` when it is emphasis of `kind`, else the emphasis of `kind` it opens with through elements that mean
 * nothing to Markdown (a span's first child, with no text before it), else null.
 */
function leadingEmphasis(el: Node, kind: "strong" | "em"): Element | null {
  for (let n: Node | null = el; n && n.nodeType === 1; n = n.firstChild) {
    const name = n.nodeName;
    if (emphasisKind(name) === kind) return n as Element;
    if (name !== "SPAN" && name !== "FONT") return null;
  }
  return null;
}

/** Whether an element holds one letter and nothing else: an initial set apart from its word ("<b>S</b>pecific"). */
function isInitial(el: Element): boolean {
  const only = el.firstChild;
  return only !== null && only === el.lastChild && only.nodeType === 3 && /^\s*[\p{L}]\s*$/u.test((only as Text).data);
}

/** "strong" for <strong> and <b>, "em" for <em> and <i>, else null: the two kinds of emphasis turndown writes. */
function emphasisKind(name: string): "strong" | "em" | null {
  return name === "STRONG" || name === "B" ? "strong" : name === "EM" || name === "I" ? "em" : null;
}

// Headings, and elements that declare themselves one to assistive technology (a card's title drawn
// as a span).
const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';
// Code in a heading is read as written: its tokens are set apart by the code's own spaces and marks.
const VERBATIM_PARTS = new Set(["CODE", "KBD", "SAMP", "PRE"]);
const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;

function headingsUnder(root: Node): Element[] {
  const el = root as Element;
  if (typeof el.querySelectorAll !== "function") return [];
  const found = Array.from(el.querySelectorAll(HEADINGS));
  return el.matches?.(HEADINGS) ? [el, ...found] : found;
}

/**
 * A heading (or an element with role="heading") built of parts the page's style sets apart (an API reference's "id" and its type
 * "string", each in its own span with a margin between them) reads as one run-together word
 * ("idstring") once the style is gone. A space goes between two sibling elements with no text between
 * them when the first ends and the second starts with a letter or digit and each holds at least
 * headingPartMinChars characters: a heading spelled out one letter per span (an animation) is left
 * alone, and so is code.
 */
function spaceHeadingParts(parent: Element): void {
  let previous: Element | null = null;
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      if ((c as Text).data) previous = null;
      continue;
    }
    if (c.nodeType !== 1) continue;
    const el = c as Element;
    if (VERBATIM_PARTS.has(el.nodeName)) {
      previous = el;
      continue;
    }
    if (previous && isApartFrom(previous, el)) parent.insertBefore(parent.ownerDocument.createTextNode(" "), el);
    spaceHeadingParts(el);
    previous = el;
  }
}

function isApartFrom(first: Element, second: Element): boolean {
  const a = first.textContent ?? "";
  const b = second.textContent ?? "";
  const min = THRESHOLDS.headingPartMinChars;
  return a.trim().length >= min && b.trim().length >= min && WORD_END.test(a) && WORD_START.test(b);
}

/**
 * Converts an element (an article container from the extractor) to GitHub-flavoured Markdown with
 * absolute links and image sources resolved against `baseUrl` (the final URL, or the page's
 * `<base href>` resolved against it). turndown works on a clone; the element itself only has runs of
 * whitespace longer than MAX_WHITESPACE_RUN shortened and side-by-side emphasis joined (readyTree).
 */
export function toMarkdown(
  root: Node,
  baseUrl: string,
  {
    repeatedRuns = true,
    listTwins = true,
    headingParts = true,
    codeLines = true,
    escapedTwice = true,
    definitionPairs = true,
    sparseTables = true,
  }: {
    repeatedRuns?: boolean;
    listTwins?: boolean;
    headingParts?: boolean;
    codeLines?: boolean;
    escapedTwice?: boolean;
    definitionPairs?: boolean;
    sparseTables?: boolean;
  } = {},
): string {
  shared ??= markdownService();
  (shared.options as OptionsWithBase).vellumBaseUrl = baseUrl;
  // Left out only by the quality benchmark's ablation (rules.ts, "code-lines").
  (shared.options as OptionsWithBase).vellumCodeLines = codeLines;
  // Left out only by the quality benchmark's ablation (rules.ts, "escaped-twice").
  (shared.options as OptionsWithBase).vellumEscapedTwice = escapedTwice;
  // Left out only by the quality benchmark's ablation (rules.ts, "definition-pairs").
  (shared.options as OptionsWithBase).vellumDefinitionPairs = definitionPairs;
  // Left out only by the quality benchmark's ablation (rules.ts, "sparse-tables").
  (shared.options as OptionsWithBase).vellumSparseTables = sparseTables;
  // The page's address without its fragment, for links that jump within the page (isWithinPage).
  (shared.options as OptionsWithBase).vellumPageUrl = (absoluteUrl(baseUrl, baseUrl) ?? baseUrl).replace(/#.*$/s, "");
  readyTree(root);
  // Left out only by the quality benchmark's ablation (rules.ts, "heading-parts").
  if (headingParts) for (const heading of headingsUnder(root)) spaceHeadingParts(heading);
  const markdown = tidy(shared.turndown(root as unknown as TurndownService.Node));
  // Left out only by the quality benchmark's ablation (rules.ts, "repeated-runs", "list-twins").
  return repeatedRuns ? withoutRepeatedRuns(markdown, listTwins) : markdown;
}

/**
 * A marquee: a block that is one short phrase said over and over ("Book Now * Book Now * …", a ticker
 * animated by CSS), written out as many times as the animation needs to fill a screen. No reader says a
 * phrase of up to marqueeMaxPhraseWords words marqueeMinRepeats times in a row with nothing else.
 */
export function isMarquee(block: string): boolean {
  const words = block
    .replace(/\\([^\s\w])/g, "$1")
    .replace(/[*_|•·–—/#>+-]+/g, " ")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  for (let k = 1; k <= THRESHOLDS.marqueeMaxPhraseWords && k * THRESHOLDS.marqueeMinRepeats <= words.length; k++) {
    let same = true;
    for (let i = k; same && i < words.length; i++) same = words[i] === words[i % k];
    if (same) return true;
  }
  return false;
}

// "Loading…", "Loading specifications...", "LOADING...LOADING...": the text a script shows until it
// has fetched what goes there. The ellipsis and at most four words after "Loading" tell it from a
// heading ("Loading the dishwasher") or a sentence.
const PLACEHOLDER = /^[\s>*_#+-]*(?:loading\b(?:\s+[^\s.…]+){0,4}\s*(?:\.{2,}|…)[\s*_]*)+$/i;

/**
 * A block that is nothing but loading placeholders: the page was saved before its scripts filled it,
 * and a reader is told nothing by it.
 */
export function isPlaceholder(block: string): boolean {
  return block.length <= THRESHOLDS.placeholderMaxChars && PLACEHOLDER.test(block.replace(/\\([^\s\w])/g, "$1"));
}

const LINE_MARK = /^(\s*(?:[-*+]\s+|\d+[.)]\s+|#{1,6}\s+)?)(.*)$/s;
// A label starts with a capital; a word of repeated syllables ("hahaha", "zzzzzz") does not.
const CAPITAL_START = /^(?:[*_[!]*)\p{Lu}/u;

/**
 * A line whose text is one text said twice with nothing between ("NEWNEW", "Seller's other
 * itemsSeller's other items") is a responsive theme's two copies of one label, one for phones and one
 * for desktops, each hidden by the style sheet on the other: said once. Copies with a space between
 * them ("Talk Talk", a name said twice) are the text's own and stay, and so do copies of fewer than
 * gluedTwinMinChars characters and copies not starting with a capital ("hahaha"); code is never read.
 */
export function withoutGluedTwins(markdown: string): string {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    if (code[i]) continue;
    const [, mark = "", text = ""] = LINE_MARK.exec(lines[i]!) ?? [];
    const half = text.length / 2;
    if (half < THRESHOLDS.gluedTwinMinChars || !Number.isInteger(half)) continue;
    const first = text.slice(0, half);
    if (first !== text.slice(half) || /\s$/.test(first) || !CAPITAL_START.test(first)) continue;
    lines[i] = mark + first;
    changed = true;
  }
  return changed ? lines.join("\n") : markdown;
}

/** A list item or a table row: lines whose repetition is the content's own (plans, schedules, tables). */
const LIST_OR_ROW = /^(?:[-*+]|\d+[.)])\s|^\|/;

/** Whether a Markdown line (trimmed) is a list item or a table row. */
export function isListItemOrRow(line: string): boolean {
  return LIST_OR_ROW.test(line);
}

/**
 * The words of a paragraph or heading line as a reader sees them (the heading's "#" marks, link targets,
 * emphasis marks and link brackets left out), or null for a blank line, a list item or a table row:
 * what the line rules that read headings too (invitations.ts, offers.ts, control-labels.ts) read.
 */
export function blockLineText(line: string): string | null {
  const text = line.trim();
  if (!text || isListItemOrRow(text)) return null;
  return withoutLinkTargets(text)
    .replace(/^#{1,6}\s+/, "")
    .replace(/[*_\\[\]]/g, "")
    .trim();
}

// A list item's marker ("- ", "1. ").
const LIST_MARKER = /^(?:[-*+]|\d+[.)])\s+/;

/**
 * The words of a paragraph or list item line as a reader sees them (the item's marker, link targets,
 * emphasis marks and link brackets left out), or null for a blank line, a heading or a table row: what
 * the line rules that read list items too (invitations.ts) read.
 */
export function itemOrParagraphText(line: string): string | null {
  const text = withoutLinkTargets(line).trim();
  if (!text || text.startsWith("|") || headingRank(text) <= 6) return null;
  return text
    .replace(LIST_MARKER, "")
    .replace(/[*_\\[\]]/g, "")
    .trim();
}

/**
 * The words of a paragraph line as a reader sees them (link targets, emphasis marks and link brackets
 * left out), or null for a blank line, a heading, a list item or a table row: what the line rules
 * (site-lines.ts, form-notices.ts) read.
 */
export function paragraphText(line: string): string | null {
  const text = line.trim();
  if (!text || isListItemOrRow(text) || headingRank(text) <= 6) return null;
  return withoutLinkTargets(text)
    .replace(/[*_\\[\]]/g, "")
    .trim();
}

// A table row.
const TABLE_ROW = /^\|/;

/**
 * Drops the later copy of a run of lines the Markdown already holds word for word (thresholds.ts,
 * repeatedRunMinLines): pages send the same band twice, once laid out for phones and once for
 * desktops, and a slider clones its slides. Only lines of text are dropped (paragraphs, headings,
 * quotes); list items, table rows and code blocks never are, so a plan's features repeated in every
 * plan and a table shown twice stay. With `listTwins`, a list item's text (its marker left out, and
 * the indented lines that continue it) may stand in the earlier copy for a paragraph of the later one:
 * a band laid out as a list for phones and as paragraphs for desktops. Linear: each window of
 * repeatedRunMinLines lines is looked up once in a map of the windows before it.
 */
export function withoutRepeatedRuns(markdown: string, listTwins = true): string {
  const lines = markdown.split("\n");
  const size = THRESHOLDS.repeatedRunMinLines;
  const code = codeLines(lines);
  // The non-blank lines (`where` holds their index in `lines`). Code and table rows break a run: each
  // gets a key no other line has; so do list items and the lines continuing them without `listTwins`.
  const text: string[] = [];
  const where: number[] = [];
  const listed: boolean[] = [];
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "") return;
    const inList = LIST_MARKER.test(line) || /^\s/.test(line);
    if (code[i] || TABLE_ROW.test(line) || (inList && !listTwins)) text.push(`\u0000${i}`);
    else if (inList) {
      const item = trimmed.replace(LIST_MARKER, "").trim();
      // A bare marker (the item's text on the lines below it) is not a line of the run.
      if (item === "" || /^[-*+]$/.test(item)) return;
      text.push(item);
    } else text.push(trimmed);
    where.push(i);
    listed.push(inList);
  });
  // A list item is never a heading of the page's outline, whatever its text.
  const counts = headingCounts(text.map((t, m) => (listed[m] ? "" : t)));
  const firstWindow = new Map<string, number>();
  const drop = repeatedHeadings(lines, code);
  for (let j = 0; j + size <= text.length; j++) {
    const key = text.slice(j, j + size).join("\n");
    const k = firstWindow.get(key);
    if (k === undefined) {
      firstWindow.set(key, j);
      continue;
    }
    // Overlapping windows are one run of identical lines, not two copies.
    if (k + size > j) continue;
    // The later copy is lines of text only: a list item there ends the run.
    let n = 0;
    while (j + n < text.length && k + n < j && text[k + n] === text[j + n] && !listed[j + n]) n++;
    if (n < size) continue;
    let words = 0;
    for (let m = j; m < j + n; m++) words += wordCount(text[m]!);
    if (words >= THRESHOLDS.repeatedRunMinWords && !opensParallelSection(text, counts, k + n, j, j + n)) {
      for (let m = j; m < j + n; m++) drop.add(where[m]!);
    }
    // A run kept is kept whole: its tail is not looked at again as a run of its own (and the scan stays linear).
    j += n - 1;
  }
  if (drop.size === 0) return markdown;
  return tidy(lines.filter((_, i) => !drop.has(i)).join("\n"));
}

/**
 * The second of two identical headings with nothing but pictures between them (isPicturesLine): a card
 * or a flip panel whose title the page writes twice (front and back, phone and desktop layout). No
 * reader needs the same heading twice in a row; a paragraph or a list item said twice is left alone, as a
 * band of them is only dropped above repeatedRunMinLines lines. WCXB word-F1, tuning / check part summed: service
 * +0.11 / 0, collection -0.07 / 0 (a shop's grid whose annotators kept both titles), listing 0 / +0.02,
 * article 0 / 0; 11 of 1,355 pages change.
 */
function repeatedHeadings(lines: string[], code: boolean[]): Set<number> {
  const drop = new Set<number>();
  let previous = "";
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === "" || isPicturesLine(trimmed)) return;
    if (!code[i] && headingRank(trimmed) < 7 && trimmed === previous) drop.add(i);
    else previous = code[i] ? "" : trimmed;
  });
  return drop;
}

/** The indexes of the lines holding more than white space: a text's lines, blank lines aside. */
export function filledLines(lines: string[]): number[] {
  return lines.flatMap((line, i) => (line.trim() ? [i] : []));
}

// One picture, linked or not: its address is group 1. Its alt text is read as vellum writes it (a
// bracket escaped, "\]"), its targets hold no parenthesis (written %28, %29): a try reads its own
// picture only, and a long line of broken ones once.
const PICTURE = String.raw`\[?!\[(?:[^\\[\]]|\\.)*\]\(([^()\s]+)(?:\s+"[^"]*")?\)(?:\]\([^()]*\))?`;
// A line of nothing but pictures, in a list item or not.
const PICTURES_ONLY = new RegExp(String.raw`^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:${PICTURE}\s*)+$`);
const PICTURES = new RegExp(PICTURE, "g");

/** Whether a Markdown line is nothing but pictures, linked or not (in a list item or not). */
export function isPicturesLine(line: string): boolean {
  return line.includes("![") && PICTURES_ONLY.test(line);
}

/**
 * The Markdown with a picture shown again right after itself said once: in lines of nothing but
 * pictures, one after another (blank lines between them aside), a picture of the same address as the
 * one before it goes, and a line left with none goes too. A gallery writes a slide and its thumbnail,
 * or a picture and its copy for another layout, with the same address; the caller got the same
 * picture twice. Pictures with text between them stay, and so does the same picture at another address
 * (another size). Code is never read.
 */
export function withoutRepeatedPictures(markdown: string): string {
  if (!markdown.includes("![")) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  let last: string | null = null;
  let changed = false;
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (!line.trim() && !code[i]) {
      // A line gone leaves one blank line between its neighbours, not two.
      if (out.length > 0 && out[out.length - 1]!.trim()) out.push(line);
      return;
    }
    if (code[i] || !isPicturesLine(line)) {
      last = null;
      out.push(line);
      return;
    }
    let kept = 0;
    const said = line.replace(PICTURES, (picture, address: string) => {
      const again = address === last;
      last = address;
      if (again) return "";
      kept++;
      return picture;
    });
    if (said !== line) changed = true;
    if (kept > 0) out.push(trimEndWhile(said, isSpaceOrTab));
  });
  return changed ? out.join("\n").trim() : markdown;
}

/**
 * The Markdown without the lines outside code for which `drops` says so (given the line and its index);
 * a dropped line takes the blank line after it along, so no run of blank lines is left (code blocks
 * keep theirs untouched).
 */
export function withoutLinesWhere(markdown: string, drops: (line: string, index: number) => boolean): string {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const kept: string[] = [];
  let dropped = false;
  lines.forEach((line, i) => {
    const drop = !code[i] && drops(line, i);
    const blankAfterDropped = dropped && !code[i] && !line.trim();
    dropped = drop;
    if (!drop && !blankAfterDropped) kept.push(line);
  });
  return kept.length === lines.length ? markdown : kept.join("\n").trim();
}

/**
 * The Markdown without the lines marked in `cut`, and those lines joined (to correct a word count); the
 * blank lines a cut leaves in a row become one.
 */
export function cutLines(markdown: string, lines: string[], cut: boolean[]): { markdown: string; cut: string } {
  if (!cut.includes(true)) return { markdown, cut: "" };
  return {
    markdown: lines
      .filter((_, i) => !cut[i])
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    cut: lines.filter((_, i) => cut[i]).join("\n"),
  };
}

/**
 * Which lines of Markdown belong to a fenced code block, fences included. Fences may be indented (code
 * inside a list item); a block ends at a fence of the same character, at least as long.
 */
export function codeLines(lines: string[]): boolean[] {
  let fence: string | null = null;
  return lines.map((line) => {
    const trimmed = line.trim();
    if (fence === null) {
      const opening = /^(`{3,}|~{3,})/.exec(trimmed);
      if (opening) fence = opening[1]!;
      return opening !== null;
    }
    if (trimmed.startsWith(fence) && trimmed.slice(fence.length).trim() === "") fence = null;
    return true;
  });
}

/** The rank of a Markdown heading line (1 for `#`), or 7 for any other line. */
export function headingRank(line: string): number {
  return /^(#{1,6})\s/.exec(line)?.[1]?.length ?? 7;
}

/**
 * For each heading rank r (1 to 6), how many of the first i lines are headings of rank r or higher:
 * counts[r - 1][i]. A range of lines holds such a heading when the counts at its ends differ.
 */
function headingCounts(text: string[]): Uint32Array[] {
  const counts = Array.from({ length: 6 }, () => new Uint32Array(text.length + 1));
  text.forEach((line, i) => {
    const rank = headingRank(line);
    for (let r = 1; r <= 6; r++) counts[r - 1]![i + 1] = counts[r - 1]![i]! + (rank <= r ? 1 : 0);
  });
  return counts;
}

/**
 * Whether the lines between two copies, text[gapStart, copyStart), hold a heading of higher rank than
 * any in the copy text[copyStart, copyEnd) (or any heading, when the copy has none): the copy then sits
 * in a parallel section of its own (a meal plan's "Plan B" repeating Plan A's meals), and repeats there
 * are the content's.
 */
function opensParallelSection(text: string[], counts: Uint32Array[], gapStart: number, copyStart: number, copyEnd: number): boolean {
  let top = 7;
  for (let m = copyStart; m < copyEnd; m++) top = Math.min(top, headingRank(text[m]!));
  if (top === 1) return false;
  const higher = counts[top - 2]!;
  return higher[copyStart]! - higher[gapStart]! > 0;
}

/**
 * Spaces other than the plain one: no-break, en/em/thin/hair and the like, narrow no-break, ideographic.
 * Outside code they are written as plain spaces: a caller's search for "15 km" or "Denver Health" then
 * finds the text, a line of no-break spaces is the blank line it shows as, and no reader of Markdown
 * gives them a meaning (a no-break space only steers a browser's line wrapping).
 */
const ODD_SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;

// Bullets only: a line "1." may be a ranking's number written as a paragraph of its own (the text's
// "1." is not escaped once withoutNeedlessEscapes has run), which readers and ground truths keep.
const BARE_MARKER = /^[ \t]*[-*+][ \t]*$/;

/** Whether the next line holding anything after line `i` is indented deeper: the text of the item line `i` opens. */
function continuedBelow(lines: string[], i: number): boolean {
  let j = i + 1;
  while (j < lines.length && lines[j]!.trim() === "") j++;
  const indent = (line: string) => line.length - line.trimStart().length;
  return j < lines.length && indent(lines[j]!) > indent(lines[i]!);
}

// A line that starts a block of its own after a line of text: a heading, a fence, a bullet, a quote.
// BLOCK_SYNTAX less a numbered item, which interrupts a paragraph only as "1." (endsBlock reads it apart).
const STARTS_BLOCK = /^[ \t]*(?:#{1,6}(?:[ \t]|$)|```|~~~|[-*+][ \t]+\S|>)/;
// A quote's marks at the start of a line, nested ones too.
const QUOTE_MARKS = /^(?:[ \t]*>[ \t]?)+/;
// A list item's marker, bulleted or numbered (ITEM_STEP reads a line's markers one by one).
const ITEM_MARKER = String.raw`(?:[-*+]|\d{1,9}[.)])`;
const LIST_ITEM = new RegExp(String.raw`^[ \t]*${ITEM_MARKER}[ \t]+\S`);

/**
 * Whether a hard break at the end of `line` ends its block: the next line is blank or missing, opens
 * another block, or is the next item of the list the line belongs to. There CommonMark breaks no line,
 * and the two spaces are only bytes (a <br> the page closed a paragraph or an item with).
 */
function endsBlock(line: string, next: string): boolean {
  if (next.trim() === "") return true;
  // Inside a quote, the lines are read without their ">" marks; a line of another depth is kept apart.
  const quote = QUOTE_MARKS.exec(line)?.[0];
  if (quote) {
    const nextQuote = QUOTE_MARKS.exec(next)?.[0] ?? "";
    const depth = (marks: string) => marks.split(">").length - 1;
    return depth(nextQuote) === depth(quote) && endsBlock(line.slice(quote.length), next.slice(nextQuote.length));
  }
  if (STARTS_BLOCK.test(next)) return true;
  // "2. Statutes" starts no list inside a paragraph, but is the next item after an item's line.
  return LIST_ITEM.test(next) && (LIST_ITEM.test(line) || /^[ \t]/.test(line));
}

/**
 * The Markdown without the hard breaks that end their block (endsBlock), code left as it is. Run on
 * the final text (html-to-article.ts), not by toMarkdown: a line the later rules cut ("- Top Rated", a
 * card's badge) may have been the block a break stood before, and the break then parts two lines.
 */
export function withoutBlockEndBreaks(markdown: string): string {
  if (!markdown.includes(HARD_BREAK) && !markdown.endsWith("  ")) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A code line after text is a fence opening: a block of its own.
    if (code[i] || !/\S {2}$/.test(line) || (i + 1 < lines.length && !code[i + 1] && !endsBlock(line, lines[i + 1]!))) continue;
    lines[i] = trimEndWhile(line, isSpaceOrTab);
    changed = true;
  }
  return changed ? lines.join("\n") : markdown;
}

/**
 * The Markdown with each line that opens a block (after a blank line, a heading, a rule or a fence) at
 * the margin of the list item it continues, or at the text's margin outside lists. vellum writes code
 * fenced, so an indent beyond that margin is the page's white space: the spaces turndown keeps after
 * empty elements (a picture's sources, an image it writes nothing for) opened an image's line with four,
 * an indented code block to CommonMark, which showed its Markdown as code; one to three more showed as
 * nothing and were noise in the text (a list item or table row keeps those, since the lines after it
 * are indented with it and would change their nesting). A list item whose text stands five or more
 * columns after its marker ("-     ![…]", code inside the item) gets one space. Fenced code is left as
 * it is; a line continuing a paragraph keeps its indent. Columns are counted as CommonMark counts them
 * (a tab to the next multiple of four); vellum's own list indents are spaces. Run on the final text
 * (html-to-article.ts), after the rules that cut lines.
 */
export function withoutStrayIndents(markdown: string): string {
  if (!INDENTED.test(markdown)) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  // The columns the text of the list items a line may continue starts at, outermost first.
  const items: number[] = [];
  let opensBlock = true;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (code[i]) {
      opensBlock = !code[i + 1];
      continue;
    }
    if (line.trim() === "") {
      opensBlock = true;
      continue;
    }
    const marker = itemPrefix(line);
    if (opensBlock || marker) {
      // A line less indented than an item's text is out of that item.
      const indent = indentWidth(line);
      while (items.length > 0 && indent < items[items.length - 1]!) items.pop();
      const margin = items[items.length - 1] ?? 0;
      // A list item or a table row keeps a small indent: the lines after it are indented with it.
      const stray = indent >= margin + 4 || !(marker || /^[ \t]*\|/.test(line));
      if (opensBlock && indent > margin && stray) line = " ".repeat(margin) + line.trimStart();
      const item = itemPrefix(line);
      if (item) {
        // Five columns or more after the marker: CommonMark reads one as the gap and the rest as code.
        if (indentWidth(line.slice(item.marker, item.text)) >= 5) line = `${line.slice(0, item.marker)} ${line.slice(item.text)}`;
        items.push(...itemPrefix(line)!.columns);
      }
      if (line !== lines[i]) {
        lines[i] = line;
        changed = true;
      }
    }
    // A heading or a rule is a block of one line: the next line opens a block too.
    opensBlock = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$)/.test(line);
  }
  return changed ? lines.join("\n") : markdown;
}

/**
 * The final text's blocks set right, after the line rules of html-to-article.ts, which cut lines a block
 * stood on: a rule left under a line of text is set apart (withRulesApart), before the hard breaks that
 * now end their block go (withoutBlockEndBreaks), since setting it apart ends a block; then each line
 * opening a block is indented as its list item's text (withoutStrayIndents).
 */
export function withBlocksSettled(markdown: string): string {
  return withoutStrayIndents(withoutBlockEndBreaks(withRulesApart(markdown)));
}

/**
 * The Markdown with a blank line before each rule ("---", turndown's <hr>) that follows a line of text:
 * CommonMark reads "text\n---" as a heading of that text. turndown sets a rule apart with blank lines,
 * but a line rule that cuts the lines between can leave it under a paragraph: a product's rating link
 * became a heading. The page's own "---" is escaped ("\\---"), so an unescaped one is always a rule.
 * Run on the final text (html-to-article.ts); fenced code is left as it is.
 */
export function withRulesApart(markdown: string): string {
  if (!/\S[ \t]*\n {0,3}---+[ \t]*(?:\n|$)/.test(markdown)) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!code[i] && i > 0 && !code[i - 1] && RULE_LINE.test(line) && lines[i - 1]!.trim() !== "") out.push("");
    out.push(line);
  }
  return out.join("\n");
}

// turndown's thematic break, as vellum writes it.
const RULE_LINE = /^ {0,3}-{3,}[ \t]*$/;

// A line indented, or a list item's marker with white space after it.
const INDENTED = /^[ \t]|^(?:[-*+]|\d{1,9}[.)])[ \t]{2}/m;
// One list item's marker, with the white space before it and after it (group 1), from the sticky index.
// regex-linear: sticky, each search tries its lastIndex only; the two runs of white space are parted by the marker
const ITEM_STEP = new RegExp(String.raw`[ \t]*${ITEM_MARKER}([ \t]+)(?=\S)`, "y");

/**
 * Where a list item line's last marker ends and its text starts, and the column each item's text starts
 * at, outermost first; null for a line that is no item. A line may open items inside items ("- - Will
 * it scratch?"): the text is after the last marker, and an outer item's text starts where the marker of
 * the item inside it does.
 */
function itemPrefix(line: string): { marker: number; text: number; columns: number[] } | null {
  const columns: number[] = [];
  let marker = 0;
  for (let at = 0; ; ) {
    ITEM_STEP.lastIndex = at;
    const step = ITEM_STEP.exec(line);
    if (!step) return columns.length ? { marker, text: at, columns } : null;
    marker = at + step[0].length - step[1]!.length;
    at += step[0].length;
    columns.push(at);
  }
}

/** The columns a line's leading white space spans, a tab reaching the next multiple of four. */
function indentWidth(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === " ") width++;
    else if (ch === "\t") width += 4 - (width % 4);
    else break;
  }
  return width;
}

/**
 * A line of the text that is only one to six "#" ("###", the end mark of a press release): turndown
 * escapes "#" only before a space, and CommonMark reads the line as an empty heading, showing nothing.
 * The first "#" is escaped; a heading vellum writes always has text.
 */
function withHashesEscaped(line: string): string {
  const prefix = CONTAINER_PREFIX.exec(line)![0].length;
  return /^#{1,6}[ \t]*$/.test(line.slice(prefix)) ? `${line.slice(0, prefix)}\\${line.slice(prefix)}` : line;
}

/**
 * Outside fenced code: odd spaces become plain ones (ODD_SPACES), escapes no reader needs go
 * (withoutLineEscapes), a line of "#" alone is escaped (withHashesEscaped), trailing blanks go (except turndown's
 * two-space hard break after text), marquee and placeholder blocks go (isMarquee, isPlaceholder), a bullet with
 * nothing after it goes (BARE_MARKER) and runs of blank lines become one.
 * Code blocks are left exactly as they are.
 */
function tidy(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  // Where the block of text being read began in `out` (blocks end at a blank line or a fence).
  let blockStart = 0;
  const endBlock = () => {
    if (out.length <= blockStart) return;
    const block = out.slice(blockStart).join(" ");
    if (isMarquee(block) || isPlaceholder(block)) out.length = blockStart;
  };
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      out.push(line);
      if (line.startsWith(fence) && line.slice(fence.length).trim() === "") {
        fence = null;
        blockStart = out.length;
      }
      continue;
    }
    const opening = /^(`{3,})/.exec(line);
    if (opening) {
      endBlock();
      fence = opening[1]!;
      // A code block is never a marquee, even one left open to the end.
      blockStart = Number.POSITIVE_INFINITY;
    }
    const plain = opening ? line : withHashesEscaped(withoutLineEscapes(line.replace(ODD_SPACES, " ")));
    // A list item with nothing left in it (a logo strip whose images had no source, icons the pre-pass
    // cut) is a bare marker on a line of its own: it goes. Not one whose text follows on indented lines
    // (an item opening with a line break): without its marker that text would join the item before.
    if (!opening && BARE_MARKER.test(plain) && !continuedBelow(lines, i)) continue;
    const trimmed = trimEndWhile(plain, isSpaceOrTab);
    const kept = /\S {2}$/.test(plain) && !opening ? `${trimmed}  ` : trimmed;
    if (kept === "") endBlock();
    if (kept === "" && out.length > 0 && out[out.length - 1] === "") continue;
    out.push(kept);
    if (kept === "") blockStart = out.length;
  }
  endBlock();
  return out.join("\n").trim();
}
