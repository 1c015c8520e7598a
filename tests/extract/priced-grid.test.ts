import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import {
  findPricedGrid,
  withoutCardBadges,
  withoutGridToolbar,
  withoutOfferBanner,
  withoutRepeatedPrices,
  withoutSwatchCounts,
} from "../../src/extract/priced-grid.ts";
import { documentMaker } from "../helpers/dom.ts";

const WOOD_GOODS = ["Oak lamp", "Ash stool", "Elm shelf", "Fir crate", "Yew bowl", "Box frame"];

/** A shop's grid of six cards drawn by `card`, its extraction, and a check that every card's name came through. */
async function woodGrid(card: (name: string, i: number) => string) {
  const html =
    `<html><head><title>Wood goods</title></head><body><main><h1>Wood goods</h1>` +
    `<div class="grid">${WOOD_GOODS.map(card).join("")}</div></main></body></html>`;
  const url = "https://shop.example/wood";
  const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
  for (const name of WOOD_GOODS) expect(md).toContain(name);
  return { html, url, md };
}

const doc = documentMaker();
const body = (html: string): Element => doc(html).body as unknown as Element;

const lamps = [
  "Brass Desk Lamp",
  "Oak Floor Lamp",
  "Paper Pendant",
  "Glass Wall Light",
  "Linen Table Lamp",
  "Iron Reading Lamp",
  "Clay Lantern",
  "Opal Globe",
];

// A shop's category grid: each card is a linked name and a price, too short for Readability.
const card = (name: string, i: number) =>
  `<div class="product-card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><a href="/p/${i}">${name}</a><span class="price">$${i + 2}9.00</span></div>`;
const pricedGrid = `<div class="product-grid">${lamps.map(card).join("")}</div>`;

// The category's guide below the grid: the prose Readability keeps.
const guide =
  `<div class="guide"><h2>Choosing a lamp</h2>` +
  Array.from(
    { length: 4 },
    (_, i) =>
      `<p>Light shapes a room more than any piece of furniture, and the right lamp in the right place changes how a space feels at every hour (${i}). Warm bulbs suit living rooms, while cooler light helps at a desk where you read and write for long stretches of the day.</p>`,
  ).join("") +
  `</div>`;

const page = (head: string, main: string) =>
  `<html><head><title>Lamps</title>${head}</head><body><nav><a href="/">Home</a><a href="/shop">Shop</a></nav><main><h1>Lamps</h1>${main}</main><footer><p>© Lamp shop</p></footer></body></html>`;

describe("priced grid", () => {
  test("finds the largest group of same-shaped cards that show prices", () => {
    const root = body(`${pricedGrid}<ul class="links">${lamps.map((n, i) => `<li><a href="/c/${i}">${n} ideas</a></li>`).join("")}</ul>`);
    const grid = findPricedGrid(root);
    expect(grid?.cards.length).toBe(8);
    expect(grid?.container.getAttribute("class")).toBe("product-grid");
  });

  test("a teaser grid without prices and a pricing table's three plans are no priced grid", () => {
    const teasers = lamps.map((n, i) => `<div class="teaser"><a href="/blog/${i}">${n}: a story of light</a></div>`).join("");
    const plans = ["Basic", "Team", "Business"].map((n, i) => `<div class="plan"><h3>${n}</h3><p>$${i + 1}9 per month</p></div>`).join("");
    expect(findPricedGrid(body(`<div class="teasers">${teasers}</div>`))).toBeNull();
    expect(findPricedGrid(body(`<div class="plans">${plans}</div>`))).toBeNull();
  });

  test("a category page's grid the content lacks goes after its guide", async () => {
    const html = page("", pricedGrid + guide);
    const article = await htmlToArticle(html, { url: "https://shop.example/lamps" });
    const markdown = article?.markdown ?? "";
    expect(markdown).toContain("Warm bulbs suit living rooms");
    for (const name of lamps) expect(markdown).toContain(name);
    expect(markdown).toContain("$29.00");
    expect(markdown.indexOf("Warm bulbs")).toBeLessThan(markdown.indexOf("Brass Desk Lamp"));
    expect(markdown).not.toContain("Home");
    const left = await htmlToArticle(html, { url: "https://shop.example/lamps", without: new Set(["priced-grid"]) });
    expect(left?.markdown ?? "").not.toContain("Oak Floor Lamp");
  });

  test("a page declaring one article keeps its text alone", async () => {
    const html = page(`<meta property="og:type" content="article">`, pricedGrid + guide);
    const markdown = (await htmlToArticle(html, { url: "https://shop.example/lamps" }))?.markdown ?? "";
    expect(markdown).toContain("Warm bulbs suit living rooms");
    expect(markdown).not.toContain("Oak Floor Lamp");
  });
});

describe("grid toolbar", () => {
  test("sorting, filtering and view controls and counts of results go", () => {
    const markdown = [
      "# Sleeping bags",
      "",
      "Products (296)",
      "",
      "Sort: Best Match",
      "",
      "- Filters",
      "",
      "**Showing 1–16 of 29 results**",
      "",
      "View Options",
      "",
      "- [Down Bag 20](/p/1)",
      "",
      "  $149.00",
      "",
      "1–30 of 296 products",
      "",
      "1  -  12 of  27  Products",
      "",
      // The counts control-labels.ts reads on any page (SHOWN_RESULTS), in the toolbar too.
      "Showing all 29 results",
      "",
      "Zeige 1–16 von 29 Ergebnissen",
    ].join("\n");
    expect(withoutGridToolbar(markdown)).toBe(["# Sleeping bags", "", "- [Down Bag 20](/p/1)", "", "  $149.00"].join("\n"));
  });

  test("sentences about sorting, headings that say more, and code stay", () => {
    const markdown = [
      "## Sort by size before you buy",
      "",
      "Sort the bags by weight: lighter bags pack smaller.",
      "",
      "Filter coffee tastes cleaner than espresso.",
      "",
      "```",
      "Filters",
      "```",
    ].join("\n");
    expect(withoutGridToolbar(markdown)).toBe(markdown);
  });

  test("a page not declaring an article loses its toolbar; left out, the rule keeps it", async () => {
    const html = page("", guide.replace("</h2>", "</h2><p>Showing 1–16 of 29 results</p><p>Sort by: Price</p>"));
    const url = "https://shop.example/lamps";
    const kept = (await htmlToArticle(html, { url, without: new Set(["grid-toolbar"]) }))?.markdown ?? "";
    // control-labels.ts reads a count that says "Showing … results" on any page; the toolbar's other lines are this rule's alone.
    expect(kept).toContain("Sort by: Price");
    const both = (await htmlToArticle(html, { url, without: new Set(["grid-toolbar", "control-labels"]) }))?.markdown ?? "";
    expect(both).toContain("Showing 1–16 of 29 results");
    const markdown = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(markdown).not.toContain("Showing");
    expect(markdown).not.toContain("Sort by");
    expect(markdown).toContain("Warm bulbs suit living rooms");
  });
});

describe("offer banner", () => {
  test("the shop's offer bar above the first heading goes", () => {
    const markdown = ["Free Shipping on Domestic Orders $75+", "", "- Save 30% off your first order", "", "# Lamps", "", "Our lamps."].join(
      "\n",
    );
    expect(withoutOfferBanner(markdown)).toBe(["# Lamps", "", "Our lamps."].join("\n"));
  });

  test("an offer on qualifying or eligible orders, with no amount, is the bar too", () => {
    const markdown = [
      "Score free shipping on qualifying orders! See our [shipping page](https://shop.example/shipping)",
      "",
      "# Lamps",
      "",
      "Our lamps.",
    ].join("\n");
    expect(withoutOfferBanner(markdown)).toBe(["# Lamps", "", "Our lamps."].join("\n"));
  });

  test("an offer under a heading, an offer without an amount and a longer paragraph stay", () => {
    const below = ["# Lamps", "", "Free shipping on orders over $75"].join("\n");
    const plain = ["Free shipping on all orders", "", "# Lamps"].join("\n");
    const paragraph = [
      "Every order over $75 ships free, and our lamps are packed by hand in recycled paper so they arrive whole, wherever you live.",
      "",
      "# Lamps",
    ].join("\n");
    for (const markdown of [below, plain, paragraph]) expect(withoutOfferBanner(markdown)).toBe(markdown);
  });

  test("one offer bar per country, each with the sentence after it, goes as a run however long", () => {
    const note = "For more information on delivery times and rates, please see our [delivery page](/delivery)";
    const bars = ["$60 CAD", "65€", "£50", "$110 AUD", "$120 NZD", "¥990", "$75", "₹4,000"].map(
      (amount) => `Free standard shipping on orders ${amount} or more. ${note}`,
    );
    const markdown = [...bars.flatMap((bar) => [bar, ""]), "# Lamps", "", "Our lamps."].join("\n");
    expect(withoutOfferBanner(markdown)).toBe(["# Lamps", "", "Our lamps."].join("\n"));
  });

  test("a paragraph opening on an offer sentence but long in its first sentence stays", () => {
    const paragraph = [
      "Free shipping on orders over $75 applies to every lamp we make by hand in our small workshop by the river, wherever you live. Ask us anything.",
      "",
      "# Lamps",
    ].join("\n");
    expect(withoutOfferBanner(paragraph)).toBe(paragraph);
  });

  test("a page not declaring an article loses its offer bar; left out, the rule keeps it", async () => {
    const html = page("", guide.replace('<div class="guide">', '<div class="guide"><p>Free shipping on orders over $75</p>')).replace(
      "<h1>Lamps</h1>",
      "",
    );
    const url = "https://shop.example/lamps";
    const kept = (await htmlToArticle(html, { url, without: new Set(["offer-banner"]) }))?.markdown ?? "";
    expect(kept).toContain("Free shipping on orders over $75");
    const markdown = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(markdown).not.toContain("Free shipping");
    expect(markdown).toContain("Warm bulbs suit living rooms");
  });
});

test("a first line of 100,000 unclosed brackets is passed over at once (the link pattern is quadratic on it)", () => {
  const markdown = `${"[".repeat(100_000)}\n\nFree shipping on orders over $50\n\n# Shoes`;
  expect(withoutOfferBanner(markdown)).toBe(`${"[".repeat(100_000)}\n\n# Shoes`);
});

describe("repeated prices", () => {
  test("a price said twice in a row, or struck out beside the same amount, is said once", () => {
    const markdown = [
      "- ### [Dark Roast](/p/1)",
      "",
      "  $19.99",
      "",
      "  $19.99",
      "",
      "  Size",
      "- ### [Trail Headphones](/p/2)",
      "",
      "  1.999,95 €",
      "",
      "  1.999,95 € ~~1.999,95 €~~",
    ].join("\n");
    expect(withoutRepeatedPrices(markdown)).toBe(
      ["- ### [Dark Roast](/p/1)", "", "  $19.99", "", "  Size", "- ### [Trail Headphones](/p/2)", "", "  1.999,95 €"].join("\n"),
    );
  });

  test("a sale price beside a different struck-out price, two cards' equal prices, and prices in sentences stay", () => {
    const markdown = [
      "- Dark Roast",
      "",
      "  $14.99 ~~$19.99~~",
      "- Light Roast",
      "",
      "  $19.99",
      "- Medium Roast",
      "",
      "  $19.99",
      "",
      "Orders over $50 ship free.",
      "",
      "Orders over $50 ship free.",
    ].join("\n");
    expect(withoutRepeatedPrices(markdown)).toBe(markdown);
  });

  test("a page not declaring an article says each price once; left out, the rule keeps both", async () => {
    const card = (name: string, i: number) =>
      `<div class="card"><h3><a href="/p/${i}">${name}</a></h3><div class="regular">$${20 + i}.00</div><div class="sale">$${20 + i}.00</div></div>`;
    const names = ["Oak lamp", "Ash stool", "Elm shelf", "Fir crate", "Yew bowl", "Box frame"];
    const html =
      `<html><head><title>Wood goods</title></head><body><main><h1>Wood goods</h1>` +
      `<div class="grid">${names.map(card).join("")}</div></main></body></html>`;
    const url = "https://shop.example/wood";
    const count = (text: string, part: string) => text.split(part).length - 1;
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    for (const [i, name] of names.entries()) {
      expect(md).toContain(name);
      expect(count(md, `$${20 + i}.00`)).toBe(1);
    }
    const kept = (await htmlToArticle(html, { url, without: new Set(["repeated-prices"]) }))?.markdown ?? "";
    expect(count(kept, "$20.00")).toBe(2);
  });
});

describe("card badges", () => {
  test("a badge line several cards carry goes, as a list item or a line of its own", () => {
    const markdown = [
      "- Top Rated",
      "- [Trail Bottle](/p/1)",
      "",
      "  $24.95",
      "- Top Rated",
      "- [Camp Mug](/p/2)",
      "",
      "  Best seller",
      "",
      "  $12.00",
      "- [Desk Mug](/p/3)",
      "",
      "  **Best Seller**",
      "",
      "  $14.00",
      "- [Cup Set](/p/4)",
      "",
      "  TRAIL OUTLET",
      "- [Tea Set](/p/5)",
      "",
      "  Trail Outlet",
    ].join("\n");
    expect(withoutCardBadges(markdown)).toBe(
      [
        "- [Trail Bottle](/p/1)",
        "",
        "  $24.95",
        "- [Camp Mug](/p/2)",
        "",
        "  $12.00",
        "- [Desk Mug](/p/3)",
        "",
        "  $14.00",
        "- [Cup Set](/p/4)",
        "",
        "- [Tea Set](/p/5)",
      ].join("\n"),
    );
  });

  test("a lone badge word, headings, discounts, stock states and badges in sentences stay", () => {
    const markdown = [
      "## New",
      "",
      "- [Trail Bottle](/p/1)",
      "",
      "  Save 25%",
      "",
      "  Sold out",
      "- [Camp Mug](/p/2)",
      "",
      "  Save 25%",
      "",
      "  Sold out",
      "",
      "Sale",
      "",
      "Our best seller is new this spring.",
      "",
      "Our best seller is new this spring.",
      "",
      "## New",
    ].join("\n");
    expect(withoutCardBadges(markdown)).toBe(markdown);
  });

  test("a page not declaring an article loses its cards' ribbons; left out, the rule keeps them", async () => {
    const card = (name: string, i: number) =>
      `<div class="card"><div class="ribbon">Best seller</div><h3><a href="/p/${i}">${name}</a></h3><div class="price">$${20 + i}.00</div></div>`;
    const { html, url, md } = await woodGrid(card);
    expect(md).not.toContain("Best seller");
    const kept = (await htmlToArticle(html, { url, without: new Set(["card-badges"]) }))?.markdown ?? "";
    expect(kept).toContain("Best seller");
  });
});

describe("swatch counts", () => {
  test("a line that is only a card's count of colour swatches goes when several cards print one", () => {
    const markdown = [
      "- [Trail Bottle](/p/1)",
      "",
      "  3 colors",
      "",
      "  $24.95",
      "- [Camp Mug](/p/2)",
      "",
      "  +2 Colours",
      "",
      "  $12.00",
      "- [Desk Mug](/p/3)",
      "",
      "  **5 colors available**",
      "",
      "  $14.00",
    ].join("\n");
    expect(withoutSwatchCounts(markdown)).toBe(
      ["- [Trail Bottle](/p/1)", "", "  $24.95", "- [Camp Mug](/p/2)", "", "  $12.00", "- [Desk Mug](/p/3)", "", "  $14.00"].join("\n"),
    );
  });

  test("one count, headings and sentences about colours stay", () => {
    const lone = ["- [Trail Bottle](/p/1)", "", "  3 colors", "", "  $24.95"].join("\n");
    expect(withoutSwatchCounts(lone)).toBe(lone);
    const prose = ["## 3 colors", "", "Comes in 3 colors", "", "## 3 colors", "", "Also in 4 colors"].join("\n");
    expect(withoutSwatchCounts(prose)).toBe(prose);
  });

  test("a page not declaring an article loses its cards' swatch counts; left out, the rule keeps them", async () => {
    const card = (name: string, i: number) =>
      `<div class="card"><h3><a href="/p/${i}">${name}</a></h3><div class="swatches">${i + 2} colors</div><div class="price">$${20 + i}.00</div></div>`;
    const { html, url, md } = await woodGrid(card);
    expect(md).not.toMatch(/\d colors/);
    const kept = (await htmlToArticle(html, { url, without: new Set(["swatch-counts"]) }))?.markdown ?? "";
    expect(kept).toContain("3 colors");
  });
});

describe("a category page's pageType (product-page.ts categoryPage)", () => {
  const grid = (n: number) =>
    `<div class="product-grid">${Array.from({ length: n }, (_, i) => card(`${lamps[i % lamps.length]} no. ${i + 1}`, i)).join("")}</div>`;
  const url = "https://shop.example/lamps";
  const typeOf = async (head: string, main: string) => (await htmlToArticle(page(head, main), { url }))?.pageType ?? null;

  test("a priced grid of 20 product cards or more is a collection; of 19, no type is told", async () => {
    expect(await typeOf("", grid(24) + guide)).toBe("collection");
    expect(await typeOf("", grid(20))).toBe("collection");
    expect(await typeOf("", grid(19) + guide)).toBeNull();
  });

  test("og:type product.group names a small priced grid a collection too", async () => {
    expect(await typeOf(`<meta property="og:type" content="product.group">`, grid(8) + guide)).toBe("collection");
    expect(await typeOf(`<meta property="og:type" content="website">`, grid(8) + guide)).toBeNull();
  });

  test("a long series of cards without prices, and a page declaring one article, are no collection", async () => {
    const teasers = Array.from(
      { length: 30 },
      (_, i) => `<div class="teaser"><a href="/blog/${i}">${lamps[i % 8]}: a story of light, part ${i + 1}</a></div>`,
    );
    expect(await typeOf("", `<div class="teasers">${teasers.join("")}</div>`)).not.toBe("collection");
    expect(await typeOf(`<meta property="og:type" content="article">`, grid(24) + guide)).toBe("article");
  });
});
