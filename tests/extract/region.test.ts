import { afterAll, describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { chooseRegion, cleanRegion, declaresArticle, mainRegion, regionMayWin, repeatedItems } from "../../src/extract/region.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

const windows: Window[] = [];
afterAll(async () => {
  for (const w of windows) await w.happyDOM.close();
});

function doc(body: string): Document {
  const window = new Window({ url: "https://example.com/" });
  windows.push(window);
  window.document.write(`<html><body>${body}</body></html>`);
  return window.document as unknown as Document;
}

/** The cleaned main region's text, whitespace collapsed. */
function regionText(body: string): string {
  const region = mainRegion(doc(body))!.cloneNode(true) as Element;
  cleanRegion(region);
  return (region.textContent ?? "").replace(/\s+/g, " ").trim();
}

const para = (s: string) => `<p>${s} ${"The committee met on Tuesday to discuss the budget for next year. ".repeat(3)}</p>`;

describe("main region", () => {
  test("a <main> holding most of the text is the region; a tiny <main> is not", () => {
    const d = doc(`<div>${para("outside")}</div><main>${para("inside")}${para("more")}</main>`);
    expect(mainRegion(d)!.nodeName).toBe("MAIN");
    const tiny = doc(`<main><p>Search</p></main><div>${para("one")}${para("two")}</div>`);
    expect(mainRegion(tiny)!.nodeName).toBe("BODY");
  });
});

describe("structural furniture", () => {
  test("removes nav, footer, aside, forms, dialogs, hidden elements and consent boxes", () => {
    const text = regionText(
      `<nav>Home About</nav>${para("Kept")}<aside>Popular posts</aside><footer>Legal notice</footer><form>Search here</form>` +
        `<dialog>Newsletter popup</dialog><div hidden>Hidden menu</div><div style="display: none">Invisible</div>` +
        `<div aria-hidden="true">Decor</div><div id="cookie-banner">We use cookies to improve your experience</div>` +
        `<div role="navigation">Role nav</div><div aria-label="Cookie consent">Accept all</div>`,
    );
    expect(text).toStartWith("Kept");
    for (const gone of [
      "Home",
      "Popular",
      "Legal",
      "Search",
      "Newsletter",
      "Hidden",
      "Invisible",
      "Decor",
      "cookies",
      "Role nav",
      "Accept",
    ])
      expect(text).not.toContain(gone);
  });

  test("keeps streamed content (<div hidden id=S:…>), a page header with the title, and long text about cookies", () => {
    const text = regionText(
      `<header><h1>Thread title</h1></header><div hidden id="S:0">${para("Streamed post")}</div>` +
        `<section class="cookie-recipes">${"Chocolate chip cookies need butter, sugar and flour. ".repeat(40)}</section>`,
    );
    expect(text).toContain("Thread title");
    expect(text).toContain("Streamed post");
    expect(text).toContain("Chocolate chip cookies");
  });

  test("<noscript> with posts is unwrapped; a short <noscript> notice goes", () => {
    const text = regionText(
      `<noscript>Please enable JavaScript.</noscript><noscript><article>${para("First post")}${para("Second post")}</article></noscript>`,
    );
    expect(text).toContain("First post");
    expect(text).toContain("Second post");
    expect(text).not.toContain("enable JavaScript");
  });

  test("a list of short links is a menu; a list of listing titles and links inside sentences stay", () => {
    const text = regionText(
      `<ul><li><a href="/a">Home</a></li><li><a href="/b">Blog</a></li><li><a href="/c">Contact us</a></li></ul>` +
        `<ul><li><a href="/1">How the city council plans to rebuild the harbour</a></li><li><a href="/2">Ten years of the regional rail link, reviewed</a></li><li><a href="/3">What the new school timetable means for parents</a></li></ul>` +
        `<div><a href="/login">Log in</a></div><p>Read <a href="/x">the report</a> before the meeting.</p>`,
    );
    expect(text).not.toContain("Home");
    expect(text).not.toContain("Contact us");
    expect(text).not.toContain("Log in");
    expect(text).toContain("rebuild the harbour");
    expect(text).toContain("Read the report before the meeting.");
  });
});

describe("signals and choice", () => {
  test("repeatedItems counts same-shaped siblings with text", () => {
    const body = doc(
      `<div>${Array.from({ length: 5 }, (_, i) => `<div class="post post-${i}">${para(`Post ${i}`)}</div>`).join("")}<div class="other">x</div></div>`,
    ).body;
    expect(repeatedItems(body)).toBe(5);
    expect(repeatedItems(doc(para("one") + para("two")).body)).toBe(2);
  });

  test("the region wins when Readability kept a fragment of a page of repeated items, not when it kept most of it", () => {
    expect(chooseRegion({ readabilityWords: 80, regionWords: 1500, items: 12, article: false })).toBe(true);
    expect(chooseRegion({ readabilityWords: 10, regionWords: 300, items: 0, article: false })).toBe(true);
    expect(chooseRegion({ readabilityWords: 900, regionWords: 1200, items: 12, article: false })).toBe(false);
    // A substantial Readability result stays even when the region is far larger.
    expect(chooseRegion({ readabilityWords: THRESHOLDS.readabilityMaxWords, regionWords: 3000, items: 12, article: false })).toBe(false);
    // A real article inside a page with far more other material: Readability's article stays.
    expect(chooseRegion({ readabilityWords: 200, regionWords: 200 * (THRESHOLDS.regionMaxGrowth + 1), items: 30, article: false })).toBe(
      false,
    );
    expect(chooseRegion({ readabilityWords: 100, regionWords: 0, items: 0, article: false })).toBe(false);
  });
});

describe("pages that declare one article", () => {
  test("og:type article and JSON-LD NewsArticle declare an article; a forum posting or a product does not", () => {
    const head = (h: string) => {
      const window = new Window({ url: "https://example.com/" });
      windows.push(window);
      window.document.write(`<html><head>${h}</head><body><p>x</p></body></html>`);
      return window.document as unknown as Document;
    };
    expect(declaresArticle(head(`<meta property="og:type" content="article">`))).toBe(true);
    expect(declaresArticle(head(`<script type="application/ld+json">{"@type":"NewsArticle","headline":"x"}</script>`))).toBe(true);
    expect(declaresArticle(head(`<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>`))).toBe(false);
    expect(
      declaresArticle(head(`<meta property="og:type" content="product"><script type="application/ld+json">{"@type":"Product"}</script>`)),
    ).toBe(false);
  });

  test("a declared article keeps Readability's text unless it found very little of the region", () => {
    const signals = { readabilityWords: 90, regionWords: 800, items: 10 };
    expect(chooseRegion({ ...signals, article: false })).toBe(true);
    expect(chooseRegion({ ...signals, article: true })).toBe(false);
  });
});

describe("regionMayWin", () => {
  test("is false exactly where chooseRegion is false for any region, so the region is only built when it can win", () => {
    for (const readabilityWords of [0, 10, 39, 40, 60, 99, 100, 150, 400, 2000]) {
      for (const article of [false, true]) {
        const may = regionMayWin({ readabilityWords, article });
        const someRegionWins = [1, 50, 200, 500, 1000, 5000].some((regionWords) =>
          chooseRegion({ readabilityWords, regionWords, items: 50, article }),
        );
        expect(someRegionWins).toBe(may);
      }
    }
  });
});
