import { describe, expect, test } from "bun:test";
import { withoutScrollNames } from "../../src/extract/boilerplate.ts";
import { unwrapHeadingWrappers } from "../../src/extract/heading-wrappers.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const prose = (s: string) =>
  `${s} The resource block takes arguments, and each argument sets one setting of the object, as the provider says.`;
// The same with the second sentence numbered, for six paragraphs in a row: paragraphs sharing a
// sentence would be one notice's versions (variant-runs.ts).
let said = 0;
const numberedProse = (s: string) =>
  `${s} The resource block takes arguments, and argument ${++said} sets one setting of the object, as the provider says.`;

describe("headings named for how they scroll (withoutScrollNames)", () => {
  test("a heading loses its names holding 'scroll'; its other names, and other elements' names, stay", () => {
    const d = doc(
      `<h2 class="title g-offset-scroll-margin-top bold">Introduction</h2><h3 class="scroll-mt-(--offset)">Setup</h3>` +
        `<div class="scroll-area">Box</div><h4 class="plain">Kept</h4>`,
    );
    const headings = Array.from(d.body.querySelectorAll("h1,h2,h3,h4,h5,h6"));
    expect(headings.filter(withoutScrollNames).length).toBe(2);
    const [h2, h3, box, h4] = Array.from(d.body.children);
    expect(h2?.getAttribute("class")).toBe("title bold");
    expect(h3?.hasAttribute("class")).toBe(false);
    expect(box?.getAttribute("class")).toBe("scroll-area");
    expect(h4?.getAttribute("class")).toBe("plain");
  });

  test("section headings named so stay in the article; without the rule Readability drops them", async () => {
    const sections = ["Introduction", "Write the configuration", "Apply the configuration"]
      .map(
        (title, i) =>
          `<h2 class="heading g-offset-scroll-margin-top">${title}</h2><p>${numberedProse(`Part ${i}, step one, step two.`)}</p><p>${numberedProse("More.")}</p>`,
      )
      .join("");
    const html = `<html><head><title>Resources</title></head><body><main><div class="content"><h1>Resources</h1>${sections}</div></main></body></html>`;
    const url = "https://docs.example/language/resources";
    const kept = await htmlToArticle(html, { url });
    expect(kept?.markdown).toContain("## Write the configuration");
    expect(kept?.markdown).toContain("## Apply the configuration");
    const left = await htmlToArticle(html, { url, without: new Set(["scroll-headings"]) });
    expect(left?.markdown).not.toContain("Write the configuration");
    expect(left?.markdown).toContain("Part 1, step one");
  });
});

describe("headings in boxes of their own (unwrapHeadingWrappers)", () => {
  test("a box holding a heading and an empty anchor link gives way to them, out to the outermost such box", () => {
    const d = doc(
      `<section><div class="outer"><div class="heading-wrapper"><h2 id="why">Why?</h2><a href="#why"><span class="icon"></span></a></div></div>` +
        `<p>Because.</p></section>`,
    );
    expect(unwrapHeadingWrappers(d.body)).toBe(2);
    const section = d.body.firstElementChild!;
    expect(Array.from(section.children).map((el) => el.nodeName)).toEqual(["H2", "A", "P"]);
  });

  test("a box with other text, a picture, or an empty heading stays", () => {
    const d = doc(
      `<div class="card"><h3>Title</h3><p>Blurb</p></div><div class="hero"><h2>Hero</h2><img src="a.png"></div>` +
        `<div class="rule"><h2></h2><a href="#x"></a></div><div class="caption"><h4>Label</h4> and words</div>`,
    );
    expect(unwrapHeadingWrappers(d.body)).toBe(0);
    expect(Array.from(d.body.children).map((el) => el.nodeName)).toEqual(["DIV", "DIV", "DIV", "DIV"]);
  });

  test("on a documentation page the boxed section headings stay; without the rule Readability drops them", async () => {
    const sections = ["Complete the prerequisites", "Send a message", "Receive a reply"]
      .map(
        (title, i) =>
          `<div class="box"><div class="heading-box"><h2 id="s${i}">${title}</h2><a href="#s${i}"><span></span></a></div></div>` +
          `<p>${prose(`Run <code>send --to</code> with step ${i}, then check, then wait.`)}</p><pre><code>send --to ${i}</code></pre>`,
      )
      .join("");
    const html = `<html><head><title>Quickstart</title></head><body><main><div class="content"><h1>Quickstart</h1>${sections}</div></main></body></html>`;
    const url = "https://docs.example.com/messaging/quickstart";
    const kept = await htmlToArticle(html, { url });
    expect(kept?.pageType).toBe("documentation");
    expect(kept?.markdown).toContain("## Send a message");
    expect(kept?.markdown).toContain("## Receive a reply");
    const left = await htmlToArticle(html, { url, without: new Set(["heading-wrappers"]) });
    expect(left?.markdown).not.toContain("Send a message");
    expect(left?.markdown).toContain("with step 1");
  });
});
