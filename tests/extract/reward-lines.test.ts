import { describe, expect, test } from "bun:test";
import { withoutRewardLines } from "../../src/extract/product-page.ts";

describe("withoutRewardLines: a product page's loyalty points pitch", () => {
  test("lines pitching the shop's points go, the product stays", () => {
    const md = [
      "# Trail running shirt",
      "$22",
      "A light shirt of recycled polyester that dries in minutes.",
      "[**Unlock Access to Exclusive Rewards & Benefits**](https://shop.example/account)Purchasing this product earns 176XP",
      "Become a member to earn 239 points today. Members enjoy FREE SHIPPING over $49+.",
      "- Members earn 179 points",
      "Machine wash cold, hang to dry.",
    ].join("\n\n");
    const out = withoutRewardLines(md);
    for (const gone of ["176XP", "239 points", "179 points"]) expect(out).not.toContain(gone);
    expect(out).toContain("recycled polyester");
    expect(out).toContain("Machine wash cold");
  });

  test("headings, points that are the product's and long paragraphs stay", () => {
    const heading = "## Earn 500 points with every box";
    expect(withoutRewardLines(heading)).toBe(heading);
    const card = "This gift card holds 2,000 points to spend in the game's store.";
    expect(withoutRewardLines(card)).toBe(card);
    const long = `Each level lets the player earn 50 points, ${"and the rest of this paragraph describes the game. ".repeat(5)}`;
    expect(withoutRewardLines(long)).toBe(long);
  });
});
