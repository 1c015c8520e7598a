import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { linkedomPage, tidyClass } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

// The tree production's DOM builds (src/extract/dom.ts): what a browser builds from the same HTML where
// vellum's reading depends on it. Each test states what linkedom alone gets wrong, so it fails without
// the completion.

const URL_ = "https://example.com/news/story";
const doc = (html: string) => linkedomPage(html, URL_).document;
const bare = (html: string) => parseHTML(html).document as unknown as Document;
const STORY = "The council met on Tuesday and voted to rebuild the bridge across the river before next winter.";

describe("implied elements", () => {
  test("a fragment without <html>, <head> or <body> ends up in <body>, its title in <head>", () => {
    const html = `<title>Bridge</title><h1>Bridge vote</h1><p>${STORY}</p><p>Second paragraph.</p>`;
    expect(bare(html).documentElement.localName).toBe("title"); // linkedom alone: the first element is the root
    const d = doc(html);
    expect(d.documentElement.localName).toBe("html");
    expect(d.title).toBe("Bridge");
    expect(d.head.querySelector("title")).not.toBeNull();
    expect(Array.from(d.body.children).map((e) => e.localName)).toEqual(["h1", "p", "p"]);
  });

  test("a page that never opens <body> keeps its head in <head> and its content in <body>, in order", () => {
    const html = `<html><head><meta charset="utf-8"><title>Bridge</title></head><h1>Bridge vote</h1><p>${STORY}</p></html>`;
    expect(bare(html).body.textContent).toBe(""); // linkedom alone: an empty body, the content beside it
    const d = doc(html);
    expect(d.querySelector("meta")!.parentElement!.localName).toBe("head");
    expect(d.body.textContent).toContain("Bridge vote");
    expect(d.body.textContent!.indexOf("Bridge vote")).toBeLessThan(d.body.textContent!.indexOf("The council met"));
  });

  test("content after </body> and </html> is read as the body's, after what came before", () => {
    const html = `<html><head></head><body><p>First.</p></body><p>After the body.</p></html><p>After the document.</p>`;
    expect(bare(html).body.querySelectorAll("p").length).toBe(1);
    const d = doc(html);
    expect(Array.from(d.body.querySelectorAll("p")).map((p) => p.textContent)).toEqual([
      "First.",
      "After the body.",
      "After the document.",
    ]);
    expect(d.documentElement.children.length).toBe(2);
  });

  test("stray second <html>, <head> and <body> tags are merged away, their content kept in place", () => {
    const html = `<html><head><title>T</title></head><body><p>one</p><html lang="en"><body class="x"><head><p>two</p></head><p>three</p></body></html><p>four</p></body></html>`;
    expect(bare(html).body!.getElementsByTagName("body").length).toBeGreaterThan(0); // linkedom alone nests them
    const d = doc(html);
    for (const name of ["html", "head", "body"]) expect(d.body.getElementsByTagName(name).length).toBe(0);
    expect(Array.from(d.body.querySelectorAll("p")).map((p) => p.textContent)).toEqual(["one", "two", "three", "four"]);
  });

  test("an empty page still has a head and a body", () => {
    const d = doc("");
    expect(d.head).not.toBeNull();
    expect(d.body).not.toBeNull();
    expect(d.body.textContent).toBe("");
  });
});

describe("links inside links", () => {
  test("an inner link closes the outer one: three parts in order, no link inside a link", () => {
    const html = `<body><a href="/card">Card <a href="/inner">inner</a> after</a></body>`;
    expect(bare(html).querySelector("a a")).not.toBeNull();
    const d = doc(html);
    expect(d.querySelector("a a")).toBeNull();
    expect(d.body.textContent).toBe("Card inner after");
    expect(Array.from(d.querySelectorAll("a")).map((a) => a.textContent)).toEqual(["Card ", "inner"]);
  });

  test("the Markdown of an image card wrapped twice in links is one link per target", async () => {
    const html = `<html><body><article><p>${STORY}</p><p>${STORY}</p><a href="/a"><a href="/a"><img src="/i.png" alt="A picture"></a></a><p>${STORY}</p></article></body></html>`;
    const md = (await htmlToArticle(html, { url: URL_ }))!.markdown;
    expect(md).not.toContain("[[");
    expect(md).toContain("[![A picture](https://example.com/i.png)](https://example.com/a)");
  });
});

describe("what a browser's parser closes or drops", () => {
  test("a heading opened inside an unclosed heading closes it", () => {
    const html = `<body><h1>Title<h2>Section</h2><p>Text.</p></body>`;
    expect(bare(html).querySelector("h1 h2")).not.toBeNull();
    const d = doc(html);
    expect(d.querySelector("h1 h2")).toBeNull();
    expect(Array.from(d.body.children).map((e) => `${e.localName}:${e.textContent}`)).toEqual(["h1:Title", "h2:Section", "p:Text."]);
  });

  test("the newline right after <pre> is not part of the code", async () => {
    const html = `<body><pre>\nline 1\n  line 2</pre></body>`;
    expect(bare(html).querySelector("pre")!.textContent).toBe("\nline 1\n  line 2");
    expect(doc(html).querySelector("pre")!.textContent).toBe("line 1\n  line 2");
    const md = (await htmlToArticle(
      `<html><body><article><p>${STORY}</p><pre>\nconst a = 1;\n</pre><p>${STORY}</p><p>${STORY}</p></article></body></html>`,
      { url: URL_ },
    ))!.markdown;
    expect(md).toContain("```\nconst a = 1;\n```");
  });
});

describe("attribute names", () => {
  test("are lower-cased as browsers store them: a server-rendered itemProp, an old page's HREF", () => {
    const html = `<html><body><div itemScope itemType="https://schema.org/Comment"><span itemProp="text">Hi</span></div><A HREF="/p">link</A></body></html>`;
    expect(bare(html).querySelectorAll("[itemprop]").length).toBe(0); // linkedom alone keeps them as written
    const d = doc(html);
    expect(d.querySelector("[itemprop]")!.getAttribute("itemprop")).toBe("text");
    expect(d.querySelector("[itemscope]")!.getAttribute("itemtype")).toBe("https://schema.org/Comment");
    expect(d.querySelector("a")!.getAttribute("href")).toBe("/p");
  });

  test("of two spellings of one name the first wins, as in browsers; lower-case pages are left as they are", () => {
    const d = doc(`<html><body><p CLASS="first" class="second" Id="x">t</p><p class="plain">u</p></body></html>`);
    expect(d.getElementById("x")!.className).toBe("first");
    expect(d.querySelectorAll(".second").length).toBe(0);
    expect(d.querySelector(".plain")!.textContent).toBe("u");
  });

  test("50,000 upper-case attributes on one element are renamed in one pass (a quadratic pass took 15 s)", () => {
    const attrs = Array.from({ length: 50_000 }, (_, i) => ` A${i}="${i}"`).join("");
    const d = doc(`<html><body><div id="host"${attrs} CLASS="big"><p>${STORY}</p></div></body></html>`);
    const host = d.getElementById("host")!;
    expect(host.getAttribute("a49999")).toBe("49999");
    expect(host.className).toBe("big");
    expect(d.querySelector("p")!.textContent).toBe(STORY);
  }, 10_000);

  test("a word of 200,000 capitals is scanned for attribute names in linear time (a quadratic pattern took half a minute)", () => {
    const word = "A".repeat(200_000);
    expect(doc(`<html><body><p> ${word}</p></body></html>`).querySelector("p")!.textContent).toBe(` ${word}`);
  }, 5_000);

  test("microdata written by a React server (itemProp) is read: a thread's posts are found", async () => {
    const post = (author: string, text: string) =>
      `<div itemProp="comment" itemScope itemType="https://schema.org/Comment"><span itemProp="author">${author}</span><div itemProp="text"><p>${text}</p></div></div>`;
    const html = `<html><body><main><div itemScope itemType="https://schema.org/DiscussionForumPosting"><h1 itemProp="headline">Boiler pressure keeps dropping</h1><div itemProp="text"><p>${STORY}</p></div>${post("ann", "I had the same problem with the pump, and replacing the pressure valve fixed it after a week.")}${post("bob", "Check the expansion vessel first: a flat one drops the pressure every night, and it is cheap to recharge.")}${post("cy", "Ours was a leaking radiator valve in the spare room; look under every radiator for a damp patch.")}</div></main></body></html>`;
    const article = (await htmlToArticle(html, { url: URL_ }))!;
    expect(article.pageType).toBe("forum");
    for (const text of ["replacing the pressure valve", "expansion vessel first", "leaking radiator valve"])
      expect(article.markdown).toContain(text);
  });
});

describe("the document's address", () => {
  test("URL and documentURI are the page's address (linkedom alone leaves them undefined)", () => {
    expect(bare("<p>x</p>").URL).toBeUndefined();
    const d = doc("<p>x</p>");
    expect(d.URL).toBe(URL_);
    expect(d.documentURI).toBe(URL_);
  });

  test("relative links come back absolute, against the page's address or its <base>", async () => {
    const body = `<article><p>${STORY} <a href="../other">Another story</a>.</p><p>${STORY}</p><p>${STORY}</p></article>`;
    const plain = (await htmlToArticle(`<html><body>${body}</body></html>`, { url: URL_ }))!.markdown;
    expect(plain).toContain("[Another story](https://example.com/other)");
    const based = (await htmlToArticle(`<html><head><base href="https://cdn.example.org/a/b/"></head><body>${body}</body></html>`, {
      url: URL_,
    }))!.markdown;
    expect(based).toContain("[Another story](https://cdn.example.org/a/other)");
  });

  test("an address that is not absolute is refused, not guessed", () => {
    expect(() => linkedomPage("<p>x</p>", "not a url")).toThrow();
    expect(() => linkedomPage("<p>x</p>", "/relative/path")).toThrow();
  });
});

test("compareDocumentPosition answers by place in the document, not by depth", () => {
  // linkedom alone compared depths: a deeper node "preceded" a shallower one wherever it stood, and two
  // at one depth under different parents each "preceded" the other.
  const d = doc(`<div id="w"><p id="a">a</p></div><section><div><p id="b">b</p></div></section><p id="c">c</p>`);
  const [w, a, b, c] = ["w", "a", "b", "c"].map((id) => d.getElementById(id)!);
  const FOLLOWING = 4;
  const PRECEDING = 2;
  expect(a!.compareDocumentPosition(b!)).toBe(FOLLOWING);
  expect(b!.compareDocumentPosition(a!)).toBe(PRECEDING);
  expect(b!.compareDocumentPosition(c!)).toBe(FOLLOWING);
  expect(c!.compareDocumentPosition(b!)).toBe(PRECEDING);
  expect(w!.compareDocumentPosition(a!)).toBe(16 | FOLLOWING); // contained by
  expect(a!.compareDocumentPosition(w!)).toBe(8 | PRECEDING); // contains
  expect(a!.compareDocumentPosition(a!)).toBe(0);
  expect(a!.compareDocumentPosition(d.createElement("p")) & 1).toBe(1); // disconnected
});

test("each parse is a document of its own: changing one leaves the second parse as the page was", () => {
  const page = linkedomPage(`<html><body><nav>Menu</nav><p>${STORY}</p></body></html>`, URL_);
  page.document.querySelector("nav")!.remove();
  const fresh = page.reparse();
  expect(fresh.querySelector("nav")?.textContent).toBe("Menu");
  expect(fresh.URL).toBe(URL_);
  expect(page.document.querySelector("nav")).toBeNull();
});

test("text split at every character reference is one text node again (a page of 200,000 references)", () => {
  const html = `<html><body><p id="p">${"a&amp;b&lt;".repeat(100_000)}</p></body></html>`;
  expect(bare(html).getElementById("p")!.childNodes.length).toBeGreaterThan(1000); // linkedom alone: one node per piece
  const p = doc(html).getElementById("p")!;
  expect(p.childNodes.length).toBe(1);
  expect(p.textContent!.length).toBe(400_000);
  expect(p.textContent!.startsWith("a&b<a&b<")).toBe(true);
});

test("markup set as innerHTML is one text node per run too (Readability puts the page back that way before a retry)", () => {
  const p = doc('<html><body><p id="p">x</p></body></html>').getElementById("p")!;
  p.innerHTML = `x =&gt; y &lt;b&gt; ${"&lt;".repeat(10_000)}<b>bold</b> after`;
  expect(p.childNodes.length).toBe(3);
  expect(p.firstChild!.textContent).toBe(`x => y <b> ${"<".repeat(10_000)}`);
  expect(p.innerHTML.startsWith("x =&gt; y &lt;b&gt; &lt;")).toBe(true);
});

test("an arrow in a page Readability reads twice is no escaped blockquote marker", async () => {
  // Readability's first try drops the "remark" block as unlikely content, finds too little text, puts
  // the page back as innerHTML and tries again without that rule.
  const steps = Array.from({ length: 40 }, (_, i) => `Step ${i} of the chain reads one more name.`).join(" ");
  const html = `<html><body><div class="remark"><h1>Scopes</h1><p>The chain is <code>inside</code> =&gt; <code>outside</code> =&gt; global. ${steps}</p></div></body></html>`;
  const article = await htmlToArticle(html, { url: "https://example.com/" });
  expect(article?.markdown).toContain("`inside` => `outside` => global.");
});

describe("linkedom's name lookups, made cheap, answer as before", () => {
  const page = () =>
    linkedomPage(
      '<p class="lead  intro\tlead">a</p><div class="card wide"><P>b</P><span class="">c</span><svg><circle/></svg></div>',
      "https://example.com/",
    ).document;

  test("getElementsByTagName matches lower-case and all-capital names, in document order, and nothing for * or mixed case", () => {
    const doc = page();
    expect(Array.from(doc.getElementsByTagName("p"), (p) => p.textContent)).toEqual(["a", "b"]);
    expect(doc.body.getElementsByTagName("P").length).toBe(2);
    expect(Array.from(doc.querySelector("div")?.getElementsByTagName("p") ?? [], (p) => p.textContent)).toEqual(["b"]);
    expect(doc.getElementsByTagName("circle").length).toBe(1);
    expect(doc.getElementsByTagName("Div").length).toBe(0); // as linkedom answered
    expect(doc.getElementsByTagName("*").length).toBe(0); // as linkedom answered (dom-walk.ts walks instead)
    expect(doc.querySelector("span")?.getElementsByTagName("span").length).toBe(0); // not the element itself
    // the quick lookup builds a plain array, not linkedom's slower NodeList
    expect(Object.getPrototypeOf(doc.getElementsByTagName("p"))).toBe(Array.prototype);
  });

  test("nodeName and tagName are the upper-cased local name", () => {
    const doc = page();
    expect(doc.querySelector("div")?.nodeName).toBe("DIV");
    expect(doc.querySelector("circle")?.tagName).toBe("CIRCLE");
    expect(doc.createElement("my-widget").nodeName).toBe("MY-WIDGET");
    expect(doc.body.firstChild?.firstChild?.nodeName).toBe("#text");
  });

  test("className keeps linkedom's form: distinct tokens joined by one space, read from the attribute", () => {
    const doc = page();
    const p = doc.querySelector("p") as Element;
    expect(p.className).toBe("lead intro");
    expect(p.getAttribute("class")).toBe("lead intro");
    expect(doc.querySelector("div")?.className).toBe("card wide");
    expect(doc.querySelector("span")?.className).toBe("");
    p.className = "x  y";
    expect(p.className).toBe("x y");
    p.classList.add("z");
    expect(p.className).toBe("x y z");
    const made = doc.createElement("div");
    made.className = "a  a b";
    expect([made.className, made.getAttribute("class")]).toEqual(["a b", "a b"]);
    p.setAttribute("class", "q");
    expect(p.className).toBe("q");
    expect(p.classList.contains("q")).toBe(true);
  });

  test("className read again after its attribute's value changed behind it is tidied anew", () => {
    const doc = page();
    const div = doc.querySelector("div") as Element;
    expect(div.className).toBe("card wide"); // read once: found in className's form
    const attribute = div.getAttributeNode("class") as Attr;
    attribute.value = "card  card\twide ";
    expect([div.className, div.getAttribute("class")]).toEqual(["card wide", "card wide"]);
    attribute.value = "card wide";
    expect(div.className).toBe("card wide");
    attribute.value = "";
    expect(div.className).toBe("");
  });

  test("tidyClass answers as linkedom's token set joined by one space, on every white space and repeat", () => {
    // what linkedom's className gave: the class list's distinct tokens, split at white space
    const reference = (raw: string) => [...new Set(raw.split(/\s+/).filter(Boolean))].join(" ");
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      for (const raw of [`a${ch}b`, `${ch}a`, `a${ch}`, ch, `a ${ch} a`]) expect(tidyClass(raw)).toBe(reference(raw));
    }
    const cases = ["", " ", "a", "a b", "a  b", " a b", "a b ", "a b a", "a\tb", "a\u00a0b", "a\u3000b", "a\ufeff"];
    cases.push(Array.from({ length: 13 }, (_, i) => `t${i}`).join(" "), `${Array.from({ length: 13 }, (_, i) => `t${i}`).join(" ")} t0`);
    for (const raw of cases) expect(tidyClass(raw)).toBe(reference(raw));
  });
});

describe("linkedom's nodes, made without a listener map each, still take listeners", () => {
  test("a listener hears events at its node and bubbling up to the window (as linkedom alone answers); once, removal and stopping hold", () => {
    const doc = linkedomPage('<div id="outer"><p id="inner">text</p></div>', "https://example.com/").document;
    const win = doc.defaultView!;
    const inner = doc.getElementById("inner")!;
    const outer = doc.getElementById("outer")!;
    const heard: string[] = [];
    const onInner = (e: Event) => heard.push(`inner ${e.type} ${e.eventPhase} ${(e.currentTarget as Element).id}`);
    inner.addEventListener("ping", onInner);
    inner.addEventListener("ping", () => heard.push("inner once"), { once: true });
    outer.addEventListener("ping", (e) => heard.push(`outer ${e.eventPhase} ${(e.target as Element).id}`));
    doc.addEventListener("ping", () => heard.push("document"));
    win.addEventListener("ping", () => heard.push("window"));
    inner.dispatchEvent(new win.Event("ping", { bubbles: true }));
    inner.dispatchEvent(new win.Event("ping"));
    inner.removeEventListener("ping", onInner);
    inner.dispatchEvent(new win.Event("ping"));
    outer.addEventListener("stop", (e) => e.stopImmediatePropagation());
    outer.addEventListener("stop", () => heard.push("not heard"));
    outer.dispatchEvent(new win.Event("stop"));
    expect(heard).toEqual(["inner ping 2 inner", "inner once", "outer 3 inner", "document", "window", "inner ping 2 inner"]);
    expect(inner).toBeInstanceOf(win.EventTarget);
  });
});

describe("selectors of element names alone, answered without css-select, answer as css-select does", () => {
  const html =
    '<div><h1>T</h1><P>a</P><template><p>inside</p></template><svg><clipPath id="c"></clipPath></svg><ul><li><a href="/x"><span>s</span></a></li></ul><p>b</p></div>';
  // `:is(…)` sends the same selector to linkedom's css-select.
  const pairs = ["p", "h1,p", "SPAN,LI,UL", "ul, ol", "clippath", "clipPath", "*", "object,embed,iframe"];

  test("querySelectorAll and querySelector: the same elements in the same order, a template's content skipped", () => {
    const d = linkedomPage(html, "https://example.com/").document;
    for (const root of [d, d.body, d.querySelector("div")!]) {
      for (const selector of pairs) {
        expect(Array.from(root.querySelectorAll(selector))).toEqual(Array.from(root.querySelectorAll(`:is(${selector})`)));
        expect(root.querySelector(selector)).toBe(root.querySelector(`:is(${selector})`));
      }
    }
    expect(Array.from(d.querySelectorAll("p"), (p) => p.textContent)).toEqual(["a", "b"]);
    // answered here, not by linkedom: a plain array, not linkedom's NodeList
    expect(Object.getPrototypeOf(d.querySelectorAll("p"))).toBe(Array.prototype);
    expect(Object.getPrototypeOf(d.body.querySelectorAll("h1,p"))).toBe(Array.prototype);
  });

  test("closest and matches: the element itself or its nearest ancestor of those names", () => {
    const d = linkedomPage(html, "https://example.com/").document;
    const span = d.querySelector("span")!;
    for (const selector of ["a", "li,ul", "DIV", "p", "*"]) {
      expect(span.closest(selector)).toBe(span.closest(`:is(${selector})`));
      expect(span.matches(selector)).toBe(span.matches(`:is(${selector})`));
    }
    expect(span.closest("a")?.getAttribute("href")).toBe("/x");
    expect(span.closest("p")).toBeNull();
  });

  test("in an XML document names keep their case, as css-select keeps them there", () => {
    const xml = new (parseHTML("").window as unknown as { DOMParser: typeof DOMParser }).DOMParser().parseFromString(
      "<root><Item>a</Item><item>b</item></root>",
      "text/xml",
    );
    expect(Array.from(xml.querySelectorAll("Item"), (e) => e.textContent)).toEqual(["a"]);
    expect(Array.from(xml.querySelectorAll("item"), (e) => e.textContent)).toEqual(["b"]);
  });
});
