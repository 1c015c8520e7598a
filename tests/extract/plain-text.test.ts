import { describe, expect, test } from "bun:test";
import { escapeMarkdownText, fenceFor, textToArticle } from "../../src/extract/plain-text.ts";

describe("textToArticle", () => {
  test("plain text is fenced so it renders exactly as written", () => {
    const text = "NOTES\n\n  * not a list\n# not a heading\n<b>not html</b>\n";
    const a = textToArticle(text, "text/plain", {})!;
    expect(a.markdown).toBe("```text\nNOTES\n\n  * not a list\n# not a heading\n<b>not html</b>\n```");
    expect(a.title).toBe("NOTES");
    expect(a.words).toBe(11); // the tag names count: it is text, not HTML
  });

  test("a fence inside the text cannot close the block", () => {
    const a = textToArticle("before\n```\nafter", "text/plain", {})!;
    expect(a.markdown.startsWith("````text\n")).toBe(true);
    expect(a.markdown.endsWith("\n````")).toBe(true);
  });

  test("Markdown is kept as Markdown; its title is the first heading; front matter is dropped", () => {
    const md = "---\ntitle: x\n---\n# Release notes\r\n\r\n- one\r\n- two\r\n";
    const a = textToArticle(md, "text/markdown", { contentLanguage: "de, en" })!;
    expect(a.markdown).toBe("# Release notes\n\n- one\n- two");
    expect(a.title).toBe("Release notes");
    expect(a.lang).toBe("de");
  });

  test("the title heading loses a closing run of # after a space, not a # of its text", () => {
    const title = (md: string) => textToArticle(md, "text/markdown", {})?.title;
    expect(title("intro\n\n# Why C# ##\n\ntext")).toBe("Why C#");
    expect(title("# C#\n\ntext")).toBe("C#");
    expect(title("#hashtag\n\nTitle\n=====\n\ntext")).toBe("Title");
  });

  test("a heading line of a long run of spaces before a letter is read in linear time", () => {
    expect(textToArticle(`# a${" ".repeat(200_000)}b\n\ntext`, "text/markdown", {})?.title).toMatch(/^a\s+b$/);
    expect(textToArticle(`# a${"#".repeat(200_000)}b\n\ntext`, "text/markdown", {})?.title).toMatch(/^a#+b$/);
  }, 5_000);

  test("a document with no words gives null", () => {
    expect(textToArticle("  \n\t\n", "text/plain", {})).toBeNull();
    expect(textToArticle("--- *** ---", "text/markdown", {})).toBeNull();
  });
});

describe("escaping", () => {
  test.each([
    ["a *b* _c_", "a \\*b\\* \\_c\\_"],
    ["snake_case * x_", "snake_case * x\\_"],
    ["# x", "\\# x"],
    ["1. x", "\\1. x"],
    ["<script>", "&lt;script>"],
  ])("%p → %p", (input, out) => expect(escapeMarkdownText(input)).toBe(out));
  test("fenceFor is longer than any backtick run", () => {
    expect(fenceFor("no ticks")).toBe("```");
    expect(fenceFor("a ````` b")).toBe("``````");
  });
});
