import { describe, expect, test } from "bun:test";
import MarkdownIt from "markdown-it";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import {
  absoluteUrl,
  bestSrcsetCandidate,
  blockLineText,
  isMarquee,
  isPlaceholder,
  itemOrParagraphText,
  toMarkdown,
  withoutGluedTwins,
  withoutBlockEndBreaks,
  withoutStrayIndents,
  withRulesApart,
  withoutLineEscapes,
  withoutRepeatedPictures,
  withoutRepeatedRuns,
} from "../../src/extract/markdown.ts";

// A CommonMark reader with GFM's tables and strikethrough: what withoutLineEscapes' output is checked against.
const reader = new MarkdownIt();

/** Markdown of `<body>html</body>` of a page at `url`. */
function md(html: string, url = "https://example.com/news/story.html"): string {
  return toMarkdown(linkedomPage(`<html><body>${html}</body></html>`, url).document.body, url);
}

describe("text a browser draws around the page's own", () => {
  test("furigana follow their base in parentheses; a page's own <rp> parentheses are not doubled", () => {
    expect(md(`<p>日本語の<ruby>漢字<rt>かんじ</rt></ruby>です。</p>`)).toBe("日本語の漢字(かんじ)です。");
    expect(md(`<p><ruby>東京<rp>(</rp><rt>とうきょう</rt><rp>)</rp></ruby>は首都です。</p>`)).toBe("東京(とうきょう)は首都です。");
    expect(md(`<p><ruby>漢<rt></rt>字</ruby></p>`)).toBe("漢字");
  });

  test("an inline quotation keeps its quotes, single inside double", () => {
    expect(md(`<p>She said <q>the results are final</q> and left.</p>`)).toBe('She said "the results are final" and left.');
    expect(md(`<p><q>He told me <q>no</q> twice</q>, she wrote.</p>`)).toBe(`"He told me 'no' twice", she wrote.`);
    expect(md(`<p>Empty <q></q> stays empty.</p>`)).toBe("Empty stays empty.");
  });
});

describe("code blocks laid out as tables", () => {
  test("a line-number gutter cell goes, and the code takes its language from the wrapper", () => {
    const table =
      `<div class="highlight-python notranslate"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td>` +
      `<td class="code"><div class="highlight"><pre><span class="n">x</span> = 1\nprint(x)</pre></div></td></tr></table></div>`;
    expect(md(table)).toBe("```python\nx = 1\nprint(x)\n```");
  });

  test("a code table naming its own language keeps it; a gutter without a code block, or with words, stays", () => {
    expect(
      md(
        `<div class="highlight-python"><table><tr><td class="gutter"><pre>1</pre></td><td><pre class="language-ruby">puts 1</pre></td></tr></table></div>`,
      ),
    ).toBe("```ruby\nputs 1\n```");
    // A ranking whose number column is named like a gutter: no code in it, so it is a table.
    expect(md(`<table><tr><th>#</th><th>Team</th></tr><tr><td class="lineno">1</td><td>Reds</td></tr></table>`)).toBe(
      "| # | Team |\n| --- | --- |\n| 1 | Reds |",
    );
    // A cell named like a gutter that holds words is the code's caption, not its numbers.
    expect(md(`<table><tr><td class="linenos"><pre>see below</pre></td><td><pre>x = 1</pre></td></tr></table>`)).toBe(
      "```\nsee below\n```\n\n```\nx = 1\n```",
    );
  });
});

describe("basic syntax", () => {
  test("ATX headings, paragraphs, emphasis, - bullets and numbered lists", () => {
    expect(
      md(`<h1>Title</h1><p>Some <b>bold</b> and <i>italic</i> text.</p><h3>Sub
      head</h3><ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol start="3"><li>three</li><li>four</li></ol>`),
    ).toBe("# Title\n\nSome **bold** and *italic* text.\n\n### Sub head\n\n- one\n- two\n  - nested\n\n3. three\n4. four");
  });

  test("a list item left with nothing in it is no bare marker; a rule, a dash in text and code stay", () => {
    // A logo strip whose images have no source: each item would be "-" alone on its line.
    const logos = `<ul><li><img src=""></li><li><img src=""><span></span></li></ul>`;
    expect(md(`<p>Trusted by</p>${logos}<h2>Plans</h2><ul><li>Basic</li></ul>`)).toBe("Trusted by\n\n## Plans\n\n- Basic");
    // An item whose text opens on the next line keeps its marker (the text would join the item before),
    // and the text comes up beside it: blank lines after a bare marker leave an empty item.
    expect(md(`<ul><li>a</li><li><br>b</li></ul>`)).toBe("- a\n- b");
    const icons = `<ul><li><div><img src=""></div> <p>Save every ring for 180 days.</p></li><li><span> </span><div></div><p>Alerts</p></li></ul>`;
    expect(md(icons)).toBe("- Save every ring for 180 days.\n- Alerts");
    expect(md(`<ul><li>a<ul><li><img src=""></li><li>b</li></ul></li></ul>`)).toBe("- a\n  - b");
    // A number alone may be a ranking's, written as a paragraph: it stays, and so does a numbered item's.
    expect(md(`<ol><li><img src=""></li></ol><div>2.</div><p>Acme</p>`)).toBe("1.\n\n2.\n\nAcme");
    expect(md(`<p>a</p><hr><p>-</p><p>Score: 3 - 1</p><pre><code>-\n1.\n+</code></pre>`)).toBe(
      "a\n\n---\n\n\\-\n\nScore: 3 - 1\n\n```\n-\n1.\n+\n```",
    );
  });

  test("blockquotes, rules, strikethrough, line breaks", () => {
    expect(md(`<blockquote><p>quoted</p></blockquote><hr><p><del>old</del> new<br>line</p>`)).toBe(
      "> quoted\n\n---\n\n~~old~~ new  \nline",
    );
  });

  test("no-break and other odd spaces are plain spaces outside code, kept inside it", () => {
    expect(md(`<p>Denver\u00a0Health runs 15\u202fkm\u2009away.</p><p>\u00a0\u00a0</p><p>Next</p>`)).toBe(
      "Denver Health runs 15 km away.\n\nNext",
    );
    expect(md(`<pre><code>a\u00a0=\u00a01</code></pre>`)).toBe("```\na\u00a0=\u00a01\n```");
  });

  test("a link's label written twice (a screen reader's copy, a phone layout's copy) is said once", () => {
    expect(md(`<p>See <a href="/r"><span>View all revisions<span class="clipped">View all revisions</span></span></a>.</p>`)).toBe(
      "See [View all revisions](https://example.com/r).",
    );
    expect(
      md(
        `<p><a href="/sales"><span><span class="desktop">Talk to an Expert</span><span class="mobile">Talk to an Expert</span></span></a></p>`,
      ),
    ).toBe("[Talk to an Expert](https://example.com/sales)");
    expect(md(`<p>Read <a href="/g">the guide<span>the guide</span><svg></svg></a> today.</p>`)).toBe(
      "Read [the guide](https://example.com/g) today.",
    );
  });

  test("a link of 100,000 empty children before or after its label is read in linear time", () => {
    // Each child looks at no more than eight siblings either side for the label's copy: reading them all
    // took 8.8 s for 20,000 children and 36 s for 40,000; this takes well under a second.
    const empty = "<i></i>".repeat(100_000);
    expect(md(`<p>See <a href="/x"><span>a</span>${empty}</a> and <a href="/y">${empty}<span>b</span></a></p>`)).toBe(
      "See [a](https://example.com/x) and [b](https://example.com/y)",
    );
  }, 10_000);

  test("words said twice on purpose stay: spaced, three times, with other words, or outside a link", () => {
    expect(md(`<p><a href="/s"><b>Sing</b> <b>Sing</b></a> prison</p>`)).toBe("[**Sing** **Sing**](https://example.com/s) prison");
    expect(md(`<p><a href="/b">TheBells<span>TheBells</span><span>TheBells</span></a></p>`)).toBe(
      "[TheBellsTheBellsTheBells](https://example.com/b)",
    );
    expect(md(`<p><a href="/n">New York, <i>New York</i></a></p>`)).toBe("[New York, *New York*](https://example.com/n)");
    expect(md(`<p>Duran<span>Duran</span> played.</p>`)).toBe("DuranDuran played.");
  });

  test("icon fonts: glyphs of the private use area and ligature names go; words and code stay", () => {
    expect(md(`<p><span><i class="material-icons">\ue192</i> 30 Min.</span> <span><i class="fa">\uf0c1</i> normal</span></p>`)).toBe(
      "30 Min. normal",
    );
    expect(md(`<h2>Playbook syntax<a class="headerlink" href="#s">\uf0c1</a></h2>`)).toBe("## Playbook syntax");
    expect(
      md(
        `<p><i class="material-icons">shopping_cart</i> Add <span class="material-symbols-outlined">expand_more</span> or <span class="icon">arrow_forward</span> next</p>`,
      ),
    ).toBe("Add or next");
    // Alone in a table cell, the icon is the cell's value: a comparison table's tick.
    expect(
      md(
        `<table><tr><th>Feature</th><th>Web</th></tr><tr><td><i class="material-icons">info</i> Mobile app</td><td><i class="material-icons">check</i></td></tr></table>`,
      ),
    ).toBe("| Feature | Web |\n| --- | --- |\n| Mobile app | *check* |");
    expect(md(`<table><tr><th>Portal</th><td class="material-icons">check</td></tr></table>`)).toBe("| Portal | check |\n| --- | --- |");
    // A plain word in an "icon" class, emphasis naming an icon set, and code keep their text.
    expect(
      md(
        `<p><span class="icon">Home</span> <i class="icon">note</i> <i>material_icons</i> <code>expand_more</code> <code>\ue192</code></p>`,
      ),
    ).toBe("Home *note* *material_icons* `expand_more` `\ue192`");
  });

  test("an inline element a utility class shows as a block keeps its words apart from its neighbours", () => {
    expect(
      md(`<p>Obsidian is <strong>Proprietary</strong><span class="block text-sm">Notion is <strong>also</strong> free</span></p>`),
    ).toBe("Obsidian is **Proprietary** Notion is **also** free");
    expect(md(`<p><span class="d-block">Price</span><span class="flex">$20</span></p>`)).toBe("Price $20");
    // Only unconditional classes: a breakpoint's block, an inline block and a word inside a class name stay inline.
    expect(
      md(`<p>re<span class="md:block">use</span>d, <span class="inline-block">un</span>do, <span class="blocked">mis</span>take</p>`),
    ).toBe("reused, undo, mistake");
  });

  test("a no-break space beside a plain one is one space, and an item opening with them keeps none", () => {
    expect(md(`<p>Measure your progress.&nbsp; For example,&nbsp;&nbsp;weigh in.</p>`)).toBe(
      "Measure your progress. For example, weigh in.",
    );
    // Five spaces after the marker would open an indented code block inside the item.
    expect(md(`<ul><li>&nbsp;&nbsp;&nbsp;&nbsp;Rest set: easy walking</li><li>Run</li></ul>`)).toBe("- Rest set: easy walking\n- Run");
    expect(md(`<p><b>Tip:&nbsp;</b> stretch</p><pre>a\u00a0\u00a0b</pre>`)).toBe("**Tip:** stretch\n\n```\na\u00a0\u00a0b\n```");
  });

  test("bold italic is written once, and emphasis may end inside a word", () => {
    expect(md(`<p><strong><em>Starry Night</em></strong> and <em>tre</em>k</p>`)).toBe("**Starry Night** and *tre*k");
  });

  test("a < in the text is an entity, so no Markdown reader takes it for a tag", () => {
    expect(md(`<p>The show &lt;The Palace&gt; and &lt;숨바꼭질&gt;, 1 &lt; 2</p>`)).toBe(
      "The show &lt;The Palace> and &lt;숨바꼭질>, 1 &lt; 2",
    );
  });

  test("escapes are only where CommonMark needs them: not inside a word, not around a spaced asterisk", () => {
    expect(md(`<p>Set AWS_LAMBDA_JS_RUNTIME and pg__duckdb; (a%) * (b%) is a product.</p>`)).toBe(
      "Set AWS_LAMBDA_JS_RUNTIME and pg__duckdb; (a%) * (b%) is a product.",
    );
    // Underscores and asterisks that could open or close emphasis, or start a list, stay escaped.
    expect(md(`<p>_lead_ and __init__ and snake_ end, 5*2, note*</p><p>* not a list</p>`)).toBe(
      "\\_lead\\_ and \\_\\_init\\_\\_ and snake\\_ end, 5\\*2, note\\*\n\n\\* not a list",
    );
  });

  test("a block's first character is escaped only where a line begins; a heading's or a cell's text begins none", () => {
    expect(md(`<h2>5. RSA Conference</h2><p>2024. The year</p><p>1. First</p>`)).toBe(
      "## 5. RSA Conference\n\n2024\\. The year\n\n1\\. First",
    );
    expect(md(`<table><tr><th>Rank</th><th>Change</th></tr><tr><td>10. New York</td><td>-2.3%</td></tr></table>`)).toBe(
      "| Rank | Change |\n| --- | --- |\n| 10. New York | -2.3% |",
    );
    expect(md(`<p>- Cotton swabs<br>- Paper towels</p><p>ROG GT<span>-AX11000</span> <b>Note</b>&gt; see <b>A</b># 2</p>`)).toBe(
      "\\- Cotton swabs  \n\\- Paper towels\n\nROG GT-AX11000 **Note**> see **A**# 2",
    );
  });

  test("at a block's start, a character escaped only where a mark would follow; a backslash escaped only before what it would escape", () => {
    const html =
      "<ul><li>-31dB, -41dB</li><li>+1 -0</li></ul><p>#WeRemember</p><p>1.5 million</p><p>=SUM(A1)</p>" +
      "<p>C:\\Program Files\\Git\\bin, a \\* and a \\ and an end\\</p>";
    const markdown = md(html);
    expect(markdown).toBe(
      "- -31dB, -41dB\n- +1 -0\n\n#WeRemember\n\n1.5 million\n\n=SUM(A1)\n\n" +
        "C:\\Program Files\\Git\\bin, a \\\\\\* and a \\\\ and an end\\\\",
    );
    // A reader sees the page's text, every character of it.
    const text = (rendered: string) =>
      rendered
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ")
        .trim();
    expect(text(reader.render(markdown))).toBe(
      "-31dB, -41dB +1 -0 #WeRemember 1.5 million =SUM(A1) C:\\Program Files\\Git\\bin, a \\* and a \\ and an end\\",
    );
    // Before white space, at the end of a line or of the text, or in a run of their own, they are marks
    // (a backslash before white space stays escaped: at a line's end it would be a hard break).
    const marks = md("<p>- item</p><p># title</p><p>1. first</p><p>&gt;quote</p><p>---</p><p>===</p><p>##x</p>");
    expect(marks).toBe("\\- item\n\n\\# title\n\n1\\. first\n\n\\>quote\n\n\\---\n\n\\===\n\n##x");
    expect(reader.render(marks)).not.toMatch(/<(?:ul|ol|h\d|blockquote|hr)/);
    for (const needed of ["- item", "# title", "1. first", ">quote", "---", "Title\n==="])
      expect(reader.render(needed)).toMatch(/<(?:ul|ol|h\d|blockquote|hr)/);
  });

  test("escaped brackets around plain text are written plain, unless they could make a link, a definition or a box", () => {
    expect(md(`<p>No time.[4] See [citation needed] and [1]: the note.</p>`)).toBe(
      "No time.[4] See [citation needed] and \\[1\\]: the note.",
    );
    expect(md(`<p>[x] ticked, [ ] not, [1](2) and [a][b]</p>`)).toBe("\\[x\\] ticked, \\[ \\] not, \\[1\\](2) and [a]\\[b\\]");
    expect(md(`<p>Code <code>\\[1\\] 1\\.</code> stays [2]</p>`)).toBe("Code `\\[1\\] 1\\.` stays [2]");
  });

  test("the escapes taken back change nothing a CommonMark or GFM reader shows; the ones kept would", () => {
    const render = (text: string) => reader.render(text);
    const lines = [
      "## 5\\. RSA Conference",
      "### **1\\. What type of e-bike**",
      "| 10\\. New York | \\-2.3% |",
      "[ROG GT\\-AX11000](https://x.example/) and DNS\\-based",
      "**Note**\\> see **A**\\# 2 and x \\+ y \\= z",
      "reason:\\[4\\] and \\[47\\] [arXiv](https://x.example/) and [see \\[1\\]](https://x.example/)",
      "\\[[source](https://x.example/)\\] and ![a \\[1\\]](https://x.example/i.png)",
      "`a \\- b` c \\- d ``e ` \\[1\\]`` \\[2\\]",
      "an escaped \\` then `c \\- d` e \\- f and ``` `` \\- ``` g",
      "- \\[x\\] done",
      "1. 2\\. x",
      "> \\- quoted",
      "## Learn C \\#",
      "| \\- | :\\-- |",
    ];
    for (const line of lines) expect(render(withoutLineEscapes(line))).toBe(render(line));
    expect(lines.map(withoutLineEscapes).join("\n")).toBe(
      [
        "## 5. RSA Conference",
        "### **1. What type of e-bike**",
        "| 10. New York | -2.3% |",
        "[ROG GT-AX11000](https://x.example/) and DNS-based",
        "**Note**> see **A**# 2 and x + y = z",
        "reason:[4] and [47] [arXiv](https://x.example/) and [see \\[1\\]](https://x.example/)",
        "\\[[source](https://x.example/)\\] and ![a \\[1\\]](https://x.example/i.png)",
        "`a \\- b` c - d ``e ` \\[1\\]`` [2]",
        "an escaped \\` then `c \\- d` e - f and ``` `` \\- ``` g",
        "- \\[x\\] done",
        "1. 2\\. x",
        "> \\- quoted",
        "## Learn C \\#",
        "| \\- | :\\-- |",
      ].join("\n"),
    );
    // A heading's closing "#" or a cell of dashes alone under a header row would be marks, not text.
    expect(render("| a | b |\n| \\- | :\\-- |")).not.toBe(render("| a | b |\n| - | :-- |"));
    expect(render("## Learn C \\#")).not.toBe(render("## Learn C #"));
    // The escapes kept are the ones a reader needs: without them the line is another block or a link.
    for (const needed of ["5\\. RSA", "\\- Cotton", "1. 2\\. x", "> \\- quoted", "\\[1\\](2)", "\\[1\\]: x\n\n[1]"]) {
      expect(withoutLineEscapes(needed)).toBe(needed);
      expect(render(needed.replaceAll("\\", ""))).not.toBe(render(needed));
    }
    // A GFM task list's box (GitHub's extension, which markdown-it leaves out) stays escaped too.
    expect(withoutLineEscapes("- \\[x\\] done and \\[ \\] not")).toBe("- \\[x\\] done and \\[ \\] not");
  });

  test("emphasis that CommonMark would show as asterisks: a mark at its edge goes outside, marks alone lose it", () => {
    const cases: [string, string][] = [
      [`<p>The syntax of <em>systemd'</em>s unit files</p>`, "The syntax of *systemd*'s unit files"],
      [`<p><b>Skin Types:</b>Suitable for most</p>`, "**Skin Types**:Suitable for most"],
      [`<p><em>Every creator is flying blind.</em>Not because</p>`, "*Every creator is flying blind*.Not because"],
      [`<p>she said<em>“hello”</em>and left</p>`, "she said“*hello*”and left"],
      [`<p>fold it over on the top<b>.</b> Do this</p>`, "fold it over on the top. Do this"],
      [`<p>The Life of a Showgirl<em>,</em> which</p>`, "The Life of a Showgirl, which"],
      [`<p>Press Win<b>+</b>Space</p>`, "Press Win+Space"],
      // White space the marks leave at the edge goes out with them; a comment or a span is no edge.
      [`<p>insurance barriers<b>, a</b> lack</p>`, "insurance barriers, **a** lack"],
      [`<p>what you will <em>not (</em>i.e., the goals<em>)</em>.</p>`, "what you will *not* (i.e., the goals)."],
      // Full-width marks set against the next character, as Chinese and Japanese text sets them.
      [`<p><b>注意：</b>请勿吸烟。<b>「重要」</b>です</p>`, "**注意**：请勿吸烟。**「重要**」です"],
      [`<p><b>Skin Types:</b><!-- x --><span><span>Suitable</span></span> for most</p>`, "**Skin Types**:Suitable for most"],
      // A footnote's mark (a link within the page, written as its number) and a subscript are text too.
      [`<p>was: <em>What inspires loyalty?</em><sup><a href="#fn-1">2</a></sup> Based</p>`, "was: *What inspires loyalty*?2 Based"],
      [`<p><b>Formula:</b><sub>2</sub>x and <b>Note:</b><a>plain</a></p>`, "**Formula**:2x and **Note**:plain"],
    ];
    for (const [html, markdown] of cases) {
      expect(md(html)).toBe(markdown);
      expect(reader.renderInline(markdown)).not.toContain("*");
    }
    // The marks written inside, as before, are shown as asterisks.
    expect(reader.renderInline("The syntax of *systemd'*s unit files")).toContain("*");
    expect(reader.renderInline("**Skin Types:**Suitable")).toContain("*");
    // Emphasis with space or a mark beside it, and marks that are a link's or an entity's, stay as they are.
    expect(md(`<p><b>Note:</b> fine, <em>really.</em> And <b>[1]</b>s, <b>A &lt;</b>b</p>`)).toBe(
      "**Note:** fine, *really.* And **[1]**s, **A &lt;**b",
    );
    // A mark the text escaped goes out with its backslash (which a mark inside a line does not need).
    expect(md(`<p><b>foo<span>-</span></b>bar</p>`)).toBe("**foo**-bar");
    // Emphasis over paragraphs (an <i> around text parted by <br><br>) is one run per paragraph.
    const quoted = md(
      `<div>Clocks spring forward. <i>The U.S. has tinkered.<br><br>Most would choose.<br><br>Rogers said. </i><br>End</div>`,
    );
    expect(quoted).toBe("Clocks spring forward. *The U.S. has tinkered.*  \n\n*Most would choose.*  \n\n*Rogers said.*  \nEnd");
    expect(reader.render(quoted)).not.toContain("*");
    expect(reader.render("*The U.S. has tinkered.  \n\nMost would choose.*")).toContain("*");
    // A block inside the emphasis (bold around a whole section) keeps its syntax and gets no marks.
    const section = md(`<div><b><h3>Details</h3><ul><li>Publisher: A</li><li>Year: 2020</li></ul><p>A long synopsis.</p></b></div>`);
    expect(section).toBe("### Details\n\n- Publisher: A\n- Year: 2020\n\n**A long synopsis.**");
    expect(reader.render(section)).toContain("<h3>Details</h3>");
    expect(reader.render(section)).not.toContain("*");
    // Only a part that starts a line is a block: bold "1) …" opening a paragraph stays bold, not a list.
    const inline = md(`<p><strong>1) If you are somebody</strong> who</p><p><em>| None</em> x</p>`);
    expect(inline).toBe("**1) If you are somebody** who\n\n*| None* x");
    expect(reader.render(inline)).not.toContain("<ol");
    expect(md(`<div><b><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></b></div>`)).toBe(
      "| a | b |\n| --- | --- |\n| 1 | 2 |",
    );
    // Beside a link the Markdown has the link's marks, not its words: the emphasis is fine as it is.
    expect(md(`<p>produced by <a href="/r">The Report</a><em>, a nonprofit</em> group</p>`)).toBe(
      "produced by [The Report](https://example.com/r)*, a nonprofit* group",
    );
  });

  test("a line break in emphasis is kept, and emphasis around a picture alone is plain", () => {
    const cases: [string, string][] = [
      // Emphasis holding nothing but a line break: the break, not nothing ("**Skin Types:**Suitable").
      [
        `<p><strong>Skin Types:</strong><em><strong class="x"><br>\n</strong></em>Suitable for most</p>`,
        "**Skin Types:**  \nSuitable for most",
      ],
      [`<p><b>Lead</b><b><br><br></b>Then the text</p>`, "**Lead**  \n\nThen the text"],
      [
        `<p><strong>Every creator is flying blind.</strong><strong><br/></strong><span>Not because</span></p>`,
        "**Every creator is flying blind.**  \nNot because",
      ],
      // A break the element opens or ends with stays where turndown trims the element's white space.
      [`<p>By Dec 31, 2025<strong><br>\n TRAVEL:\u00a0</strong>Through Mar 31</p>`, "By Dec 31, 2025  \n**TRAVEL:** Through Mar 31"],
      [`<p><em> Book now:<br></em>Call us</p>`, "*Book now:*  \nCall us"],
      // Bold around a picture (or a linked one) alone.
      [
        `<p><strong><span><img src="/a.jpg" alt="Kirkjufell"></span></strong>Solo travelers</p>`,
        "![Kirkjufell](https://example.com/a.jpg)Solo travelers",
      ],
      [`<p>a <b><a href="/x"><img src="/a.jpg" alt="x"></a></b> b</p>`, "a [![x](https://example.com/a.jpg)](https://example.com/x) b"],
    ];
    for (const [html, markdown] of cases) {
      expect(md(html)).toBe(markdown);
      expect(reader.render(markdown)).not.toContain("*");
    }
    // Without the break the words meet, and CommonMark shows the asterisks where a mark ends the run.
    expect(reader.renderInline("**Skin Types:**Suitable")).toContain("*");
    expect(reader.renderInline("**![x](/a.jpg)**Solo")).toContain("*");
    // Emphasis of white space alone is still nothing, and a picture beside words keeps the emphasis.
    expect(md(`<p>a<b> </b>b <b><img src="/i.png" alt="icon"> Sale</b> now</p>`)).toBe(
      "a b **![icon](https://example.com/i.png) Sale** now",
    );
  });
  test("empty elements that show nothing leave no white space behind", () => {
    // turndown kept the space after each <input>, <meta> or <link>: four opened the image's line with
    // four spaces, an indented code block to CommonMark.
    expect(
      md(
        `<div><p>a</p><input type="hidden"> <input type="hidden"> <meta itemprop="sku" content="1"> <link itemprop="url" href="/u"> <img src="/d.jpg" alt="x"></div>`,
      ),
    ).toBe("a\n\n![x](https://example.com/d.jpg)");
    // A picture whose image is named only by a source keeps it; a word-break opportunity joins its word;
    // a task list keeps its box.
    expect(md(`<picture> <source srcset="/a.webp"> <img src="data:image/gif;base64,R0lGOD" alt="x"></picture>`)).toBe(
      "![x](https://example.com/a.webp)",
    );
    expect(md(`<p>super<wbr>cali <meta itemprop="x" content="y"> fragilistic</p>`)).toBe("supercali fragilistic");
    expect(md(`<ul><li><input type="checkbox" checked> done</li></ul>`)).toBe("- [x] done");
  });

  test("a line opening a block gets the indent of the list item it continues, or none: the page's white space made code", () => {
    // A picture's sources stay (its image may be named only there), and the spaces between them too.
    const picture = md(
      `<div><h2>T</h2><picture> <source srcset="/a.webp"> <source srcset="/b.jpg"> <source srcset="/c.jpg"> <source srcset="/e.jpg"> <img src="/d.jpg" alt="x"></picture></div>`,
    );
    expect(reader.render(picture)).toContain("<code>");
    expect(withoutStrayIndents(picture)).toBe("## T\n\n![x](https://example.com/d.jpg)");
    expect(reader.render(withoutStrayIndents(picture))).not.toContain("<code>");
    const cases: [string, string][] = [
      ["    first line", "first line"],
      ["## Title\n     text", "## Title\ntext"],
      ["text\n\n\tafter a tab", "text\n\nafter a tab"],
      ["---\n    after a rule", "---\nafter a rule"],
      // Within a list: the item's text column; deeper than that by four is code, and goes to the column.
      ["- item\n\n      more of the item", "- item\n\n  more of the item"],
      ["1. item\n\n   - nested\n\n         deeper", "1. item\n\n   - nested\n\n     deeper"],
      // A paragraph after the list ends it: its indent goes.
      ["- item\n\nafter the list\n\n    not the item's", "- item\n\nafter the list\n\nnot the item's"],
      // Less indented than the item's text: out of the item, and four columns deep is code there.
      ["10.  [a](/a)\n\n    [£99.00](/p)", "10.  [a](/a)\n\n[£99.00](/p)"],
      // An item whose text stands five columns or more after its marker holds code: one space.
      ["-       ![x](/x.jpg)\n-     ![y](/y.jpg)", "- ![x](/x.jpg)\n- ![y](/y.jpg)"],
      ["1.\t\t![x](/x.jpg)", "1. ![x](/x.jpg)"],
    ];
    // One to three columns beyond the margin show as nothing: they go too.
    const stray: [string, string][] = [
      ["text\n\n ![x](/x.jpg)\n\n   [a](/a) b", "text\n\n![x](/x.jpg)\n\n[a](/a) b"],
      ["- item\n\n   more of the item", "- item\n\n  more of the item"],
    ];
    // A list item or a table row keeps a small indent, which the lines after it share.
    for (const markdown of ["## Title\n  - one\n  - two", "text\n\n  | a | b |\n  | --- | --- |\n  | 1 | 2 |"])
      expect(withoutStrayIndents(markdown)).toBe(markdown);
    for (const [before, after] of stray) {
      expect(withoutStrayIndents(before)).toBe(after);
      expect(reader.render(after)).toBe(reader.render(before));
    }
    for (const [before, after] of cases) {
      expect(reader.render(before)).toContain("<code>");
      expect(withoutStrayIndents(before)).toBe(after);
      expect(reader.render(after)).not.toContain("<code>");
    }
    // Kept: a paragraph's next line, a list item's own text and its nested items, and fenced code.
    const kept = [
      "text\n    continues the paragraph",
      "- item\n\n  more of the item\n\n  - nested",
      "- a\n    - b\n        - c",
      "```\n    code keeps its indent\n\n    and here\n```",
      "- item\n\n  ```\n      fenced in the item\n  ```",
      // An item opening an item inside it: its text is after the last marker.
      "- - Will the leather scratch?\n\n    Our leather is tanned to age.\n  - What leather is it?",
      // …and the outer item's text, after the inner list, keeps the outer item's indent.
      "- - ![Boots 0](/0.jpg)\n  - ![Boots 1](/1.jpg)\n\n  [Boots](/boots)\n\n  $170.00\n- - ![Shoes 0](/s.jpg)",
      "- a\n  - b\n    - c\n      - d\n        - e\n          - - #### [Re:](/c)\n\n              by [Spazmania](/s)",
    ];
    for (const markdown of kept) expect(withoutStrayIndents(markdown)).toBe(markdown);
  });

  test("a rule left under a line of text is set apart, not read as that line's heading", () => {
    const under = "[(5,765)](https://example.com/r)\n---\n\n## Offers";
    expect(reader.render(under)).toContain("<h2><a");
    expect(withRulesApart(under)).toBe("[(5,765)](https://example.com/r)\n\n---\n\n## Offers");
    expect(reader.render(withRulesApart(under))).toContain("<hr>");
    // Kept: a rule already apart, the page's own escaped dashes, a table's delimiter row, fenced code.
    const kept = ["text\n\n---\n\nmore", "text\n\\---", "| a | b |\n| --- | --- |", "```\ntext\n---\n```"];
    for (const markdown of kept) expect(withRulesApart(markdown)).toBe(markdown);
    // A line ending in a hard break is a heading's text too; the break then ends its block and goes.
    const broken = "[(5,765)](https://example.com/r)  \n---";
    expect(reader.render(broken)).toContain("<h2>");
    expect(withoutBlockEndBreaks(withRulesApart(broken))).toBe("[(5,765)](https://example.com/r)\n\n---");
  });

  test("a block an inline element opens or ends with keeps its blank lines", () => {
    // turndown trims an inline element's Markdown where white space is at its edge (a code block's last
    // line break, a word's space), and the block's blank lines went with it.
    const cases: [string, string][] = [
      [`<div>Name<span><h3>Head</h3>tail </span>more</div>`, "Name\n\n### Head\n\ntail more"],
      [`<div>Name<span><p>Para</p>tail </span>more</div>`, "Name\n\nPara\n\ntail more"],
      [
        `<div><tab-bar>Name</tab-bar><editor-area><editor-file><pre><code>let x;\n</code></pre></editor-file></editor-area></div>`,
        "Name\n\n```\nlet x;\n```",
      ],
      [`<div>Name<b><pre>x\n</pre></b></div>`, "Name\n\n```\nx\n```"],
      [`<div>Name <span>lead <span><ul><li>one</li></ul></span> </span>after</div>`, "Name lead\n\n- one\n\nafter"],
    ];
    for (const [html, markdown] of cases) expect(md(html)).toBe(markdown);
    expect(reader.render(md(`<div>Name<span><h3>Head</h3>tail </span>more</div>`))).toContain("<h3>Head</h3>");
    // An inline element whose blocks are inside it, not at its edge, and one with no white space at its edge.
    expect(md(`<div>a <span>b <p>c</p> d </span>e</div>`)).toBe("a b\n\nc\n\nd e");
    expect(md(`<div>a<span><p>c</p></span>e</div>`)).toBe("a\n\nc\n\ne");
  });

  test("a line break a link, a span or any inline element opens or ends with stays a break", () => {
    // turndown trims the Markdown of an element with white space at its edge, and the break with it: the
    // words either side met ("2025[TRAVEL](…)", "Price$20 each").
    const cases: [string, string][] = [
      [`<p>2025<a href="/t"><br>TRAVEL </a>now</p>`, "2025  \n[TRAVEL](https://example.com/t) now"],
      [`<p>Price<span><br>$20 </span>each</p>`, "Price  \n$20 each"],
      [`<p>One <a href="/t"> Two<br></a>Three</p>`, "One [Two](https://example.com/t)  \nThree"],
      // Through every level of nested elements, comments and white space aside.
      [`<p>A<span><small><!-- x --> <br> B</small> </span>C</p>`, "A  \nB C"],
      [`<p>A<a href="/t"><span><b>Bold<br></b></span></a>C</p>`, "A[**Bold**](https://example.com/t)  \nC"],
    ];
    for (const [html, markdown] of cases) expect(md(html)).toBe(markdown);
    // A break inside the element stays inside it.
    expect(md(`<p>a <b>one<br>two</b> b</p>`)).toBe("a **one  \ntwo** b");
  });

  test("a hard break that ends its block is left out; one inside a paragraph, an item or a quote stays", () => {
    // [HTML, its Markdown, the Markdown with every break's two spaces kept]
    const cases: [string, string, string][] = [
      [`<p>a<br></p><p>b</p>`, "a\n\nb", "a  \n\nb"],
      [`<ul><li>a<br></li><li>b<br><ul><li>c<br></li></ul></li></ul>`, "- a\n- b\n  - c", "- a  \n- b  \n  - c"],
      [
        `<ol><li><b>Minutes</b><br>accepted<br></li><li><b>Statutes</b><br>A draft</li></ol>`,
        "1. **Minutes**  \n   accepted\n2. **Statutes**  \n   A draft",
        "1. **Minutes**  \n   accepted  \n2. **Statutes**  \n   A draft",
      ],
      [
        `<p>text<br></p><h2>Next</h2><p>more<br></p><pre>code</pre>`,
        "text\n\n## Next\n\nmore\n\n```\ncode\n```",
        "text  \n\n## Next\n\nmore  \n\n```\ncode\n```",
      ],
      // Inside a paragraph "2." starts no list: the break before it stays, and so does one inside a quote.
      [
        `<p>line one<br>line two<br>2. not a list</p>`,
        "line one  \nline two  \n2\\. not a list",
        "line one  \nline two  \n2\\. not a list",
      ],
      [`<blockquote><p>a<br>b<br></p><p>c</p></blockquote>`, "> a  \n> b\n>\n> c", "> a  \n> b  \n>\n> c"],
    ];
    for (const [html, markdown, kept] of cases) {
      expect(md(html)).toBe(kept);
      expect(withoutBlockEndBreaks(kept)).toBe(markdown);
      // The two spaces left out made no break: the page reads the same.
      expect(reader.render(markdown)).toBe(reader.render(kept));
    }
    expect(reader.render("line one  \nline two")).toContain("<br>");
    // Code keeps its spaces, and a fence after text is a block of its own.
    expect(withoutBlockEndBreaks("text  \n```\ncode  \n  \n```\nend  ")).toBe("text\n```\ncode  \n  \n```\nend");
  });

  test("htmlToArticle leaves out the breaks that end their blocks, in the final text", async () => {
    const html = `<html><head><title>Bottles</title></head><body><main><h1>Water bottles</h1>
      <p>Every bottle we sell, each with its features listed so that you can compare them before buying one.</p>
      <p>Our bottles are insulated with steel walls<br></p>
      <p>They keep water cold for a day and hot for half of one, and they do not leak in a bag.</p></main></body></html>`;
    const article = await htmlToArticle(html, { url: "https://shop.example/bottles" });
    expect(article?.markdown).toContain("Our bottles are insulated with steel walls\n\nThey keep water cold");
  });

  test("htmlToArticle takes back the indents the page's white space made code, in the final text", async () => {
    const sources = `<source srcset="/a.webp"> <source srcset="/b.jpg"> <source srcset="/c.jpg"> <source srcset="/e.jpg">`;
    const html = `<html><head><title>Bottles</title></head><body><main><h1>Water bottles</h1>
      <p>Every bottle we sell, each with its features listed so that you can compare them before buying one.</p>
      <h2>Steel</h2><picture> ${sources} <img src="/steel.jpg" alt="A steel bottle"></picture>
      <p>They keep water cold for a day and hot for half of one, and they do not leak in a bag.</p>
      <ul><li><picture> ${sources} <img src="/glass.jpg" alt="A glass bottle"></picture></li><li>Glass, for the kitchen.</li></ul></main></body></html>`;
    const markdown = (await htmlToArticle(html, { url: "https://shop.example/bottles" }))!.markdown;
    expect(markdown).toContain("## Steel\n\n![A steel bottle](https://shop.example/steel.jpg)");
    expect(markdown).toContain("- ![A glass bottle](https://shop.example/glass.jpg)");
    expect(reader.render(markdown)).not.toContain("<code>");
  });

  test("a heading's text ending in '#' after a space keeps it: CommonMark would take it for the closing marks", () => {
    const markdown = md("<h3>Part #</h3><p>17026CLR</p><h2>#</h2><h2>Issue ##</h2><h2>C#</h2>");
    expect(markdown).toBe("### Part \\#\n\n17026CLR\n\n## \\#\n\n## Issue #\\#\n\n## C#");
    expect(reader.render(markdown)).toBe("<h3>Part #</h3>\n<p>17026CLR</p>\n<h2>#</h2>\n<h2>Issue ##</h2>\n<h2>C#</h2>\n");
    // Unescaped, the marks are gone from what a reader sees.
    expect(reader.render("### Part #")).toBe("<h3>Part</h3>\n");
    // A heading's own permalink (a link within the page, a mark with no word) goes; a word's link stays text.
    const linked = md(
      `<h2>Criteria <a class="hidden" href="#criteria">#</a></h2><h2>Install <a href="#i">¶</a></h2><h2>Part <a href="#p">#1</a></h2>`,
    );
    expect(linked).toBe("## Criteria\n\n## Install\n\n## Part #1");
    expect(md(`<p>See <a href="#fn1">1</a> and <a href="#top">↑</a></p>`)).toBe("See 1 and ↑");
    // A paragraph of "#" alone (a press release's end mark) is text, not an empty heading.
    const ends = md("<p>The end.</p><p><strong>###</strong></p><ul><li>#</li></ul><p>#######</p>");
    expect(ends).toBe("The end.\n\n\\###\n\n- \\#\n\n#######");
    expect(reader.render(ends)).toBe("<p>The end.</p>\n<p>###</p>\n<ul>\n<li>#</li>\n</ul>\n<p>#######</p>\n");
    expect(reader.render("###")).toBe("<h3></h3>\n");
  });

  test("empty headings and buttons disappear", () => {
    expect(md(`<h2> </h2><p>text <button>Share</button></p>`)).toBe("text");
  });

  test("GFM task lists", () => {
    expect(md(`<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> todo</li></ul>`)).toBe(
      "- [x] done\n- [ ] todo",
    );
  });
});

describe("links and images are absolute", () => {
  test("relative links resolve against the page URL", () => {
    expect(md(`<p><a href="../about">About</a>, <a href="/x?a=1&amp;b=2#c">x</a>, <a href="//cdn.example.org/y">y</a></p>`)).toBe(
      "[About](https://example.com/about), [x](https://example.com/x?a=1&b=2#c), [y](https://cdn.example.org/y)",
    );
  });

  test("links resolve against the base URL given (the page's <base href>)", () => {
    const document = linkedomPage(`<p><a href="c.html">c</a> <img src="i.png" alt="i"></p>`, "https://example.com/a/b.html").document;
    expect(toMarkdown(document.body, "https://static.example.org/base/")).toBe(
      "[c](https://static.example.org/base/c.html) ![i](https://static.example.org/base/i.png)",
    );
  });

  test("a jump within the page keeps only its text; a fragment of another page stays a link", () => {
    expect(
      md(
        `<p>None.<a href="#id2">[1]</a> See <a href="https://example.com/news/story.html#top">top</a>, <a href="/news/other.html#s2">other</a>.</p>`,
      ),
    ).toBe("None.[1] See top, [other](https://example.com/news/other.html#s2).");
  });

  test("brackets at either end of a link's text go outside the link; brackets inside it stay", () => {
    expect(md(`<p>Caches.<a href="/src/cache.py">[source]</a></p>`)).toBe("Caches.\\[[source](https://example.com/src/cache.py)\\]");
    expect(md(`<p>See <a href="/git-add.html">git-add[1]</a> and <a href="/ref">[Chen '20] theory</a>.</p>`)).toBe(
      "See [git-add](https://example.com/git-add.html)[1] and [Chen '20] [theory](https://example.com/ref).",
    );
    expect(md(`<p><a href="/a">a [b] c</a> <a href="/b">[a][b]</a> <a href="/c">[]</a></p>`)).toBe(
      "[a \\[b\\] c](https://example.com/a) [\\[a\\]\\[b\\]](https://example.com/b) [\\[\\]](https://example.com/c)",
    );
  });

  test("javascript: links keep only their text; empty links vanish", () => {
    expect(md(`<p><a href="javascript:void(0)">Click</a> <a href="/x"></a>here</p>`)).toBe("Click here");
  });

  test("a link around blocks keeps the blocks instead of breaking the syntax", () => {
    expect(md(`<a href="/story"><h2>Headline</h2><p>Teaser</p></a>`)).toBe("## Headline\n\nTeaser");
  });

  test("a link around one heading is a heading whose title is the link, on a line of its own", () => {
    expect(md(`<div><span>4.1</span><a href="/tee"><h4>Crest T-Shirt</h4></a><span>$25</span></div>`)).toBe(
      "4.1\n\n#### [Crest T-Shirt](https://example.com/tee)\n\n$25",
    );
    expect(md(`<a href="/story"><h2>Why <em>bees</em> matter</h2></a>`)).toBe("## [Why *bees* matter](https://example.com/story)");
    // The page's own "#" in a link's text is escaped text, not a heading's marks.
    expect(md(`<p><a href="/tag">#1 pick</a></p>`)).toBe("[#1 pick](https://example.com/tag)");
    expect(md(`<p><a href="/h"># of users</a></p>`)).toBe("[# of users](https://example.com/h)");
  });

  test("parentheses and spaces in URLs are escaped", () => {
    expect(md(`<p><a href="/wiki/Foo_(bar) baz">Foo</a></p>`)).toBe("[Foo](https://example.com/wiki/Foo_%28bar%29%20baz)");
  });
});

describe("lazy images get their real source", () => {
  const cases: [string, string, string][] = [
    [
      "data-src over a data: placeholder",
      `<img src="data:image/gif;base64,R0lGOD" data-src="/img/a.jpg" alt="A">`,
      "![A](https://example.com/img/a.jpg)",
    ],
    [
      "data-lazy-src over a placeholder file",
      `<img src="/img/blank.gif" data-lazy-src="b.jpg" alt="B">`,
      "![B](https://example.com/news/b.jpg)",
    ],
    [
      "a real image whose name merely contains 'lazy'",
      `<img src="data:image/gif;base64,R0lGOD" data-src="images/lazy-photo.jpg" alt="L">`,
      "![L](https://example.com/news/images/lazy-photo.jpg)",
    ],
    [
      "a placeholder named for what it is, with a size",
      `<img src="/assets/grey-placeholder-16x9.png" data-original="/p/real.webp" alt="P">`,
      "![P](https://example.com/p/real.webp)",
    ],
    [
      "the widest srcset candidate when there is no src",
      `<img srcset="s.jpg 320w, m.jpg 640w, l.jpg 1280w" alt="C">`,
      "![C](https://example.com/news/l.jpg)",
    ],
    ["data-srcset by density", `<img data-srcset="x1.jpg 1x, x2.jpg 2x" alt="D">`, "![D](https://example.com/news/x2.jpg)"],
    [
      "a <picture> source when the img has nothing",
      `<picture><source srcset="/p-640.webp 640w, /p-1280.webp 1280w"><img alt="E"></picture>`,
      "![E](https://example.com/p-1280.webp)",
    ],
    ["a plain src is kept", `<img src="/real.png" srcset="/small.png 100w" alt="F">`, "![F](https://example.com/real.png)"],
    ["an image with no usable source is dropped", `<img src="data:image/png;base64,AAAA" alt="G">`, ""],
    ["tracking pixels are dropped", `<img src="/t.gif?u=1" width="1" height="1">`, ""],
    ["a spacer one pixel high is dropped whatever its width", `<img src="s.gif" height="1" width="40">`, ""],
    ["a spacer declared 0 wide and 1 high is dropped", `<img src="/s.gif" width="0" height="1">`, ""],
    [
      "a responsive picture declared 0 x 0 stays",
      `<img src="/hero.png" width="0" height="0" alt="H">`,
      "![H](https://example.com/hero.png)",
    ],
    [
      "a picture declared 2 pixels high stays",
      `<img src="/rule.png" width="600" height="2" alt="R">`,
      "![R](https://example.com/rule.png)",
    ],
    [
      "a size that is no number of pixels leaves the picture",
      `<img src="/p.png" width="100%" height="auto" alt="W">`,
      "![W](https://example.com/p.png)",
    ],
  ];
  for (const [name, html, expected] of cases) test(name, () => expect(md(`<p>${html}</p>`)).toBe(expected));

  test("srcset URLs may contain commas (CDN transforms)", () => {
    expect(bestSrcsetCandidate("https://cdn.x/w_400,h_300/a.jpg 400w, https://cdn.x/w_800,h_600/a.jpg 800w")).toBe(
      "https://cdn.x/w_800,h_600/a.jpg",
    );
  });

  test("absoluteUrl refuses script and data URLs", () => {
    expect(absoluteUrl("javascript:alert(1)", "https://e.com/")).toBeNull();
    expect(absoluteUrl(" data:text/html,x", "https://e.com/")).toBeNull();
    expect(absoluteUrl("x y", "https://e.com/a/")).toBe("https://e.com/a/x%20y");
  });
});

describe("code blocks are fenced with their language", () => {
  test("language-* on <code>", () => {
    expect(md(`<pre><code class="language-typescript">const a = 1;\nconst b = a * 2;</code></pre>`)).toBe(
      "```typescript\nconst a = 1;\nconst b = a * 2;\n```",
    );
  });

  test("lang-* on <pre>, <br> as newlines, no <code>", () => {
    expect(md(`<pre class="prettyprint lang-py">def f():<br>    return 1</pre>`)).toBe("```py\ndef f():\n    return 1\n```");
  });

  test("GitHub's highlight-source-* wrapper and syntax-highlighting spans", () => {
    expect(md(`<div class="highlight highlight-source-shell"><pre><span class="k">echo</span> <span class="s">hi</span></pre></div>`)).toBe(
      "```shell\necho hi\n```",
    );
  });

  test("a fence longer than any backtick run inside; markdown characters stay unescaped", () => {
    expect(md("<pre><code>```\n*not emphasis* _x_\n```</code></pre>")).toBe("````\n```\n*not emphasis* _x_\n```\n````");
  });

  test("line-number gutters are left out and per-line wrappers become lines", () => {
    expect(md(`<pre><code><span class="line-numbers">1 2</span><div>a = 1</div><div>b = 2</div></code></pre>`)).toBe(
      "```\na = 1\nb = 2\n```",
    );
  });

  test("blank lines and trailing spaces inside code are kept as they are", () => {
    expect(md("<p>x</p><pre><code>a = 1  \n\n\n\nb = 2</code></pre><p>y</p>")).toBe("x\n\n```\na = 1  \n\n\n\nb = 2\n```\n\ny");
  });

  test("inline code stays inline", () => {
    expect(md("<p>Call <code>run()</code> now</p>")).toBe("Call `run()` now");
  });
});

describe("GFM tables", () => {
  test("a table without <th> gets its first row as the header", () => {
    expect(md(`<table><tr><td>Name</td><td>Age</td></tr><tr><td>Ann</td><td>31</td></tr><tr><td>Bob</td><td>42</td></tr></table>`)).toBe(
      "| Name | Age |\n| --- | --- |\n| Ann | 31 |\n| Bob | 42 |",
    );
  });

  test("thead/tbody, pipes escaped, multi-line cells joined with <br>", () => {
    expect(
      md(
        `<table><thead><tr><th>Op</th><th>Meaning</th></tr></thead><tbody><tr><td>a|b</td><td><p>first</p><p>second</p></td></tr></tbody></table>`,
      ),
    ).toBe("| Op | Meaning |\n| --- | --- |\n| a\\|b | first<br>second |");
  });

  test("a heading in a table cell is its text in bold, not '###' shown as text", () => {
    const markdown = md(
      `<table><tr><th>Spec</th><th>Value</th></tr><tr><td><h3>Battery</h3></td><td>5000 mAh</td></tr><tr><td><h4>SPACIOUS BAG:</h4><p>Our extra large duffle</p></td><td><h3>A <strong>bold</strong> name</h3></td></tr></table>`,
    );
    expect(markdown).toBe(
      "| Spec | Value |\n| --- | --- |\n| **Battery** | 5000 mAh |\n| **SPACIOUS BAG:**<br>Our extra large duffle | A **bold** name |",
    );
    expect(reader.render(markdown)).not.toContain("#");
    // A code block's "# comment" line in a cell stays the code's.
    expect(md(`<table><tr><th>Step</th><th>Run</th></tr><tr><td>1</td><td><pre># install\nnpm i</pre></td></tr></table>`)).toContain(
      "# install",
    );
    expect(md(`<table><tr><th>Step</th><th>Run</th></tr><tr><td>1</td><td><pre># install\nnpm i</pre></td></tr></table>`)).not.toContain(
      "**install**",
    );
    // The page's own "#" in a cell stays text.
    expect(md(`<table><tr><th>Tag</th><th>N</th></tr><tr><td># of users</td><td>3</td></tr></table>`)).toContain("| # of users | 3 |");
  });

  test("colspan and ragged rows are padded to the widest row", () => {
    expect(
      md(`<table><tr><th colspan="2">Both</th><th>C</th></tr><tr><td>1</td></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>`),
    ).toBe("| Both |  | C |\n| --- | --- | --- |\n| 1 |  |  |\n| 1 | 2 | 3 |");
  });

  test("a cell spanning rows keeps the cells after it under their own headers", () => {
    // A schedule: "Monday" fills two rows; Tuesday's 9:00 must stay under "Time", not under "Day".
    expect(
      md(
        `<table><tr><th>Day</th><th>Time</th><th>Talk</th></tr><tr><td rowspan="2">Monday</td><td>9:00</td><td>Opening</td></tr>` +
          `<tr><td>10:00</td><td>Keynote</td></tr><tr><td>Tuesday</td><td>9:00</td><td>Panel</td></tr></table>`,
      ),
    ).toBe("| Day | Time | Talk |\n| --- | --- | --- |\n| Monday | 9:00 | Opening |\n|  | 10:00 | Keynote |\n| Tuesday | 9:00 | Panel |");
  });

  test("rowspan and colspan together, in the header, in the last column and over whole rows", () => {
    expect(
      md(
        `<table><tr><th rowspan="2">Input</th><th colspan="2">Output</th></tr><tr><th>T=1</th><th>T=2</th></tr><tr><td>a</td><td>b</td><td>c</td></tr></table>`,
      ),
    ).toBe("| Input | Output |  |\n| --- | --- | --- |\n|  | T=1 | T=2 |\n| a | b | c |");
    // A last column filled by one cell for every row: the rows below are padded to the full width.
    expect(
      md(
        `<table><tr><th>Y</th><th>A</th><th>B</th></tr><tr><td>1</td><td>x</td><td rowspan="3">n/a</td></tr><tr><td>2</td><td>y</td></tr><tr><td>3</td><td>z</td></tr></table>`,
      ),
    ).toBe("| Y | A | B |\n| --- | --- | --- |\n| 1 | x | n/a |\n| 2 | y |  |\n| 3 | z |  |");
    // A cell over two whole rows and columns: the rows it fills are written empty, not dropped.
    expect(
      md(
        `<table><tr><th>Y</th><th>A</th><th>B</th></tr><tr><td>1940</td><td colspan="2" rowspan="2">Cancelled</td></tr><tr><td>1941</td></tr><tr><td>1942</td><td>p</td><td>q</td></tr></table>`,
      ),
    ).toBe("| Y | A | B |\n| --- | --- | --- |\n| 1940 | Cancelled |  |\n| 1941 |  |  |\n| 1942 | p | q |");
  });

  test("hostile rowspans are bounded by the table: 0, huge, negative, not a number", () => {
    expect(md(`<table><tr><th>A</th><th>B</th></tr><tr><td rowspan="0">x</td><td>1</td></tr><tr><td>2</td></tr></table>`)).toBe(
      "| A | B |\n| --- | --- |\n| x | 1 |\n|  | 2 |",
    );
    expect(md(`<table><tr><th>A</th><th>B</th></tr><tr><td rowspan="999999999">x</td><td>1</td></tr><tr><td>2</td></tr></table>`)).toBe(
      "| A | B |\n| --- | --- |\n| x | 1 |\n|  | 2 |",
    );
    for (const bad of ["-3", "abc", "1.5e9x"])
      expect(
        md(`<table><tr><th>A</th><th>B</th></tr><tr><td rowspan="${bad}">x</td><td>1</td></tr><tr><td>2</td><td>3</td></tr></table>`),
      ).toBe("| A | B |\n| --- | --- |\n| x | 1 |\n| 2 | 3 |");
  });

  test("a caption becomes a paragraph above the table", () => {
    expect(md(`<table><caption>Results</caption><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>`)).toBe(
      "Results\n\n| a | b |\n| --- | --- |\n| 1 | 2 |",
    );
  });

  test("layout tables (one column, one row, nested) become plain blocks", () => {
    expect(md(`<table><tr><td><p>Only</p></td></tr><tr><td><p>column</p></td></tr></table>`)).toBe("Only\n\ncolumn");
    expect(md(`<table><tr><td><img src="/a.jpg" alt="a"></td><td>Caption text</td></tr></table>`)).toBe(
      "![a](https://example.com/a.jpg)\n\nCaption text",
    );
    expect(
      md(`<table><tr><td><table><tr><td>x</td><td>y</td></tr><tr><td>1</td><td>2</td></tr></table></td><td>side</td></tr></table>`),
    ).toBe("| x | y |\n| --- | --- |\n| 1 | 2 |\n\nside");
  });

  test("a table whose cells are mostly empty (a page laid out in a table, its controls gone) becomes blocks", () => {
    // A news aggregator's story header: a rank cell, a vote arrow's cell, the title; under it an indent and the byline.
    const header =
      `<table><tr><td></td><td><a href="/vote"><div class="votearrow"></div></a></td><td><a href="https://blog.example.org/post">A title</a></td></tr>` +
      `<tr><td colspan="2"></td><td>412 points by author</td></tr><tr><td colspan="2"></td><td></td></tr></table>`;
    expect(md(header)).toBe("[A title](https://blog.example.org/post)\n\n412 points by author");
  });

  test("end to end: a thread laid out in tables reads as its story and posts, no blank columns or spacers; left out, the table returns", async () => {
    const post = (id: number, depth: number, user: string, text: string) =>
      `<tr class="athing comtr" id="${id}"><td><table border="0"><tr><td class="ind" indent="${depth}"><img src="s.gif" height="1" width="${depth * 40}"></td>` +
      `<td valign="top" class="votelinks"><center><a id="up_${id}" href="vote?id=${id}&amp;how=up"><div class="votearrow" title="upvote"></div></a></center></td>` +
      `<td class="default"><div><span class="comhead"><a href="user?id=${user}" class="hnuser">${user}</a></span></div><br>` +
      `<div class="comment"><div class="commtext c00">${text}</div></div></td></tr></table></td></tr>`;
    const posts = [
      post(
        11,
        0,
        "ada",
        "We ran our own database for three years; upgrades needed a maintenance window every single time, and the on-call team had to be there for each one.",
      ),
      post(
        12,
        1,
        "brian",
        "Same here. A managed service cost about a third more, but nobody was paged at night for disk space any longer.",
      ),
      post(
        13,
        2,
        "chen",
        "Point-in-time recovery is the feature nobody thinks of until the day it is the only one that matters to the business.",
      ),
      post(
        14,
        0,
        "dana",
        "For a small team the managed offering is cheaper once the hours of the engineers are counted honestly and in full.",
      ),
    ].join("");
    const html =
      `<html><head><title>Running your own database | Forum</title></head><body><center><table id="main" width="85%"><tr><td><table class="fatitem">` +
      `<tr class="athing submission" id="10"><td class="title"><span class="rank"></span></td><td class="votelinks"><center><a href="vote?id=10"><div class="votearrow"></div></a></center></td>` +
      `<td class="title"><a href="https://blog.example.org/own-database">Running your own database</a></td></tr>` +
      `<tr><td colspan="2"></td><td class="subtext">412 points by <a href="user?id=author" class="hnuser">author</a></td></tr>` +
      `<tr><td colspan="2"></td><td><form action="comment" method="post"><textarea name="text"></textarea><input type="submit" value="add comment"></form></td></tr></table>` +
      `<br><table class="comment-tree">${posts}</table></td></tr></table></center></body></html>`;
    const url = "https://forum.example/item?id=10";
    const markdown = (await htmlToArticle(html, { url }))!.markdown;
    expect(markdown).toContain("[Running your own database](https://blog.example.org/own-database)\n\n412 points by [author]");
    for (const words of [
      "the on-call team had to be there",
      "nobody was paged at night",
      "the only one that matters",
      "counted honestly and in full.",
    ])
      expect(markdown).toContain(words);
    expect(markdown).not.toContain("s.gif");
    expect(markdown).not.toContain("|  |");
    const off = (await htmlToArticle(html, { url, without: new Set(["sparse-tables"]) }))!.markdown;
    expect(off).toContain("|  |");
  });

  test("a data table with some empty cells, or its empty cells holding pictures, stays a table", () => {
    expect(md(`<table><tr><td>Mon</td><td>Yoga</td><td></td></tr><tr><td>Tue</td><td></td><td>Swim</td></tr></table>`)).toBe(
      "| Mon | Yoga |  |\n| --- | --- | --- |\n| Tue |  | Swim |",
    );
    expect(
      md(
        `<table><tr><td>Model</td><td>A</td><td>B</td></tr><tr><td>Wi-Fi</td><td><img src="/yes.png" alt="yes"></td><td></td></tr><tr><td>GPS</td><td></td><td><img src="/yes.png" alt="yes"></td></tr></table>`,
      ),
    ).toContain("| Model | A | B |");
    // A sparse index whose first row names every column (the pages of each topic in five books): 16 of its 30 cells are empty.
    const index =
      `<table><tr><td>Topic</td><td>A</td><td>B</td><td>C</td><td>D</td><td>E</td></tr>` +
      `<tr><td>Brakes</td><td>12</td><td></td><td></td><td></td><td></td></tr><tr><td>Steering</td><td></td><td>40</td><td></td><td></td><td></td></tr>` +
      `<tr><td>Tyres</td><td></td><td></td><td>7</td><td></td><td></td></tr><tr><td>Lights</td><td></td><td></td><td></td><td>93</td><td></td></tr></table>`;
    expect(md(index)).toContain("| Topic | A | B | C | D | E |\n| --- | --- | --- | --- | --- | --- |\n| Brakes | 12 |  |  |  |  |");
    // With header cells a table is data however empty its cells.
    expect(md(`<table><tr><th>Day</th><th>Class</th><th>Room</th></tr><tr><td></td><td></td><td>4</td></tr></table>`)).toContain(
      "| Day | Class | Room |",
    );
  });
});

describe("WCXB failure cases", () => {
  test("bold and italic ending in <br> keep their delimiters around the text", () => {
    const out = md(`<p><strong>Opening hours<br></strong>Monday to Friday <em>daily<br></em>closed</p>`);
    expect(out).toBe("**Opening hours**  \nMonday to Friday *daily*  \nclosed");
    expect(out).not.toContain("****");
  });

  test("a caption made of blocks keeps its words apart; plain captions still read as one line", () => {
    expect(
      md(
        `<table><caption><div>Seminary</div><div>Block Rate</div></caption><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>`,
      ),
    ).toContain("Seminary Block Rate");
    expect(md(`<table><caption>Rates <b>2025</b></caption><tr><th>A</th><th>B</th></tr></table>`)).toContain("Rates 2025");
  });

  test("emphasis written as two elements side by side is one run; apart, each keeps its own", () => {
    expect(md(`<p><b>Great! Let's do this</b><b>:</b> and <strong>Saving time</strong><b>, fast</b></p>`)).toBe(
      "**Great! Let's do this:** and **Saving time, fast**",
    );
    expect(md(`<p><em>Jul 21, </em><i>2017</i></p>`)).toBe("*Jul 21, 2017*");
    expect(md(`<p><b>one</b> <b>two</b></p>`)).toBe("**one** **two**");
    // Inside emphasis of its own kind, emphasis says nothing more.
    expect(md(`<p><b>Save: <b>$150.00</b> (13%)</b></p>`)).toBe("**Save: $150.00 (13%)**");
    expect(md(`<p><em>a <i>quoted</i> title</em></p>`)).toBe("*a quoted title*");
    // An initial set apart joins its word, and so does a lowercase letter after a lowercase one (a word
    // continued); elsewhere where two letters meet, the page's style may set the two apart, and they
    // stay two runs with a space between: marks side by side would show as asterisks.
    expect(md(`<ul><li><strong>S</strong><b>pecific</b> – state what is to be done</li></ul>`)).toBe(
      "- **Specific** – state what is to be done",
    );
    const apart = md(`<p><em>2:19 pm</em><em>Guest post</em> and <b>savings</b><span><b>BOOK:</b> By</span></p>`);
    expect(apart).toBe("*2:19 pm* *Guest post* and **savings** **BOOK:** By");
    expect(reader.renderInline(apart)).not.toContain("*");
    expect(reader.renderInline("*2:19 pm**Guest post* and **savings****BOOK:** By")).toContain("*");
    const word = md(`<p>chase<b> event trend</b><span><strong>s</strong> for their own sake</span></p>`);
    expect(word).toBe("chase **event trends** for their own sake");
    // The second may open a span, which means nothing to Markdown.
    expect(md(`<ul><li><strong>Audience</strong><span><strong>:</strong> most adults</span></li></ul>`)).toBe(
      "- **Audience:** most adults",
    );
    expect(md(`<p><b>S</b><span><b>pecific</b>, measurable</span></p>`)).toBe("**Specific**, measurable");
  });

  test("whitespace inside <colgroup> does not split a table", () => {
    const out = md(
      `<table>\n<colgroup>\n  <col>\n\n  <col>\n</colgroup>\n<tbody>\n<tr><td>a</td><td>b</td></tr>\n<tr><td>c</td><td>d</td></tr></tbody></table>`,
    );
    expect(out).toBe("| a | b |\n| --- | --- |\n| c | d |");
  });
});

describe("heading parts", () => {
  test("a name and its type, set apart only by the page's style, are written apart", () => {
    expect(
      md(`<h4><div><span><span><span>customer_id</span></span><span>nullable string</span></span></div><span>Expandable</span></h4>`),
    ).toBe("#### customer_id nullable string Expandable");
    expect(md(`<h3><a href="#limit">limit</a><em>integer</em></h3>`)).toBe("### limit *integer*");
    expect(
      md(`<p><a href="/p/1"><span role="heading" aria-level="2"><span>TRAILCO</span><span>Ridge 2 Running Shoes</span></span></a></p>`),
    ).toBe("[TRAILCO Ridge 2 Running Shoes](https://example.com/p/1)");
  });

  test("letters in spans of their own, parts joined by punctuation or text, and code stay as written", () => {
    expect(md(`<h2><span>H</span><span>e</span><span>l</span><span>l</span><span>o</span></h2>`)).toBe("## Hello");
    expect(md(`<h2><b>Sea</b>side <i>walks</i><span>, </span><span>maps</span></h2>`)).toBe("## **Sea**side *walks*, maps");
    expect(md(`<h2><code><span>get</span><span>Value</span></code></h2>`)).toBe("## `getValue`");
    expect(md(`<p><span>take</span><span>away</span></p>`)).toBe("takeaway");
  });
});

describe("marquees", () => {
  test("a ticker's copies of one phrase go; the text around them and a code block of repeated lines stay", () => {
    const ticker = `<div class="ticker">${"<span>Book Now *</span>".repeat(40)}</div>`;
    const code = `<pre><code>${"retry\n".repeat(12)}</code></pre>`;
    const out = md(`<p>Packaging that sells.</p>${ticker}<p>Make a lasting impression.</p>${code}`);
    expect(out).not.toContain("Book Now");
    expect(out).toContain("Packaging that sells.\n\nMake a lasting impression.");
    expect(out.match(/retry/g)?.length).toBe(12);
  });

  test("a phrase repeated fewer than ten times, or inside other text, is text", () => {
    expect(isMarquee("Never gonna give you up ".repeat(6))).toBe(false);
    expect(isMarquee("ha ".repeat(9))).toBe(false);
    expect(isMarquee(`${"Enrol now - ".repeat(12)}and save 10% before Friday`)).toBe(false);
    expect(isMarquee("Enrol now - ".repeat(10))).toBe(true);
    expect(isMarquee("- ### Loading...\n".repeat(10))).toBe(true);
    // A phrase of more than eight words is a refrain, however often it comes.
    expect(isMarquee("one two three four five six seven eight nine ".repeat(12))).toBe(false);
    expect(isMarquee("")).toBe(false);
  });
});

describe("loading placeholders", () => {
  test("blocks that only say a script is loading go; the text beside them stays", () => {
    const out = md(
      "<p>The loaf needs a hot oven.</p><p>Loading...</p><div>Loading prices for your region…</div><ul><li>LOADING...</li></ul><p>Bake it for 40 minutes.</p>",
    );
    expect(out).toBe("The loaf needs a hot oven.\n\nBake it for 40 minutes.");
  });

  test("a heading or a sentence about loading is text", () => {
    expect(isPlaceholder("Loading paragraph...")).toBe(true);
    expect(isPlaceholder("Loading...Loading...")).toBe(true);
    expect(isPlaceholder("Loading Initial Program Loader")).toBe(false);
    expect(isPlaceholder("Loading the truck with all our boxes took hours...")).toBe(false);
    expect(isPlaceholder("Loading time matters. Ours was long...")).toBe(false);
    expect(isPlaceholder(`Loading... ${"and more text ".repeat(20)}`)).toBe(false);
  });
});

describe("repeated runs", () => {
  const band =
    "<h2>Soft wool</h2><p>Superfine fibers have a luxurious feel and help regulate temperature.</p>" +
    "<h2>Odor minimizing</h2><p>Naturally anti-microbial, wool locks away moisture to keep it fresh.</p>" +
    "<p>Our proprietary sugarcane-based midsole is both sturdy and super soft.</p>";

  test("the second copy of a band of headings and paragraphs (the phone and desktop layouts) goes", () => {
    const out = md(`<h1>Wool Runner</h1><div class="mobile">${band}</div><div class="desktop">${band}</div><p>Free returns.</p>`);
    expect(out.match(/Superfine fibers/g)?.length).toBe(1);
    expect(out.match(/## Odor minimizing/g)?.length).toBe(1);
    expect(out).toEndWith("Free returns.");
  });

  test("a band said as list items (phones) and again as paragraphs (desktops) is said once; left out, both stay", () => {
    const perks = [
      "Save and replay recorded videos of every event for up to six months.",
      "Get alerts only when a person or a package is at the door.",
      "See a short animated preview of what triggered the alert right in the notification.",
    ];
    const phones = `<h2>Every moment at your fingertips</h2><ul>${perks.map((p) => `<li><p>${p}</p></li>`).join("")}</ul>`;
    const desktops = `<h2>Every moment at your fingertips</h2>${perks.map((p) => `<p>${p}</p>`).join("")}`;
    const html = `<h1>Home plan</h1>${phones}${desktops}<p>Cancel at any time.</p>`;
    const out = md(html);
    expect(out.match(/animated preview/g)?.length).toBe(1);
    expect(out.match(/Every moment/g)?.length).toBe(1);
    expect(out).toContain("- Save and replay");
    expect(out).toEndWith("Cancel at any time.");
    const url = "https://example.com/plans";
    const page = linkedomPage(`<html><body>${html}</body></html>`, url).document.body;
    const markdown = toMarkdown(page, url, { listTwins: false });
    expect(markdown.match(/animated preview/g)?.length).toBe(2);
    // A list said twice stays a list said twice, and a paragraph band said later as a list stays too.
    const items = `${phones}<p>Between.</p>${phones}`;
    expect(md(items).match(/animated preview/g)?.length).toBe(2);
    expect(md(`${desktops}<p>Between.</p>${phones}`).match(/animated preview/g)?.length).toBe(2);
  });

  test("a plan's features repeated in every plan, a table shown twice and repeated code stay", () => {
    const features =
      "<ul><li>Phone consultation with one of our experts</li><li>Keyword optimized for applicant tracking</li>" +
      "<li>Personalized draft within three business days</li><li>Two rounds of comprehensive revisions</li></ul>";
    const table =
      "<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic resume writing service</td><td>$99</td></tr>" +
      "<tr><td>Professional resume writing with coaching</td><td>$199</td></tr><tr><td>Executive package with LinkedIn</td><td>$299</td></tr></table>";
    const code =
      "<pre><code>const client = new Client(accountSid, authToken);\nconst message = await client.messages.create({ body, from, to });\nconsole.log(message.sid);\nprocess.exit(0);</code></pre>";
    const out = md(`<h3>Basic</h3>${features}<h3>Pro</h3>${features}${table}<p>Monthly</p>${table}${code}<p>Or in a worker:</p>${code}`);
    expect(out.match(/Phone consultation/g)?.length).toBe(2);
    expect(out.match(/Executive package/g)?.length).toBe(2);
    expect(out.match(/process\.exit/g)?.length).toBe(2);
  });

  test("a short run, or one of few words, is the text's own repetition", () => {
    const three = "First line of the chorus we sing together.\n\nSecond line of the chorus we sing.\n\nThird line of the chorus.";
    const twice = `${three}\n\nA verse between the choruses.\n\n${three}`;
    expect(withoutRepeatedRuns(twice)).toBe(twice);
    const short = "Yes.\n\nNo.\n\nMaybe.\n\nLater.";
    const shortTwice = `${short}\n\nBetween.\n\n${short}`;
    expect(withoutRepeatedRuns(shortTwice)).toBe(shortTwice);
    // Four lines of more than thirty words in all: the later copy goes.
    const four = `${three}\n\nFourth line closes the song for everyone who came to hear it tonight.`;
    expect(withoutRepeatedRuns(`${four}\n\nBetween.\n\n${four}`)).toBe(`${four}\n\nBetween.`);
  });

  test("a heading written twice with only images between loses its second copy", () => {
    const card = "### Enterprise graph for every team\n\n![](https://example.com/graph.png)\n\n### Enterprise graph for every team";
    expect(withoutRepeatedRuns(`${card}\n\nOne model of the whole company.`)).toBe(
      "### Enterprise graph for every team\n\n![](https://example.com/graph.png)\n\nOne model of the whole company.",
    );
    // Through the converter: the card's front and back titles.
    const out = md(
      '<div><h3>Risk-based patching</h3><img src="/a.png" alt=""></div><div><h3>Risk-based patching</h3><p>Patch what is exploited first.</p></div>',
    );
    expect(out.match(/Risk-based patching/g)?.length).toBe(1);
    expect(out).toContain("Patch what is exploited first.");
  });

  test("a line of several pictures, or a list item of pictures, between the copies counts as pictures too", () => {
    const shots = "[![](https://example.com/a.png)](https://example.com/a) ![](https://example.com/b.png)";
    const card = `### Enterprise graph for every team\n\n${shots}\n\n### Enterprise graph for every team`;
    expect(withoutRepeatedRuns(card)).toBe(`### Enterprise graph for every team\n\n${shots}`);
    const listed = "### Enterprise graph for every team\n\n- ![](https://example.com/a.png)\n\n### Enterprise graph for every team";
    expect(withoutRepeatedRuns(listed)).toBe("### Enterprise graph for every team\n\n- ![](https://example.com/a.png)");
    // A picture with words beside it is a card's text: the heading after it stays.
    const captioned = "### Enterprise graph\n\n![](https://example.com/a.png) One model.\n\n### Enterprise graph";
    expect(withoutRepeatedRuns(captioned)).toBe(captioned);
  });

  test("a heading said again after text, a paragraph or list item said twice, and code stay", () => {
    const apart = "## Setup\n\nInstall the package.\n\n## Setup";
    expect(withoutRepeatedRuns(apart)).toBe(apart);
    const paragraphs = "The meeting is on Monday.\n\nThe meeting is on Monday.";
    expect(withoutRepeatedRuns(paragraphs)).toBe(paragraphs);
    const items = "- Yes\n- Yes";
    expect(withoutRepeatedRuns(items)).toBe(items);
    const code = "```\n# comment\n# comment\n```";
    expect(withoutRepeatedRuns(code)).toBe(code);
    const ranks = "## Pricing\n\n### Pricing";
    expect(withoutRepeatedRuns(ranks)).toBe(ranks);
  });

  test("a parallel section under a heading of higher rank (plan B repeating plan A's meals) keeps its repeats", () => {
    const meals =
      "### Meal 1\n\nOne scoop of protein, a cup of strawberries and eight ounces of almond milk.\n\n" +
      "### Meal 2\n\nTwo eggs, a cup of asparagus and half a cup of sweet potato with olive oil.";
    const plans = `## Plan A\n\n${meals}\n\n## Plan B\n\n${meals}`;
    expect(withoutRepeatedRuns(plans)).toBe(plans);
    // The same band again with no heading above its own between the copies: a second copy.
    expect(withoutRepeatedRuns(`## Plan A\n\n${meals}\n\n### Note\n\n${meals}`)).toBe(`## Plan A\n\n${meals}\n\n### Note`);
  });

  test("two long copies kept apart by a heading are read in linear time", () => {
    const body = Array.from({ length: 30000 }, (_, i) => `Paragraph number ${i} of a very long hostile page.`).join("\n\n");
    const page = `# One\n\n${body}\n\n# Two\n\n${body}`;
    // A scan that looked at the tail of a kept run again would do quadratic work here: minutes, past
    // this test's limit (10,000 lines already took 14 s that way); the linear scan takes milliseconds.
    expect(withoutRepeatedRuns(page)).toBe(page);
  }, 20_000);

  test("end to end the page's second copy is gone; the benchmarks' ablation leaves the rule out by name (rules.ts)", async () => {
    const page = `<html><body><article><h1>Wool Runner</h1><div class="mobile">${band}</div><div class="desktop">${band}</div><p>${"Made of merino wool and sugarcane foam. ".repeat(4)}</p></article></body></html>`;
    const url = "https://shop.example/products/wool-runner";
    const once = (await htmlToArticle(page, { url }))!.markdown;
    expect(once.match(/Superfine fibers/g)?.length).toBe(1);
    const twice = (await htmlToArticle(page, { url, without: new Set(["repeated-runs"]) }))!.markdown;
    expect(twice.match(/Superfine fibers/g)?.length).toBe(2);
  });

  test("a page of thousands of identical lines is read in linear time and keeps its first run", () => {
    const line = "The same sentence of a hostile page, again and again and again.";
    const out = withoutRepeatedRuns(Array(20000).fill(line).join("\n\n"));
    // Overlapping windows are one run: nothing is a second copy of an earlier, separate run but the tail.
    expect(out.split("\n\n").length).toBeLessThan(20000);
    expect(out).toStartWith(line);
  });
});

// A run of one character that does not end the text made trailing-run patterns (/\n+$/, /[ \t]+$/,
// /,+$/, and turndown's own /[\t\r\n\s]+$/) quadratic: 40,000 newlines before a letter took over a
// second, so these 200,000-long runs took minutes (src/extract/trim.ts, readyTree in
// src/extract/markdown.ts). The limits below are far above the linear time.
describe("long runs of one character are trimmed in linear time", () => {
  const RUN = 200_000;

  test("a code block of blank lines before its last line", () => {
    const out = md(`<pre>first${"\n".repeat(RUN)}last</pre>`);
    expect(out.startsWith("```\nfirst\n")).toBe(true);
    expect(out.endsWith("last\n```")).toBe(true);
  }, 5_000);

  test("the same code block inside a list item", () => {
    const out = md(`<ul><li><pre>first${"\n".repeat(RUN)}last</pre>after</li><li>next</li></ul>`);
    expect(out).toContain("last");
    expect(out).toContain("- next");
  }, 5_000);

  test("a code line of spaces before its last word keeps 64 of them; shorter runs stay whole", () => {
    expect(md(`<pre>a${" ".repeat(RUN)}b\n</pre>`)).toBe(`\`\`\`\na${" ".repeat(64)}b\n\`\`\``);
    const indented = `def f():\n\n${" ".repeat(60)}return 1`;
    expect(md(`<pre>${indented}</pre>`)).toBe(`\`\`\`\n${indented}\n\`\`\``);
  }, 5_000);

  test("a paragraph of no-break spaces between two words", () => {
    expect(md(`<p>a${"&nbsp;".repeat(RUN)}b</p>`)).toMatch(/^a\s+b$/);
  }, 5_000);

  test("a word joined by a long run of underscores, and spaced asterisks", () => {
    expect(md(`<p>a${"_".repeat(RUN)}b</p>`)).toBe(`a${"_".repeat(RUN)}b`);
    expect(md(`<p>a${"_".repeat(RUN)}</p>`)).toBe(`a${"\\_".repeat(RUN)}`);
    expect(md(`<p>a${" *".repeat(RUN / 2)} b</p>`)).toBe(`a${" *".repeat(RUN / 2)} b`);
  }, 5_000);

  test("a paragraph of line breaks in a row", () => {
    expect(md(`<p>a${"<br>".repeat(RUN / 4)}b</p>`)).toBe(md(`<p>a<br><br>b</p>`));
    expect(md(`<p><b>a${"<br> ".repeat(RUN / 4)}b</b></p>`)).toBe(md(`<p><b>a<br> <br> b</b></p>`));
  }, 5_000);

  test("a row of bold elements side by side", () => {
    expect(md(`<p>${"<b>ab:</b>".repeat(RUN / 4)}</p>`)).toBe(`**${"ab:".repeat(RUN / 4)}**`);
  }, 5_000);

  test("two or three line breaks read the same; text between breaks keeps each", () => {
    expect(md(`<p>a<br><br><br>b</p>`)).toBe(md(`<p>a<br><br>b</p>`));
    expect(md(`<p>a<br>b<br>c<br>d</p>`)).toBe("a  \nb  \nc  \nd");
  });

  test("a srcset candidate made of commas", () => {
    expect(bestSrcsetCandidate(`a${",".repeat(RUN)}b, https://cdn.example/c.jpg 2x`)).toBe("https://cdn.example/c.jpg");
  }, 5_000);
});

describe("code blocks whose markup has no line break", () => {
  const minified =
    '<pre><code><span class="line"><span>npm</span><span> init</span></span><span class="line mark"><span>cd</span><span> app</span></span></code></pre>';

  test("sibling line elements of one kind become one line each", () => {
    expect(md(minified)).toContain("npm init\ncd app");
  });

  test("the rule can be left out", () => {
    const url = "https://example.com/";
    const root = linkedomPage(`<html><body>${minified}</body></html>`, url).document.body;
    expect(toMarkdown(root, url, { codeLines: false })).toContain("npm initcd app");
  });

  test("inline parts of one line, of different kinds, stay on one line", () => {
    expect(md('<pre><code><span class="k">let</span><span class="v"> x</span><span class="o"> =</span></code></pre>')).toContain("let x =");
  });

  test("one line made only of token spans sharing a first class stays one line", () => {
    const tokens =
      '<pre><code><span class="token function">print</span><span class="token punctuation">(</span><span class="token string">"hi"</span><span class="token punctuation">)</span></code></pre>';
    expect(md(tokens)).toContain('print("hi")');
  });

  test("a block that already has line breaks is left as it is", () => {
    expect(md('<pre><code><span class="a">a b</span>\n<span class="a">c d</span></code></pre>')).toContain("a b\nc d");
  });
});

describe("glued twins", () => {
  test("a line that is one label said twice with nothing between is said once", () => {
    const markdown = ["- [Trail cup](/p/1)", "", "  NEWNEW", "", "Seller's other itemsSeller's other items", "## SaleSale"].join("\n");
    expect(withoutGluedTwins(markdown)).toBe(["- [Trail cup](/p/1)", "", "  NEW", "", "Seller's other items", "## Sale"].join("\n"));
  });

  test("copies with a space between them, short copies, numbers and code stay", () => {
    const markdown = ["Talk Talk", "", "HaHa", "", "hahahaha", "", "1212", "", "```", "AbcAbc", "```"].join("\n");
    expect(withoutGluedTwins(markdown)).toBe(markdown);
  });

  test("end to end: a badge's phone and desktop copies are said once; left out, the rule keeps both", async () => {
    const card = (name: string, i: number) =>
      `<div class="card"><span class="badge"><span class="mobile">NEW</span><span class="desktop">NEW</span></span><h3><a href="/p/${i}">${name}</a></h3><p>$${20 + i}.00</p></div>`;
    const names = ["Oak lamp", "Ash stool", "Elm shelf", "Fir crate", "Yew bowl", "Box frame"];
    const html = `<html><head><title>Wood goods</title></head><body><main><h1>Wood goods</h1><div class="grid">${names.map(card).join("")}</div></main></body></html>`;
    const url = "https://shop.example/wood";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("Oak lamp");
    expect(md).not.toContain("NEWNEW");
    const kept = (await htmlToArticle(html, { url, without: new Set(["glued-twins"]) }))?.markdown ?? "";
    expect(kept).toContain("NEWNEW");
  });
});

describe("withoutRepeatedPictures: one picture shown twice in a row is shown once", () => {
  test("the same address twice in a row, linked or in a list, keeps the first; other pictures and text between stay", () => {
    const markdown = [
      "# Selfie stick",
      "![Selfie stick, black](https://cdn.example/10134622.jpg)",
      "",
      "![](https://cdn.example/10134622.jpg)",
      "",
      "- [![konark profile](https://cdn.example/u/1.png)](/konark)",
      "  [![](https://cdn.example/u/1.png)](/konark)",
      "",
      "![Selfie stick, folded](https://cdn.example/10134622_001.jpg)",
      "",
      "The stick folds to 18 cm.",
      "",
      "![Selfie stick, folded](https://cdn.example/10134622_001.jpg)",
      "",
      "```",
      "![](https://cdn.example/10134622_001.jpg)",
      "```",
    ].join("\n");
    expect(withoutRepeatedPictures(markdown)).toBe(
      [
        "# Selfie stick",
        "![Selfie stick, black](https://cdn.example/10134622.jpg)",
        "",
        "- [![konark profile](https://cdn.example/u/1.png)](/konark)",
        "",
        "![Selfie stick, folded](https://cdn.example/10134622_001.jpg)",
        "",
        "The stick folds to 18 cm.",
        "",
        "![Selfie stick, folded](https://cdn.example/10134622_001.jpg)",
        "",
        "```",
        "![](https://cdn.example/10134622_001.jpg)",
        "```",
      ].join("\n"),
    );
    // A picture beside words on its line is not a line of only a picture.
    const captioned = "![](https://cdn.example/a.jpg)\n\n![](https://cdn.example/a.jpg) The same, from above.";
    expect(withoutRepeatedPictures(captioned)).toBe(captioned);
  });

  test("through htmlToArticle: a gallery's slide and thumbnail come once, twice with the rule left out", async () => {
    const prose =
      "<p>The stick folds to eighteen centimetres and holds a phone of any size, with a remote that pairs over Bluetooth in a second.</p>";
    const html = `<html><body><article><h1>Selfie stick</h1>${prose}<div class="gallery"><img src="https://cdn.example/s.jpg" alt="Selfie stick"><img src="https://cdn.example/s.jpg"></div>${prose.replace("stick", "pole")}</article></body></html>`;
    const once = (await htmlToArticle(html, { url: "https://shop.example/p/1" }))!.markdown;
    expect(once.match(/cdn\.example\/s\.jpg/g)?.length).toBe(1);
    const twice = (await htmlToArticle(html, { url: "https://shop.example/p/1", without: new Set(["repeated-pictures"]) }))!.markdown;
    expect(twice.match(/cdn\.example\/s\.jpg/g)?.length).toBe(2);
  });

  test("hostile: 100,000 picture lines and an unclosed picture pass in one scan", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `![](https://cdn.example/${i % 2}.jpg)`).join("\n");
    expect(withoutRepeatedPictures(lines).split("\n").length).toBe(100_000);
    const unclosed = `![${"[".repeat(50_000)}](${"(".repeat(50_000)}`;
    expect(withoutRepeatedPictures(unclosed)).toBe(unclosed);
    // One line of 50,000 pictures that ends in a word is no line of pictures, and is read in one pass.
    for (const line of [`${"![a](b)".repeat(50_000)} x`, `${"[![a](b)](c)".repeat(50_000)}!`]) {
      const markdown = `![a](b)\n\n${line}`;
      expect(withoutRepeatedPictures(markdown) === markdown).toBe(true);
    }
  }, 5_000);
});

describe("definition lists: a term and its one short value are one line", () => {
  test("a specification's rows read Term: value, also wrapped in a <div> per row, and a term's own colon is not doubled", () => {
    expect(
      md(
        `<h2>Specs</h2><dl><dt>Country of Origin</dt><dd>United States</dd><dt>Outer fabric:</dt> <dd><span>100% polyester</span></dd></dl><p>After.</p>`,
      ),
    ).toBe("## Specs\n\nCountry of Origin: United States\n\nOuter fabric: 100% polyester\n\nAfter.");
    expect(md(`<dl><div><dt>Weight</dt><dd>2 kg</dd></div><div><dt>Size</dt><dd><b>L</b></dd></div></dl>`)).toBe(
      "Weight: 2 kg\n\nSize: **L**",
    );
  });

  test("a manual's entry (blocks in its value), a term of several values and long ones keep their paragraphs", () => {
    expect(md(`<dl><dt><code>fetch(url)</code></dt><dd><p>Fetches the resource.</p><p>More.</p></dd></dl>`)).toBe(
      "`fetch(url)`\n\nFetches the resource.\n\nMore.",
    );
    expect(md(`<dl><dt>Colours</dt><dd>Red</dd><dd>Blue</dd></dl>`)).toBe("Colours\n\nRed\n\nBlue");
    // A term that ends a sentence is no label, and a full-width colon is a colon.
    expect(md(`<dl><dt>Returns are accepted within 7 days.</dt><dd>Unless the seal is broken</dd></dl>`)).toBe(
      "Returns are accepted within 7 days.\n\nUnless the seal is broken",
    );
    expect(md(`<dl><dt>產品責任險：</dt><dd>已投保</dd></dl>`)).toBe("產品責任險： 已投保");
    const long = "A value that runs on for a long while, ".repeat(4);
    expect(md(`<dl><dt>Note</dt><dd>${long}</dd></dl>`)).toBe(`Note\n\n${long.trim()}`);
  });

  test("end to end, and without the rule the value stands apart from its term", async () => {
    const rows = ["Brand", "Acme"],
      more = ["Country of Origin", "United States"];
    const html =
      `<html><head><title>Kettle</title></head><body><article><h1>Kettle</h1>` +
      `<p>${"A steel kettle that boils a litre of water in three minutes and keeps it warm for an hour. ".repeat(4)}</p>` +
      `<h2>Specifications</h2><dl><dt>${rows[0]}</dt><dd>${rows[1]}</dd><dt>${more[0]}</dt><dd>${more[1]}</dd></dl></article></body></html>`;
    const url = "https://shop.example/kettle";
    const markdown = (await htmlToArticle(html, { url }))!.markdown;
    expect(markdown).toContain("Brand: Acme\n\nCountry of Origin: United States");
    const off = (await htmlToArticle(html, { url, without: new Set(["definition-pairs"]) }))!.markdown;
    expect(off).toContain("Country of Origin\n\nUnited States");
  });
});

describe("itemOrParagraphText: the words of a paragraph or list item line, as the line rules read them", () => {
  test("an item's marker, link targets, emphasis and brackets go; a heading, a table row and a blank line give null", () => {
    expect(itemOrParagraphText("- Follow us on [**Instagram**](https://a.example/ig)")).toBe("Follow us on Instagram");
    expect(itemOrParagraphText("12. _Follow_ us")).toBe("Follow us");
    expect(itemOrParagraphText("  Follow us on Mastodon  ")).toBe("Follow us on Mastodon");
    expect(itemOrParagraphText("### Follow us")).toBeNull();
    expect(itemOrParagraphText("| Follow | us |")).toBeNull();
    expect(itemOrParagraphText("   ")).toBeNull();
  });
});

describe("blockLineText: the words of a paragraph or heading line, as the line rules read them", () => {
  test("a heading's marks, link targets, emphasis and brackets go; a list item, a table row and a blank line give null", () => {
    expect(blockLineText("### **Teilen** Sie [dies](https://a.example/share) mit:")).toBe("Teilen Sie dies mit:");
    expect(blockLineText("  Subscribe to _continue_ reading  ")).toBe("Subscribe to continue reading");
    expect(blockLineText("- Subscribe to continue reading")).toBeNull();
    expect(blockLineText("| Like this | Like that |")).toBeNull();
    expect(blockLineText("   ")).toBeNull();
  });
});
