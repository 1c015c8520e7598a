import { describe, expect, test } from "bun:test";
import { findLead, leadMissing } from "../../src/extract/lead.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { documentMaker, readabilityAlone } from "../helpers/dom.ts";

const makeDocument = documentMaker();
const URL = "https://docs.example/guide/requests";

const INTRO =
  `<p>The request interface lets a script ask a server for a resource and read the answer as it arrives, without reloading the page.</p>` +
  `<p>It replaces the older callback interface: every call returns a promise, which settles when the server's headers are in, so a script can wait for it in a plain sequence of statements.</p>`;
const SECTIONS = Array.from(
  { length: 8 },
  (_, i) =>
    `<section><h2>Step ${i + 1}</h2><p>To send request number ${i + 1}, call the function with the address of the resource and, optionally, an object of options; the options set the method, the headers and the body, and each has a default that suits a simple read.</p><p>The answer's status tells whether the server found the resource; a script should check it before it reads the body, since an error page has a body too, and reading it as data gives nonsense.</p></section>`,
).join("");
const page = (head: string, lead: string) =>
  `<!doctype html><html><head><title>Making requests</title>${head}</head><body><nav><a href="/">Docs</a> <a href="/guide">Guide</a></nav>` +
  `<main><div class="layout__header"><h1>Making requests</h1><section class="content-section">${lead}</section></div>` +
  `<aside class="toc"><a href="#s1">Step 1</a></aside><div class="layout__body">${SECTIONS}</div></main><footer><a href="/about">About</a></footer></body></html>`;

describe("lead rule (lead.ts)", () => {
  test("the introduction in a block of its own beside the body goes first; Readability alone keeps the body only", async () => {
    const html = page("", INTRO);
    expect(await readabilityAlone(html, URL)).not.toContain("lets a script ask a server");
    const article = await htmlToArticle(html, { url: URL });
    const md = article?.markdown ?? "";
    expect(md).toContain("lets a script ask a server");
    expect(md).toContain("Step 8");
    expect(md.indexOf("lets a script ask a server")).toBeLessThan(md.indexOf("Step 1"));
    const without = await htmlToArticle(html, { url: URL, without: new Set(["lead"]) });
    expect(without?.markdown).not.toContain("lets a script ask a server");
  });

  test("a page that declares one article keeps Readability's choice (a news title block's standfirst is not the text)", async () => {
    const article = await htmlToArticle(page(`<meta property="og:type" content="article">`, INTRO), { url: URL });
    expect(article?.markdown).not.toContain("lets a script ask a server");
  });

  test("a title block with a one-line subtitle is no lead; nor is a block holding the whole text", () => {
    const short = makeDocument(`<main><div class="hero"><h1>Making requests</h1><p>A short guide.</p></div><div>${SECTIONS}</div></main>`);
    expect(findLead(short.body)).toBeNull();
    const whole = makeDocument(`<main><div class="doc"><h1>Making requests</h1>${INTRO}${SECTIONS}</div><aside>Links</aside></main>`);
    expect(findLead(whole.body)).toBeNull();
  });

  test("the lead is missing only when its first paragraph's opening words are", () => {
    const d = makeDocument(`<main><div class="top"><h1>Making requests</h1>${INTRO}</div><div>${SECTIONS}</div></main>`);
    const lead = findLead(d.body)!;
    expect(lead.getElementsByTagName("h1").length).toBe(0);
    expect(leadMissing(lead, "Step 1 To send request number 1")).toBe(true);
    expect(leadMissing(lead, "The request interface lets a script ask a server for a resource and more")).toBe(false);
  });
});
