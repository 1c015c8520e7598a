import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";

// getElementsByTagName answers at once for a name no element of the document has had (src/extract/dom.ts,
// recordNames). Each way of bringing an element of a new name into the tree (and of changing it) is made
// after the names were asked for; every answer must then equal a fresh walk of the tree by its children.
// A way of making elements that the record misses fails here.
const PAGE = `<html><head><title>T</title></head><body>
<div id="a"><p id="p1">one</p><p id="p2">two <b>bold</b></p><span id="s1">x</span></div>
<div id="b"><p id="p3">three</p><section id="sec"><p id="p4">four</p></section></div>
</body></html>`;

const walk = (root: Element | Document, name: string): Element[] => {
  const found: Element[] = [];
  const visit = (node: Element | Document) => {
    for (const child of Array.from(node.children)) {
      // linkedom's match, as src/extract/dom.ts keeps it: the name, or a name in capitals lower-cased
      if (child.localName === name || (name === name.toUpperCase() && child.localName === name.toLowerCase())) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
};

const NAMES = ["title", "p", "div", "span", "b", "section", "i", "P", "em", "EM", "svg", "circle", "aside", "u", "mark", "q"];
const roots = (doc: Document) =>
  [doc, doc.body, doc.getElementById("a"), doc.getElementById("b")].filter((r) => r !== null) as (Element | Document)[];
const ask = (doc: Document) => {
  for (const root of roots(doc)) for (const name of NAMES) root.getElementsByTagName(name);
};
const same = (doc: Document) => {
  for (const root of roots(doc))
    for (const name of NAMES) expect([...root.getElementsByTagName(name)].map((e) => e.id)).toEqual(walk(root, name).map((e) => e.id));
};

const CHANGES: Record<string, (doc: Document) => void> = {
  appendChild: (doc) => doc.getElementById("a")?.appendChild(Object.assign(doc.createElement("p"), { id: "new" })),
  "appendChild moving a node": (doc) => doc.getElementById("a")?.appendChild(doc.getElementById("p3") as Element),
  insertBefore: (doc) => doc.getElementById("b")?.insertBefore(doc.createElement("span"), doc.getElementById("p3")),
  "insertBefore of a fragment": (doc) => {
    const fragment = doc.createDocumentFragment();
    fragment.appendChild(doc.createElement("i"));
    fragment.appendChild(doc.createElement("p"));
    doc.getElementById("b")?.insertBefore(fragment, null);
  },
  remove: (doc) => doc.getElementById("p2")?.remove(),
  removeChild: (doc) => doc.getElementById("b")?.removeChild(doc.getElementById("sec") as Element),
  replaceChild: (doc) => doc.getElementById("a")?.replaceChild(doc.createElement("section"), doc.getElementById("p1") as Element),
  replaceWith: (doc) => doc.getElementById("s1")?.replaceWith(doc.createElement("p")),
  "replaceWith its own child (a renamed node, as Readability's _setNodeTag)": (doc) => {
    const old = doc.getElementById("p2") as Element;
    const renamed = doc.createElement("div");
    while (old.firstChild) renamed.appendChild(old.firstChild);
    old.parentNode?.replaceChild(renamed, old);
  },
  replaceChildren: (doc) => doc.getElementById("a")?.replaceChildren(doc.createElement("i")),
  before: (doc) => doc.getElementById("p3")?.before(doc.createElement("b")),
  after: (doc) => doc.getElementById("p3")?.after(doc.createElement("b")),
  prepend: (doc) => doc.getElementById("b")?.prepend(doc.createElement("p")),
  append: (doc) => doc.getElementById("b")?.append(doc.createElement("p")),
  "innerHTML set": (doc) => {
    (doc.getElementById("b") as Element).innerHTML = "<p>new</p><i>x</i>";
  },
  "outerHTML set": (doc) => {
    (doc.getElementById("sec") as Element).outerHTML = "<span>new</span>";
  },
  "textContent set": (doc) => {
    (doc.getElementById("a") as Element).textContent = "plain";
  },
  insertAdjacentHTML: (doc) => doc.getElementById("p3")?.insertAdjacentHTML("afterend", "<p>adjacent</p>"),
  insertAdjacentElement: (doc) => doc.getElementById("p3")?.insertAdjacentElement("beforebegin", doc.createElement("span")),
  "a text node removed": (doc) => doc.getElementById("p1")?.firstChild?.remove(),
  "createElement of a new name": (doc) => doc.getElementById("a")?.appendChild(doc.createElement("em")),
  "createElement in capitals": (doc) => doc.getElementById("a")?.appendChild(doc.createElement("EM")),
  "createElementNS (SVG)": (doc) => {
    const svg = doc.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.appendChild(doc.createElementNS("http://www.w3.org/2000/svg", "circle"));
    doc.getElementById("a")?.appendChild(svg);
  },
  "innerHTML of new names": (doc) => {
    (doc.getElementById("b") as Element).innerHTML = "<aside><em>x</em><svg><circle/></svg></aside>";
  },
  "outerHTML of new names": (doc) => {
    (doc.getElementById("sec") as Element).outerHTML = "<aside><u>new</u></aside>";
  },
  "insertAdjacentHTML of new names": (doc) => doc.getElementById("p3")?.insertAdjacentHTML("afterend", "<mark><q>x</q></mark>"),
  "importNode from another document": (doc) => {
    const other = linkedomPage("<html><body><aside><mark>m</mark></aside></body></html>", "https://example.com/").document;
    doc.body.appendChild(doc.importNode(other.querySelector("aside") as Element, true));
  },
  "cloneNode of a new name": (doc) => {
    const em = doc.createElement("em");
    doc.body.appendChild(em.cloneNode(true));
  },
  "document.title set on a page without a title": (doc) => {
    doc.head.replaceChildren();
    doc.title = "new";
  },
};

describe("getElementsByTagName of names a document never had", () => {
  for (const [name, change] of Object.entries(CHANGES)) {
    test(`stay true after ${name}`, () => {
      const doc = linkedomPage(PAGE, "https://example.com/").document;
      ask(doc);
      same(doc);
      change(doc);
      same(doc);
    });
  }
});
