import { describe, expect, test } from "bun:test";
import { cleanArticle, type HeldCard, prepareDocument, restoreHeldCards } from "../../src/extract/boilerplate.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
const prose = (s: string, n = 3) => `${s} ${"Residents asked the council to keep the library open on Sundays. ".repeat(n)}`;
const paragraphs = Array.from({ length: 12 }, (_, i) => `<p>${prose(`Paragraph ${i}.`)}</p>`).join("");
const story = `<div class="story">${paragraphs}</div>`;

describe("furniture by tag (prepareDocument)", () => {
  test("the page's <header> goes; a <header> heading an article, section or main stays", () => {
    const d = doc(
      `<header><a href="/">Home</a> <a href="/news">News</a> Site banner text</header>` +
        `<main><section><header><h2>App quality matters</h2><p>Build apps that work well on every device.</p></header>${story}</section>` +
        `<article><header><h3>Featured samples</h3></header><p>Read code to learn.</p></article></main>` +
        `<div><header><h2>Lone block title</h2></header></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("App quality matters");
    expect(t).toContain("Build apps that work well on every device.");
    expect(t).toContain("Featured samples");
    expect(t).not.toContain("Site banner text");
    // Outside any sectioning element a <header> is the banner, whatever it holds.
    expect(t).not.toContain("Lone block title");
  });

  test("an article's <header> holding the page's <h1> is its title block: headline and standfirst stay", () => {
    const page = `<header><a href="/">Home</a> Site banner text</header><article><header><h1>Troops sent to the city</h1><p>A standfirst under the title</p></header>${story}</article>`;
    const d = doc(page);
    prepareDocument(d);
    expect(text(d.body)).toContain("A standfirst under the title");
    expect(text(d.body)).toContain("Paragraph 11.");
    expect(text(d.body)).not.toContain("Site banner text");
    // Left out (the benchmarks' ablation), the title block goes with the page's banner.
    const before = doc(page);
    prepareDocument(before, { titleHeaders: false });
    expect(text(before.body)).not.toContain("A standfirst under the title");
    expect(text(before.body)).toContain("Paragraph 11.");
  });

  test("a <header> holding the <h1> outside any article, section or main is still the site's banner", () => {
    const d = doc(`<header><h1>Site name</h1><p>Tagline of the whole site</p></header><main>${story}</main>`);
    prepareDocument(d);
    expect(text(d.body)).not.toContain("Tagline of the whole site");
    expect(text(d.body)).toContain("Paragraph 11.");
  });

  test("a story's standfirst in its title block comes back before its body (htmlToArticle)", async () => {
    const html =
      `<html><head><title>Troops sent to the city</title></head><body><header><nav><a href="/">Home</a> <a href="/world">World</a></nav></header>` +
      `<main><article><header><h1>Troops sent to the city</h1><p class="deck">The mayor asked for help after a week of floods that closed the schools and the port.</p></header>` +
      `${paragraphs}</article></main><footer>Contact us</footer></body></html>`;
    const url = "https://news.example/world/troops";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("a week of floods that closed the schools");
    expect(md.indexOf("a week of floods")).toBeLessThan(md.indexOf("Paragraph 0."));
    expect(md).not.toContain("Contact us");
    const without = (await htmlToArticle(html, { url, without: new Set(["title-headers"]) }))?.markdown ?? "";
    expect(without).not.toContain("a week of floods");
    expect(without).toContain("Paragraph 11.");
  });

  test("a section's <header> named as furniture still goes", () => {
    const d = doc(`<section>${story}<header class="share-bar"><a href="/s">Share on social</a></header></section>`);
    prepareDocument(d);
    expect(text(d.body)).toContain("Paragraph 11.");
    expect(text(d.body)).not.toContain("Share on social");
  });
});

describe("furniture by class or id name (prepareDocument)", () => {
  test("removes short or link-heavy blocks named as furniture", () => {
    const d = doc(
      `${story}<div class="share-bar"><a href="/s">Share on social</a></div><div class="newsletter-signup"><p>Get our newsletter every morning.</p></div>` +
        `<div class="related-stories"><ul>${Array.from({ length: 6 }, (_, i) => `<li><a href="/${i}">${prose(`Other story ${i}`, 1)}</a></li>`).join("")}</ul></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Paragraph 11.");
    expect(t).not.toContain("Share on social");
    expect(t).not.toContain("newsletter every morning");
    expect(t).not.toContain("Other story 3");
  });

  test("keeps a wrapper named like furniture when it holds much of the page's text", () => {
    const d = doc(`<div class="content-widget">${story}</div><div class="widget-area"><p>Archives</p></div>`);
    prepareDocument(d);
    expect(text(d.body)).toContain("Paragraph 11.");
    expect(text(d.body)).not.toContain("Archives");
  });

  test("a widget among the paragraphs of the text is content; its name goes so Readability does not weigh it down", () => {
    const review =
      `<div class="product-widget"><div class="product-widget__content"><h3>Falcon 14</h3><ul><li>Weight: 1.2 kg</li></ul>` +
      `<p>${prose("The Falcon 14 stays cool under load.", 4)}</p><p>${prose("Its screen is bright.", 3)}</p></div></div>`;
    const d = doc(
      `<div class="col"><p>${prose("Paragraph 1.")}</p><p>${prose("Paragraph 2.")}</p>${review}${story.replace(/<\/?div[^>]*>/g, "")}</div>` +
        `<div class="rail"><div class="widget text-widget"><p>${prose("Our newsroom is funded by readers.", 6)}</p></div></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("stays cool under load");
    expect(t).toContain("Paragraph 11.");
    expect(d.body.innerHTML).not.toContain("widget");
    expect(t).not.toContain("funded by readers");
  });

  test("the blurbs of a grid's cards named as a widget are the grid's text; widgets of other shapes still go", () => {
    const games = ["Harbour Run", "Ember Vale", "Night Signal", "Copper Sky"];
    const card = (name: string) =>
      `<div class="card x9Qa"><a href="/app/${name}">${name}</a>` +
      `<div class="k3Zt SaleWidgetShortDesc">${name} is a co-op survival game for up to eight players in a world that changes each night.</div>` +
      `<div class="k8Pr SaleWidgetTags"><span>Co-op</span> <span>Survival</span></div></div>`;
    const d = doc(
      `<div class="grid">${games.map(card).join("")}</div>${story}` +
        // A page builder names every block's wrapper so; each block has a name of its own.
        `<div class="el el-71"><div class="el-widget-container">Call us today for a quote.</div></div>` +
        `<div class="el el-72"><div class="el-widget-container">Open Monday to Friday.</div></div>` +
        `<div class="el el-73"><div class="el-widget-container">Follow us for offers.</div></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Harbour Run is a co-op survival game");
    expect(t).toContain("Copper Sky is a co-op survival game");
    expect(t).toContain("Paragraph 11.");
    expect(t).not.toContain("Call us today for a quote.");
    expect(t).not.toContain("Follow us for offers.");
  });

  test("widgets in a grid holding little prose, and a lone widget, go", () => {
    const card = (i: number) => `<div class="card"><a href="/p/${i}">Lamp ${i}</a><div class="PriceWidget">$${i}9.00</div></div>`;
    const d = doc(
      `<div class="grid">${[1, 2, 3, 4].map(card).join("")}</div>${story}` +
        `<div class="rail"><div class="TextWidget">${prose("Our newsroom is funded by readers.", 2)}</div></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Lamp 4");
    expect(t).not.toContain("$49.00");
    expect(t).not.toContain("funded by readers");
  });

  test("a sidebar's widgets of one shape go with the sidebar around them", () => {
    const widget = (i: number) => `<div class="widget widget_text"><p>${prose(`Sidebar note ${i}.`, 2)}</p></div>`;
    const d = doc(
      `${story}<div class="widget-area">${[1, 2, 3].map(widget).join("")}</div><aside>${[4, 5, 6].map(widget).join("")}</aside>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Paragraph 11.");
    expect(t).not.toContain("Sidebar note 1.");
    expect(t).not.toContain("Sidebar note 6.");
  });

  test("a block named a banner by its class holding the page's <h1> and a line of introduction is the title block", () => {
    const d = doc(
      `<div class="collection-banner-hero"><h1>Wallets</h1><p>Slim metal wallets that carry cards and cash.</p></div>` +
        `<div class="promo-banner"><p>Free shipping on every order this week</p></div>${story}` +
        `<div class="banner-wide"><h1>Spring sale</h1><p>${prose("Everything must go.", 8)}</p></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Wallets");
    expect(t).toContain("Slim metal wallets that carry cards and cash.");
    expect(t).toContain("Paragraph 11.");
    // No title in it: the banner goes.
    expect(t).not.toContain("Free shipping on every order");
    // A long block is no title block, whatever its heading.
    expect(t).not.toContain("Everything must go.");
  });

  test("the page's <header> and a banner by role go even when they hold the <h1>", () => {
    const d = doc(`<header><h1>Acme Store</h1></header><div class="top-banner" role="banner"><h1>Acme</h1></div>${story}`);
    prepareDocument(d);
    expect(text(d.body)).toContain("Paragraph 11.");
    expect(text(d.body)).not.toContain("Acme");
  });

  test("readers' comments and other stories go however long their prose", () => {
    const d = doc(
      `${story}<div class="comments-area"><p>${prose("First reader comment.", 8)}</p></div><div id="related-posts"><p>${prose("Another story.", 8)}</p></div>`,
    );
    prepareDocument(d);
    expect(text(d.body)).toContain("Paragraph 11.");
    expect(text(d.body)).not.toContain("First reader comment.");
    expect(text(d.body)).not.toContain("Another story.");
  });

  test("tag and role furniture goes whatever its prose", () => {
    const d = doc(`${story}<aside>${prose("Sidebar essay", 8)}</aside><div role="complementary">${prose("Complementary text", 8)}</div>`);
    prepareDocument(d);
    expect(text(d.body)).not.toContain("Sidebar essay");
    expect(text(d.body)).not.toContain("Complementary text");
  });
});

describe("a data table's cells whatever their names (prepareDocument)", () => {
  const table = (cells: string) =>
    `<table><tbody><tr><th class="footer_title_big">Challenge</th><th class="footer_title_big">Solution</th></tr>` +
    `<tr><td class="sidebar-cell">Change resistance</td><td>Clear communication</td></tr>${cells}</tbody></table>`;

  test("a header cell or data cell named as furniture stays, so the table keeps its header and columns", () => {
    const d = doc(`<div class="story">${paragraphs}${table("")}</div>`);
    prepareDocument(d);
    const cells = Array.from(d.getElementsByTagName("tr")).map((row) => Array.from(row.children).map(text));
    expect(cells).toEqual([
      ["Challenge", "Solution"],
      ["Change resistance", "Clear communication"],
    ]);
    // Left out (rule table-cells), the header cells go and the first column with them.
    const without = doc(`<div class="story">${paragraphs}${table("")}</div>`);
    prepareDocument(without, { tableCells: false });
    expect(Array.from(without.getElementsByTagName("th"))).toHaveLength(0);
  });

  test("end to end, the table comes back as a GFM table under its header", async () => {
    const html = `<html><head><title>HR shared services</title></head><body><article><h1>HR shared services</h1>${paragraphs}${table("")}</article></body></html>`;
    const article = await htmlToArticle(html, { url: "https://example.com/hr" });
    expect(article?.markdown).toContain("| Challenge | Solution |\n| --- | --- |\n| Change resistance | Clear communication |");
  });

  test("a layout table (no header cell) is boxes: its sidebar cell goes", () => {
    const d = doc(
      `<table><tr><td class="story-cell">${paragraphs}</td><td class="sidebar">Popular links: Home, About, Contact</td></tr></table>`,
    );
    prepareDocument(d);
    expect(text(d.body)).not.toContain("Popular links");
    expect(text(d.body)).toContain("Paragraph 0.");
  });
});

describe("teaser <article>s (cleanArticle)", () => {
  test("three short link-heavy articles are teasers and go", () => {
    const d = doc(
      `<div>${story}${Array.from({ length: 3 }, (_, i) => `<article><h3><a href="/t${i}">Teaser headline number ${i}</a></h3><p>Short blurb.</p></article>`).join("")}</div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Paragraph 0.");
    expect(text(content)).not.toContain("Teaser headline");
  });
});

describe("lines of text set as links (cleanArticle, fifty-second session)", () => {
  test("a stanza whose lines are one long link stays; a link line, a menu of two-line entries and a short linked name over its anchor go", () => {
    const stanza =
      `<p>[Verse 1]<br><a href="#note-1">I never meant to cause you any sorrow<br>I never meant to cause you any pain<br>` +
      `I only wanted one time to see you laughing</a><br><br>[Chorus]<br><a href="#note-2">Purple rain, purple rain<br>Purple rain, purple rain</a></p>`;
    const d = doc(
      `<div>${story}${stanza}` +
        `<p><a href="/a">Related story one</a> · <a href="/b">Related story two</a></p>` +
        `<p><a href="/k">Kamera<br>(On Location)</a> <a href="/s">Schnitt<br>(Avid, Premiere)</a></p>` +
        `<p><a href="/spec">ECMAScript Language Specification<br># sec-promise</a></p></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("I never meant to cause you any sorrowI never meant to cause you any pain");
    expect(text(content)).toContain("Purple rain, purple rain");
    for (const gone of ["Related story", "Kamera", "Schnitt", "ECMAScript"]) expect(text(content)).not.toContain(gone);
    // A link of 100,000 line breaks is read once (each break read its siblings back to the words: minutes).
    const breaks = doc(`<div>${story}<p><a href="/x">${"words of a long linked line ".repeat(4)}${"<br>".repeat(100_000)}</a></p></div>`);
    cleanArticle(breaks.body.firstElementChild!, { byline: null });
    expect(text(breaks.body)).not.toContain("words of a long linked line");
    // Left out by name (rule linked-lines), the stanzas go as link lines.
    const without = doc(`<div>${story}${stanza}</div>`).body.firstElementChild!;
    cleanArticle(without, { byline: null }, { linkedLines: false });
    expect(text(without)).not.toContain("sorrow");
  });
});

describe("date lines (cleanArticle)", () => {
  test("a line that is only a date goes in any of the page languages, weekend days included", () => {
    const lines = [
      "segunda-feira, 22 de janeiro de 2018 às 0:13",
      "Veröffentlicht am Donnerstag, 3. März 2022, 10:52 Uhr",
      "sabato 12 ottobre 2024",
      "domenica, 3 marzo 2024 alle 9:30",
      "samedi 5 octobre 2024",
    ];
    const d = doc(`<div>${lines.map((l) => `<p>${l}</p>`).join("")}${story}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    for (const line of lines) expect(text(content)).not.toContain(line);
    expect(text(content)).toContain("Paragraph 0.");
  });

  test("a sentence about a date stays", () => {
    const line = "Il sabato 12 ottobre 2024 la biblioteca resterà aperta fino a mezzanotte per la notte dei lettori.";
    const d = doc(`<div><p>${line}</p>${story}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain(line);
  });
});

describe("tab panels (prepareDocument)", () => {
  test("a tab's panel stays whatever its name; a block named so without the role goes", () => {
    const d = doc(
      `<main>${story}<div class="tabbed-widget" role="tabpanel"><p>Permits are issued within ten working days of a complete application.</p></div>` +
        `<div class="side-widget"><p>Our office is closed on public holidays.</p></div></main>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Permits are issued within ten working days");
    expect(t).not.toContain("Our office is closed on public holidays.");
  });
});

describe("captions beside a picture (cleanArticle)", () => {
  test("a short line beside a picture is its caption and goes; a label beside an icon is a feature and stays", () => {
    const row = (img: string, label: string) => `<div class="row">${img}<div>${label}</div></div>`;
    const d = doc(
      `<div>${story}` +
        row(`<img src="/p/harbour.jpg" width="800" height="450" alt="">`, "The harbour at dawn. Photo: Ana Ruiz") +
        row(`<img src="/p/boat.jpg" alt="">`, "Boats waiting for the tide") +
        row(`<img src="/i/check.png" width="20" height="20" alt="Checkmark">`, "Up to 10 devices") +
        row(`<img src="/i/check.svg" alt="">`, "Identity theft insurance") +
        `</div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    expect(t).not.toContain("The harbour at dawn");
    expect(t).not.toContain("Boats waiting for the tide");
    expect(t).toContain("Up to 10 devices");
    expect(t).toContain("Identity theft insurance");
    expect(t).toContain("Paragraph 0.");
  });

  test("a titled card beside a picture is a feature, not a caption: its heading and blurb stay", () => {
    const d = doc(
      `<div>${story}` +
        `<div class="card"><img src="/p/cdn.jpg" alt=""><div><h3>Lower bandwidth costs</h3><p>Our network caches your files near your visitors.</p></div></div>` +
        `<div class="card"><img src="/p/brush.jpg" alt=""><h4>Sonic toothbrush</h4><p>$24.99</p></div>` +
        `<div class="card"><img src="/p/avatar.jpg" alt=""><h3><a href="/members/ana">Ana Ruiz</a></h3><p>Joined in 2019, posts often.</p></div>` +
        `<div class="row"><img src="/p/harbour.jpg" alt=""><p>The harbour at dawn</p></div>` +
        `</div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null }, { titledCards: true });
    const t = text(content);
    expect(t).toContain("Lower bandwidth costs");
    expect(t).toContain("Our network caches your files near your visitors.");
    // A title beside a price is a product card, a linked name a member's panel: both go as before.
    expect(t).not.toContain("Sonic toothbrush");
    expect(t).not.toContain("Ana Ruiz");
    expect(t).not.toContain("The harbour at dawn");
    // Without the option (a page declaring no article, whose cards the region rules read) the card goes as a caption.
    const d2 = doc(
      `<div>${story}<div class="card"><img src="/p/cdn.jpg" alt=""><div><h3>Lower bandwidth costs</h3><p>Our network caches your files near your visitors.</p></div></div></div>`,
    );
    const content2 = d2.body.firstElementChild!;
    cleanArticle(content2, { byline: null });
    expect(text(content2)).not.toContain("Lower bandwidth costs");
  });
});

describe("held titled cards (cleanArticle heldCards, restoreHeldCards)", () => {
  test("a titled card is taken out while the candidates are weighed and put back in its place afterwards", () => {
    const d = doc(
      `<div>${story}` +
        `<div class="card"><img src="/p/cdn.jpg" alt=""><div><h3>Lower bandwidth costs</h3><p>Our network caches your files near your visitors.</p></div><p class="note">Included in every plan.</p></div>` +
        `<div class="card"><img src="/p/brush.jpg" alt=""><h4>Sonic toothbrush</h4><p>$24.99</p></div>` +
        `<div class="row"><img src="/p/harbour.jpg" alt=""><p>The harbour at dawn</p></div>` +
        `</div>`,
    );
    const content = d.body.firstElementChild!;
    const held: HeldCard[] = [];
    cleanArticle(content, { byline: null }, { heldCards: held });
    // Weighed as a caption: the choice between candidates does not see it.
    expect(text(content)).not.toContain("Lower bandwidth costs");
    expect(held).toHaveLength(1);
    expect(restoreHeldCards(content, held)).toBe(1);
    const card = content.querySelector(".card")!;
    expect(card.textContent).toBe("Lower bandwidth costsOur network caches your files near your visitors.Included in every plan.");
    expect(card.firstElementChild?.nodeName).toBe("IMG");
    // A caption, and a title beside a price (a product card), are not held: they stay out.
    const t = text(content);
    expect(t).not.toContain("Sonic toothbrush");
    expect(t).not.toContain("The harbour at dawn");
  });

  test("a held card whose box left the content is not put back", () => {
    const d = doc(
      `<div>${story}<div class="card"><img src="/p/cdn.jpg" alt=""><div><h3>Lower bandwidth costs</h3><p>Our network caches your files near your visitors.</p></div></div></div>`,
    );
    const content = d.body.firstElementChild!;
    const held: HeldCard[] = [];
    cleanArticle(content, { byline: null }, { heldCards: held });
    content.querySelector(".card")!.remove();
    expect(restoreHeldCards(content, held)).toBe(0);
    expect(text(content)).not.toContain("Lower bandwidth costs");
  });

  test("on a landing page Readability keeps, a feature card beside its picture comes back in the Markdown", async () => {
    const features = ["Global network", "Instant purge", "Image resizing"]
      .map(
        (t) =>
          `<div class="feature"><img src="/p/${t.length}.jpg" alt=""><div><h3>${t}</h3><p>${t} comes with every plan at no extra cost.</p></div></div>`,
      )
      .join("");
    const html = `<html><head><title>Fast CDN</title></head><body><main><h1>Fast CDN</h1>${story.replace("</div>", `${features}</div>`)}</main></body></html>`;
    const on = await htmlToArticle(html, { url: "https://cdn.example/" });
    expect(on?.markdown).toContain("### Global network\n\nGlobal network comes with every plan at no extra cost.");
    const off = await htmlToArticle(html, { url: "https://cdn.example/", without: new Set(["held-cards"]) });
    expect(off?.markdown).not.toContain("Global network");
  });
});

describe("pickers by role (prepareDocument)", () => {
  test("a drop-down's list of choices and a filter's facets go; a list and a table of the text stay", () => {
    const d = doc(
      `<p>${prose("Intro.", 1)}</p><div class="field"><div role="listbox" aria-label="Job level"><div role="option">Select your job level…</div>` +
        `<div role="option">C-Level</div><div role="option">Vice President</div><div role="option">Individual Contributor</div></div></div>` +
        `<ul class="facets"><li role="option"><label><input type="radio" name="t">Adhesive Pads</label><span>158</span></li></ul>` +
        `<ol><li>Measure the shelf before you order.</li><li>Individual Contributor grades start at level two.</li></ol>` +
        `<table><tr><th>Option</th><th>Price</th></tr><tr><td>Vice President plan</td><td>$40</td></tr></table>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).not.toContain("Select your job level");
    expect(t).not.toContain("C-Level");
    expect(t).not.toContain("158");
    expect(t).toContain("Measure the shelf before you order.");
    expect(t).toContain("Individual Contributor grades start at level two.");
    expect(t).toContain("Vice President plan");
    expect(t).toContain("Residents asked the council");
  });
});

describe("a filter's counted entries (prepareDocument)", () => {
  const entry = (label: string, count: string) =>
    `<div class="facet-row"><label><input type="radio" name="t">${label}</label><span>${count}</span></div>`;

  test("a choice's label followed by its count stays, a space apart; the page's other labels go", () => {
    const d = doc(
      `<p>${prose("Intro.", 1)}</p><h3>Item Type</h3><div class="facet">${entry("Adhesive Pads", "158")}${entry("Batteries", "(1,791)")}` +
        `<div><input type="checkbox" id="f-cables"><label for="f-cables">Cables</label><span>2480</span></div>` +
        `<div><input type="text" id="q"><label for="q">Quantity</label><span>3</span></div>` +
        `<div><label><input type="checkbox">Remember me</label></div>` +
        `<div><label><input type="radio" name="p">Same-Day Delivery</label><span>Get it today</span></div></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Adhesive Pads 158");
    expect(t).toContain("Batteries (1,791)");
    expect(t).toContain("Cables 2480");
    // A text field's label, a lone checkbox's and a choice followed by words go, as furniture.
    expect(t).not.toContain("Quantity");
    expect(t).not.toContain("Remember me");
    expect(t).not.toContain("Same-Day Delivery");
    expect(t).toContain("Residents asked the council");
  });

  test("without the rule the same entries lose their labels (the counts stay bare)", () => {
    const d = doc(`<p>${prose("Intro.", 1)}</p><div class="facet">${entry("Adhesive Pads", "158")}</div>`);
    prepareDocument(d, { facetLabels: false });
    const t = text(d.body);
    expect(t).not.toContain("Adhesive Pads");
    expect(t).toContain("158");
  });

  test("a filter of 20,000 labelled entries naming their choices by id is read in one pass", () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `<div><input type="checkbox" id="c${i}"><label for="c${i}">Kind ${i}</label><span>${i}</span></div>`,
    );
    const d = doc(`<p>${prose("Intro.", 1)}</p><div class="facet">${rows.join("")}</div>`);
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Kind 0 0");
    expect(t).toContain("Kind 19999 19999");
  });
});

describe("hover cards (prepareDocument)", () => {
  test("a tooltip card inside a sentence goes; a table named for its rows' tooltips that holds the page stays", () => {
    const rows = Array.from(
      { length: 12 },
      (_, i) =>
        `<tr><td>${i + 1}.</td><td><a href="/b/${i}"><img src="/c/${i}.jpg" alt=""></a></td><td><a href="/b/${i}">Book number ${i + 1}</a> by Author ${i} 4.${i} avg rating, voted by many readers of the list</td></tr>`,
    ).join("");
    const d = doc(
      `<p>${prose("Intro.", 1)} Read the <span class="tooltip"><a href="/r">rules</a><span class="tooltip-card"><img src="/r.jpg"><a href="/r">How voting works</a></span></span>.</p>` +
        `<table class="tableList js-dataTooltip">${rows}</table>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("Book number 1 by Author 0 4.0 avg rating");
    expect(t).toContain("Book number 12 by Author 11");
    expect(t).toContain("Read the rules");
    expect(t).not.toContain("How voting works");
  });
});

describe("furniture lines (cleanArticle)", () => {
  test("a table of contents' label goes with its list of in-page links; a sentence about contents stays", () => {
    const d = doc(
      `<div><h2>Table of Contents</h2><ul><li><a href="#a">Why the path matters</a></li><li><a href="#b">What it costs</a></li></ul>` +
        `<p>On this page:</p><p>In this article</p>${story}<p>The contents of the report were published on Monday.</p></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    expect(t).not.toContain("Table of Contents");
    expect(t).not.toContain("What it costs");
    expect(t).not.toContain("On this page");
    expect(t).not.toContain("In this article");
    expect(t).toContain("Paragraph 0.");
    expect(t).toContain("The contents of the report were published on Monday.");
  });

  test("recirculation labels and reading prompts go; sentences that start the same way stay", () => {
    const d = doc(
      `<div>${story}<p>Article Continues Below</p><h2>Pin this for later!</h2><p>PIN FOR LATER</p><p>Pin it here</p><p>You might like</p><p>Follow</p><h3>What others are reading</h3>` +
        `<p>You might like the second recipe better if you prefer a softer crumb.</p><p>Follow the river path north for two miles to reach the falls.</p><p>Pin here and there along the hem before you sew.</p></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    for (const gone of ["Article Continues Below", "Pin this", "PIN FOR LATER", "Pin it here", "What others are reading"])
      expect(t).not.toContain(gone);
    expect(t).toContain("Pin here and there along the hem");
    expect(t).not.toMatch(/You might like(?! the)/);
    expect(t).not.toMatch(/Follow(?! the)/);
    expect(t).toContain("You might like the second recipe better");
    expect(t).toContain("Follow the river path north");
    expect(t).toContain("Paragraph 11.");
  });
});

describe("furniture labels in the other languages most pages are in (cleanArticle)", () => {
  test("related-story, comment, share and ad labels go; sentences that start with those words stay", () => {
    const labels = [
      "Mehr zum Thema",
      "Auch interessant:",
      "Das Thema könnte dich auch interessieren:",
      "Ähnliche Beiträge",
      "3 Kommentare",
      "Kommentar verfassen",
      "Anzeige",
      "Nach oben",
      "Articles similaires",
      "Laisser un commentaire",
      "Noticias relacionadas",
      "Deja una respuesta",
      "Articoli correlati",
      "Deixe um comentário",
      "Gerelateerde artikelen",
      "Zostaw komentarz",
      // A blog's share and like bars left as their labels.
      "Teilen Sie dies mit:",
      "Sharen mit:",
      "Gefällt mir:",
      "Gefällt mir Wird geladen …",
      "Möchten Sie den Artikel teilen?",
      "Like this:",
      "Like Loading...",
      // The share widget's labels control-labels.ts reads on the Markdown, read in the page too.
      "Be Sociable, Share!",
      "Share this recipe:",
      "Teilen mit:",
      "Compartir esto:",
      "Me gusta Cargando...",
      "Deel dit artikel",
      "Udostępnij",
      // A table of contents' label and "read also" labels.
      "Inhaltsverzeichnis",
      "Sommaire",
      "Spis treści",
      "Lesen Sie auch:",
      "Hier weiterlesen",
      "Czytaj także",
      // A label over more of the site, as "More on …".
      "Mehr zu Klima und Konsum",
      "Mehr über Empa",
      "Mehr aus der Sendung",
      "Entdecke weitere Rezeptideen!",
      "Entdecken Sie jetzt",
    ];
    const kept = [
      "Mehr zum Thema Steuern lesen Sie im zweiten Teil dieser Serie über den Haushalt.",
      "Gefällt mir nicht, sagte der Bürgermeister über den Plan für den Fluss.",
      "Like this year, the beans went in late.",
      "Compartir esto con los vecinos fue idea de la abuela.",
      "Deel dit artikel niet voordat het af is, schreef de redactie.",
      "Lesen Sie auch den zweiten Teil der Serie, der am Montag erscheint.",
      "Kommentare der Leser zeigen, wie sehr das Thema die Stadt bewegt.",
      "Anzeige erstatten kann jeder, der eine Straftat beobachtet hat.",
      "Mehr zu den Kosten sagte er nicht.",
      "Entdecken Sie hier alle Bäder des Jahres 2022.",
    ];
    const d = doc(`<div>${story}${labels.map((l) => `<p>${l}</p>`).join("")}${kept.map((k) => `<p>${k}</p>`).join("")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    const blocks = Array.from(content.getElementsByTagName("p"), (p) => (p.textContent ?? "").trim());
    for (const label of labels) expect(blocks).not.toContain(label);
    for (const sentence of kept) expect(t).toContain(sentence);
  });
});

describe("a label naming another story before its title (cleanArticle)", () => {
  test("'Read also: …' in the languages most pages are in goes; a sentence that begins with the same words stays", () => {
    const links = [
      "Czytaj też: Wyścig zbrojeń ruszył z kopyta",
      "Zobacz także: Czy grozi nam wojna atomowa?",
      "Przeczytaj również » Nowe zasady dla kierowców",
      "Lees ook: Kabinet valt over stikstof",
      "Zie ook - Het weer voor morgen",
      "Veja também: O que muda no imposto",
      "À lire aussi : La réforme des retraites",
      "Mehr zum Thema: Warum die Bahn zu spät kommt",
      "Auch interessant: So sparen Sie Strom",
      "Read also: The oldest oak in town",
      "Le puede interesar: JEP abrirá tres nuevos macrocasos",
      "Lea también: El Congreso aprueba la reforma",
    ];
    const kept = [
      "Mehr zum Thema Steuern lesen Sie im zweiten Teil dieser Serie über den Haushalt.",
      "Zobacz też, jak zmieniły się ceny mieszkań w ciągu ostatniego roku w całym kraju.",
      "Lees ook de brief van de minister-president aan de Tweede Kamer over de stikstof.",
      "Le puede interesar saber que el museo abre los lunes durante todo el verano.",
    ];
    const d = doc(
      `<div>${story}${links.map((l) => `<p>${l.replace(/([:»-] ?)(.*)$/, '$1<a href="/other">$2</a>')}</p>`).join("")}${kept.map((k) => `<p>${k}</p>`).join("")}</div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    for (const link of links) expect(t).not.toContain(link.slice(-12));
    for (const sentence of kept) expect(t).toContain(sentence);
  });
});

describe("calls to action (cleanArticle)", () => {
  test("links drawn as buttons with short text go; button-styled links inside sentences and list items stay", () => {
    const d = doc(
      `<div>${story}<div class="visit"><h2>Plan your visit</h2><p>The library opens every day at nine.</p><a class="btn btn-primary" href="/quote">Get a quote</a><a role="button" href="/book">Book now</a></div>` +
        `<p>Ask for <a class="button-link" href="/plans">our price list</a> before you decide.</p>` +
        `<ul><li>Opening hours: <a class="btn" href="/hours">see the table</a> for each branch.</li><li>Events: ask at the desk.</li></ul></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    expect(t).not.toContain("Get a quote");
    expect(t).not.toContain("Book now");
    expect(t).toContain("Ask for our price list before you decide.");
    expect(t).toContain("Opening hours: see the table for each branch.");
    expect(t).toContain("Plan your visit");
    expect(t).toContain("The library opens every day at nine.");
    expect(t).toContain("Paragraph 11.");
  });
});

describe("CSS Modules hashes in class names (prepareDocument)", () => {
  test("a hash that reads as a furniture word at its humps does not condemn the block; the named part still does", () => {
    const table = `<table><tr><th>Argument</th><th>Description</th></tr><tr><td>host</td><td>The address the connection is made to.</td></tr></table>`;
    const d = doc(
      `${story}<div class="mdx-table_root__adKqa">${table}</div><div class="page_ads__x9Zq1"><p>Buy the premium plan today.</p></div>`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).toContain("The address the connection is made to.");
    expect(t).not.toContain("Buy the premium plan today.");
  });

  test("a BEM element name after a double underscore is a word, not a hash", () => {
    const d = doc(`${story}<div class="card__footer"><p>Posted in Libraries.</p></div>`);
    prepareDocument(d);
    expect(text(d.body)).not.toContain("Posted in Libraries.");
  });
});

describe("link lists announced by a sentence (cleanArticle)", () => {
  const links = (n: string) =>
    `<ul><li><a href="/${n}/guide">Overview of ${n}</a></li><li><a href="/${n}/ref">${n} command reference</a></li></ul>`;

  test("a list of links after a sentence ending in a colon finishes that sentence and stays", () => {
    const d = doc(`<div>${story}<p>Sets hold unique strings. For more information, see:</p>${links("sets")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Overview of sets");
    expect(text(content)).toContain("sets command reference");
  });

  test("a list after a label, or after no sentence, goes as before; the rule can be left out", () => {
    const d = doc(`<div>${story}<p>Related links:</p>${links("lists")}<p>The council met on Monday.</p>${links("hashes")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("Overview of lists");
    expect(text(content)).not.toContain("Overview of hashes");
    const left = doc(`<div>${story}<p>Sets hold unique strings. For more information, see:</p>${links("sets")}</div>`);
    const leftContent = left.body.firstElementChild!;
    cleanArticle(leftContent, { byline: null }, { announcedLists: false });
    expect(text(leftContent)).not.toContain("Overview of sets");
  });
});

describe("link lists announced as the site's other stories (cleanArticle)", () => {
  const links = (n: string) =>
    `<ul><li><a href="/${n}/one">Why ${n} matter more than ever</a></li><li><a href="/${n}/two">How I think about ${n}</a></li></ul>`;

  test("a list after a sentence announcing other posts goes; one announced as the text's own stays", () => {
    const d = doc(
      `<div>${story}<p>Sets hold unique strings. For more information, see:</p>${links("sets")}<p>If you liked this post you might also like:</p>${links("posts")}</div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Why sets matter");
    expect(text(content)).not.toContain("Why posts matter");
    const other = doc(`<div>${story}<p>Other readers starting out found the following pages helpful:</p>${links("guides")}</div>`);
    cleanArticle(other.body.firstElementChild!, { byline: null });
    expect(text(other.body.firstElementChild!)).not.toContain("Why guides matter");
  });

  test("without the rule the announced list of other posts stays", () => {
    const d = doc(`<div>${story}<p>If you liked this post you might also like:</p>${links("posts")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null }, { otherStoryLists: false });
    expect(text(content)).toContain("Why posts matter");
  });
});

describe("link lists under a heading of the text (cleanArticle)", () => {
  const links = (n: string) =>
    `<ul><li><a href="/${n}/intro">Introduction to ${n}</a></li><li><a href="/${n}/tuning">${n} tuning</a></li><li><a href="/${n}/cv">Cross-validating ${n}</a></li></ul>`;

  test("a list of links right under a section's heading is the section's index and stays", () => {
    const d = doc(`<div>${story}<h2>Decision trees</h2>${links("trees")}<h3>Naive Bayes</h3>${links("bayes")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Introduction to trees");
    expect(text(content)).toContain("Cross-validating bayes");
  });

  test("under a heading of other stories or sources, or with the rule left out, the list goes", () => {
    const page = () =>
      doc(
        `<div>${story}<h2>Related posts</h2>${links("posts")}<h2>Sources</h2>${links("sources")}<h2>Decision trees</h2>${links("trees")}</div>`,
      );
    const content = page().body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("Introduction to posts");
    expect(text(content)).not.toContain("Introduction to sources");
    expect(text(content)).toContain("Introduction to trees");
    const left = page().body.firstElementChild!;
    cleanArticle(left, { byline: null }, { titledLists: false });
    expect(text(left)).not.toContain("Introduction to trees");
  });

  test("a list set in a box of columns under the heading, a style sheet's link between, is the titled list", () => {
    const columns = (n: string) =>
      `<link rel="stylesheet" href="/cols.css"><div class="div-col" style="column-width: 22em">${links(n)}</div>`;
    const page = () =>
      doc(`<div>${story}<h2>B</h2>${columns("b")}<h2>C</h2>${columns("c")}<h2>Related posts</h2>${columns("posts")}</div>`);
    const content = page().body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Introduction to b");
    expect(text(content)).toContain("Cross-validating c");
    expect(text(content)).not.toContain("Introduction to posts");
    const left = page().body.firstElementChild!;
    cleanArticle(left, { byline: null }, { titledLists: false });
    expect(text(left)).not.toContain("Introduction to b");
    // A box holding more than the list (a paragraph beside it) is no list's box.
    const mixed = doc(`<div>${story}<h2>B</h2><div class="div-col">${links("b")}<p><a href="/x">More</a></p></div></div>`).body
      .firstElementChild!;
    cleanArticle(mixed, { byline: null });
    expect(text(mixed)).not.toContain("Introduction to b");
  });

  test("a section's one short introduction may stand between its heading and its list, which stays", () => {
    const intro = `<p>A model that asks a series of simple questions, like a flowchart.</p>`;
    const d = doc(`<div>${story}<h3>Decision trees</h3>${intro}${links("trees")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Introduction to trees");
    expect(text(content)).toContain("like a flowchart");
  });

  test("an introduction of two or three sentences (under 500 characters) still introduces the list", () => {
    const intro =
      "<p>Trees store data in a columnar format that is optimized for analytical queries. They present data in tables, rows " +
      "and columns, and provide full support for transactions. Their storage is replicated across several locations to provide " +
      "high availability, and it is billed by the gigabyte stored each month, whatever the queries.</p>";
    expect(intro.length).toBeGreaterThan(300);
    expect(intro.length).toBeLessThan(500);
    const d = doc(`<div>${story}<h3>Tree storage</h3>${intro}${links("trees")}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Introduction to trees");
  });

  test("after a long paragraph, a paragraph of links or a heading of other stories, or as a directory, the list goes", () => {
    const long = `<p>${prose("The long section.", 9)}</p>`;
    const linked = `<p>Each page below explains one part of growing trees, as does <a href="/a">the grower's full guide to trees</a>.</p>`;
    const intro = `<p>Find the office nearest you.</p>`;
    const directory = `<ul>${Array.from({ length: 30 }, (_, i) => `<li><a href="/office/${i}">Office ${i}</a></li>`).join("")}</ul>`;
    const d = doc(
      `<div>${story}<h2>Forests</h2>${long}${links("forests")}<h2>Trees</h2>${linked}${links("trees")}` +
        `<h2>Related posts</h2><p>More from us this week.</p>${links("posts")}<h2>Offices</h2>${intro}${directory}</div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    const t = text(content);
    expect(t).not.toContain("Introduction to forests");
    expect(t).not.toContain("Introduction to trees");
    expect(t).not.toContain("Introduction to posts");
    expect(t).not.toContain("Office 12");
  });
});

describe("'See also' sections (prepareDocument, cleanArticle)", () => {
  const list = `<ul><li><a href="/docs/promise">Promise</a></li><li><a href="/docs/await">await</a></li><li><a href="/docs/async">async function</a></li></ul>`;
  const page = (section: string) => doc(`<div>${story}${section}</div>`);

  test("a section headed 'See also' keeps its heading (anchor id and all) and its list or paragraph of links", () => {
    const sections = [
      `<section><h2 id="see_also"><a href="#see_also">See also</a></h2>${list}</section>`,
      `<div class="wiki-heading"><h2 id="See_also">See also</h2></div>${list}`,
      `<h2 id="_see_also">SEE ALSO</h2><div><p><a href="/docs/promise">Promise</a>, <a href="/docs/await">await</a>, <a href="/docs/async">async function</a></p></div>`,
    ];
    for (const section of sections) {
      const d = page(section);
      prepareDocument(d);
      const content = d.body.firstElementChild!;
      cleanArticle(content, { byline: null });
      expect(text(content).toLowerCase()).toContain("see also");
      expect(text(content)).toContain("async function");
    }
  });

  test("a 'See also:' label line, a heading of other stories, and the rule left out still lose the list", () => {
    const d = page(
      `<p>See also:</p>${list}<h2>Related posts</h2>${list.replaceAll("/docs/", "/posts/").replace("Promise", "Our promise")}`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("async function");
    const left = page(`<section><h2 id="see_also"><a href="#see_also">See also</a></h2>${list}</section>`);
    prepareDocument(left);
    const leftContent = left.body.firstElementChild!;
    cleanArticle(leftContent, { byline: null }, { seeAlsoSections: false });
    expect(text(leftContent)).not.toContain("async function");
  });
});

describe("notes, tips and warnings in the text (prepareDocument)", () => {
  const note = `<div class="callout callout-note"><strong>Note</strong> The <a href="/tool">tree tool</a> now ships in the <a href="/extras">extras package</a>.</div>`;

  test("a note box among the text's paragraphs becomes a quote, which Readability does not drop for its links", () => {
    const d = doc(`<div class="body"><p>${prose("Paragraph 1.")}</p>${note}<p>${prose("Paragraph 2.")}</p></div>`);
    prepareDocument(d);
    const quote = d.body.getElementsByTagName("blockquote")[0];
    expect(quote && text(quote)).toBe("Note The tree tool now ships in the extras package.");
    const left = doc(`<div class="body"><p>${prose("Paragraph 1.")}</p>${note}<p>${prose("Paragraph 2.")}</p></div>`);
    prepareDocument(left, { admonitions: false });
    expect(left.body.getElementsByTagName("blockquote").length).toBe(0);
  });

  test("an alert bar outside running text, a box longer than a note, and a tooltip stay divs", () => {
    const long = `<div class="release-notes"><p>${prose("Release 2.0.", 30)}</p></div>`;
    const d = doc(
      `<div class="site-alert"><a href="/status">Service status</a> All systems normal.</div>` +
        `<div class="body"><p>${prose("Paragraph 1.")}</p>${long}<div class="tooltip"><a href="/g">glossary</a> entry</div><p>${prose("Paragraph 2.")}</p></div>`,
    );
    prepareDocument(d);
    expect(d.body.getElementsByTagName("blockquote").length).toBe(0);
  });

  test("a note box named 'see also' stays as a quote, even beside a single paragraph; a box of other stories named so goes", () => {
    const seeAlso = `<div class="admonition seealso"><p class="admonition-title">See also</p><dl><dt><a href="/lint">Linting</a></dt><dd><p>Learn how to check a playbook</p></dd></dl></div>`;
    const page = () =>
      doc(
        `<div class="body"><section><p>${prose("Paragraph 1.")}</p>${seeAlso}</section>` +
          `<div class="see-also"><a href="/story/1">Another story</a> <a href="/story/2">And another</a></div></div>`,
      );
    const d = page();
    prepareDocument(d);
    const quote = d.body.getElementsByTagName("blockquote")[0];
    expect(quote && text(quote)).toBe("See alsoLintingLearn how to check a playbook");
    expect(text(d.body)).not.toContain("Another story");
    const left = page();
    prepareDocument(left, { admonitions: false });
    expect(text(left.body)).not.toContain("Learn how to check a playbook");
  });
});

describe("notes in the text, end to end", () => {
  test("Readability's result keeps a note with links that it drops without the rule", async () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `<p>${prose(`Paragraph ${i}, with a comma, and another,`)}</p>`);
    paragraphs.splice(
      3,
      0,
      `<div class="admonition warning"><b>Warning</b> Never run <a href="/cmd/sync">sync</a> without <a href="/cmd/upgrade">upgrade</a>.</div>`,
    );
    const html = `<html><head><title>Packages</title></head><body><main><div class="content">${paragraphs.join("")}</div></main></body></html>`;
    const url = "https://wiki.example/Packages";
    expect((await htmlToArticle(html, { url }))?.markdown).toContain("without [upgrade]");
    expect((await htmlToArticle(html, { url, without: new Set(["admonitions"]) }))?.markdown).not.toContain("without [upgrade]");
  });
});

describe("scrolling and clipping utility classes (prepareDocument)", () => {
  const sample = (cls: string) =>
    `<div class="${cls}"><div class="highlight"><pre><code>services:\n  web:\n    build: .</code></pre></div></div>`;
  const html = (cls: string) =>
    `<html><head><title>Networking</title></head><body><main><div class="prose">${Array.from({ length: 5 }, (_, i) => `<p>${prose(`Paragraph ${i}, with a comma, and another,`)}</p>`).join("")}${sample(cls)}<p>${prose("Last.")}</p></div></main></body></html>`;
  const url = "https://docs.example/networking";

  test("a code sample whose wrapper carries overflow-hidden and scroll-mt-2 stays; the classes go, others stay", async () => {
    const d = doc(sample("group scroll-mt-2 md:overflow-x-hidden rounded"));
    prepareDocument(d);
    expect(d.body.firstElementChild?.getAttribute("class")).toBe("group rounded");
    expect((await htmlToArticle(html("group scroll-mt-2 overflow-hidden"), { url }))?.markdown).toContain("build: .");
    const left = await htmlToArticle(html("group scroll-mt-2 overflow-hidden"), { url, without: new Set(["utility-classes"]) });
    expect(left?.markdown).not.toContain("build: .");
  });

  test("names that only contain the words are kept: a hidden panel and a scroller are still named so", () => {
    const d = doc(`<div class="hidden-panel scroller">x</div>`);
    prepareDocument(d);
    expect(d.body.firstElementChild?.getAttribute("class")).toBe("hidden-panel scroller");
  });
});

describe("headings named a header (prepareDocument)", () => {
  const method = (name: string) =>
    `<section class="method"><h4 class="code-header">pub fn ${name}(&amp;self) -&gt; bool</h4></section><div class="docblock"><p>${prose(`Returns whether ${name} holds,`)}</p></div>`;
  const html = `<html><head><title>Result</title></head><body><main><div class="content"><h2 class="section-header">Implementations</h2>${["is_ok", "is_err", "is_some", "is_none"].map(method).join("")}</div></main></body></html>`;
  const url = "https://docs.example/std/result";

  test("a heading loses the names holding 'header'; its other names, and a box's, stay", () => {
    const d = doc(
      `<h2 id="variants-header" class="variants section-header">Variants</h2><h4 class="code-header">Ok(T)</h4>` +
        `<div class="section-header"><a href="/">Home</a></div>`,
    );
    prepareDocument(d);
    const [h2, h4, box] = Array.from(d.body.children);
    expect(h2?.getAttribute("class")).toBe("variants");
    expect(h2?.hasAttribute("id")).toBe(false);
    expect(h4?.hasAttribute("class")).toBe(false);
    expect(box?.getAttribute("class")).toBe("section-header");
  });

  test("a heading whose other names Readability drops keeps them all", () => {
    const d = doc(`<h3 class="extra-header">Extras</h3><h3 class="supplemental-header">Supplements</h3>`);
    prepareDocument(d);
    expect(Array.from(d.body.children).map((h) => h.getAttribute("class"))).toEqual(["extra-header", "supplemental-header"]);
  });

  test("API signatures marked as code headers stay in Readability's result; without the rule they go", async () => {
    const markdown = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(markdown).toContain("## Implementations");
    expect(markdown).toContain("#### pub fn is_err(&self) -> bool");
    const left = (await htmlToArticle(html, { url, without: new Set(["header-headings"]) }))?.markdown ?? "";
    expect(left).toContain("Returns whether is_err holds");
    expect(left).not.toContain("pub fn is_err");
  });
});

describe("captions of code samples (prepareDocument)", () => {
  test("a figure's caption over code stays; a picture's caption still goes, and so does the code's without the rule", () => {
    const page = () =>
      doc(
        `${story}<figure><pre><code>pub trait Summary {}</code></pre><figcaption>Listing 10-12: A Summary trait</figcaption></figure>` +
          `<figure><img src="/a.png"><figcaption>Photo: the river at dawn</figcaption></figure>`,
      );
    const d = page();
    prepareDocument(d);
    expect(text(d.body)).toContain("Listing 10-12: A Summary trait");
    expect(text(d.body)).not.toContain("the river at dawn");
    const left = page();
    prepareDocument(left, { codeCaptions: false });
    expect(text(left.body)).not.toContain("Listing 10-12");
  });
});

describe("headings named with camelCase humps (prepareDocument)", () => {
  test("a heading is no navbar for a hump of its camelCase name; a whole name or a box still counts", () => {
    const page = () =>
      doc(
        `${story}<h3 class="anchor anchorWithStickyNavbar_LWe7" id="basic-fields">Basic data feed fields</h3>` +
          `<h3 class="site-navbar">Site menu</h3><div class="mainNavbar"><a href="/a">Docs</a> <a href="/b">Blog</a></div>`,
      );
    const d = page();
    prepareDocument(d);
    expect(text(d.body)).toContain("Basic data feed fields");
    expect(text(d.body)).not.toContain("Site menu");
    expect(text(d.body)).not.toContain("Blog");
    const left = page();
    prepareDocument(left, { headingNameHumps: false });
    expect(text(left.body)).not.toContain("Basic data feed fields");
  });
});

describe("a marked article body keeps the article's marked summary (prepareDocument, rule article-description)", () => {
  const lead = "Thousands of travellers pass the station every day: soon they will see a new tower by the tracks.";
  const page = (before: string, after = "") =>
    doc(
      `<div itemscope itemtype="https://schema.org/NewsArticle"><h1 itemprop="headline">The wishing tower</h1>${before}` +
        `<div itemprop="articleBody">${story}</div>${after}</div>` +
        `<div itemscope itemtype="https://schema.org/Product"><p itemprop="description">A ticket for two adults and up to three children, valid all year.</p></div>`,
    );

  test("the lead marked itemprop=description before the body stays before it; left out, it goes", () => {
    const d = page(`<div class="teaser-text" itemprop="description"><p>${lead}</p></div>`);
    prepareDocument(d);
    expect(text(d.body).startsWith(lead)).toBe(true);
    expect(text(d.body)).toContain("Paragraph 11.");
    const left = page(`<div class="teaser-text" itemprop="description"><p>${lead}</p></div>`);
    prepareDocument(left, { articleDescription: false });
    expect(text(left.body)).not.toContain("Thousands of travellers");
  });

  test("a lead in a row of its own, beside the body's row or deeper than the body, stays before it (found by place, not depth)", () => {
    // A news template's rows: the lead and the body at one depth under different parents, then the lead
    // one level deeper. linkedom's compareDocumentPosition took such a lead to follow the body.
    for (const [leadBox, bodyBox] of [
      [
        `<div class="row"><div class="teaser-text" itemprop="description"><p>${lead}</p></div></div>`,
        `<div class="row"><div itemprop="articleBody">${story}</div></div>`,
      ],
      [
        `<div class="row"><div><div class="teaser-text" itemprop="description"><p>${lead}</p></div></div></div>`,
        `<div itemprop="articleBody">${story}</div>`,
      ],
    ]) {
      const d = doc(
        `<div itemscope itemtype="https://schema.org/NewsArticle"><h1 itemprop="headline">The wishing tower</h1>${leadBox}${bodyBox}</div>`,
      );
      prepareDocument(d);
      expect(text(d.body).startsWith(lead)).toBe(true);
      expect(text(d.body)).toContain("Paragraph 11.");
    }
    // After the body, in a row of its own, it is not the lead.
    const d = doc(
      `<div itemscope itemtype="https://schema.org/NewsArticle"><div class="row"><div itemprop="articleBody">${story}</div></div><div class="row"><div><p itemprop="description">${lead}</p></div></div></div>`,
    );
    prepareDocument(d);
    expect(text(d.body)).not.toContain("Thousands of travellers");
  });

  test("another item's description, one after the body, one the body repeats, a bare meta or a long block are not taken", () => {
    for (const [before, after] of [
      ["", `<p itemprop="description">${lead}</p>`],
      [`<meta itemprop="description" content="${lead}">`, ""],
      [`<p itemprop="description">Paragraph 3. Residents asked the council to keep the library open on Sundays.</p>`, ""],
      [`<div itemprop="description">${prose("A long block.", 20)}</div>`, ""],
    ]) {
      const d = page(before!, after);
      prepareDocument(d);
      expect(text(d.body).startsWith("Paragraph 0.")).toBe(true);
      expect(text(d.body)).not.toContain("valid all year");
    }
  });
});

describe("inline furniture names inside a sentence (prepareDocument, rule inline-sentences)", () => {
  const lead = `<span class="dateline">KOBE –</span> A total of 6,000 surgical masks have been lost at a hospital in Kobe, it was learned Tuesday.`;
  test("a dateline opening a paragraph stays with its sentence; left out, it goes", () => {
    const d = doc(`${story}<p>${lead}</p>`);
    prepareDocument(d);
    expect(text(d.body)).toContain("KOBE – A total of 6,000 surgical masks");
    const left = doc(`${story}<p>${lead}</p>`);
    prepareDocument(left, { inlineSentences: false });
    expect(text(left.body)).not.toContain("KOBE");
  });

  test("a furniture span that is the whole paragraph, or outside a paragraph, still goes", () => {
    const d = doc(
      `${story}<p><span class="byline">By Jane Doe, staff writer</span></p><p>The evangelists, who push this on everyone in the industry every single week,<span role="tooltip" class="footnote-note">Who, never forget, are almost always investors</span> try a good cop approach.</p><div><span class="share-label">Share this story</span> <a href="/s">Facebook</a> <a href="/t">X</a> <a href="/m">Mail</a> <a href="/c">Copy the link</a></div>`,
    );
    prepareDocument(d);
    expect(text(d.body)).not.toContain("Jane Doe");
    expect(text(d.body)).not.toContain("Share this story");
    expect(text(d.body)).not.toContain("never forget");
    // A caption split into spans around one letter is no sentence.
    const c = doc(
      `${story}<p><span class="caption">While most sparkling wines are white, ros</span>é<span class="caption"> and red styles are also produced.</span></p>`,
    );
    prepareDocument(c);
    expect(text(c.body)).not.toContain("sparkling");
    expect(text(c.body)).not.toContain("red styles");
  });
});

describe("names Readability drops, on inline parts of a sentence (prepareDocument, rule sentence-names)", () => {
  const url = "https://journal.example/2019/paper";
  const cite = (n: number) => `<span class="footers"><a class="citation-link" href="#ref${n}">${n}</a></span>`;
  const study = `<p>Stress has been reported in more than 75% of college students [${cite(1)}-${cite(3)}], and students often report higher levels of stress than other groups [${cite(4)}].</p>`;
  const page = `<html><head><title>Meditation and stress</title></head><body><article>${paragraphs}${study}${paragraphs}</article></body></html>`;

  test("a citation's number named 'footers' inside a sentence stays; left out, Readability drops it", async () => {
    const md = (await htmlToArticle(page, { url }))?.markdown ?? "";
    expect(md).toContain("college students [1-3], and");
    expect(md).toContain("other groups [4].");
    const without = (await htmlToArticle(page, { url, without: new Set(["sentence-names"]) }))?.markdown ?? "";
    expect(without).toContain("college students [-]");
  });

  test("only the names Readability drops go, and only inside a paragraph's sentence", () => {
    const d = doc(
      `${story}<p>Read what the <span class="footer-ref main-note" id="fn-1">2</span> council said about <em class="comment-text highlight" id="comment-9">Sunday hours</em> at the meeting.</p>` +
        `<p><span class="extra-count">12</span></p><div>Read by many readers of this paper <span class="extra-count">40</span></div>`,
    );
    prepareDocument(d);
    const [span, em] = [d.querySelector("#fn-1")!, d.querySelector("em")!];
    // "main" in its names: Readability keeps it, and so do we.
    expect(span.getAttribute("class")).toBe("footer-ref main-note");
    expect(em.getAttribute("class")).toBe("highlight");
    expect(em.hasAttribute("id")).toBe(false);
    // A paragraph that is only the count, and a count outside a paragraph, keep the name.
    expect(Array.from(d.querySelectorAll(".extra-count")).length).toBe(2);
  });
});

describe("ids spelled from a heading's words (prepareDocument)", () => {
  test("a heading and a section titled with 'header' lose their anchor ids; other boxes and ids stay", () => {
    const d = doc(
      `<h3 id="social-auth">Social Auth</h3><section id="link-headers"><h2>Link Headers</h2><p>Many APIs page with them.</p></section>` +
        `<div id="extra-options"><h2>Extra options</h2><p>More settings.</p></div><h2 id="remarks">Closing words</h2>`,
    );
    prepareDocument(d);
    expect(Array.from(d.body.children).map((el) => el.getAttribute("id"))).toEqual([null, null, "extra-options", "remarks"]);
  });

  test("a heading whose id spelled from its words is one of our furniture names stays; a box so named still goes", () => {
    const page = () =>
      doc(
        `${story}<h2 id="Login_shell">Login shell</h2><h3 id="sharing-data">Sharing data between components</h3>` +
          `<div id="social-links"><h2>Social links</h2><a href="/x">X</a></div>`,
      );
    const d = page();
    prepareDocument(d);
    expect(text(d.body)).toContain("Login shell");
    expect(text(d.body)).toContain("Sharing data between components");
    expect(text(d.body)).not.toContain("Social links");
    const left = page();
    prepareDocument(left, { anchorIds: false });
    expect(text(left.body)).not.toContain("Login shell");
    expect(text(left.body)).not.toContain("Sharing data");
  });

  test("a long section whose id, one of our furniture names, is spelled from its heading stays; a short box so named goes", () => {
    const section = `<section id="s-cookies"><h2>Cookies</h2><p>${prose("To read cookies, use the request's cookies attribute.", 8)}</p></section>`;
    const bar = `<div id="cookies"><h2>Cookies</h2><p>We use cookies. <a href="/ok">Accept</a></p></div>`;
    const page = () => doc(`${story}${story}${section}${bar}`);
    const d = page();
    prepareDocument(d);
    expect(text(d.body)).toContain("use the request's cookies attribute");
    expect(text(d.body)).not.toContain("We use cookies");
    const left = page();
    prepareDocument(left, { anchorIds: false });
    expect(text(left.body)).not.toContain("use the request's cookies attribute");
  });

  test("an id's one-letter prefix and counters are no words: the heading keeps its place; an id with another word still names furniture", () => {
    const d = doc(
      `<h2 id="h-what-is-social-shopping">What is social shopping?</h2><p>${prose("Shoppers buy,", 4)}</p>` +
        `<h2 id="s2-share-tips">Tips</h2><p>${prose("Share,", 4)}</p>`,
    );
    prepareDocument(d);
    const headings = Array.from(d.body.getElementsByTagName("h2"));
    expect(headings.map((h) => h.textContent)).toEqual(["What is social shopping?"]);
    expect(headings[0]!.getAttribute("id")).toBeNull();
  });

  test("an anchor id with a prefix word before the heading's words is an anchor too; a prefix before one word is not", () => {
    const d = doc(
      `<h3 id="nav_nur_die_folie__1" class="subheading">Nur die Folie bleibt zurück</h3><p>${prose("Die Folie,", 4)}</p>` +
        `<h2 id="nav-main-links">Links</h2><h2 id="nav-tips">Tips</h2><p>${prose("Tipps,", 4)}</p>`,
    );
    prepareDocument(d);
    expect(Array.from(d.body.querySelectorAll("h2, h3")).map((h) => h.textContent)).toEqual(["Nur die Folie bleibt zurück"]);
    const left = doc(`<h3 id="nav_nur_die_folie__1">Nur die Folie bleibt zurück</h3><p>${prose("Die Folie,", 4)}</p>`);
    prepareDocument(left, { anchorIds: false });
    expect(text(left.body)).not.toContain("Nur die Folie");
  });

  test("a section named for its heading stays in Readability's result; without the rule it goes", async () => {
    const section = (title: string, id: string) =>
      `<section id="${id}"><h2>${title}</h2><p>${prose(`${title} matter,`, 6)}</p><p>${prose("Also,", 6)}</p></section>`;
    const sections = ["Session objects", "Header ordering", "Prepared requests", "Keep alive"].map((t) =>
      section(t, t.toLowerCase().replace(" ", "-")),
    );
    const html = `<html><head><title>Advanced usage</title><meta property="og:type" content="article"></head><body><main><div class="body">${sections.join("")}</div></main></body></html>`;
    const url = "https://docs.example/advanced";
    // The section-series rule, which would take the sections back after Readability, is left out.
    const alone = new Set(["section-series"] as const);
    expect((await htmlToArticle(html, { url, without: alone }))?.markdown).toContain("Header ordering matter");
    expect((await htmlToArticle(html, { url, without: new Set([...alone, "anchor-ids"] as const) }))?.markdown).not.toContain(
      "Header ordering matter",
    );
  });
});

describe("headings that are one link, with a summary after them (cleanArticle)", () => {
  const entry = (title: string, summary: string) =>
    `<div class="entry"><h2><a href="/docs/${title.length}">${title}</a></h2><div><p>${summary}</p></div></div>`;
  const hub = () =>
    doc(
      `<div>${story}${entry("Scheduling your jobs", "You can run a job at a fixed time or when something happens in the repository.")}${entry(
        "Choosing a runner",
        "Pick the machine your jobs run on, hosted for you or one of your own.",
      )}</div>`,
    );

  test("a documentation hub's entry keeps its linked title beside its summary", () => {
    const content = hub().body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Scheduling your jobs");
    expect(text(content)).toContain("Choosing a runner");
    expect(text(content)).toContain("Pick the machine your jobs run on");
  });

  test("a linked title keeps its place with a credit line between it and its summary, not with another short line", () => {
    const entry = (credit: string) =>
      `<div>${story}<h4><a href="https://books.example/root">The Circular Root</a></h4><p><strong>${credit}</strong></p>` +
      `<p>Experimenting with the metaphor of the forest to explore emergent, informal and community-organised changes.</p></div>`;
    const credited = doc(entry("By Emma Fromberg")).body.firstElementChild!;
    cleanArticle(credited, { byline: null });
    expect(text(credited)).toContain("The Circular Root");
    const other = doc(entry("Out of stock")).body.firstElementChild!;
    cleanArticle(other, { byline: null });
    expect(text(other)).not.toContain("The Circular Root");
  });

  test("a linked heading with only links or a short line after it goes; the rule can be left out", () => {
    const d = doc(
      `<div>${story}<h3><a href="/more">More from the council</a></h3><p><a href="/a">Library hours</a> <a href="/b">Bus routes</a> <a href="/c">Parks and pools this summer</a></p><h3><a href="/next">Next story</a></h3><p>Share this</p></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("More from the council");
    expect(text(content)).not.toContain("Next story");
    const left = hub().body.firstElementChild!;
    cleanArticle(left, { byline: null }, { describedLinks: false });
    expect(text(left)).not.toContain("Scheduling your jobs");
    expect(text(left)).toContain("Pick the machine your jobs run on");
  });
});

describe("headings linked to their own anchor (cleanArticle anchorHeading)", () => {
  const sections = () =>
    doc(
      `<div>${story}<h2 id="opening-hours"><a href="#opening-hours">Opening hours</a></h2><ul><li>Weekdays: nine to five</li><li>Sundays: noon to four</li></ul><div class="heading-wrap"><h3><a class="anchor" href="#parking">Parking</a></h3></div><ul><li>Free after six</li><li>Two hours on weekdays</li></ul></div>`,
    );

  test("a section heading that is a link to an anchor of the page stays", () => {
    const content = sections().body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Opening hours");
    expect(text(content)).toContain("Parking");
  });

  test("a heading inside a link to the page's own address at its id stays; a link to another page's anchor still goes", () => {
    const d = doc(
      `<div>${story}<a id="anchor-7" href="/guide/parking#anchor-7"><h2>Parking rules</h2></a><ul><li>Free after six</li><li>Two hours on weekdays</li></ul><a href="/guide/tolls#anchor-2"><h2>Toll roads nearby</h2></a><ul><li>Route 9</li><li>Route 12</li></ul></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("Parking rules");
    expect(text(content)).not.toContain("Toll roads nearby");
  });

  test("a heading linking to another page, or to a bare '#', still goes as a link-only line; the rule can be left out", () => {
    const d = doc(`<div>${story}<h3><a href="#">Show more</a></h3><h3><a href="/next">Read the next story</a></h3><p>Share this</p></div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("Read the next story");
    expect(text(content)).not.toContain("Show more");
    const left = sections().body.firstElementChild!;
    cleanArticle(left, { byline: null }, { anchorHeadings: false });
    expect(text(left)).not.toContain("Opening hours");
    expect(text(left)).not.toContain("Parking");
  });
});

describe("ranked entries' headings (cleanArticle numberedHeading)", () => {
  const ranking = () =>
    doc(
      `<div>${story}<h2>1. <a href="https://movers.example/blue">Blue Moving</a></h2><ul><li>Rating: 4.9</li><li>Reviews: 726</li></ul><h2>2. <a href="https://movers.example/lift">Lift and Carry</a></h2><ul><li>Rating: 4.7</li><li>Reviews: 312</li></ul></div>`,
    );

  test("a heading numbered outside its link (a ranking's entry) stays", () => {
    const content = ranking().body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).toContain("1. Blue Moving");
    expect(text(content)).toContain("2. Lift and Carry");
  });

  test("a heading whose number is inside its link still goes; the rule can be left out", () => {
    const d = doc(
      `<div>${story}<h3><a href="/guides/packing">3. Packing tips</a></h3><ul><li>Rating: 4.9</li><li>Reviews: 726</li></ul></div>`,
    );
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("Packing tips");
    const left = ranking().body.firstElementChild!;
    cleanArticle(left, { byline: null }, { numberedHeadings: false });
    expect(text(left)).not.toContain("Blue Moving");
  });
});

describe("headings linking to other sites on an article (cleanArticle externalHeading)", () => {
  const guide = () =>
    doc(
      `<div>${story}<h3><a href="https://trails.example.org/bayou">The Bayou Trail</a></h3><ul><li>Length: 10 miles</li><li>Paved</li></ul><h3><a href="https://www.news.example.com/more">More city stories</a></h3><ul><li>Length: 3 miles</li><li>Gravel</li></ul><h3><a href="/trails/creek">Creek Trail</a></h3><ul><li>Length: 4 miles</li><li>Dirt</li></ul></div>`,
    );

  test("on an article, a heading linking to another site stays; one linking within the site still goes", () => {
    const content = guide().body.firstElementChild!;
    cleanArticle(content, { byline: null }, { articleUrl: "https://news.example.com/city/best-trails" });
    expect(text(content)).toContain("The Bayou Trail");
    expect(text(content)).not.toContain("More city stories");
    expect(text(content)).not.toContain("Creek Trail");
  });

  test("without the page's address (a page declaring no article) such a heading goes", () => {
    const content = guide().body.firstElementChild!;
    cleanArticle(content, { byline: null });
    expect(text(content)).not.toContain("The Bayou Trail");
  });
});

describe("link lists whose items say more than their links (cleanArticle describedLists)", () => {
  const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`;
  const directory = list([
    `<a href="https://repairs.example.org/">Rebuild Together (Web)</a> (512) 555-8230`,
    `<a href="https://meals.example.org/">Meals on Wheels (Web)</a> (512) 555-6325`,
    `<a href="https://faith.example.org/">Interfaith Action (Web)</a> (512) 555-9145`,
  ]);
  const courses = list([
    `<a href="/c/intro-python">Intro to Python</a> ★★★★★(13)`,
    `<a href="/c/intro-sql">Intro to SQL</a> ★★★★☆(8)`,
    `<a href="/c/deep-learning">Intro to Deep Learning</a> ★★★★★(3)`,
  ]);
  const related = list([
    `<a href="/news/budget">Council passes the budget</a>`,
    `<a href="/news/bridge">The bridge reopens in May</a>`,
    `<a href="/news/school">A new school for the east side</a>`,
  ]);
  const priced = list([
    `<a href="/homes/stonebrook">Stonebrook homes for sale</a>$635,000`,
    `<a href="/homes/marina">Marina homes for sale</a>$224,900`,
    `<a href="/homes/foothills">Foothills homes for sale</a>$590,000`,
  ]);
  const clean = (html: string, options = {}) => {
    const d = doc(`<div>${story}<p>The partners answer questions about the program.</p>${html}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null }, options);
    return text(content);
  };

  test("a directory's names with their phone numbers and courses with their ratings stay", () => {
    expect(clean(directory)).toContain("Meals on Wheels (Web) (512) 555-6325");
    expect(clean(courses)).toContain("Intro to SQL ★★★★☆(8)");
    // Without the rule they went as a list of links.
    expect(clean(directory, { describedLists: false })).not.toContain("Meals on Wheels");
  });

  test("a list of other stories, and teasers with only a price beside their links, still go", () => {
    expect(clean(related)).not.toContain("The bridge reopens in May");
    expect(clean(priced)).not.toContain("Marina homes for sale");
    expect(clean(related)).toContain("Paragraph 0.");
  });
});

describe("a link list that holds most of the text (cleanArticle wholeLists)", () => {
  // A roundup post: one linked title per item and its source, nothing else but a line of introduction.
  const sources = ["The Daily Ledger", "Harbour Radio News", "City Weekly", "Metro Tech Review"];
  const titles = [
    "Study doubts that state aid keeps local papers alive",
    "Abuse online: blaming the victims instead of protecting them",
    "The union warns that schools are slow to teach digital skills",
    "Regulators weigh a ban on face recognition in public places",
    "How the digital tax was blocked at the last minute",
    "A printer maker locks cartridges when a subscription ends",
    "Agile methods arrive in the town hall, one sprint at a time",
    "Data leak at a car rental firm: what customers should do now",
  ];
  const roundup = `<ul>${titles
    .map(
      (t, i) =>
        `<li><a href="https://news${i}.example/story">${t}</a><br>via ${sources[i % 4]} <a href="https://news${i}.example/">https://news${i}.example/</a></li>`,
    )
    .join("")}</ul>`;
  const clean = (html: string, options = {}) => {
    const d = doc(`<div>${html}</div>`);
    const content = d.body.firstElementChild!;
    cleanArticle(content, { byline: null }, options);
    return text(content);
  };

  test("a roundup of links that is the post stays, every title with its source", () => {
    const out = clean(`<p>Reading for today.</p>${roundup}`);
    for (const t of titles) expect(out).toContain(t);
    expect(out).toContain("via City Weekly");
    // Without the rule each item went as a link-only line.
    expect(clean(`<p>Reading for today.</p>${roundup}`, { wholeLists: false })).not.toContain(titles[0]!);
  });

  test("the same list under an article's text is other stories and goes", () => {
    const out = clean(`${story}${roundup}`);
    expect(out).toContain("Paragraph 11.");
    expect(out).not.toContain(titles[0]!);
  });
});

describe("a consent dialog however long (prepareDocument, rule consent-dialogs)", () => {
  // A consent platform's dialog listing its advertising partners: each vendor's purposes and privacy policy.
  const vendors = Array.from(
    { length: 120 },
    (_, i) =>
      `<div class="VendorRow"><p>Privacy policy: <a href="https://vendor${i}.example/privacy">https://vendor${i}.example/privacy</a></p>` +
      `<ul><li>Store and/or access information on a device</li><li>Select personalised ads</li><li>Measure ad performance</li></ul></div>`,
  ).join("");
  const dialog = (attrs: string) =>
    `<div ${attrs}><h2>This website uses cookies</h2><p>See the partners we work with below.</p>${vendors}</div>`;
  const ad =
    `<div class="box detail"><h1>Remote control for a TV</h1><strong>€ 20,-</strong>` +
    `<div class="text">Remote control, as new, never used, in its original box with batteries.</div></div>`;

  test("a dialog named for cookies goes though it holds most of the page's text; the page's item stays", async () => {
    const html = `<html><body>${dialog('id="CybotCookiebotDialog" role="dialog"')}${ad}</body></html>`;
    const article = await htmlToArticle(html, { url: "https://ads.example/item/278526196" });
    expect(article?.markdown).toContain("in its original box with batteries");
    expect(article?.markdown).not.toContain("Privacy policy");
    expect(article?.markdown).not.toContain("personalised ads");
    const off = await htmlToArticle(html, { url: "https://ads.example/item/278526196", without: new Set(["consent-dialogs"]) });
    expect(off?.markdown).toContain("personalised ads");
  });

  test("so does a <dialog> and an aria-modal box labelled for consent", () => {
    for (const box of [
      `<dialog open class="consent-manager">${dialog("")}</dialog>`,
      dialog('class="overlay" aria-modal="true" aria-label="Privacy and consent settings"'),
    ]) {
      const d = doc(`${box}${ad}`);
      prepareDocument(d);
      expect(text(d.body)).not.toContain("Measure ad performance");
      expect(text(d.body)).toContain("Remote control, as new");
    }
  });

  test("a dialog named otherwise that holds the page stays (an article opened in a lightbox)", () => {
    const d = doc(`<div role="dialog" class="article-lightbox">${story}</div><p>Footer line.</p>`);
    prepareDocument(d);
    expect(text(d.body)).toContain("Paragraph 11.");
  });

  test("a page about cookies that is no dialog stays, named as it may be", () => {
    const page = `<div class="cookie-policy"><h1>Our cookie policy</h1>${story}</div>`;
    const d = doc(page);
    prepareDocument(d);
    expect(text(d.body)).toContain("Paragraph 11.");
  });
});

describe("each item's author in a list (prepareDocument, rule listed-authors)", () => {
  const book = (title: string, author: string) =>
    `<tr><td><a class="bookTitle" href="/b/${title.length}">${title}</a> <span class="by">by</span> ` +
    `<span itemprop="author"><div class="authorName__container"><a class="authorName" href="/a/1">${author}</a></div></span> ` +
    `<span class="minirating">4.35 avg rating</span></td></tr>`;
  const list = `<table class="tableList">${book("The Hunger Games", "Suzanne Collins")}${book("Pride and Prejudice", "Jane Austen")}${book("To Kill a Mockingbird", "Harper Lee")}</table>`;

  test("a class naming an author set on three items or more is each item's text", () => {
    const d = doc(`<div class="story">${paragraphs}${list}</div>`);
    prepareDocument(d);
    const t = text(d.body);
    for (const name of ["Suzanne Collins", "Jane Austen", "Harper Lee"]) expect(t).toContain(name);
    // Left out, every author goes with the furniture named "author".
    const without = doc(`<div class="story">${paragraphs}${list}</div>`);
    prepareDocument(without, { listedAuthors: false });
    expect(text(without.body)).not.toContain("Suzanne Collins");
  });

  test("the page's own byline set once or twice, an author box, and a class naming more than an author go", () => {
    const d = doc(
      `<div class="post-author">By Ann Lee</div><div class="story">${paragraphs}</div><div class="post-author">By Ann Lee</div>` +
        `${'<div class="author-bio">Ann Lee writes about cities.</div>'.repeat(3)}` +
        `${'<div class="author sidebar">Sidebar author note</div>'.repeat(3)}`,
    );
    prepareDocument(d);
    const t = text(d.body);
    expect(t).not.toContain("By Ann Lee");
    expect(t).not.toContain("Ann Lee writes about cities.");
    expect(t).not.toContain("Sidebar author note");
  });
});

describe("each item's credit line in Readability's result (cleanArticle, rule listed-authors)", () => {
  const book = (title: string, by: string) =>
    `<h4>${title}</h4><p><strong>By ${by}</strong></p><p>A book about ${title.toLowerCase()}, with ideas for groups who want to change how they meet.</p>`;
  const library = `<div>${book("The House of Modernity", "Oliveira Andreotti")}${book("The Circular Root", "Emma Fromberg")}${book("Emergent Strategy", "adrienne maree brown")}</div>`;

  test("a By line under each of three items or more is the item's and stays; left out, the lines go", () => {
    const d = doc(library);
    cleanArticle(d.body.firstElementChild!, { byline: null });
    for (const name of ["By Oliveira Andreotti", "By Emma Fromberg", "By adrienne maree brown"]) expect(text(d.body)).toContain(name);
    const without = doc(library);
    cleanArticle(without.body.firstElementChild!, { byline: null }, { listedAuthors: false });
    expect(text(without.body)).not.toContain("By Emma Fromberg");
  });

  test("the page's byline, once or twice, goes; so does the page's own name among the credits", () => {
    const d = doc(`<div><p>By Ann Lee</p>${paragraphs}<p>By Ann Lee</p></div>`);
    cleanArticle(d.body.firstElementChild!, { byline: null });
    expect(text(d.body)).not.toContain("By Ann Lee");
    const named = doc(library.replace("<div>", "<div><p>By Ann Lee</p>"));
    cleanArticle(named.body.firstElementChild!, { byline: "Ann Lee" });
    expect(text(named.body)).not.toContain("By Ann Lee");
    expect(text(named.body)).toContain("By Emma Fromberg");
  });
});

describe("each item's author drawn as a link in Readability's result (cleanArticle, rule listed-authors)", () => {
  const item = (title: string, author: string) =>
    `<li><a href="/b/${title.length}">${title}</a> by <div class="authorName__container"><a class="authorName" href="/a/${author.length}">${author}</a></div> 4.3 avg rating</li>`;
  const list = `<ul class="books">${item("The Hunger Games", "Suzanne Collins")}${item("Pride and Prejudice", "Jane Austen")}${item("To Kill a Mockingbird", "Harper Lee")}</ul>`;
  test("a link-only block on a class naming an author set on three items or more stays; left out, it goes", () => {
    const d = doc(`<div>${paragraphs}${list}</div>`);
    cleanArticle(d.body, { byline: null });
    for (const name of ["Suzanne Collins", "Jane Austen", "Harper Lee"]) expect(text(d.body)).toContain(name);
    const without = doc(`<div>${paragraphs}${list}</div>`);
    cleanArticle(without.body, { byline: null }, { listedAuthors: false });
    expect(text(without.body)).not.toContain("Suzanne Collins");
  });
  test("a link-only author line set once or twice is the page's byline box and goes", () => {
    const d = doc(
      `<div>${paragraphs}<div class="author-link"><a href="/a/1">Ann Lee</a></div><div class="author-link"><a href="/a/1">Ann Lee</a></div></div>`,
    );
    cleanArticle(d.body, { byline: null });
    expect(text(d.body)).not.toContain("Ann Lee");
  });
});
