import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { mendHtml } from "../../src/extract/mend-html.ts";
import { cleanBylineText, extractMetadata, jsonLdNodes, lenientJson, normalizeLang, stripTitleSuffix } from "../../src/extract/metadata.ts";
import { toIsoDate } from "../../src/extract/page-date.ts";

function metadataOf(head: string, body = "", input: { url?: string; contentLanguage?: string | null } = {}) {
  const url = input.url ?? "https://www.example-news.com/2019/11/story.html";
  const document = linkedomPage(`<!DOCTYPE html><html>${head}<body>${body}</body></html>`, url).document;
  return extractMetadata(document, { url, contentLanguage: input.contentLanguage ?? null });
}

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("title", () => {
  test("og:title is preferred, and the site suffix goes", () => {
    const m = metadataOf(
      `<head><title>Other | Example News</title><meta property="og:title" content="Storm hits coast | Example News"><meta property="og:site_name" content="Example News"></head>`,
    );
    expect(m.title).toBe("Storm hits coast");
  });

  test("<title> without a ' - Site' suffix that matches the host name", () => {
    expect(metadataOf(`<head><title>Storm hits the coast - Example-News.com</title></head>`).title).toBe("Storm hits the coast");
  });

  test("a site prefix goes too", () => {
    expect(metadataOf(`<head><title>Example News » Storm hits the coast</title></head>`).title).toBe("Storm hits the coast");
  });

  test("the page's one <h1> over a stated title that shortens it or keeps the site's name", () => {
    const page = (title: string, h1: string, more = "") =>
      metadataOf(
        `<head><meta property="og:title" content="${title}"><meta property="og:site_name" content="Angel Magazin"></head>`,
        `<h1>${h1}</h1>${more}`,
      ).title;
    expect(page("Können Fische Schmerzen spüren?", "Können Fische Schmerzen spüren / empfinden?")).toBe(
      "Können Fische Schmerzen spüren / empfinden?",
    );
    expect(page("Olive Bread", "Oven-baked Italian Olive and Herb Focaccia Bread")).toBe(
      "Oven-baked Italian Olive and Herb Focaccia Bread",
    );
    // A headline holding the whole stated title adds a kicker; a headline naming the site is its logo; a short
    // headline sharing few words is a section's name; two <h1>s say nothing of which is the story's.
    expect(page("Große Aufgaben für die neue Regierung", "Tunesien Große Aufgaben für die neue Regierung")).toBe(
      "Große Aufgaben für die neue Regierung",
    );
    expect(page("Storm hits the coast", "Angel Magazin")).toBe("Storm hits the coast");
    expect(page("Storm hits the coast", "News")).toBe("Storm hits the coast");
    expect(page("Storm hits the coast", "Storm hits the coast today, says the weather service", "<h1>Other</h1>")).toBe(
      "Storm hits the coast",
    );
    const url = "https://www.example-news.com/2019/11/story.html";
    const document = linkedomPage(
      `<html><head><title>Olive Bread</title></head><body><h1>Oven-baked Italian Olive and Herb Focaccia Bread</h1></body></html>`,
      url,
    ).document;
    expect(extractMetadata(document, { url }, { headlineTitle: false }).title).toBe("Olive Bread");
  });

  test("a headline saying the stated title's words is the title as the page writes it: its quotes, dashes and case", () => {
    const page = (title: string, h1: string) =>
      metadataOf(`<head><meta property="og:title" content='${title}'></head>`, `<h1>${h1}</h1>`).title;
    expect(page(`"Arschloch": Danni und Ennesto trennen sich`, "„Arschloch“: Danni und Ennesto trennen sich")).toBe(
      "„Arschloch“: Danni und Ennesto trennen sich",
    );
    expect(page("Signa in Sorge - Finanzdaten", "Signa in Sorge – Finanzdaten")).toBe("Signa in Sorge – Finanzdaten");
    expect(page("Transformationslabor Ernährung", "TRANSFORMATIONSLABOR ERNÄHRUNG")).toBe("TRANSFORMATIONSLABOR ERNÄHRUNG");
  });

  describe("a kicker set in the headline's element is not the title (headline-kickers)", () => {
    const page = (title: string, h1: string) =>
      metadataOf(`<head><meta property="og:title" content="${title}"></head>`, `<h1>${h1}</h1><p>Text.</p>`).title;
    test("<small> or a class naming a kicker, a wrapper around both, a separator after the kicker", () => {
      expect(page("Rene Benko-Firma Signa in Sorge", `<span class="roofline">Immobilienkrise </span>Rene Benko-Firma Signa in Sorge`)).toBe(
        "Rene Benko-Firma Signa in Sorge",
      );
      expect(
        page(
          "Einheit der Woche | Lagen-Pyramide mit GA2",
          `<span class="post-title"><small>Einheit der Woche</small><br>Lagen-Pyramide mit GA2</span>`,
        ),
      ).toBe("Lagen-Pyramide mit GA2");
      expect(page("Wurmkiste", `<span class="article-header__roofline">Wurmkiste</span> Wurmkiste selber bauen`)).toBe(
        "Wurmkiste selber bauen",
      );
      expect(
        page(
          "Patch Notes - Patchnotes 4.47.4",
          `<a href="/t/1"><span class="label label--blue">Patch Notes</span><span>&#160;</span>Patchnotes 4.47.4</a>`,
        ),
      ).toBe("Patchnotes 4.47.4");
      expect(page("Bohren, bis es heiß wird", `<span class="kicker">Klimaschutz</span>: Bohren, bis es heiß wird`)).toBe(
        "Bohren, bis es heiß wird",
      );
    });
    test("not a styled first word, not text before the element, not a long first part, not a lone kicker", () => {
      expect(page("Growing lemons from seed", `<span class="highlight">How</span> to grow lemons from seed`)).toBe(
        "How to grow lemons from seed",
      );
      expect(page("Storm: coast hit hard", `Storm: <span class="kicker">coast</span> hit hard`)).toBe("Storm: coast hit hard");
      expect(page("Storm hits the coast", `<small>One two three four five six seven</small> Storm hits the coast`)).toBe(
        "Storm hits the coast",
      );
      expect(page("Wurmkiste", `<small>Wurmkiste</small> bauen`)).toBe("Wurmkiste");
      const url = "https://www.example-news.com/2019/11/story.html";
      const document = linkedomPage(
        `<html><head><meta property="og:title" content="Wurmkiste"></head><body><h1><small>Wurmkiste</small> Wurmkiste selber bauen</h1></body></html>`,
        url,
      ).document;
      expect(extractMetadata(document, { url }, { headlineKickers: false }).title).toBe("Wurmkiste");
    });
  });

  test("falls back to the first <h1>", () => {
    expect(metadataOf(`<head></head>`, `<h1>  Heading\n one </h1><h1>two</h1>`).title).toBe("Heading one");
  });

  test("JSON-LD headline is used before <title>", () => {
    expect(
      metadataOf(
        `<head><title>Page</title>${ld({ "@context": "https://schema.org", "@type": "NewsArticle", headline: "LD headline" })}</head>`,
      ).title,
    ).toBe("LD headline");
  });
});

describe("stripTitleSuffix", () => {
  const cases: [string, Parameters<typeof stripTitleSuffix>[1], string][] = [
    ["Storm hits coast | Example News", { siteName: "Example News" }, "Storm hits coast"],
    ["Storm hits coast | Politics | The Paper", { siteName: "The Paper" }, "Storm hits coast | Politics"],
    ["Storm hits coast | Politics | The Paper", { headings: ["Storm hits coast"] }, "Storm hits coast"],
    ["Spider-Man: Far From Home - review", {}, "Spider-Man: Far From Home - review"],
    ["The long read: why cities flood | Weekly", {}, "The long read: why cities flood"],
    ["Why cities flood - The Verge", { url: "https://www.theverge.com/x" }, "Why cities flood"],
    ["NYT - Why cities flood", { url: "https://nyt.com/x" }, "Why cities flood"],
    ["Only | Site", {}, "Only | Site"],
  ];
  for (const [title, context, expected] of cases) {
    test(`${JSON.stringify(title)} → ${JSON.stringify(expected)}`, () => expect(stripTitleSuffix(title, context)).toBe(expected));
  }
});

describe("byline", () => {
  test("several <meta name=author> are joined", () => {
    expect(metadataOf(`<head><meta name="author" content="Ann Lee"><meta name="author" content="Bo Chan"></head>`).byline).toBe(
      "Ann Lee, Bo Chan",
    );
  });

  test("JSON-LD authors, by @id reference into the @graph, joined with ', '", () => {
    const graph = {
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "Person", "@id": "#ann", name: "Ann Lee" },
        { "@type": "NewsArticle", headline: "H", author: [{ "@id": "#ann" }, { "@type": "Person", name: "Bo Chan" }, "Cy Diaz"] },
      ],
    };
    expect(metadataOf(`<head>${ld(graph)}</head>`).byline).toBe("Ann Lee, Bo Chan, Cy Diaz");
  });

  test("JSON-LD wins when it names more people than the meta tag", () => {
    const article = { "@context": "https://schema.org", "@type": "Article", author: [{ name: "Ann Lee" }, { name: "Bo Chan" }] };
    expect(metadataOf(`<head><meta name="author" content="Ann Lee">${ld(article)}</head>`).byline).toBe("Ann Lee, Bo Chan");
  });

  test("profile URLs and 'By' prefixes are not names", () => {
    expect(
      metadataOf(
        `<head><meta property="article:author" content="https://facebook.com/ann"><meta name="author" content="By Ann Lee"></head>`,
      ).byline,
    ).toBe("Ann Lee");
  });

  test("where the metadata names no one, or names the site, the byline the page marks", () => {
    const url = "https://www.finanztreff.de/news/story";
    const of = (head: string, body: string) => metadataOf(`<head>${head}</head>`, body, { url }).byline;
    const hcard = `<span class="byline"> von <span class="author vcard"><a class="url fn n" href="/author/heiko/">Heiko</a></span></span>`;
    expect(of("", hcard)).toBe("Heiko");
    expect(of(`<meta name="author" content="finanztreff.de">`, hcard)).toBe("Heiko");
    expect(of(`<meta name="author" content="Jane Roe">`, hcard)).toBe("Jane Roe");
    // An organization the JSON-LD names as author gives way to the page's byline, and stays where there is none.
    const org = ld({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      author: { "@type": "Organization", name: "Campo Grande News" },
    });
    expect(of(org, `<p class="post-author">Por Adriano Fernandes</p>`)).toBe("Adriano Fernandes");
    expect(of(org, "<p>Text</p>")).toBe("Campo Grande News");
    const document = linkedomPage(`<html><body>${hcard}</body></html>`, url).document;
    expect(extractMetadata(document, { url }, { visibleByline: false }).byline).toBeNull();
  });

  test("the holder of the page's copyright and the site's staff are the site's: a later key or the printed byline names the writer", () => {
    const of = (head: string, body = "") => metadataOf(`<head>${head}</head>`, body).byline;
    const conde = `<meta name="author" content="Condé Nast"><meta name="copyright" content="Copyright (c) Condé Nast 2022">`;
    expect(of(`${conde}<meta property="article:author" content="Emma Grey Ellis">`)).toBe("Emma Grey Ellis");
    expect(of(`${conde}<meta property="og:article:author" content="Cécile Ducourtieux">`)).toBe("Cécile Ducourtieux");
    expect(of(conde, `<p class="byline">By Alex Hutchinson</p>`)).toBe("Alex Hutchinson");
    // Named by nothing else, the publisher stays the answer.
    expect(of(conde)).toBe("Condé Nast");
    const staff = `<meta property="og:site_name" content="Us Weekly"><meta name="author" content="Us Weekly Staff">`;
    expect(of(staff, `<div class="author-name">By Megan French</div>`)).toBe("Megan French");
    expect(of(staff)).toBe("Us Weekly Staff");
    // A writer whose name the copyright line does not hold, or who holds it on their own blog, stays.
    expect(of(`<meta name="author" content="Jane Roe"><meta name="copyright" content="© Example Media">`)).toBe("Jane Roe");
    expect(of(`<meta name="author" content="Jane Roe"><meta name="copyright" content="© 2024 Jane Roe">`)).toBe("Jane Roe");
    // A company among the names of one key gives way to the person; a company alone to the printed byline.
    expect(of(`<meta name="author" content="mediagene Inc."><meta name="author" content="小暮ひさのり">`)).toBe("小暮ひさのり");
    expect(of(`<meta name="author" content="Example Media GmbH">`, `<p class="byline">By Jane Roe</p>`)).toBe("Jane Roe");
    expect(of(`<meta name="author" content="Example Media GmbH">`)).toBe("Example Media GmbH");
    // A template's empty value printed as text names no one: the printed byline does.
    expect(of(`<meta name="author" content="null">`, `<p class="byline">Por Rodolfo Costa</p>`)).toBe("Rodolfo Costa");
    expect(of(`<meta name="author" content="undefined">`)).toBeNull();
    // Left out by name (rule rights-holders), the publisher is the author again.
    const url = "https://www.example-news.com/2019/11/story.html";
    const document = linkedomPage(
      `<html><head>${conde}<meta property="article:author" content="Emma Grey Ellis"></head><body></body></html>`,
      url,
    ).document;
    expect(extractMetadata(document, { url }, { rightsHolders: false }).byline).toBe("Condé Nast");
  });

  test("an author named by an account's login gives way to the byline the page prints (login-bylines)", () => {
    const url = "https://motor.example.at/test/4017556";
    const of = (author: string, body: string) => metadataOf(`<head><meta name="author" content="${author}"></head>`, body, { url }).byline;
    const printed = `<span class="author vcard"><a class="url fn n" href="/author/ma/">Michael Andrusio</a></span>`;
    for (const login of [
      "michael.andrusio",
      "sarah-indra",
      "site_editor",
      "wordpressadmin",
      "admin",
      "administrator",
      "cipha[at]cipha.net",
      "ma@example.at",
    ]) {
      expect(of(login, printed)).toBe("Michael Andrusio");
    }
    // Where the page prints no byline, the login is all there is.
    expect(of("michael.andrusio", "<p>Text</p>")).toBe("michael.andrusio");
    // A name, a pen name or one word is not a login.
    for (const name of ["Michael Andrusio", "happyface313", "MatsWichmann", "Jean-Luc Picard", "J. R. Hartley", "badminton"]) {
      expect(of(name, printed)).toBe(name);
    }
    const document = linkedomPage(`<html><head><meta name="author" content="admin"></head><body>${printed}</body></html>`, url).document;
    expect(extractMetadata(document, { url }, { loginBylines: false }).byline).toBe("admin");
  });

  test("on a page with no article node, the author its WebPage node names (page-authors)", () => {
    const url = "https://diem.example.org/green-deal/";
    const graph = (page: Record<string, unknown>) =>
      ld({
        "@context": "https://schema.org",
        "@graph": [
          { "@type": "WebSite", "@id": "https://diem.example.org/#website", name: "DiEM" },
          { "@id": `${url}#webpage`, url, name: "The Green Deal", ...page },
          { "@type": "Person", "@id": "https://diem.example.org/#/person/1", name: "Giovanni Gaggero" },
          { "@type": "Organization", "@id": "https://diem.example.org/#org", name: "DiEM" },
        ],
      });
    const of = (page: Record<string, unknown>, options = {}) => {
      const document = linkedomPage(`<html><head>${graph(page)}</head><body><p>Text</p></body></html>`, url).document;
      return extractMetadata(document, { url }, options).byline;
    };
    const person = { author: { "@id": "https://diem.example.org/#/person/1" } };
    expect(of({ "@type": "WebPage", ...person })).toBe("Giovanni Gaggero");
    expect(of({ "@type": ["WebPage", "ItemPage"], ...person })).toBe("Giovanni Gaggero");
    // A WebSite node or a node of no page type names no page's author; left out, the rule reads none.
    expect(of({ "@type": "WebSite", ...person })).toBeNull();
    expect(of({ "@type": "WebPage", ...person }, { pageAuthors: false })).toBeNull();
    // The site named as the page's author is the last resort, as an article's organization is.
    expect(of({ "@type": "WebPage", author: { "@id": "https://diem.example.org/#org" } })).toBe("DiEM");
  });

  test("with no author meta, the author a Twitter card labels as the writer (page-authors)", () => {
    const card = (label: string, data: string) =>
      `<head><meta name="twitter:label1" content="Geschätzte Lesezeit"><meta name="twitter:data1" content="3 Minuten">` +
      `<meta name="twitter:label2" content="${label}"><meta name="twitter:data2" content="${data}"></head>`;
    for (const label of ["Written by", "Verfasst von", "Écrit par", "Escrito por"])
      expect(metadataOf(card(label, "Karoline Herr")).byline).toBe("Karoline Herr");
    // Another label's data is no author; an author meta comes first.
    expect(metadataOf(card("Est. reading time", "4 minutes")).byline).toBeNull();
    expect(metadataOf(card("Written by", "Karoline Herr").replace("<head>", '<head><meta name="author" content="Ann Lee">')).byline).toBe(
      "Ann Lee",
    );
    const url = "https://www.example-news.com/2019/11/story.html";
    const document = linkedomPage(`<html>${card("Written by", "Karoline Herr")}<body></body></html>`, url).document;
    expect(extractMetadata(document, { url }, { pageAuthors: false }).byline).toBeNull();
  });

  test("Readability's byline, cleaned: its label and a date after it go, and figures alone name no one", () => {
    expect(cleanBylineText("By Ann Lee, ")).toBe("Ann Lee");
    expect(cleanBylineText("09.10.2021")).toBeNull();
    expect(cleanBylineText(" 12 | 4 ")).toBeNull();
    expect(cleanBylineText("R2D2")).toBe("R2D2");
  });

  test("no author anywhere: null", () => {
    expect(metadataOf(`<head><title>x</title></head>`).byline).toBeNull();
  });
});

describe("siteName, excerpt", () => {
  test("og:site_name first, then the JSON-LD publisher", () => {
    const article = { "@context": "https://schema.org", "@type": "NewsArticle", publisher: { "@type": "Organization", name: "LD Pub" } };
    expect(metadataOf(`<head><meta property="og:site_name" content="OG Site">${ld(article)}</head>`).siteName).toBe("OG Site");
    expect(metadataOf(`<head>${ld(article)}</head>`).siteName).toBe("LD Pub");
  });

  test("og:description before the meta description, then Twitter's and JSON-LD's", () => {
    const og = `<meta property="og:description" content="  The page's   summary. ">`;
    const plain = `<meta name="description" content="The plain description.">`;
    const twitter = `<meta name="twitter:description" content="Twitter's.">`;
    expect(metadataOf(`<head>${plain}${og}</head>`).excerpt).toBe("The page's summary.");
    expect(metadataOf(`<head>${twitter}${plain}</head>`).excerpt).toBe("The plain description.");
    expect(metadataOf(`<head>${twitter}${ld({ "@type": "BlogPosting", description: "LD's." })}</head>`).excerpt).toBe("Twitter's.");
    expect(metadataOf(`<head>${ld({ "@type": "BlogPosting", description: "LD's." })}</head>`).excerpt).toBe("LD's.");
  });

  describe("a description that only names the site is passed over (site-descriptions)", () => {
    const site = `<meta property="og:site_name" content="Raptastisch">`;
    const url = "https://raptastisch.net/2023/11/06/story/";
    test("the site's name, its host, or a short 'Site - tagline': the next description is the page's", () => {
      for (const named of [
        "Raptastisch",
        "raptastisch.net",
        "Raptastisch - das Magazin für Deutschrap",
        "Deutschrap-Magazin | Raptastisch",
      ]) {
        const head = `<head>${site}<meta property="og:description" content="${named}"><meta name="description" content="Bushido antwortet auf einen Seitenhieb."></head>`;
        expect(metadataOf(head, "", { url }).excerpt).toBe("Bushido antwortet auf einen Seitenhieb.");
      }
      // Nothing else: the first paragraph is read (html-to-article.ts), so the excerpt is null here.
      expect(metadataOf(`<head>${site}<meta name="description" content="Raptastisch"></head>`, "", { url }).excerpt).toBeNull();
    });
    test("a summary that names the site among more words, or a longer line after it, is the page's", () => {
      for (const kept of [
        "Raptastisch fragt Bushido nach dem Seitenhieb",
        "Raptastisch - Bushido antwortet auf den Seitenhieb von Azad und erklärt, warum er schwieg",
        "Bushido - Seitenhieb",
      ]) {
        const head = `<head>${site}<meta property="og:description" content="${kept}"><meta name="description" content="Other."></head>`;
        expect(metadataOf(head, "", { url }).excerpt).toBe(kept);
      }
    });
  });

  test("JSON-LD with raw newlines inside strings (a common defect) still parses", () => {
    const broken = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","description":"line one\nline two"}</script>`;
    expect(metadataOf(`<head>${broken}</head>`).excerpt).toBe("line one line two");
  });

  test("JSON-LD with comments, a comma before a closing bracket or a semicolon after it parses; strings stay as written", () => {
    const json = `{"@context":"https://schema.org", // the vocabulary
      "@type":"BlogPosting", /* set by the theme */ "description":"See https://e.com/a // b, [c,]",
      "keywords":["x","y",],
    };`;
    expect(metadataOf(`<head><script type="application/ld+json">${json}</script></head>`).excerpt).toBe("See https://e.com/a // b, [c,]");
    expect(lenientJson('{"a":"unterminated')).toBe('{"a":"unterminated');
  });

  test("a JSON-LD script built to make the lenient pass rescan is read in one pass", () => {
    // Commas before long runs of spaces, opened comments and strings: each is scanned once.
    for (const hostile of [
      `{${", ".repeat(50_000)}`,
      `[${"/*".repeat(50_000)}`,
      `{"a":"${"\\".repeat(100_000)}`,
      `{${`,${" ".repeat(200)}`.repeat(2_000)}]`,
    ])
      expect(metadataOf(`<head><script type="application/ld+json">${hostile}</script><title>T</title></head>`).title).toBe("T");
  }, 5_000);

  test("JSON-LD inside a CDATA section, bare or in comments, parses; a stray marker inside the JSON stays", () => {
    const json = `{"@context":"https://schema.org","@type":"BlogPosting","description":"Kept ]]> as written"}`;
    for (const [open, close] of [
      ["<![CDATA[", "]]>"],
      ["//<![CDATA[\n", "\n//]]>"],
      ["\n/*<![CDATA[*/\n", "\n/*]]>*/\n"],
      ["/* <![CDATA[ */", "/* ]]> */"],
    ]) {
      const head = `<head><script type="application/ld+json">${open}${json}${close}</script></head>`;
      expect(metadataOf(head).excerpt).toBe("Kept ]]> as written");
      // As extraction parses it: mend-html.ts writes the script's "<" as "\u003c" first.
      const mended = linkedomPage(mendHtml(`<html>${head}<body><p>x</p></body></html>`), "https://e.com/").document;
      expect(extractMetadata(mended, { url: "https://e.com/", contentLanguage: null }).excerpt).toBe("Kept ]]> as written");
    }
  });
});

describe("articleBody", () => {
  test("the JSON-LD article's articleBody, else null", () => {
    const article = { "@context": "https://schema.org", "@type": "ReportageNewsArticle", articleBody: " Line one.\n\nLine two. " };
    expect(metadataOf(`<head>${ld(article)}</head>`).articleBody).toBe("Line one.\n\nLine two.");
    expect(metadataOf(`<head>${ld({ "@type": "WebPage", articleBody: "x" })}</head>`).articleBody).toBeNull();
  });
});

describe("lang", () => {
  test("<html lang> first", () => {
    const document = linkedomPage(
      `<html lang="pt_br"><head><meta http-equiv="content-language" content="en"></head><body></body></html>`,
      "https://e.com/",
    ).document;
    expect(extractMetadata(document, { url: "https://e.com/", contentLanguage: "de" }).lang).toBe("pt-BR");
  });

  test("then the Content-Language header", () => {
    expect(metadataOf(`<head></head>`, "", { contentLanguage: "de-DE, en" }).lang).toBe("de-DE");
  });

  test("nothing usable: null", () => {
    expect(metadataOf(`<head></head>`, "", { contentLanguage: "not a language!" }).lang).toBeNull();
  });

  test("normalizeLang", () => {
    expect(normalizeLang("EN-us")).toBe("en-US");
    expect(normalizeLang("zh-hant-tw")).toBe("zh-Hant-TW");
    expect(normalizeLang("")).toBeNull();
  });
});

describe("publishedTime", () => {
  test("article:published_time as ISO 8601 with the offset the page states, so its date is the page's own", () => {
    expect(metadataOf(`<head><meta property="article:published_time" content="2019-11-19T21:03:00-05:00"></head>`).publishedTime).toBe(
      "2019-11-19T21:03:00-05:00",
    );
    expect(metadataOf(`<head><meta property="article:published_time" content="2019-11-19T07:03:00+0530"></head>`).publishedTime).toBe(
      "2019-11-19T07:03:00+05:30",
    );
    expect(metadataOf(`<head><meta property="article:published_time" content="2019-11-19T07:03Z"></head>`).publishedTime).toBe(
      "2019-11-19T07:03:00Z",
    );
    expect(metadataOf(`<head><meta property="article:published_time" content="2019-11-19T07:03:00+00:00"></head>`).publishedTime).toBe(
      "2019-11-19T07:03:00Z",
    );
  });

  test("JSON-LD datePublished next", () => {
    expect(
      metadataOf(`<head>${ld({ "@context": "https://schema.org", "@type": "NewsArticle", datePublished: "2019-11-18" })}</head>`)
        .publishedTime,
    ).toBe("2019-11-18");
  });

  test("then <time datetime>, preferring itemprop=datePublished", () => {
    expect(
      metadataOf(
        `<head></head>`,
        `<time datetime="2001-01-01">x</time><time itemprop="datePublished" datetime="2019-11-17T10:00:00Z">y</time>`,
      ).publishedTime,
    ).toBe("2019-11-17T10:00:00Z");
  });

  test("where the metadata states none: another JSON-LD node, microdata and hAtom, the address, a date-named element", () => {
    const url = "https://blog.example/notes/story";
    const of = (head: string, body: string, at = url) => metadataOf(`<head>${head}</head>`, body, { url: at }).publishedTime;
    expect(of(ld({ "@context": "https://schema.org", "@type": "WebPage", datePublished: "2018-06-07T10:13:17+00:00" }), "")).toBe(
      "2018-06-07T10:13:17Z",
    );
    expect(of("", `<div itemprop="datePublished">20.06.2019 11:43</div>`)).toBe("2019-06-20");
    expect(of("", `<abbr class="published" title="2017-07-23T17:06:45+0000">23. Juli</abbr>`)).toBe("2017-07-23T17:06:45Z");
    expect(of("", "<p>No date here.</p>", "https://blog.example/2019/10/24/story/")).toBe("2019-10-24");
    expect(of("", `<span class="entry-date">26/10/2018</span>`)).toBe("2018-10-26");
    expect(of("", `<span class="post-date">Posted on 23. Juli 2019</span>`)).toBe("2019-07-23");
    // A comment's date, a long teaser that mentions a date, a date-named element with no date: none.
    expect(of("", `<div class="comments"><span class="date">01.02.2020</span></div>`)).toBeNull();
    expect(
      of("", `<p class="date-teaser">${"The festival that opened on 01.02.2020 drew crowds from the whole region, ".repeat(2)}</p>`),
    ).toBeNull();
    expect(of("", `<span class="reading-time">5 min</span>`)).toBeNull();
    // A name written in camelCase ends in the word ("itemPostDate", "newsDate"); not one that only holds it.
    expect(of("", `<span class="itemPostDate">am 25.08.2015 22:30</span>`)).toBe("2015-08-25");
    expect(of("", `<span class="newsDate">27.02.2020</span>`)).toBe("2020-02-27");
    expect(of("", `<span class="dateWidget">27.02.2020</span><span class="updatedCount">27.02.2020</span>`)).toBeNull();
    expect(of("", `<span class="readingTimeLabel">5 min</span>`)).toBeNull();
    // An RDFa property naming the date, by its content; a property of another name, or with no content, is no date.
    expect(of("", `<span property="schema:dateCreated" content="2020-04-21T14:40:07+00:00" class="hidden"></span>`)).toBe(
      "2020-04-21T14:40:07Z",
    );
    expect(of("", `<span property="dc:date" datatype="xsd:dateTime" content="2019-02-08T00:00:00+01:00">8 février 2019</span>`)).toBe(
      "2019-02-08T00:00:00+01:00",
    );
    expect(of("", `<span property="schema:dateModifiedBy" content="2020-04-21"></span><span property="dc:date">soon</span>`)).toBeNull();
    // With the rule left out, only a <time> is read beyond the metadata.
    const document = linkedomPage(`<html><body><span class="entry-date">26/10/2018</span></body></html>`, url).document;
    expect(extractMetadata(document, { url }, { pageDates: false }).publishedTime).toBeNull();
  });

  describe("a day stored as Central Europe's midnight and written in UTC (local-midnights)", () => {
    const of = (lang: string, stated: string) =>
      metadataOf(`<head><meta property="article:published_time" content="${stated}"></head>`, "", {
        contentLanguage: lang,
      }).publishedTime;

    test("on a page in a language of Central Europe, that midnight with its offset: winter and summer time", () => {
      expect(of("de", "2021-11-04T23:00:00Z")).toBe("2021-11-05T00:00:00+01:00");
      expect(of("de-AT", "2022-07-14T22:00:00.000Z")).toBe("2022-07-15T00:00:00+02:00");
      expect(of("fr-FR", "2022-11-06T23:00:00+00:00")).toBe("2022-11-07T00:00:00+01:00");
      // Summer time starts on the last Sunday of March at 01:00 UTC (27 March 2022).
      expect(of("pl", "2022-03-26T23:00:00Z")).toBe("2022-03-27T00:00:00+01:00");
      expect(of("pl", "2022-03-27T22:00:00Z")).toBe("2022-03-28T00:00:00+02:00");
    });

    test("any other hour, language or offset stays as stated; left out, the instant stays", () => {
      // 23:00 UTC is 1 AM in summer time, 22:00 UTC is 11 PM in winter: no midnight.
      expect(of("de", "2022-07-14T23:00:00Z")).toBe("2022-07-14T23:00:00Z");
      expect(of("de", "2021-11-04T22:00:00Z")).toBe("2021-11-04T22:00:00Z");
      expect(of("de", "2021-11-04T23:00:30Z")).toBe("2021-11-04T23:00:30Z");
      // An American page's 6 PM, and Spanish or French without a European region (spoken elsewhere too).
      expect(of("en-US", "2021-11-04T23:00:00Z")).toBe("2021-11-04T23:00:00Z");
      expect(of("es", "2021-11-04T23:00:00Z")).toBe("2021-11-04T23:00:00Z");
      expect(of("fr-CA", "2021-11-04T23:00:00Z")).toBe("2021-11-04T23:00:00Z");
      // A stated offset is the page's own already.
      expect(of("de", "2021-11-04T23:00:00+01:00")).toBe("2021-11-04T23:00:00+01:00");
      const url = "https://www.example-news.de/story";
      const document = linkedomPage(
        `<html lang="de"><head><meta property="article:published_time" content="2021-11-04T23:00:00Z"></head><body></body></html>`,
        url,
      ).document;
      expect(extractMetadata(document, { url }).publishedTime).toBe("2021-11-05T00:00:00+01:00");
      expect(extractMetadata(document, { url }, { localMidnights: false }).publishedTime).toBe("2021-11-04T23:00:00Z");
    });
  });

  describe("a date line by the page's one headline, whatever its markup is named (headline-dates)", () => {
    const url = "https://press.example.de/meldungen/story";
    const of = (body: string) => metadataOf("<head></head>", body, { url }).publishedTime;
    const story = "<p>The story itself is told in paragraphs that are longer than any date line could be.</p>";
    test("after the headline, or in the kicker's place before it: the date, a time and a short label or place", () => {
      expect(of(`<h1>Headline</h1><p class="meta-info">01.02.2022</p>${story}`)).toBe("2022-02-01");
      expect(of(`<h1>Headline</h1><div><p>Veröffentlicht am 16.08.2019, 10:52 Uhr</p></div>${story}`)).toBe("2019-08-16");
      expect(of(`<h1>Rede</h1><p><span>Lübeck, 31. März 2003</span></p>${story}`)).toBe("2003-03-31");
      expect(of(`<h1>Malaga</h1><p><span>by Ana</span> November 22, 2011</p>${story}`)).toBe("2011-11-22");
      expect(of(`<div><strong>24.01.2022</strong></div><h1>Headline</h1>${story}`)).toBe("2022-01-24");
    });
    test("not a line saying more, not far from the headline, not a comment's, not with two headlines", () => {
      expect(of(`<h1>Headline</h1><p>Das Konzert am 24.01.2022 fällt wegen der Lage aus</p>${story}`)).toBeNull();
      const far = "<p>Paragraph.</p>".repeat(20);
      expect(of(`<h1>Headline</h1>${far}<p>Copyright © 19.12.2019</p>`)).toBeNull();
      expect(of(`<h1>Headline</h1><div class="comments"><p>01.02.2022</p></div>${story}`)).toBeNull();
      expect(of(`<h1>One</h1><p>01.02.2022</p><h1>Two</h1>${story}`)).toBeNull();
      const document = linkedomPage(`<html><body><h1>Headline</h1><p>01.02.2022</p></body></html>`, url).document;
      expect(extractMetadata(document, { url }, { headlineDates: false }).publishedTime).toBeNull();
    });
  });

  describe("a line anywhere opening with a publication's label and a date (labelled-dates)", () => {
    const url = "https://amt.example.de/meldungen/story";
    const of = (body: string) => metadataOf("<head></head>", body, { url }).publishedTime;
    const headlines = "<h1>Amt</h1><h1>Meldung</h1>";
    test("the label and the date after it, in the label's element or its parent's line", () => {
      expect(of(`${headlines}<div class="docData">Datum: 18.10.2021</div>`)).toBe("2021-10-18");
      expect(of(`${headlines}<ul><li><strong>Datum:</strong>26. Januar 2022</li></ul>`)).toBe("2022-01-26");
      expect(of(`${headlines}<p>Published on March 2, 2020 by Ann Lee</p>`)).toBe("2020-03-02");
      expect(of(`${headlines}<div>Veröffentlicht am 3. Mai 2019 - Politik</div>`)).toBe("2019-05-03");
    });
    test("not an update's date, not a date further on in the line, not a comment's, not a long line", () => {
      expect(of(`${headlines}<p>Stand: 27.01.2022</p>`)).toBeNull();
      expect(of(`${headlines}<p>Updated 27.01.2022</p>`)).toBeNull();
      expect(of(`${headlines}<p>Date of the next meeting after 27.01.2022</p>`)).toBeNull();
      expect(of(`${headlines}<div class="comments"><p>Posted on 01.02.2022</p></div>`)).toBeNull();
      expect(of(`${headlines}<p>Posted 01.02.2022 ${"and a long story told after it, ".repeat(4)}</p>`)).toBeNull();
      const document = linkedomPage(`<html><body>${headlines}<p>Datum: 18.10.2021</p></body></html>`, url).document;
      expect(extractMetadata(document, { url }, { labelledDates: false }).publishedTime).toBeNull();
    });
    test("a page of thousands of labels: the first fifty are read, each no further than its bound", () => {
      // A hostile page: 5,000 cells opening with "Date" under one parent, then a dated line. Before the
      // bound, every cell read its parent's whole text (quadratic); now the dated line past the fiftieth is not read.
      const cells = "<span>Date</span>".repeat(5_000);
      expect(of(`${headlines}<div>${cells}</div><p>Datum: 18.10.2021</p>`)).toBeNull();
      expect(of(`${headlines}${"<p>Date</p>".repeat(49)}<p>Datum: 18.10.2021</p>`)).toBe("2021-10-18");
    });
  });

  test("toIsoDate", () => {
    expect(toIsoDate("Tue, 19 Nov 2019 10:00:00 GMT")).toBe("2019-11-19T10:00:00.000Z");
    expect(toIsoDate("2019-11-19T23:30:00-08:00")).toBe("2019-11-19T23:30:00-08:00");
    expect(toIsoDate("2019-13-45T23:30:00-08:00")).toBeNull();
    expect(toIsoDate("November 19, 2019")).toBe("2019-11-19");
    expect(toIsoDate("2019-11-19 08:30")).toBe("2019-11-19T08:30:00.000Z");
    expect(toIsoDate("yesterday")).toBeNull();
    expect(toIsoDate("")).toBeNull();
  });
});

test("a document's JSON-LD is read once: later asks get the same nodes, even after its script is removed", () => {
  const { document } = linkedomPage(
    '<html><head><script type="application/ld+json">{"@type":"Product","name":"Kettle"}</script></head><body><p>x</p></body></html>',
    "https://example.com/",
  );
  const first = jsonLdNodes(document);
  expect(first.map((n) => n.name)).toEqual(["Kettle"]);
  document.querySelector("script")?.remove();
  expect(jsonLdNodes(document)).toBe(first);
  // another parse of the same page is a document of its own
  expect(jsonLdNodes(linkedomPage("<p>none</p>", "https://example.com/").document)).toEqual([]);
});
