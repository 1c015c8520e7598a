import { describe, expect, test } from "bun:test";
import { removeEditLinks } from "../../src/extract/edit-links.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const WIKI = "https://wiki.example/wiki/Rivers";
const prose = (topic: string, n = 4) =>
  `<p>${`The ${topic} of the river is told in the records of the towns along its banks, year after year. `.repeat(n)}</p>`;
/** MediaWiki's edit link inside the heading (older skins). */
const inside = (title: string, n: number) =>
  `<h2><span class="mw-headline">${title}</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=Rivers&amp;action=edit&amp;section=${n}" title="Edit section: ${title}">edit</a><span class="mw-editsection-bracket">]</span></span></h2>`;
/** …and beside it, in the box the newer skins wrap the heading in, with its second link. */
const beside = (title: string, n: number, words = ["edit", "edit source"]) =>
  `<div class="mw-heading mw-heading2"><h2 id="s${n}">${title}</h2><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=Rivers&amp;veaction=edit&amp;section=${n}">${words[0]}</a><span class="mw-editsection-divider"> | </span><a href="/w/index.php?title=Rivers&amp;action=edit&amp;section=${n}">${words[1]}</a><span class="mw-editsection-bracket">]</span></span></div>`;
const wikiPage = (sections: string) =>
  `<html><head><title>Rivers</title></head><body><div id="content"><h1>Rivers</h1><div id="bodyContent"><div id="mw-content-text"><div class="mw-parser-output">${prose("source")}${sections}</div></div></div></div></body></html>`;
const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();

describe("a wiki's section edit links (edit-links.ts)", () => {
  test("go from inside a heading and from beside it, in other languages too; the box gives way to its heading", () => {
    const d = doc(
      `${inside("Course", 1)}<p>a</p>${beside("Geschichte", 2, ["Bearbeiten", "Quelltext bearbeiten"])}<p>b</p>${beside("Histoire", 3, ["modifier", "modifier le code"])}`,
    );
    expect(removeEditLinks(d.body)).toBe(3);
    expect(Array.from(d.body.children, text).join(" ")).toBe("Course a Geschichte b Histoire");
    expect(d.body.querySelectorAll("div.mw-heading").length).toBe(0);
    expect(Array.from(d.body.children, (c) => c.nodeName).join(" ")).toBe("H2 P H2 P H2");
  });

  test("stay: an edit link in a sentence, one to no edit address, one without brackets, one by no heading", () => {
    const kept = [
      `<p>To fix a typo, press [<a href="/w/index.php?action=edit">edit</a>] and save.</p>`,
      `<h2>Prices<span>[<a href="/shop/prices">edit</a>]</span></h2>`,
      `<h2>Photos <a href="/photos/edit">edit</a></h2>`,
      `<div><p>Notes</p><span>[<a href="/w?action=edit">edit</a>]</span></div>`,
      `<h2>Editing <span>[<a href="/w?action=edit">how to edit</a>]</span></h2>`,
    ].join("");
    const d = doc(kept);
    const before = d.body.innerHTML;
    expect(removeEditLinks(d.body)).toBe(0);
    expect(d.body.innerHTML).toBe(before);
  });

  test("end to end: a wiki page keeps its section headings, without their edit links", async () => {
    const sections = [1, 2, 3, 4].map((i) => `${beside(`Reach ${i}`, i)}${prose(`reach ${i}`)}${prose(`bank ${i}`, 2)}`).join("");
    const html = wikiPage(`${inside("Course", 9)}${prose("course")}${sections}`);
    const md = (await htmlToArticle(html, { url: WIKI }))?.markdown ?? "";
    for (const title of ["Course", "Reach 1", "Reach 4"]) expect(md).toContain(`## ${title}\n`);
    expect(md).not.toContain("edit");
    // Left out (the benchmarks' ablation), the boxed headings are gone and the inner one keeps its link.
    const left = (await htmlToArticle(html, { url: WIKI, without: new Set(["edit-links"]) }))?.markdown ?? "";
    expect(left).not.toContain("Reach 1");
    expect(left).toContain("action=edit");
  });

  test("thousands of edit links in one box, bracketed or bare, are each read in a few nodes", () => {
    const bracketed = Array.from({ length: 20_000 }, () => `<span>[<a href="/w?action=edit">edit</a>]</span>`).join("");
    const bare = Array.from({ length: 20_000 }, () => `<a href="/w?action=edit">edit</a> `).join("");
    const d = doc(
      `<h2>Notes</h2><div>${bracketed}</div><div>${bare}</div><h2>Big [<a href="/w?action=edit">${"edit ".repeat(50_000)}</a>]</h2>`,
    );
    expect(removeEditLinks(d.body)).toBe(0);
    expect(d.body.getElementsByTagName("a").length).toBe(40_001);
  });

  test("a page of many sections is read in one pass", () => {
    const d = doc(Array.from({ length: 5_000 }, (_, i) => `${beside(`S${i}`, i)}<p>Text ${i}.</p>`).join(""));
    expect(removeEditLinks(d.body)).toBe(5_000);
    expect(d.body.getElementsByTagName("a").length).toBe(0);
    expect(d.body.getElementsByTagName("h2").length).toBe(5_000);
  });
});
