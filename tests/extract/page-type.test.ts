import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentationAddress, documentationPage } from "../../src/extract/page-type.ts";

const PROSE = [
  "The parser reads the configuration file once at start-up and keeps every value it finds in a single table, so later lookups never touch the disk again.",
  "Each section of the file names one stage of the pipeline, and the stages run in the order the file lists them, whatever order the modules were loaded in.",
  "When a value is missing the stage falls back to its default, which the reference below lists next to every option together with the version that added it.",
].map((p) => `<p>${p}</p>`);

const CODE = [
  "<pre><code>pipeline --config stages.toml</code></pre>",
  "<p>Set <code>retries</code> to zero to turn the retry stage off, or raise <code>timeout</code> for slow mirrors.</p>",
].join("");

const SIDEBAR =
  "<aside><ul>" +
  ["Install", "Configure", "Stages", "Retries", "Timeouts", "Mirrors", "Plugins", "Logging"]
    .map((t) => `<li><a href="/${t.toLowerCase()}">${t}</a></li>`)
    .join("") +
  "</ul></aside>";

const OG_ARTICLE = '<meta property="og:type" content="article">';
const PRODUCT_LD = `<script type="application/ld+json">${JSON.stringify({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Pipeline Pro licence",
  offers: { price: "49.00" },
})}</script>`;

const page = (head: string, body: string) =>
  `<!doctype html><html><head><title>Stages</title>${head}</head><body>${SIDEBAR}<main><article><h1>Stages</h1>${body}</article></main></body></html>`;

const isDocumentation = (html: string, url: string) => documentationPage(linkedomPage(html, url).document, url);
const pageTypeOf = async (html: string, url: string) => (await htmlToArticle(html, { url }))?.pageType;

describe("documentationAddress: a host label or path segment that names documentation", () => {
  test.each([
    "https://docs.example.org/stages",
    "https://developer.example.com/reference/stages",
    "https://example.com/docs/stages",
    "https://example.com/api/v2/stages",
    "https://example.com/guide/install",
    "https://wiki.example.org/Pipeline_stages",
  ])("%s names documentation", (url) => {
    expect(documentationAddress(url)).toBe(true);
  });

  test.each([
    "https://blog.example.com/2024/05/our-new-pipeline",
    "https://example.com/documentary/stages", // a longer word, not the segment
    "https://example.com/guidelines/stages",
    "https://en.example.org/wiki/Pipeline", // every wiki's path, an encyclopedia's too
    "https://docs.com/stages", // the registered name itself
  ])("%s does not", (url) => {
    expect(documentationAddress(url)).toBe(false);
  });
});

describe("pages that must be named documentation", () => {
  test("a docs host's page with code, even under an og:type article", async () => {
    expect(await pageTypeOf(page(OG_ARTICLE, PROSE.join("") + CODE), "https://docs.example.org/stages")).toBe("documentation");
  });

  test("a /docs/ page without code that links to editing its source", async () => {
    const html = page("", `${PROSE.join("")}<p><a href="https://git.example.com/edit/stages.md">Edit this page</a></p>`);
    expect(await pageTypeOf(html, "https://example.com/docs/stages")).toBe("documentation");
  });
});

describe("pages that must not be named documentation", () => {
  test("an article with a code block and a sidebar of the blog's links, at a blog address", async () => {
    expect(await pageTypeOf(page(OG_ARTICLE, PROSE.join("") + CODE), "https://blog.example.com/2024/05/our-new-pipeline")).toBe("article");
  });

  test("a product page at a reference address, code and all, stays a product", async () => {
    const html = page(PRODUCT_LD, `<p class="price">$49.00</p><button>Add to cart</button>${PROSE.join("")}${CODE}`);
    expect(await pageTypeOf(html, "https://shop.example/reference/pipeline-pro")).toBe("product");
  });

  test("a documentation address without code or an edit link", () => {
    expect(isDocumentation(page("", PROSE.join("")), "https://example.com/guide/stages")).toBe(false);
  });

  test("a guide quoting fewer code elements than documentationMinCode", () => {
    const html = page("", `${PROSE.join("")}<p>Run <code>pipeline</code> once.</p>`);
    expect(isDocumentation(html, "https://example.com/guides/stages")).toBe(false);
  });

  test("a sentence that starts like the edit link is not one", () => {
    const sentence = "Edit this page's settings to change how the stages run on every mirror you add later";
    const html = page("", `${PROSE.join("")}<p><a href="/settings">${sentence}</a></p>`);
    expect(isDocumentation(html, "https://example.com/docs/stages")).toBe(false);
  });

  test("an aimed call: the caller chose the content", async () => {
    const article = await htmlToArticle(page("", PROSE.join("") + CODE), {
      url: "https://docs.example.org/stages",
      aim: { include: ["article"], exclude: [], mode: "article" },
    });
    expect(article?.pageType).toBeNull();
  });
});
