import { describe, expect, test } from "bun:test";
import { withoutShopSections } from "../../src/extract/product-page.ts";

const about = (n: number) =>
  Array.from({ length: n }, (_, i) => `The kettle's body is brushed steel, part ${i} of its description.`).join(" ");

describe("withoutShopSections: a shop's sections under a product no structured data states", () => {
  test("other products and customers' reviews go, the product and its own sections stay", () => {
    const md = [
      "# Steel kettle, 1.7 litres",
      about(12),
      "## Product details",
      "Boils a litre in three minutes and switches itself off.",
      "## Customers also bought",
      "- [Teapot](https://shop.example/teapot) $24",
      "- [Mugs, set of four](https://shop.example/mugs) $18",
      "## Customer reviews",
      "### Top reviews from the United States",
      "Great kettle, five stars.",
      "## Warranty",
      "Two years on parts and labour.",
    ].join("\n\n");
    const { markdown, cut } = withoutShopSections(md);
    for (const gone of ["Customers also bought", "Teapot", "Customer reviews", "five stars"]) expect(markdown).not.toContain(gone);
    expect(cut).toContain("Teapot");
    for (const kept of ["# Steel kettle", "Product details", "switches itself off", "## Warranty", "Two years"])
      expect(markdown).toContain(kept);
  });

  test("an article's reviews, related reading and a heading at the top stay", () => {
    const md = [
      "## You may also like",
      "- [Our tea guide](https://shop.example/tea)",
      "# Reviews of the year",
      about(12),
      "## Related reading",
      "- [Another story](https://news.example/story)",
      "## Reviews from our readers",
      "One reader wrote in about the kettle.",
    ].join("\n\n");
    expect(withoutShopSections(md).markdown).toBe(md);
  });
});
