import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { isMoreLink, withoutMoreLinks } from "../../src/extract/more-links.ts";

const page = [
  "# Trail Camera Pro",
  "## Sees in the dark",
  "Infrared flash lights the scene up to thirty metres away without waking the animals.",
  "[Learn more about night vision](https://camera.example/night)",
  "## Works with your apps",
  "Photos go to your phone, your cloud drive or your home server as soon as they are taken.",
  "[See all integrations](https://camera.example/apps) →",
  "## Warranty",
  "- Two years, parts and labour",
  "- [Read full details](https://camera.example/warranty)",
].join("\n\n");

describe("withoutMoreLinks: a lone link pointing to more", () => {
  test("lone links to more go, as paragraphs or list items; the text and headings stay", () => {
    const out = withoutMoreLinks(page);
    expect(out).not.toContain("Learn more about night vision");
    expect(out).not.toContain("See all integrations");
    expect(out).not.toContain("Read full details");
    expect(out).toContain("## Works with your apps");
    expect(out).toContain("without waking the animals");
    expect(out).toContain("- Two years, parts and labour");
  });

  test("a link in a sentence, a heading's link, two links, a long link and other words stay", () => {
    for (const line of [
      "Before you buy, [learn more about night vision](https://camera.example/night) and its range.",
      "#### [Explore the forest trails](https://camera.example/trails)",
      "[Learn more](https://camera.example/a) [Buy now](https://camera.example/b)",
      "[Explore how a single camera counted every deer crossing the valley over three winters](https://camera.example/s)",
      "[Learning to track animals](https://camera.example/tracking)",
      "[The night vision guide](https://camera.example/guide)",
      "Learn more about night vision",
    ])
      expect(isMoreLink(line)).toBe(false);
    for (const line of [
      "[**LEARN MORE**](https://camera.example/a)",
      "* [View all customer stories](https://camera.example/s)",
      "[Explore Dev Mode](https://camera.example/dev)",
    ])
      expect(isMoreLink(line)).toBe(true);
  });

  test("through htmlToArticle, and left in when the rule is left out", async () => {
    const text = "Infrared flash lights the scene up to thirty metres away without waking the animals. ".repeat(4);
    const html = `<html><head><title>Trail Camera Pro</title></head><body><main><h1>Trail Camera Pro</h1><h2>Sees in the dark</h2><p>${text}</p><ul><li>Two years, parts and labour</li><li>Free repairs at any service point</li><li><a href="/warranty">Read full details</a></li></ul><h2>Works with your apps</h2><p>${text}</p></main></body></html>`;
    const url = "https://camera.example/pro";
    const md = (await htmlToArticle(html, { url }))!.markdown;
    expect(md).toContain("without waking the animals");
    expect(md).toContain("Two years, parts and labour");
    expect(md).not.toContain("Read full details");
    const kept = (await htmlToArticle(html, { url, without: new Set(["more-links"]) }))!.markdown;
    expect(kept).toContain("Read full details");
  });
});
