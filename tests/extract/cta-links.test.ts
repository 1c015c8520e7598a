import { describe, expect, test } from "bun:test";
import { isCallToAction, withoutCallsToAction } from "../../src/extract/cta-links.ts";

const page = [
  "# Garden design for small yards",
  "We plan planting schemes for yards under fifty square metres, from the first sketch to the last bulb.",
  "[Get a quote](https://garden.example/quote)",
  "## How it works",
  "A designer visits, measures the light through the day and draws three schemes to choose from.",
  "[Talk to a designer](https://garden.example/contact) [Book a visit](https://garden.example/book)",
].join("\n\n");

describe("withoutCallsToAction: a lone link asking the reader to act", () => {
  test("lone calls to action go, and the text and headings stay", () => {
    const out = withoutCallsToAction(page);
    expect(out).not.toContain("Get a quote");
    expect(out).not.toContain("Talk to a designer");
    expect(out).not.toContain("Book a visit");
    expect(out).toContain("## How it works");
    expect(out).toContain("three schemes to choose from");
  });

  test("a link in a sentence, a list entry, an indented link, a titled link, a long link and other verbs stay", () => {
    for (const line of [
      "To start, [get a quote](https://garden.example/quote) and we call you back.",
      "- [Get the planting guide](https://garden.example/guide)",
      "  [**try our spring bulbs**](https://garden.example/bulbs)",
      "#### [Talk Talk](https://garden.example/projects/talk-talk)",
      "[Download the complete guide to planting shade-loving perennials under mature trees](https://garden.example/g)",
      "[Read the case study](https://garden.example/case)",
    ])
      expect(isCallToAction(line)).toBe(false);
  });
});
