import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import type { RuleName } from "../../src/extract/rules.ts";
import { withoutVariantRuns } from "../../src/extract/variant-runs.ts";

const more = "For more information on shipping rates and timelines, please visit our [international page](https://shop.example/intl).";
const countries: [string, ...string[]] = [
  "Free standard shipping on orders 65€ or more.",
  "Free express shipping on orders ₹11,230 or more.",
  "Free standard shipping on orders MX$1,320.",
  "Free express shipping on orders 900kr or more.",
  "Livraison gratuite $60 CAD+.",
];
const promo = countries.map((lead) => `${lead} ${more}`).join("\n\n");
const article = [
  "# Custom sets, terms of the offer",
  "Receive ten percent off your purchase of three to five individual products that make a custom set, at every one of our shops and online.",
  "The discount is applied at checkout and cannot be combined with other offers or used on earlier purchases.",
].join("\n\n");

describe("withoutVariantRuns: versions of one notice said once", () => {
  test("a promo bar's text for each country goes but its first version, and the page's text stays", () => {
    const out = withoutVariantRuns(`${promo}\n\n${article}`);
    expect(out).toContain(countries[0]);
    for (const lead of countries.slice(1)) expect(out).not.toContain(lead);
    expect(out.split("For more information on shipping").length).toBe(2);
    expect(out).toContain("Receive ten percent off");
    expect(out).toContain("cannot be combined with other offers");
    expect(out).not.toMatch(/\n{3,}/);
  });

  test("an offer worded for each trial a toggle picks, links apart, is one offer", () => {
    const offer = (trial: string) =>
      `Find out why customers see up to 24x ROI using the Standard plan with a ${trial}. Cancel or downgrade to our [Essentials](https://mail.example/plans) or basic [Free](https://mail.example/free) plans at any time.`;
    const md = [
      offer("risk-free 14-day trial"),
      offer("14-day trial"),
      offer("free 30-day trial"),
      offer("free month"),
      offer("free week"),
      "## What you get",
      "Email, automations and reports.",
    ].join("\n\n");
    const out = withoutVariantRuns(md);
    expect(out.split("Find out why").length).toBe(2);
    expect(out).toContain("risk-free 14-day trial");
    expect(out).toContain("## What you get");
  });

  test("a code block's blank lines stay as they are when versions above it go", () => {
    const code = ["```", "first = 1", "", "", "", "second = 2", "```"].join("\n");
    const out = withoutVariantRuns(`${promo}\n\n${code}`);
    expect(out.split("For more information on shipping").length).toBe(2);
    expect(out.endsWith(code)).toBe(true);
  });

  test("the same warning printed five times in a row is printed once", () => {
    const warning =
      "**Deprecated**: preg_replace(): The /e modifier is deprecated, use preg_replace_callback instead in **/www/wp-includes/formatting.php** on line **82**";
    const out = withoutVariantRuns([warning, warning, warning, warning, warning, article].join("\n\n"));
    expect(out.split("The /e modifier").length).toBe(2);
  });

  test("four versions stay: a notice and its footnote, or a few items sharing a sentence, are not a series", () => {
    const two = countries
      .slice(0, 4)
      .map((lead) => `${lead} ${more}`)
      .join("\n\n");
    expect(withoutVariantRuns(`${two}\n\n${article}`)).toBe(`${two}\n\n${article}`);
  });

  test("a short line said five times stays: a specification's value shared by five products", () => {
    const value = "12 V mit Adapter GAA 12V-21";
    const md = ["## Heated jackets", value, value, value, value, value, "Heizzonen"].join("\n\n");
    expect(withoutVariantRuns(md)).toBe(md);
  });

  test("a paragraph that opens with the notice and goes on in words of its own stays", () => {
    const notice = "Create a bed that is beautiful and sets a new standard for softness with the most comfortable sheets we make.";
    // 38 words of its own beside the notice's 20: more than a version's, while the notice is still a third of it.
    const own =
      "The right sheets let you unwind and make a calm part of your evening routine. When you invest in good bedding, bedtime becomes more than a necessity and turns into a small treat at the end of the day.";
    const md = [notice, notice, notice, notice, `${notice} ${own}`].join("\n\n");
    expect(withoutVariantRuns(md)).toBe(md);
  });

  test("a refrain closing each stanza is a small part of it: the stanzas stay", () => {
    const refrain = "And the river keeps on running to the sea tonight.";
    // Each stanza's own 22 to 24 words, few enough for a version: the refrain's 10 are under a third of it.
    const stanza = (words: string) => `${words} ${refrain}`;
    const md = [
      stanza("We walked along the bank when the light was going down, and counted herons standing in the reeds, grey and still as posts."),
      stanza("You told me of the winter when the water froze so hard that carts could cross from one side to the other."),
      stanza("Now the mill is flats, the ferry is a sign, and the herons do not care at all who owns the meadow."),
      stanza("The bridge went up the year your brother left, all concrete, and nobody walks across it after dark."),
      stanza("So we sit on the wall by the lock and watch the barges, and say the names of the boats out loud."),
    ].join("\n\n");
    expect(withoutVariantRuns(md)).toBe(md);
  });

  test("list items, quotes, table rows and code repeating a sentence stay: a plan's features in every plan", () => {
    const feature = "Unlimited projects with version history kept for a whole year.";
    const five = [1, 2, 3, 4, 5];
    const lists = five.flatMap((n) => [`- Plan ${n}`, `- ${feature}`]).join("\n");
    const quotes = five.map(() => `> ${more}`).join("\n>\n");
    const code = ["```", ...five.map(() => more), "```"].join("\n");
    const table = ["| Plan | Note |", "| --- | --- |", ...five.map((n) => `| ${n} | ${more} |`)].join("\n");
    for (const md of [lists, quotes, code, table]) expect(withoutVariantRuns(md)).toBe(md);
  });

  test("a heading between the versions ends the run: sections that each close on the same line stay", () => {
    const md = countries.map((lead, i) => `## Region ${i + 1}\n\n${lead} ${more}`).join("\n\n");
    expect(withoutVariantRuns(md)).toBe(md);
  });
});

describe("htmlToArticle: a promo bar's versions for each country", () => {
  const bar = countries
    .map((lead) => `<span class="bar__text"><p>${lead} ${more.replace(/\[([^\]]+)\]\(([^)]+)\)/, '<a href="$2">$1</a>')}</p></span>`)
    .join("\n");
  const page = `<!doctype html><html><head><title>Custom sets, terms</title></head><body><main><h1>Custom sets, terms of the offer</h1><div class="bar">${bar}</div>
    <p>Receive ten percent off your purchase of three to five individual products that make a custom set, at every one of our shops and online, excluding taxes, shipping and delivery charges.</p>
    <p>The discount is applied at checkout and cannot be combined with other offers or used on earlier purchases. It may be ended at any time.</p></main></body></html>`;
  const read = async (without: RuleName[]) =>
    (await htmlToArticle(page, { url: "https://shop.example/pages/terms", without: new Set(without) }))?.markdown ?? "";

  test("the notice is said once, by its first version, and the terms stay", async () => {
    const markdown = await read([]);
    expect(markdown.split("For more information on shipping").length).toBe(2);
    expect(markdown).toContain(countries[0]);
    expect(markdown).not.toContain(countries[1]);
    expect(markdown).toContain("Receive ten percent off");
  });

  test("with the rule left out, every version comes back", async () => {
    const markdown = await read(["variant-runs"]);
    expect(markdown.split("For more information on shipping").length).toBe(6);
    for (const lead of countries) expect(markdown).toContain(lead);
  });
});
