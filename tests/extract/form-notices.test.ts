import { describe, expect, test } from "bun:test";
import { isFormNotice, withoutFormNotices } from "../../src/extract/form-notices.ts";

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
