import { describe, expect, test } from "bun:test";
import { findSplitIntros, missingIntros } from "../../src/extract/intro.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker, readabilityAlone } from "../helpers/dom.ts";

const makeDocument = documentMaker();
const URL = "https://blog.example/posts/garden-soil";

const INTRO =
  `<p>Every gardener eventually learns that the soil, not the seed packet, decides how a season goes, and most of us learn it the hard way after a summer of yellow leaves.</p>` +
  `<p>This guide walks through testing, feeding and protecting your soil, so that next spring starts from a better place.</p>`;
const BODY = Array.from(
  { length: 10 },
  (_, i) =>
    `<h2>Step ${i + 1}</h2><p>For step ${i + 1}, take a handful of soil from several places in the bed, mix it in a bucket, and look at its colour, its smell and how it crumbles; dark, sweet-smelling soil that breaks into small clumps is usually in good health.</p><p>Write down what you find, with the date, since the same test repeated every season shows whether the compost, mulch and cover crops are doing their work, which a single test cannot tell you.</p>`,
).join("");
const BETWEEN = `<div class="signup"><a href="/join">Try our planner free</a></div>`;
const page = (intro: string, head = `<meta property="og:type" content="article">`) =>
  `<!doctype html><html><head><title>Better garden soil</title>${head}</head><body><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>` +
  `<main><h1>Better garden soil</h1><div class="column"><div class="lede">${intro}</div>${BETWEEN}<div class="copy">${BODY}</div></div></main>` +
  `<footer><a href="/about">About</a></footer></body></html>`;

describe("split intro rule (intro.ts)", () => {
  test("an introduction in a block of its own before the body goes first; Readability alone keeps the body only", async () => {
    const html = page(INTRO);
    expect(await readabilityAlone(html, URL)).not.toContain("decides how a season goes");
    const md = (await htmlToArticle(html, { url: URL }))?.markdown ?? "";
    expect(md).toContain("decides how a season goes");
    expect(md).toContain("Step 10");
    expect(md.indexOf("decides how a season goes")).toBeLessThan(md.indexOf("Step 1"));
    expect(md).not.toContain("Try our planner");
    const without = await htmlToArticle(html, { url: URL, without: new Set(["split-intro"]) });
    expect(without?.markdown).not.toContain("decides how a season goes");
  });

  test("contact lines before the body are no introduction: no paragraph of a sentence or two", async () => {
    const contact =
      `<p><b>Phone</b> (555) 010-2030, toll free 1-800-555-0100</p><p>Hours: Monday to Friday, 8 a.m. to 5 p.m.; Saturday by appointment only</p>` +
      `<p><b>Address</b> 12 Garden Row, Springfield, and the towns around it</p>`;
    const md = (await htmlToArticle(page(contact), { url: URL }))?.markdown ?? "";
    expect(md).toContain("Step 10");
    expect(md).not.toContain("toll free");
    expect(findSplitIntros(makeDocument(`<div>${contact}</div><div>${BODY}</div>`).body).length).toBe(0);
  });

  test("a series of reviews before the body is no introduction", async () => {
    const review = (who: string) =>
      `<div class="review"><p>${who} says the soil kit arrived quickly and the instructions were clear enough for a beginner who had never tested anything before, which made the whole job easy.</p><span>Reviewed in May</span></div>`;
    const reviews = `<div class="reviews">${review("Ann")}${review("Bob")}${review("Cy")}</div>`;
    const md = (await htmlToArticle(page(reviews), { url: URL }))?.markdown ?? "";
    expect(md).toContain("Step 10");
    expect(md).not.toContain("arrived quickly");
  });

  test("a box that says its paragraph twice (a pop-up's phone and desktop copies) is no introduction", () => {
    const welcome = `<p>Welcome to our new website, where you can now switch currencies at the top and languages at the bottom of every page, and save your garden plans to come back to them later.</p>`;
    const d = makeDocument(
      `<div class="welcome"><div class="left">${welcome}</div><div class="right">${welcome}</div></div><div>${BODY}</div>`,
    );
    expect(findSplitIntros(d.body).length).toBe(0);
  });

  test("an introduction follows the page's title: a box above the title (a consent banner, a pop-up) is none", () => {
    const notice = `<div class="notice"><p>By clicking accept you agree to the storing of cookies on your device to enhance site navigation, analyse site usage and assist in our marketing efforts, as our privacy policy explains.</p></div>`;
    expect(findSplitIntros(makeDocument(`${notice}<h1>Better garden soil</h1><div>${BODY}</div>`).body).length).toBe(0);
    expect(findSplitIntros(makeDocument(`<h1>Better garden soil</h1>${notice}<div>${BODY}</div>`).body).length).toBe(1);
  });

  test("before or after the title is read by place, not depth: a title deep in a header, a box deeper still above it", () => {
    // linkedom's compareDocumentPosition compared depths: the intro here, deeper than the title and under
    // another parent, was taken to come before it, and a banner above the title, deeper still, after it.
    const notice = `<div class="notice"><div><div><div><p>By clicking accept you agree to the storing of cookies on your device to enhance site navigation, analyse site usage and assist in our marketing efforts, as our privacy policy explains.</p></div></div></div></div>`;
    const header = `<header><div class="hero"><h1>Better garden soil</h1></div></header>`;
    const after = makeDocument(
      `${header}<section><div class="wrap"><div class="lede">${INTRO}</div><div class="copy">${BODY}</div></div></section>`,
    );
    expect(findSplitIntros(after.body).length).toBe(1);
    const before = makeDocument(`<section><div class="wrap">${notice}<div class="copy">${BODY}</div></div></section>${header}`);
    expect(findSplitIntros(before.body).length).toBe(0);
  });

  test("an intro is missing only when the body's opening words are in the text and the intro's are not", () => {
    const d = makeDocument(`<div class="a">${INTRO}</div>${BETWEEN}<div class="b">${BODY}</div>`);
    const intros = findSplitIntros(d.body);
    expect(intros.length).toBe(1);
    expect(missingIntros(intros, "Step 1 For step 1, take a handful of soil from several places").length).toBe(1);
    expect(
      missingIntros(
        intros,
        "Every gardener eventually learns that the soil, not the seed packet. Step 1 For step 1, take a handful of soil",
      ).length,
    ).toBe(0);
    expect(missingIntros(intros, "Something else entirely, written about another subject").length).toBe(0);
  });
});
