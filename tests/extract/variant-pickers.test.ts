import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { removeVariantPickers } from "../../src/extract/variant-pickers.ts";

const body = (html: string) => parseHTML(`<html><body>${html}</body></html>`).document.body as unknown as Element;

const picker = `<fieldset><legend>Select a size</legend>
  <input type="radio" id="s1" name="size"><label for="s1">xs</label>
  <input type="radio" id="s2" name="size"><label for="s2">s</label>
  <input type="radio" id="s3" name="size"><label for="s3">m</label></fieldset>`;

describe("removeVariantPickers: a product's group of radio buttons under one caption", () => {
  test("a size picker goes, the product's text stays", () => {
    const root = body(`<h1>Training tee</h1><p>A light polyester tee that dries fast.</p>${picker}`);
    expect(removeVariantPickers(root)).toBe(1);
    expect(root.textContent).not.toContain("Select a size");
    expect(root.textContent).toContain("A light polyester tee that dries fast.");
  });

  test("a radio group drawn with ARIA roles goes", () => {
    const root = body(
      `<p>A light polyester tee.</p><div role="radiogroup" aria-label="Colour"><span>Colour</span><div role="radio">Black</div><div role="radio">White</div></div>`,
    );
    expect(removeVariantPickers(root)).toBe(1);
    expect(root.textContent).not.toContain("Black");
    expect(root.textContent).toContain("A light polyester tee.");
  });

  test("a form with text fields, a single radio button, and a long questionnaire stay", () => {
    const form = `<fieldset><legend>Your details</legend><input type="text" name="n"><input type="radio" name="a"><input type="radio" name="a"></fieldset>`;
    const single = `<fieldset><legend>Gift wrap</legend><input type="radio" name="g"><label>Yes</label></fieldset>`;
    const long = `<fieldset><legend>${"Tell us how you use the tee, so we can improve the fabric and the cut. ".repeat(6)}</legend><input type="radio" name="q"><input type="radio" name="q"></fieldset>`;
    const root = body(form + single + long);
    expect(removeVariantPickers(root)).toBe(0);
    expect(root.getElementsByTagName("fieldset").length).toBe(3);
  });
});
