import { describe, expect, test } from "bun:test";
import { type DomFactory, linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle, readableText } from "../../src/extract/html-to-article.ts";
import {
  headingCounts,
  listingMayWin,
  listingOutOfReach,
  listingPage,
  listingSignals,
  pageTeaserText,
  teasers,
  withoutTeaserCopies,
  wordsOutside,
} from "../../src/extract/listing.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

function page(html: string): Document {
  return linkedomPage(html, "https://example.com/").document;
}

function signalsOf(html: string, readabilityText = "") {
  const body = page(`<html><body>${html}</body></html>`).body as unknown as Element;
  return listingSignals(body, readableText, readabilityText);
}

const STORIES = [
  "Council approves the new river bridge after a decade of debate",
  "Heat wave expected to break records across the southern valleys",
  "Local library reopens with a maker space and longer weekend hours",
  "Rail operator adds night trains between the two largest cities",
  "School district hires forty teachers ahead of the autumn term",
  "Farmers report an early harvest as the dry season ends sooner",
  "Museum returns a collection of masks to the community that made them",
];

const teaser = (title: string, i: number) =>
  `<article class="card card-${i}"><h2><a href="/news/story-${i}">${title}</a></h2><time datetime="2025-03-0${i + 1}">March ${i + 1}, 2025</time>` +
  `<p>Blurb ${i}: reporters followed the story for weeks and spoke to residents, officials and experts about what comes next.</p></article>`;

const hub = (declared: boolean) =>
  `<html><head><title>Local news</title>${declared ? '<meta property="og:type" content="article">' : ""}</head><body>` +
  `<header><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>` +
  `<main><h1>Local news</h1><p>The latest stories from the valley, updated through the day.</p>` +
  `<section class="feed">${STORIES.map(teaser).join("")}</section></main>` +
  `<footer><p>Copyright 2025 Valley Media Group. All rights reserved. Our journalism is supported by readers; ` +
  `the terms of use, privacy policy and cookie policy of this site apply to every visit and every subscription, ` +
  `and the editorial code of conduct is published in full on our about page for anyone who wants to read it.</p></footer></body></html>`;

describe("linked headings", () => {
  test("a heading that links to another page is a teaser title; an anchor to its own section is not", () => {
    const doc = page(
      `<html><body><h2><a href="/a">One story</a></h2><a href="/b"><h3>Another story</h3></a>` +
        `<h2 id="setup">Setup <a href="#setup">¶</a></h2><h2>Plain section</h2><h2><a href="javascript:void(0)">Open</a></h2></body></html>`,
    );
    expect(headingCounts(doc.body)).toEqual({ headings: 5, linkedHeadings: 2 });
  });

  test("an <article>'s own <header> without a heading element is its title; one holding a heading or outside an article is not", () => {
    const doc = page(
      `<html><body><article><header><a href="/a">One story</a></header><p>Blurb</p></article>` +
        `<article><header><h2><a href="/b">Another story</a></h2></header></article>` +
        `<header><a href="/">Site name</a></header><div><header><a href="/c">Not an article's</a></header></div></body></html>`,
    );
    expect(headingCounts(doc.body)).toEqual({ headings: 2, linkedHeadings: 2 });
    const feed = STORIES.map(
      (title, i) =>
        `<article><header><a href="/news/${i}">${title}</a></header><p>Blurb ${i}: residents and officials spoke about what comes next.</p></article>`,
    ).join("");
    const s = signalsOf(`<h1>Latest news</h1><section>${feed}</section>`);
    expect(s.linkedHeadings).toBe(STORIES.length);
    expect(listingPage(s)).toBe(true);
  });

  test("a link of 200,000 slashes is read in linear time (a trailing-slash pattern was quadratic)", () => {
    const doc = page(`<html><body><h2><a href="/${"/".repeat(200_000)}x">Deep</a></h2><h2><a href="/other">Other</a></h2></body></html>`);
    expect(headingCounts(doc.body)).toEqual({ headings: 2, linkedHeadings: 2 });
  }, 5_000);

  test("an article's title linked to its own address is not a teaser title", () => {
    const document = linkedomPage(
      `<html><body><h1><a href="/2025/bridge-vote/">Council votes on the bridge</a></h1><h2><a href="https://news.example/2025/other">Other</a></h2></body></html>`,
      "https://news.example/2025/bridge-vote?ref=home",
    ).document;
    expect(headingCounts(document.body)).toEqual({ headings: 2, linkedHeadings: 1 });
  });

  test("each teaser is its linked heading with the largest block around it that holds no other", () => {
    const body = page(
      `<html><body><main><h1>News</h1><div class="feed">${STORIES.slice(0, 3).map(teaser).join("")}</div></main></body></html>`,
    ).body as unknown as Element;
    const items = teasers(body);
    expect(items.map((el) => el.nodeName)).toEqual(["ARTICLE", "ARTICLE", "ARTICLE"]);
    expect(items[1]!.textContent).toContain("Blurb 1");
  });

  test("only a document with enough linked headings makes the region worth a second parse", () => {
    expect(listingMayWin(page(hub(false)))).toBe(true);
    const few = `<html><body>${STORIES.slice(0, THRESHOLDS.listingMinLinkedHeadings - 1)
      .map(teaser)
      .join("")}</body></html>`;
    expect(listingMayWin(page(few))).toBe(false);
  });
});

describe("which regions are listings", () => {
  test("a feed of teasers (title link, date, blurb) is a listing", () => {
    const s = signalsOf(`<h1>Local news</h1><p>The latest stories.</p><section>${STORIES.map(teaser).join("")}</section>`);
    expect(s.linkedHeadings).toBe(STORIES.length);
    expect(s.teaserShare).toBeGreaterThan(0.9);
    expect(listingPage(s)).toBe(true);
  });

  test("an article whose sections end in a block of related-story teasers is not a listing", () => {
    const body = Array.from(
      { length: 6 },
      (_, i) =>
        `<h2>Part ${i}</h2><p>${"The committee heard evidence from engineers, residents and the operator over three days of hearings. ".repeat(4)}</p>`,
    ).join("");
    const related = `<div class="related">${STORIES.slice(0, 6)
      .map((t, i) => `<div class="r"><h3><a href="/r/${i}">${t}</a></h3></div>`)
      .join("")}</div>`;
    const s = signalsOf(`<h1>Bridge inquiry</h1>${body}${related}`);
    // Half the headings link away, and the teasers hold a small share of the text.
    expect(s.linkedHeadings).toBe(6);
    expect(s.teaserShare).toBeLessThan(THRESHOLDS.listingMinTeaserShare);
    expect(listingPage(s)).toBe(false);
  });

  test("teasers beside an article Readability found are its related stories, not a listing", () => {
    const region = `<h1>Rescue caught on video</h1><section>${STORIES.map(teaser).join("")}</section>`;
    const article = "Police said the girl was found unharmed after a neighbour called in the car's plate number. ".repeat(25);
    expect(listingPage(signalsOf(region, article))).toBe(false);
    // The same region when Readability kept one of its teasers (or a short footer) is a listing.
    expect(listingPage(signalsOf(region, `${STORIES[2]} March 3, 2025 Blurb 2: reporters followed the story`))).toBe(true);
    expect(listingPage(signalsOf(region, "Copyright 2025 Valley Media Group. All rights reserved."))).toBe(true);
  });

  test("words outside are counted by word pairs, so shared single words do not hide a separate text", () => {
    expect(wordsOutside("the council met on monday", "the council met on monday and voted")).toBe(0);
    expect(wordsOutside("monday the council on met", "the council met on monday")).toBe(3);
  });

  test("a documentation page whose headings carry anchors to themselves is not a listing", () => {
    const sections = Array.from(
      { length: 8 },
      (_, i) =>
        `<h2 id="s${i}">Option ${i} <a href="#s${i}">#</a></h2><p>Sets the number of retries before the client gives up on a request.</p>`,
    ).join("");
    const s = signalsOf(`<h1>Configuration</h1>${sections}`);
    expect(s.linkedHeadings).toBe(0);
    expect(listingPage(s)).toBe(false);
  });

  test("a grid of priced product cards is left to the other rules", () => {
    const cards = STORIES.map(
      (t, i) =>
        `<div class="p"><h3><a href="/p/${i}">${t.split(" ").slice(0, 4).join(" ")}</a></h3><span>$${19 + i}.99</span><span>Was $${29 + i}.99</span></div>`,
    ).join("");
    const s = signalsOf(`<h1>Lamps</h1>${cards}`);
    expect(s.prices).toBe(STORIES.length * 2);
    expect(listingPage(s)).toBe(false);
  });
});

describe("the listing rule end to end", () => {
  for (const declared of [false, true]) {
    test(`a news hub${declared ? " that calls itself an article" : ""} comes back with every teaser, in order, without the footer`, async () => {
      const article = (await htmlToArticle(hub(declared), { url: "https://news.example/local" }))!;
      // A list of teasers is not one article, whatever the page declares.
      expect(article.pageType).toBeNull();
      const md = article.markdown;
      for (const title of STORIES) expect(md).toContain(title);
      for (let i = 0; i < STORIES.length; i++) expect(md).toContain(`Blurb ${i}`);
      expect(md.indexOf(STORIES[0]!)).toBeLessThan(md.indexOf(STORIES[6]!));
      expect(md).toContain("March 7, 2025");
      expect(md).toContain("Local news");
      expect(md).not.toContain("Copyright");
      expect(md).not.toContain("Sport");
    });
  }
});

describe("a short declared story beside a list of linked headlines", () => {
  const story =
    "<p>A cat missing for five years was found far from home this week, the animal shelter said on Tuesday.</p>" +
    "<p>A scan of its microchip showed it had travelled more than a thousand miles before it was found.</p>" +
    "<p>An airline offered to fly the cat home with a member of the shelter's staff.</p>" +
    "<p>Its owners had searched the neighbourhood for months, printed posters and called every clinic nearby " +
    "before they gave up hope; they said they would collect it from the airport themselves on Friday morning.</p>";
  const popular = `<div class="popular"><h2>Most popular</h2>${STORIES.map(teaser).join("")}</div>`;

  test("on a declared article, Readability's own text outside the teasers keeps the story (the rule yields)", () => {
    const s = signalsOf(
      `<div class="story"><h1>Cat found after five years</h1>${story}</div>${popular}`,
      readableText(page(`<html><body>${story}</body></html>`).body as unknown as Element),
    );
    expect(s.readabilityOutside).toBeGreaterThan(THRESHOLDS.listingMaxReadabilityOutsideDeclared);
    expect(s.readabilityOutside).toBeLessThanOrEqual(THRESHOLDS.listingMaxReadabilityOutside);
    expect(listingPage(s, true)).toBe(false);
    // Undeclared, the same page would still be taken as a listing (the general bound is higher).
    expect(listingPage(s, false)).toBe(true);
  });

  test("a declared hub whose Readability pick is its intro (a paragraph under its title) is still a listing", () => {
    const intro =
      "<p>Our recipes for the air fryer: quick dinners, crisp vegetables and snacks for busy weeknights. " +
      "Every recipe here was tested at least three times in our kitchen, and each one lists the temperature, the time and " +
      "what to serve with it, so you can plan a whole meal around one basket.</p>";
    const s = signalsOf(
      `<h1>Air fryer recipes</h1>${intro}<div class="grid">${STORIES.map(teaser).join("")}</div>`,
      readableText(page(`<html><body>${intro}</body></html>`).body as unknown as Element),
    );
    expect(s.readabilityOutside).toBeGreaterThan(40);
    expect(listingPage(s, true)).toBe(true);
  });

  test("a declared hub whose Readability pick is a teaser fragment is still a listing", () => {
    const s = signalsOf(popular, readableText(page(`<html><body>${teaser(STORIES[0]!, 0)}</body></html>`).body as unknown as Element));
    expect(listingPage(s, true)).toBe(true);
  });

  test("end to end: the story comes back without the list", async () => {
    const html =
      `<html><head><title>Cat found</title><meta property="og:type" content="article"></head><body>` +
      `<div class="story"><h1>Cat found after five years</h1>${story}</div>${popular}</body></html>`;
    const md = (await htmlToArticle(html, { url: "https://news.example/cat" }))!.markdown;
    expect(md).toContain("microchip");
    expect(md).not.toContain(STORIES[3]!);
  });
});

describe("teaser blocks", () => {
  test("a lone linked heading inside an article does not make the article a teaser", () => {
    const paragraphs = "<p>The hearing ran for nine hours and the two witnesses disagreed on the timeline of the calls.</p>".repeat(30);
    const body = page(
      `<html><body><div class="story"><h1>Key moments from the hearing</h1>${paragraphs}<div class="author"><h3><a href="/people/ann">Ann Lee</a></h3></div></div>` +
        `<div class="more">${STORIES.map(teaser).join("")}</div></body></html>`,
    ).body as unknown as Element;
    const items = teasers(body);
    expect(items.length).toBe(STORIES.length + 1);
    // The author box stays a small block; the story with its <h1> and long text is not a teaser.
    for (const item of items) expect(item.textContent).not.toContain("Key moments");
    const s = listingSignals(body, readableText, readableText(body.querySelector(".story")!));
    expect(s.readabilityOutside).toBeGreaterThan(THRESHOLDS.listingMaxReadabilityOutside);
    expect(listingPage(s)).toBe(false);
  });
});

describe("a lead teaser with its whole story", () => {
  test("a teaser that carries its story (about 2,500 characters) is one teaser, and the feed a listing", () => {
    const story = "<p>The firm opened its new office this week and plans to hire forty consultants in the region.</p>".repeat(27);
    const lead = `<div class="post"><h2><a href="/news/lead">The firm opens a regional office</a></h2>${story}</div>`;
    const body = page(`<html><body><div class="feed">${lead}${STORIES.map(teaser).join("")}</div></body></html>`)
      .body as unknown as Element;
    const leadText = readableText(body.querySelector(".post")!);
    expect(leadText.length).toBeGreaterThan(2_400);
    const items = teasers(body);
    expect(items[0]!.textContent).toContain("forty consultants");
    const s = listingSignals(body, readableText, leadText);
    expect(s.readabilityOutside).toBe(0);
    expect(listingPage(s)).toBe(true);
  });
});

describe("teaser blocks titled by <h1>", () => {
  test("a teaser whose own title is an <h1> takes in its date and blurb; another <h1> still bounds it", () => {
    const h1Teaser = (title: string, i: number) =>
      `<div class="post"><h1><a href="/news/story-${i}">${title}</a></h1><p>Blurb ${i}: what the reporters found out this week.</p></div>`;
    const body = page(
      `<html><body><div class="top"><h1>All the news</h1><div class="feed">${STORIES.map(h1Teaser).join("")}</div></div></body></html>`,
    ).body as unknown as Element;
    const items = teasers(body);
    expect(items.length).toBe(STORIES.length);
    for (const [i, item] of items.entries()) {
      expect(item.textContent).toContain(`Blurb ${i}:`);
      expect(item.textContent).not.toContain("All the news");
    }
    expect(listingSignals(body, readableText, "").teaserShare).toBeGreaterThan(0.9);
  });
});

describe("the listing rule's bound before the second parse", () => {
  const longStory = Array.from(
    { length: 30 },
    (_, i) =>
      `<p>Paragraph ${i} of the council's long report on the bridge: engineers, residents and the mayor disagreed about cost, route and timing for another year.</p>`,
  ).join("");
  const article = () =>
    `<html><head><title>Bridge</title><meta property="og:type" content="article"></head><body>` +
    `<article><h1>Council approves the river bridge</h1>${longStory}</article>` +
    `<aside><h2>Related</h2>${STORIES.map(teaser).join("")}</aside></body></html>`;

  /** Production's DOM, counting the second parses the region needs. */
  function counting(): { dom: DomFactory; reparses: () => number } {
    let n = 0;
    const dom: DomFactory = (html, url) => {
      const page = linkedomPage(html, url);
      const reparse = () => {
        n++;
        return page.reparse();
      };
      return { ...page, reparse };
    };
    return { dom, reparses: () => n };
  }

  test("an article beside related-story teasers is out of the rule's reach: no second parse", async () => {
    const { dom, reparses } = counting();
    const md = (await htmlToArticle(article(), { url: "https://news.example/bridge" }, dom))!.markdown;
    expect(md).toContain("Paragraph 29 of the council's long report");
    expect(md).not.toContain(STORIES[0]!);
    expect(reparses()).toBe(0);
  });

  test("a hub is within reach: its region is parsed and taken, as before", async () => {
    const { dom, reparses } = counting();
    const md = (await htmlToArticle(hub(true), { url: "https://news.example/local" }, dom))!.markdown;
    for (const title of STORIES) expect(md).toContain(title);
    expect(reparses()).toBe(1);
  });

  test("the bound: words outside the page's teasers against the rule's limit, with its slack", () => {
    const body = page(hub(false)).body as unknown as Element;
    const teaserText = pageTeaserText(body, readableText);
    expect(teaserText).toContain(STORIES[3]!);
    expect(listingOutOfReach(readableText(body.querySelector(".card-2")!), teaserText, true)).toBe(false);
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    const limit = THRESHOLDS.listingMaxReadabilityOutsideDeclared * THRESHOLDS.listingPrefilterSlack;
    expect(listingOutOfReach(words(limit + 1), teaserText, true)).toBe(false);
    expect(listingOutOfReach(words(limit + 2), teaserText, true)).toBe(true);
    expect(listingOutOfReach(words(limit + 2), teaserText, false)).toBe(false);
  });
});

describe("a listing's teasers said once", () => {
  const bodyOf = (html: string) => page(`<html><body>${html}</body></html>`).body as unknown as Element;
  const count = (text: string, part: string) => text.split(part).length - 1;

  test("a card laid out twice (phone and desktop) keeps its first copy only", () => {
    const card = (title: string, i: number) =>
      `<li><div class="narrow"><h3><a href="/e/${i}">${title}</a></h3><p>Friday ${i}, 6 PM</p><p>Organiser ${i}</p></div>` +
      `<div class="wide"><h3><a href="/e/${i}">${title}</a></h3><p>Friday ${i}, 6 PM</p></div></li>`;
    const body = bodyOf(`<ul>${STORIES.map(card).join("")}</ul>`);
    expect(withoutTeaserCopies(body, readableText)).toBe(STORIES.length);
    const text = readableText(body);
    for (const [i, title] of STORIES.entries()) {
      expect(count(text, title)).toBe(1);
      expect(count(text, `Friday ${i}, 6 PM`)).toBe(1);
      expect(text).toContain(`Organiser ${i}`);
    }
  });

  test("of a card's two copies the one saying less goes: the phone layout without the price the desktop one shows", () => {
    const card = (title: string, i: number) =>
      `<li><div class="narrow"><h3><a href="/p/${i}">${title}</a></h3><p>Back-order</p></div>` +
      `<div class="wide"><p>Maker ${i}</p><h3><a href="/p/${i}">${title}</a></h3><p>$${100 + i}.95</p></div></li>`;
    const body = bodyOf(`<ul>${STORIES.map(card).join("")}</ul>`);
    expect(withoutTeaserCopies(body, readableText)).toBe(STORIES.length);
    const text = readableText(body);
    for (const [i, title] of STORIES.entries()) {
      expect(count(text, title)).toBe(1);
      expect(text).toContain(`$${100 + i}.95`);
      expect(text).toContain(`Maker ${i}`);
    }
    expect(text).not.toContain("Back-order");
  });

  test("a link laid over the card with the title's words goes; the title and other links stay", () => {
    const card = (title: string, i: number) =>
      `<div class="story"><a class="overlay" href="/s/${i}">${title}</a><a href="/u/${i}">Author ${i}</a>` +
      `<h2><a href="/s/${i}">${title}</a></h2><a href="/s/${i}#comments">${i} comments</a></div>`;
    const body = bodyOf(`<section>${STORIES.map(card).join("")}</section>`);
    expect(withoutTeaserCopies(body, readableText)).toBe(STORIES.length);
    expect(body.querySelectorAll("a.overlay").length).toBe(0);
    const text = readableText(body);
    for (const [i, title] of STORIES.entries()) {
      expect(count(text, title)).toBe(1);
      expect(text).toContain(`Author ${i}`);
      expect(text).toContain(`${i} comments`);
    }
  });

  test("one story ending one section of a front and opening the next (top stories, latest) is kept in both", () => {
    const last = STORIES.length - 1;
    const top = `<section><h2>Top stories</h2>${STORIES.map(teaser).join("")}</section>`;
    const latest = `<section><h2>Latest</h2>${teaser(STORIES[last]!, last)}${STORIES.slice(0, 3).map(teaser).join("")}</section>`;
    const body = bodyOf(top + latest);
    expect(withoutTeaserCopies(body, readableText)).toBe(0);
    expect(count(readableText(body), STORIES[last]!)).toBe(2);
  });

  test("two teasers in a row with one title but different addresses are two items", () => {
    const card = (i: number) => `<div class="c"><h3><a href="/match/${i}">Weekly quiz</a></h3><p>Round ${i} of the quiz</p></div>`;
    const body = bodyOf(`<div>${[0, 1, 2, 3, 4, 5].map(card).join("")}</div>`);
    expect(withoutTeaserCopies(body, readableText)).toBe(0);
    expect(count(readableText(body), "Weekly quiz")).toBe(6);
  });

  test("end to end: a hub whose cards are written twice comes back with each title once", async () => {
    const twice = (title: string, i: number) =>
      `<div class="card"><div class="a">${teaser(title, i)}</div><div class="b">${teaser(title, i)}</div></div>`;
    const html = hub(false).replace(STORIES.map(teaser).join(""), STORIES.map(twice).join(""));
    const md = (await htmlToArticle(html, { url: "https://news.example/local" }))!.markdown;
    for (const title of STORIES) expect(count(md, title)).toBe(1);
    const kept = (await htmlToArticle(html, { url: "https://news.example/local", without: new Set(["teaser-copies"]) }))!.markdown;
    for (const title of STORIES) expect(count(kept, title)).toBe(2);
  });
});

describe("a grid's cards said once", () => {
  const PRODUCTS = [
    "Oak desk lamp",
    "Walnut side table",
    "Linen floor cushion",
    "Brass wall hook",
    "Wool throw blanket",
    "Cedar shoe rack",
  ];
  const card = (name: string, i: number) =>
    `<h3><a href="/p/${i}">${name}</a></h3><span class="note">Ships in ${i + 2} days</span> <span class="price">$${40 + i}.00</span>`;
  const shop =
    `<html><head><title>Home goods</title></head><body><header><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav></header>` +
    `<main><h1>Home goods</h1><div class="grid">${PRODUCTS.map(
      (name, i) => `<div class="product"><div class="narrow">${card(name, i)}</div><div class="wide">${card(name, i)}</div></div>`,
    ).join("")}</div></main><footer><p>Store policies</p></footer></body></html>`;

  test("a shop's grid taken as the region (not a listing: its cards have prices) keeps one copy of each card", async () => {
    const count = (text: string, part: string) => text.split(part).length - 1;
    const md = (await htmlToArticle(shop, { url: "https://shop.example/home" }))!.markdown;
    for (const [i, name] of PRODUCTS.entries()) {
      expect(count(md, name)).toBe(1);
      expect(count(md, `$${40 + i}.00`)).toBe(1);
    }
    const kept = (await htmlToArticle(shop, { url: "https://shop.example/home", without: new Set(["teaser-copies"]) }))!.markdown;
    for (const name of PRODUCTS) expect(count(kept, name)).toBe(2);
  });
});
