import { describe, expect, test } from "bun:test";
import { isControlLabel, isShareLabel, withoutControlLabels, withoutNumberLists } from "../../src/extract/control-labels.ts";
import { withoutLinesWhere } from "../../src/extract/markdown.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

describe("control labels in the other languages most pages are in", () => {
  test("a comment's reply button and read-more, back-to-top and loading labels go; sentences stay", () => {
    for (const label of [
      "Reply",
      "Weiterlesen",
      "Nach oben",
      "Wird geladen...",
      "Antworten",
      "War dieser Artikel hilfreich?",
      "Lire la suite",
      "Retour en haut",
      "Leer más",
      "Volver arriba",
      "Leggi tutto",
      "Leia mais",
      "Lees meer",
      "Czytaj dalej",
      "[Répondre](https://a.example/#respond)",
      "Lade weitere Inhalte ...",
      "Mehr laden",
      "Bild anzeigen Bild schließen",
      "Kommentare(0)",
      "[Comments (3)](https://a.example/post#comments)",
    ])
      expect(isControlLabel(label)).toBe(true);
    for (const sentence of [
      "Reply to the council by Friday.",
      "Weiterlesen lohnt sich: der zweite Teil erklärt die Kosten.",
      "## Antworten",
      "- Nach oben führt eine schmale Treppe.",
      "Weitere Inhalte folgen in der nächsten Ausgabe.",
      "Comments (3) were left on the council's page.",
    ])
      expect(isControlLabel(sentence)).toBe(false);
  });
});

describe("a toggle's label, its button gone", () => {
  test("showing and hiding sources or details goes, in English and German; a sentence stays", () => {
    for (const label of ["Quellen ausblenden", "Quellen anzeigen", "Weniger anzeigen", "Show sources", "Hide details"])
      expect(isControlLabel(label)).toBe(true);
    for (const sentence of ["Show sources of funding in the table below.", "Quellen anzeigen lassen kann nur, wer angemeldet ist."])
      expect(isControlLabel(sentence)).toBe(false);
  });
});

describe("a rating widget's prompt, its stars gone", () => {
  test("the prompt goes, in English and German", () => {
    for (const label of [
      "Rate this article",
      "Hier können Sie den Artikel bewerten",
      "Bewerten Sie diesen Beitrag:",
      "Wie hat Ihnen dieser Artikel gefallen?",
    ])
      expect(isControlLabel(label)).toBe(true);
  });

  test("a sentence about rating, a heading and a list item stay", () => {
    for (const sentence of [
      "Rate this article's claims against the sources below.",
      "## Rate this article",
      "- Den Artikel bewerten die Leser mit fünf Sternen.",
    ])
      expect(isControlLabel(sentence)).toBe(false);
  });
});

describe("a shop's or a listing's count of what the page shows", () => {
  test("the count goes, in English and German", () => {
    for (const label of [
      "Showing 1–12 of 48 results",
      "Showing all 9 results",
      "Showing the single result",
      "Zeige 1–12 von 48 Ergebnissen",
      "Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt!",
      // Thousands written with a comma, a range with "to", a count with no range.
      "Showing 1 to 24 of 1,093 results",
      "Showing 48 products",
      "Showing 1–12 of 48",
    ])
      expect(isControlLabel(label)).toBe(true);
  });

  test("a sentence counting results, a heading and a list item stay", () => {
    for (const sentence of [
      "Showing 1-10 of the best results we found today",
      "Showing all 9 results took the lab a week.",
      "Showing 48 products at the fair was the plan.",
      "## Showing 1–12 of 48 results",
      "- Showing all 9 results",
    ])
      expect(isControlLabel(sentence)).toBe(false);
  });
});

describe("withoutControlLabels: a control's label left on its own line", () => {
  test("labels go, as plain text or as a link, and the text stays", () => {
    const md = [
      "# Restaurants in Brooklyn",
      "Page 1 of 8",
      "## Olmsted",
      "A garden restaurant whose menu follows what grows in the back yard that week.",
      "View in list",
      "**Read More**",
      "[See More ![](https://a.example/arrow.svg)](https://a.example/latest/)",
      "Results per page:",
      "Back to top",
      "Expand description",
      "Was this helpful?",
      "[All content about urban gardens](https://a.example/search?theme=gardens)",
    ].join("\n\n");
    const out = withoutControlLabels(md);
    for (const gone of [
      "Page 1 of 8",
      "View in list",
      "Read More",
      "See More",
      "Results per page",
      "Back to top",
      "Expand",
      "helpful",
      "All content",
    ])
      expect(out).not.toContain(gone);
    expect(out).toContain("## Olmsted");
    expect(out).toContain("A garden restaurant");
  });

  test("a heading, a list item, a longer line and a sentence stay", () => {
    expect(isControlLabel("## Home")).toBe(false);
    expect(isControlLabel("- Contact us")).toBe(false);
    expect(isControlLabel("Read more about how we choose the restaurants.")).toBe(false);
    expect(isControlLabel("Home is where the garden is.")).toBe(false);
    expect(isControlLabel("Page 1 of the report lists every inspection.")).toBe(false);
    expect(isControlLabel("Contact us")).toBe(true);
    expect(isControlLabel("All content about urban gardens is reviewed by our editors.")).toBe(false);
    expect(isControlLabel("[All posts](https://a.example/blog) and [more articles](https://a.example/news)")).toBe(false);
  });
});

describe("a video player's controls left as text", () => {
  test("the words a web player writes for its buttons go; sentences about a video stay", () => {
    for (const label of [
      "Video Player is loading.",
      "Play Video",
      "Current Time 0:00",
      "Duration 0:00",
      "Remaining Time -0:00",
      "Loaded: 0%",
      "Progress: 12.5%",
      "Stream Type LIVE",
      "This is a modal window.",
      "Beginning of dialog window. Escape will cancel and close the window.",
      "captions off, selected",
    ])
      expect(isControlLabel(label)).toBe(true);
    for (const sentence of [
      "The video player is loading the next episode for you.",
      "Duration 0:00 means the stream has not started yet, so wait for it.",
      "Current time zone: Europe/Berlin",
      "Loaded: the truck carries 40 tonnes.",
    ])
      expect(isControlLabel(sentence)).toBe(false);
  });
});

describe("lists of numbers counting from one (a slider's dots, a pager's page numbers)", () => {
  test("a slider's dots and a pager's linked numbers with an ellipsis go", () => {
    const md =
      "Intro text.\n\n- 1\n- 2\n- 3\n- 4\n\nMiddle text.\n\n- [1](/p/1)\n- [2](/p/2)\n- [3](/p/3)\n- …\n- [20](/p/20)\n\nEnd text.";
    expect(withoutNumberLists(md)).toBe("Intro text.\n\nMiddle text.\n\nEnd text.");
  });

  test("figures, a short list, a list with other entries and code stay", () => {
    const figures = "- 120\n- 45\n- 7";
    expect(withoutNumberLists(figures)).toBe(figures);
    const short = Array.from({ length: THRESHOLDS.numberListMinEntries - 1 }, (_, i) => `- ${i + 1}`).join("\n");
    expect(withoutNumberLists(short)).toBe(short);
    const steps = "- 1\n- 2\n- 3\n- Then bake for 20 minutes.";
    expect(withoutNumberLists(steps)).toBe(steps);
    const code = "```\n- 1\n- 2\n- 3\n```";
    expect(withoutNumberLists(code)).toBe(code);
  });
});

test("a code block's line numbers drawn as a list beside it are not in the Markdown", async () => {
  const paragraph =
    "<p>The new ferry crosses the bay in forty minutes, and carries two hundred passengers, bikes and cars on each trip.</p>";
  const code = `<pre><code>const ferry = new Ferry({ seats: 200 });\nferry.sail("north pier");\nferry.dock();\nferry.unload();\nferry.clean();\nferry.sail("south pier");</code></pre>`;
  const gutter = `<div class="example"><ul>${[1, 2, 3, 4, 5, 6].map((n) => `<li>${n}</li>`).join("")}</ul>${code}</div>`;
  const html = `<html><head><title>Ferry</title></head><body><article><h1>The new ferry API</h1>${paragraph.repeat(3)}${gutter}${paragraph.repeat(3)}</article></body></html>`;
  const md = (await htmlToArticle(html, { url: "https://news.example/ferry" }))!.markdown;
  expect(md).toContain('ferry.sail("north pier");');
  expect(md).not.toMatch(/^- 3$/m);
});

describe("isShareLabel: a sharing or liking widget's label, its buttons gone", () => {
  test("the widget's labels go, as lines or as headings below the title, in the languages most pages are in", () => {
    for (const line of [
      "### Share this:",
      "#### Like this:",
      "Like Loading...",
      "Be Sociable, Share!",
      "Share this article",
      "### Teilen Sie dies mit:",
      "### Gefällt mir:",
      "Liken Lade …",
      "Gefällt mir Wird geladen...",
      "**Partager :**",
      "### Compartir esto:",
      "Me gusta Cargando...",
      "Condividi questo articolo",
      "Deel dit artikel",
    ])
      expect(isShareLabel(line)).toBe(true);
    const post = "## Monstergespräche #1\n\nM: Wer rutscht als nächstes aus auf dem Glatteis?";
    expect(withoutLinesWhere(`${post}\n\n### Teilen Sie dies mit:\n\n### Gefällt mir:\n\nGefällt mir Wird geladen...`, isShareLabel)).toBe(
      post,
    );
  });

  test("a post titled with the words, a linked label, a sentence, a list item and a table row stay", () => {
    for (const line of [
      "# [Gefällt mir](https://blog.example/2011/09/11/gefallt-mir/)",
      "# Gefällt mir",
      "## Like this",
      // Dutch "Delen" alone also means "parts": a manual's section.
      "### Delen",
      "[Share this](https://blog.example/share)",
      "Share this project with your classmates and make your way towards an A.",
      "Gefällt mir sehr, dieser Sommer am See.",
      "- Share this",
      "| Like this | Like that |",
    ])
      expect(isShareLabel(line)).toBe(false);
  });

  test("through htmlToArticle: a blog platform's sharing box under a short post goes; left out, it stays", async () => {
    // A short post (the main region, not Readability's choice, is the content): its sharing and liking boxes after it.
    const html = `<html><body><div class="menu"><ul><li><a href="/">Startseite</a></li><li><a href="/about/">Über mich</a></li></ul></div><div class="post"><h1><a href="https://blog.example/2009/12/23/monstergesprche-1/">Monstergespräche #1</a></h1><div class="post-content"><p>M: Wer rutscht als nächstes aus auf dem Glatteis? Ich: Ich wette, dass du als nächstes ausrutschst. M: Gewonnen!</p><div class="sharedaddy"><h3 class="sd-title">Teilen Sie dies mit:</h3><div class="sd-content"><ul><li><a class="share-twitter" href="https://blog.example/?share=twitter"><span>Twitter</span></a></li></ul></div></div><div class="sharedaddy sd-like"><h3 class="sd-title">Gefällt mir:</h3><div class="likes-widget-placeholder"><span class="button"><span>Gefällt mir</span></span> <span class="loading">Wird geladen...</span></div></div></div></div><div id="footer"><a href="#top">Zurück zum Seitenanfang</a></div></body></html>`;
    const url = "https://blog.example/2009/12/23/monstergesprche-1/";
    const md = (await htmlToArticle(html, { url }))!.markdown;
    expect(md).toContain("Gewonnen!");
    expect(md).not.toContain("Teilen Sie dies mit");
    expect(md).not.toContain("Wird geladen");
    const off = (await htmlToArticle(html, { url, without: new Set(["share-labels"]) }))!.markdown;
    expect(off).toContain("### Teilen Sie dies mit:");
    expect(off).toContain("Gewonnen!");
  });
});
