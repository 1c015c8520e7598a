import { describe, expect, test } from "bun:test";
import { elementsUnder } from "../../src/extract/dom-walk.ts";
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
