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
// They are replaced on Readability's prototype, once, and only on the version they were written against
// (@mozilla/readability 0.6.0, read from its package.json): another version keeps its own. The version,
// not the methods' source, is what is checked, because the release build minifies that source.
import { version as readabilityVersion } from "@mozilla/readability/package.json";

/** The version of @mozilla/readability these replacements were written against and tested on. */
export const QUICKENED_VERSION = "0.6.0";

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

/** The methods replaced or wrapped. */
const REPLACED = ["_isValidByline", "_isElementWithoutContent", "_cleanConditionally", "_removeNodes", "_getInnerText"] as const;

type Replaced = Partial<Pick<ReadabilityTests, (typeof REPLACED)[number]>>;

/** Each prototype quickened, with the methods it had before (tests compare the two). */
const quickened = new WeakMap<object, Replaced>();

/**
 * Replaces `_isValidByline` and `_isElementWithoutContent` on Readability's prototype with versions
 * giving the same answers for less reading, and has `_getInnerText` keep what it read during each call of
 * `_cleanConditionally`'s filter. Returns the methods replaced: none when `version` is not
 * QUICKENED_VERSION or a method is missing; a second call replaces nothing and returns the same.
 */
export function quickenReadability(prototype: object, version: string = readabilityVersion): Replaced {
  const proto = prototype as ReadabilityTests;
  const done = quickened.get(proto);
  if (done) return done;
  const replaced: Replaced = {};
  quickened.set(proto, replaced);
  if (version !== QUICKENED_VERSION || REPLACED.some((name) => typeof proto[name] !== "function")) return replaced;
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
