import { describe, expect, test } from "bun:test";
import { unnameHeaderTables } from "../../src/extract/header-tables.ts";
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
