import { describe, expect, test } from "bun:test";
import { prepareDocument } from "../../src/extract/boilerplate.ts";
import { cardFooterTest, isCardFooter } from "../../src/extract/card-footer.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { cleanRegion, mainRegion, nameParts } from "../../src/extract/region.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
const length = (el: Element) => text(el).replace(/\s/g, "").length;

const STORIES = [
  ["Google BigQuery previews cross-region SQL queries", "Renato Losio", "Mar 08"],
  ["Dropbox uses language models to label search data", "Sergio De Simone", "Mar 07"],
  ["A new scheduler lands in the kernel's next release", "Leela Kumili", "Mar 06"],
  ["How one team cut its build times by half", "Craig Risi", "Mar 05"],
] as const;

/** A news index: each teaser's title linked, its blurb, and its author and date in a <footer>. */
const taggedCards = STORIES.map(
  ([title, author, date], i) =>
    `<article class="post-card"><h2><a href="/news/${i}">${title}</a></h2><p>What changed, and what it means for readers of this index.</p>` +
    `<footer><a class="by" href="/profile/${i}">${author}</a>, <time>${date}, 2026</time></footer></article>`,
).join("");

/** The same teasers with their bottom row in a box named a footer, the author a link alone in its span. */
const namedCards = STORIES.map(
  ([title, author, date], i) =>
    `<li><div class="card__content"><h4 class="card__title"><a href="/news/${i}">${title}</a></h4>` +
    `<div class="card__footer"><div class="card__details"><span><a href="/profile/${i}">${author}</a></span> <span class="date">on ${date}</span></div></div></div></li>`,
).join("");

const PAGE_FOOTER = `<footer class="site-footer"><p>© 2026 The Index. All rights reserved.</p><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>`;

describe("isCardFooter", () => {
  test("a teaser's footer under a small card with a linked title is the card's", () => {
    const d = doc(`<main>${taggedCards}</main>${PAGE_FOOTER}`);
    const footers = Array.from(d.getElementsByTagName("footer"));
    expect(footers.map((f) => isCardFooter(f, length))).toEqual([true, true, true, true, false]);
  });

  test("the page's footer, a footer with no linked title above it, and a long footer are not", () => {
    const lone = doc(`<div><h2>Contact</h2><footer>Call us on Monday</footer></div>`);
    expect(isCardFooter(lone.getElementsByTagName("footer")[0]!, length)).toBe(false);
    const long = doc(`<div><h2><a href="/a">Title</a></h2><footer>${"Legal text that runs on. ".repeat(12)}</footer></div>`);
    expect(isCardFooter(long.getElementsByTagName("footer")[0]!, length)).toBe(false);
    // An article's own footer (its tags, its share bar) sits under the article's whole text.
    const article = doc(
      `<article><h2><a href="/story">Story</a></h2>${"<p>The council met on Tuesday to weigh the budget for the coming year.</p>".repeat(20)}<footer>Tags: budget</footer></article>`,
    );
    expect(isCardFooter(article.getElementsByTagName("footer")[0]!, length)).toBe(false);
  });

  test("a linked title is looked for among a bounded number of the card's elements", () => {
    // Thousands of empty elements before the title: the card is not read to its end.
    const d = doc(`<div><div>${"<span></span>".repeat(5000)}</div><h2><a href="/a">Title</a></h2><footer>By Ann</footer></div>`);
    expect(isCardFooter(d.getElementsByTagName("footer")[0]!, length)).toBe(false);
    const near = doc(`<div><div>${"<span></span>".repeat(50)}</div><h2><a href="/a">Title</a></h2><footer>By Ann</footer></div>`);
    expect(isCardFooter(near.getElementsByTagName("footer")[0]!, length)).toBe(true);
  });

  test("cardFooterTest knows the boxes named a footer too, and what lies inside them", () => {
    const d = doc(`<ul>${namedCards}</ul><div class="page-footer">${"<a href='/x'>Link</a>".repeat(3)}</div>`);
    const footers = cardFooterTest(d.body, nameParts, length);
    const all = Array.from(d.body.getElementsByTagName("div"));
    expect(all.filter(footers.is).map((f) => f.getAttribute("class"))).toEqual(Array(4).fill("card__footer"));
    const links = Array.from(d.body.getElementsByTagName("a"));
    // Each card's title and the page's footer links are outside; each card's author link is inside.
    expect(links.filter(footers.inside).map((a) => a.textContent)).toEqual(STORIES.map(([, author]) => author));
  });
});

describe("a card's footer before Readability (prepareDocument, rule card-footers)", () => {
  test("each teaser keeps its author and date, unnamed so Readability keeps them; the page's footer goes", () => {
    const d = doc(`<main>${taggedCards}</main>${PAGE_FOOTER}`);
    prepareDocument(d);
    const t = text(d.body);
    for (const [, author, date] of STORIES) expect(t).toContain(`${author}, ${date}, 2026`);
    expect(t).not.toContain("All rights reserved");
    expect(d.getElementsByTagName("footer").length).toBe(0);
    // Left out, every card's footer goes with the page's.
    const without = doc(`<main>${taggedCards}</main>${PAGE_FOOTER}`);
    prepareDocument(without, { cardFooters: false });
    expect(text(without.body)).not.toContain("Renato Losio");
  });
});

describe("a card's footer in the main region (cleanRegion, rule card-footers)", () => {
  test("a box named a card's footer keeps its author, a link alone in its span; the page's footer goes", () => {
    const page = `<main><h1>News</h1><ul class="cards">${namedCards}</ul></main>${PAGE_FOOTER}`;
    const region = mainRegion(doc(page), false)!.cloneNode(true) as Element;
    cleanRegion(region);
    const t = text(region);
    for (const [, author, date] of STORIES) expect(t).toContain(`${author} on ${date}`);
    const without = mainRegion(doc(page), false)!.cloneNode(true) as Element;
    cleanRegion(without, { cardFooters: false });
    expect(text(without)).not.toContain("Renato Losio");
  });
});

describe("a news index end to end (htmlToArticle, rule card-footers)", () => {
  const html = `<html><head><title>Latest news</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav><main><h1>Latest news</h1>${taggedCards}${taggedCards.replaceAll("/news/", "/news/b")}</main>${PAGE_FOOTER}</body></html>`;
  test("the listing's teasers come back with their authors and dates", async () => {
    const markdown = (await htmlToArticle(html, { url: "https://index.example/news" }))!.markdown;
    for (const [title, author] of STORIES) {
      expect(markdown).toContain(title);
      expect(markdown).toContain(author);
    }
    expect(markdown).not.toContain("All rights reserved");
    const without = (await htmlToArticle(html, { url: "https://index.example/news", without: new Set(["card-footers"]) }))!.markdown;
    expect(without).not.toContain("Renato Losio");
  });
});
