import { describe, expect, test } from "bun:test";
import { removeCardFurniture } from "../../src/extract/card-furniture.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const body = (html: string): Element => doc(html).body as unknown as Element;

const teas = ["Green Sencha", "Smoky Lapsang", "Mountain Oolong", "Ginger Rooibos", "Jasmine Pearls"];

// A shop's grid: each card has its name, price and blurb, and the same controls and hidden labels.
const card = (name: string, i: number) =>
  `<li class="grid-item"><div class="card">` +
  `<a href="/p/${i}"><img src="/i/${i}.jpg" alt="${name} in a tin"></a>` +
  `<h3 class="card-title"><a href="/p/${i}">${name}</a></h3>` +
  `<p class="blurb">Loose leaf tea number ${i}, picked in spring and packed by hand.</p>` +
  `<div class="price"><span class="visually-hidden">Regular price</span><span>$1${i}.50</span>` +
  `<span class="unit">Unit price</span> <span>per</span></div>` +
  `<button class="quick">Quick view</button><a class="btn" href="/cart/${i}"><span>Add to cart</span></a>` +
  `</div></li>`;
const grid = (make: (name: string, i: number) => string) => `<ul class="grid">${teas.map(make).join("")}</ul>`;

describe("card furniture", () => {
  test("a grid's repeated controls and screen-reader price labels go; names, blurbs and prices stay", () => {
    const root = body(`<h1>Loose leaf teas</h1>${grid(card)}`);
    removeCardFurniture(root);
    const text = root.textContent ?? "";
    for (const name of teas) expect(text).toContain(name);
    expect(text).toContain("picked in spring");
    expect(text).toContain("$12.50");
    expect(root.querySelectorAll("img").length).toBe(5);
    for (const gone of ["Quick view", "Add to cart", "Regular price", "Unit price", "per"]) expect(text).not.toContain(gone);
    // The link around a removed label goes with it; the card's other links stay.
    expect(root.querySelectorAll('a[href^="/cart/"]').length).toBe(0);
    expect(root.querySelectorAll('a[href^="/p/"]').length).toBe(10);
  });

  test("labels a reader sees, specifications and headings stay although every card repeats them", () => {
    const spec = (name: string, i: number) =>
      `<div class="card"><h3>${name}</h3><h4>Details</h4><p><span>Weight:</span> <span>${i}00 g</span></p>` +
      `<p><span>Regular Price</span> <span>$2${i}.00</span> <span>You Save</span> <span>$${i}.00</span></p></div>`;
    const root = body(`<div class="grid">${teas.map(spec).join("")}</div>`);
    removeCardFurniture(root);
    const text = root.textContent ?? "";
    expect(text.match(/Weight:/g)?.length).toBe(5);
    expect(text.match(/Regular Price/g)?.length).toBe(5);
    expect(text.match(/Details/g)?.length).toBe(5);
  });

  test("a heading that is only a card's control and a quantity field's label go; a heading of the card's own and a specification stay", () => {
    const controls = (name: string, i: number) =>
      `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""><div class="hover"><h4>View Details</h4></div></a>` +
      `<h3><a href="/p/${i}">${name}</a></h3><h4>Tasting notes</h4><p>Loose leaf tea number ${i}, picked in spring.</p>` +
      `<p><span>Weight:</span> <span>${i}00 g</span></p>` +
      `<div class="qty"><label for="q${i}">Qty:</label><input type="number" id="q${i}" value="1"></div></div>`;
    const root = body(`<div class="grid">${teas.map(controls).join("")}</div>`);
    removeCardFurniture(root);
    const text = root.textContent ?? "";
    expect(text).not.toContain("View Details");
    expect(text).not.toContain("Qty");
    for (const name of teas) expect(text).toContain(name);
    expect(text.match(/Tasting notes/g)?.length).toBe(5);
    expect(text.match(/Weight:/g)?.length).toBe(5);
    expect(root.querySelectorAll("img").length).toBe(5);
  });

  test("a control on fewer than half the cards, or on fewer than four cards, is left", () => {
    const some = (name: string, i: number) =>
      `<div class="card"><h3>${name}</h3><p>Tea number ${i} from the spring harvest.</p>${i < 2 ? "<button>Quick view</button>" : ""}</div>`;
    const few = (name: string, i: number) =>
      `<div class="card"><h3>${name}</h3><p>Tea number ${i} from the spring harvest.</p><button>Quick view</button></div>`;
    const root = body(`<div class="a">${teas.map(some).join("")}</div><div class="b">${teas.slice(0, 3).map(few).join("")}</div>`);
    removeCardFurniture(root);
    expect(root.querySelector(".a")!.textContent?.match(/Quick view/g)?.length).toBe(2);
    expect(root.querySelector(".b")!.textContent?.match(/Quick view/g)?.length).toBe(3);
  });

  test("a card's title said again outside its heading is said once; its picture stays", () => {
    const twice = (name: string, i: number) =>
      `<div class="card"><a class="overlay" href="/p/${i}">${name}</a><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""><span class="name">${name}</span></a>` +
      `<h3><a href="/p/${i}">${name}</a></h3><p>Tea number ${i} from the spring harvest, ${name} blend.</p></div>`;
    const root = body(`<div class="grid">${teas.map(twice).join("")}</div>`);
    removeCardFurniture(root);
    const text = root.textContent ?? "";
    for (const name of teas) expect(text.split(name).length - 1).toBe(2); // the heading and the blurb
    expect(root.querySelectorAll("img").length).toBe(5);
    expect(root.querySelectorAll("a.overlay").length).toBe(0);
  });

  test("a title link said again inside a sentence of the card stays; said alone in its block it goes; the rule can be left out", () => {
    const review = (name: string, i: number) =>
      `<section class="pick"><h2><a href="/p/${i}">${name}</a></h2>` +
      `<p>The <a href="/p/${i}"><strong>${name}</strong></a> is a tea we brewed every morning for a month.</p>` +
      `<p><a href="/p/${i}">${name}</a></p></section>`;
    const root = body(`<div>${teas.map(review).join("")}</div>`);
    removeCardFurniture(root);
    for (const name of teas) expect((root.textContent ?? "").split(name).length - 1).toBe(2); // the heading and the sentence
    expect(root.textContent).toContain(`The ${teas[0]} is a tea`);
    const left = body(`<div>${teas.map(review).join("")}</div>`);
    removeCardFurniture(left, false);
    expect(left.textContent).toContain("The  is a tea");
  });

  test("the title's words elsewhere in a card stay unless they link to the title's address", () => {
    const other = (name: string, i: number) =>
      `<div class="card"><h3><a href="/p/${i}">${name}</a></h3><p>${name}</p><a href="/brand/${i}">${name}</a>` +
      `<p>Tea number ${i} from the spring harvest.</p></div>`;
    const root = body(`<div class="grid">${teas.map(other).join("")}</div>`);
    removeCardFurniture(root);
    for (const name of teas) expect((root.textContent ?? "").split(name).length - 1).toBe(3);
  });

  test("a menu whose every entry is a control is not a grid of cards with furniture", () => {
    const root = body(
      `<div>${teas.map(() => '<div class="item"><a href="/c">Compare</a> <a href="/q">Quick view</a> now</div>').join("")}</div>`,
    );
    removeCardFurniture(root);
    expect(root.textContent?.match(/Compare/g)?.length).toBe(5);
  });

  test("the page's Markdown leaves the controls out, and keeps them without the rule", async () => {
    const html = `<html><head><title>Teas</title></head><body><main><h1>Loose leaf teas</h1>${grid(card)}</main></body></html>`;
    const withRule = await htmlToArticle(html, { url: "https://example.com/teas" });
    const withoutRule = await htmlToArticle(html, {
      url: "https://example.com/teas",
      without: new Set(["card-furniture", "screen-reader-text"]),
    });
    expect(withRule?.markdown).toContain("Mountain Oolong");
    expect(withRule?.markdown).toContain("$12.50");
    expect(withRule?.markdown).not.toContain("Regular price");
    expect(withRule?.markdown).not.toContain("Unit price");
    expect(withoutRule?.markdown).toContain("Regular price");
    expect(withoutRule?.markdown).toContain("Unit price");
  });
});
