import { describe, expect, test } from "bun:test";
import { elementsUnder, holdsH1, holdsHeading, isHeading, shortText, subheadingCount } from "../../src/extract/dom-walk.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();

describe("elementsUnder", () => {
  test("lists every element below the root in document order, as querySelectorAll('*') does", () => {
    const d = doc(
      `<div id="a"><p id="b">text <b id="c">bold</b> more</p><!-- a comment --><ul id="d"><li id="e"><a id="f" href="/x">x</a></li><li id="g"></li></ul></div>` +
        `<section id="h"><div id="i"><div id="j"><span id="k"></span></div></div></section><p id="l">last</p>`,
    );
    const ids = (els: Element[]) => els.map((el) => el.id);
    expect(ids(elementsUnder(d.body))).toEqual(ids(Array.from(d.body.querySelectorAll("*"))));
    expect(ids(elementsUnder(d.body))).toEqual(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]);
  });

  test("stays inside the root: the root's own siblings and ancestors are not listed", () => {
    const d = doc(`<div id="before"></div><div id="root"><p id="in1"><i id="in2"></i></p></div><div id="after"></div>`);
    const root = d.getElementById("root")!;
    expect(elementsUnder(root).map((el) => el.id)).toEqual(["in1", "in2"]);
    expect(elementsUnder(d.getElementById("in2")!)).toEqual([]);
  });
});

describe("heading tests", () => {
  const d = doc(
    `<div id="card"><a id="title" href="/x"><span><h3>Card title</h3></span></a><p id="blurb">A <b>short</b> blurb.</p></div>` +
      `<section id="page"><h1 id="h1">Page title</h1><h2>One</h2><div><h4>Two</h4><h6>Three</h6></div></section>`,
  );
  const el = (id: string) => d.getElementById(id)!;

  test("isHeading: h1 to h6 themselves, nothing else", () => {
    expect(isHeading(el("h1"))).toBe(true);
    expect(isHeading(el("card").querySelector("h3")!)).toBe(true);
    expect(isHeading(el("title"))).toBe(false);
    expect(isHeading(el("blurb"))).toBe(false);
  });

  test("holdsHeading: a heading at any depth below, not the element itself", () => {
    expect(holdsHeading(el("title"))).toBe(true);
    expect(holdsHeading(el("card"))).toBe(true);
    expect(holdsHeading(el("blurb"))).toBe(false);
    expect(holdsHeading(el("h1"))).toBe(false);
  });

  test("holdsH1 and subheadingCount: the page's title apart from its sections' headings", () => {
    expect(holdsH1(el("page"))).toBe(true);
    expect(holdsH1(el("card"))).toBe(false);
    expect(subheadingCount(el("page"))).toBe(3);
    expect(subheadingCount(el("card"))).toBe(1);
    expect(subheadingCount(el("blurb"))).toBe(0);
  });
});

describe("shortText: an element's text where it is short", () => {
  test("the text as textContent gives it, white space folded, where it is at most the bound", () => {
    const d = doc(`<p id="p"> Datum: <strong>18.10.2021</strong>\n <em>10:30</em> </p><p id="e"></p>`);
    expect(shortText(d.getElementById("p")!, 80)).toBe("Datum: 18.10.2021 10:30");
    expect(shortText(d.getElementById("p")!, 23)).toBe("Datum: 18.10.2021 10:30");
    expect(shortText(d.getElementById("e")!, 80)).toBe("");
  });
  test("null past the bound, read no further: a long text, and a subtree of many empty elements", () => {
    const d = doc(`<div id="long">${"word ".repeat(10_000)}</div><div id="deep">${"<span></span>".repeat(5_000)}18.10.2021</div>`);
    expect(shortText(d.getElementById("long")!, 80)).toBeNull();
    expect(shortText(d.getElementById("deep")!, 80)).toBeNull();
  });
});
