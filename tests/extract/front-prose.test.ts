import { describe, expect, test } from "bun:test";
import { frontProseWords, proseParagraphs, withFrontProse } from "../../src/extract/front-prose.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker, readabilityAlone } from "../helpers/dom.ts";

const makeDocument = documentMaker();
const URL = "https://magazine.example/letters/open-debate";

// A press release cut into blocks, an embedded post between them: the opening sits in a page builder's
// "media block", which Readability weighs down for its class, and Readability keeps the later block
// alone. The opening (four paragraphs, 178 words) is more than half of what it keeps (300).
const OPENING = [
  "The three parties ended the state of emergency on Thursday after the vaccination campaign had made an overload of the hospitals unlikely in the coming winter months here, and they did so a full month before the date that the government had named in the summer.",
  "Their whips presented a joint paper in the morning that sets out how the rules of the emergency will run out and which measures the states may keep for now, from the masks in buses and trains to the rules for care homes and hospitals.",
  "The whip of the liberal group recalled that his party had been the first to call for an end to the emergency and its sweeping powers for the executive, which he said had grown far beyond anything the constitution had foreseen for such times.",
  "He said that the parliament had for too long only followed what the meeting of the state premiers had agreed behind closed doors, without a debate of its own, and that this paper brings the decisions back to the house where they belong.",
];
const LATER = Array.from(
  { length: 4 },
  (_, i) =>
    `In the transition until the twentieth of March, number ${i + 1}, the states may still order masks, access rules, hygiene plans, distance rules and the recording of contact details, which the parties call mild and effective measures, while closures of schools, lockdowns and curfews will no longer be possible, as the deputy leader of the largest group made clear to the press, adding that children, who cannot be vaccinated yet, need the most protection of all.`,
);
const EMBED = `<div class="embed"><blockquote><p>The emergency has ended, said the whip in a post.</p></blockquote></div>`;
const paragraphsOf = (texts: string[]) => texts.map((p) => `<p>${p}</p>`).join("");
const page = (opening: string[]) =>
  `<!doctype html><html><head><title>Ending the emergency</title><meta property="og:type" content="article"></head><body>` +
  `<nav><a href="/">Home</a> <a href="/press">Press</a></nav><main><h1>Ending the emergency</h1><div class="parts">` +
  `<div class="media-block"><div>${paragraphsOf(opening)}</div></div>${EMBED}<div class="text"><div>${paragraphsOf(LATER)}</div></div>` +
  `</div></main><footer><a href="/about">About</a></footer></body></html>`;
const LETTER = [...OPENING, LATER[0]!];
const NAME_TEXT = Array.from({ length: 40 }, (_, i) => `Signer Number${i}, University of Place${i}, writer`).join(", ");

describe("front prose rule (front-prose.ts)", () => {
  test("a press release's opening before an embedded post comes first: Readability alone keeps the later block", async () => {
    const html = page(OPENING);
    const alone = await readabilityAlone(html, URL);
    expect(alone).toContain("number 4,");
    expect(alone).not.toContain("ended the state of emergency");
    const md = (await htmlToArticle(html, { url: URL }))?.markdown ?? "";
    expect(md).toContain("ended the state of emergency");
    expect(md).toContain("behind closed doors");
    expect(md.indexOf("ended the state of emergency")).toBeLessThan(md.indexOf("number 1,"));
    // Each paragraph once, and the embedded post (one short sentence) is no paragraph of the article.
    expect(md.split("ended the state of emergency").length).toBe(2);
    expect(md).not.toContain("said the whip in a post");
    const without = await htmlToArticle(html, { url: URL, without: new Set(["front-prose"]) });
    expect(without?.markdown).not.toContain("ended the state of emergency");
  });

  test("a few paragraphs before the later block are not the article's opening for this rule (a standfirst, a notice)", async () => {
    // Three paragraphs, 135 words: under frontProseMinWords.
    const html = page(OPENING.slice(0, 3));
    expect(await readabilityAlone(html, URL)).not.toContain("ended the state of emergency");
    const md = (await htmlToArticle(html, { url: URL, without: new Set(["split-intro", "lead"]) }))?.markdown ?? "";
    expect(md).toContain("number 4,");
    expect(md).not.toContain("ended the state of emergency");
  });

  test("paragraphs are listed from the title on, and those the result holds are not counted", () => {
    const d = makeDocument(
      `<p>${LETTER[4]}</p><h1>Title</h1><p>${LETTER[0]}</p><p>Too short to count.</p><p><a href="/x">${LETTER[1]}</a></p><p>${LETTER[2]}</p><p>${LETTER[3]}</p>`,
    );
    const paragraphs = proseParagraphs(d.body);
    // Before the title, too short, and mostly a link's text: not listed.
    expect(paragraphs.map((p) => p.probe.split(" ")[0])).toEqual(["the", "the", "he"]);
    const words = (i: number) => paragraphs[i]!.words;
    // The result opens with the third paragraph: the first two come before it.
    expect(frontProseWords(paragraphs, LETTER[3]!)).toBe(words(0) + words(1));
    // A result holding the first one: nothing before it.
    expect(frontProseWords(paragraphs, `${LETTER[0]} ${LETTER[3]}`)).toBe(0);
    // A result holding none of them (a list of names): all of them, the region tells where they are.
    expect(frontProseWords(paragraphs, NAME_TEXT)).toBe(words(0) + words(1) + words(2));
  });

  test("the region's paragraphs go first only from its title on, and only when the region holds the result's opening", () => {
    const region = `Site promotion paragraph with more than fifteen words in it that no article would ever hold in its text.\n\n# Title\n\n${LETTER.join("\n\n")}\n\n${NAME_TEXT}`;
    const front = withFrontProse(NAME_TEXT, region, 300);
    expect(front?.markdown.startsWith(LETTER[0]!)).toBe(true);
    expect(front?.markdown).not.toContain("Site promotion");
    expect(front?.markdown.endsWith(NAME_TEXT)).toBe(true);
    expect(withFrontProse(NAME_TEXT, LETTER.join("\n\n"), 300)).toBeNull();
    // Too little before the opening for what Readability kept.
    expect(withFrontProse(NAME_TEXT, region, 5000)).toBeNull();
  });
});
