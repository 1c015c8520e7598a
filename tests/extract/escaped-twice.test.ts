import { describe, expect, test } from "bun:test";
import { withReferencesDecoded } from "../../src/extract/escaped-twice.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

describe("withReferencesDecoded: a character reference left in the text is its character", () => {
  test("numeric and named references, with their semicolon, are decoded", () => {
    expect(withReferencesDecoded("Meghan reveals &#39;concerns&#39;")).toBe("Meghan reveals 'concerns'");
    expect(withReferencesDecoded("Acme&reg; and &#x2122; and AT&amp;T, &quot;quoted&quot;")).toBe('Acme® and ™ and AT&T, "quoted"');
    expect(withReferencesDecoded("Bis bald&nbsp;meine Lieben &#128512;")).toBe("Bis bald\u00a0meine Lieben 😀");
  });

  test("what is no complete reference stays as written", () => {
    // No semicolon, no such name, a bare ampersand, an ampersand in a sentence.
    for (const text of ["AT&T", "R&D; budget", "&copy 2026", "Tom & Jerry", "a && b", "&;", "&#;", "&#x;", "&unknownname;"]) {
      expect(withReferencesDecoded(text)).toBe(text);
    }
  });

  test("a reference to a control character or to no character stays as written", () => {
    for (const text of ["&#0;", "&#1;", "&#x7f;", "&#xD800;", "&#1114112;", "&#x110000;"]) {
      expect(withReferencesDecoded(text)).toBe(text);
    }
  });

  test("references are decoded once: what the decoding writes is not read again", () => {
    expect(withReferencesDecoded("&amp;#39; and &amp;lt;")).toBe("&#39; and &lt;");
  });

  test("200,000 references, and 200,000 ampersands that start none, are read in bounded time", () => {
    expect(withReferencesDecoded("&#39;".repeat(200_000))).toBe("'".repeat(200_000));
    const hostile = `&${"a".repeat(31)}`.repeat(200_000);
    expect(withReferencesDecoded(hostile)).toBe(hostile);
  }, 5_000);
});

describe("a page whose text was escaped twice (rule escaped-twice)", () => {
  const filler = "The committee heard from residents, engineers and the mayor before it voted on the plan. ".repeat(6);
  const html =
    `<html><head><title>Interview</title></head><body><article><h1>The interview</h1>` +
    `<p>Meghan reveals &amp;#39;concerns&amp;#39; about the Acme&amp;reg; deal. ${filler}</p>` +
    `<p>Stars written as references: &amp;#42;&amp;#42;not bold&amp;#42;&amp;#42;, and a tag: &amp;lt;b&amp;gt;. ${filler}</p>` +
    `<p><img src="/harry.jpg" alt="Harry &amp;#39;sad&amp;#39;"></p>` +
    `<pre><code>const quote = "&amp;#39;";</code></pre>` +
    `<p>Inline code keeps it: <code>&amp;amp;</code>. <a href="/q?a=1&amp;b=2">Read &amp;quot;more&amp;quot;</a></p>` +
    `</article></body></html>`;
  const url = "https://news.example/interview";

  test("the text, the alt text and a link's text say the characters; code keeps what the page shows", async () => {
    const markdown = (await htmlToArticle(html, { url }))!.markdown;
    expect(markdown).toContain("Meghan reveals 'concerns' about the Acme® deal.");
    // A decoded "*" is escaped like any "*" of the text, a decoded "<" written as Markdown's entity.
    expect(markdown).toContain("Stars written as references: \\*\\*not bold\\*\\*, and a tag: &lt;b>.");
    expect(markdown).toContain("![Harry 'sad'](https://news.example/harry.jpg)");
    expect(markdown).toContain('const quote = "&#39;";');
    expect(markdown).toContain("`&amp;`");
    expect(markdown).toContain('[Read "more"](https://news.example/q?a=1&b=2)');
  });

  test("without the rule the references stay in the text", async () => {
    const markdown = (await htmlToArticle(html, { url, without: new Set(["escaped-twice"]) }))!.markdown;
    expect(markdown).toContain("Meghan reveals &#39;concerns&#39;");
    expect(markdown).toContain("![Harry &#39;sad&#39;]");
  });

  test("a page escaped once is written as before", async () => {
    const once =
      `<html><head><title>Once</title></head><body><article><h1>Once</h1>` +
      `<p>AT&amp;T and R&amp;D say &lt;b&gt; and 5 &gt; 3. ${filler}</p></article></body></html>`;
    const markdown = (await htmlToArticle(once, { url }))!.markdown;
    expect(markdown).toContain("AT&T and R&D say &lt;b> and 5 > 3.");
    expect(markdown).toBe((await htmlToArticle(once, { url, without: new Set(["escaped-twice"]) }))!.markdown);
  });
});
