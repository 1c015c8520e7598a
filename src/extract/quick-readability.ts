// Readability's tests, made cheaper; their answers do not change. A CPU profile of extraction over a
// quarter of WCXB dev spent 2% of its time in two of them, reading an element's whole text where little
// or none of it decides, and 2–3% reading the same elements' text again and again in one step:
// - `_isValidByline(node, matchString)` read the text of every element `_grabArticle` passes (the
//   `<html>` and `<body>` included) before testing the element's `rel`, `itemprop` and class and id;
//   it now reads the text only of an element those tests name as a byline;
// - `_isElementWithoutContent(node)` asked for the whole text of a `<div>`, `<section>`, `<header>` or
//   heading to see whether any of it is not white space; the walk now stops at the first text that is
//   not (String.prototype.trim and /\S/ agree on what white space is);
// - `_cleanConditionally` judges each candidate element in a filter that only reads the tree (the
//   element is removed after the filter answers), and that filter read the candidate's text six times
//   (`_getInnerText` for its lists, commas, heading and text densities, words and link density), its
//   lists' and links' texts twice. Texts read by `_getInnerText` during one call of that filter are now
//   kept for the rest of that call, and forgotten before the next element is judged.
// They are replaced on Readability's prototype, once, and only when its methods are the ones these were
// written against (@mozilla/readability 0.6.0, as Bun prints their source): a Readability that changed
// any of them keeps its own.

/** The parts of Readability's prototype replaced here. */
interface ReadabilityTests {
  REGEXPS: { byline: RegExp };
  ELEMENT_NODE: number;
  _isValidByline(node: Element, matchString: string): boolean;
  _isElementWithoutContent(node: Element): boolean;
  _cleanConditionally(e: Element, tag: string): void;
  _removeNodes(nodeList: ArrayLike<Element>, filterFn?: (node: Element, i: number, list: ArrayLike<Element>) => boolean): void;
  _getInnerText(e: Element, normalizeSpaces?: boolean): string;
}

/**
 * The methods replaced or wrapped, each with the length and FNV-1a hash of its source with white space
 * removed, as Bun prints it: any other source is left as it is.
 */
const EXPECTED_SOURCE = {
  _isValidByline: [284, 0xfefd301c],
  _isElementWithoutContent: [231, 0x2d27f27e],
  _cleanConditionally: [3095, 0xc6c52d7f],
  _removeNodes: [314, 0x912984dd],
  _getInnerText: [221, 0x45ba4f32],
} as const;

function fingerprint(source: string): [number, number] {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193) >>> 0;
  return [source.length, hash];
}

type Replaced = Partial<Pick<ReadabilityTests, keyof typeof EXPECTED_SOURCE>>;

/** Each prototype quickened, with the methods it had before (tests compare the two). */
const quickened = new WeakMap<object, Replaced>();

/**
 * Replaces `_isValidByline` and `_isElementWithoutContent` on Readability's prototype with versions
 * giving the same answers for less reading, and has `_getInnerText` keep what it read during each call of
 * `_cleanConditionally`'s filter. Returns the methods replaced (none when the prototype's
 * methods are not the expected ones); a second call replaces nothing and returns the same.
 */
export function quickenReadability(prototype: object): Replaced {
  const proto = prototype as ReadabilityTests;
  const done = quickened.get(proto);
  if (done) return done;
  const replaced: Replaced = {};
  quickened.set(proto, replaced);
  for (const [name, [length, hash]] of Object.entries(EXPECTED_SOURCE)) {
    const method = proto[name as keyof typeof EXPECTED_SOURCE];
    if (typeof method !== "function") return replaced;
    const [actualLength, actualHash] = fingerprint(Function.prototype.toString.call(method).replace(/\s+/g, ""));
    if (actualLength !== length || actualHash !== hash) return replaced;
  }
  Object.assign(replaced, {
    _isValidByline: proto._isValidByline,
    _isElementWithoutContent: proto._isElementWithoutContent,
    _cleanConditionally: proto._cleanConditionally,
    _removeNodes: proto._removeNodes,
    _getInnerText: proto._getInnerText,
  });
  const { _cleanConditionally: cleanConditionally, _removeNodes: removeNodes, _getInnerText: getInnerText } = proto;
  proto._isValidByline = function (this: ReadabilityTests, node: Element, matchString: string): boolean {
    const rel = node.getAttribute("rel");
    const itemprop = node.getAttribute("itemprop");
    if (!(rel === "author" || itemprop?.includes("author") || this.REGEXPS.byline.test(matchString))) return false;
    const bylineLength = (node.textContent ?? "").trim().length;
    return bylineLength > 0 && bylineLength < 100;
  };
  proto._isElementWithoutContent = function (this: ReadabilityTests, node: Element): boolean {
    return (
      node.nodeType === this.ELEMENT_NODE &&
      !holdsText(node) &&
      (!node.children.length || node.children.length === node.getElementsByTagName("br").length + node.getElementsByTagName("hr").length)
    );
  };
  type Judging = ReadabilityTests & { [judging]?: boolean; [texts]?: Map<Element, string>[] | null };
  proto._cleanConditionally = function (this: Judging, e: Element, tag: string): void {
    this[judging] = true;
    try {
      cleanConditionally.call(this, e, tag);
    } finally {
      this[judging] = false;
    }
  };
  proto._removeNodes = function (this: Judging, nodeList, filterFn) {
    if (!this[judging] || !filterFn) return removeNodes.call(this, nodeList, filterFn);
    return removeNodes.call(this, nodeList, function (this: Judging, node, i, list) {
      this[texts] = [new Map(), new Map()]; // texts as read, normalised and not
      try {
        return filterFn.call(this, node, i, list);
      } finally {
        this[texts] = null;
      }
    });
  };
  proto._getInnerText = function (this: Judging, e: Element, normalizeSpaces?: boolean): string {
    const kept = this[texts];
    if (!kept) return getInnerText.call(this, e, normalizeSpaces);
    const read = kept[normalizeSpaces === undefined || normalizeSpaces ? 0 : 1]!;
    let text = read.get(e);
    if (text === undefined) {
      text = getInnerText.call(this, e, normalizeSpaces);
      read.set(e, text);
    }
    return text;
  };
  return replaced;
}

/** Set on a Readability while it runs `_cleanConditionally`. */
const judging = Symbol("judging elements in _cleanConditionally");
/** Texts `_getInnerText` read during one call of `_cleanConditionally`'s filter. */
const texts = Symbol("texts read judging one element");

/** Whether a text or CDATA node under `node` holds a character that is not white space. */
function holdsText(node: Node): boolean {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    const type = child.nodeType;
    if (type === 3 || type === 4) {
      if (NOT_SPACE.test((child as CharacterData).data)) return true;
    } else if (type === 1 && holdsText(child)) return true;
  }
  return false;
}

const NOT_SPACE = /\S/;
