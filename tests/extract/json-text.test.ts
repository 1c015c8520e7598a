import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { isJsonText, mayHoldJsonText, removeJsonText } from "../../src/extract/json-text.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

const url = "https://shop.example/headphones";
const prose = (n: number) => `<p>Paragraph ${n}: our buyers test every pair of headphones for a week before it goes on sale here.</p>`;
const codes = Array.from({ length: 40 }, (_, i) => `"B0CX${String(i).padStart(6, "0")}"`).join(",");
const state = `{"painterId":"AsinGridWidget","hostPageType":"BROWSE","asins":[${codes}],"pinned":[],"linkParameters":{"ref":"grid"}}`;
const body = (inner: string) => `<html><head><title>Headphones</title></head><body><main>${inner}</main></body></html>`;
const doc = (inner: string) => linkedomPage(body(inner), url).document;

describe("isJsonText", () => {
  test("an object, or an array of objects, of jsonTextMinChars or more", () => {
    expect(isJsonText(state)).toBe(true);
    expect(isJsonText(`  [{"id":1,"name":"${"x".repeat(THRESHOLDS.jsonTextMinChars)}"}]\n`)).toBe(true);
  });

  test("not shorter, not a list of numbers or words, not what does not parse, not a sentence in brackets", () => {
    expect(isJsonText(`{"a":1}`)).toBe(false);
    expect(isJsonText(`[${Array.from({ length: 100 }, (_, i) => i).join(", ")}]`)).toBe(false);
    expect(isJsonText(`["${"word ".repeat(60)}"]`)).toBe(false);
    expect(isJsonText(`{"a": ${"1".repeat(300)}`)).toBe(false);
    expect(isJsonText(`{"note": "unclosed ${"x".repeat(300)}}`)).toBe(false);
    expect(isJsonText(`[citation needed] ${"The council voted to keep the library open. ".repeat(8)}[1]`)).toBe(false);
  });
});

describe("isJsonText on hostile text", () => {
  test("nesting a hundred thousand deep is answered, not a crash of the walk", () => {
    const deep = `[{}, ${"[".repeat(100_000)}${"]".repeat(100_000)}]`;
    expect(isJsonText(deep)).toBe(false);
    const deepObject = `[{"a":${"[".repeat(100_000)}${"]".repeat(100_000)}}]`;
    expect(isJsonText(deepObject)).toBe(true);
  });
});

describe("mayHoldJsonText: one scan of the page before any walk", () => {
  test("JSON after a tag's end; not a JSON-LD node, not JSON inside a sentence", () => {
    expect(mayHoldJsonText(`<div class="state">\n  {"painterId":"AsinGridWidget"}</div>`)).toBe(true);
    expect(mayHoldJsonText(`<span>[{"id":1}]</span>`)).toBe(true);
    expect(mayHoldJsonText(`<div class="state">{&quot;painterId&quot;:&quot;AsinGridWidget&quot;}</div>`)).toBe(true);
    expect(mayHoldJsonText(`<div>{&#34;a&#34;:1}</div><div>{&#x22;b&#x22;:2}</div>`)).toBe(true);
    expect(mayHoldJsonText(`<script type="application/ld+json">{"@context":"https://schema.org"}</script>`)).toBe(false);
    expect(mayHoldJsonText(`<p>The grid reads {"painterId": …} first.</p>`)).toBe(false);
    expect(mayHoldJsonText(`<div> [ \n {"id":1}]</div>`)).toBe(true);
  });

  test("a hostile page of long runs of spaces after tags is one linear scan", () => {
    // With two runs of white space side by side the scan tried every split of each run: quadratic.
    const page = `${">".padEnd(200_000, " ")}x`.repeat(3);
    expect(mayHoldJsonText(page)).toBe(false);
  });
});

describe("removeJsonText", () => {
  test("a box whose text is a script's state goes; the same JSON in code, or a sentence about it, stays", () => {
    const d = doc(
      `${prose(1)}<div class="grid-state hidden">${state.replaceAll('"', "&quot;")}</div><pre>${state}</pre><p><code>${state}</code></p>` +
        `<p>The grid reads {"painterId": …} from the page before it draws the cards.</p>${prose(2)}`,
    );
    expect(removeJsonText(d)).toBe(1);
    expect(d.querySelector(".grid-state")).toBeNull();
    expect(d.querySelector("pre")?.textContent).toBe(state);
    expect(d.querySelector("code")?.textContent).toBe(state);
    expect(d.body.textContent).toContain("The grid reads");
  });

  test("an element that only holds a JSON element keeps its other text", () => {
    const d = doc(`<section><h2>Our picks</h2><span>${state}</span><p>Every pick was tested for a week.</p></section>`);
    expect(removeJsonText(d)).toBe(1);
    expect(d.querySelector("section")?.textContent).toBe("Our picksEvery pick was tested for a week.");
  });
});

describe("htmlToArticle (rule json-text)", () => {
  const page = body(
    `${Array.from({ length: 8 }, (_, i) => prose(i)).join("")}<div class="grid-state aok-hidden">${state.replaceAll('"', "&quot;")}</div>${prose(9)}`,
  );

  // Its quotes written as references, as the shop writes them: the scan before the walk must see it.
  test("the Markdown holds the page's text, not the state; left out, the state is in it", async () => {
    const md = (await htmlToArticle(page, { url }))?.markdown ?? "";
    expect(md).toContain("Paragraph 9: our buyers test");
    expect(md).not.toContain("painterId");
    const without = (await htmlToArticle(page, { url, without: new Set(["json-text"]) }))?.markdown ?? "";
    expect(without).toContain("painterId");
  });
});
