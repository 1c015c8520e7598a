import { describe, expect, test } from "bun:test";
import {
  isStoryLabel,
  withoutEndSections,
  withoutOwnTitleTeasers,
  withoutTrailingHeadings,
  withoutTrailingTeasers,
} from "../../src/extract/end-sections.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

const story = [
  "# How to keep a sourdough starter alive",
  "A starter is flour and water that wild yeast and bacteria have made their home, and it needs feeding like any pet. ".repeat(3),
  "## Feeding",
  "Feed it once a day at room temperature, or once a week when it lives in the fridge, with equal weights of flour and water. ".repeat(3),
  "## When it smells of nail polish",
  "That smell is hunger: the yeast has eaten everything and the bacteria make acetone. Feed it twice and it will recover. ".repeat(3),
];

describe("withoutEndSections: what a site appends below an article", () => {
  test("a heading naming other stories cuts the teasers after it, to the end", () => {
    const md = [
      ...story,
      "## You might also like",
      "#### Baking",
      "### How to shape a boule",
      "Ten minutes of folding and a cold night make the crumb open.",
      "![A loaf](https://blog.example/loaf.jpg)",
      "### [Rye for beginners](https://blog.example/rye)",
      "Less gluten, more flavour, and a sticky dough you should not fear.",
      "© 2026 The Example Bakery",
    ].join("\n\n");
    const { markdown, cut } = withoutEndSections(md);
    expect(markdown).toContain("Feed it twice and it will recover.");
    expect(markdown).not.toContain("You might also like");
    expect(markdown).not.toContain("Rye for beginners");
    expect(cut).toContain("How to shape a boule");
  });

  test("other stories named in the other languages most pages are in go with their teasers", () => {
    for (const heading of [
      "### *Ähnliche Beiträge*",
      "## Mehr zum Thema Brot",
      "## Neueste Artikel",
      "## Das könnte Sie auch interessieren",
      "## À lire aussi",
      "## Artículos relacionados",
      "## Leggi anche",
      "## Leia também",
      "## Lees ook",
      "## Czytaj także",
      // The words boilerplate.ts reads before a story's title too (READ_ALSO_WORDS).
      "## Zobacz również",
      "## Lea también",
    ]) {
      const md = [
        ...story,
        heading,
        "- [Wie man einen Laib formt](https://blog.example/laib)",
        "- [Roggen für Anfänger](https://blog.example/roggen)",
      ].join("\n\n");
      const { markdown } = withoutEndSections(md);
      expect(markdown).toContain("Feed it twice and it will recover.");
      expect(markdown).not.toContain("Roggen");
    }
  });

  test("a late section whose heading only starts like those names, or holds prose, stays", () => {
    for (const heading of ["## Weitere Informationen zur Fütterung", "## Ähnliche Beiträge"]) {
      const md = [
        ...story,
        heading,
        "Wer den Starter länger als zwei Wochen allein lässt, sollte ihn vorher kräftig füttern und danach zweimal auffrischen. ".repeat(3),
        "Im Kühlschrank hält er so einen Monat, manchmal länger, wenn das Mehl frisch und das Glas sauber war. ".repeat(3),
      ].join("\n\n");
      expect(withoutEndSections(md).markdown).toContain("Im Kühlschrank hält er so einen Monat");
    }
  });

  test("a comment form's heading and what little is left of the form go; a section titled 'Comments' stays", () => {
    for (const heading of [
      "### Leave a Reply",
      "## Schreibe einen Kommentar",
      "### Kommentieren",
      "## 0 Comments",
      "## Laisser un commentaire",
    ]) {
      const md = [...story, heading, "Name", "E-Mail", "Website"].join("\n\n");
      const { markdown } = withoutEndSections(md);
      expect(markdown).toContain("Feed it twice and it will recover.");
      expect(markdown).not.toContain(heading.replace(/^#+ /, ""));
      expect(markdown).not.toContain("Website");
    }
    const guide = [
      ...story,
      "## Comments",
      "Write a comment above every function that says why it exists, not what it does. ".repeat(2),
    ].join("\n\n");
    expect(withoutEndSections(guide).markdown).toContain("Write a comment above every function");
    const thread = [
      ...story,
      "## 3 Kommentare zu Sauerteig",
      "Ich füttere meinen Starter jeden Sonntag und er lebt seit Jahren, auch im Urlaub. ".repeat(20),
    ].join("\n\n");
    expect(withoutEndSections(thread).markdown).toContain("Ich füttere meinen Starter");
  });

  test("a short post's sidebar after its comment form's heading goes, though the sidebar is longer than the post", () => {
    const post = ["# Nichts tun", "Manchmal ist die beste Entscheidung, gar nichts zu entscheiden und abzuwarten."];
    const sidebar = [
      "- ## Kategorien",
      ...Array.from({ length: 30 }, (_, i) => `  - [Kategorie Nummer ${i}](https://blog.example/kategorie/${i})`),
      "- ## Meta",
      "  - [Anmelden](https://blog.example/login)",
    ];
    for (const heading of ["### Kommentar verfassen", "## Leave a Reply", "### Laisser un commentaire", "#### Zostaw komentarz"]) {
      const { markdown, cut } = withoutEndSections([...post, heading, ...sidebar].join("\n\n"));
      expect(markdown).toBe(post.join("\n\n"));
      expect(cut).toContain("Kategorie Nummer 29");
    }
  });

  test("early, a count of comments, a form's heading over prose or one opening the text keep what follows", () => {
    const post = ["# Nichts tun", "Manchmal ist die beste Entscheidung, gar nichts zu entscheiden und abzuwarten."];
    const teasers = Array.from({ length: 30 }, (_, i) => `- [Kategorie Nummer ${i}](https://blog.example/kategorie/${i})`);
    // A count heads the comments, whose names and short replies read like teasers.
    const comments = ["## 3 Kommentare", ...["Anna", "Ben", "Carla"].flatMap((name) => [`**${name}**`, "12. März 2024", "Sehr schön!"])];
    expect(withoutEndSections([...post, ...comments].join("\n\n")).markdown).toContain("Carla");
    // "Add a comment" is printed under each post of a question-and-answer thread.
    expect(withoutEndSections([...post, "### Add a comment", ...teasers].join("\n\n")).markdown).toContain("Kategorie Nummer 29");
    // Prose after the heading is no sidebar.
    const prose = "Wer hier kommentiert, sollte wissen, dass wir jeden Kommentar lesen und oft auch beantworten, meist am selben Tag. ";
    const reply = [...post, "## Schreibe einen Kommentar", prose.repeat(3), ...teasers].join("\n\n");
    expect(withoutEndSections(reply).markdown).toContain("Kategorie Nummer 29");
    // A page that opens on the heading is the form's own page.
    expect(withoutEndSections(["## Leave a Reply", ...teasers].join("\n\n")).markdown).toContain("Kategorie Nummer 29");
  });

  test("an author's box labelled by a paragraph, not a heading, goes like one under a heading", () => {
    const bio = "Jossi Loibl writes about wine and food for magazines, and has judged at tastings for 25 years.";
    for (const label of ["Über den Autor", "***Über die Autorin:***", "About the Author:", "*À propos de l'auteur*"]) {
      const md = [...story, label, "![Jossi Loibl](https://wine.example/jossi.jpg)", bio].join("\n\n");
      const { markdown, cut } = withoutEndSections(md);
      expect(markdown).toContain("Feed it twice and it will recover.");
      expect(markdown).not.toContain("Jossi Loibl writes");
      expect(cut).toContain(label);
    }
    // The section ends at the next heading, which stays; a long text under the label is no box; early,
    // in a sentence or in a list the words stay.
    const next = [...story, "Über den Autor", bio, "## Weitere Weine", "Ein Rosé aus dem Süden."].join("\n\n");
    expect(withoutEndSections(next).markdown).toContain("## Weitere Weine");
    expect(withoutEndSections(next).markdown).not.toContain("Jossi Loibl writes");
    const long = [...story, "About the Author", "He wrote this guide over twenty winters in a cold kitchen. ".repeat(40)].join("\n\n");
    expect(withoutEndSections(long).markdown).toContain("twenty winters");
    const early = ["# Ten starters", "About the author", bio, ...story.slice(1)].join("\n\n");
    expect(withoutEndSections(early).markdown).toContain("Jossi Loibl writes");
    const sentence = [...story, "About the author: he bakes every Sunday.", bio].join("\n\n");
    expect(withoutEndSections(sentence).markdown).toContain("Jossi Loibl writes");
    const item = [...story, "- About the author", bio].join("\n\n");
    expect(withoutEndSections(item).markdown).toContain("Jossi Loibl writes");
  });

  test("longer names of other stories: 'Related articles that may interest you', 'You'll also love…'", () => {
    for (const heading of ["## Related articles that may interest you", "### **You’ll Also Love...**"]) {
      const md = [
        ...story,
        heading,
        "- [**How to shape a boule**](https://blog.example/boule)",
        "- [**Rye for beginners**](https://blog.example/rye)",
      ].join("\n\n");
      const { markdown } = withoutEndSections(md);
      expect(markdown).toEndWith("Feed it twice and it will recover.");
    }
  });

  test("a section about what readers will love in the subject, or related reading in prose, stays", () => {
    for (const heading of ["## Why you'll love this bread", "## You'll love the crust", "## Related reading"]) {
      const md = [
        ...story,
        heading,
        `${"A long crust bakes dark, thick and crackling when the oven is hot and the loaf is steamed. ".repeat(3)}`,
      ].join("\n\n");
      expect(withoutEndSections(md).markdown).toBe(md);
    }
  });

  test("a list of links in sentences under 'Related' goes; a heading left with nothing under it goes", () => {
    const related = [
      ...story,
      "#### You may be interested in the following topics as well:",
      "- Learn why [rye starters](https://blog.example/rye) ferment faster than wheat ones.",
      "- Find out [what flour to buy](https://blog.example/flour) for your first loaf.",
    ].join("\n\n");
    expect(withoutEndSections(related).markdown).not.toContain("rye starters");
    const empty = [...story, "## Related posts", "## Storing the bread", "Wrap it in linen, never in plastic."].join("\n\n");
    const { markdown } = withoutEndSections(empty);
    expect(markdown).not.toContain("Related posts");
    expect(markdown).toContain("Wrap it in linen, never in plastic.");
  });

  test("a short box about the author or the newsletter goes; the article's own sections after it stay", () => {
    const md = [
      ...story,
      "### About the author",
      "Ada Example bakes bread in Lyon and writes about fermentation for the Example Bakery.",
      "## Join our newsletter",
      "One recipe a week, straight to your inbox.",
      "## Troubleshooting",
      "A flat loaf means an underproofed dough or a tired starter.",
    ].join("\n\n");
    const { markdown } = withoutEndSections(md);
    expect(markdown).not.toContain("Ada Example bakes bread");
    expect(markdown).not.toContain("One recipe a week");
    expect(markdown).toContain("A flat loaf means an underproofed dough");
  });

  test("prose under a teaser-like heading stays: a recipe card, long paragraphs, a 'Join types' section", () => {
    const recipe = [
      ...story,
      "## More great bread recipes",
      "Did you make one of my recipes? Please leave a star rating below.",
      "#### Ingredients",
      "- 400 grams unbleached bread flour, a mix of bread flour, all-purpose flour and whole wheat flour",
      "- 280 grams lukewarm water",
      "#### Method",
      "- The night before, feed the starter and place it somewhere warm until it doubles in size.",
      "- The next morning mix the flour and water and leave the dough to rest for one hour.",
      "- Add the starter and the salt, then fold the dough every half hour for two hours.",
      "- Shape the loaf, proof it in the fridge overnight and bake it in a hot covered pot.",
    ].join("\n\n");
    expect(withoutEndSections(recipe).markdown).toContain("280 grams lukewarm water");
    const joins = [...story, "### Join types", "A nested loop scans the inner table for each row of the outer table."].join("\n\n");
    expect(withoutEndSections(joins).markdown).toContain("A nested loop scans");
  });

  test("early headings of that kind are the article's own", () => {
    const md = [
      "# Ten courses for learning to draw",
      "### Recommended courses",
      "- [Drawing basics](https://school.example/basics)",
      "- [Perspective](https://school.example/perspective)",
      ...story,
    ].join("\n\n");
    expect(withoutEndSections(md).markdown).toContain("Drawing basics");
  });
});

describe("htmlToArticle: end sections of a declared article", () => {
  const html = `<html><head><title>Keeping a starter</title><meta property="og:type" content="article"></head><body><article>
    <h1>How to keep a sourdough starter alive</h1>
    ${story
      .slice(1)
      .map((s) => (s.startsWith("## ") ? `<h2>${s.slice(3)}</h2>` : `<p>${s}</p>`))
      .join("")}
    <h2>Recommended reading</h2>
    <div><h3>How to shape a boule</h3><p>Ten minutes of folding and a cold night make the crumb open.</p></div>
    <div><h3>Rye for beginners</h3><p>Less gluten, more flavour, and a sticky dough you should not fear.</p></div>
  </article></body></html>`;

  test("the teasers go, and come back when the rule is left out", async () => {
    const article = await htmlToArticle(html, { url: "https://blog.example/starter" });
    expect(article?.markdown).toContain("Feed it twice");
    expect(article?.markdown).not.toContain("Rye for beginners");
    const without = await htmlToArticle(html, { url: "https://blog.example/starter", without: new Set(["end-sections"]) });
    expect(without?.markdown).toContain("Rye for beginners");
  });
});

describe("htmlToArticle: end sections of a page that declares nothing", () => {
  const page = (tail: string) => `<html><head><title>Keeping a starter</title></head><body><article>
    <h1>How to keep a sourdough starter alive</h1>
    ${story
      .slice(1)
      .map((s) => (s.startsWith("## ") ? `<h2>${s.slice(3)}</h2>` : `<p>${s}</p>`))
      .join("")}
    ${tail}
  </article></body></html>`;
  const teasers = `<h2>Weitere Beiträge</h2><div><h3>Wie man einen Laib formt</h3><p>Zehn Minuten falten und eine kalte Nacht.</p></div>
    <div><h3>Roggen für Anfänger</h3><p>Weniger Gluten, mehr Geschmack.</p></div>`;
  const shop = `<h2>Recommended for you</h2><div><h3>Rye flour, 1 kg</h3><p>$4.99</p></div><div><h3>Proofing basket</h3><p>$19.00</p></div><div><h3>Dough scraper</h3><p>$6.50</p></div>`;

  test("a blog's other stories go without the article declared; left out (rule undeclared-end-sections), they stay", async () => {
    const url = "https://blog.example/starter";
    const article = await htmlToArticle(page(teasers), { url });
    expect(article?.markdown).toContain("Feed it twice");
    expect(article?.markdown).not.toContain("Roggen");
    expect((await htmlToArticle(page(teasers), { url, without: new Set(["undeclared-end-sections"]) }))?.markdown).toContain("Roggen");
  });

  test("a shop's priced cards under such a heading stay: on a page of no declared type they may be its content", async () => {
    const article = await htmlToArticle(page(shop), { url: "https://shop.example/starter" });
    expect(article?.markdown).toContain("Proofing basket");
  });
});

describe("withoutEndSections on hostile lines", () => {
  test("a teaser line of a long run of dots before a word is read in linear time", () => {
    const md = [...story, "## You might also like", `a${".".repeat(200_000)}b`, "### [Rye for beginners](https://blog.example/rye)"].join(
      "\n\n",
    );
    const { markdown } = withoutEndSections(md);
    expect(markdown).toContain("Feed it twice and it will recover.");
    expect(markdown).not.toContain("Rye for beginners");
  }, 5_000);
});

describe("withoutTrailingTeasers: the site's other stories an article ends on, under no heading", () => {
  const url = "https://www.blog.example/starter";
  const teaser = (slug: string, title: string, blurb: string) => [
    `![${title}](https://cdn.blog.example/${slug}.jpg)`,
    `### [${title}](https://blog.example/${slug})`,
    blurb,
  ];
  const teasers = [
    ...teaser(
      "boule",
      "How to shape a boule",
      "Ten minutes of folding and a cold night make the crumb open, and a basket gives it its shape.",
    ),
    "---",
    ...teaser("rye", "Rye for beginners", "Less gluten, more flavour, and a sticky dough you should not fear."),
    "---",
    ...teaser("flour", "Which flour to buy", "Protein, ash and the miller's name: what the bag tells you and what it hides."),
  ];

  test("a run of linked headings to the site's own pages, each with its blurb, goes", () => {
    const { markdown, cut } = withoutTrailingTeasers([...story, ...teasers].join("\n\n"), url);
    expect(markdown).toEndWith("Feed it twice and it will recover.");
    expect(cut).toContain("Rye for beginners");
    expect(cut).toContain("boule.jpg");
  });

  test("teasers whose pictures are list items, two to a line or with a title, go the same way", () => {
    const listed = teasers.map((line) =>
      line.startsWith("![") ? `- ${line} [![](https://cdn.blog.example/thumb.jpg)](https://blog.example/more) ` : line,
    );
    const after = teasers.map((line) =>
      line.startsWith("Less gluten") ? `${line}\n\n- ![Rye loaf](https://cdn.blog.example/rye2.jpg "Rye")` : line,
    );
    for (const shaped of [listed, after]) {
      const { markdown, cut } = withoutTrailingTeasers([...story, ...shaped].join("\n\n"), url);
      expect(markdown).toEndWith("Feed it twice and it will recover.");
      expect(cut).toContain("Rye for beginners");
    }
  });

  test("relative links are the site's own too", () => {
    const relative = teasers.map((line) => line.replace("https://blog.example/", "/"));
    expect(withoutTrailingTeasers([...story, ...relative].join("\n\n"), url).markdown).not.toContain("Rye for beginners");
  });

  test("entries linking to other sites stay: a list of the tools or places the article names", () => {
    const out = teasers.map((line) => line.replace("https://blog.example/", "https://other.example/"));
    const md = [...story, ...out].join("\n\n");
    expect(withoutTrailingTeasers(md, url).markdown).toBe(md);
  });

  test("two linked headings stay (a series' previous and next), and so do entries of two paragraphs", () => {
    const two = [...story, ...teasers.slice(0, 7)].join("\n\n");
    expect(withoutTrailingTeasers(two, url).markdown).toBe(two);
    const long = [...story, ...teasers.flatMap((line) => (line.startsWith("Less gluten") ? [line, line] : [line]))].join("\n\n");
    expect(withoutTrailingTeasers(long, url).markdown).toBe(long);
  });

  test("a listicle whose linked entries are most of the article stays", () => {
    const md = ["# Three sourdough guides", "Our favourites.", ...teasers].join("\n\n");
    expect(withoutTrailingTeasers(md, url).markdown).toBe(md);
  });

  test("htmlToArticle leaves the teasers out, and keeps them when the rule is left out", async () => {
    const html = `<html><head><title>Keeping a starter</title></head><body><article>
      <h1>How to keep a sourdough starter alive</h1>
      ${story
        .slice(1)
        .map((s) => (s.startsWith("## ") ? `<h2>${s.slice(3)}</h2>` : `<p>${s}</p>`))
        .join("")}
      <h3><a href="/boule">How to shape a boule</a></h3><p>Ten minutes of folding and a cold night make the crumb open.</p>
      <h3><a href="/rye">Rye for beginners</a></h3><p>Less gluten, more flavour, and a sticky dough you should not fear.</p>
      <h3><a href="/flour">Which flour to buy</a></h3><p>Protein, ash and the miller's name: what the bag tells you.</p>
    </article></body></html>`;
    const article = await htmlToArticle(html, { url });
    expect(article?.markdown).toContain("Feed it twice");
    expect(article?.markdown).not.toContain("Rye for beginners");
    const without = await htmlToArticle(html, { url, without: new Set(["trailing-teasers"]) });
    expect(without?.markdown).toContain("Rye for beginners");
  });
});

describe("withoutOwnTitleTeasers: the site's list of stories that names the page itself", () => {
  const url = "https://www.bakery.example/news/starter";
  const title = "How to keep a sourdough starter alive";
  // A "Latest" box: a date, an unlinked heading and a blurb for each story, this one among them.
  const latest = [
    "### Latest",
    "10.11.2021",
    "## Rye for beginners",
    "Less gluten, more flavour, and a sticky dough you should not fear.",
    "10.11.2021",
    `## ${title}`,
    "Feeding, smells and what to do when you go on holiday.",
    "09.11.2021",
    "## Which flour to buy",
    "Protein, ash and the miller's name: what the bag tells you and what it hides.",
  ];

  test("the run of teasers holding the page's own title goes, with its date and its heading", () => {
    const { markdown, cut } = withoutOwnTitleTeasers([...story, ...latest].join("\n\n"), [title], url);
    expect(markdown).toEndWith("Feed it twice and it will recover.");
    expect(cut.trim()).toStartWith("### Latest");
    expect(cut).toContain("Which flour to buy");
  });

  test("the other stories may link to the site's pages while the page's own stays unlinked", () => {
    const linked = latest.map((line) => (line === "## Rye for beginners" ? "## [Rye for beginners](/news/rye)" : line));
    expect(withoutOwnTitleTeasers([...story, ...linked].join("\n\n"), [title], url).markdown).toEndWith(
      "Feed it twice and it will recover.",
    );
  });

  test("the title compares by its words, and a site's suffix in one candidate does not hide the others", () => {
    const md = [...story, ...latest.map((line) => line.replace(title, "How to Keep a Sourdough Starter Alive!"))].join("\n\n");
    expect(withoutOwnTitleTeasers(md, ["How to keep a sourdough starter alive | The Bakery", title], url).cut).toContain(
      "Rye for beginners",
    );
  });

  test("without the page's title among them, the headings are the article's last sections and stay", () => {
    const md = [...story, ...latest.filter((line) => line !== `## ${title}`)].join("\n\n");
    expect(withoutOwnTitleTeasers(md, [title], url).markdown).toBe(md);
  });

  test("a title of one word echoes too easily and is not read; nor is a run of two stories", () => {
    const one = [...story, ...latest.map((line) => line.replace(title, "Starters"))].join("\n\n");
    expect(withoutOwnTitleTeasers(one, ["Starters"], url).markdown).toBe(one);
    const two = [...story, ...latest.slice(0, 7)].join("\n\n");
    expect(withoutOwnTitleTeasers(two, [title], url).markdown).toBe(two);
  });

  test("stories of several paragraphs, headings of mixed ranks, links to other sites and a table stop the run", () => {
    const long = latest.flatMap((line) => (line.startsWith("Less gluten") ? [line, line, line, line] : [line]));
    const mixed = latest.map((line) => (line === "## Which flour to buy" ? "### Which flour to buy" : line));
    const elsewhere = latest.map((line) =>
      line === "## Which flour to buy" ? "## [Which flour to buy](https://mill.example/flour)" : line,
    );
    const table = [...latest, "| a | b |", "| --- | --- |", "| 1 | 2 |"];
    for (const run of [long, mixed, elsewhere, table]) {
      const md = [...story, ...run].join("\n\n");
      expect(withoutOwnTitleTeasers(md, [title], url).cut).not.toContain("Rye for beginners");
    }
  });

  test("a run that is most of the text stays: a hub page listing its stories, this one first", () => {
    const md = [`# ${title}`, "Our news.", ...latest.slice(1)].join("\n\n");
    expect(withoutOwnTitleTeasers(md, [title], url).markdown).toBe(md);
  });

  test("htmlToArticle leaves the list out, and keeps it when the rule is left out", async () => {
    const html = `<html><head><title>${title}</title></head><body><article>
      <h1>${title}</h1>
      ${story
        .slice(1)
        .map((s) => (s.startsWith("## ") ? `<h2>${s.slice(3)}</h2>` : `<p>${s}</p>`))
        .join("")}
      <div><h3>Latest</h3>
      <div><p>10.11.2021</p><h2>Rye for beginners</h2><p>Less gluten, more flavour, and a sticky dough you should not fear.</p></div>
      <div><p>10.11.2021</p><h2>${title}</h2><p>Feeding, smells and what to do when you go on holiday.</p></div>
      <div><p>09.11.2021</p><h2>Which flour to buy</h2><p>Protein, ash and the miller's name: what the bag tells you.</p></div></div>
    </article></body></html>`;
    const article = await htmlToArticle(html, { url });
    expect(article?.markdown).toContain("Feed it twice");
    expect(article?.markdown).not.toContain("Rye for beginners");
    const without = await htmlToArticle(html, { url, without: new Set(["own-title-teasers"]) });
    expect(without?.markdown).toContain("Rye for beginners");
  });
});

describe("withoutTrailingHeadings: the headings a text ends on head nothing", () => {
  test("a form's title and a call to action after the last paragraph go, with the breaks around them", () => {
    const md = [...story, "---", "## Ready to bake your first loaf?", "### Let's connect", "---"].join("\n\n");
    const { markdown, cut } = withoutTrailingHeadings(md);
    expect(markdown.endsWith("Feed it twice and it will recover.")).toBe(true);
    expect(cut).toContain("Ready to bake your first loaf?");
    expect(cut).toContain("Let's connect");
  });

  test("headings with text under them stay, and so does a text that ends on text", () => {
    const md = story.join("\n\n");
    expect(withoutTrailingHeadings(md)).toEqual({ markdown: md, cut: "" });
    const card = [...story, "## Baker's notes", "Keep a spoonful back before every bake."].join("\n\n");
    expect(withoutTrailingHeadings(card).markdown).toBe(card);
  });

  test("a label announcing a list that is not there goes, as a heading or as bold labels ending in a colon", () => {
    for (const label of [
      "### More from the bakery blog:",
      "**Related recipes:**",
      "**Further reading:** **Contact:**",
      "## Keep reading\n\n**More topics:**",
    ]) {
      const { markdown, cut } = withoutTrailingHeadings([...story, label].join("\n\n"));
      expect(markdown).toBe(story.join("\n\n").trimEnd());
      expect(cut).toContain(label.split("\n")[0]!);
    }
  });

  test("a last line in bold that is a sentence or holds a link stays, and so does a label with text after it", () => {
    for (const last of [
      "**Feed your starter tonight and bake tomorrow.**",
      "**Order flour:** [the mill's shop](https://mill.example)",
      "**[Rye for beginners:](https://blog.example/rye)**",
      "**Tip:** keep the jar loosely covered.",
    ]) {
      const md = [...story, last].join("\n\n");
      expect(withoutTrailingHeadings(md).markdown).toBe(md);
    }
  });

  test("a last heading that is content stays: a linked title, a statement set large", () => {
    for (const heading of [
      "### [Rye for beginners](https://blog.example/rye)",
      "## Start baking with the guide that over 500,000 home bakers in forty countries use every single week. Join them.",
    ]) {
      const md = [...story, heading].join("\n\n");
      expect(withoutTrailingHeadings(md).markdown).toBe(md);
    }
  });

  test("a heading inside a code block at the end is code, not a heading", () => {
    const md = [...story, "```", "# install the starter kit", "```"].join("\n");
    expect(withoutTrailingHeadings(md).markdown).toBe(md);
  });

  test("a text of nothing but headings is left as it is", () => {
    const md = "# Sourdough\n\n## Starters";
    expect(withoutTrailingHeadings(md).markdown).toBe(md);
  });

  test("htmlToArticle leaves out the last heading, and keeps it when the rule is left out", async () => {
    const html = `<html><head><title>Starter</title></head><body><main><h1>How to keep a sourdough starter alive</h1>
      ${story
        .slice(1)
        .map((s) => (s.startsWith("## ") ? `<h2>${s.slice(3)}</h2>` : `<p>${s}</p>`))
        .join("")}
      <div class="contact"><h2>Ready to bake your first loaf?</h2><form><input name="email"></form></div></main></body></html>`;
    const article = await htmlToArticle(html, { url: "https://bakery.example/starter" });
    expect(article?.markdown).toContain("Feed it twice");
    expect(article?.markdown).not.toContain("Ready to bake");
    const without = await htmlToArticle(html, { url: "https://bakery.example/starter", without: new Set(["trailing-headings"]) });
    expect(without?.markdown).toContain("Ready to bake your first loaf?");
  });
});

describe("a paragraph that only names other stories", () => {
  test("labels in the languages most pages are in go, plain or bold or linked", () => {
    for (const label of [
      "Related reads:",
      "**Mehr zum Thema**",
      "Recommended:",
      "Lee también...",
      "Meistgelesene Artikel",
      "[Related Posts](https://a.example/related)",
      "Empfehlungen aus der Redaktion",
      "Latest news",
      "Neueste Beiträge:",
    ])
      expect(isStoryLabel(label)).toBe(true);
  });

  test("more phrasings: a question, an invitation to read on, the most discussed, a theme's tabs", () => {
    for (const label of [
      "**Lesen Sie auch die folgenden Beiträge:**",
      "**Schon gelesen?**",
      "**Zum Weiterlesen:**",
      "Ähnliche Artikel lesen",
      "Meistdiskutierte Artikel",
      "meist-diskutiert",
      "VERWANDTE ARTIKEL MEHR VOM AUTOR",
      "Weiterführender Link",
      "Nutzer mochten auch folgende Artikel",
      "Le puede interesar:",
      "Most discussed",
      "Readers also liked",
    ])
      expect(isStoryLabel(label)).toBe(true);
    for (const sentence of [
      "Schon gelesen? Dann wissen Sie, wie der Teig geht.",
      "Zum Weiterlesen empfehle ich das Buch von Anna Berg.",
      "Most discussed was the question of funding.",
      "Le puede interesar a quien cultive tomates.",
    ])
      expect(isStoryLabel(sentence)).toBe(false);
  });

  test("a sentence, a long line, a heading and a list entry stay", () => {
    expect(isStoryLabel("More from Cornell on climate change and gardening:")).toBe(false);
    expect(isStoryLabel("Explore more deals on destinations worldwide.")).toBe(false);
    expect(isStoryLabel(`Related ${"topic ".repeat(THRESHOLDS.storyLabelMaxWords)}`)).toBe(false);
    expect(isStoryLabel("## Related posts")).toBe(false);
    expect(isStoryLabel("- Related posts")).toBe(false);
    expect(isStoryLabel("Related work in this area was done by Smith.")).toBe(false);
    expect(isStoryLabel("Empfehlungen der Redaktion an die Stadt: mehr Radwege und weniger Parkplätze.")).toBe(false);
  });

  test("end to end: the label under an article goes, the article stays", async () => {
    const paragraph = "<p>The council voted to keep the library open on Sundays after a long debate about its budget and staff.</p>";
    const html = `<html><head><title>Library</title></head><body><article><h1>Library stays open</h1>${paragraph.repeat(6)}<p><strong>Meistgelesene Artikel</strong></p></article></body></html>`;
    const md = (await htmlToArticle(html, { url: "https://news.example/library" }))!.markdown;
    expect(md).toContain("keep the library open");
    expect(md).not.toContain("Meistgelesene");
  });
});
