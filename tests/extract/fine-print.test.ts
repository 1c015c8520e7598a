import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutFinePrint } from "../../src/extract/fine-print.ts";

// Each paragraph numbered in both its sentences: paragraphs sharing a sentence would be one notice's
// versions (variant-runs.ts).
const guide = Array.from(
  { length: 6 },
  (_, i) =>
    `A good sofa lasts a decade or more, so measure the room, the doorways and the stairs before you choose one (${i}). Fabric covers that come off for washing suit homes with children and pets (${i}), while leather ages well and needs little care beyond a wipe.`,
);
const terms = "*Not combinable with other offers. Subject to credit approval. Minimum monthly payments required. See store for details.";

describe("fine print", () => {
  test("an offer's terms under the page go; the page's text stays", () => {
    const markdown = ["# Sofas", "", ...guide.flatMap((p) => [p, ""]), terms].join("\n");
    const { markdown: kept, cut } = withoutFinePrint(markdown);
    expect(cut).toBe(terms);
    expect(kept).toBe(["# Sofas", "", ...guide.flatMap((p) => [p, ""])].join("\n").trim());
  });

  test("a card's credit offer in the grid goes with its terms", () => {
    const offer = "$30 in card rewards are yours when approved for the Trail Club card. Terms apply.";
    const markdown = ["- [Down bag](/p/1)", "", "  $149.00", `- ${offer}`, "- [Synthetic bag](/p/2)", "", "  $99.00", "", ...guide].join(
      "\n",
    );
    expect(withoutFinePrint(markdown).cut).toBe(`- ${offer}`);
  });

  test("a line with one phrase of terms, headings and code stay", () => {
    const markdown = [
      "## Terms and conditions apply while supplies last",
      "",
      ...guide.flatMap((p) => [p, ""]),
      "Choose your fabric at checkout.",
      "",
      "```",
      "// offer valid while supplies last, at checkout",
      "```",
    ].join("\n");
    expect(withoutFinePrint(markdown).cut).toBe("");
  });

  test("a page that is mostly terms (a promotion's rules) keeps them", () => {
    const markdown = ["# Spring promotion", "", terms, "", terms.replace("offers", "discounts"), "", guide[0]!].join("\n");
    expect(withoutFinePrint(markdown).cut).toBe("");
  });

  test("end to end on a page not declaring an article; left out, the rule keeps the terms", async () => {
    const html =
      `<html><head><title>Sofas</title></head><body><main><h1>Sofas</h1>${guide.map((p) => `<p>${p}</p>`).join("")}` +
      `<p class="legal">${terms}</p></main></body></html>`;
    const url = "https://shop.example/sofas";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("A good sofa lasts a decade");
    expect(md).not.toContain("Subject to credit approval");
    const kept = (await htmlToArticle(html, { url, without: new Set(["fine-print"]) }))?.markdown ?? "";
    expect(kept).toContain("Subject to credit approval");
  });
});
