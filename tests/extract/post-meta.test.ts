import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { isPostMetaLine } from "../../src/extract/post-meta.ts";

const paragraphs = [
  "The beans went in late this year, after a cold April kept the soil wet for weeks on end, and the first sowing rotted before it came up.",
  "The squash did better than ever under the new netting, which kept the pigeons off the young leaves until the plants were strong enough.",
  "Next spring the beds will be raised by a hand's width, so the water drains away before the seeds go in and the soil warms sooner.",
  "The compost heap, turned every fortnight through the summer, gave four barrows of dark crumbly soil for the autumn mulch this year.",
]
  .map((p) => `<p>${p}</p>`)
  .join("\n");

describe("isPostMetaLine: a post's reading time standing alone", () => {
  test("a reading time goes, however it is written", () => {
    for (const line of [
      "5 min read",
      "3 minute read",
      "**3 MIN. READ**",
      "Reading Time: 8 minutes",
      "Reading time",
      "Est. reading time: 4 minutes",
      "4-min read",
    ]) {
      expect(isPostMetaLine(line)).toBe(true);
    }
  });

  test("a duration, a teaser's date beside its reading time and a sentence stay", () => {
    for (const line of [
      "6 min",
      "Mar 7, 2026 | 4 min read",
      "Mar 7, 2026 · 4 min read",
      "It is a 5 min read, well worth your time.",
      "- 5 min read",
    ]) {
      expect(isPostMetaLine(line)).toBe(false);
    }
  });
});

describe("isPostMetaLine: the tags a post was filed under", () => {
  test("a tags or category line goes", () => {
    expect(
      isPostMetaLine("Tags: [Helena](https://a.example/tag/helena/), [smart thermostat](https://a.example/tag/smart-thermostat/)"),
    ).toBe(true);
    expect(isPostMetaLine("Category: Personal Finance 101")).toBe(true);
    expect(isPostMetaLine("**Topics:** Budgeting, Saving")).toBe(true);
  });

  test("a catalogue's subject, a list item, a heading and a long paragraph stay", () => {
    expect(isPostMetaLine("Filed under: [Hardware -- Catalogs](https://a.example/browse?key=hardware)")).toBe(false);
    expect(isPostMetaLine("- Tags: the labels a reader adds to a note")).toBe(false);
    expect(isPostMetaLine("## Tags: how to use them")).toBe(false);
    expect(isPostMetaLine(`Topic: ${"the soil and what it needs through the year, ".repeat(8)}`)).toBe(false);
    expect(isPostMetaLine("The beans went in late this year.")).toBe(false);
  });
});

describe("isPostMetaLine: the post's permalink standing alone", () => {
  test("the label with its address or alone goes, as a paragraph or a list item, in several languages", () => {
    for (const line of [
      "Permalink: [https://www.chem.example/news/2021/helium.php](https://www.chem.example/news/2021/helium.php)",
      "- Permalien [https://p.dw.example/p/RPYx](https://p.dw.example/p/RPYx)",
      "**Permalink**",
      "Enlace permanente",
    ]) {
      expect(isPostMetaLine(line)).toBe(true);
    }
  });

  test("a sentence about permalinks, a heading and a table row stay", () => {
    for (const line of [
      "Permalink structure matters for search engines, and WordPress lets you change it.",
      "## Permalink",
      "| Permalink | https://a.example/p/1 |",
      "- Permalinks never change once a post is published.",
    ]) {
      expect(isPostMetaLine(line)).toBe(false);
    }
  });
});

describe("post meta in the other languages most pages are in, and an empty rating", () => {
  test("a reading time, a tags or category line and an empty rating go", () => {
    for (const line of [
      "Lesezeit: 3 Minuten",
      "4 Min. Lesezeit",
      "Temps de lecture : 5 min",
      "3 min de lectura",
      "Tempo di lettura: 4 minuti",
      "Leestijd: 2 minuten",
      "Ten tekst przeczytasz w mniej niż minutę",
    ])
      expect(isPostMetaLine(line)).toBe(true);
    for (const line of [
      "Kategorie: [News](https://a.example/news)",
      "**Schlagworte:** [Garten](https://a.example/t/garten), [Boden](https://a.example/t/boden)",
      "Mots-clés : [jardin](https://a.example/t/jardin)",
      "Etiquetas: [huerto](https://a.example/t/huerto)",
      "Tagi:[ogród](https://a.example/t/ogrod)",
      "Kategorien:",
      "**Schlagworte:**",
    ])
      expect(isPostMetaLine(line)).toBe(true);
    for (const line of ["(Noch keine Bewertungen)", "No ratings yet", "(Aucune note)"]) expect(isPostMetaLine(line)).toBe(true);
    for (const line of ["Post Views: 22", "1,693 views", "Aufrufe: 1120", "*Vues : 3 456*", "12K views"])
      expect(isPostMetaLine(line)).toBe(true);
  });

  test("a sentence about reading, a duration, a list item and a sentence about ratings stay", () => {
    for (const line of [
      "Die Lesezeit hängt vom Leser ab.",
      "Lesezeit: 3 Minuten, danach der Test.",
      "30 Minuten",
      "- 4 Min. Lesezeit",
      "Kategorien von Böden gibt es viele: Sand, Lehm und Ton.",
      // An awards list names each prize's category without a link: the page's own text.
      "Kategorie: *Kinder- & Jugendbuch*",
      "Noch keine Bewertungen für dieses Jahr, schreibt der Verband.",
      // A count in a sentence or a list, and views that are opinions.
      "The video passed 1,693 views on its first day.",
      "- 1,693 views",
      "Views: the reader's and the author's differ",
      // A date in a sentence, a book's imprint, a list's entry (a card's date), a label without a date.
      "Updated: the plan changed on March 2, 2026, after the vote.",
      "Published in 2024 by Penguin",
      "- Updated Mar 8, 2026",
      "Published by the city council",
    ])
      expect(isPostMetaLine(line)).toBe(false);
  });
});

describe("htmlToArticle: a post's meta lines", () => {
  const html = `<html><head><title>Notes from the allotment</title></head><body><main><article>
    <h1>Notes from the allotment</h1>
    <div class="x1"><span>5 min read</span></div>
    ${paragraphs}
    <p>Category: Vegetable growing and allotment diaries</p>
  </article></main></body></html>`;
  const url = "https://allotment.example/notes";

  test("the reading time and the tags go, the text stays", async () => {
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("The squash did better");
    expect(md).not.toContain("5 min read");
    expect(md).not.toContain("Category:");
  });

  test("without the rule they stay", async () => {
    const md = (await htmlToArticle(html, { url, without: new Set(["post-meta"]) }))?.markdown ?? "";
    expect(md).toContain("5 min read");
    expect(md).toContain("Category:");
  });
});
