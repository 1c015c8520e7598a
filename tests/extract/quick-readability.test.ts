import { describe, expect, test } from "bun:test";
import { Readability } from "@mozilla/readability";
import { linkedomPage } from "../../src/extract/dom.ts";
import { quickenReadability } from "../../src/extract/quick-readability.ts";

// Readability's byline and empty-element tests, replaced by cheaper ones (src/extract/quick-readability.ts):
// on every element of tricky trees the replacement answers exactly what Readability's own method does.

type Tests = {
  _isValidByline(node: Element, matchString: string): boolean;
  _isElementWithoutContent(node: Element): boolean;
};
const proto = Readability.prototype as unknown as Tests;
const original = quickenReadability(Readability.prototype) as Partial<Tests>;

const TREES = [
  `<div class="byline">  </div><div rel="author">Jane Doe</div><span itemprop="author"><!-- Jane --></span>`,
  `<p class="author"><![CDATA[x]]></p><div id="writtenby"><b> </b><i>
</i></div><section class="dateline"><template>By Jane</template></section>`,
  `<div class="author-bio">${"A long biography of the author. ".repeat(5)}</div><a rel="author" href="/j">Jane</a>`,
  `<div><br><hr></div><div> <br> </div><div><br><span></span></div><header><h2> </h2></header><div>&nbsp;</div>`,
  `<div>\u00a0\u2003\ufeff</div><div>\u200b</div><section><div><div><p>deep text</p></div></div></section><div></div>`,
  `<div class="p-author"><svg><title>Jane</title></svg></div><h1>Title</h1><div><template><p>hidden</p></template></div>`,
];

describe("quickenReadability", () => {
  test("replaces both methods on Readability 0.6.0 under Bun", () => {
    expect(typeof original._isValidByline).toBe("function");
    expect(typeof original._isElementWithoutContent).toBe("function");
    expect(proto._isValidByline).not.toBe(original._isValidByline!);
  });

  test("a second call replaces nothing", () => {
    const again = quickenReadability(Readability.prototype);
    expect(again).toBe(original);
  });

  test("a prototype whose methods differ from Readability 0.6.0's is left as it is", () => {
    const own = { _isValidByline: () => true, _isElementWithoutContent: () => false };
    const kept = { ...own };
    expect(quickenReadability(own)).toEqual({});
    expect(own).toEqual(kept);
  });

  for (const [i, html] of TREES.entries()) {
    test(`tree ${i + 1}: both tests answer as Readability's own on every element`, () => {
      const document = linkedomPage(`<html><body>${html}</body></html>`, "https://example.com/").document;
      const reader = new Readability(document) as unknown as Tests;
      const elements = [document.documentElement, ...Array.from(document.querySelectorAll("*"))];
      for (const el of elements) {
        const matchString = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
        expect(proto._isValidByline.call(reader, el, matchString)).toBe(original._isValidByline!.call(reader, el, matchString));
        expect(proto._isElementWithoutContent.call(reader, el)).toBe(original._isElementWithoutContent!.call(reader, el));
      }
    });
  }
});
