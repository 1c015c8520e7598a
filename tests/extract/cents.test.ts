import { describe, expect, test } from "bun:test";
import { markSuperscriptCents } from "../../src/extract/cents.ts";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

const textOf = (body: string): string => {
  const doc = linkedomPage(`<html><body><p>${body}</p></body></html>`, "https://shop.example/").document;
  markSuperscriptCents(doc);
  return (doc.body.textContent ?? "").replace(/\s+/g, " ").trim();
};

describe("markSuperscriptCents: cents printed raised are cents", () => {
  test("two raised digits after an amount beside a currency get the separator", () => {
    expect(textOf("$549<sup>00</sup>")).toBe("$549.00");
    // The whole part in an element of its own, the sign in another, grouped thousands.
    expect(textOf('<span>$</span><span class="whole">2,898</span><sup class="cents">00</sup>')).toBe("$2,898.00");
    // The currency after the superscript; thousands grouped with points take a comma.
    expect(textOf("271<sup>99</sup> <span>Lei</span>")).toBe("271.99 Lei");
    expect(textOf("1.299<sup>99</sup> €")).toBe("1.299,99 €");
    expect(textOf("£ 12<sup> 50 </sup>")).toBe("£ 12.50");
  });

  test("exponents, footnotes and cents already separated stay as they are", () => {
    // No currency beside the number: an exponent or a footnote.
    expect(textOf("about 10<sup>23</sup> atoms")).toBe("about 1023 atoms");
    expect(textOf("E = mc<sup>2</sup>")).toBe("E = mc2");
    expect(textOf("in 2024<sup>12</sup> shops")).toBe("in 202412 shops");
    // The separator already printed, or a superscript of other than two digits.
    expect(textOf("$19.<sup>99</sup>")).toBe("$19.99");
    expect(textOf("$19<sup>.99</sup>")).toBe("$19.99");
    expect(textOf("$19<sup>999</sup>")).toBe("$19999");
    expect(textOf("$19<sup>TM</sup>")).toBe("$19TM");
    // A superscript with no amount before it.
    expect(textOf("Price<sup>12</sup> $")).toBe("Price12 $");
  });

  // The deadline is the bound (a pattern that backtracks over the digit runs takes minutes); no clock is read.
  test("hostile: ten thousand superscripts after long digit runs are read in one pass", () => {
    const body = `${"9".repeat(50_000)}<sup>00</sup>`.repeat(2) + "<sup>00</sup>".repeat(10_000);
    const text = textOf(body);
    // Fifty thousand digits are no amount's whole part; ten thousand superscripts after nothing are no cents.
    expect(text.startsWith("9".repeat(50_000) + "00")).toBe(true);
    expect(text.endsWith("00".repeat(10_000))).toBe(true);
  }, 5_000);

  test("through htmlToArticle: the Markdown says the price the page shows, unless the rule is left out", async () => {
    const html = `<html><head><title>Camera deals</title></head><body><main><h1>Camera deals</h1>
      <p>This week the mirrorless body everyone asks about is down to a price we have not seen before, with a lens and a second battery in the box.</p>
      <p>Body and kit lens: <span>$549</span><sup>00</sup>, and the body alone <span>$449</span><sup>00</sup>, until Sunday while stock lasts.</p>
      <p>Both come with the maker's two-year warranty and free shipping to any address in the country, returns within thirty days.</p>
      </main></body></html>`;
    const md = (await htmlToArticle(html, { url: "https://shop.example/deals" }))!.markdown;
    expect(md).toContain("$549.00");
    expect(md).toContain("$449.00");
    expect(md).not.toContain("$54900");
    const without = (await htmlToArticle(html, { url: "https://shop.example/deals", without: new Set(["superscript-cents"]) }))!.markdown;
    expect(without).toContain("$54900");
  });
});
