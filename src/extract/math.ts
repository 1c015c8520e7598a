/**
 * Formulas: a page's mathematics comes back once, as TeX where the page holds its TeX source, in the
 * Markdown convention of `$…$` inline and `$$…$$` for a displayed formula (README, "What /extract
 * returns").
 *
 * Pages write a formula two or three times: once as MathML for screen readers and once or twice for the
 * eye (an image, or spans laid out by a renderer), and they hide one of the copies. Read as text, the
 * MathML alone is its leaves run together ("σi=ezi∑jezj" for a softmax), the reader's copy repeats it
 * ("zz"), and where the MathML is hidden (an encyclopedia's copy sits in a `display: none` span beside
 * an image) the formula is lost altogether. So each `<math>` element becomes one marked span:
 *
 * - its TeX is the `<annotation>` of encoding `application/x-tex` or the `alttext` attribute (without
 *   the `{\displaystyle …}` wrapper some generators add); a formula without either is written as text,
 *   its scripts and fractions spelled out (`e^(z_i)`, `(a)/(b)`);
 * - the span replaces the formula's whole construct: the `<math>` and the ancestors that hold nothing
 *   else but copies hidden from screen readers (`aria-hidden="true"`), which are the same formula drawn
 *   for the eye;
 * - a formula is displayed when its `<math>` says `display="block"`.
 *
 * A page whose renderer has not run (what vellum fetches) holds the TeX in `<script type="math/tex">`
 * (`; mode=display` for displayed formulas); mend-html.ts turns such a script into the same marked span,
 * which would otherwise go with every script. Once the renderer has run (a saved page), the script
 * follows its own drawing: the element whose id is the script's id with "-Frame" after it, and before
 * that a preview of the TeX. They go, the script's TeX stays.
 */

/** The attribute marking a formula: "inline" or "display". markdown.ts writes the span out. */
export const FORMULA = "data-vellum-math";
/** Present (empty) when the span's text is TeX, absent when it is the formula's text spelled out. */
export const FORMULA_TEX = "data-vellum-tex";

// An annotation's encoding naming TeX: "application/x-tex", "TeX", "application/x-latex" (not "text/plain").
const TEX_ENCODING = /(?:^|[/-])(?:la)?tex$/i;
// At most this many ancestors of a `<math>` are taken as its construct: KaTeX and MathJax nest three.
const MAX_CONSTRUCT_DEPTH = 5;

/** Marks every formula of the page (see above); returns how many were marked. */
export function markFormulas(doc: Document): number {
  const body = doc.body;
  if (!body) return 0;
  let marked = 0;
  // A live collection shrinks as formulas are replaced: take a copy first.
  for (const math of Array.from(body.getElementsByTagName("math"))) {
    if (!math.isConnected || math.parentElement?.closest("math")) continue;
    const tex = texOf(math);
    const display = (math.getAttribute("display") ?? "").toLowerCase() === "block";
    const span = formulaSpan(doc, tex ?? spelledOut(math), display, tex !== null);
    constructOf(math, body).replaceWith(span);
    marked++;
  }
  for (const script of Array.from(body.querySelectorAll(`[${FORMULA}][id]`))) withoutDrawing(script);
  return marked;
}

/** A marked span holding `text`, as markdown.ts expects it. */
function formulaSpan(doc: Document, text: string, display: boolean, tex: boolean): Element {
  const span = doc.createElement("span");
  span.setAttribute(FORMULA, display ? "display" : "inline");
  if (tex) span.setAttribute(FORMULA_TEX, "");
  span.textContent = text;
  return span;
}

/** The formula's TeX source, or null when the page does not give it. */
export function texOf(math: Element): string | null {
  for (const annotation of Array.from(math.getElementsByTagName("annotation"))) {
    if (TEX_ENCODING.test(annotation.getAttribute("encoding") ?? "")) {
      const tex = cleanTex(annotation.textContent ?? "");
      if (tex) return tex;
    }
  }
  const alt = cleanTex(math.getAttribute("alttext") ?? "");
  return alt || null;
}

/** TeX with its whitespace collapsed and without a `{\displaystyle …}` or `{\textstyle …}` wrapper. */
export function cleanTex(tex: string): string {
  let t = tex.replace(/\s+/g, " ").trim();
  const wrapped = /^\{\\(?:displaystyle|textstyle|scriptstyle)\s?(.*)\}$/.exec(t);
  if (wrapped && balanced(wrapped[1]!)) t = wrapped[1]!.trim();
  return t;
}

function balanced(tex: string): boolean {
  let depth = 0;
  for (let i = 0; i < tex.length; i++) {
    const c = tex.charAt(i);
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The element a formula's span replaces: the `<math>` and each ancestor (up to MAX_CONSTRUCT_DEPTH)
 * whose other children are all hidden from screen readers and which holds no text of its own.
 */
function constructOf(math: Element, body: Element): Element {
  let construct = math;
  for (let depth = 0; depth < MAX_CONSTRUCT_DEPTH; depth++) {
    const parent = construct.parentElement;
    if (!parent || parent === body || !onlyDrawings(parent, construct)) break;
    construct = parent;
  }
  return construct;
}

function onlyDrawings(parent: Element, kept: Element): boolean {
  for (const child of Array.from(parent.childNodes)) {
    if (child === kept) continue;
    if (child.nodeType === 3) {
      if ((child.textContent ?? "").trim()) return false;
    } else if (child.nodeType === 1) {
      if ((child as Element).getAttribute("aria-hidden") !== "true") return false;
    }
  }
  return true;
}

// MathML's layout elements, by how their children are spelled out.
const SCRIPTS: Record<string, string[]> = {
  msub: ["", "_"],
  msup: ["", "^"],
  msubsup: ["", "_", "^"],
  munder: ["", "_"],
  mover: ["", "^"],
  munderover: ["", "_", "^"],
};
const SKIPPED = new Set(["annotation", "annotation-xml", "mphantom", "none", "mprescripts"]);

/** A formula without TeX spelled out as text: `e^(z_i)`, `(a)/(b)`, `√(x)`. */
export function spelledOut(node: Element): string {
  return spell(node).replace(/\s+/g, " ").trim();
}

function spell(node: Element): string {
  const name = node.localName.toLowerCase();
  if (SKIPPED.has(name)) return "";
  const parts = Array.from(node.children).map(spell);
  if (node.children.length === 0) return node.textContent ?? "";
  const scripts = SCRIPTS[name];
  if (scripts) {
    const written = parts.map((part, i) => (i === 0 ? group(part) : `${scripts[i] ?? ""}${group(part)}`)).join("");
    // A large operator's limits ("∑_j") are set apart from what it sums.
    return node.children[0]?.localName.toLowerCase() === "mo" ? `${written} ` : written;
  }
  if (name === "mfrac") return `${group(parts[0] ?? "")}/${group(parts[1] ?? "")}`;
  if (name === "msqrt") return `√${group(parts.join(""))}`;
  if (name === "mroot") return `${group(parts[1] ?? "")}√${group(parts[0] ?? "")}`;
  if (name === "mtr" || name === "mlabeledtr") return parts.join(", ");
  if (name === "mtable") return parts.join("; ");
  return parts.join("");
}

/** A part of more than one character in parentheses, so that `e^(z_i)` reads as one exponent. */
function group(part: string): string {
  const p = part.trim();
  return [...p].length <= 1 ? p : `(${p})`;
}

/**
 * A formula from a TeX script whose rendering a saved page still holds: the drawing right before it
 * (id "<script id>-Frame", or the span markFormulas made of the drawing's MathML), and a preview of the
 * TeX (or an empty one) right before that, go. Only whitespace may stand between them.
 */
function withoutDrawing(formula: Element): void {
  const id = formula.getAttribute("id");
  if (!id || !formula.hasAttribute(FORMULA_TEX)) return;
  const tex = (formula.textContent ?? "").trim();
  let drawn = false;
  let node = formula.previousSibling;
  for (let elements = 0; node && elements < 2; ) {
    const before: ChildNode | null = node.previousSibling;
    if (node.nodeType === 1) {
      const element = node as Element;
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
      const drawing = element.getAttribute("id") === `${id}-Frame` || (element.hasAttribute(FORMULA) && !element.hasAttribute(FORMULA_TEX));
      if (!drawn && drawing) drawn = true;
      else if (!(drawn && (text === "" || text === tex))) break;
      element.remove();
      elements++;
    } else if ((node.textContent ?? "").trim()) {
      break;
    }
    node = before;
  }
}
