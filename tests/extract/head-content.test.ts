import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { moveHeadContentToBody } from "../../src/extract/head-content.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

const paragraphs = [1, 2, 3, 4, 5]
  .map(
    (i) =>
      `<div><p>Paragraph ${i}, with enough words, commas, and sentences, to score as content in Readability, again and again.</p><p>Another paragraph ${i}, with more words, commas, and sentences, to score as content, again.</p></div>`,
  )
  .join("");

describe("content a page puts inside <head>", () => {
  test("is extracted as a browser would show it (Readability used to throw on it)", async () => {
    const html = `<html><head><title>A page</title>${paragraphs}</head><body><p>Footer line.</p></body></html>`;
    const article = await htmlToArticle(html, { url: "https://example.com/a", contentLanguage: null });
    expect(article?.markdown).toContain("Paragraph 1, with enough words");
    expect(article?.markdown).toContain("Another paragraph 5");
  });

  test("moves only body content: the title, meta, link, style and script stay in <head>, order is kept", async () => {
    const doc = linkedomPage(
      `<html><head><title>T</title><meta name="a" content="b"><link rel="icon" href="/i.png"><style>p{}</style><script>1</script><div id="one">one</div><p id="two">two</p></head><body><main id="main">main</main></body></html>`,
      "https://example.com/",
    ).document;
    expect(moveHeadContentToBody(doc)).toBe(2);
    expect([...doc.head.children].map((e) => e.tagName)).toEqual(["TITLE", "META", "LINK", "STYLE", "SCRIPT"]);
    expect([...doc.body.children].map((e) => e.id)).toEqual(["one", "two", "main"]);
  });

  test("a normal page is left alone", async () => {
    const doc = linkedomPage(
      `<html><head><title>T</title><meta charset="utf-8"></head><body><p>text</p></body></html>`,
      "https://example.com/",
    ).document;
    expect(moveHeadContentToBody(doc)).toBe(0);
    expect(doc.body.textContent).toBe("text");
  });
});
