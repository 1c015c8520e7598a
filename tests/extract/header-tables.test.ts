import { describe, expect, test } from "bun:test";
import { restoreTables, unnameHeaderTables } from "../../src/extract/header-tables.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const url = "https://example.org/wiki/List_of_prizes";
const para = (s: string) =>
  `<p>${s} The prize has been awarded every year since it was founded, with a few years left out during the wars, as the foundation's records show.</p>`;
const rows = ["1901|Anna Berg|Carl Dahl", "1902|Eva Fors|Gustav Holm", "1903|Ida Jung|Karl Lund", "1904|Maja Nord|Olof Palm"]
  .map((r) => `<tr><td>${r.split("|").join("</td><td>")}</td></tr>`)
  .join("");
const table = (cls: string) =>
  `<table class="${cls}"><tbody><tr><th>Year</th><th>Physics</th><th>Chemistry</th></tr>${rows}</tbody></table>`;
const page = (cls: string) =>
  `<html><body><header class="site-header"><a href="/">Home</a></header><main><h1>List of prize winners</h1>` +
  `${para("The prizes are given by the academy.")}${para("Six winners could not accept.")}${para("Two winners declined.")}${para("One winner received it twice.")}<h2>List of winners</h2>` +
  `${table(cls)}${para("Some winners were kept secret for fifty years.")}</main></body></html>`;

describe("data tables named for a sticky header row (unnameHeaderTables)", () => {
  test("a table with header cells loses its 'header' names; a table without them, or named 'footer-header', keeps them", () => {
    const d = doc(
      `${table("wikitable sortable sticky-header")}<table id="header-table" class="header"><tr><td><a href="/">Home</a></td></tr></table>` +
        table("footer-header"),
    );
    expect(unnameHeaderTables(d.body)).toBe(1);
    const [data, layout, footer] = Array.from(d.body.children);
    expect(data?.getAttribute("class")).toBe("wikitable sortable");
    expect(layout?.getAttribute("class")).toBe("header");
    expect(layout?.getAttribute("id")).toBe("header-table");
    expect(footer?.getAttribute("class")).toBe("footer-header");
  });

  test("the table of winners stays in the article; without the rule Readability drops it", async () => {
    const html = page("wikitable sortable sticky-header");
    const markdown = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(markdown).toContain("Gustav Holm");
    expect(markdown).toContain("Some winners were kept secret");
    const left = (await htmlToArticle(html, { url, without: new Set(["header-tables"]) }))?.markdown ?? "";
    expect(left).toContain("Some winners were kept secret");
    expect(left).not.toContain("Gustav Holm");
  });
});

describe("tables Readability turned into boxes (restoreTables)", () => {
  test("a box of row groups or rows becomes a table with its attributes; a box holding anything else stays", () => {
    const d = doc(
      `<div class="data"><tbody><tr><td>a</td></tr></tbody></div><div><tr><td>b</td></tr><tr><td>c</td></tr></div>` +
        `<div><tr><td>d</td></tr><p>e</p></div><div></div><table><tbody><tr><td>f</td></tr></tbody></table>` +
        `<div><caption>g</caption><colgroup><col></colgroup><tbody><tr><td>h</td></tr></tbody></div><div><caption>i</caption></div>`,
    );
    expect(restoreTables(d.body)).toBe(3);
    expect(Array.from(d.body.children).map((c) => c.nodeName)).toEqual(["TABLE", "TABLE", "DIV", "DIV", "TABLE", "TABLE", "DIV"]);
    expect(d.body.firstElementChild?.getAttribute("class")).toBe("data");
    expect(d.body.firstElementChild?.textContent).toBe("a");
  });

  // Cells long enough for Readability to score: the table outscores the paragraphs around it, and
  // Readability keeps it as a box of rows beside them.
  const towns = ["Aberdale", "Brookfield", "Carrow", "Dunmere", "Eastwick"];
  const councillors = Array.from(
    { length: 40 },
    (_, i) =>
      `<tr><td>${towns[i % 5]} ${Math.floor(i / 5) + 1} and the villages around it</td><td>Councillor number ${i + 1} of the county</td><td>member${i + 1}@county.example</td></tr>`,
  ).join("");
  const story =
    `<html><body><article><div itemprop="articleBody">${para("The council met on Tuesday.")}${para("The vote is next month.")}` +
    `<p>Below is the list of councillors.</p><table><tbody><tr><th>Ward</th><th>Councillor</th><th>Email address</th></tr>${councillors}</tbody></table></div></article></body></html>`;

  test("the table comes back as a table after the paragraphs; without the rule, one cell per paragraph", async () => {
    const markdown = (await htmlToArticle(story, { url }))?.markdown ?? "";
    expect(markdown).toContain(
      "Below is the list of councillors.\n\n| Ward | Councillor | Email address |\n| --- | --- | --- |\n| Aberdale 1 and the villages around it | Councillor number 1 of the county | member1@county.example |",
    );
    expect(markdown).toContain("| Eastwick 8 and the villages around it | Councillor number 40 of the county | member40@county.example |");
    const left = (await htmlToArticle(story, { url, without: new Set(["readability-tables"]) }))?.markdown ?? "";
    expect(left).toContain(
      "Below is the list of councillors.\n\nWard\n\nCouncillor\n\nEmail address\n\nAberdale 1 and the villages around it\n\n",
    );
  });
});
