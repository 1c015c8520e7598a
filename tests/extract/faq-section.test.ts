import { describe, expect, test } from "bun:test";
import { faqMissing, findFaqSection } from "../../src/extract/faq-section.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const makeDocument = documentMaker();
const URL = "https://blog.example/posts/garden-soil";

const BODY = Array.from(
  { length: 10 },
  (_, i) =>
    `<h2>Step ${i + 1}</h2><p>For step ${i + 1}, take a handful of soil from several places in the bed, mix it in a bucket, and look at its colour, its smell and how it crumbles; dark, sweet-smelling soil that breaks into small clumps is usually in good health.</p><p>Write down what you find, with the date, since the same test repeated every season shows whether the compost, mulch and cover crops are doing their work, which a single test cannot tell you.</p>`,
).join("");
const QUESTIONS: [string, string][] = [
  ["How often should I test my garden soil?", "Once a year is enough for most beds, in spring before you plant."],
  ["Can I test soil without a kit?", "Yes: a jar of soil and water settles into sand, silt and clay overnight."],
  ["What does a sour smell mean?", "Waterlogged soil short of air; improve the drainage first."],
];
const accordion = (items: [string, string][]) =>
  items
    .map(
      ([q, a]) =>
        `<div class="faq-item"><div role="button" aria-expanded="false"><h3>${q}</h3></div><div class="faq-answer"><p>${a}</p></div></div>`,
    )
    .join("");
const FAQ_PAGE = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"FAQPage","mainEntity":[]}</script>`;
const POSTED = `<meta property="article:published_time" content="2025-04-01T08:00:00Z">`;
const page = (faq: string, head = FAQ_PAGE) =>
  `<!doctype html><html><head><title>Better garden soil</title><meta property="og:type" content="article">${POSTED}${head}</head><body>` +
  `<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>` +
  `<main><h1>Better garden soil</h1><div class="post"><div class="copy">${BODY}</div>${faq}</div></main>` +
  `<footer><a href="/about">About</a></footer></body></html>`;
const SECTION = `<section class="faq"><h2>Frequently Asked Questions</h2><div class="faq-list">${accordion(QUESTIONS)}</div></section>`;

describe("questions section rule (faq-section.ts)", () => {
  test("a questions section beside the body goes last, with its answers", async () => {
    const md = (await htmlToArticle(page(SECTION), { url: URL }))?.markdown ?? "";
    expect(md).toContain("Step 10");
    expect(md).toContain("How often should I test my garden soil?");
    expect(md).toContain("improve the drainage first");
    expect(md.indexOf("Step 10")).toBeLessThan(md.indexOf("How often should I test"));
    const without = (await htmlToArticle(page(SECTION), { url: URL, without: new Set(["faq-section"]) }))?.markdown ?? "";
    expect(without).toContain("Step 10");
    expect(without).not.toContain("How often should I test my garden soil?");
  });

  test("only on a page whose structured data states an FAQPage: the same page without it keeps the body alone", async () => {
    const stated = (await htmlToArticle(page(SECTION), { url: URL }))?.markdown ?? "";
    const unstated = (await htmlToArticle(page(SECTION, ""), { url: URL }))?.markdown ?? "";
    expect(stated).toContain("Can I test soil without a kit?");
    expect(unstated).toContain("Step 10");
    expect(unstated).not.toContain("Can I test soil without a kit?");
  });

  test("a heading over one question is no questions section", () => {
    const d = makeDocument(`<div>${BODY}</div><section><h2>FAQ</h2>${accordion(QUESTIONS.slice(0, 1))}</section>`);
    expect(findFaqSection(d.body)).toBeNull();
    const two = makeDocument(`<div>${BODY}</div><section><h2>FAQ</h2>${accordion(QUESTIONS.slice(0, 2))}</section>`);
    expect(findFaqSection(two.body)?.questionProbe).toBe("how often should i test my garden soil");
  });

  test("the section ends at the next heading of its rank", () => {
    const d = makeDocument(`<section><h2>FAQs</h2>${accordion(QUESTIONS)}<h2>Related posts</h2><p>Ten ways to mulch</p></section>`);
    const text = findFaqSection(d.body)?.section.textContent ?? "";
    expect(text).toContain("What does a sour smell mean?");
    expect(text).not.toContain("Related posts");
  });

  test("a section Readability kept is not said twice", async () => {
    const inside = `<!doctype html><html><head><title>Better garden soil</title><meta property="og:type" content="article">${POSTED}${FAQ_PAGE}</head><body><main><h1>Better garden soil</h1><div class="copy">${BODY}<h2>FAQ</h2>${QUESTIONS.map(([q, a]) => `<h3>${q}</h3><p>${a} That is all there is to it, in most gardens and most years.</p>`).join("")}</div></main></body></html>`;
    const faq = findFaqSection(makeDocument(inside).body);
    expect(faq).not.toBeNull();
    expect(faqMissing(faq!, "Step 10 How often should I test my garden soil? Once a year")).toBe(false);
    expect(faqMissing(faq!, "Step 10 For step 10, take a handful of soil")).toBe(true);
    const md = (await htmlToArticle(inside, { url: URL }))?.markdown ?? "";
    expect(md.split("How often should I test my garden soil?").length).toBe(2);
  });
});
