import { describe, expect, test } from "bun:test";
import { isOfferLine, withoutOfferLines } from "../../src/extract/offers.ts";

describe("withoutOfferLines: the site's offers among the text", () => {
  test("offers go, as headings or bold paragraphs, and the text stays", () => {
    const md = [
      "# Learning Spanish in a year",
      "I spent twenty minutes a day on verbs and listened to the radio on the way to work.",
      "**Begin learning a new language today! Unlock up to 55% OFF your subscription today!**",
      "## Get $130 in value",
      "New customers get $300 in free credits to spend on the platform.",
      "Experience our tutors for 40 hours - No Cost, No Obligation.",
      "By the summer I could follow a football match on the radio.",
    ].join("\n\n");
    const out = withoutOfferLines(md);
    for (const gone of ["55% OFF", "$130", "$300", "No Cost"]) expect(out).not.toContain(gone);
    expect(out).toContain("twenty minutes a day");
    expect(out).toContain("football match");
  });

  test("a price, a claim, a list item and a long paragraph stay", () => {
    expect(isOfferLine("Get it for $185.25 (5% off) with monthly delivery")).toBe(false);
    expect(isOfferLine("The new engine cut fuel costs by 30% over the old one.")).toBe(false);
    expect(isOfferLine("- Get $10 off your first box")).toBe(false);
    expect(
      isOfferLine(`Most plans let you save 20% off the yearly price, ${"and the rest of this paragraph compares them. ".repeat(4)}`),
    ).toBe(false);
    expect(isOfferLine("Save 25% off")).toBe(true);
  });
});
