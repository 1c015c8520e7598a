import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { analyzePage, htmlToArticle } from "../../src/extract/html-to-article.ts";
import { linkShare, marksArticle, sectionedPage, sectionsMayWin } from "../../src/extract/sections.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

const prose = (s: string) =>
  `<p>${s} Our platform gives teams one place to plan, track and ship their work, with reports that update as the work moves and integrations with the tools they already use every day.</p>`;

// A service landing page: a hero, a long "how it works" section Readability settles on, and short
// sections (features, pricing cards, FAQ) beside it; page furniture around them.
const LANDING = `<!doctype html><html><head><title>Acme Planner</title><meta property="og:type" content="website"></head><body>
<header><a href="/">Acme</a><nav><ul><li><a href="/pricing">Pricing</a></li><li><a href="/docs">Docs</a></li><li><a href="/login">Log in</a></li></ul></nav></header>
<div id="cookie-consent">We use cookies. Accept all or manage your choices.</div>
<main>
  <section class="hero"><h1>Plan work your team can see</h1><p>Acme Planner turns requests into plans.</p></section>
  <section class="story"><h2>How it works</h2>${prose("Start with a board.")}${prose("Invite your team.")}${prose("Connect your tools.")}</section>
  <section class="features"><h2>Features</h2>
    <div class="card"><h3>Timelines</h3><span>Drag tasks along a calendar that shows every dependency.</span></div>
    <div class="card"><h3>Automations</h3><span>Move tasks when a pull request merges, without scripts.</span></div>
    <div class="card"><h3>Dashboards</h3><span>Charts of throughput and cycle time for every squad.</span></div>
    <div class="card"><h3>Permissions</h3><span>Guests see only the projects they were invited into.</span></div>
  </section>
  <section class="pricing"><h2>Pricing</h2>
    <div class="plan"><h3>Starter</h3><span>Free forever for up to five seats and three projects.</span></div>
    <div class="plan"><h3>Business</h3><span>Twelve dollars per seat each month, billed yearly.</span></div>
    <div class="plan"><h3>Enterprise</h3><span>Single sign-on, audit logs and a named account manager.</span></div>
  </section>
  <section class="faq"><h2>Questions</h2>
    <details><summary>Can I import from spreadsheets?</summary><span>Yes, upload a CSV file and map its columns to fields.</span></details>
    <details><summary>Is there an offline mode?</summary><span>The desktop app keeps working and syncs when you reconnect.</span></details>
  </section>
</main>
<footer><p>Copyright Acme Incorporated. Terms of service. Privacy policy.</p></footer>
</body></html>`;

describe("sections rule", () => {
  test("a landing page keeps its features, pricing and FAQ beside the long section, and loses its furniture", async () => {
    const { article, analysis } = await analyzePage(LANDING, { url: "https://acme.example/" });
    // The fixture exercises the rule: Readability alone keeps one section, the region is 1.5-15x it.
    expect(analysis.readabilityMarkdown).not.toContain("Twelve dollars");
    expect(sectionedPage(analysis.signals)).toBe(true);
    expect(analysis.chosen).toBe("region");
    const md = article!.markdown;
    for (const kept of [
      "How it works",
      "Timelines",
      "Automations",
      "Twelve dollars per seat",
      "Enterprise",
      "import from spreadsheets",
      "syncs when you reconnect",
    ])
      expect(md).toContain(kept);
    for (const gone of ["Log in", "cookies", "Copyright", "Privacy policy"]) expect(md).not.toContain(gone);
  });

  test("a page whose og:type says website takes its sections though its JSON-LD names an article; not without the rule", async () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Acme Planner"}</script>`;
    const html = LANDING.replace("</head>", `${ld}</head>`);
    const url = "https://acme.example/";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("Twelve dollars per seat");
    const left = (await htmlToArticle(html, { url, without: new Set(["og-website"] as const) }))?.markdown ?? "";
    expect(left).toContain("How it works");
    expect(left).not.toContain("Twelve dollars per seat");
  });

  test("a page declaring one article keeps Readability's text (its region adds other stories)", async () => {
    const html = LANDING.replace('content="website"', 'content="article"');
    const { analysis } = await analyzePage(html, { url: "https://acme.example/" });
    expect(analysis.signals.article).toBe(true);
    expect(analysis.chosen).toBe("readability");
    const md = (await htmlToArticle(html, { url: "https://acme.example/" }))!.markdown;
    expect(md).toContain("How it works");
    expect(md).not.toContain("Twelve dollars");
  });

  test("growth bounds: a region barely larger, or many times larger, than Readability's text is not taken", () => {
    const base = { readabilityWords: 200, items: 5, article: false };
    expect(sectionedPage({ ...base, regionWords: 200 * THRESHOLDS.sectionsMinGrowth })).toBe(true);
    expect(sectionedPage({ ...base, regionWords: 200 * THRESHOLDS.sectionsMaxGrowth })).toBe(true);
    expect(sectionedPage({ ...base, regionWords: 200 * THRESHOLDS.sectionsMinGrowth - 1 })).toBe(false);
    expect(sectionedPage({ ...base, regionWords: 200 * THRESHOLDS.sectionsMaxGrowth + 1 })).toBe(false);
    expect(sectionedPage({ ...base, article: true, regionWords: 400 })).toBe(false);
    expect(
      sectionedPage({
        ...base,
        readabilityWords: THRESHOLDS.sectionsMaxReadabilityWords,
        regionWords: 3 * THRESHOLDS.sectionsMaxReadabilityWords,
      }),
    ).toBe(false);
    expect(sectionedPage({ ...base, regionWords: 0 })).toBe(false);
  });

  test("the region is only built when the rule could take it", () => {
    expect(sectionsMayWin({ readabilityWords: 300, article: false })).toBe(true);
    expect(sectionsMayWin({ readabilityWords: 300, article: true })).toBe(false);
    expect(sectionsMayWin({ readabilityWords: THRESHOLDS.sectionsMaxReadabilityWords, article: false })).toBe(false);
  });
});

describe("microdata article", () => {
  test("itemprop=articleBody or an article itemtype marks one article; a product item does not", async () => {
    const read = (body: string) => marksArticle(linkedomPage(`<html><body>${body}</body></html>`, "https://example.com/").document);
    expect(read(`<div itemprop="articleBody"><p>Text</p></div>`)).toBe(true);
    expect(read(`<div itemscope itemtype="https://schema.org/NewsArticle"><p>Text</p></div>`)).toBe(true);
    expect(read(`<div itemscope itemtype="https://schema.org/Product"><p>Text</p></div>`)).toBe(false);
    expect(read(`<div class="articleBody"><p>Text</p></div>`)).toBe(false);
  });

  test("a landing page wrapped in an article's microdata keeps Readability's text", async () => {
    const html = LANDING.replace("<main>", '<main itemscope itemtype="https://schema.org/Article">');
    const { analysis } = await analyzePage(html, { url: "https://acme.example/" });
    expect(analysis.chosen).toBe("readability");
  });
});

describe("link share", () => {
  test("a region that is mostly nested menu links is not taken; a landing page's sections are", async () => {
    const menu = `<ul>${["City", "Council", "Services"].map((s) => `<li><a href="#">${s}</a><ul><li><a href="/a">${s} history and maps</a></li><li><a href="/b">${s} contacts and offices</a></li></ul></li>`).join("")}</ul>`;
    const document = linkedomPage(
      `<html><body><div id="m">${menu}<p>The clinic reported two break-ins on Friday.</p></div></body></html>`,
      "https://example.com/",
    ).document;
    const share = linkShare(document.getElementById("m")!);
    expect(share).toBeGreaterThan(THRESHOLDS.sectionsMaxLinkShare);
    const s = { readabilityWords: 100, regionWords: 400, items: 6, article: false };
    expect(sectionedPage(s, share)).toBe(false);
    expect(sectionedPage(s, 0.1)).toBe(true);
    const { analysis } = await analyzePage(LANDING, { url: "https://acme.example/" });
    expect(analysis.chosen).toBe("region");
  });
});
