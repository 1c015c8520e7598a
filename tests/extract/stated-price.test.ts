import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { amountOf, priceLine, shownPrice, statedPrice, withStatedPrice } from "../../src/extract/stated-price.ts";

const URL_ = "https://shop.example/p/trail-sandal";
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const doc = (head: string, body = "") => linkedomPage(`<html><head>${head}</head><body>${body}</body></html>`, URL_).document;
const product = (offers: unknown, extra: Record<string, unknown> = {}) =>
  ld({ "@context": "https://schema.org", "@type": "Product", name: "Trail Sandal Zero", offers, ...extra });

describe("amountOf: a price's digits in cents, however the shop groups them", () => {
  test("decimal points and commas, grouped thousands, no cents", () => {
    expect(amountOf("£136.00")).toBe(13600);
    expect(amountOf("1.759,99 €")).toBe(175999);
    expect(amountOf("$1,299.5")).toBe(129950);
    expect(amountOf("1 299 kr")).toBe(129900);
    expect(amountOf("CHF 1'299.00")).toBe(129900);
    expect(amountOf("R$ 49")).toBe(4900);
    expect(amountOf("12,-")).toBe(1200);
  });

  test("no digits, or more digits than any price, is no amount", () => {
    expect(amountOf("Price on request")).toBeNull();
    expect(amountOf("9".repeat(40))).toBeNull();
  });
});

describe("statedPrice: the price the page's structured data states", () => {
  test("a JSON-LD product's offer, its lowest price, its price specification; any case of the type", () => {
    expect(statedPrice(doc(product({ "@type": "Offer", price: "136.00", priceCurrency: "GBP" })))).toEqual({
      cents: 13600,
      currency: "GBP",
    });
    expect(statedPrice(doc(product([{ "@type": "AggregateOffer", lowPrice: 19.5, priceCurrency: "EUR" }])))).toEqual({
      cents: 1950,
      currency: "EUR",
    });
    expect(statedPrice(doc(product({ priceSpecification: { price: "1299", priceCurrency: "SEK" } })))).toEqual({
      cents: 129900,
      currency: "SEK",
    });
    const lower = ld({ "@type": "product", name: "Boot", offers: { price: "136.00", priceCurrency: "GBP" } });
    expect(statedPrice(doc(lower))).toEqual({ cents: 13600, currency: "GBP" });
  });

  test("microdata's price (an attribute or a price tag) with its currency, then OpenGraph's", () => {
    const micro =
      '<div itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="EUR"><span itemprop="price" content=" 71,91 € ">71,91 €</span></div>';
    expect(statedPrice(doc("", micro))).toEqual({ cents: 7191, currency: "EUR" });
    const og = '<meta property="product:price:amount" content="49.00"><meta property="product:price:currency" content="USD">';
    expect(statedPrice(doc(og))).toEqual({ cents: 4900, currency: "USD" });
  });

  test("a grid's data naming several products, a zero or a word for a price, and no data state nothing", () => {
    const grid = ld([
      { "@type": "Product", name: "River Sandal", offers: { price: "79.00" } },
      { "@type": "Product", name: "Canyon Boot", offers: { price: "149.00" } },
    ]);
    expect(statedPrice(doc(grid))).toBeNull();
    expect(statedPrice(doc(product({ price: "0" })))).toBeNull();
    expect(statedPrice(doc(product({ price: "Call us" })))).toBeNull();
    expect(statedPrice(doc(product({ price: { amount: 5 } })))).toBeNull();
    for (const price of [1e308, -5, Number.NaN, 0.001, "1e308", "-5"]) expect(statedPrice(doc(product({ price })))).toBeNull();
    expect(statedPrice(doc(""))).toBeNull();
  });
});

describe("shownPrice and priceLine: the price as the page prints it", () => {
  test("the first price tag equal to the amount, read across the elements it is split into", () => {
    expect(shownPrice(doc("", '<p>Only 3 left</p><div class="price"><span>£</span><span>136</span><span>.00</span></div>'), 13600)).toBe(
      "£136.00",
    );
    expect(shownPrice(doc("", "<div><span>R$ 1.759,99</span></div>"), 175999)).toBe("R$ 1.759,99");
  });

  test("a struck-out price, a price inside a sentence, another amount and an option's text are not the tag", () => {
    const page = [
      "<del>$99.90</del>",
      "<p>Was $99.90 until Sunday, now less.</p>",
      "<span>$89.90</span>",
      "<select><option>$99.90</option></select>",
    ].join("");
    expect(shownPrice(doc("", page), 9990)).toBeNull();
    expect(shownPrice(doc("", page), 8990)).toBe("$89.90");
  });

  test("without a printed tag the line is the stated amount and currency code, or nothing without a code", () => {
    const page = doc("", '<div class="price"><span>136</span></div>');
    expect(priceLine(page, { cents: 13600, currency: "GBP" })).toBe("136.00 GBP");
    expect(priceLine(page, { cents: 13600, currency: null })).toBeNull();
  });

  test("a page of 20,000 digits in one element, and 20,000 one-digit spans in one parent, is read in bounded time", () => {
    const long = doc("", `<div>${"7".repeat(20_000)}</div><span>€5</span>`);
    expect(shownPrice(long, 500)).toBe("€5");
    // Each span's parent is read up to a tag's size only: reading its whole text from every span (or
    // pushing all its children first) took over 8 s here; this takes a fraction of a second.
    const spans = doc("", `<div>${"<span>7</span>".repeat(20_000)}</div><span>€5</span>`);
    expect(shownPrice(spans, 500)).toBe("€5");
  }, 5_000);
});

describe("withStatedPrice: the price goes under the title when the Markdown lost it", () => {
  const description = "A waterproof trail sandal with a five millimetre rubber sole.";

  test("under the opening heading, or first", () => {
    expect(withStatedPrice(`# Trail Sandal Zero\n\n${description}`, 9990, "$99.90")).toBe(
      `# Trail Sandal Zero\n\n$99.90\n\n${description}`,
    );
    expect(withStatedPrice(description, 9990, "$99.90")).toBe(`$99.90\n\n${description}`);
    // The title further down, under a lead paragraph: the price goes under the title, not first.
    expect(withStatedPrice(`Built for rivers.\n\n# Trail Sandal Zero\n\n${description}`, 9990, "$99.90")).toBe(
      `Built for rivers.\n\n# Trail Sandal Zero\n\n$99.90\n\n${description}`,
    );
  });

  test("a Markdown that prints the price, however written, and an empty one stay as they are", () => {
    for (const md of [`${description}\n\n$99.90`, `${description}\n\nPrice: 99,90 €`, `${description} Now USD 99.90.`])
      expect(withStatedPrice(md, 9990, "$99.90")).toBe(md);
    expect(withStatedPrice("", 9990, "$99.90")).toBe("");
  });

  test("the amount as a bare number, in a link's address or beside no currency is not the price", () => {
    const md = `${description}\n\nWeight: 99.90 g. [Size guide](https://shop.example/guide/9990/$99.90)`;
    expect(withStatedPrice(md, 9990, "$99.90")).toBe(`$99.90\n\n${md}`);
  });
});

describe("through htmlToArticle", () => {
  const description =
    "<p>A waterproof trail sandal with a five millimetre rubber sole, an elastic cord that never chafes, and a strap you can wash and replace yourself after a season of rivers.</p><p>Its sole is recycled rubber, cut in our workshop, glued by hand and left to cure for a week before it leaves us.</p>";
  const page = (buyBox: string) =>
    `<html><head><title>Trail Sandal Zero</title>${product({ "@type": "Offer", price: "99.90", priceCurrency: "USD" })}</head><body><main>${buyBox}<article>${description}</article></main></body></html>`;
  const box =
    '<div class="buy"><h1>Trail Sandal Zero</h1><div class="price"><span>$</span><span>99</span><span>.90</span></div><button>Add to cart</button></div>';

  test("a product page whose buy box the clean-up took gets its price under the title; left out, the rule adds nothing", async () => {
    const md = (await htmlToArticle(page(box), { url: URL_ }))!.markdown;
    expect(md.startsWith("# Trail Sandal Zero\n\n$99.90\n\nA waterproof trail sandal")).toBe(true);
    const without = (await htmlToArticle(page(box), { url: URL_, without: new Set(["stated-price"]) }))!.markdown;
    expect(without).not.toContain("99.90");
  });

  test("a page that is no product page gets no price, whatever its data states", async () => {
    const article = `<html><head><meta property="og:type" content="article">${ld({ "@type": "NewsArticle", headline: "Sandals" })}${product({ price: "99.90", priceCurrency: "USD" })}</head><body><article><h1>Sandals we wore all summer</h1>${description}<p><span>$99.90</span></p></article></body></html>`;
    const md = (await htmlToArticle(article, { url: "https://news.example/sandals" }))!.markdown;
    expect(md.split("99.90").length).toBeLessThanOrEqual(2);
  });
});
