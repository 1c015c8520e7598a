import { describe, expect, test } from "bun:test";
import { statedHowTo, statedJobPosting, statedRecipeSteps, statedShare } from "../../src/extract/stated-text.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const ld = (node: unknown) => `<script type="application/ld+json">${JSON.stringify(node)}</script>`;

const steps = [
  {
    "@type": "HowToStep",
    name: "Measure the table",
    text: "<p>Measure the diameter of the table, from edge to edge through its middle, and note it down.</p>",
  },
  {
    "@type": "HowToStep",
    name: "Cut the fabric",
    itemListElement: [
      { "@type": "HowToDirection", text: "Cut a square of fabric as wide as the diameter plus twice the drop and a seam allowance." },
      { "@type": "HowToTip", text: "A patterned fabric hides the seams better than a plain one." },
    ],
  },
  { "@type": "HowToStep", text: "Fold the square in half twice, so that it is a quarter of its size, right side up." },
  "Mark half the finished size along the diagonal, draw a curve through the mark and cut along it.",
];
const howTo = {
  "@context": "https://schema.org",
  "@type": "HowTo",
  name: "How to sew a round tablecloth",
  description: "A round table softens any room, and a tablecloth of your own makes it yours.",
  supply: [{ "@type": "HowToSupply", name: "Two metres of linen" }, "Thread"],
  tool: [{ "@type": "HowToTool", name: "Sewing machine" }],
  step: steps,
};

describe("statedHowTo: the steps a page states in its JSON-LD HowTo", () => {
  test("description, supplies, tools and steps, each step's name set bold above its text, directions and tips", () => {
    const html = statedHowTo(doc("<p>x</p>", ld(howTo)))!;
    expect(html).toStartWith("<p>A round table softens any room");
    expect(html).toContain("<ul><li>Two metres of linen</li><li>Thread</li></ul><ul><li>Sewing machine</li></ul>");
    expect(html).toContain("<li><p><strong>Measure the table</strong></p><p>Measure the diameter");
    expect(html).toContain("<p>A patterned fabric hides the seams");
    // A step stated as a string is a step too; one without a name is its text alone.
    expect(html).toContain("<li><p>Mark half the finished size");
    expect(html).toContain("<li><p>Fold the square in half twice");
  });

  test("a step whose text opens with its name is said once, and plain text is escaped, never read as markup", () => {
    const node = { "@type": "HowTo", step: [{ "@type": "HowToStep", name: "Heat", text: "Heat until 3 < 4 & the oil <shimmers." }] };
    const html = statedHowTo(doc("<p>x</p>", ld(node)))!;
    expect(html).toBe("<ol><li><p>Heat until 3 &lt; 4 &amp; the oil &lt;shimmers.</p></li></ol>");
  });

  test("sections are headings over their own numbered steps", () => {
    const node = {
      "@type": "HowTo",
      step: [
        { "@type": "HowToSection", name: "Cutting", itemListElement: steps.slice(0, 2) },
        { "@type": "HowToSection", name: "Sewing", itemListElement: steps.slice(2) },
      ],
    };
    const html = statedHowTo(doc("<p>x</p>", ld(node)))!;
    expect(html).toMatch(/^<h2>Cutting<\/h2><ol>.*<\/ol><h2>Sewing<\/h2><ol>.*<\/ol>$/);
  });

  test("a page stating no HowTo, or a HowTo without steps, states nothing", () => {
    expect(statedHowTo(doc("<p>x</p>", ld({ "@type": "Article", articleBody: "Text." })))).toBeNull();
    expect(statedHowTo(doc("<p>x</p>", ld({ "@type": "HowTo", name: "Nothing", step: [] })))).toBeNull();
    expect(statedHowTo(doc("<p>x</p>", ld({ "@type": "HowTo", step: [{ "@type": "HowToStep" }, 7, null] })))).toBeNull();
  });

  test("a HowTo of a million steps and of sections nested 10,000 deep is read in bounded steps", () => {
    const wide = { "@type": "HowTo", step: Array.from({ length: 1_000_000 }, (_, i) => `Step ${i} of many.`) };
    const html = statedHowTo(doc("<p>x</p>", ld(wide)))!;
    expect(html.split("<li>").length - 1).toBe(1000);
    let nested: unknown = ["The innermost step."];
    for (let i = 0; i < 10_000; i++) nested = [{ "@type": "HowToSection", name: `Part ${i}`, itemListElement: nested }];
    const deep = { "@type": "HowTo", step: [...(nested as unknown[]), "A last step at the top."] };
    const deepHtml = statedHowTo(doc("<p>x</p>", ld(deep)))!;
    expect(deepHtml).toContain("A last step at the top.");
    expect(deepHtml).not.toContain("The innermost step.");
  });
});

describe("a how-to page whose steps only its structured data holds (rule stated-how-to)", () => {
  const url = "https://crafts.example/diy/round-tablecloth";
  const page = (markup: string) =>
    `<html><head><title>How to sew a round tablecloth</title>${ld(howTo)}</head><body>${markup}</body></html>`;

  test("the steps replace an app shell's notice, and stay out when the rule is left out", async () => {
    const shell = page(
      `<div id="app"></div><div class="banner"><p>Your browser is out of date.</p><p>Download a newer browser for a better experience: click the symbol!</p></div>`,
    );
    const article = (await htmlToArticle(shell, { url }))!;
    expect(article.markdown).toContain("1. **Measure the table**");
    expect(article.markdown).toContain("A patterned fabric hides the seams better than a plain one.");
    expect(article.markdown).not.toContain("browser");
    const off = await htmlToArticle(shell, { url, without: new Set(["stated-how-to"]) });
    expect(off?.markdown ?? "").not.toContain("Measure the table");
  });

  test("a page whose markup holds the how-to keeps its own text", async () => {
    const prose = Array.from(
      { length: 6 },
      (_, i) => `<p>Step ${i + 1} in the page's own words: take your time, measure twice, and cut once, because linen frays.</p>`,
    ).join("");
    const article = (await htmlToArticle(page(`<article><h1>How to sew a round tablecloth</h1>${prose}</article>`), { url }))!;
    expect(article.markdown).toContain("in the page's own words");
    expect(article.markdown).not.toContain("Measure the table");
  });
});

describe("statedJobPosting: a job advert's text in its JSON-LD JobPosting", () => {
  const advert = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: "Senior Backend Engineer",
    hiringOrganization: { "@type": "Organization", name: "Acme Logistics" },
    jobLocation: [
      { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Berlin", addressCountry: "DE" } },
      { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Hamburg", addressCountry: { name: "Germany" } } },
    ],
    description: `<p>You will build the services that route ten thousand parcels an hour.</p><h3>What you bring</h3><ul>${Array.from(
      { length: 8 },
      (_, i) => `<li>Experience ${i + 1}: you have run services in production and you care about how they fail.</li>`,
    ).join("")}</ul>`,
  };

  test("the employer and places of work head the description, as HTML", () => {
    const html = statedJobPosting(doc("<p>x</p>", ld(advert)))!;
    expect(html).toStartWith("<p>Acme Logistics · Berlin, DE · Hamburg, Germany</p><p>You will build");
    expect(html).toContain("<h3>What you bring</h3>");
  });

  test("an employer stated as a reference to the page's Organization node is named", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "Organization", "@id": "#org", name: "Acme Logistics" },
        { ...advert, hiringOrganization: { "@id": "#org" }, jobLocation: [] },
      ],
    };
    expect(statedJobPosting(doc("<p>x</p>", ld(graph)))!).toStartWith("<p>Acme Logistics</p><p>You will build");
  });

  test("a plain description is escaped into a paragraph; no description, no text", () => {
    const plain = { "@type": "JobPosting", description: "Drive the 7 < 8 route & smile." };
    expect(statedJobPosting(doc("<p>x</p>", ld(plain)))).toBe("<p>Drive the 7 &lt; 8 route &amp; smile.</p>");
    expect(statedJobPosting(doc("<p>x</p>", ld({ "@type": "JobPosting", title: "Driver" })))).toBeNull();
  });

  test("an advert drawn by script comes back from its structured data, and not when the rule is left out", async () => {
    const url = "https://jobs.example/acme/senior-backend-engineer";
    const html = `<html><head><title>Senior Backend Engineer</title>${ld(advert)}</head><body><div id="root"></div><div class="cookies"><p>We use cookies to improve your experience on our careers site. Accept or reject them in the settings.</p></div></body></html>`;
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.markdown).toContain("Acme Logistics · Berlin, DE · Hamburg, Germany");
    expect(article.markdown).toContain("### What you bring");
    expect(article.markdown).toContain("- Experience 8: you have run services in production");
    const off = await htmlToArticle(html, { url, without: new Set(["stated-job-posting"]) });
    expect(off?.markdown ?? "").not.toContain("What you bring");
  });
});

describe("statedRecipeSteps: the method a recipe states in its JSON-LD (rule recipe-steps)", () => {
  const method = [
    { "@type": "HowToStep", text: "Dice the tofu and soak up its water with paper towels, then fry it golden." },
    { "@type": "HowToStep", text: "With two spoons of oil left in the wok, fry the garlic until fragrant." },
    { "@type": "HowToStep", text: "Add both kinds of noodles and the seasoning, and stir fry to mix well." },
    { "@type": "HowToStep", text: "Add the sprouts and greens, and the tofu once they have wilted; serve hot." },
  ];
  const recipe = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: "Stir-fried flat noodles",
    recipeIngredient: ["200 g tofu", "120 g flat rice noodles", "1 tbsp garlic", "2 tbsp soy sauce"],
    recipeInstructions: method,
  };
  const story = Array.from(
    { length: 4 },
    (_, i) => `<p>Part ${i + 1} of the story: once in a while I like to cook without meat, and this dish is quick and cheerful.</p>`,
  ).join("");
  const ingredients =
    "<h3>Ingredients</h3><ul><li>200 g tofu</li><li>120 g flat rice noodles</li><li>1 tbsp garlic</li><li>2 tbsp soy sauce</li></ul>";
  const page = (markup: string) =>
    `<html><head><title>Stir-fried flat noodles</title>${ld(recipe)}</head><body><article><h1>Stir-fried flat noodles</h1>${markup}</article></body></html>`;
  const url = "https://food.example/2020/09/flat-noodles/";

  test("the stated steps and their texts; fewer than two steps state no method", () => {
    const stated = statedRecipeSteps(doc("<p>x</p>", ld(recipe)))!;
    expect(stated.texts).toHaveLength(4);
    expect(stated.html).toStartWith("<ol><li><p>Dice the tofu");
    const one = { ...recipe, recipeInstructions: "Cook everything together." };
    expect(statedRecipeSteps(doc("<p>x</p>", ld(one)))).toBeNull();
    // One text of lines is a step a line.
    const lines = { ...recipe, recipeInstructions: "Heat the oven.\nMix the flour and the eggs.<br>Bake for an hour." };
    expect(statedRecipeSteps(doc("<p>x</p>", ld(lines)))!.texts).toEqual([
      "Heat the oven.",
      "Mix the flour and the eggs.",
      "Bake for an hour.",
    ]);
  });

  test("statedShare counts the steps whose first words the content says", () => {
    const texts = method.map((step) => step.text);
    expect(statedShare(texts, "Dice the tofu and soak up its water, then …")).toBe(0.25);
    expect(statedShare(texts, texts.join(" "))).toBe(1);
    expect(statedShare([], "anything")).toBe(1);
  });

  test("a recipe whose method the page lost gets the stated steps after its text, and not when the rule is left out", async () => {
    const html = page(`${story}${ingredients}`);
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.markdown).toContain("1. Dice the tofu and soak up its water");
    expect(article.markdown).toContain("4. Add the sprouts and greens");
    expect(article.markdown.indexOf("Ingredients")).toBeLessThan(article.markdown.indexOf("1. Dice the tofu"));
    const off = (await htmlToArticle(html, { url, without: new Set(["recipe-steps"]) }))!;
    expect(off.markdown).not.toContain("Dice the tofu");
  });

  test("a recipe whose text holds its method is left as it is: the steps are not said twice", async () => {
    const own = `<h3>Method</h3><ol>${method.map((step) => `<li>${step.text}</li>`).join("")}</ol>`;
    const article = (await htmlToArticle(page(`${story}${ingredients}${own}`), { url }))!;
    expect(article.markdown.split("Dice the tofu").length - 1).toBe(1);
  });
});

describe("hostile stated recipes and job adverts", () => {
  test("a recipe of a million steps beside a text of a million words, and an advert of a million places, are read in bounded steps", async () => {
    const steps = Array.from({ length: 1_000_000 }, (_, i) => ({
      "@type": "HowToStep",
      text: `Stir the pot for minute ${i} and taste it.`,
    }));
    const stated = statedRecipeSteps(doc("<p>x</p>", ld({ "@type": "Recipe", recipeInstructions: steps })))!;
    expect(stated.texts).toHaveLength(1000);
    expect(statedShare(stated.texts, "word ".repeat(1_000_000))).toBe(0);
    const places = Array.from({ length: 1_000_000 }, (_, i) => ({ address: { addressLocality: `Town ${i}` } }));
    const advert = statedJobPosting(doc("<p>x</p>", ld({ "@type": "JobPosting", description: "Drive.", jobLocation: places })))!;
    expect(advert.split(" · ")).toHaveLength(10);
  }, 30_000);
});
