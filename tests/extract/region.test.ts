import { describe, expect, test } from "bun:test";
import { chooseRegion, cleanRegion, declaresArticle, mainRegion, regionMayWin, repeatedItems } from "../../src/extract/region.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
/** A document whose head is `h`, for the declaration rules. */
const head = (h: string) => doc("<p>x</p>", h);

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

  const grid = `<main><h1>Gas grills</h1><ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="/p/${i}">Grill model ${i} with side burner</a> <span>$${400 + i}</span></li>`).join("")}</ul></main>`;

  test("the body, when the category's description is in paragraphs after a <main> holding only the grid", () => {
    const d = doc(
      `<nav><a href="/">Home</a></nav>${grid}<div class="description">${para("Buying guide")}${para("Sizes")}${para("FAQ")}</div><footer><p>${"Legal notice. ".repeat(20)}</p></footer>`,
    );
    expect(mainRegion(d)!.nodeName).toBe("BODY");
    expect(mainRegion(d, false)!.nodeName).toBe("MAIN");
    const region = mainRegion(d)!.cloneNode(true) as Element;
    cleanRegion(region);
    const text = region.textContent ?? "";
    expect(text).toContain("Grill model 3");
    expect(text).toContain("Buying guide");
    expect(text).not.toContain("Legal notice");
  });

  test("the <main>, when the paragraphs outside it are furniture, hidden, fewer than inside, or short", () => {
    const furniture = doc(
      `${grid}<footer>${para("Legal")}${para("About us")}</footer><aside>${para("Popular")}</aside><div hidden>${para("Menu")}</div>`,
    );
    expect(mainRegion(furniture)!.nodeName).toBe("MAIN");
    const fewer = doc(`<main>${para("one")}${para("two")}${para("three")}</main><div>${para("Newsletter")}</div>`);
    expect(mainRegion(fewer)!.nodeName).toBe("MAIN");
    const short = doc(`${grid}<div><p>Prices include taxes.</p></div>`);
    expect(mainRegion(short)!.nodeName).toBe("MAIN");
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

  test("a consent box named by the word run together with what it is goes; a longer word holding it stays", () => {
    const text = regionText(
      `${para("Kept")}<div id="cookiebanner"><p>K-rauta.ee kasutab nelja peamist tüüpi küpsiseid.</p></div>` +
        `<div class="cookieConsent-wrap"><p>Wir verwenden Cookies.</p></div><div class="consentpopup"><p>Nous utilisons des témoins.</p></div>` +
        `<div class="cookiejar-recipes"><p>Oatmeal cookies keep a week in a tin.</p></div>`,
    );
    expect(text).toStartWith("Kept");
    for (const gone of ["küpsiseid", "Wir verwenden", "témoins"]) expect(text).not.toContain(gone);
    expect(text).toContain("Oatmeal cookies keep a week");
  });

  test("a consent banner so named goes however long (its table of every cookie); a box named for cookies alone only when short", () => {
    const cookies = Array.from(
      { length: 40 },
      (_, i) =>
        `<tr><td>cookie_${i}</td><td>Provider ${i}</td><td>Collects data on the visitor's behaviour for advertising.</td><td>1 year</td></tr>`,
    ).join("");
    const box = (attrs: string) => `<div ${attrs}><p>We use four types of cookies.</p><table>${cookies}</table></div>`;
    expect(box("").length).toBeGreaterThan(THRESHOLDS.consentBoxMaxText);
    for (const name of ['id="cookiebanner"', 'class="js-cookie-notice"', 'id="gdprConsentPopup"', 'class="cc_banner cookie_bar"']) {
      const text = regionText(`${para("Kept")}${box(name)}`);
      expect(text).toStartWith("Kept");
      expect(text).not.toContain("four types of cookies");
    }
    // A page about cookies is laid out in boxes named for them: long, they stay.
    for (const name of ['class="cookie-info"', 'id="cookie-policy"', 'class="cookies"'])
      expect(regionText(`${para("Kept")}${box(name)}`)).toContain("four types of cookies");
    const region = mainRegion(doc(`${para("Kept")}${box('id="cookiebanner"')}`))!.cloneNode(true) as Element;
    cleanRegion(region, { consentBanners: false });
    expect(region.textContent).toContain("four types of cookies");
  });

  test("the page's <header> goes; a <header> heading a section or an article card stays", () => {
    const text = regionText(
      `<div><header><a href="/">Shop</a> <a href="/cart">Cart</a> Free delivery</header>${para("Kept")}` +
        `<section><header><h2>Features</h2><p>Everything you need</p></header>${para("Feature text")}</section>` +
        `<article><header>Card title</header><p>Card blurb</p></article></div>`,
    );
    expect(text).toStartWith("Kept");
    expect(text).not.toContain("Free delivery");
    for (const kept of ["Features", "Everything you need", "Card title"]) expect(text).toContain(kept);
  });

  test("a tab strip (role=tablist) goes; an accordion that puts the role on the wrapper of its panels stays", () => {
    const text = regionText(
      `${para("Kept")}<div role="tablist"><a href="#a">Overview</a><a href="#b">Specs</a></div>` +
        `<div class="accordion" role="tablist"><div role="tab"><h2>Which appliances qualify?</h2></div>` +
        `<div role="tabpanel"><p>Dishwashers and washers qualify for a post-purchase rebate.</p></div></div>`,
    );
    expect(text).toStartWith("Kept");
    expect(text).not.toContain("Overview");
    expect(text).toContain("Which appliances qualify?");
    expect(text).toContain("Dishwashers and washers qualify");
  });

  test("a picker's entries (role=menuitemradio, option, a listbox) go without their menu's role; the list it filters stays", () => {
    const languages = ["Assembly", "Haskell", "JavaScript", "Python", "Rust", "TypeScript"];
    const text = regionText(
      `<h1>Trending repositories</h1><details><summary>Language: Any</summary><div class="picker">` +
        languages.map((l) => `<a role="menuitemradio" href="/trending/${l.toLowerCase()}">${l}</a>`).join("") +
        `</div></details><div role="listbox"><div>Sort: newest</div><div>Sort: stars</div></div>` +
        `<span role="option">Weekly</span>` +
        `${para("A fast tool")}${para("A small library")}`,
    );
    expect(text).toStartWith("Trending repositories");
    expect(text).toContain("A fast tool");
    expect(text).toContain("A small library");
    for (const gone of [...languages, "Sort: newest", "Weekly"]) expect(text).not.toContain(gone);
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

  test("an <article>'s or <section>'s own <header> (a teaser's title and blurb) stays; the page's <header> goes", () => {
    const teaser = (n: number) =>
      `<article><header><h2><a href="/story/${n}">Story ${n} headline</a></h2><p>Blurb of story ${n}.</p><span>Ann Lee · 2 days ago</span></header></article>`;
    const text = regionText(
      `<header><a href="/">Site name</a> <a href="/news">News</a></header>` +
        `<section><header><h2>Latest plans</h2><p>Pick the one that fits.</p></header>${teaser(1)}${teaser(2)}</section>`,
    );
    expect(text).toContain("Pick the one that fits.");
    expect(text).toContain("Story 1 headline");
    expect(text).toContain("Blurb of story 2.");
    expect(text).not.toContain("Site name");
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

  test("a nested list of links (a mega-menu) is a menu; a nested outline with prose and a nested list of long titles stay", () => {
    const entry = (name: string, subs: string[]) =>
      `<li><a href="/${name}">${name}</a><ul>${subs.map((s) => `<li><a href="/${name}/${s}">${s}</a></li>`).join("")}</ul></li>`;
    const megaMenu = `<ul>${entry("Accounting Services", ["Audit & Assurance", "Outsourced Controller", "Tax Planning"])}${entry("Advisory", ["Risk Advisory & Assurance Services", "Transaction Advisory", "Forensic Valuation"])}${entry("People", ["Executive Search", "Benefit Plan Audit"])}</ul>`;
    const outline = `<ol><li><a href="#setup">Setup</a><ul><li>Install the package with your package manager and check its version.</li><li>Create a configuration file in the project's root.</li></ul></li><li><a href="#use">Use</a><ul><li>Call the client from your code and read the answer it returns.</li></ul></li><li><a href="#next">Next steps</a></li></ol>`;
    const titles = `<ul>${entry("Reports", ["How the city council plans to rebuild the harbour after the storm", "Ten years of the regional rail link, reviewed by its passengers", "What the new school timetable means for parents and teachers"])}${entry("Features", ["A long walk along the river that divides the old town from the new", "The bakers who start work at three every morning", "Inside the archive that keeps a century of local newspapers"])}${entry("Interviews", ["The mayor on housing, transport and the budget", "A conversation with the harbour master before she retires"])}</ul>`;
    const text = regionText(megaMenu + outline + titles + para("The page's own text."));
    for (const gone of ["Accounting Services", "Risk Advisory", "Executive Search"]) expect(text).not.toContain(gone);
    for (const kept of ["Install the package", "Next steps", "rebuild the harbour", "three every morning", "The page's own text."])
      expect(text).toContain(kept);
  });
});

describe("link furniture by name, calls to action and rows of controls", () => {
  test("a block of 20,000 links is cleaned in linear time (its text was read once per link: minutes)", () => {
    const links = Array.from({ length: 20_000 }, (_, i) => `<a href="/p${i}">Entry ${i}</a>`).join(" ");
    const region = doc(`<main>${para("Index")}<div>${links}</div><div><a href="/login">Log in</a></div></main>`).querySelector("main")!;
    cleanRegion(region);
    expect(region.textContent).toContain("Entry 19999");
    expect(region.textContent).not.toContain("Log in"); // a lone short link standing as a block still goes
  });
  test("a <div> menu, breadcrumb, footer and share bar named as such go when mostly short links", () => {
    const text = regionText(
      `<div class="site-header__menu"><a href="/">Pricing</a> <a href="/b">Customers</a> <a href="/c">Company</a></div>` +
        `<div class="breadcrumbs"><a href="/">Home</a> › <a href="/s">Services</a> › Audits</div>` +
        para("Kept") +
        `<div class="footerLinks"><a href="/p">Privacy Policy</a><a href="/t">Terms of Service</a><a href="/a">About Us</a><span>© 2025</span></div>` +
        `<div id="social-share"><a href="/fb">Facebook</a><a href="/x">X</a></div>`,
    );
    expect(text).toStartWith("Kept");
    for (const gone of ["Pricing", "Customers", "Home", "Services", "Privacy Policy", "Terms of Service", "Facebook"])
      expect(text).not.toContain(gone);
  });

  test("keeps a header section of prose, a page header with its <h1>, and a grid of cards wrapped in links with a nav-like name", () => {
    const card = (t: string) =>
      `<div class="nestedNavCard"><a href="/${t}"><h3>${t} services</h3><p>Our experts work with you to build a strategy that fits your goals and budget.</p></a></div>`;
    const text = regionText(
      `<div class="section-header"><p>We audit ${"and advise companies on their accounts every year, ".repeat(4)}<a href="/x">contact us</a>.</p></div>` +
        `<div class="page-header"><h1>Data services</h1><a href="/">Home</a></div>` +
        `<div class="navGrid">${card("Strategy")}${card("Governance")}${card("Security")}</div>`,
    );
    expect(text).toContain("We audit and advise");
    expect(text).toContain("Data services");
    expect(text).toContain("Strategy servicesOur experts");
    expect(text).toContain("Security services");
  });

  test("links drawn as buttons, skip links and rows of short links go; a link in a sentence and a card link stay", () => {
    const text = regionText(
      `<a href="#main" class="visually-hidden-focusable">Skip to main content</a>` +
        `<section><h2>Deploy in minutes</h2><p>Ship your app to every region at once.</p>` +
        `<div class="hero-actions"><a class="btn btn-primary" href="/signup">Start Deploying</a><a href="/demo">Get a Demo</a></div></section>` +
        `<div><a role="button" href="/talk">Talk to an Expert</a></div>` +
        `<p>Pricing starts at $20; <a class="button-link" href="/pricing">see the plans</a> for details.</p>` +
        `<div class="grid"><a href="/case"><img src="/c.png" alt="">Case study</a><a href="/guide"><h3>Guide</h3></a></div>`,
    );
    for (const gone of ["Skip to main content", "Start Deploying", "Get a Demo", "Talk to an Expert"]) expect(text).not.toContain(gone);
    expect(text).toContain("Deploy in minutesShip your app to every region at once.");
    expect(text).toContain("Pricing starts at $20; see the plans for details.");
    expect(text).toContain("Case study");
    expect(text).toContain("Guide");
  });

  test("a link set in bold or a span inside a sentence is a word of it; alone in its box, or among commas, it is a control", () => {
    const text = regionText(
      `<p>The Little Monsters are praying for a reunion. <b><a href="/c/gaga">Lady Gaga</a></b> shared a photo of her ex, <b><a href="/c/tk">Taylor Kinney</a></b>.</p>` +
        `<table><tr><td>1</td><td><span><a href="/mag/egg">Egg</a></span>, beaten</td></tr></table>` +
        `<blockquote>Earrings: <span class="brand"><em><a href="/shop/l">Lui Lu</a></em></span></blockquote>` +
        `<div class="teaser"><span><a href="/more">Read more</a></span></div>` +
        `<p><span class="cat"><a href="/c/politik">Politik</a></span>, <span class="cat"><a href="/c/debatte">Debatte</a></span></p>` +
        `<p><b><a href="/subscribe">Subscribe now</a></b></p>` +
        `<p>It runs up to 18 hours on its battery.<sup><a href="#fn1">1</a></sup> It weighs under three pounds.</p>`,
    );
    expect(text).toContain("praying for a reunion. Lady Gaga shared a photo of her ex, Taylor Kinney.");
    expect(text).toContain("Egg, beaten");
    expect(text).toContain("Earrings: Lui Lu");
    // A footnote's mark stays a control, as before.
    expect(text).toContain("on its battery. It weighs");
    // Left out by name (rule wrapped-links), the sentence loses its linked names again.
    const region = mainRegion(doc(`<p>The fans are praying. <b><a href="/c/gaga">Lady Gaga</a></b> shared a photo.</p>`))!;
    cleanRegion(region, { wrappedLinks: false });
    expect(region.textContent).not.toContain("Lady Gaga");
    for (const gone of ["Read more", "Politik", "Debatte", "Subscribe now"]) expect(text).not.toContain(gone);
  });

  test("a paragraph of 50,000 bold links is read for its words once, not once per link (minutes)", () => {
    const text = regionText(`<p>${"<b><a href='/n'>Name</a></b> ".repeat(50_000)}and the rest.</p>`);
    expect(text).toContain("Name Name and the rest.");
  });
});

describe("the lead before the page's title", () => {
  test("a short lead before the one <h1> goes (alert bar, login box); the title and what follows stay", () => {
    const text = regionText(
      `<div class="alert"><p>Our phone lines are closed on Monday.</p></div><div><h3>MyChart login</h3><p>Manage your appointments online.</p></div>` +
        `<div class="content"><h1>Mental health services</h1>${para("Kept")}${para("Also kept")}</div>`,
    );
    expect(text).toStartWith("Mental health services");
    expect(text).not.toContain("phone lines");
    expect(text).not.toContain("MyChart");
    expect(text).toContain("Also kept");
  });

  test("a long lead, and a page with two <h1>s, keep everything", () => {
    const long = regionText(`${para("Hero one")}${para("Hero two")}<h1>Our offer</h1><p>Short text.</p>`);
    expect(long).toContain("Hero one");
    const two = regionText(`<p>Opening hours changed.</p><h1>First</h1>${para("One")}<h1>Second</h1>${para("Two")}`);
    expect(two).toContain("Opening hours changed.");
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
    expect(declaresArticle(head(`<meta property="og:type" content="article">`))).toBe(true);
    expect(declaresArticle(head(`<script type="application/ld+json">{"@type":"NewsArticle","headline":"x"}</script>`))).toBe(true);
    expect(declaresArticle(head(`<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>`))).toBe(false);
    expect(
      declaresArticle(head(`<meta property="og:type" content="product"><script type="application/ld+json">{"@type":"Product"}</script>`)),
    ).toBe(false);
  });

  test("og:type article beside JSON-LD naming the page only a WebPage is a tool's default, not a declaration", () => {
    const og = `<meta property="og:type" content="article">`;
    const ld = (types: string[]) =>
      `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[${types.map((t) => `{"@type":"${t}"}`).join(",")}]}</script>`;
    expect(declaresArticle(head(og + ld(["WebPage", "WebSite", "Organization"])))).toBe(false);
    expect(declaresArticle(head(og + ld(["ContactPage", "BreadcrumbList"])))).toBe(false);
    // A post: the same tool adds an Article node beside the WebPage node, or a publication time, and a
    // fact check carries its ClaimReview.
    expect(declaresArticle(head(og + ld(["Article", "WebPage", "WebSite"])))).toBe(true);
    expect(declaresArticle(head(`${og}<meta property="article:published_time" content="2018-09-10T12:00:00Z">${ld(["WebPage"])}`))).toBe(
      true,
    );
    expect(declaresArticle(head(og + ld(["WebPage", "ClaimReview", "Organization"])))).toBe(true);
    // og:type alone, or beside structured data about other things, still declares an article.
    expect(declaresArticle(head(og + ld(["Organization", "BreadcrumbList"])))).toBe(true);
    expect(declaresArticle(head(og))).toBe(true);
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

describe("a link alone in its block", () => {
  test("a control link goes; a link around a card's heading is its title and stays", () => {
    const card = (i: number) =>
      `<li><div class="title"><a href="/film/${i}"><h3>Film number ${i}</h3></a></div><div class="more"><a href="/film/${i}/trailer">Trailer</a></div>` +
      `<p>${"A story of a lighthouse keeper and the storm that changed the village. ".repeat(2)}</p></li>`;
    const text = regionText(`<main><h1>Popular films</h1><ol>${[1, 2, 3, 4].map(card).join("")}</ol></main>`);
    for (const i of [1, 2, 3, 4]) expect(text).toContain(`Film number ${i}`);
    expect(text).not.toContain("Trailer");
  });
});

describe("a card's price linked to its product (priced-links)", () => {
  const card = (i: number) =>
    `<div class="card"><a href="/p/${i}"><span>Garden chair ${i}</span></a><div><span>Oak frame</span></div>` +
    `<div class="price"><a href="/p/${i}"><span>$${40 + i}.99</span></a></div><div class="more"><a href="/cart/${i}">Add</a></div></div>`;
  const page = `<main><h1>Garden chairs</h1>${para("Our chairs")}${[1, 2, 3, 4].map(card).join("")}</main>`;

  test("a lone link that is only a price stays; a lone short link of words goes", () => {
    const region = mainRegion(doc(page))!.cloneNode(true) as Element;
    cleanRegion(region);
    const text = (region.textContent ?? "").replace(/\s+/g, " ");
    expect(text).toContain("$41.99");
    expect(text).toContain("$44.99");
    expect(text).not.toContain("Add");
  });

  test("without the rule the price goes as a control", () => {
    const region = mainRegion(doc(page))!.cloneNode(true) as Element;
    cleanRegion(region, { pricedLinks: false });
    expect(region.textContent ?? "").not.toContain("$41.99");
  });
});

describe("a footer or newsletter box at the region's end (end-boxes)", () => {
  const body = [1, 2, 3, 4].map((i) => para(`Part ${i} of the report.`)).join("");
  const cleaned = (page: string, endBoxes = true) => {
    const region = mainRegion(doc(page))!.cloneNode(true) as Element;
    cleanRegion(region, { endBoxes });
    return (region.textContent ?? "").replace(/\s+/g, " ");
  };

  test("a footer of <div>s with sentences and a newsletter sign-up after the text go", () => {
    const page =
      `<div><h1>The annual report</h1>${body}</div>` +
      `<div class="newsletter-signup"><h2>Industry Update</h2><p>Stay up to date on industry news and trends.</p></div>` +
      `<section id="footer"><p>All contents © Example Press 2026. All rights reserved.</p></section>` +
      `<div class="modal-popup"><h2>Free gift!</h2><p>Order in the next 5 minutes to receive a free tote.</p></div>`;
    const text = cleaned(page);
    expect(text).not.toContain("Order in the next 5 minutes");
    expect(text).toContain("Part 4 of the report.");
    expect(text).not.toContain("Stay up to date");
    expect(text).not.toContain("All rights reserved");
  });

  test("a side column of <div>s after the text goes; one before the text stays", () => {
    const column = (name: string) => `<div class="${name}"><p>Popular this week: how we price our reports, and who reads them.</p></div>`;
    const after = cleaned(`<main><h1>The annual report</h1>${body}${column("sidebar-right")}</main>`);
    expect(after).not.toContain("Popular this week");
    const before = cleaned(`<main>${column("sidebar-left")}<h2>The annual report</h2>${body}</main>`);
    expect(before).toContain("Popular this week");
  });

  test("without the rule they stay", () => {
    const page = `<div><h1>The annual report</h1>${body}</div><section id="footer"><p>All contents © Example Press 2026.</p></section>`;
    expect(cleaned(page, false)).toContain("All contents ©");
  });

  test("a card's footer in the first half, and a named band of several headed parts, stay", () => {
    const card = (i: number) =>
      `<div class="card"><h3>Lamp ${i}</h3><div class="card-footer"><p>Rated 4.${i} by 120 buyers</p></div></div>`;
    const editions = [1, 2, 3].map((i) => `<h2>Edition ${i}</h2><p>The edition for teams of ${i * 10} people.</p>`).join("");
    const page = `<main><h1>Lamps</h1>${[1, 2, 3, 4].map(card).join("")}${body}<div class="downloads-footer">${editions}</div></main>`;
    const text = cleaned(page);
    expect(text).toContain("Rated 4.1 by 120 buyers");
    expect(text).toContain("The edition for teams of 30 people.");
  });
});
