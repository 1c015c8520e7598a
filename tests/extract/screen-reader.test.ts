import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { markSpokenTwins, removeScreenReaderText } from "../../src/extract/screen-reader.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const body = (html: string): Element => doc(html).body as unknown as Element;

describe("screen-reader text", () => {
  test("labels only a screen reader reads go; the text a reader sees stays", () => {
    const root = body(
      `<h2 class="sr-only">Main navigation</h2>` +
        `<p>Read the <a href="/r">annual report<span class="visually-hidden"> (opens in a new window)</span></a> first.</p>` +
        `<p><span class="screen-reader-text">Rated</span> 4.5 stars</p>` +
        `<p class="srcset-note">Images come in three sizes.</p><p class="only-visual">A chart of the year.</p>`,
    );
    expect(removeScreenReaderText(root)).toBe(3);
    const text = root.textContent ?? "";
    for (const gone of ["Main navigation", "opens in a new window", "Rated"]) expect(text).not.toContain(gone);
    for (const kept of ["annual report", "first.", "4.5 stars", "three sizes", "A chart of the year."]) expect(text).toContain(kept);
  });

  test("a long text or a picture under the class is not a label and stays", () => {
    const long = "This whole paragraph is content a page hid by mistake, ".repeat(5);
    const root = body(`<div class="visually-hidden"><p>${long}</p></div><span class="sr-only"><img src="/logo.png" alt="Logo"></span>`);
    expect(removeScreenReaderText(root)).toBe(0);
    expect(root.textContent).toContain("hid by mistake");
    expect(root.querySelector("img")).not.toBeNull();
  });

  test("the spoken form of a struck-out price hidden from screen readers stays; an icon's label goes", () => {
    const root = body(
      `<p class="price"><del aria-hidden="true">$30.00</del> <span class="screen-reader-text">Original price was: $30.00.</span>` +
        `<ins aria-hidden="true">$21.00</ins><span class="screen-reader-text">Current price is: $21.00.</span></p>` +
        `<p><a href="/share"><svg aria-hidden="true"></svg><span class="sr-only">Share on a network</span></a></p>` +
        `<p><span aria-hidden="true">$9.00</span><span class="sr-only">Sale price $9.00</span></p>`,
    );
    markSpokenTwins(root);
    removeScreenReaderText(root);
    const text = root.textContent ?? "";
    expect(text).toContain("Original price was: $30.00.");
    expect(text).toContain("Current price is: $21.00.");
    expect(text).not.toContain("Share on a network");
    expect(text).not.toContain("Sale price");
  });

  test("the chosen content loses its screen-reader labels (here with the boilerplate rules left out); they stay without the rule", async () => {
    const names = ["Green Sencha", "Smoky Lapsang", "Mountain Oolong", "Ginger Rooibos", "Jasmine Pearls"];
    const card = (name: string, i: number) =>
      `<li class="grid-item"><div class="card"><h3 class="card-title"><a href="/p/${i}">${name}</a></h3>` +
      `<p class="blurb">Loose leaf tea number ${i}, picked in spring and packed by hand.</p>` +
      `<p class="rating"><span class="sr-only">Rated ${i + 1} of five by ${i * 7 + 3} buyers</span><span>$1${i}.50</span></p></div></li>`;
    const html =
      `<html><head><title>Teas</title></head><body><main><h1>Loose leaf teas</h1>` +
      `<ul class="grid">${names.map(card).join("")}</ul></main></body></html>`;
    const withRule = await htmlToArticle(html, { url: "https://example.com/teas", without: new Set(["boilerplate"]) });
    const withoutRule = await htmlToArticle(html, {
      url: "https://example.com/teas",
      without: new Set(["boilerplate", "screen-reader-text"]),
    });
    expect(withRule?.markdown).toContain("Mountain Oolong");
    expect(withRule?.markdown).toContain("$12.50");
    expect(withRule?.markdown).not.toContain("buyers");
    expect(withoutRule?.markdown).toContain("Rated 3 of five by 17 buyers");
  });
});
