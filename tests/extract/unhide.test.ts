import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { revealClippedText, revealHiddenBlurbs, revealHiddenPage, unwrapQuestionLinks } from "../../src/extract/unhide.ts";
import { documentMaker } from "../helpers/dom.ts";

const doc = documentMaker();
const para = (s: string) =>
  `<p>${s} Supervised learning trains a model on labelled examples so that it can predict labels for new data it has not seen.</p>`;
const ARTICLE = `${para("Machine learning is a branch of artificial intelligence.")}${para("Unsupervised learning finds groups.")}${para("Reinforcement learning learns by reward.")}`;

describe("a page hidden until its scripts run", () => {
  test("a wrapper with visibility:hidden holding the page is shown; a hidden menu and dialog stay hidden", () => {
    const d = doc(
      `<div id="page" style="visibility:hidden;min-height:100vh">${ARTICLE}<ul id="menu" style="display: none"><li>Home</li><li>Courses</li></ul></div><div id="dlg" hidden>Subscribe to our newsletter</div>`,
    );
    expect(revealHiddenPage(d)).toBe(1);
    expect(d.getElementById("page")!.getAttribute("style")).toBe("min-height:100vh");
    expect(d.getElementById("menu")!.getAttribute("style")).toBe("display: none");
    expect(d.getElementById("dlg")!.hasAttribute("hidden")).toBe(true);
  });

  test("extraction reads a self-hiding page instead of finding nothing, and still drops a hidden popup", async () => {
    const html = `<html><body><div style="visibility:hidden"><main>${ARTICLE}</main></div><div hidden><p>Sign up now and get ten percent off your first order of any course.</p></div></body></html>`;
    const article = await htmlToArticle(html, { url: "https://example.com/ml" });
    expect(article?.markdown).toContain("Machine learning is a branch");
    expect(article?.markdown).toContain("Reinforcement learning");
    expect(article?.markdown).not.toContain("Sign up");
  });

  test("display:none and the hidden attribute are lifted the same way", () => {
    const d = doc(`<section id="a" hidden>${ARTICLE}</section>`);
    revealHiddenPage(d);
    expect(d.getElementById("a")!.hasAttribute("hidden")).toBe(false);
    const e = doc(`<div id="b" style="display:none !important">${ARTICLE}</div><p>Short visible line.</p>`);
    revealHiddenPage(e);
    expect(e.getElementById("b")!.getAttribute("style")).toBe("");
  });

  // A page saved while a dialog was open: its panels are hidden from screen readers, none holding most of the text.
  const specifics = `<h2>Item specifics</h2><p>Condition: new with tags, unused and unworn, in the original packaging with the tags attached.</p><p>Type: stage make-up kit with three scars, a tube of fake blood and a tin of scab wax.</p>`;
  const seller = `<h2>About the seller</h2><p>A business seller in the West Midlands who ships every order within two working days of payment.</p><p>Returns are accepted within thirty days; the buyer pays the postage back.</p>`;
  const behindDialog = (extra = "") =>
    `<header aria-hidden="true"><nav><a href="/">Home</a> <a href="/deals">Deals</a></nav></header><div id="top"><h1>Zombie scars make-up kit</h1><p>GBP 1.99</p></div>` +
    `<div id="centre" aria-hidden="true">${specifics}</div><div id="bottom" aria-hidden="true">${seller}</div>` +
    `<ul id="menu" aria-hidden="true" style="display:none"><li>Sign in</li><li>Register</li></ul>${extra}<div role="dialog"><button>Close</button></div>`;

  test("a page saved with a dialog open: its panels hidden from screen readers, together most of its text, are shown", () => {
    const d = doc(behindDialog());
    expect(revealHiddenPage(d)).toBe(2);
    expect(d.getElementById("centre")!.hasAttribute("aria-hidden")).toBe(false);
    expect(d.getElementById("bottom")!.hasAttribute("aria-hidden")).toBe(false);
    // A menu hidden by its style as well stays hidden, and so does the header's navigation.
    expect(d.getElementById("menu")!.getAttribute("aria-hidden")).toBe("true");
    expect(d.querySelector("header")!.getAttribute("aria-hidden")).toBe("true");
    expect(revealHiddenPage(doc(behindDialog()), { behindDialog: false })).toBe(0);
  });

  test("panels hidden from screen readers holding less than half of the text, or a hidden menu in the navigation, stay hidden", () => {
    // Carousel copies beside the article: a small share of the page.
    const d = doc(
      `<main>${ARTICLE}<div id="copy" aria-hidden="true"><p>Slide two: a quote from a customer about the course.</p></div></main>`,
    );
    expect(revealHiddenPage(d)).toBe(0);
    expect(d.getElementById("copy")!.getAttribute("aria-hidden")).toBe("true");
    // Two menus of the navigation hidden from screen readers, each under half of the text, together most of it.
    const links = (n: string) =>
      Array.from({ length: 10 }, (_, i) => `<li><a href="/${n}/${i}">${n} furniture category ${i}</a></li>`).join("");
    const menus = `<nav><div id="living" aria-hidden="true"><ul>${links("Living room")}</ul></div><div id="bed" aria-hidden="true"><ul>${links("Bedroom")}</ul></div></nav>`;
    const e = doc(
      `${menus}<main><h1>Sofas</h1><p>Three seats, grey, a wooden frame and a cover that comes off for washing.</p><div role="dialog"></div></main>`,
    );
    expect(revealHiddenPage(e)).toBe(0);
    expect(e.getElementById("living")!.getAttribute("aria-hidden")).toBe("true");
    // Teasers' blurbs drawn as links hidden from screen readers are not boxes of the page.
    const blurb = (t: string) =>
      `<h2><a href="/n/${t.length}">${t.slice(0, 20)}</a></h2><a href="/n/${t.length}" aria-hidden="true">${t}</a>`;
    const f = doc(
      `<main>${blurb("The city's first new rail line in forty years opened to passengers on Monday morning.")}${blurb("Work on the riverside park finished this week, adding twelve hectares of meadow.")}</main>`,
    );
    expect(revealHiddenPage(f)).toBe(0);
    // Closed dialogs (a cookie box's settings) hidden from screen readers, each under half of the text, together most of it.
    const terms = `<p>${"This website uses cookies to improve your experience while you navigate through the website. ".repeat(3)}</p>`;
    const h = doc(
      `<main><h1>Sofas</h1><p>Three seats, grey, a wooden frame.</p></main><div id="d1" role="dialog" aria-hidden="true">${terms}</div><div aria-modal="true" aria-hidden="true">${terms}</div>`,
    );
    expect(revealHiddenPage(h)).toBe(0);
    expect(revealHiddenPage(h)).toBe(0);
    expect(h.getElementById("d1")!.getAttribute("aria-hidden")).toBe("true");
  });

  test("20,000 boxes hidden from screen readers 200 elements deep are read in bounded time", () => {
    const boxes = '<div aria-hidden="true"><p>Item specifics: new, boxed.</p></div>'.repeat(20_000);
    const d = doc(`${"<div>".repeat(200)}${boxes}${"</div>".repeat(200)}<p>Title</p>`);
    expect(revealHiddenPage(d)).toBe(20_000);
  }, 5_000);

  test("end to end: the item's specifics and seller behind the dialog come back", async () => {
    const html = `<html><body>${behindDialog()}</body></html>`;
    const url = "https://shop.example/itm/302474151804";
    const article = await htmlToArticle(html, { url });
    expect(article?.markdown).toContain("stage make-up kit with three scars");
    expect(article?.markdown).toContain("ships every order within two working days");
    expect(article?.markdown).not.toContain("Register");
    const off = await htmlToArticle(html, { url, without: new Set(["behind-dialog"]) });
    expect(off?.markdown ?? "").not.toContain("stage make-up kit with three scars");
  });

  test("a tab set's hidden panels are lifted (every language's sample is content); a hidden menu beside them is not", async () => {
    const tabs = `<div role="tablist"><button role="tab">Python</button><button role="tab">Ruby</button></div>
      <div role="tabpanel" id="py"><pre><code>client.messages.create(body="hello from python")</code></pre></div>
      <div role="tabpanel" id="rb" hidden style="display:none"><pre><code>client.messages.create(body: "hello from ruby")</code></pre></div>`;
    const d = doc(`<main>${ARTICLE}${tabs}</main><ul id="menu" hidden><li>Pricing</li><li>Docs</li></ul>`);
    expect(revealHiddenPage(d)).toBe(1);
    expect(d.getElementById("rb")!.hasAttribute("hidden")).toBe(false);
    expect(d.getElementById("rb")!.getAttribute("style")).toBe("");
    expect(d.getElementById("menu")!.hasAttribute("hidden")).toBe(true);
    const html = `<html><body><main><h1>Send a message</h1>${ARTICLE}${tabs}</main><div hidden><p>Sign up now and get ten percent off your first order of any course.</p></div></body></html>`;
    const article = await htmlToArticle(html, { url: "https://example.com/docs/send" });
    expect(article?.markdown).toContain("hello from python");
    expect(article?.markdown).toContain("hello from ruby");
    expect(article?.markdown).not.toContain("Sign up");
  });

  test("an accordion's hidden answers are lifted; a dropdown of links and a panel opened from the navigation stay hidden", async () => {
    const faq = `<h2>Questions</h2>
      <button aria-expanded="false" aria-controls="a1">Can I cancel at any time?</button>
      <div id="a1" aria-hidden="true"><p>Yes: a plan ends at the close of the month it was cancelled in, and nothing more is charged.</p></div>
      <button aria-expanded="false" aria-controls="a2">Is there a free tier?</button>
      <div id="a2" hidden><p>Every account gets a thousand calls a month free of charge, renewed on the first day of each month.</p></div>
      <button aria-expanded="false" aria-controls="more">More</button>
      <ul id="more" hidden><li><a href="/a">Pricing</a></li><li><a href="/b">Careers</a></li></ul>`;
    const d = doc(
      `<nav><button aria-expanded="false" aria-controls="m">Menu</button></nav><div id="m" hidden><p>Our story began in a garage.</p></div><main>${ARTICLE}${faq}</main>`,
    );
    expect(revealHiddenPage(d)).toBe(2);
    expect(d.getElementById("a1")!.hasAttribute("aria-hidden")).toBe(false);
    expect(d.getElementById("a2")!.hasAttribute("hidden")).toBe(false);
    expect(d.getElementById("more")!.hasAttribute("hidden")).toBe(true);
    expect(d.getElementById("m")!.hasAttribute("hidden")).toBe(true);
    const html = `<html><body><main><h1>Plans</h1>${ARTICLE}${faq}</main></body></html>`;
    const article = await htmlToArticle(html, { url: "https://example.com/pricing" });
    expect(article?.markdown).toContain("close of the month");
    expect(article?.markdown).toContain("renewed on the first day");
    expect(article?.markdown).not.toContain("Careers");
  });

  test("the collapsing box an accordion hides around its panel is lifted with the panel; a box holding more stays hidden", () => {
    const d = doc(
      `<main>${ARTICLE}<button aria-expanded="false" aria-controls="p1">Description</button>
      <div id="box" style="overflow:hidden;display:none;height:0px"><div><div id="p1" role="region">A stainless fire pit that burns wood with almost no smoke, lit in seconds from its starter cone.</div></div></div>
      <button aria-expanded="false" aria-controls="p2">Care</button>
      <div id="outer" style="display:none"><div id="p2">Wipe it with a soft brush once it has cooled.</div><p>Newsletter: ten percent off your first order.</p></div></main>`,
    );
    revealHiddenPage(d);
    expect(d.getElementById("box")!.getAttribute("style")).not.toContain("display:none");
    expect(d.getElementById("outer")!.getAttribute("style")).toContain("display:none");
  });
});

describe("disclosure panels no control names (rule unnamed-panels)", () => {
  // As the pre-pass leaves them (mend-html.ts): a heading's words, then the button's empty mark.
  const accordion = `<div class="section"><h3><span>Weight</span><button aria-expanded="false"></button></h3>
    <div id="w" aria-hidden="true" hidden><p>The shoe weighs 255 grams in a men's size 9, light for a trainer with this much cushioning.</p></div></div>`;
  const details = `<details aria-expanded="false"><summary><h4>Is the network included?</h4></summary>
    <div id="d" aria-hidden="true"><p>Every plan includes the global network and its caching at no extra cost.</p></div></details>`;

  test("the hidden block after an expandable control naming no panel, and a <details> element's content, are lifted", () => {
    const d = doc(`<main>${ARTICLE}${accordion}${details}</main>`);
    expect(revealHiddenPage(d)).toBe(2);
    expect(d.getElementById("w")!.hasAttribute("hidden")).toBe(false);
    expect(d.getElementById("w")!.hasAttribute("aria-hidden")).toBe(false);
    expect(d.getElementById("d")!.hasAttribute("aria-hidden")).toBe(false);
    const off = doc(`<main>${ARTICLE}${accordion}${details}</main>`);
    expect(revealHiddenPage(off, { unnamed: false })).toBe(0);
  });

  test("a menu's panel stays hidden: a toggle in the navigation, a dropdown of links, a hidden block not after the control", () => {
    const d = doc(
      `<nav><div><button aria-expanded="false"></button></div><div id="n" hidden><p>Our story began in a garage in 1998.</p></div></nav>` +
        `<main>${ARTICLE}<div><button aria-expanded="false"></button><ul id="links" hidden><li><a href="/a">Pricing</a></li><li><a href="/b">Careers</a></li></ul></div>` +
        `<div><span>Shipping</span><button aria-expanded="false"></button><p>Ships in two days.</p><div id="far" hidden><p>Sign up for our newsletter to hear about offers.</p></div></div></main>`,
    );
    expect(revealHiddenPage(d)).toBe(0);
    for (const id of ["n", "links", "far"]) expect(d.getElementById(id)!.hasAttribute("hidden")).toBe(true);
  });

  test("end to end: an accordion of headings whose buttons name no panel keeps its answers", async () => {
    const section = (t: string, a: string) =>
      `<div class="item"><h3><button aria-expanded="false"><span>${t}</span></button></h3><div aria-hidden="true" hidden><p>${a}</p></div></div>`;
    const html = `<html><body><main><h1>Trail shoe review</h1>${ARTICLE}${section("Weight", "The shoe weighs 255 grams in a men's size 9, light for a trainer with this much cushioning.")}${section("Grip", "The lugs held on wet rock and loose gravel alike during our three weeks of testing.")}</main></body></html>`;
    const on = await htmlToArticle(html, { url: "https://example.com/review" });
    expect(on?.markdown).toContain("### Weight\n\nThe shoe weighs 255 grams");
    expect(on?.markdown).toContain("loose gravel alike");
    const off = await htmlToArticle(html, { url: "https://example.com/review", without: new Set(["unnamed-panels"]) });
    expect(off?.markdown).not.toContain("255 grams");
  });
});

describe("accordions without ARIA (rule accordion-answers)", () => {
  const item = (q: string, a: string, id: string) =>
    `<div class="faq__item"><div class="faq__question">${q}</div><div id="${id}" class="faq__answer" style="display: none">${a}</div></div>`;
  const faq =
    item(
      "How long does a certificate take?",
      "<p>Most certificates take three to twelve months of part-time study to complete.</p>",
      "a1",
    ) + item("Are the courses free?", "<p>Every course is free to study; a certificate for your records costs a small fee.</p>", "a2");

  test("a hidden block after its item's question or heading, in a series of such items, is the item's answer and is lifted", () => {
    const headed = `<section class="acc"><h3>Grip</h3><div id="h1" hidden><p>The lugs held on wet rock.</p></div></section><section class="acc"><h3>Weight</h3><div id="h2" hidden><p>Light for a trainer.</p></div></section>`;
    const d = doc(`<main>${ARTICLE}${faq}${headed}</main>`);
    expect(revealHiddenPage(d)).toBe(4);
    for (const id of ["a1", "a2", "h1", "h2"]) {
      const el = d.getElementById(id)!;
      expect(el.hasAttribute("hidden")).toBe(false);
      expect(el.getAttribute("style") ?? "").not.toContain("display");
    }
    const off = doc(`<main>${ARTICLE}${faq}</main>`);
    expect(revealHiddenPage(off, { accordions: false })).toBe(0);
  });

  test("a lone item, a title that is no question or heading, and a hidden menu of links stay hidden", () => {
    const d = doc(
      `<main>${ARTICLE}${item("How long does a certificate take?", "<p>Three to twelve months.</p>", "lone")}` +
        `<div class="row"><span>Shipping</span><div id="s1" hidden><p>Sign up for offers.</p></div></div><div class="row"><span>Returns</span><div id="s2" hidden><p>Sign up for offers.</p></div></div>` +
        `<div class="menu"><h4>Shop</h4><ul id="m1" hidden><li><a href="/a">Shoes</a></li><li><a href="/b">Boots</a></li></ul></div><div class="menu"><h4>Help</h4><ul id="m2" hidden><li><a href="/c">Contact</a></li></ul></div></main>`,
    );
    expect(revealHiddenPage(d)).toBe(0);
  });

  test("end to end: the answers come back under their questions", async () => {
    const html = `<html><body><main><h1>Online certificates</h1>${ARTICLE}<h2>Frequently asked questions</h2>${faq}</main></body></html>`;
    const on = await htmlToArticle(html, { url: "https://example.com/certificates" });
    expect(on?.markdown).toContain("How long does a certificate take?\n\nMost certificates take three to twelve months");
    const off = await htmlToArticle(html, { url: "https://example.com/certificates", without: new Set(["accordion-answers"]) });
    expect(off?.markdown).not.toContain("three to twelve months");
  });
});

describe("tab sets without ARIA (rule sibling-panels)", () => {
  const card = (name: string) =>
    `<li class="card"><h3><a href="/p/${name.toLowerCase()}">${name}</a></h3><p>${name} keeps seed dry in rain and snow, fits every feeder we sell and takes a minute to fit with the screws in the box.</p><p>$25</p></li>`;
  const grid = (names: string[], style = "") => `<div class="products" ${style}><ul>${names.map(card).join("")}</ul></div>`;
  const feeders = grid(["Smart Feeder", "Feeder Pro", "Feeder Mini"]);
  const addOns = grid(["Wall Mount", "Solar Roof", "Suet Holder"], 'id="addons" style="display: none"');

  test("a hidden block whose tag and class a shown sibling repeats is the set's other tab and is lifted", () => {
    const specs = `<div class="tab-body"><p>${"The desk rises from 25 to 50 inches in twenty seconds. ".repeat(4)}</p></div><div class="tab-body" id="specs" hidden><table><tr><th>Height</th><td>25 to 50 inches</td></tr></table><p>${"Its frame carries 355 pounds on two motors and a steel crossbar. ".repeat(8)}</p></div>`;
    const d = doc(`<main>${ARTICLE}<div class="tabs">${feeders}${addOns}</div><section>${specs}</section></main>`);
    expect(revealHiddenPage(d)).toBe(2);
    expect(d.getElementById("addons")!.getAttribute("style") ?? "").not.toContain("display");
    expect(d.getElementById("specs")!.hasAttribute("hidden")).toBe(false);
    const off = doc(`<main>${ARTICLE}<div class="tabs">${feeders}${addOns}</div></main>`);
    expect(revealHiddenPage(off, { siblings: false })).toBe(0);
  });

  test("a carousel's aria-hidden clone, a class-less store of messages, a short toggle text, another shape and a menu stay hidden", () => {
    const long = (s: string) =>
      `<p>${s} ${"The plan includes every feature, unlimited seats and support around the clock. ".repeat(5)}</p>`;
    const d = doc(
      `<main>${ARTICLE}` +
        `<div class="slides"><div class="slide">${long("Slide one.")}</div><div class="slide" aria-hidden="true">${long("Slide one.")}</div></div>` +
        `<div><div>${long("Shown.")}</div><div style="display:none"><div>Your preference has been updated for this session.</div>${long("Message.")}</div></div>` +
        `<div class="price"><span class="amount">$10 a month</span><span class="amount" hidden>$100 a year, billed once, two months free</span></div>` +
        `<div class="panel">${long("Shown panel.")}</div><div class="panel panel--other" hidden>${long("Other shape.")}</div>` +
        `<div class="links"><a href="/a">A</a></div><div class="links" hidden>${Array.from({ length: 40 }, (_, i) => `<a href="/m/${i}">Menu entry number ${i}</a>`).join(" ")}</div></main>`,
    );
    expect(revealHiddenPage(d)).toBe(0);
  });

  test("end to end: a product's hidden specifications come back after its description", async () => {
    const specs =
      `<div class="tab-body"><p>${"The desk rises from 25 to 50 inches in twenty seconds. ".repeat(4)}</p></div>` +
      `<div class="tab-body" style="display:none"><p>${"Its frame carries 355 pounds on two motors and a steel crossbar. ".repeat(8)}</p></div>`;
    const html = `<html><body><main><h1>Standing desk</h1>${ARTICLE}<div class="tabs">${specs}</div></main></body></html>`;
    const on = await htmlToArticle(html, { url: "https://example.com/desk" });
    expect(on?.markdown).toContain("The desk rises from 25 to 50 inches");
    expect(on?.markdown).toContain("Its frame carries 355 pounds");
    const off = await htmlToArticle(html, { url: "https://example.com/desk", without: new Set(["sibling-panels"]) });
    expect(off?.markdown).not.toContain("355 pounds");
  });

  test("a list of 50,000 hidden items of one class before a shown one is read in one pass per parent", () => {
    // The shown siblings' shapes are gathered once per parent; looked for item by item, from the first
    // sibling, they took time growing with the square of the list.
    const items = Array.from({ length: 50_000 }, (_, i) => `<div class="row" hidden>Row ${i}</div>`).join("");
    const d = doc(`<main>${ARTICLE}<div>${items}<div class="row">Row shown</div></div></main>`);
    expect(revealHiddenPage(d)).toBe(0);
  }, 10_000);
});

describe("a text clipped for a Read more control (rule clipped-text)", () => {
  const WHOLE =
    "Our evening courses are designed for people who work during the day. In fewer than three hours a week you can complete a module and gain a certificate.";
  const clippedBox = (shown: string) => `<p><span class="short">${shown}</span><span class="full" style="display:none">${WHOLE}</span></p>`;

  test("the hidden whole text is shown and the clipped copy goes", () => {
    const d = doc(
      clippedBox(
        "Our evening courses are designed for people who work during the day. In fewer than three hours a week you can com...…Read More",
      ),
    );
    expect(revealClippedText(d)).toBe(1);
    const text = d.body.textContent ?? "";
    expect(text).toContain("you can complete a module");
    expect(text).not.toContain("Read More");
    expect(d.querySelector(".full")!.getAttribute("style")).toBe("");
  });

  test("a hidden text that the visible one does not begin stays hidden, and so does one beside a short label", () => {
    const other = doc(clippedBox("Spring timetable for the evening courses in the town hall and the library annex..."));
    expect(revealClippedText(other)).toBe(0);
    const short = doc(clippedBox("Our evening..."));
    expect(revealClippedText(short)).toBe(0);
    expect(short.querySelector(".short")).not.toBeNull();
  });

  test("a long run of dots and ellipses is read at once (the pattern sees the text's last characters only)", () => {
    const hostile = `${"a".repeat(50)}${".…".repeat(100_000)}x`;
    const d = doc(`<p><span>${hostile}</span><span hidden>${"a".repeat(60)}</span></p>`);
    const started = performance.now();
    expect(revealClippedText(d)).toBe(0);
    expect(performance.now() - started).toBeLessThan(500);
  });

  test("end to end, and left out", async () => {
    const html = `<html><body><main><h1>Evening courses</h1>${clippedBox("Our evening courses are designed for people who work during the day. In fewer than...")}${ARTICLE}</main></body></html>`;
    const md = (await htmlToArticle(html, { url: "https://example.com/courses" }))!.markdown;
    expect(md).toContain("you can complete a module");
    const kept = (await htmlToArticle(html, { url: "https://example.com/courses", without: new Set(["clipped-text"]) }))!.markdown;
    expect(kept).not.toContain("you can complete a module");
  });
});

describe("an FAQ's questions drawn as links that open their answers (unwrapQuestionLinks)", () => {
  test("a question link to '#' or naming its panel keeps its text without the link; a jump, a short label and a link elsewhere stay links", () => {
    const d = doc(
      `<h3 id="q1"><a href="#" class="accordion-question">How long does delivery take?</a></h3>` +
        `<h4><a class="btn btn-link" role="button" href="#collapse-2" aria-controls="collapse-2">Can I return an opened item?</a></h4>` +
        `<li id="q3"><a href="#what-is-a-hub">What is a smart home hub?</a></li>` +
        `<p id="q4"><a href="#">Read more</a></p><p id="q5"><a href="/help/returns">Where is my order today?</a></p>`,
    );
    expect(unwrapQuestionLinks(d)).toBe(2);
    expect(d.getElementById("q1")!.innerHTML).toBe("How long does delivery take?");
    expect(d.getElementsByTagName("h4")[0]!.innerHTML).toBe("Can I return an opened item?");
    for (const id of ["q3", "q4", "q5"]) expect(d.getElementById(id)!.getElementsByTagName("a").length).toBe(1);
  });

  test("the questions stay in the page's Markdown beside their answers; without the rule the first goes", async () => {
    const item = (q: string, a: string) =>
      `<div class="item"><h3><a href="#" class="question">${q}</a></h3><div class="answer"><p>${a}</p></div></div>`;
    const faq =
      item(
        "How long does delivery take to arrive?",
        "Most orders arrive within three to five working days, and we send a tracking number by email as soon as the parcel leaves the warehouse.",
      ) +
      item(
        "Can I return an opened item?",
        "Yes, within thirty days of delivery, as long as it is complete and undamaged; we refund the price to the card you paid with once it is back with us.",
      );
    const html = `<html><head><title>Delivery and returns</title></head><body><main><h1>Delivery and returns</h1>${ARTICLE}<h2>Questions</h2>${faq}</main></body></html>`;
    const url = "https://shop.example/help";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("How long does delivery take to arrive?");
    expect(md).toContain("Can I return an opened item?");
    expect(md).toContain("three to five working days");
    const without = (await htmlToArticle(html, { url, without: new Set(["question-buttons"]) }))?.markdown ?? "";
    expect(without).not.toContain("How long does delivery take to arrive?");
  });
});

describe("a card's blurb drawn as a second link hidden from screen readers (revealHiddenBlurbs)", () => {
  test("a hidden link of a sentence repeating a shown link's target keeps its text; a picture's link, a short label and a lone hidden link stay", () => {
    const d = doc(
      `<article><a id="pic" href="/news/rail" aria-hidden="true" tabindex="-1"><img src="rail.jpg" alt=""></a>` +
        `<h2><a href="/news/rail">New rail line opens</a></h2>` +
        `<p id="blurb"><a href="/news/rail" aria-hidden="true" tabindex="-1">The city's first new rail line in forty years opened to passengers on Monday morning.</a></p>` +
        `<p id="more"><a href="/news/rail" aria-hidden="true">Read more</a></p></article>` +
        `<p id="alone"><a href="/news/other" aria-hidden="true">A sentence of many words that links to a page no shown link goes to at all.</a></p>`,
    );
    expect(revealHiddenBlurbs(d)).toBe(1);
    expect(d.getElementById("blurb")!.innerHTML).toBe(
      "The city's first new rail line in forty years opened to passengers on Monday morning.",
    );
    expect(d.getElementById("pic")).not.toBeNull();
    for (const id of ["more", "alone"]) expect(d.getElementById(id)!.getElementsByTagName("a").length).toBe(1);
  });

  test("a hub's teasers keep their blurbs in the Markdown; without the rule they go", async () => {
    const teaser = (slug: string, title: string, blurb: string) =>
      `<article class="teaser"><a href="/news/${slug}" aria-hidden="true" tabindex="-1"><img src="/img/${slug}.jpg" alt=""></a>` +
      `<h2><a href="/news/${slug}">${title}</a></h2><p class="desc"><a href="/news/${slug}" aria-hidden="true" tabindex="-1">${blurb}</a></p>` +
      `<time datetime="2025-01-0${slug.length % 9}">Jan 2025</time></article>`;
    const teasers = [
      teaser(
        "rail",
        "New rail line opens downtown",
        "The city's first new rail line in forty years opened to passengers on Monday morning.",
      ),
      teaser(
        "park",
        "Riverside park doubles in size",
        "Work on the riverside park finished this week, adding twelve hectares of meadow and a new footbridge.",
      ),
      teaser(
        "library",
        "Central library extends its hours",
        "From next month the central library stays open until ten at night on every weekday, the council said.",
      ),
      teaser(
        "market",
        "Farmers market moves to the square",
        "The weekly farmers market leaves the car park for the main square, where stalls will have more room.",
      ),
    ].join("");
    const html = `<html><head><title>City news</title></head><body><main><h1>City news</h1><section>${teasers}</section></main></body></html>`;
    const url = "https://news.example/topic/city";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("opened to passengers on Monday morning");
    expect(md).toContain("adding twelve hectares of meadow");
    const without = (await htmlToArticle(html, { url, without: new Set(["hidden-blurbs"]) }))?.markdown ?? "";
    expect(without).toContain("New rail line opens downtown");
    expect(without).not.toContain("opened to passengers on Monday morning");
  });
});
