import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutNewsletterBoxes } from "../../src/extract/newsletter-boxes.ts";

const text = [
  "# Notes from the allotment",
  "The beans went in late this year, after a cold April kept the soil wet for weeks on end.",
  "The squash did better than ever under the new netting.",
].join("\n\n");

describe("withoutNewsletterBoxes: a newsletter's or follow box's title and pitch", () => {
  test("the title and its one short pitch go, the text stays", () => {
    const md = `${text}\n\n## We do newsletters, too\n\nDiscover tips and growing guides in our biweekly letter just for gardeners.\n\n## The autumn beds\n\nThe leeks stand through the frost.`;
    const out = withoutNewsletterBoxes(md).markdown;
    expect(out).not.toContain("We do newsletters");
    expect(out).not.toContain("biweekly letter");
    expect(out).toContain("## The autumn beds");
    expect(out).toContain("The leeks stand");
  });

  test("a title with nothing under it goes: the end of the page, or a list that follows stays", () => {
    expect(withoutNewsletterBoxes(`${text}\n\n##### Follow Us`).markdown).not.toContain("Follow Us");
    const listed = withoutNewsletterBoxes(`${text}\n\n## Stay updated\n\n- [Beans](/beans)\n- [Squash](/squash)`).markdown;
    expect(listed).not.toContain("Stay updated");
    expect(listed).toContain("[Beans](/beans)");
  });

  test("an FAQ's question, a linked heading, a long section and other headings stay", () => {
    const question = `${text}\n\n### Where can I sign up?\n\nVisit the allotment office on any Saturday morning.`;
    expect(withoutNewsletterBoxes(question).markdown).toBe(question);
    const linked = `${text}\n\n## [Why I subscribe to seed catalogues](/seed-catalogues)\n\nA short note.`;
    expect(withoutNewsletterBoxes(linked).markdown).toBe(linked);
    const long = `${text}\n\n## How our newsletter began\n\n${"We started writing to members every month when the waiting list grew too long to manage by hand. ".repeat(4)}`;
    expect(withoutNewsletterBoxes(long).markdown).toBe(long);
    expect(withoutNewsletterBoxes(text).markdown).toBe(text);
  });
});

describe("htmlToArticle: a newsletter box in the page", () => {
  const paragraphs = [
    "The beans went in late this year, after a cold April kept the soil wet for weeks on end, and the first sowing rotted before it came up.",
    "The squash did better than ever under the new netting, which kept the pigeons off the young leaves until the plants were strong enough.",
    "Next spring the beds will be raised by a hand's width, so the water drains away before the seeds go in and the soil warms sooner.",
  ]
    .map((p) => `<p>${p}</p>`)
    .join("\n");
  const html = `<html><head><title>Notes from the allotment</title></head><body><main><article>
    <h1>Notes from the allotment</h1>${paragraphs}
    <h2>Want updates to your inbox?</h2><p>Every week we share the best questions from our plot holders.</p>
  </article></main></body></html>`;
  const url = "https://allotment.example/notes";

  test("the box goes, and stays without the rule", async () => {
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("The squash did better");
    expect(md).not.toContain("updates to your inbox");
    const left = (await htmlToArticle(html, { url, without: new Set(["newsletter-boxes"]) }))?.markdown ?? "";
    expect(left).toContain("updates to your inbox");
  });
});
