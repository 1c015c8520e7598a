import { describe, expect, test } from "bun:test";
import { isLinkBar, withoutLinkBars } from "../../src/extract/link-bars.ts";

const text = [
  "# Notes from the allotment",
  "The beans went in late this year, after a cold April kept the soil wet for weeks on end.",
  "Sources: [the seed catalogue](https://seeds.example/beans) and [last year's notes](https://plot.example/2024).",
].join("\n\n");

describe("withoutLinkBars: a line of the site's links with bars between them", () => {
  test("a footer's bar of links goes, and the text stays", () => {
    const md = `${text}\n\n[Guidelines](https://plot.example/rules) | [FAQ](https://plot.example/faq) | [Lists](https://plot.example/lists) | [Contact](mailto:a@plot.example)`;
    const out = withoutLinkBars(md);
    expect(out).not.toContain("Guidelines");
    expect(out).not.toContain("FAQ");
    expect(out).toContain("The beans went in late");
    expect(out).toContain("last year's notes");
  });

  test("a heading made of a bar of links goes; middle dots separate as bars do", () => {
    expect(isLinkBar("### [Past news](https://a.example/n) | [Reviews](https://a.example/r) | [RSS](https://a.example/rss)")).toBe(true);
    expect(isLinkBar("[Home](https://a.example/) · [About](https://a.example/about) · [Shop](https://a.example/shop)")).toBe(true);
  });

  test("two links, a table row, a sentence with links and a code line stay", () => {
    expect(isLinkBar("[paper](https://a.example/p) | [code](https://a.example/c)")).toBe(false);
    expect(isLinkBar("| [Alabama](https://a.example/al) | [Alaska](https://a.example/ak) | [Arizona](https://a.example/az) |")).toBe(false);
    expect(isLinkBar("See [one](https://a.example/1) | [two](https://a.example/2) | [three](https://a.example/3) for more")).toBe(false);
    const code = "```\n[a](https://a.example/a) | [b](https://a.example/b) | [c](https://a.example/c)\n```";
    expect(withoutLinkBars(`${text}\n\n${code}`)).toContain(code);
  });
});
