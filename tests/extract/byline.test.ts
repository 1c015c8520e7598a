import { describe, expect, test } from "bun:test";
import { bylineName, visibleByline } from "../../src/extract/byline.ts";
import { linkedomPage } from "../../src/extract/dom.ts";

const byline = (body: string) => visibleByline(linkedomPage(`<html><body>${body}</body></html>`, "https://blog.example/post").document);

describe("bylineName: a byline's words as a name", () => {
  test("the label before the name and a date, separator or agency after it go", () => {
    expect(bylineName("By Jane Doe")).toBe("Jane Doe");
    expect(bylineName("Posted by Realiberry on 21. Juli 2019")).toBe("Realiberry");
    expect(bylineName("Geschrieben von Cooper am 25.08.2015 22:30")).toBe("Cooper");
    expect(bylineName("Eingestellt von der Michel")).toBe("der Michel");
    expect(bylineName("Post author By Helge Fahrnberger")).toBe("Helge Fahrnberger");
    expect(bylineName("Par Loïc Le Clerc |")).toBe("Loïc Le Clerc");
    expect(bylineName("Von David Hutzler, dpa")).toBe("David Hutzler");
    expect(bylineName("Rob Picheta, CNN")).toBe("Rob Picheta");
    expect(bylineName("Beitrag von r23 »")).toBe("r23");
    expect(bylineName("Roland Brockmann und Sebastian Drescher")).toBe("Roland Brockmann und Sebastian Drescher");
    expect(bylineName("J.R. Stone")).toBe("J.R. Stone");
  });

  test("a date opening with its weekday or label after the name goes, and a role or a link's label printed after it", () => {
    expect(bylineName("Von Isabella.DiBiase am Samstag, 19. Oktober 2019 um 11:14 Uhr")).toBe("Isabella.DiBiase");
    expect(bylineName("By Ann Lee on Monday, March 2")).toBe("Ann Lee");
    expect(bylineName("Gàbor Muniér , Datum: 03.Mär.19")).toBe("Gàbor Muniér");
    expect(bylineName("Christoph Hein Chefredakteur")).toBe("Christoph Hein");
    expect(bylineName("Johanna Kropfitsch Alle Artikel")).toBe("Johanna Kropfitsch");
    expect(bylineName("Ann Lee, Staff Writer")).toBe("Ann Lee");
    // A surname, a name alone and a role alone stay as printed.
    expect(bylineName("Jörg Staff")).toBe("Jörg Staff");
    expect(bylineName("Staff Writer")).toBe("Staff Writer");
    expect(bylineName("Date Smith")).toBe("Date Smith");
    expect(bylineName("Anna Sonntag")).toBe("Anna Sonntag");
  });

  test("no name: a label alone, a date, an address, a sentence, a paragraph", () => {
    expect(bylineName("By")).toBeNull();
    expect(bylineName("Posted by ")).toBeNull();
    expect(bylineName("10.11.2021")).toBeNull();
    expect(bylineName("info@example.org")).toBeNull();
    expect(bylineName("https://blog.example/author/jane")).toBeNull();
    expect(bylineName("This post was written by our whole team over many weeks.")).toBeNull();
    expect(bylineName("Jane Doe writes about food, travel and the people she meets on the road across Europe")).toBeNull();
  });
});

describe("bylineName: what is left of a date, a handle and a label is no name (fifty-second session)", () => {
  test("a month and a day after the name go with what follows; a social handle goes", () => {
    expect(bylineName("April Glaser @aprilaser Dec 15, 2016, 1:55pm EST")).toBe("April Glaser");
    expect(bylineName("By Jane Doe December 3 at 9:10")).toBe("Jane Doe");
    expect(bylineName("Theresa May May 12, 2019")).toBe("Theresa May");
    // A date written with the year's and month's characters.
    expect(bylineName("ZDNet Japan Staff 2019年04月28日 08時00分")).toBe("ZDNet Japan Staff");
    // A name that holds a month's name is no date without a day after it.
    expect(bylineName("April Glaser")).toBe("April Glaser");
    expect(bylineName("June Carter")).toBe("June Carter");
  });

  test("a date alone, a day with its ordinal and a label waiting for its name are no name", () => {
    expect(bylineName("Dec 1st 2016 1:01PM")).toBeNull();
    expect(bylineName("January 17")).toBeNull();
    expect(bylineName("Rezept von")).toBeNull();
    expect(bylineName("Written by")).toBeNull();
    expect(bylineName("Veröffentlicht")).toBeNull();
    // A user name holding digits is a name; a number standing alone is not.
    expect(bylineName("freeman1984")).toBe("freeman1984");
    expect(bylineName("Team 7")).toBeNull();
  });
});

describe("visibleByline: the byline the page marks", () => {
  test("microdata, the hCard microformat, rel=author and a class naming the author, in that order", () => {
    expect(byline(`<span itemprop="author" itemscope><span itemprop="name">Ana Ruiz</span></span>`)).toBe("Ana Ruiz");
    expect(byline(`<span class="by-author">von <span class="author vcard"><a class="url fn n" href="/a/g">gizzmo</a></span></span>`)).toBe(
      "gizzmo",
    );
    expect(byline(`<p>Text by <a rel="author" href="/a/marc">Marc Scheloske</a></p>`)).toBe("Marc Scheloske");
    expect(byline(`<div class="post-author">Written by Jose de la Cruz</div>`)).toBe("Jose de la Cruz");
    expect(byline(`<p class="entry-byline">By Ann Lee and Bo Kim</p><span class="author vcard"><span class="fn">Other</span></span>`)).toBe(
      "Other",
    );
  });

  test("a comment's author, a block about the writer, a copyright footer and a class like 'authority' are no byline", () => {
    expect(
      byline(`<ol class="comment-list"><li><div class="comment-author vcard"><b class="fn">Karoline Herr</b></div></li></ol>`),
    ).toBeNull();
    expect(
      byline(`<div class="author-bio"><span class="author vcard"><span class="fn">Jane</span></span> writes about food.</div>`),
    ).toBeNull();
    expect(byline(`<footer><p class="author">(c) Johannes Wolf</p></footer>`)).toBeNull();
    expect(byline(`<div class="authority">Federal Office</div>`)).toBeNull();
    expect(byline(`<p>No byline at all.</p>`)).toBeNull();
  });

  test("read as lines: blocks and line breaks part the name from the paper and the date, a label set apart by style is a word", () => {
    expect(
      byline(
        `<div class="article_byline"><div>By <span>Joe Davidson</span></div><div><div>Washington Post</div><time>Dec 13, 2016 at 3:45 pm</time></div></div>`,
      ),
    ).toBe("Joe Davidson");
    expect(byline(`<a class="article-author" href="/u/th"><span>By</span>Travis Haney</a>`)).toBe("Travis Haney");
    expect(byline(`<p class="byline">By <a>Ann Lee</a>, <a>Bo Kim</a></p><div class="byline-read-time"><p>5 Min Read</p></div>`)).toBe(
      "Ann Lee, Bo Kim",
    );
    // The line with the writer's label wins over a line above it.
    expect(byline(`<div class="byline"><div>Politics</div><div>By Ann Lee</div></div>`)).toBe("Ann Lee");
    // Inline parts of one word stay one word: a drop cap, a name's styled half.
    expect(byline(`<span class="author"><b>J</b>ane <i>Doe</i></span>`)).toBe("Jane Doe");
    expect(byline(`<h1>Title</h1><div><span>By <a href="/a">Bushrod Washington</a><br>Published December 21, 2016</span></div>`)).toBe(
      "Bushrod Washington",
    );
  });

  test("a date or a time alone in an element named for the byline is no byline", () => {
    expect(byline(`<div class="p-article__byline"><span class="p-article__byline__date">Dec 1st 2016 1:01PM</span></div>`)).toBeNull();
  });

  test("a line under the one headline that opens with a byline's label and a name", () => {
    expect(byline(`<h1>Dezuka Suisan</h1><div><h4>By Giovanni Gaggero | 12/10/2020</h4></div><p>Text.</p>`)).toBe("Giovanni Gaggero");
    expect(byline(`<h1>Klänge</h1><h4>Ein Musikfilm</h4><p>von <em>Klaus Stanjek</em></p>`)).toBe("Klaus Stanjek");
    // A deck that opens with "Von", a line far below the headline, a page of two headlines: no byline.
    expect(byline(`<h1>Start-ups</h1><p>Von Null auf Hundert in drei Jahren</p>`)).toBeNull();
    expect(byline(`<h1>Title</h1>${"<p>Paragraph.</p>".repeat(12)}<p>By Ann Lee</p>`)).toBeNull();
    expect(byline(`<h1>One</h1><p>By Ann Lee</p><h1>Two</h1>`)).toBeNull();
  });

  test("the author of an item the page lists or reviews (a Book's, a Review's) is no byline of the page's", () => {
    const book = (title: string, author: string) =>
      `<tr itemscope itemtype="http://schema.org/Book"><td>${title} by <span itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">${author}</span></span></td></tr>`;
    expect(
      byline(`<table>${book("The Hunger Games", "Suzanne Collins")}${book("Emma", "Jane Austen")}${book("Dune", "Frank Herbert")}</table>`),
    ).toBeNull();
    const review = (name: string) =>
      `<div itemscope itemtype="https://schema.org/Review"><span itemprop="author">${name}</span><p>Great.</p></div>`;
    expect(byline(`${review("Ann Lee")}${review("Bo Chan")}${review("Cy Diaz")}<span class="byline">By Sam Hill</span>`)).toBe("Sam Hill");
    // One such item's author may be the page's own: a post that is a review.
    expect(byline(`${review("Lars")}<span class="byline">By Sam Hill</span>`)).toBe("Lars");
    // The author of the page's own article, post or page is its byline.
    for (const type of ["https://schema.org/NewsArticle", "http://schema.org/BlogPosting/", "https://schema.org/WebPage"]) {
      expect(byline(`<article itemscope itemtype="${type}"><span itemprop="author">Jane Roe</span><p>Text.</p></article>`)).toBe(
        "Jane Roe",
      );
    }
  });

  test("an author element holding a paragraph is no byline; the next marked one is read", () => {
    const long = "A long text about the author and what she has written for the paper over the years. ".repeat(3);
    expect(byline(`<div class="author">${long}</div><span class="byline">By Sam Hill</span>`)).toBe("Sam Hill");
  });
});

describe("a byline after a writer's label anywhere on the page (labelledByline, rule labelled-bylines)", () => {
  const story = "<h1>Von Sprachregeln und Genderpolitik</h1><p>The council met on Tuesday to weigh the budget.</p>";
  test("the name after the label: in its line, after a label element, or in the element after a label heading", () => {
    expect(
      byline(
        `${story}<div class="meta">Datum: 19.11.2021<br><span class="lbl">Autor:</span> Fritz Imhof<br><span>Rubrik: Ethik</span></div>`,
      ),
    ).toBe("Fritz Imhof");
    expect(byline(`${story}<p><strong>Text:</strong> Klausmartin Friedrich</p>`)).toBe("Klausmartin Friedrich");
    expect(byline(`${story}<div><span>Auteur:</span> <a href="/anna">Anna Kubišta</a></div>`)).toBe("Anna Kubišta");
    expect(byline(`${story}<div><h4>Autor</h4><p><a href="/profil/1">Nikolai Huke</a>, </p></div>`)).toBe("Nikolai Huke");
    expect(byline(`${story}<p>Autor: Peter Maahn/SP-X</p>`)).toBe("Peter Maahn");
    expect(byline(`${story}<p>Redaktion: Eberhard Fuhr (Pressesprecher des EJW)</p>`)).toBe("Eberhard Fuhr");
  });

  test("a label before no name, a sentence or a word in lower case, and a label in a comment name no one", () => {
    expect(byline(`${story}<p>Text: bitte hier eingeben</p>`)).toBeNull();
    expect(byline(`${story}<p>Author: Ann Lee wrote this piece during the long winter of the year before the flood.</p>`)).toBeNull();
    expect(byline(`${story}<p>Autor:</p>`)).toBeNull();
    expect(byline(`${story}<div class="comment"><p>Autor: Max Muster</p></div>`)).toBeNull();
    // Left out, the rule reads no label.
    const doc = linkedomPage(`<html><body>${story}<p>Autor: Fritz Imhof</p></body></html>`, "https://blog.example/post").document;
    expect(visibleByline(doc, false)).toBeNull();
  });

  test("only the first labelled elements are read: a page of thousands of Text cells costs no more than a few", () => {
    const cells = "<td>Text: x</td>".repeat(5000);
    expect(byline(`${story}<table><tr>${cells}</tr></table><p>Autor: Fritz Imhof</p>`)).toBeNull();
    expect(byline(`${story}<table><tr>${"<td>Text: x</td>".repeat(10)}</tr></table><p>Autor: Fritz Imhof</p>`)).toBe("Fritz Imhof");
  });
});
