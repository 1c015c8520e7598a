import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { findSectionSeries, seriesPage } from "../../src/extract/section-series.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";
import { readabilityAlone } from "../helpers/dom.ts";

const option = (name: string) =>
  `<dt class="hdlist1"><code>--${name}</code></dt><dd><p>Tells the command to ${name} the files, one by one, in order, printing each, with its size, mode, and owner, and stops, at the first file it cannot read, reporting its name, and the reason.</p></dd>`;
// Each paragraph's second sentence numbered: paragraphs sharing a sentence would be one notice's
// versions (variant-runs.ts).
let said = 0;
const paragraph = (s: string) =>
  `<div class="paragraph"><p>${s} Step ${++said}: the command records a snapshot of the staged changes together with a message from the user describing them, and moves the current branch to point at it.</p></div>`;
const section = (id: string, title: string, body: string) =>
  `<div class="sect1"><h2 id="${id}">${title}</h2><div class="sectionbody">${body}</div></div>`;

// A manual page: five sibling sections of one shape, OPTIONS far longer than the others, a table of
// contents and a footer of links around them.
const OPTIONS = Array.from({ length: 40 }, (_, i) => `option-${i}`);
const MANUAL = `<!doctype html><html><head><title>tool-commit(1)</title><meta property="og:type" content="article"></head><body>
<div id="header"><a href="/">Docs</a> <a href="/book">Book</a> <a href="/about">About</a></div>
<div id="main">
  <aside class="toc"><ul><li><a href="#NAME">NAME</a></li><li><a href="#SYNOPSIS">SYNOPSIS</a></li><li><a href="#OPTIONS">OPTIONS</a></li></ul></aside>
  <div id="content">
    ${section("NAME", "NAME", paragraph("tool-commit - Record changes to the repository."))}
    ${section("SYNOPSIS", "SYNOPSIS", `<div class="verseblock"><pre>tool commit [-a | --interactive | --patch] [-s] [-v] [-u&lt;mode&gt;] [--amend] [--dry-run] [(-c | -C | --squash) &lt;commit&gt;]</pre></div>${paragraph("Synopsis note.")}`)}
    ${section("DESCRIPTION", "DESCRIPTION", paragraph("Create a new commit containing the current contents of the index.") + paragraph("The content to be committed can be specified in several ways.") + ["First", "Second", "Third", "Fourth"].map((n) => paragraph(`${n} way to stage content.`)).join(""))}
    ${section("OPTIONS", "OPTIONS", `<div class="dlist"><dl>${OPTIONS.map(option).join("")}</dl></div>`)}
    ${section("EXAMPLES", "EXAMPLES", paragraph("When recording your own work, the contents of modified files in your working tree are temporarily stored to a staging area.") + paragraph("Another example follows.") + paragraph("A third example follows.") + "<pre>$ edit hello.c\n$ tool rm goodbye.c\n$ tool commit</pre>")}
  </div>
</div>
<div id="footer"><a href="/privacy">Privacy</a> <a href="/terms">Terms</a> <a href="/source">Source of this page</a></div>
</body></html>`;

describe("section-series rule", () => {
  test("a manual page keeps every section Readability dropped beside the longest one, not the page's furniture", async () => {
    // The fixture exercises the rule: Readability alone keeps OPTIONS and drops the other sections.
    const alone = await readabilityAlone(MANUAL, "https://docs.example/tool-commit");
    expect(alone).toContain("--option-39");
    expect(alone).not.toContain("goodbye.c");
    const md = (await htmlToArticle(MANUAL, { url: "https://docs.example/tool-commit" }))!.markdown;
    for (const kept of [
      "NAME",
      "Record changes to the repository",
      "SYNOPSIS",
      "--interactive",
      "DESCRIPTION",
      "several ways",
      "--option-39",
      "EXAMPLES",
      "goodbye.c",
    ])
      expect(md).toContain(kept);
    for (const gone of ["Book", "About", "Privacy", "Source of this page"]) expect(md).not.toContain(gone);
    // Sections in the page's order.
    expect(md.indexOf("NAME")).toBeLessThan(md.indexOf("OPTIONS"));
    expect(md.indexOf("OPTIONS")).toBeLessThan(md.indexOf("EXAMPLES"));
  });

  test("finds the sections by shape, each opening with its heading", () => {
    const document = linkedomPage(MANUAL, "https://example.com/").document;
    const found = findSectionSeries(document.body)!;
    expect(found.container.id).toBe("content");
    expect(found.sections.map((s) => s.querySelector("h2")!.textContent)).toEqual([
      "NAME",
      "SYNOPSIS",
      "DESCRIPTION",
      "OPTIONS",
      "EXAMPLES",
    ]);
  });

  test("blocks of link cards under headings, and cards that do not open with a heading, are not a page's sections", () => {
    const linkCard = (t: string) =>
      `<div class="more"><h3>More on ${t}</h3><ul>${["one", "two", "three", "four"].map((n) => `<li><a href="/${t}/${n}">The ${n} story about ${t} that everyone has been reading this week</a></li>`).join("")}</ul></div>`;
    const teaser = (t: string, heading: boolean) =>
      `<div class="teaser">${heading ? `<h3>${t}</h3>` : `<span class="date">Mon 3 June</span><h3>${t}</h3>`}<p>${t} is the subject of this teaser, which holds a blurb long enough to count as a section of its own, two hundred characters and more of it, with a second sentence for good measure and a third one as well.</p></div>`;
    const document = linkedomPage(
      `<body><article><p>${"An article paragraph. ".repeat(20)}</p></article>
      <div id="related">${linkCard("cities")}${linkCard("rivers")}${linkCard("forests")}</div>
      <div id="teasers">${teaser("Alpha", true)}${teaser("Beta", false)}${teaser("Gamma", true)}</div></body>`,
      "https://example.com/",
    ).document;
    expect(findSectionSeries(document.body)).toBeNull();
  });

  test("one text printed twice (two layouts) is not a series of sections", () => {
    const copy = `<div><h1>How to retire early</h1><p>${"Saving half of what you earn for ten years changes what work means. ".repeat(6)}</p><h2>Spend less</h2><p>${"Housing and transport are most of a budget. ".repeat(5)}</p></div>`;
    const document = linkedomPage(`<body><div class="post">${copy}${copy}</div></body>`, "https://example.com/").document;
    expect(findSectionSeries(document.body)).toBeNull();
    // With a title of its own, each part is a section.
    document.body.innerHTML = `<div class="post">${copy}${copy.replace("How to retire early", "Where to retire")}</div>`;
    expect(findSectionSeries(document.body)?.sections.length).toBe(2);
  });

  test("the series replaces Readability's result only when that result lies in it and it holds more", () => {
    const base = { readabilityWords: 1000, seriesWords: 2000, overlap: 0.95 };
    expect(seriesPage(base)).toBe(true);
    // Readability found a text elsewhere on the page (an article beside a series of other sections).
    expect(seriesPage({ ...base, overlap: THRESHOLDS.sectionSeriesMinOverlap - 0.1 })).toBe(false);
    // The series adds too little to be the sections Readability dropped, or is far larger than its text.
    expect(seriesPage({ ...base, seriesWords: 1000 * (THRESHOLDS.sectionSeriesMinGrowth - 0.05) })).toBe(false);
    expect(seriesPage({ ...base, seriesWords: 1000 * (THRESHOLDS.sectionSeriesMaxGrowth + 1) })).toBe(false);
    expect(seriesPage({ ...base, readabilityWords: 0 })).toBe(false);
  });
});
