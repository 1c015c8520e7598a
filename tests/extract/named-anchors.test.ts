import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { mayHoldNamedAnchors, unwrapNamedAnchors } from "../../src/extract/named-anchors.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();

describe("unwrapNamedAnchors: a place to jump to is no link", () => {
  test("an <a name> without href gives way to its text; a link and a script's control stay links", () => {
    const d = doc(
      `<p><a name="wodarg">What does the professor say to that?</a></p>` +
        `<p><a href="/next">Next episode</a></p><p><a id="more" class="btn">Load more</a></p><p><a name="top" role="button">Top</a></p>`,
    );
    expect(unwrapNamedAnchors(d)).toBe(1);
    const anchors = Array.from(d.getElementsByTagName("a")).map((a) => a.textContent);
    expect(anchors).toEqual(["Next episode", "Load more", "Top"]);
    expect(d.body.textContent).toContain("What does the professor say to that?");
  });

  test("100,000 named anchors are unwrapped in bounded time", () => {
    const d = doc(`<div>${'<a name="n">word </a>'.repeat(100_000)}</div>`);
    expect(unwrapNamedAnchors(d)).toBe(100_000);
    expect(d.getElementsByTagName("a").length).toBe(0);
  }, 10_000);
});

describe("mayHoldNamedAnchors: one scan of the HTML before any walk", () => {
  test("a named anchor is seen in any case and spacing; links, other tags and text are not", () => {
    expect(mayHoldNamedAnchors('<p><A NAME = "top">Top</A></p>')).toBe(true);
    expect(mayHoldNamedAnchors('<a\n  class="x"\n  name="q1">Question</a>')).toBe(true);
    expect(mayHoldNamedAnchors('<a href="/x">x</a><input name="q"><meta name="description" content="a name=b">')).toBe(false);
    expect(mayHoldNamedAnchors("<p>a < b and the name = value</p>")).toBe(false);
  });

  test("a page of 1,000,000 unclosed <a tags is scanned in bounded time", () => {
    expect(mayHoldNamedAnchors("<a ".repeat(1_000_000))).toBe(false);
    expect(mayHoldNamedAnchors(`${"<a ".repeat(1_000_000)}name=x>`)).toBe(true);
  }, 5_000);
});

describe("a transcript whose questions are named anchors (rule named-anchors)", () => {
  const para = (t: string) =>
    `<p>${t} ${"The virologist explained how the test was set up and who reviewed it at the time. ".repeat(4)}</p>`;
  const html =
    `<html><head><title>Podcast</title></head><body><article><h1>Podcast episode 16</h1>${para("One")}${para("Two")}` +
    `<p><a name="wodarg">One of the questions listeners ask most often: what does the professor say to that?</a></p>` +
    `${para("Three")}${para("Four")}<p><a name="pcr">How did you establish the test back then, and who looked at it?</a></p>` +
    `${para("Five")}</article></body></html>`;
  const url = "https://radio.example/podcast/16";

  test("the questions stay in the text, in their places", async () => {
    const markdown = (await htmlToArticle(html, { url }))!.markdown;
    expect(markdown).toContain("One of the questions listeners ask most often: what does the professor say to that?");
    expect(markdown).toContain("How did you establish the test back then, and who looked at it?");
    expect(markdown.indexOf("listeners ask")).toBeLessThan(markdown.indexOf("Three"));
    const off = (await htmlToArticle(html, { url, without: new Set(["named-anchors"]) }))!.markdown;
    expect(off).not.toContain("listeners ask most often");
  });
});
