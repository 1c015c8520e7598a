import { describe, expect, test } from "bun:test";
import { withoutLoneLinks } from "../../src/extract/lone-links.ts";

const page = [
  "# Bookkeeping for small charities",
  "We keep the books of charities with fewer than ten staff, from the first receipt to the annual return.",
  "[View pricing](https://books.example/pricing)",
  "## What we do",
  "A bookkeeper reconciles your accounts each month and prepares the trustees' report.",
  "[**More info**](https://books.example/services)",
  "Our team has kept charity books since 2009.",
].join("\n\n");

describe("withoutLoneLinks: a link of a word or two alone between lines of text", () => {
  test("lone buttons go, and the text and headings stay", () => {
    const out = withoutLoneLinks(page);
    expect(out).not.toContain("View pricing");
    expect(out).not.toContain("More info");
    expect(out).toContain("## What we do");
    expect(out).toContain("prepares the trustees' report.");
    expect(out).toContain("since 2009.");
  });

  test("a run of lone links (a menu, a list of names) stays", () => {
    const menu = [
      "Our partners:",
      "[Oxfam](https://a.example)",
      "[Shelter](https://b.example)",
      "[Crisis](https://c.example)",
      "We work with each.",
    ].join("\n\n");
    expect(withoutLoneLinks(menu)).toBe(menu);
  });

  test("a longer link, a link in a sentence, a list item, an indented link, a heading link and code stay", () => {
    for (const line of [
      "[Read how we prepared the accounts of a food bank](https://books.example/case)",
      "See [our pricing](https://books.example/pricing) for the details.",
      "- [Pricing](https://books.example/pricing)",
      "  [Pricing](https://books.example/pricing)",
      "## [Pricing](https://books.example/pricing)",
      "```\n[Pricing](https://books.example/pricing)\n```",
    ]) {
      const text = ["Intro paragraph of the page.", line, "Closing paragraph of the page."].join("\n\n");
      expect(withoutLoneLinks(text)).toBe(text);
    }
  });
});
