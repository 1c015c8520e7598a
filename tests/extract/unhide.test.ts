import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { revealHiddenPage } from "../../src/extract/unhide.ts";
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
});
