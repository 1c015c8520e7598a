import { describe, expect, test } from "bun:test";
import type { Article } from "../../src/extract/html-to-article.ts";
import { resultFields } from "../../src/server/extraction.ts";
import { markdownDocument } from "../../src/server/markdown-response.ts";

// An extraction cached before `pageType` existed: the stored JSON has no such key.
const older = {
  title: "Parsing Pipelines in Practice",
  byline: null,
  siteName: null,
  excerpt: null,
  lang: "en",
  publishedTime: null,
  markdown: "Most parsers start life as a single function.",
  words: 8,
} as unknown as Article;
const delivery = { finalUrl: "https://blog.example/p", article: older, truncated: false, cache: "hit" as const, ageSeconds: 60 };

describe("an answer cached before pageType existed", () => {
  test("the JSON answer says null, not undefined (the schema allows no missing key)", () => {
    const fields = resultFields(delivery);
    expect(Object.hasOwn(fields, "pageType")).toBe(true);
    expect(fields.pageType).toBeNull();
  });

  test("the front matter says pageType: null", () => {
    expect(markdownDocument(delivery)).toContain("\npageType: null\n");
  });
});
