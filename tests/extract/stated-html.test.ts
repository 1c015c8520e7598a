import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { statedHtml } from "../../src/extract/stated-html.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const escaped = (html: string) => html.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const paragraphs = Array.from(
  { length: 8 },
  (_, i) => `<p>Part ${i}: tuples take less memory than lists, and a generator takes less than either when the items are read once.</p>`,
).join("");
const articleHtml = `<p>There are many ways to improve Python's performance.</p><h2>Memory</h2>${paragraphs}<pre><code class="language-python">${'<span class="hljs-string">"hello"</span> '.repeat(60)}</code></pre>`;

describe("statedHtml: a stated body that is HTML", () => {
  test("HTML as it is, and HTML escaped once, are read as HTML", () => {
    for (const text of [articleHtml, escaped(articleHtml)]) {
      const box = statedHtml(text, doc("<p>x</p>"))!;
      expect(box.getElementsByTagName("h2")[0]!.textContent).toBe("Memory");
      expect(box.textContent).not.toContain("<p>");
      expect(box.textContent).not.toContain("hljs");
    }
  });

  test("plain text, and text with a < that opens no tag, are plain text", () => {
    for (const text of [
      "Prices rose 3 % in May.\nThe bank held its rate.",
      "if a < b and b > c then a < c",
      "Use &lt;T&gt; for a type parameter.",
    ]) {
      expect(statedHtml(text, doc("<p>x</p>"))).toBeNull();
    }
  });

  test("scripts, styles and frames in it are dropped, never parsed into more than text", () => {
    const box = statedHtml(
      `<p>Text.</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe>`,
      doc("<p>x</p>"),
    )!;
    expect(box.innerHTML).toBe("<p>Text.</p>");
  });
});

describe("a JSON-LD articleBody holding HTML (rule stated-html)", () => {
  const page = (body: string, markup: string) =>
    `<html><head><title>Performant Python</title><script type="application/ld+json">${JSON.stringify({
      "@context": "http://schema.org",
      "@type": "BlogPosting",
      headline: "Performant Python",
      articleBody: body,
    })}</script></head><body><main>${markup}</main></body></html>`;
  const url = "https://blog.example/articles/performant-python";

  test("escaped HTML no longer outweighs the page's own text: the markup's article comes back, without tags", async () => {
    const html = page(escaped(articleHtml), `<article><h1>Performant Python</h1>${articleHtml}</article>`);
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.markdown).toContain("## Memory");
    expect(article.markdown).not.toContain("&lt;");
    expect(article.markdown).not.toContain("hljs");
    const off = (await htmlToArticle(html, { url, without: new Set(["stated-html"]) }))!;
    expect(off.markdown).toContain("&lt;p&gt;");
  });

  test("a page whose text is only in its structured data gets it as Markdown, headings and all", async () => {
    const html = page(articleHtml, `<div id="app">Loading…</div>`);
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.markdown).toContain("## Memory");
    expect(article.markdown).toContain("Part 7: tuples take less memory");
    expect(article.markdown).not.toContain("<p>");
    const off = (await htmlToArticle(html, { url, without: new Set(["stated-html"]) }))!;
    expect(off.markdown).toContain("&lt;p>");
  });
});

describe("a hostile stated body", () => {
  test("20,000 nested boxes and 100,000 paragraphs in an articleBody are read within the page's bounds", async () => {
    const deep = `${"<div>".repeat(20_000)}<p>Deep text.</p>${"</div>".repeat(20_000)}`;
    const wide = "<p>Wide text of one paragraph.</p>".repeat(100_000);
    for (const body of [deep, wide]) {
      const box = statedHtml(body, doc("<p>x</p>"))!;
      let depth = 0;
      for (let el: Element | null = box; el; el = el.firstElementChild) depth++;
      expect(depth).toBeLessThan(200);
      expect(box.getElementsByTagName("*").length).toBeLessThan(20_000);
    }
  }, 10_000);
});
