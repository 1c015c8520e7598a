import { describe, expect, test } from "bun:test";
import { Readability } from "@mozilla/readability";
import { linkedomPage } from "../../src/extract/dom.ts";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { QUICKENED_VERSION, quickenReadability } from "../../src/extract/quick-readability.ts";
import { tempDir } from "../helpers/temp.ts";

// Readability's byline and empty-element tests, replaced by cheaper ones, and the texts its conditional
// clean-up reads, kept while it judges one element (src/extract/quick-readability.ts): on every element
// of tricky trees the replacements answer exactly what Readability's own methods do, and a whole parse
// gives the same article.

type Tests = {
  _isValidByline(node: Element, matchString: string): boolean;
  _isElementWithoutContent(node: Element): boolean;
  parse(): { content: string; textContent: string; byline: string | null; excerpt: string | null } | null;
};
const proto = Readability.prototype as unknown as Tests;
const original = quickenReadability(Readability.prototype) as Partial<Tests>;

const TREES = [
  `<div class="byline">  </div><div rel="author">Jane Doe</div><span itemprop="author"><!-- Jane --></span>`,
  `<p class="author"><![CDATA[x]]></p><div id="writtenby"><b> </b><i>
</i></div><section class="dateline"><template>By Jane</template></section>`,
  `<div class="author-bio">${"A long biography of the author. ".repeat(5)}</div><a rel="author" href="/j">Jane</a>`,
  `<div><br><hr></div><div> <br> </div><div><br><span></span></div><header><h2> </h2></header><div>&nbsp;</div>`,
  `<div>\u00a0\u2003\ufeff</div><div>\u200b</div><section><div><div><p>deep text</p></div></div></section><div></div>`,
  `<div class="p-author"><svg><title>Jane</title></svg></div><h1>Title</h1><div><template><p>hidden</p></template></div>`,
];

describe("quickenReadability", () => {
  test("replaces the methods on Readability 0.6.0 under Bun", () => {
    expect(Object.keys(original).sort()).toEqual(
      ["_cleanConditionally", "_getInnerText", "_isElementWithoutContent", "_isValidByline", "_removeNodes"].sort(),
    );
    expect(proto._isValidByline).not.toBe(original._isValidByline!);
  });

  test("a second call replaces nothing", () => {
    const again = quickenReadability(Readability.prototype);
    expect(again).toBe(original);
  });

  test("another version of Readability, or a prototype without the methods, is left as it is", () => {
    const methods = () => ({
      _isValidByline: () => true,
      _isElementWithoutContent: () => false,
      _cleanConditionally: () => {},
      _removeNodes: () => {},
      _getInnerText: () => "",
    });
    const other = methods();
    const kept = { ...other };
    expect(quickenReadability(other, "0.7.0")).toEqual({});
    expect(other).toEqual(kept);
    const partial = { _isValidByline: () => true };
    expect(quickenReadability(partial, QUICKENED_VERSION)).toEqual({});
    expect(Object.keys(quickenReadability(methods(), QUICKENED_VERSION)).length).toBe(5);
  });

  test("the release build's minified bundle replaces them too", async () => {
    // scripts/build.ts minifies syntax and white space: the check must not read the methods' source.
    const dir = tempDir("vellum-quicken-");
    try {
      const entry = join(dir, "entry.ts");
      writeFileSync(
        entry,
        `import { Readability } from ${JSON.stringify(Bun.resolveSync("@mozilla/readability", import.meta.dir))};\nimport { quickenReadability } from ${JSON.stringify(join(import.meta.dir, "../../src/extract/quick-readability.ts"))};\nconsole.log(Object.keys(quickenReadability(Readability.prototype)).length);\n`,
      );
      const built = await Bun.build({
        entrypoints: [entry],
        outdir: dir,
        target: "bun",
        format: "esm",
        minify: { syntax: true, whitespace: true },
      });
      expect(built.success).toBe(true);
      const run = Bun.spawnSync([process.execPath, built.outputs[0]!.path], { cwd: dir });
      expect(run.stdout.toString().trim()).toBe("5");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const [i, html] of TREES.entries()) {
    test(`tree ${i + 1}: both tests answer as Readability's own on every element`, () => {
      const document = linkedomPage(`<html><body>${html}</body></html>`, "https://example.com/").document;
      const reader = new Readability(document) as unknown as Tests;
      const elements = [document.documentElement, ...Array.from(document.querySelectorAll("*"))];
      for (const el of elements) {
        const matchString = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
        expect(proto._isValidByline.call(reader, el, matchString)).toBe(original._isValidByline!.call(reader, el, matchString));
        expect(proto._isElementWithoutContent.call(reader, el)).toBe(original._isElementWithoutContent!.call(reader, el));
      }
    });
  }

  // Pages of the shapes `_cleanConditionally` judges: lists of links, comma-less blocks, tables, embeds,
  // nested divisions it removes from the inside out (a removed child changes its parent's text).
  const item = (i: number) => `<li><a href="/s/${i}">Story number ${i}</a></li>`;
  const prose = (i: number) => `<p>Paragraph ${i} of the story, with commas, clauses, and enough words to count as prose in it.</p>`;
  const PAGES = [
    `<article><h1>Title</h1>${[1, 2, 3, 4, 5].map(prose).join("")}<div class="share"><a href="#">Share</a> <a href="#">Tweet</a></div>
     <div class="related"><ul>${[1, 2, 3, 4, 5, 6].map(item).join("")}</ul></div>${[6, 7].map(prose).join("")}</article>`,
    `<div id="main"><div><div class="sidebar"><div><a href="/a">A</a></div><div><a href="/b">B long link text</a> tail</div></div>
     ${[1, 2, 3].map(prose).join("")}<div><img src="/1.png"><img src="/2.png"><p>caption</p></div>
     <table><tr><td>one</td><td>two</td></tr></table><div><iframe src="https://www.youtube.com/embed/x"></iframe></div>
     <div><object data="/x.swf"></object> short</div>${[4, 5, 6].map(prose).join("")}<div class="comments"><form><input><input><input></form></div></div></div>`,
    `<main><section><h2>Part</h2>${[1, 2].map(prose).join("")}<ul><li><img src="/a.png"></li><li><img src="/b.png"></li></ul>
     <div>Advertisement</div><div><h3>Heading only</h3></div><div>  <span> </span></div><div class="author-box"><a rel="author" href="/j">Jane Doe</a></div>
     <ol>${[7, 8, 9].map(item).join("")}</ol>${[3, 4, 5].map(prose).join("")}</section></main>`,
  ];
  for (const [i, page] of PAGES.entries()) {
    test(`page ${i + 1}: a whole parse gives the same article as with Readability's own methods`, () => {
      const parse = (own: boolean) => {
        const document = linkedomPage(
          `<html><head><title>Page</title></head><body>${page}</body></html>`,
          "https://example.com/a",
        ).document;
        const reader = new Readability(document, { keepClasses: true }) as unknown as Tests;
        if (own) Object.assign(reader, original); // own properties shadow the prototype's replacements
        return reader.parse();
      };
      const quick = parse(false);
      expect(quick?.textContent).toContain("Paragraph");
      expect(quick).toEqual(parse(true));
    });
  }
});
