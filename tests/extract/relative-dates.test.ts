import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutRelativeDates } from "../../src/extract/relative-dates.ts";

const SAY = [
  "I had the same problem with the pump on my boiler, and replacing the pressure valve fixed it after a week.",
  "Check the seal first, it is cheap and it was the cause on mine, the noise stopped the same evening.",
  "Mine turned out to be air in the system: bleeding the radiators from the top floor down did the trick.",
  "Have you asked the installer? Ours came back under warranty and swapped the whole pump for nothing.",
];

/** A post as many forums lay it out, its date printed relative to the day the page was drawn. */
const post = (n: number, who: string, when: string) =>
  `<article class="entry entry-${n}">` +
  `<aside class="author-column"><h3><a href="/profile/${n}-${who}/">${who}</a></h3></aside>` +
  `<div class="entry-content"><div class="entry-meta"><time datetime="2024-06-1${n}">${when}</time></div>` +
  `<div class="rich-text"><p>${SAY[n % SAY.length]}</p></div></div></article>`;

describe("relative dates in a thread's header lines (withoutRelativeDates)", () => {
  test("a header's relative date goes and its author stays; a printed date, and a sentence saying 'ago', stay", () => {
    const md = [
      "**anna** · 2 years ago",
      "**ben** · 13 years, 8 months ago",
      "**cleo** · posted an hour ago",
      "**dev** · June 11, 2024",
      "The valve was replaced 2 years ago",
    ].join("\n\n");
    expect(withoutRelativeDates(md)).toBe(
      ["**anna**", "**ben**", "**cleo**", "**dev** · June 11, 2024", "The valve was replaced 2 years ago"].join("\n\n"),
    );
  });

  test("a thread's headers keep their authors without the relative dates; without the rule the dates stay", async () => {
    const whens = ["3 years ago", "2 years ago", "2 years ago", "1 year ago"];
    const html =
      `<html><head><title>Boiler pump noise</title><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Boiler pump noise"}</script></head>` +
      `<body><main><h1>Boiler pump noise</h1><form action="/moderate">` +
      ["anna", "ben", "cleo", "dev"].map((who, i) => post(i + 1, who, whens[i]!)).join("") +
      `</form></main></body></html>`;
    const url = "https://example.com/t/1";
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.pageType).toBe("forum");
    expect(article.markdown).toContain("**anna**");
    expect(article.markdown).toContain(SAY[1]!);
    expect(article.markdown).not.toContain("years ago");
    const left = (await htmlToArticle(html, { url, without: new Set(["relative-dates"]) }))!;
    expect(left.markdown).toContain("**anna** · 3 years ago");
  });
});
