// The DOM a page is read in. Production builds it with linkedom: on the article benchmark it parses
// and walks two to three times faster than happy-dom in less memory, with the same Markdown on 90% of
// WCXB pages and the same quality once the gaps below are closed (README, "Which DOM"). happy-dom, the
// DOM of earlier versions, stays for the benchmarks that compare the two (scripts/lib/happy-dom-page.ts).
//
// linkedom builds its tree with htmlparser2, not the HTML standard's tree builder. What a browser
// does that it does not, and vellum needs, is done here after the parse (completeTree):
// - implied elements: a page without `<html>`, `<head>` or `<body>` tags gets them, and content
//   outside `<body>` (a fragment, text after `</body>`) is moved into it;
// - a stray second `<html>`, `<head>` or `<body>` tag is merged away instead of nesting a new element;
// - an `<a>` inside an `<a>` closes the outer one (the standard's adoption agency), so the two links
//   are siblings; a heading opened inside an unclosed heading closes it;
// - the newline right after `<pre>` is dropped, as browsers drop it;
// - one text node per run of text (htmlparser2 splits text at character references);
// - attribute names lower-cased, as browsers store them (linkedom keeps `itemProp`, `HREF` as written);
// - the document knows its address (`URL`, `documentURI`, and `baseURI` from `<base href>`;
//   Readability resolves links against them).
// `<![CDATA[` in HTML content ends at the first `>` in browsers and runs to `]]>` in htmlparser2:
// mend-html.ts cuts it as a browser would, before the parse.
//
// Nothing on a page runs: linkedom evaluates no script, loads no resource and has no navigation.
import { parseHTML } from "linkedom";
import { elementsUnder } from "./dom-walk.ts";

/** A page parsed into a DOM: its document, a second independent parse of the same HTML, and how to free both. */
export interface ParsedPage {
  document: Document;
  /** A fresh document of the same HTML (the region reads the page before the boilerplate rules changed it). */
  reparse(): Document;
  close(): Promise<void>;
}

/** Builds the DOM of a page's (mended) HTML at its URL. */
export type DomFactory = (html: string, url: string) => ParsedPage;

/** The production DOM: linkedom, each parse a document of its own, completed as a browser's (completeTree). */
export const linkedomPage: DomFactory = (html, url) => {
  quickenLinkedom();
  const address = new URL(url).href; // an address that is not absolute throws, as happy-dom's Window did
  const mixedCase = MIXED_CASE_ATTRIBUTE.test(html);
  const spacedStyles = LONG_SPACE.test(html) && SPACED_STYLE.test(html);
  const parse = () => {
    const document = parseHTML(html).document as unknown as Document;
    if (mixedCase) lowerCaseAttributes(document);
    if (spacedStyles) foldStyleSpaces(document);
    completeTree(document, address);
    return document;
  };
  return { document: parse(), reparse: parse, close: async () => {} };
};

let quickened = false;
const tidied = Symbol("class attribute in className's form");

// Node.DOCUMENT_POSITION_* bits.
const DISCONNECTED = 1;
const PRECEDING = 2;
const FOLLOWING = 4;
const CONTAINS = 8;
const CONTAINED_BY = 16;
const IMPLEMENTATION_SPECIFIC = 32;

/**
 * Where `other` stands relative to `node`, as the DOM standard's compareDocumentPosition answers: by
 * their ancestors up to the first they share, then by which of that ancestor's children comes first
 * (read from the one child's later siblings).
 */
function documentPosition(node: Node, other: Node): number {
  if (node === other) return 0;
  const chain = (n: Node) => {
    const up: Node[] = [];
    for (let p: Node | null = n; p; p = p.parentNode) up.push(p);
    return up.reverse();
  };
  const mine = chain(node);
  const theirs = chain(other);
  if (mine[0] !== theirs[0]) return DISCONNECTED | IMPLEMENTATION_SPECIFIC | PRECEDING;
  let shared = 0;
  while (shared < mine.length && shared < theirs.length && mine[shared] === theirs[shared]) shared++;
  if (shared === mine.length) return CONTAINED_BY | FOLLOWING;
  if (shared === theirs.length) return CONTAINS | PRECEDING;
  const target = theirs[shared];
  for (let s = mine[shared]!.nextSibling; s; s = s.nextSibling) if (s === target) return FOLLOWING;
  return PRECEDING;
}

/**
 * Three of linkedom's element lookups, made cheap; their answers do not change. A CPU profile of
 * extraction over a quarter of WCXB dev spent 18% of its time upper-casing element names and 9% on
 * `className`:
 * - `getElementsByTagName(name)` upper-cased the name of every element it passed to compare it with
 *   `name`; it now compares the (lower-case, as htmlparser2 makes them in HTML) local name with `name`
 *   and with `name` lower-cased when `name` is all capitals, which is what that comparison matched;
 * - `nodeName` / `tagName` upper-cased the local name on every read; each name is now upper-cased once;
 * - `className` built a token set per element and joined it on every read; it now reads the class
 *   attribute and builds the same string (distinct tokens, single spaces) only when the attribute is not
 *   already in that form; setting it (as the parser does for every class attribute) writes that string
 *   to the attribute instead of building a token set, which `classList` builds when first asked for.
 * Applied once, to linkedom's prototypes (linkedom is pinned in package.json); the element-walking
 * pointers are linkedom's own `next` / `end` symbols, read from a parsed element. If a linkedom
 * without them is ever installed, its lookups are left as they are.
 */
function quickenLinkedom(): void {
  if (quickened) return;
  quickened = true;
  const sample = parseHTML("<html><body><p></p></body></html>").document.querySelector("p") as unknown as Element;
  const symbol = (name: string) => Object.getOwnPropertySymbols(sample).find((s) => s.description === name);
  const next = symbol("next");
  const end = symbol("end");
  const owner = (key: string) => {
    let proto: object | null = sample;
    while (proto && !Object.hasOwn(proto, key)) proto = Object.getPrototypeOf(proto);
    return proto;
  };
  const parentNode = owner("getElementsByTagName") as { getElementsByTagName: (name: string) => unknown } | null;
  const element = owner("className");
  if (!next || !end || !parentNode || !element || owner("nodeName") !== element) return;
  type Linked = Element & { [key: symbol]: Linked };
  Object.defineProperty(parentNode, "getElementsByTagName", {
    configurable: true,
    writable: true,
    value(this: Linked, name: string) {
      const capitals = name === name.toUpperCase() ? name.toLowerCase() : name;
      const found: Element[] = []; // an Array subclass (linkedom's NodeList) grows several times slower
      for (let n = this[next], stop = this[end]; n && n !== stop; n = n[next]) {
        if (n.nodeType === 1 && (n.localName === name || n.localName === capitals)) found.push(n);
      }
      return found;
    },
  });
  const upper = new Map<string, string>();
  const nameOf = {
    configurable: true,
    get(this: Element) {
      const local = this.localName;
      let name = upper.get(local);
      if (name === undefined) {
        name = local.toUpperCase();
        if (upper.size < 10_000) upper.set(local, name); // a page may invent names without end
      }
      return name;
    },
  };
  // Markup set as `innerHTML` (Readability puts the page back this way before each retry) is parsed
  // as the page was: one text node per run of text. Without it a run of 10,000 "<" came back as
  // 10,000 text nodes, and every later walk over them made a page of such runs take seconds more.
  const markupOwner = owner("innerHTML");
  const innerHtml = markupOwner && Object.getOwnPropertyDescriptor(markupOwner, "innerHTML");
  if (markupOwner && innerHtml?.set && innerHtml.get) {
    const set = innerHtml.set;
    Object.defineProperty(markupOwner, "innerHTML", {
      ...innerHtml,
      set(this: Element, markup: string) {
        set.call(this, markup);
        this.normalize();
      },
    });
  }
  // compareDocumentPosition compared the two nodes' depths, not their places: a node deeper than another
  // "preceded" it wherever it stood, and of two at one depth under different parents, each "preceded"
  // the other (an article's lead marked before its body was taken to follow it). It answers by the
  // nodes' ancestors instead (documentPosition).
  const positioned = owner("compareDocumentPosition");
  if (positioned) {
    Object.defineProperty(positioned, "compareDocumentPosition", {
      configurable: true,
      writable: true,
      value(this: Node, other: Node) {
        return documentPosition(this, other);
      },
    });
  }
  lazyListeners(sample);
  const mime = Object.getOwnPropertySymbols(sample.ownerDocument).find((s) => s.description === "mime");
  quickNameSelectors(parentNode, element, next, end, mime);
  Object.defineProperty(element, "nodeName", nameOf);
  Object.defineProperty(element, "tagName", nameOf);
  const classSetter = Object.getOwnPropertyDescriptor(element, "className")?.set;
  const classList = symbol("classList");
  // A class attribute's value last found already in className's form, kept on its node: reading
  // className again (getAttribute("class") does, for every rule asking for it) then costs one string
  // comparison instead of tidyClass. A value changed in any other way no longer equals it, and is tidied.
  type Tidied = Attr & { [tidied]?: string };
  Object.defineProperty(element, "className", {
    configurable: true,
    set(this: Linked, value: unknown) {
      const attribute = this.getAttributeNode("class") as Tidied | null;
      if (!attribute || !classList) return classSetter?.call(this, value);
      const tidy = tidyClass(String(value));
      attribute.value = tidy;
      attribute[tidied] = tidy;
      (this as Record<symbol, unknown>)[classList] = null; // built again from the attribute when asked for
    },
    get(this: Element) {
      const attribute = this.getAttributeNode("class") as Tidied | null; // getAttribute("class") reads className
      const raw = attribute?.value;
      if (!raw) return "";
      if (attribute[tidied] === raw) return raw;
      const tidy = tidyClass(raw);
      if (tidy === raw) attribute[tidied] = raw;
      return tidy;
    },
  });
}

/**
 * linkedom compiles a selector anew (css-what's parse, then css-select's compile) at every
 * `querySelectorAll`, `querySelector`, `closest` and `matches`, and each element it tests has its name
 * lower-cased: 4–5% of extraction's CPU time over a quarter of WCXB dev, and over four fifths of those
 * calls (Readability's and the rules') are lists of element names ("h1,h2,h3", "object,embed,iframe",
 * closest("a")). A selector of names alone, in an HTML document, is answered here by comparing each
 * element's local name with the names, in linkedom's order of the same walk (a `<template>`'s content
 * is skipped); any other selector, and any XML document, goes to linkedom as before. css-select matches
 * a name in an HTML document when the lower-cased local name equals the lower-cased name. As with
 * `getElementsByTagName`, `querySelectorAll` answers a plain array, not linkedom's slower NodeList.
 */
function quickNameSelectors(parentNode: object, element: object, next: symbol, end: symbol, mime: symbol | undefined): void {
  type Linked = Element & { [key: symbol]: Linked };
  type Typed = { [key: symbol]: { ignoreCase?: boolean } | undefined };
  const methods = { parentNode, element } as const;
  const original = (on: keyof typeof methods, name: string) =>
    (Object.getOwnPropertyDescriptor(methods[on], name)?.value ?? null) as ((this: unknown, selectors: string) => unknown) | null;
  const all = original("parentNode", "querySelectorAll");
  const first = original("parentNode", "querySelector");
  const closest = original("element", "closest");
  const matches = original("element", "matches");
  if (!mime || !all || !first || !closest || !matches) return;
  const tests = new Map<string, ((el: Element) => boolean) | null>();
  // The test of an element for a selector of names only, or null: a compiled selector, not a cache of the DOM.
  const nameTest = (on: Linked, selectors: string): ((el: Element) => boolean) | null => {
    if (typeof selectors !== "string" || (on.ownerDocument as unknown as Typed | null)?.[mime]?.ignoreCase !== true) return null;
    let test = tests.get(selectors);
    if (test === undefined) {
      test = null;
      if (selectors.trim() === "*") test = () => true;
      else if (NAME_LIST.test(selectors)) {
        const names = new Set(selectors.split(",").map((name) => name.trim().toLowerCase()));
        test = (el) => names.has(el.localName) || names.has(el.localName.toLowerCase());
      }
      if (tests.size < 1_000) tests.set(selectors, test); // selectors are the code's constants, but a page may add its own
    }
    return test;
  };
  const define = (on: object, name: string, value: (this: never, selectors: string) => unknown) =>
    Object.defineProperty(on, name, { configurable: true, writable: true, value });
  define(parentNode, "querySelectorAll", function (this: Linked, selectors: string) {
    const test = nameTest(this, selectors);
    if (!test) return all.call(this, selectors);
    const found: Element[] = [];
    for (let n = this[next], stop = this[end]; n && n !== stop; n = n.nodeType === 1 && n.localName === "template" ? n[end] : n[next])
      if (n.nodeType === 1 && test(n)) found.push(n);
    return found;
  });
  define(parentNode, "querySelector", function (this: Linked, selectors: string) {
    const test = nameTest(this, selectors);
    if (!test) return first.call(this, selectors);
    for (let n = this[next], stop = this[end]; n && n !== stop; n = n.nodeType === 1 && n.localName === "template" ? n[end] : n[next])
      if (n.nodeType === 1 && test(n)) return n;
    return null;
  });
  define(element, "closest", function (this: Linked, selectors: string) {
    const test = nameTest(this, selectors);
    if (!test) return closest.call(this, selectors);
    let el: Element | null = this;
    while (el && !test(el)) el = el.parentElement;
    return el;
  });
  define(element, "matches", function (this: Linked, selectors: string) {
    const test = nameTest(this, selectors);
    return test ? test(this) : matches.call(this, selectors);
  });
}

/** Element names joined by commas ("h1,h2", "SPAN,LI", "ul, ol"): css-what reads each as a type selector. */
const NAME_LIST = /^\s*[a-z][a-z0-9-]*(?:\s*,\s*[a-z][a-z0-9-]*)*\s*$/i;

/**
 * linkedom's EventTarget constructor gives every node (each element, attribute and text node) an entry
 * in a WeakMap of listeners, with an empty Map: 5–7% of extraction's CPU time in a profile over a
 * quarter of WCXB dev, besides the ephemerons the collector then traces. No rule listens to a node.
 * Nodes now skip that constructor (their class's parent constructor becomes an empty one; their
 * prototype chain, and so `instanceof EventTarget`, is unchanged), and the three listener methods,
 * linkedom's own code, keep their maps in a WeakMap of their own, made on the first listener.
 */
function lazyListeners(sample: object): void {
  let nodeProto: object | null = sample;
  let targetProto: object | null = Object.getPrototypeOf(sample);
  while (targetProto && !Object.hasOwn(targetProto, "addEventListener")) {
    nodeProto = targetProto;
    targetProto = Object.getPrototypeOf(targetProto);
  }
  const Target = targetProto?.constructor;
  const NodeClass = nodeProto?.constructor;
  if (!targetProto || !Target || !NodeClass || Object.getPrototypeOf(NodeClass) !== Target) return;
  type Listeners = Map<string, Map<unknown, { once?: boolean } | undefined>>;
  type Dispatched = {
    type: string;
    bubbles: boolean;
    eventPhase: number;
    currentTarget?: unknown;
    target?: unknown;
    cancelBubble: boolean;
    defaultPrevented: boolean;
    _path: { currentTarget: Parented; target: unknown }[];
    _stopImmediatePropagationFlag: boolean;
    [phase: string]: unknown;
  };
  type Parented = { dispatchEvent?: unknown; _getParent?: () => Parented | null };
  const listeners = new WeakMap<object, Listeners>();
  const dispatch = (event: Dispatched, listener: unknown) => {
    if (typeof listener === "function") listener.call(event.target, event);
    else (listener as { handleEvent(e: unknown): void }).handleEvent(event);
    return event._stopImmediatePropagationFlag;
  };
  function invokeListeners(this: Dispatched, { currentTarget, target }: { currentTarget: Parented; target: unknown }) {
    const map = listeners.get(currentTarget);
    const forType = map?.get(this.type);
    if (!forType) return undefined;
    this.eventPhase = (currentTarget === target ? this.AT_TARGET : this.BUBBLING_PHASE) as number;
    this.currentTarget = currentTarget;
    this.target = target;
    for (const [listener, options] of forType) {
      if (options?.once) forType.delete(listener);
      if (dispatch(this, listener)) break;
    }
    delete this.currentTarget;
    delete this.target;
    return this.cancelBubble;
  }
  Object.setPrototypeOf(NodeClass, class EventTargetWithoutListeners {});
  Object.defineProperties(targetProto, {
    addEventListener: {
      configurable: true,
      writable: true,
      value(this: object, type: string, listener: unknown, options?: { once?: boolean }) {
        let map = listeners.get(this);
        if (!map) listeners.set(this, (map = new Map()));
        let forType = map.get(type);
        if (!forType) map.set(type, (forType = new Map()));
        forType.set(listener, options);
      },
    },
    removeEventListener: {
      configurable: true,
      writable: true,
      value(this: object, type: string, listener: unknown) {
        const map = listeners.get(this);
        const forType = map?.get(type);
        if (forType?.delete(listener) && !forType.size) map!.delete(type);
      },
    },
    dispatchEvent: {
      configurable: true,
      writable: true,
      value(this: Parented, event: Dispatched) {
        let node: Parented | null | false | undefined = this;
        event.eventPhase = event.CAPTURING_PHASE as number;
        while (node) {
          if (node.dispatchEvent) event._path.push({ currentTarget: node, target: this });
          node = event.bubbles && node._getParent?.();
        }
        event._path.some(invokeListeners, event);
        event._path = [];
        event.eventPhase = event.NONE as number;
        return !event.defaultPrevented;
      },
    },
  });
}

/**
 * A class attribute as linkedom's `className` gives it: its distinct tokens, joined by one space. Most
 * attributes are already so (single spaces between tokens, none repeated) and are returned as they are;
 * one scan of the characters tells (no white space but single spaces between tokens), and a list of
 * tokens is built only when there are several.
 */
export function tidyClass(raw: string): string {
  const length = raw.length;
  let spaces = 0;
  for (let i = 0; i < length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 32) {
      if (i === 0 || i === length - 1 || raw.charCodeAt(i - 1) === 32) return tokenSet(raw);
      spaces++;
    } else if (c < 33 ? c >= 9 && c <= 13 : c >= 160 && isSpace(c)) return tokenSet(raw);
  }
  if (length > 0 && (spaces === 0 || !repeatsToken(raw.split(" ")))) return raw;
  return tokenSet(raw);
}

/** The distinct tokens of `raw`, split at white space, joined by one space. */
function tokenSet(raw: string): string {
  return [...new Set(raw.split(/\s+/).filter(Boolean))].join(" ");
}

/** Whether a character code above 159 is white space as /\s/ reads it (Unicode's Zs, BOM, line and paragraph separators). */
function isSpace(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whether a token occurs twice; a Set per read cost more than the lookup saved, so short lists are compared pairwise. */
function repeatsToken(tokens: string[]): boolean {
  if (tokens.length > 12) return new Set(tokens).size < tokens.length;
  for (let i = 1; i < tokens.length; i++) for (let j = 0; j < i; j++) if (tokens[i] === tokens[j]) return true;
  return false;
}

/**
 * An attribute name with an upper-case letter (`itemProp=`, `HREF=`, `dateTime=`), or text that looks
 * like one: only then is the tree walked to lower-case attribute names (lowerCaseAttributes). The
 * look-ahead keeps it linear: with two `[\w:.-]*` around the capital, one long word of capitals took
 * time quadratic in its length (20,000 letters: a third of a second).
 */
const MIXED_CASE_ATTRIBUTE = /\s(?=[\w:.-]*[A-Z])[\w:.-]+\s*=/;

/**
 * HTML attribute names are case-insensitive: browsers store them lower-cased, and every rule asks for
 * them so (`getAttribute("itemprop")`). linkedom keeps them as written and compares them exactly, so a
 * server-rendered `itemProp` or an old page's `HREF` would be invisible. Each is renamed in place:
 * linkedom's `Attr.name` is a plain property (linkedom is pinned in package.json), and an element's
 * attributes are looked up front to back, so of two spellings of one name the first written wins, as
 * in browsers. Linear in the attributes: removing and setting them one by one is quadratic in
 * linkedom, and 50,000 attributes on one element (half a megabyte) took 15 s that way.
 */
export function lowerCaseAttributes(document: Document): void {
  const root = document.documentElement;
  if (!root) return;
  for (const el of [root, ...elementsUnder(root)]) {
    if (!el.hasAttributes()) continue;
    let renamedClass = false;
    for (const attr of Array.from(el.attributes)) {
      const lower = attr.name.toLowerCase();
      if (lower === attr.name) continue;
      (attr as { name: string }).name = lower;
      if (lower === "class") renamedClass = true;
    }
    // linkedom keeps `className` apart from the attribute: set it from the winning spelling.
    if (renamedClass) el.setAttribute("class", el.getAttributeNode("class")?.value ?? "");
  }
}

// A style attribute holding a run of white space longer than any style writes between declarations
// (read lazily inside the quotes: linear, at most 64 tries a character), and every run to fold.
const SPACED_STYLE = /\sstyle\s*=\s*(?:"[^"]*?\s{64}|'[^']*?\s{64})/i;
// Any such run, a cheaper scan first: a page with none holds no such style.
const LONG_SPACE = /\s{64}/;
const SPACE_RUNS = /\s{2,}/g;

/**
 * A style attribute's runs of white space folded to one space, as a style sheet reads them. linkedom
 * splits a style at `\s*;\s*` when `element.style` is first read (Readability reads `style.display`
 * of every element it weighs), which is quadratic in a run of spaces with no `;` after it: a style of
 * 40,000 spaces held a worker for 15 s, one of 400,000 for 71 s. Run only on pages that hold such a run
 * (SPACED_STYLE).
 */
export function foldStyleSpaces(document: Document): void {
  const root = document.documentElement;
  if (!root) return;
  for (const el of [root, ...elementsUnder(root)]) {
    const style = el.getAttribute("style");
    if (style && style.length > 64) {
      const folded = style.replace(SPACE_RUNS, " ");
      if (folded !== style) el.setAttribute("style", folded);
    }
  }
}

/** Elements a page may put before its `<body>` that belong in `<head>`. */
const HEAD_CONTENT = new Set(["title", "meta", "base", "link", "style", "script", "noscript", "template"]);

/**
 * Makes a linkedom document what a browser builds from the same HTML where vellum's reading depends on
 * it (see the list at the top of this file), and gives it its address. Linear in the page's elements.
 */
export function completeTree(document: Document, url: string): void {
  for (const name of ["URL", "documentURI"]) Object.defineProperty(document, name, { value: url, configurable: true });
  // The base for relative links: the first <base href>, resolved against the page's address.
  Object.defineProperty(document, "baseURI", { get: () => pageBase(document, url), configurable: true });
  let html = document.documentElement;
  if (html?.localName !== "html") {
    // A fragment: linkedom made its first element the document element, the rest siblings of it.
    html = document.createElement("html");
    for (const node of Array.from(document.childNodes)) if (node.nodeType !== 10) html.appendChild(node);
    document.appendChild(html);
  }
  const head = firstChildNamed(html, "head") ?? html.insertBefore(document.createElement("head"), html.firstChild);
  const body = firstChildNamed(html, "body") ?? html.appendChild(document.createElement("body"));
  // What sits beside <head> and <body>: head content before the body goes to <head>, the rest to <body>
  // in document order (text after `</body>`, a page that never opened <body>).
  let beforeBody = true;
  const insertAt: Node | null = body.firstChild;
  for (const node of Array.from(html.childNodes)) {
    if (node === head) continue;
    if (node === body) {
      beforeBody = false;
      continue;
    }
    const name = node.nodeType === 1 ? (node as Element).localName : "";
    if (beforeBody && (HEAD_CONTENT.has(name) || (node.nodeType === 3 && !node.textContent?.trim()) || node.nodeType === 8)) {
      head.appendChild(node);
    } else if (beforeBody) {
      body.insertBefore(node, insertAt);
    } else {
      body.appendChild(node);
    }
  }
  // Content before `<html>` or after `</html>` is the body's too.
  let beforeHtml = true;
  const bodyStart = body.firstChild;
  for (const node of Array.from(document.childNodes)) {
    if (node === html) beforeHtml = false;
    else if (node.nodeType === 1 || (node.nodeType === 3 && node.textContent?.trim()))
      body.insertBefore(node, beforeHtml ? bodyStart : null);
  }
  // The elements the repairs below work on, found in one walk of the body: none of the repairs adds or
  // drops one of them, and none changes their document order.
  const found = new Map<string, Element[]>([...STRAY, ...HEADINGS, "pre", "a"].map((name) => [name, []]));
  for (const el of elementsUnder(body)) found.get(el.localName)?.push(el);
  // Stray `<html>`, `<head>` and `<body>` tags inside the page: a browser merges them away.
  const strays = elementsUnder(head).filter((el) => el.localName === "html" || el.localName === "body");
  for (const el of [...STRAY.flatMap((name) => found.get(name) ?? []), ...strays]) el.replaceWith(...Array.from(el.childNodes));
  // One text node per run of text, as a browser's parser makes it: htmlparser2 splits text at every
  // character reference ("a &lt;b&gt; c" is five nodes), and a rule or Markdown escape reading one
  // node at a time would see "<" and ">" alone.
  html.normalize();
  // A heading opened inside an unclosed heading closes it.
  for (const name of HEADINGS) {
    for (const inner of found.get(name) ?? []) {
      const outer = inner.parentElement;
      if (outer && HEADINGS.includes(outer.localName)) closeBefore(outer, inner);
    }
  }
  // The newline right after `<pre>` is not content: browsers drop it.
  for (const pre of found.get("pre") ?? []) {
    const first = pre.firstChild;
    if (first?.nodeType === 3 && (first as Text).data.startsWith("\n")) (first as Text).data = (first as Text).data.slice(1);
  }
  // A link inside a link: the inner one closes the outer (`<a>1<a>2</a>3</a>` reads 1, 2, 3 in three
  // parts); one nested deeper in the outer link just follows it.
  for (const a of found.get("a") ?? []) {
    let outer: Element | null = a.parentElement;
    while (outer && outer.localName !== "a") outer = outer.parentElement;
    if (outer && a.parentElement === outer) closeBefore(outer, a);
    else outer?.after(a);
  }
}

/**
 * `outer` closed where its child `inner` opens, as a browser's parser closes an element that cannot hold
 * the next one: `inner` and the siblings after it follow `outer`.
 */
function closeBefore(outer: Element, inner: Element): void {
  const rest: ChildNode[] = [];
  for (let n: ChildNode | null = inner; n; n = n.nextSibling) rest.push(n);
  outer.after(...rest);
}

/** The page's base for relative links: its first `<base href>` resolved against `url`, else `url`. */
export function pageBase(document: Document, url: string): string {
  const href = document.querySelector("base[href]")?.getAttribute("href");
  if (href) {
    try {
      return new URL(href, url).href;
    } catch {
      // an unusable <base> is ignored, as browsers do
    }
  }
  return url;
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const STRAY = ["html", "head", "body"];

function firstChildNamed(parent: Element, name: string): Element | null {
  for (let el = parent.firstElementChild; el; el = el.nextElementSibling) if (el.localName === name) return el;
  return null;
}
