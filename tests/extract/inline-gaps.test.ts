import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { spaceAdjacentInlines } from "../../src/extract/inline-gaps.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();

/** The body's text after the rule, and how many spaces it put. */
function spaced(html: string): [string, number] {
  const d = doc(html);
  const n = spaceAdjacentInlines(d);
  return [d.body.textContent ?? "", n];
}

describe("spaceAdjacentInlines: words the style sheet sets apart", () => {
  test("a price and a saving, a code and the next field, a name and a title, a date and a byline are written apart", () => {
    expect(spaced("<div><span>Now $108.00</span><span>Save 10%</span></div>")[0]).toBe("Now $108.00 Save 10%");
    expect(spaced("<p><span>SKU: NKZ5M2K2</span><span>MFR: 2020</span></p>")[0]).toBe("SKU: NKZ5M2K2 MFR: 2020");
    expect(spaced("<p><span>Jane Modisett</span><span>Head of Design</span></p>")[0]).toBe("Jane Modisett Head of Design");
    expect(spaced("<p><span>1h 54m</span><span>R</span></p>")[0]).toBe("1h 54m R");
    expect(spaced("<p><time>2 hours ago</time><span>5 min read</span></p>")[0]).toBe("2 hours ago 5 min read");
    expect(spaced('<p><a href="/docs">Docs</a><a href="/blog">Blog</a></p>')[0]).toBe("Docs Blog");
    expect(spaced("<p><span>Fits most grills.</span><span>Shop now</span></p>")[0]).toBe("Fits most grills. Shop now");
    expect(spaced("<p><span>eBay item number:</span><span>335330783890</span></p>")[0]).toBe("eBay item number: 335330783890");
  });

  test("the words where they meet are read through nested elements", () => {
    const [text, n] = spaced('<li><a href="/p/1"><strong>Crusher Evo</strong></a><span><em>Sensory</em> bass</span></li>');
    expect(text).toBe("Crusher Evo Sensory bass");
    expect(n).toBe(1);
  });

  test("parts that may be one word stay together: lower-case letters, digits, a letter alone, code", () => {
    expect(spaced("<p>An <span>Adve</span><span>nture</span> begins</p>")).toEqual(["An Adventure begins", 0]);
    expect(spaced("<p><span>$1,</span><span>299</span></p>")).toEqual(["$1,299", 0]);
    expect(spaced("<p><span>W</span><span>hen</span> it rained</p>")).toEqual(["When it rained", 0]);
    expect(spaced("<p><b>i</b><span>Phone</span></p>")).toEqual(["iPhone", 0]);
    expect(spaced("<p><code><span>json.</span><span>JSONDecoder</span></code></p>")).toEqual(["json.JSONDecoder", 0]);
    expect(spaced("<p><span>km</span><sup>2</sup></p>")).toEqual(["km2", 0]);
    // A label's phone and desktop copies stay glued, for the Markdown's glued-twins rule to say once.
    expect(spaced('<p><span class="mobile">NEW</span><span class="desktop">NEW</span></p>')).toEqual(["NEWNEW", 0]);
  });

  test("text already apart, blocks and text beside an element are left as they are", () => {
    expect(spaced("<p><span>Price </span><span>Was</span></p>")).toEqual(["Price Was", 0]);
    expect(spaced("<p><span>Price</span> <span>Was</span></p>")).toEqual(["Price Was", 0]);
    expect(spaced("<div><div>Price</div><div>Was</div></div>")[1]).toBe(0);
    expect(spaced("<p>Power<b>Point</b> slides</p>")).toEqual(["PowerPoint slides", 0]);
  });

  test("Han and kana, written without spaces, get none", () => {
    expect(spaced("<p><span>東京</span><span>大阪</span></p>")).toEqual(["東京大阪", 0]);
  });

  test("100,000 spans side by side, and a text node of 1,000,000 letters, are spaced in bounded time", () => {
    const [text, n] = spaced(`<p>${"<span>word</span><span>Next</span>".repeat(50_000)}</p>`);
    expect(n).toBe(50_000); // "Next" + "word": a capital before a lower-case letter may be one word
    expect(text.startsWith("word Nextword Next")).toBe(true);
    expect(spaced(`<p><span>${"a".repeat(1_000_000)}</span><span>Bb</span></p>`)[1]).toBe(1);
  }, 10_000);
});

describe("a shop's grid of cards whose fields are spans (rule inline-gaps)", () => {
  const card = (name: string, price: string, list: string) =>
    `<li class="card"><a href="/p/${name.toLowerCase()}"><h3>${name}</h3></a>` +
    `<div class="fields"><span class="price">Now ${price}</span><span class="list">Was ${list}</span><span class="off">10% off</span></div>` +
    `<p>${name} is a trail shoe with a cushioned sole, a grippy outsole and a roomy toe box for long days.</p></li>`;
  const html =
    `<html><head><title>Trail shoes</title></head><body><main><h1>Trail shoes</h1><ul class="grid">` +
    `${card("Ridge", "$108", "$120")}${card("Summit", "$95", "$110")}${card("Canyon", "$130", "$150")}${card("Mesa", "$88", "$99")}` +
    `</ul></main></body></html>`;
  const url = "https://shop.example/c/trail-shoes";

  test("each card's price and list price are two words, not one", async () => {
    const markdown = (await htmlToArticle(html, { url }))!.markdown;
    expect(markdown).toContain("Now $108 Was $120");
    expect(markdown).not.toContain("$108Was");
    const off = (await htmlToArticle(html, { url, without: new Set(["inline-gaps"]) }))!.markdown;
    expect(off).toContain("$108Was");
  });
});

describe("spaceAdjacentInlines: an element and the text beside it", () => {
  test("a stop, comma or colon before a capital or a digit is two words", () => {
    expect(spaced('<p>By:<a href="/dev/capcom">CAPCOM</a></p>')).toEqual(["By: CAPCOM", 1]);
    expect(spaced("<p><span>All reviews:</span>196 positive</p>")).toEqual(["All reviews: 196 positive", 1]);
    expect(spaced("<p>It is done.<em>Next</em> we paint.</p>")).toEqual(["It is done. Next we paint.", 1]);
  });

  test("a capital after a letter, and a number's stop or comma, stay as they are", () => {
    expect(spaced("<p>Power<b>Point</b> slides</p>")).toEqual(["PowerPoint slides", 0]);
    expect(spaced("<p><b>Microsoft</b>Teams</p>")).toEqual(["MicrosoftTeams", 0]);
    expect(spaced('<p>$10.<span class="cents">99</span></p>')).toEqual(["$10.99", 0]);
    expect(spaced("<p><span>$10.</span><span>99</span></p>")).toEqual(["$10.99", 0]);
    expect(spaced("<p><span>$12,</span>999</p>")).toEqual(["$12,999", 0]);
    expect(spaced('<p>Most teens have cavities.<a href="#fn2"><sup>2</sup></a></p>')).toEqual(["Most teens have cavities.2", 0]);
  });
});
