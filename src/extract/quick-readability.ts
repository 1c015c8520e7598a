// Two of Readability's tests, made cheaper; their answers do not change. A CPU profile of extraction
// over a quarter of WCXB dev spent 2% of its time in them, reading an element's whole text where
// little or none of it decides:
// - `_isValidByline(node, matchString)` read the text of every element `_grabArticle` passes (the
//   `<html>` and `<body>` included) before testing the element's `rel`, `itemprop` and class and id;
//   it now reads the text only of an element those tests name as a byline;
// - `_isElementWithoutContent(node)` asked for the whole text of a `<div>`, `<section>`, `<header>` or
//   heading to see whether any of it is not white space; the walk now stops at the first text that is
//   not (String.prototype.trim and /\S/ agree on what white space is).
// Both are replaced on Readability's prototype, once, and only when its methods are the ones these were
// written against (@mozilla/readability 0.6.0, as Bun prints their source): a Readability that changed
// them keeps its own.

/** The parts of Readability's prototype replaced here. */
interface ReadabilityTests {
  REGEXPS: { byline: RegExp };
  ELEMENT_NODE: number;
  _isValidByline(node: Element, matchString: string): boolean;
  _isElementWithoutContent(node: Element): boolean;
}

/** Their source with white space removed, as Bun prints it; any other source is left as it is. */
const EXPECTED_SOURCE = {
  _isValidByline:
    '_isValidByline(node,matchString){varrel=node.getAttribute("rel"),itemprop=node.getAttribute("itemprop"),bylineLength=node.textContent.trim().length;return(rel==="author"||itemprop&&itemprop.includes("author")||this.REGEXPS.byline.test(matchString))&&!!bylineLength&&bylineLength<100;}',
  _isElementWithoutContent:
    '_isElementWithoutContent(node){returnnode.nodeType===this.ELEMENT_NODE&&!node.textContent.trim().length&&(!node.children.length||node.children.length==node.getElementsByTagName("br").length+node.getElementsByTagName("hr").length);}',
} as const;

type Replaced = Partial<Pick<ReadabilityTests, keyof typeof EXPECTED_SOURCE>>;

/** Each prototype quickened, with the methods it had before (tests compare the two). */
const quickened = new WeakMap<object, Replaced>();

/**
 * Replaces `_isValidByline` and `_isElementWithoutContent` on Readability's prototype with versions
 * giving the same answers for less reading. Returns the methods replaced (none when the prototype's
 * methods are not the expected ones); a second call replaces nothing and returns the same.
 */
export function quickenReadability(prototype: object): Replaced {
  const proto = prototype as ReadabilityTests;
  const done = quickened.get(proto);
  if (done) return done;
  const unchanged = (name: keyof typeof EXPECTED_SOURCE) =>
    typeof proto[name] === "function" && Function.prototype.toString.call(proto[name]).replace(/\s+/g, "") === EXPECTED_SOURCE[name];
  const replaced: Replaced = {};
  quickened.set(proto, replaced);
  if (!unchanged("_isValidByline") || !unchanged("_isElementWithoutContent")) return replaced;
  replaced._isValidByline = proto._isValidByline;
  replaced._isElementWithoutContent = proto._isElementWithoutContent;
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
  return replaced;
}

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
