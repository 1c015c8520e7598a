import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutMojibake } from "../../src/extract/mojibake.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
/** The text's UTF-8 read as windows-1252, as a misconfigured page serves it ("itâ€™s"). */
const readAsWindows1252 = (text: string) => new TextDecoder("windows-1252").decode(utf8(text));
/** The text's UTF-8 read as Latin-1: the bytes 0x80-0x9f become C1 control characters ("itâ\u0080\u0099s"). */
const readAsLatin1 = (text: string) => String.fromCharCode(...utf8(text));

const SENTENCE = "It’s a long way — “said she” … to the café™ and back, 20 °C, naïve 😀.";

describe("withoutMojibake: text encoded twice", () => {
  test("UTF-8 read as windows-1252 gets its characters back, emoji and all", () => {
    const broken = readAsWindows1252(SENTENCE);
    expect(broken).toContain("Itâ€™s");
    expect(withoutMojibake(broken)).toBe(SENTENCE);
  });

  test("UTF-8 read as Latin-1 (C1 control characters) gets its characters back", () => {
    expect(withoutMojibake(readAsLatin1(SENTENCE))).toBe(SENTENCE);
  });

  test("one certain run is enough, and the page's other runs are mended with it", () => {
    expect(withoutMojibake(`Cafâ€”${readAsWindows1252("é")}`)).toBe("Caf—é");
  });

  test("text that writes such characters on purpose, or as its own letters, stays", () => {
    for (const text of [
      'Users saw "Ã¤" instead of "ä" when the server sent the wrong charset.',
      "Ångström, Ærø, São Paulo, Straße, Øre, Â la carte, 5 Â° off",
      "Prices in € and ™ marks, “quotes” and — dashes written right.",
      "",
    ]) {
      expect(withoutMojibake(text)).toBe(text);
    }
  });

  test("a no-break space encoded twice, its space already plain, leaves no Â behind", () => {
    // "Â" and a no-break space; the Markdown writes the no-break space as a plain one or drops it at a line's end.
    const broken = "Zoho offersÂ a fully-featuredÂ free edition.Â\n\n## 1.Â Â Â Myth one\n\n$32.21 for cats.Â";
    expect(withoutMojibake(broken)).toBe("Zoho offers a fully-featured free edition.\n\n## 1. Myth one\n\n$32.21 for cats.");
    // With a twice-encoded quote on the page, the same.
    expect(withoutMojibake(`itâ€™s hereÂ now`)).toBe("it’s here now");
  });

  test("200,000 lost no-break spaces, and runs of spaces between them, are mended in bounded time", () => {
    const many = `word.${"Â ".repeat(200_000)}end`;
    expect(withoutMojibake(many)).toBe("word. end");
    const spaced = `a.Â${" ".repeat(100_000)}Âx `.repeat(20);
    expect(withoutMojibake(spaced)).not.toContain("a.Â");
  }, 5_000);

  test("a capital Â a language writes stays: inside a word, in capitals, or alone", () => {
    for (const text of ["ROMÂNIA, PÂTES and ÂGE", "Â la carte", "AÂ B"]) expect(withoutMojibake(text)).toBe(text);
  });

  test("a run whose bytes are no UTF-8 is text after all: it stays, and it proves nothing", () => {
    // E0 80 80 is an overlong form no UTF-8 decoder accepts.
    const overlong = "à\u0080\u0080";
    expect(withoutMojibake(`x ${overlong} y`)).toBe(`x ${overlong} y`);
    expect(withoutMojibake(`${overlong} itâ€™s`)).toBe(`${overlong} it’s`);
  });
});

describe("mojibake in a page", () => {
  const page = (text: string) =>
    `<html><head><title>A walk</title></head><body><article><h1>A walk</h1>` +
    `<p>${text} We left early, before the town woke, and walked the old road past the mill and the river.</p>` +
    `<p>The path climbs for an hour through the beech wood; it’s steep but the view at the top repays it.</p>` +
    `<p>Coming down we stopped at the inn, where the owner keeps a book of every walker who has passed.</p>` +
    `</article></body></html>`;

  test("a page encoded twice comes back readable; without the rule it stays broken", async () => {
    const html = readAsWindows1252(page(SENTENCE));
    const url = "https://example.com/walk";
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.markdown).toContain("It’s a long way — “said she”");
    expect(article.markdown).toContain("café™");
    expect(article.markdown).not.toContain("â€");
    // Counted as the same page written right would be.
    expect(article.words).toBe((await htmlToArticle(page(SENTENCE), { url }))!.words);
    const left = (await htmlToArticle(html, { url, without: new Set(["mojibake"]) }))!;
    expect(left.markdown).toContain("Itâ€™s a long way");
    expect(left.words).not.toBe(article.words);
  });

  test("characters the page wrote twice-encoded as entities, and its title, are mended too", async () => {
    const html = page("It&acirc;&euro;&trade;s late &acirc;&euro;&ldquo; but fine.")
      .replace("<title>A walk</title>", `<title>${readAsWindows1252("Côte d’Azur — a walk")}</title>`)
      .replace("<h1>A walk</h1>", `<h1>${readAsWindows1252("Côte d’Azur — a walk")}</h1>`);
    const article = (await htmlToArticle(html, { url: "https://example.com/walk" }))!;
    expect(article.markdown).toContain("It’s late – but fine.");
    expect(article.title).toBe("Côte d’Azur — a walk");
  });

  test("a page whose only broken characters are no-break spaces comes back without its Â", async () => {
    // The page's no-break spaces encoded twice: "Â" and a no-break space, in the HTML itself.
    const html = page(readAsWindows1252("The average premium was $62.44 for dogs.\u00a0 Embrace\u00a0 offers cover."));
    const url = "https://example.com/walk";
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.markdown).toContain("The average premium was $62.44 for dogs. Embrace offers cover.");
    expect(article.markdown).not.toContain("Â");
    const left = (await htmlToArticle(html, { url, without: new Set(["mojibake"]) }))!;
    expect(left.markdown).toContain("dogs.Â");
  });

  test("a page written right is not touched", async () => {
    const article = (await htmlToArticle(page('Users saw "Ã¤" for "ä".'), { url: "https://example.com/walk" }))!;
    expect(article.markdown).toContain('Users saw "Ã¤" for "ä".');
  });
});
