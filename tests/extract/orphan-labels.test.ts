import { describe, expect, test } from "bun:test";
import { removeOrphanLabels } from "../../src/extract/orphan-labels.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { mendHtml } from "../../src/extract/mend-html.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();

describe("control labels", () => {
  test("the label of a cut drop-down list or text field goes, by id or around it; a checkbox's and a radio button's stay", () => {
    const html = mendHtml(
      `<form><label for="size-1">Size</label><select id="size-1"><option>Small</option><option>Large</option></select>` +
        `<label for="qty-1">Qty:</label><input id="qty-1" type="number" value="1">` +
        `<label for="note">Gift note</label><textarea id="note"></textarea>` +
        `<input id="keep-1" type="checkbox"><label for="keep-1">Waterproof (12)</label>` +
        `<input id="pick-1" type="radio" name="m"><label for="pick-1">Monthly</label>` +
        `<label>Wrapped <input type="email"></label><label><input type="checkbox"> Gift wrap</label></form>`,
    );
    const page = doc(html);
    removeOrphanLabels(page);
    const text = page.body.textContent ?? "";
    for (const gone of ["Size", "Qty", "Gift note", "Wrapped"]) expect(text).not.toContain(gone);
    for (const kept of ["Waterproof (12)", "Monthly", "Gift wrap"]) expect(text).toContain(kept);
  });

  test("a label whose control the page still holds stays, and so does one naming no control", () => {
    const page = doc(`<label for="plan">Plan</label><select id="plan"><option>Basic</option></select><label for="">Empty target</label>`);
    removeOrphanLabels(page);
    expect(page.body.textContent).toContain("Plan");
    expect(page.body.textContent).toContain("Empty target");
  });

  test("end to end: a grid's picker labels go; left out, the rule keeps them", async () => {
    const card = (i: number) =>
      `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><a href="/p/${i}">Dark roast coffee no. ${i}</a>` +
      `<div class="price">$${14 + i}.99</div><div class="form"><div class="input"><label for="opt-${i}">Grind</label>` +
      `<div class="select"><select id="opt-${i}"><option>Whole bean</option></select></div></div></div></div>`;
    const html =
      `<html><head><title>Coffee</title></head><body><header><nav><a href="/">Home</a><a href="/c">Coffee</a></nav></header>` +
      `<main><h1>Coffee</h1><p>Every roast we sell, from light to dark, ground or whole.</p>` +
      `<div class="grid">${Array.from({ length: 8 }, (_, i) => card(i + 1)).join("")}</div></main><footer>© Shop</footer></body></html>`;
    const url = "https://shop.example/collections/coffee";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("Dark roast coffee no. 3");
    expect(md).not.toContain("Grind");
    const kept = (await htmlToArticle(html, { url, without: new Set(["orphan-labels"]) }))?.markdown ?? "";
    expect(kept).toContain("Grind");
  });
});
