import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { coverage, withStatedProduct } from "../../src/extract/product.ts";

const DESCRIPTION =
  "A waterproof trail sandal with a five millimetre rubber sole, an elastic cord that never chafes, and a strap you can wash and replace yourself.";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const product = (extra: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Trail Sandal Zero",
  description: DESCRIPTION,
  offers: { "@type": "Offer", price: "99.90", priceCurrency: "EUR" },
  ...extra,
});
const page = (head: string, body: string) => `<html><head><title>Trail Sandal Zero</title>${head}</head><body>${body}</body></html>`;
const REVIEWS =
  "<main><h2>Reviews</h2><p>Comfortable on long hikes, and the sole still looks new after a whole summer of walking on rocks and sand.</p><p>Sizing runs small, order one size up if you are between sizes or wear them with socks.</p></main>";

describe("product described only in JSON-LD", () => {
  test("a page whose markup lacks the description gets the product's name and description first", async () => {
    const article = await htmlToArticle(page(ld(product()), REVIEWS), { url: "https://shop.example/p/zero" });
    const md = article!.markdown;
    // The price its offer states follows the name (stated-price.ts: the markup shows none).
    expect(md.startsWith("# Trail Sandal Zero\n\n99.90 EUR\n\nA waterproof trail sandal")).toBe(true);
    expect(md).toContain("Comfortable on long hikes");
    expect(article!.words).toBeGreaterThan(40);
  });

  test("a page showing the description already is left as it is (no repeat)", async () => {
    const body = `<main><h1>Trail Sandal Zero</h1><p>${DESCRIPTION}</p>${REVIEWS.replace(/<\/?main>/g, "")}</main>`;
    const md = (await htmlToArticle(page(ld(product()), body), { url: "https://shop.example/p/zero" }))!.markdown;
    expect(md.split("waterproof trail sandal").length).toBe(2);
  });

  test("a grid listing several products in its JSON-LD gets none of them", async () => {
    const list = { "@context": "https://schema.org", "@graph": [product(), product({ name: "Trail Sandal One" })] };
    const md = (await htmlToArticle(page(ld(list), REVIEWS), { url: "https://shop.example/c/sandals" }))!.markdown;
    expect(md).not.toContain("waterproof");
  });

  test("markup in the description is read as text; a short tagline is not added", async () => {
    const description = "<p>A <b>brass</b> desk lamp &amp; dimmer,</p><p>with a cloth cable and a weighted base that never tips over.</p>";
    const md = (await htmlToArticle(page(ld(product({ name: "Lamp", description })), REVIEWS), { url: "https://shop.example/p/lamp" }))!
      .markdown;
    expect(md).toStartWith(
      "# Lamp\n\n99.90 EUR\n\nA brass desk lamp & dimmer,\n\nwith a cloth cable and a weighted base that never tips over.\n\n## Reviews",
    );
    expect(withStatedProduct("Some other text.", { name: "Lamp", description: "Bright and small." })).toBe("Some other text.");
  });

  test("coverage counts the description's words present in the Markdown", () => {
    expect(coverage("red blue green yellow", "**Red** and blue")).toBe(0.5);
    expect(coverage("", "anything")).toBe(1);
  });
});

describe("markup in a JSON-LD description", () => {
  test("tags become line breaks or spaces; 200,000 unclosed '<' are read at once (a tag pattern took seconds)", async () => {
    const marked = product({ description: `<p>${DESCRIPTION}</p><ul><li>Sole: rubber</li><li>Weight: <b>210 g</b></li></ul>` });
    const md = (await htmlToArticle(page(ld(marked), REVIEWS), { url: "https://shop.example/p/zero" }))!.markdown;
    expect(md).toContain("A waterproof trail sandal");
    expect(md).toContain("Sole: rubber");
    expect(md).not.toContain("<li>");
    const hostile = product({ description: `${DESCRIPTION} ${"<".repeat(200_000)}` });
    const article = await htmlToArticle(page(ld(hostile), REVIEWS), { url: "https://shop.example/p/zero" });
    expect(article!.markdown).toContain("A waterproof trail sandal");
  }, 5_000);
});
