import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../../src/extract/charset.ts";
import { countWords, htmlToArticle } from "../../src/extract/html-to-article.ts";
import { aebDir } from "../helpers/bench-data.ts";

/** A page of the benchmark set beside the repository (tests/helpers/bench-data.ts says so when it is absent). */
function benchPage(prefix: string): { html: string; url: string; body: string } {
  const dir = aebDir();
  const gold = JSON.parse(readFileSync(join(dir, "ground-truth.json"), "utf8")) as Record<string, { url: string; articleBody: string }>;
  const id = Object.keys(gold).find((k) => k.startsWith(prefix))!;
  const { text } = decodeHtml(gunzipSync(readFileSync(join(dir, "html", `${id}.html.gz`))), "text/html");
  return { html: text, url: gold[id]!.url, body: gold[id]!.articleBody };
}

const PARAGRAPH =
  "The committee met on Tuesday to review the proposal, which would extend the cycle path along the river " +
  "and add lighting to the underpass that residents have long described as unsafe after dark.";

const ARTICLE_PAGE = `<!DOCTYPE html>
<html lang="en-gb">
<head>
  <title>River path to be extended | The Town Gazette</title>
  <base href="https://static.towngazette.example/news/">
  <meta name="description" content="Councillors back a plan for the river path.">
  <meta property="og:site_name" content="The Town Gazette">
  <meta name="author" content="Ann Lee">
  <meta property="article:published_time" content="2024-03-05T09:30:00+01:00">
  <style>.nav { display: flex }</style>
</head>
<body>
  <nav class="nav"><a href="/">Home</a> <a href="/sport">Sport</a></nav>
  <svg class="logo"><style>.a{fill:red}</style><path d="M0 0"/></svg>
  <article>
    <h1>River path to be extended</h1>
    <p>${PARAGRAPH}</p>
    <p>${PARAGRAPH.replace("Tuesday", "Wednesday")}</p>
    <figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="img/path.jpg" alt="The river path"></figure>
    <p>Read the <a href="report.pdf">full report</a> or the <a href="javascript:void(0)">comments</a>.</p>
    <table><tr><td>Phase</td><td>Cost</td></tr><tr><td>Lighting</td><td>£40,000</td></tr></table>
  </article>
  <footer>© The Town Gazette</footer>
</body>
</html>`;

describe("htmlToArticle on a hand-written page", () => {
  test("returns exactly the article, its metadata and its word count", async () => {
    const article = await htmlToArticle(ARTICLE_PAGE, { url: "https://towngazette.example/2024/03/river-path" });
    expect(article).toEqual({
      title: "River path to be extended",
      byline: "Ann Lee",
      siteName: "The Town Gazette",
      excerpt: "Councillors back a plan for the river path.",
      lang: "en-GB",
      publishedTime: "2024-03-05T09:30:00+01:00",
      // Nothing in the page declares an article (og:type, JSON-LD): the type is not told.
      pageType: null,
      markdown: [
        PARAGRAPH,
        PARAGRAPH.replace("Tuesday", "Wednesday"),
        "![The river path](https://static.towngazette.example/news/img/path.jpg)",
        "Read the [full report](https://static.towngazette.example/news/report.pdf) or the comments.",
        "| Phase | Cost |\n| --- | --- |\n| Lighting | £40,000 |",
      ].join("\n\n"),
      words: 2 * countWords(PARAGRAPH) + 7 + 4,
    });
  });

  test("the excerpt falls back to the first paragraph and lang to Content-Language", async () => {
    const html = ARTICLE_PAGE.replace(/<meta name="description"[^>]*>/, "").replace(' lang="en-gb"', "");
    const article = await htmlToArticle(html, { url: "https://towngazette.example/x", contentLanguage: "cy" });
    expect(article?.excerpt).toBe(PARAGRAPH);
    expect(article?.lang).toBe("cy");
  });

  test("a page with no text is no article (null)", async () => {
    expect(await htmlToArticle("<html><body></body></html>", { url: "https://e.example/" })).toBeNull();
    expect(
      await htmlToArticle("<script>document.write('<p>hi</p>')</script><svg><text>x</text></svg>", { url: "https://e.example/" }),
    ).toBeNull();
    expect(await htmlToArticle("", { url: "https://e.example/" })).toBeNull();
  });

  test("content after a <style> inside an inline <svg> is not lost", async () => {
    const html = `<html><body><svg><style>.x{}</style></svg><article><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p></article></body></html>`;
    expect((await htmlToArticle(html, { url: "https://e.example/" }))?.markdown).toBe(`${PARAGRAPH}\n\n${PARAGRAPH}`);
  });
});

// Sentences of a made-up article; every rule below must keep all of them and nothing else.
const S = [
  "The city council voted on Tuesday to extend the riverside cycle path by another four kilometres.",
  "Residents had asked for the extension for years, citing the dangerous junction near the old mill.",
  "Work is expected to begin in the spring and to last about eighteen months, the council said.",
  "The project will be paid for from the regional transport fund and a grant from the national government.",
  "Opponents argued that the money would be better spent on repairing the existing roads in the district.",
  "A final decision on the route through the nature reserve will be taken after a public consultation.",
];

function furniturePage(articleInner: string): string {
  return `<html><head><title>Cycle path</title><meta name="author" content="Ann Lee"></head><body>
    <header class="site-header"><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav></header>
    <article class="post tag-transport category-news">${articleInner}</article>
    <footer class="site-footer"><p>© 2024 The Town Gazette. All rights reserved.</p></footer>
  </body></html>`;
}

describe("boilerplate around and inside the article is left out", () => {
  const body = S.map((s) => `<p>${s}</p>`);
  const expected = S.join("\n\n");
  const cases: [name: string, inner: string, expectedMarkdown?: string][] = [
    [
      "share bars, newsletter boxes and related-story lists by their class names",
      `${body.slice(0, 2).join("")}<div class="share-bar"><a href="#">Facebook</a><a href="#">Twitter</a><span>Share this article</span></div>
       ${body.slice(2, 4).join("")}<div class="newsletter-signup"><p>Get the best stories of the day in your inbox every morning.</p></div>
       ${body.slice(4).join("")}<div class="related-stories"><h3>Related</h3><ul><li><a href="/a">Bridge reopens after repairs</a></li><li><a href="/b">New bus lanes</a></li></ul></div>`,
    ],
    [
      "captions, credits and bylines next to the text",
      `<div class="article-meta"><span class="byline">By Ann Lee</span> <time>March 5, 2024</time></div>
       <p>By Ann Lee</p><p>Updated March 5, 2024, 9:30 AM</p>
       <figure><img src="/a.jpg" alt="path"><figcaption>The path near the mill. Photo: John Doe</figcaption></figure>
       ${body.slice(0, 3).join("")}<div><img src="/b.jpg" alt="b"><p>Cyclists on the current path (Photo: Getty)</p></div>${body.slice(3).join("")}`,
    ],
    [
      "labels with the links they introduce, and short lines that are page furniture",
      `${body.slice(0, 3).join("")}<p>Advertisement</p><p><strong>SEE ALSO:</strong> <a href="/x">Council approves new budget for the coming year</a></p>
       ${body.slice(3).join("")}<p>More Great Town Stories</p><ul><li>The mill <a href="/m">turns 200 years old</a></li><li>Library <a href="/l">gets a new roof</a></li></ul>`,
    ],
    [
      "contact lines, credits and promotions at the end",
      `${body.join("")}<p>Reporting by Ann Lee; editing by Bo Chan.</p><p>Have a tip? Email news@towngazette.example or follow us on Twitter.</p>`,
    ],
    [
      "a contact card at the end: an address with a name, an office and a label",
      `${body.join("")}<p><strong>Contact:</strong></p><p>Ann Lee<br>Town Gazette, Newsroom<br>E-Mail: ann.lee@towngazette.example</p>`,
    ],
    [
      "teasers of other stories (three or more short <article> elements)",
      `${body.join("")}<section class="more">${["Bridge reopens", "Bus lanes", "Library roof"].map((t) => `<article><a href="/t"><img src="/t.jpg" alt=""></a><p>${t}: a short teaser of another story on the site.</p></article>`).join("")}</section>`,
    ],
    [
      "hover cards inside a sentence: the card goes, the name stays",
      `${body.slice(0, 5).join("")}<p>A final decision on the route through the nature reserve will be taken after a <span class="rollover"><a href="/c">public consultation</a><span class="rollover-block"><img src="/c.jpg"><a href="/c">Public consultations explained</a></span></span>.</p>`,
      expected.replace("a public consultation.", "a [public consultation](https://towngazette.example/c)."),
    ],
  ];
  test("a sentence at the end that names whom to ask and an address is the article's own", async () => {
    const ask =
      "Further information is given by Ann Lee at the council's office for the mill path, phone 01234 56789 (ann.lee@town.example).";
    const article = await htmlToArticle(furniturePage(`${body.join("")}<p>${ask}</p>`), {
      url: "https://towngazette.example/2024/03/path",
    });
    expect(article?.markdown).toContain(
      "Further information is given by Ann Lee at the council's office for the mill path, phone 01234 56789",
    );
  });

  for (const [name, inner, expectedMarkdown] of cases) {
    test(name, async () => {
      const article = await htmlToArticle(furniturePage(inner), { url: "https://towngazette.example/2024/03/path" });
      // Images stay (they are not boilerplate); the comparison is about the text.
      expect(article?.markdown.replace(/!\[[^\]]*\]\([^)]*\)\n\n/g, "")).toBe(expectedMarkdown ?? expected);
    });
  }

  test("an embedded tweet in a 'social' wrapper is quoted content and stays", async () => {
    const tweet = `<div class="social-media-embed"><blockquote class="twitter-tweet"><p>The new path is finally happening! <a href="https://t.co/x">https://t.co/x</a></p>— Bo Chan (@bochan) <a href="https://twitter.com/bochan/status/1">March 5, 2024</a></blockquote></div>`;
    const article = await htmlToArticle(furniturePage(`${body.slice(0, 3).join("")}${tweet}${body.slice(3).join("")}`), {
      url: "https://towngazette.example/x",
    });
    expect(article?.markdown).toContain(
      "> The new path is finally happening! [https://t.co/x](https://t.co/x)\n>\n> — Bo Chan (@bochan) [March 5, 2024](https://twitter.com/bochan/status/1)",
    );
  });

  test("ordinary sentences that merely start like furniture stay", async () => {
    const lines = [
      "Updated guidance from the council followed later that week.",
      "Posted to the river district, the engineers surveyed the banks.",
      "More than a hundred residents attended the meeting.",
      "Comments from the public will be read at the next session.",
    ];
    const inner = `${body.join("")}${lines.map((l) => `<p>${l}</p>`).join("")}`;
    const article = await htmlToArticle(furniturePage(inner), { url: "https://towngazette.example/x" });
    expect(article?.markdown).toBe([...S, ...lines].join("\n\n"));
  });

  test("a link inside a sentence stays even when its class says 'related'", async () => {
    const inner = `${body.slice(0, 5).join("")}<p>A final decision on the route will follow the <a class="related-link" href="/c">public consultation</a> in May.</p>`;
    const article = await htmlToArticle(furniturePage(inner), { url: "https://towngazette.example/x" });
    expect(article?.markdown).toEndWith(
      "A final decision on the route will follow the [public consultation](https://towngazette.example/c) in May.",
    );
  });

  test("a page that marks its article body with itemprop=articleBody is read from there", async () => {
    const teaserColumn = `<div class="column">${S.map((s) => `<p>${s.replace("council", "board")}</p>`).join("")}</div>`;
    const html = `<html><body>${teaserColumn}<div itemprop="articleBody">${body.join("")}</div>${teaserColumn}</body></html>`;
    expect((await htmlToArticle(html, { url: "https://towngazette.example/x" }))?.markdown).toBe(expected);
  });

  describe("a marked article body that Readability keeps only a part of is taken whole (marked-body)", () => {
    // Paragraph lengths as on a news page whose body is split into wrappers between ad slots:
    // Readability scores the wrappers one by one and keeps the one with the longest paragraph.
    const L = [
      "The road crews who trim the trees along the county roads take only the thick trunks back to the depot. The thin branches are of no use to them. For one engineer in the village they are: he found that they burn hot and clean once they are dry.",
      "He agreed with the depot that he could take the branches for free, and now he heats his whole house with them. First he had to solve a few problems, the first being that the branches are long and awkward to handle, so he built a machine that cuts them up.",
      "The branches go into a hopper that feeds them to an old log splitter, which cuts them into pieces of about thirty centimetres. When the trailer is full, he drives back to his farm.",
      "Fresh wood of this kind holds about forty percent water, he says, so it has to dry for three years, until the share falls to about ten percent. Only then does his second machine come into play, a press that squeezes the dry pieces into bales, because loose branches burn far too fast in a stove, while a bale burns slowly and evenly, and the heat can be controlled. The press lets him put a whole parcel of wood into the stove at once, and a single bale lasts for hours, even on the coldest nights of the winter, he says.",
      "The press inside the machine comes from an old refuse truck and makes bales of about twelve kilograms, held together by the nets that wrap Christmas trees. The net burns without leaving anything behind, and the bales fit his stove exactly. A heat exchanger feeds the warmth into the hot water and the heating of the house.",
      "Because the wood is pressed, it burns slowly and evenly, and the chimney sweep has approved the whole system. In winter he burns two or three bales a day and saves a lot of money. He does not want to sell the machine, but he gives advice to anyone who plans something similar.",
    ];
    const ad = `<div class="ca text-center"><div class="adlabel desktop-ad-container"></div><div class="adlabel mobile-ad-container"></div></div>`;
    const wrap = (heading: string, paragraphs: string[]) =>
      `<div class="paragraph_wrapper">${heading ? `<h2>${heading}</h2>` : ""}<div class="textflow">${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></div>`;
    const page = (inner: string) =>
      `<html><head><title>Heating with branches</title></head><body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
      <article class="standard"><div itemprop="articleBody">${inner}</div></article>
      <aside><h3>Most read</h3><ul><li><a href="/a">Bridge reopens</a></li><li><a href="/b">New bus lanes</a></li></ul></aside></body></html>`;
    const split = page(
      `${wrap("", [L[0]!, L[1]!])}${ad}${wrap("How the shredder works", [L[2]!, L[3]!])}${ad}${wrap("The bales", [L[4]!, L[5]!])}
       <div class="share-bar"><a href="#">Facebook</a><a href="#">Twitter</a><span>Share this article</span></div>`,
    );
    const whole = [L[0], L[1], "## How the shredder works", L[2], L[3], "## The bales", L[4], L[5]].join("\n\n");

    test("every block of the body comes back, in order, without the share bar inside it", async () => {
      expect((await htmlToArticle(split, { url: "https://farm.example/x" }))?.markdown).toBe(whole);
    });

    test("left out, Readability's one block is all that comes back", async () => {
      const markdown = (await htmlToArticle(split, { url: "https://farm.example/x", without: new Set(["marked-body"]) }))?.markdown;
      expect(markdown).toBe([L[2], L[3]].join("\n\n"));
    });

    describe("a long table in the body that won Readability's choice (table-fragment)", () => {
      // A news story with the list of its readers' representatives below it. Each row's cells are long
      // enough for Readability to score, their sum outweighs the story's paragraphs, and the caption
      // beside the table's body keeps Readability from climbing to the story: the rows alone come back.
      const names = ["Aberdale", "Brookfield", "Carrow", "Dunmere", "Eastwick", "Fennick", "Glenrose", "Harwell"];
      const rows = Array.from({ length: 60 }, (_, i) => {
        const place = `${names[i % names.length]} ${Math.floor(i / names.length) + 1} and the villages around it`;
        return `<tr><td>${place}</td><td>Councillor number ${i + 1} of the county</td><td>member${i + 1}@county-council.example</td></tr>`;
      }).join("");
      const table = (body: string) =>
        `<table><caption>The county's councillors</caption><tbody><tr><th>Ward</th><th>Councillor</th><th>Email address</th></tr>${body}</tbody></table>`;
      const prose = `<p>${L[0]}</p><p>${L[1]}</p><p>Below is the list of councillors you can write to.</p>`;
      const header =
        "| Ward | Councillor | Email address |\n| --- | --- | --- |\n| Aberdale 1 and the villages around it | Councillor number 1 of the county | member1@county-council.example |";

      test("the story's paragraphs come back before the table, which stays a table", async () => {
        const markdown = (await htmlToArticle(page(prose + table(rows)), { url: "https://farm.example/x" }))?.markdown ?? "";
        expect(markdown.startsWith(`${L[0]}\n\n${L[1]}\n\nBelow is the list of councillors you can write to.`)).toBe(true);
        expect(markdown).toContain(header);
        expect(markdown).toContain(
          "| Dunmere 8 and the villages around it | Councillor number 60 of the county | member60@county-council.example |",
        );
      });

      test("left out, the table is all that comes back", async () => {
        const markdown =
          (await htmlToArticle(page(prose + table(rows)), { url: "https://farm.example/x", without: new Set(["table-fragment"]) }))
            ?.markdown ?? "";
        expect(markdown).toContain(header);
        expect(markdown).not.toContain(L[0]!);
      });

      test("a short table Readability keeps with the story around it changes nothing", async () => {
        const short = page(prose + table(rows.split("</tr>").slice(0, 3).join("</tr>") + "</tr>"));
        const kept = await htmlToArticle(short, { url: "https://farm.example/x" });
        const without = await htmlToArticle(short, { url: "https://farm.example/x", without: new Set(["table-fragment"]) });
        expect(kept?.markdown).toBe(without?.markdown);
        expect(kept?.markdown.startsWith(`${L[0]}\n\n${L[1]}`)).toBe(true);
        expect(kept?.markdown).toContain(header);
      });
    });

    test("a body Readability keeps whole stays Readability's, with what its clean-up removed left out", async () => {
      const inner = `${L.map((p) => `<p>${p}</p>`).join("")}<div class="extra-info"><p>Opening hours of the depot, for readers who want branches too: weekdays from eight to five, Saturdays from nine to noon.</p></div>`;
      expect((await htmlToArticle(page(inner), { url: "https://farm.example/x" }))?.markdown).toBe(L.join("\n\n"));
    });
  });

  test("a page whose text is only in its JSON-LD articleBody (rendered by scripts) is read from there", async () => {
    const ld = {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Cycle path",
      articleBody: `${S.join("\n\n")}\n\nCosts rose 5*2 [sic] <fast>.`,
    };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><div id="app"><p>Loading the article…</p></div></body></html>`;
    const article = await htmlToArticle(html, { url: "https://towngazette.example/x" });
    expect(article?.markdown).toBe(`${expected}\n\nCosts rose 5\\*2 \\[sic\\] &lt;fast>.`);
    expect(article?.words).toBe(countWords(S.join(" ")) + 6);
  });

  test("a JSON-LD articleBody that is only a teaser does not replace the article", async () => {
    const ld = { "@context": "https://schema.org", "@type": "NewsArticle", articleBody: S[0] };
    const html = `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><article>${body.join("")}</article></body></html>`;
    expect((await htmlToArticle(html, { url: "https://towngazette.example/x" }))?.markdown).toBe(expected);
  });

  test("a wrapper of the whole page is kept whatever its class says", async () => {
    const html = `<html><body class="tooltip-enabled popup-on"><div class="page has-sidebar widget-area"><div class="content">${body.join("")}</div><aside>Popular: <a href="/p">x</a></aside></div></body></html>`;
    expect((await htmlToArticle(html, { url: "https://towngazette.example/x" }))?.markdown).toBe(expected);
  });
});

describe("a candidate the clean-up empties", () => {
  // A shop's menu of 192 links in 24 groups outweighs the product's description: the main region (the
  // menu and the description) is taken, and a product page whose Markdown is only links has no content.
  const group = (i: number) =>
    `<div>${Array.from({ length: 8 }, (_, j) => `<a href="/c/${i}/${j}/">Category ${i} item ${j}</a>`).join(" ")}</div>`;
  const menu = `<div class="menu"><div>${Array.from({ length: 24 }, (_, i) => group(i)).join("")}</div></div>`;
  const description =
    "<p>Calvin Klein is a respected name in fashion, known for progressive clothing for women and men, and for its beauty and fragrance ranges, its jewellery and its household goods, sold in many countries.</p><p>These socks are made of cotton with a little elastane, so they keep their shape after many washes.</p>";
  const html = `<html><head><title>Socks</title><meta property="og:type" content="product"></head><body>${menu}<div class="product"><h3>Description</h3>${description}</div></body></html>`;

  test("leaves Readability's result as the content, not an empty answer; left out, the answer is empty", async () => {
    const article = await htmlToArticle(html, { url: "https://shop.example/p/socks" });
    expect(article?.markdown).toStartWith("### Description\n\nCalvin Klein is a respected name in fashion");
    expect(article?.markdown).not.toContain("Category 0 item 0");
    expect(article?.pageType).toBe("product");
    expect(await htmlToArticle(html, { url: "https://shop.example/p/socks", without: new Set(["empty-fallback"]) })).toBeNull();
  });
});

describe("the page cannot run code or make requests", () => {
  let hits = 0;
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch() {
        hits++;
        return new Response("body{}", { headers: { "content-type": "text/css" } });
      },
    });
  });
  afterAll(() => server.stop(true));

  test("scripts, stylesheets, images, iframes and refreshes are never fetched or run", async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    const html = `<html><head>
      <meta http-equiv="refresh" content="0; url=${origin}/refresh">
      <link rel="stylesheet" href="${origin}/style.css"><link rel="preload" as="script" href="${origin}/p.js">
      <script src="${origin}/script.js"></script><script>globalThis.vellumPwned = true;</script>
      </head><body><article><p>${PARAGRAPH}</p><img src="${origin}/image.png" alt="x">
      <iframe src="${origin}/frame"></iframe><object data="${origin}/object"></object>
      <p onclick="globalThis.vellumPwned = true">${PARAGRAPH}</p></article></body></html>`;
    const article = await htmlToArticle(html, { url: `${origin}/page` });
    await Bun.sleep(200); // anything asynchronous the page could have started
    expect(article?.words).toBe(2 * countWords(PARAGRAPH));
    expect(hits).toBe(0);
    expect((globalThis as { vellumPwned?: boolean }).vellumPwned).toBeUndefined();
  });
});

describe("htmlToArticle on benchmark pages", () => {
  test("vox.com: metadata, and the article from its first to its last sentence", async () => {
    const page = benchPage("16c30add");
    const article = (await htmlToArticle(page.html, { url: page.url }))!;
    const { markdown, words, ...meta } = article;
    expect(meta).toEqual({
      title: "The law that’s helping fuel Delhi’s deadly air pollution",
      byline: "Umair Irfan",
      siteName: "Vox",
      excerpt:
        "A policy to conserve water led to the rise of a major source of air pollution, making breathing Delhi’s air as bad as smoking 50 cigarettes.",
      lang: "en",
      pageType: "article",
      publishedTime: "2019-11-08T15:30:00-05:00",
    });
    expect(markdown).toContain("Another cloud of choking smoke and dust is set to descend upon the 20 million residents of Delhi");
    expect(markdown).toContain("“But what you need is political will and a bit of imagination.”");
    expect(words).toBeGreaterThan(countWords(page.body) * 0.95);
  });

  test("note100yen.com (Japanese): CJK characters count as words", async () => {
    const page = benchPage("f105de6e");
    const article = (await htmlToArticle(page.html, { url: page.url }))!;
    expect(article.title).toBe("Kindle for PCをCtrl＋Alt＋Kのショートカットキーで立ち上がらなくする方法");
    expect(article.lang).toBe("ja");
    expect(article.markdown).toContain("Kindle書籍を読む場合は、一般的にスマホやタブレットなどのモバイル端末で読むことが多いと思いますが");
    expect(article.markdown).toContain("これでようやく元の操作性を取り戻せました。");
    expect(article.words).toBeGreaterThan(countWords(page.body) * 0.95);
  });
});

describe("countWords", () => {
  const cases: [string, number][] = [
    ["", 0],
    ["Hello, world!", 2],
    ["state-of-the-art don't  stop", 3],
    ["It costs £40,000 — in 2024.", 5],
    ["3.5 percent, 1,2", 3],
    ["日本語のテキスト", 8],
    ["Kindle for PCを使う", 6],
    ["Привет, мир", 2],
    ["한국어 문장입니다", 2],
    // Thai, Lao, Khmer and Myanmar put no space between words: ICU's dictionaries find them.
    ["ประเทศไทยมีประชากร", 3],
    ["กรุงเทพมหานครเป็นเมืองหลวง ของประเทศไทย", 6],
    ["ภาษาลาว ພາສາລາວ", 4],
    ["Bangkok กรุงเทพ 2026", 3],
  ];
  for (const [text, n] of cases) test(JSON.stringify(text), () => expect(countWords(text)).toBe(n));

  test("a Thai article counts its words, not its phrases between spaces", () => {
    const sentence = "นักท่องเที่ยวจำนวนมากเดินทางมาเยือนวัดพระแก้วทุกปีเพื่อชมสถาปัตยกรรมที่งดงาม";
    // One phrase of 13 words or so: counted as a run of letters, it was one word.
    expect(countWords(sentence)).toBeGreaterThanOrEqual(10);
    expect(countWords(Array(20).fill(sentence).join(" "))).toBe(20 * countWords(sentence));
  });

  test("a run of a million Thai letters, and a million letters of Khmer, are counted in bounded time", () => {
    expect(countWords("ก".repeat(1_000_000))).toBeGreaterThan(0);
    expect(countWords("ភាសាខ្មែរ".repeat(100_000))).toBeGreaterThanOrEqual(100_000);
  }, 5_000);
});

describe("a Thai news page", () => {
  const sentences = [
    "ประเทศไทยมีประชากรประมาณหกสิบหกล้านคนและกรุงเทพมหานครเป็นเมืองหลวงที่ใหญ่ที่สุดของประเทศ",
    "นักท่องเที่ยวจำนวนมากเดินทางมาเยือนวัดพระแก้วและพระบรมมหาราชวังทุกปีเพื่อชมสถาปัตยกรรมที่งดงาม",
    "รัฐบาลประกาศแผนพัฒนาระบบขนส่งสาธารณะเพื่อลดปัญหาการจราจรติดขัดในเขตเมืองชั้นใน",
    "ผู้เชี่ยวชาญด้านเศรษฐกิจคาดว่าการส่งออกจะเติบโตอย่างต่อเนื่องในไตรมาสหน้า",
  ];
  const paragraph = (i: number) => `<p>${[0, 1, 2, 3].map((j) => sentences[(i + j) % 4]).join(" ")}</p>`;
  const html =
    `<html lang="th"><head><title>ข่าววันนี้</title></head><body><main><article><h1>ข่าววันนี้</h1>` +
    `${[0, 1, 2, 3, 4, 5].map(paragraph).join("")}</article></main></body></html>`;

  test("the words a caller is told are the article's words, as for a page in English", async () => {
    const article = (await htmlToArticle(html, { url: "https://news.example.co.th/story/1" }))!;
    expect(article.markdown).toContain(sentences[3]!);
    // Six paragraphs of four sentences of 10 to 15 words each; the heading saying the title goes, as on
    // a page in English (rule title-words).
    expect(article.words).toBeGreaterThan(6 * 4 * 10);
    expect(article.words).toBe(countWords([0, 1, 2, 3, 4, 5].map((i) => paragraph(i).slice(3, -4)).join(" ")));
  });
});
