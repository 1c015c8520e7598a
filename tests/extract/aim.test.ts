import { describe, expect, test } from "bun:test";
import { checkSelectors, markdownBlocks, splitSelectors, truncateMarkdown } from "../../src/extract/aim.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { SIMPLE_ARTICLE } from "../helpers/target-site.ts";

const url = "http://127.0.0.1/blog/post";
const aim = (over: Partial<{ include: string[]; exclude: string[]; mode: "article" | "full" }>) => ({
  include: [],
  exclude: [],
  mode: "article" as const,
  ...over,
});

describe("splitSelectors", () => {
  test.each([
    [["h1, h2"], ["h1", "h2"]],
    [
      ["main", "aside , footer"],
      ["main", "aside", "footer"],
    ],
    [[":is(h1, h2) > p"], [":is(h1, h2) > p"]],
    [['[title="a,b"], p'], ['[title="a,b"]', "p"]],
    [[" , ,"], []],
  ])("%p → %p", (input, out) => expect(splitSelectors(input)).toEqual(out));
});

describe("checkSelectors", () => {
  test("valid selectors pass", async () => {
    expect(await checkSelectors(["main article", "div:not(.ad)", "p:nth-child(2n+1)", "[data-x='1']"])).toEqual({ ok: true });
  });
  test.each([["div["], ["a >> b"], ["}"], ["<p>"], ["p >"], ["> p"], ["main, "], [":is(h1, < p)"]])("%p is refused, named", async (bad) => {
    const result = await checkSelectors(["p", bad]);
    expect(result).toEqual({ ok: false, selector: bad, message: "not a valid CSS selector" });
  });
  test("too many or too long selectors are refused", async () => {
    expect((await checkSelectors(Array.from({ length: 21 }, () => "p"))).ok).toBe(false);
    expect((await checkSelectors(["p".repeat(301)])).ok).toBe(false);
  });
});

describe("include / exclude / mode=full in the extractor", () => {
  test("include: only the matches, in document order, without main-content detection", async () => {
    const a = await htmlToArticle(SIMPLE_ARTICLE.html, { url, aim: aim({ include: ["table", "aside"] }) });
    expect(a!.markdown).toContain("| tokenize |");
    expect(a!.markdown).toContain("Related");
    expect(a!.markdown).not.toContain("Most parsers start life");
    expect(a!.markdown.indexOf("tokenize")).toBeLessThan(a!.markdown.indexOf("Related"));
    // Metadata still comes from the whole page.
    expect(a!.title).toBe(SIMPLE_ARTICLE.title);
  });

  test("exclude removes matches before detection", async () => {
    const plain = await htmlToArticle(SIMPLE_ARTICLE.html, { url });
    expect(plain!.markdown).toContain("| tokenize |");
    const a = await htmlToArticle(SIMPLE_ARTICLE.html, { url, aim: aim({ exclude: ["table", "pre"] }) });
    expect(a!.markdown).toContain("Most parsers start life");
    expect(a!.markdown).not.toContain("tokenize |");
    expect(a!.markdown).not.toContain("```");
  });

  test("mode=full keeps the navigation, aside and footer the article view drops; exclude still applies", async () => {
    const plain = await htmlToArticle(SIMPLE_ARTICLE.html, { url });
    expect(plain!.markdown).not.toContain("Example Press");
    const full = await htmlToArticle(SIMPLE_ARTICLE.html, { url, aim: aim({ mode: "full" }) });
    expect(full!.markdown).toContain("Archive");
    expect(full!.markdown).toContain("Example Press");
    expect(full!.markdown).toContain("Most parsers start life");
    const trimmed = await htmlToArticle(SIMPLE_ARTICLE.html, { url, aim: aim({ mode: "full", exclude: ["nav", "footer"] }) });
    expect(trimmed!.markdown).not.toContain("Archive");
    expect(trimmed!.markdown).not.toContain("Example Press");
    expect(trimmed!.markdown).toContain("Related");
  });

  test("an include that matches nothing gives no article", async () => {
    expect(await htmlToArticle(SIMPLE_ARTICLE.html, { url, aim: aim({ include: [".nothing-here"] }) })).toBeNull();
  });
});

describe("truncateMarkdown", () => {
  const md = "# Title\n\nFirst paragraph here.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nLast one.";
  test("code fences are one block", () => {
    expect(markdownBlocks(md)).toEqual(["# Title", "First paragraph here.", "```js\nconst a = 1;\n\nconst b = 2;\n```", "Last one."]);
  });
  test("cuts at the last block boundary that fits and says so", () => {
    expect(truncateMarkdown(md, 35)).toEqual({ markdown: "# Title\n\nFirst paragraph here.", truncated: true });
    expect(truncateMarkdown(md, 40)).toEqual({ markdown: "# Title\n\nFirst paragraph here.", truncated: true });
    expect(truncateMarkdown(md, md.length)).toEqual({ markdown: md, truncated: false });
  });
  test("a first block longer than the limit is cut at a space, and a code block keeps its fence", () => {
    const cut = truncateMarkdown("alpha beta gamma delta", 12);
    expect(cut).toEqual({ markdown: "alpha beta", truncated: true });
    const code = truncateMarkdown("```\nline one\nline two\nline three\n```", 25);
    expect(code.markdown).toBe("```\nline one\nline two\n```");
    expect(code.markdown.length).toBeLessThanOrEqual(25);
  });
  test("never longer than the limit", () => {
    for (const n of [1, 5, 9, 20, 50, 70]) expect(truncateMarkdown(md, n).markdown.length).toBeLessThanOrEqual(n);
  });
});
