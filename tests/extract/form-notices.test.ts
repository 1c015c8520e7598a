import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { isFormNotice, isValidationMessage, withoutFormNotices } from "../../src/extract/form-notices.ts";

describe("withoutFormNotices: a form's fine print left without its form", () => {
  test("consent lines, opt-out promises and data notices go, and the text stays", () => {
    const md = [
      "# Standing desks for small rooms",
      "A desk that folds against the wall leaves the floor free for the rest of the day.",
      "## Join our list",
      "By subscribing, you agree to receive marketing emails from Example Desks and accept our [Privacy Policy.](https://example.com/privacy)",
      "In submitting this form, you agree to receive information from Example related to our products and events.",
      "You can opt out any time.[Privacy Policy](https://example.com/privacy)",
      "To learn how we process your data, visit our [Privacy Notice](https://example.com/privacy).",
      "The legs lock at four heights, from 70 to 120 centimetres.",
    ].join("\n\n");
    const out = withoutFormNotices(md);
    for (const gone of ["By subscribing", "In submitting", "opt out", "process your data"]) expect(out).not.toContain(gone);
    expect(out).toContain("folds against the wall");
    expect(out).toContain("lock at four heights");
    expect(out).toContain("## Join our list");
  });

  test("the text's own sentences, list items, headings and long paragraphs stay", () => {
    expect(isFormNotice("By 2030, you will agree, most offices will have standing desks.")).toBe(false);
    expect(isFormNotice("Signing up takes a minute: you agree to the terms and pick a plan.")).toBe(false);
    expect(isFormNotice("Yes, you can unsubscribe at any time! The cancellation takes effect at the end of the period.")).toBe(false);
    expect(isFormNotice("- By clicking Submit, you agree to the lease terms shown on the next screen.")).toBe(false);
    expect(isFormNotice("## By signing up you agree to our terms")).toBe(false);
    expect(
      isFormNotice(
        `By signing the lease you agree to pay the rent on the first of the month, ${"and this paragraph goes on. ".repeat(14)}`,
      ),
    ).toBe(false);
    expect(isFormNotice("By clicking Sign up, you acknowledge our Terms of Service.")).toBe(true);
  });
});

describe("isValidationMessage: a form's message for a field filled in wrong", () => {
  test("a line asking for a valid value, a number of characters, a bound or a field's value is one", () => {
    for (const line of [
      "Please enter a valid ZIP Code.",
      "Select a valid country.",
      "Please enter up to 7 characters for the postcode",
      "Please enter 5 or 9 numbers for the ZIP Code.",
      "Please enter 6 digits for the postal code.",
      "Please enter a number less than or equal to 169.",
      "Please enter a question.",
      "Enter a valid email address",
      "Please enter a valid email",
      "This field is required.",
    ])
      expect(isValidationMessage(line)).toBe(true);
  });

  test("a guide's instruction, a sentence going on, a list item, a heading and a long line are not", () => {
    for (const line of [
      "Please enter the following command:",
      "Please select your country from the list and press Next to continue.",
      "Please enter a valid ZIP Code. We ship to every state but Alaska and Hawaii.",
      "Please check our website for more information.",
      "- Please enter a valid ZIP Code.",
      "## Please enter a question",
      `Please enter a valid ${"very long ".repeat(8)}code.`,
      "A valid ZIP Code has five digits.",
    ])
      expect(isValidationMessage(line)).toBe(false);
  });

  test("through htmlToArticle: the messages under a shipping form go, the item's text stays; left out, they stay", async () => {
    const para = (s: string) => `<p>${s}</p>`;
    const html = `<html><body><main><h1>Zombie scars make-up kit</h1>${para("Three scars, a tube of fake blood and a tin of scab wax, enough for a long night of haunting and a few photographs.")}${para("The wax softens in the hand and holds for six hours; it comes off with warm water and soap.")}<div class="ship">${para("Select a valid country.")}${para("Please enter a valid ZIP Code.")}</div></main></body></html>`;
    const url = "https://shop.example/itm/1";
    const md = (await htmlToArticle(html, { url }))!.markdown;
    expect(md).toContain("softens in the hand");
    expect(md).not.toContain("valid ZIP Code");
    expect(md).not.toContain("valid country");
    const off = (await htmlToArticle(html, { url, without: new Set(["validation-messages"]) }))!.markdown;
    expect(off).toContain("Please enter a valid ZIP Code.");
  });
});
