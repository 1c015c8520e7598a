import { afterAll, describe, expect, test } from "bun:test";
import { MAX_DEPTH, MAX_KEPT_ELEMENTS, limitDepth, scanDepth } from "../../src/extract/depth-limit.ts";
import { ExtractionPool } from "../../src/extract/pool.ts";
import { benchmarkHtml, fixtureIds } from "../helpers/target-site.ts";

const nested = (depth: number, inner: string) => `${"<div>".repeat(depth)}${inner}${"</div>".repeat(depth)}`;
const ARTICLE = `<article><h1>Deep</h1><p>${"The article text survives the flattening of its wrappers. ".repeat(8)}</p></article>`;

describe("limitDepth", () => {
  test("unwraps elements past the limit and keeps their text and the shallow tags", () => {
    const html = `<html><body>${nested(10, "<p>hello</p>")}</body></html>`;
    const out = limitDepth(html, 5);
    expect(scanDepth(out, 1000).maxDepth).toBe(5);
    expect(out).toContain("hello");
    expect(out.startsWith("<html><body><div><div><div>")).toBe(true);
    // Every dropped start tag lost its end tag too: the document stays balanced.
    expect(out.match(/<div>/g)?.length).toBe(out.match(/<\/div>/g)?.length);
  });

  test("a page within the limits is returned unchanged", () => {
    const html = `<!doctype html><html><body>${nested(30, "<p>x</p><img src=a><br/>")}<!-- <div><div> --></body></html>`;
    expect(limitDepth(html)).toBe(html);
  });

  test("implied end tags are followed: thousands of unclosed <li>, <p>, <td> stay flat", () => {
    const list = `<ul>${"<li>item".repeat(5000)}</ul>`;
    const paragraphs = "<p>one".repeat(5000);
    const table = `<table>${"<tr><td>a<td>b".repeat(2000)}</table>`;
    for (const html of [list, paragraphs, table]) {
      const report = scanDepth(`<html><body>${html}</body></html>`);
      expect(report.maxDepth).toBeLessThan(8);
      expect(report.dropped).toBe(0);
    }
  });

  test("raw text, comments and quoted attributes never count as tags", () => {
    const html = `<body><script>${"<div>".repeat(500)}</script><style>a>b{}</style><!--${"<div>".repeat(500)}--><a title="<div><div>" href='>'>x</a></body>`;
    const report = scanDepth(html);
    expect(report.maxDepth).toBe(2);
    expect(report.html).toBe(html);
  });

  test("unclosed formatting tags and <div/> count as nesting (as browsers build them)", () => {
    expect(scanDepth("<b>x".repeat(500)).maxDepth).toBe(500);
    expect(scanDepth("<div/>".repeat(500)).maxDepth).toBe(500);
    expect(scanDepth(`<svg>${"<path/>".repeat(500)}</svg>`).maxDepth).toBe(1);
  });

  test("elements past the element budget are unwrapped", () => {
    const html = "<p>x</p>".repeat(MAX_KEPT_ELEMENTS + 100);
    const report = scanDepth(html);
    expect(report.dropped).toBe(100);
    expect(report.html.match(/<p>/g)?.length).toBe(MAX_KEPT_ELEMENTS);
  });

  test("one linear pass: 5 MiB of hostile shapes is scanned without blowing up", () => {
    const shapes = ["<div>".repeat(1_000_000), '<a title="'.repeat(500_000), "</x>".repeat(1_000_000), "<li><span>".repeat(500_000)];
    for (const html of shapes) {
      const report = scanDepth(html);
      expect(report.maxDepth).toBeLessThanOrEqual(1_000_000);
      expect(scanDepth(report.html, Number.MAX_SAFE_INTEGER).maxDepth).toBeLessThanOrEqual(MAX_DEPTH);
    }
  });

  test("the benchmark pages are far inside both limits (nothing is unwrapped)", async () => {
    for (const id of fixtureIds(60)) {
      const report = scanDepth(await benchmarkHtml(id));
      expect(report.dropped).toBe(0);
      expect(report.maxDepth).toBeLessThan(MAX_DEPTH / 1.5);
    }
  });
});

describe("a hostile nested page in the pool", () => {
  const pool = new ExtractionPool({ size: 1, jobTimeoutMs: 10_000 });
  afterAll(() => pool.close());

  // Before the limit, 1,000 nested <div>s held a worker past 20 s (issue 11): here it must finish
  // well inside a 10 s deadline, and the article inside must still come out.
  test("1,000 and 3,000 nested <div>s around an article are extracted, not timed out", async () => {
    for (const depth of [1000, 3000]) {
      const result = await pool.run({ html: `<html><body>${nested(depth, ARTICLE)}</body></html>`, url: "https://example.com/deep" });
      expect(result.ok ? result.article.markdown : result.code).toContain("The article text survives");
    }
  });
});
