import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutInvisibleCharacters, withoutInvisibleText } from "../../src/extract/invisible.ts";

/** `text` encoded twice: its UTF-8 bytes read as Latin-1, as a page that encoded it twice holds it. */
const twice = (text: string) => Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join("");
/** A page of one article titled `title` with `body` under its heading. */
const articlePage = (title: string, body: string) =>
  `<html><head><title>${title}</title></head><body><article><h1>${title}</h1>${body}</article></body></html>`;
/** The Markdown vellum makes of `html`, with the invisible-characters rule on or left out. */
const markdownOf = async (html: string, url: string, ruleOn = true) =>
  (await htmlToArticle(html, { url, without: new Set(ruleOn ? [] : ["invisible-characters" as const]) }))?.markdown ?? "";

describe("invisible characters", () => {
  test("soft hyphens, zero-width spaces, word joiners and byte-order marks go, as characters and as references", () => {
    expect(withoutInvisibleCharacters("\uFEFF<p>Mit\u00ADtel\u00ADal\u00ADter http:/\u200B/www.\u200Bexample.org wo\u2060rd</p>")).toBe(
      "<p>Mittelalter http://www.example.org word</p>",
    );
    expect(
      withoutInvisibleCharacters("Guar&shy;an&SHY;tee, fi&#173;nan&#x00AD;cial, a&#8203;b&#x200b;c&#8288;d&#65279;e&#xFEFF;f &shy x"),
    ).toBe("Guarantee, financial, abcdef  x");
  });

  test("a joiner beside a space or a tag joins nothing and goes (a site builder's blank paragraph)", () => {
    expect(withoutInvisibleCharacters("<p>One.</p><p>\u200D</p><p>\u200C\u200D Two \u200D</p>\u200D")).toBe(
      "<p>One.</p><p></p><p> Two </p>",
    );
  });

  test("joiners that change how a script or an emoji is drawn stay, and so do references that only begin alike", () => {
    const kept = "👩\u200D💻 \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 &shyness &#1730; &#x20; &#82030; &amp;shy;";
    expect(withoutInvisibleCharacters(kept)).toBe(kept);
  });

  test("on a page encoded twice a soft hyphen is a byte of a character, and the mend gives the character back", async () => {
    // "⭐" is E2 AD 90 and "í" is C3 AD in UTF-8; read as Latin-1, each holds U+00AD.
    const body = Array.from(
      { length: 6 },
      (_, i) => `<p>${twice("Rated ⭐⭐⭐⭐⭐ by the jury of Bogotá, it’s the film of the year")}, part ${i}.</p>`,
    ).join("");
    expect(withoutInvisibleCharacters(body)).toBe(body);
    const html = articlePage("Film", body);
    const md = await markdownOf(html, "https://film.example/review");
    expect(md).toContain("Rated ⭐⭐⭐⭐⭐ by the jury of Bogotá, it’s the film of the year, part 0.");
  });

  test("end to end: a hyphenated article's words come back whole, and a heading of zero-width spaces goes", async () => {
    const body = Array.from(
      { length: 6 },
      (_, i) => `<p>Schon im Mit&shy;tel&shy;al&shy;ter war der Wein das Aus&shy;hän&shy;ge&shy;schild der Re&shy;gion, Absatz ${i}.</p>`,
    ).join("");
    const html = `<html><head><title>Wein</title></head><body><article><h1>Wein</h1>${body}<h2>\u200B\u200B</h2>${body}</article></body></html>`;
    const url = "https://wine.example/story";
    const md = await markdownOf(html, url);
    expect(md).toContain("Schon im Mittelalter war der Wein das Aushängeschild der Region");
    expect(md).not.toContain("\u00AD");
    expect(md).not.toMatch(/^##\s*$/m);
    const left = await markdownOf(html, url, false);
    expect(left).toContain("Mit\u00ADtel\u00ADal\u00ADter");
    expect(left).toContain("## \u200B\u200B\n");
  });
  test("ASCII's control characters go, white space and the C1 controls of a page encoded twice stay", () => {
    expect(withoutInvisibleCharacters("<p>die unbequemen \u001DThemen\u0000 unserer\u0007 Zeit\u007F</p>")).toBe(
      "<p>die unbequemen Themen unserer Zeit</p>",
    );
    const kept = "<pre>a\tb\nc\rd\fe</pre> \u0080\u009F &#29;";
    expect(withoutInvisibleCharacters(kept)).toBe(kept);
  });

  test("end to end: a word after a control character is the word alone", async () => {
    const body = Array.from(
      { length: 6 },
      (_, i) => `<p>Die Autorin scheut auch die unbequemen \u001DThemen unserer Zeit nicht, Absatz ${i}, und schreibt weiter.</p>`,
    ).join("");
    const html = articlePage("Buch", body);
    const url = "https://books.example/review";
    const md = await markdownOf(html, url);
    expect(md).toContain("die unbequemen Themen unserer Zeit");
    expect(md).not.toContain("\u001D");
    const left = await markdownOf(html, url, false);
    expect(left).toContain("\u001DThemen");
  });
  test("a joiner encoded twice, given back by the mend, goes with the paragraph it was alone in", async () => {
    const para = (i: number) => `<p>${twice("We’ve narrowed down the top four builders for small businesses")}, part ${i}.</p>`;
    const body = `${para(0)}${para(1)}<p>${twice("\u200D")}</p><h2>${twice("What’s a builder?")}</h2>${para(2)}${para(3)}${para(4)}`;
    const html = articlePage("Builders", body);
    const url = "https://builders.example/guide";
    const md = await markdownOf(html, url);
    expect(md).toContain("We’ve narrowed down the top four builders for small businesses, part 1.\n\n## What’s a builder?");
    expect(md).not.toContain("\u200D");
    const left = await markdownOf(html, url, false);
    expect(left).toContain("part 1.\n\n\u200D\n\n## What’s a builder?");
  });

  test("the mend's invisible characters go from the title, byline and excerpt too", async () => {
    const para = (i: number) => `<p>${twice("We’ve narrowed down the top four builders for small businesses")}, part ${i}.</p>`;
    const title = twice("\u200BBuilders\u00AD compared\u200D");
    const head = `<meta name="description" content="${twice("Four\u200B builders, side by side’s")}"><meta name="author" content="${twice("Zoë\u200D Kim")}">`;
    const html = `<html><head><title>${title}</title>${head}</head><body><article><h1>${title}</h1>${[0, 1, 2, 3, 4].map(para).join("")}</article></body></html>`;
    const url = "https://builders.example/compared";
    const article = await htmlToArticle(html, { url });
    expect(article?.title).toBe("Builders compared");
    expect(article?.excerpt).toBe("Four builders, side by side’s");
    expect(article?.byline).toBe("Zoë Kim");
    const left = await htmlToArticle(html, { url, without: new Set(["invisible-characters" as const]) });
    expect(left?.title).toBe("\u200BBuilders\u00AD compared\u200D");
    expect(left?.byline).toBe("Zoë\u200D Kim");
  });

  test("withoutInvisibleText: an emptied line goes with the blank line before it; others keep their places", () => {
    expect(withoutInvisibleText("One.\n\n\u200D\n\nTwo.")).toBe("One.\n\nTwo.");
    expect(withoutInvisibleText("\u200B\n\nOne\u00AD word.\n\n    code")).toBe("One word.\n\n    code");
    expect(withoutInvisibleText("Plain text.\n\n\n")).toBe("Plain text.\n\n\n");
  });
});
