import { describe, expect, test } from "bun:test";
import { fragmentMayWin, readabilityFragment, regionTextBound } from "../../src/extract/fragment.ts";
import { htmlToArticle, readableText } from "../../src/extract/html-to-article.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";
import { documentMaker, readabilityAlone } from "../helpers/dom.ts";

const makeDocument = documentMaker();
const URL = "https://recipes.example/bread";
const HEAD = `<title>Everyday bread</title><meta property="og:type" content="article">`;

// The intro scores as Readability's best container; the ingredients and steps are lists in wrappers of
// their own, which Readability neither scores nor merges: it keeps a tenth of the recipe.
const INTRO = `<div class="intro"><p>A baker's favourite, in three parts below.</p><p>This loaf is wonderfully tangy and totally forgiving. There is no kneading and no shaping: you mix the dough, wait, scoop it into a pan, wait a bit more and bake one of the best sandwich loaves you have ever sampled, with a moist crumb and a crisp crust that slices well.</p></div>`;
const INGREDIENTS = `<div class="ingredients"><h2>Ingredients</h2><ul>${Array.from(
  { length: 12 },
  (_, i) => `<li>Ingredient ${i + 1}: a measured quantity of flour, water, starter or salt, weighed on a scale</li>`,
).join("")}</ul></div>`;
const STEPS = `<div class="steps"><h2>Instructions</h2><ol>${Array.from(
  { length: 12 },
  (_, i) =>
    `<li>Step ${i + 1}: stir the dough gently with a spatula until no dry flour remains, cover the bowl with a towel and let it rest in a warm corner of the kitchen, checking that it rises evenly.</li>`,
).join("")}</ol></div>`;
const page = (main: string) =>
  `<!doctype html><html><head>${HEAD}</head><body><nav><a href="/">Home</a> <a href="/recipes">Recipes</a></nav><main><h1>Everyday bread</h1>${main}</main><footer><a href="/privacy">Privacy</a></footer></body></html>`;
const RECIPE = page(`${INTRO}<div class="card"><div class="card-body"><div class="parts">${INGREDIENTS}${STEPS}</div></div></div>`);

// An article of one short paragraph-group followed by a series of dated items the article is not part of.
const ARTICLE = `<article><h1>Night trains return</h1><p>Published <time datetime="2025-03-01">1 March 2025</time></p><div class="body"><p>The night train between the two capitals returns this spring after a pause of ten years, the operator said on Monday, with sleeping cars, a dining car and a stop in the border town on the way.</p><p>Tickets go on sale next week; the first train leaves on the first Friday of May, and the operator expects the service to run every night through the summer months.</p><p>The line was closed when the old sleeping cars reached the end of their lives; new cars were ordered two years ago, and the first of them arrived at the depot this winter for tests on the line.</p></div></article>`;
const COMMENTS = `<section id="comments" class="comments-area"><h2>Responses</h2><ol>${Array.from(
  { length: 16 },
  (_, i) =>
    `<li class="response"><div class="who"><b>Reader ${i + 1}</b> on <a href="#r${i}">March ${i + 2}, 2025 at 4:${10 + i} pm</a> said:</div><div class="text">I took the old night train many times as a student and I am glad to hear it returns; the sleeping cars were always full in summer and the dining car served a fine breakfast at the border, so I hope they keep it.</div></li>`,
).join("")}</ol></section>`;
const TEASERS = `<section class="latest"><h2>Latest</h2><ul>${Array.from(
  { length: 40 },
  (_, i) =>
    `<li class="teaser"><a href="/story-${i}">Another story of the day, number ${i + 1}, about the city council and the budget</a><div class="by">By Staff Writer</div><div class="when">03/0${(i % 9) + 1}/2025 01:14 PM</div></li>`,
).join("")}</ul></section>`;

describe("fragment rule (fragment.ts)", () => {
  test("a recipe cut into wrapped parts comes back whole, not only its intro", async () => {
    // The fixture exercises the rule: Readability alone keeps the intro and drops the parts.
    const alone = await readabilityAlone(RECIPE, URL);
    expect(alone).toContain("wonderfully tangy");
    expect(alone).not.toContain("Step 12");
    const md = (await htmlToArticle(RECIPE, { url: URL }))!.markdown;
    for (const kept of ["wonderfully tangy", "Ingredients", "Ingredient 12", "Instructions", "Step 1:", "Step 12"])
      expect(md).toContain(kept);
    for (const removed of ["Privacy", "Recipes"]) expect(md).not.toContain(removed);
  });

  test("the benchmarks' ablation leaves the rule out by name (rules.ts): the recipe is its intro again", async () => {
    const md = (await htmlToArticle(RECIPE, { url: URL, without: new Set(["fragment"]) }))!.markdown;
    expect(md).toContain("wonderfully tangy");
    expect(md).not.toContain("Step 12");
  });

  test("an article followed by dated comments keeps the article alone", async () => {
    const html = page(ARTICLE + COMMENTS);
    const md = (await htmlToArticle(html, { url: URL }))!.markdown;
    expect(md).toContain("sleeping cars, a dining car");
    expect(md).toContain("every night through the summer");
    expect(md).not.toContain("Reader 3");
    expect(md).not.toContain("fine breakfast");
  });

  test("an article followed by dated teasers of other stories keeps the article alone", async () => {
    const html = page(ARTICLE + TEASERS);
    const md = (await htmlToArticle(html, { url: URL }))!.markdown;
    expect(md).toContain("sleeping cars, a dining car");
    expect(md).not.toContain("Another story of the day");
  });

  test("the decision: a small share of the region is a fragment; a larger share, a thread, or a dated series outside it is not", () => {
    const share = THRESHOLDS.readabilityFragmentShare;
    const doc = makeDocument(
      `<div id="r"><p>one part of the article, the introduction of it</p><div>${"more of the article text. ".repeat(80)}</div></div>`,
    );
    const region = doc.getElementById("r")!;
    const text = "one part of the article, the introduction of it";
    const signals = { readabilityWords: 10, regionWords: Math.ceil(10 / share) + 1, thread: false };
    expect(readabilityFragment(signals, text, region, readableText)).toBe(true);
    expect(readabilityFragment({ ...signals, regionWords: Math.floor(10 / share) }, text, region, readableText)).toBe(false);
    expect(readabilityFragment({ ...signals, thread: true }, text, region, readableText)).toBe(false);
    expect(readabilityFragment({ ...signals, readabilityWords: 0 }, text, region, readableText)).toBe(false);

    const dated = makeDocument(
      `<div id="r"><p>${text}</p><ul>${Array.from(
        { length: 4 },
        (_, i) => `<li><span>May ${i + 1}, 2025</span><p>A comment on the article, long enough to count as one item of a series.</p></li>`,
      ).join("")}</ul></div>`,
    );
    expect(readabilityFragment(signals, text, dated.getElementById("r")!, readableText)).toBe(false);
    // Readability kept one of the dated items (one post of a thread): the series is the content.
    const post = "A comment on the article, long enough to count as one item of a series.";
    expect(readabilityFragment(signals, post, dated.getElementById("r")!, readableText)).toBe(true);
  });

  test("the bound on the region's text counts the body's text outside scripts and page furniture", () => {
    const doc = makeDocument(
      `<nav>Home About</nav><main><p>kept text</p><script>var hidden = 1;</script><aside>Related</aside></main><footer>Legal</footer><form>Search</form>`,
    );
    expect(regionTextBound(doc.body)).toBe("kept text".length);
  });

  test("the region is parsed for the rule only when Readability's text is below the share of the body's", () => {
    const share = THRESHOLDS.readabilityFragmentShare;
    expect(fragmentMayWin(100, Math.ceil(100 / share) + 1, false)).toBe(true);
    expect(fragmentMayWin(100, Math.floor(100 / share), false)).toBe(false);
    expect(fragmentMayWin(100, 100_000, true)).toBe(false);
    expect(fragmentMayWin(0, 100_000, false)).toBe(false);
  });
});
