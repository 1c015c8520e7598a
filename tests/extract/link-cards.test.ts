import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { collapseLinkCards } from "../../src/extract/link-cards.ts";
import { findThread } from "../../src/extract/thread.ts";

const URL = "https://forum.example.org/t/cheap-bike-lights/42";

function message(html: string): Element {
  const { document } = linkedomPage(`<html><body><div class="msg">${html}</div></body></html>`, URL);
  return document.querySelector(".msg")!;
}

const DESCRIPTION = "We tested twenty lights on night rides through the winter and rank them by beam and battery life.";

/** A preview drawn with the site's name linked above the title, as a card's header. */
const headerCard =
  `<aside class="preview"><header><a href="https://lights.example.com/best">lights.example.com</a></header>` +
  `<article><h3><a href="https://lights.example.com/best">The best bike lights of the year</a></h3><p>${DESCRIPTION}</p></article></aside>`;

/** A preview with the site's icon (its alt text the host) and the host printed under the description. */
const iconCard =
  `<div class="unfurl"><div class="figure"><img src="/proxy?img=1" alt="www.lights.example.com"></div>` +
  `<div class="main"><h3><a href="https://www.lights.example.com/best">The best bike lights of the year</a></h3>` +
  `<div class="snippet">${DESCRIPTION}</div><div class="minor"><img src="/proxy?img=2" alt=""> www.lights.example.com</div></div></div>`;

describe("link previews in a post", () => {
  test("a card with the site's name linked above its title comes back as the title's link", () => {
    const msg = message(`<p>This review helped me choose:</p>${headerCard}<p>I went with the second one.</p>`);
    collapseLinkCards(msg, URL);
    const text = msg.textContent ?? "";
    expect(text).toContain("This review helped me choose:");
    expect(text).toContain("The best bike lights of the year");
    expect(text).toContain("I went with the second one.");
    expect(text).not.toContain(DESCRIPTION);
    expect(text).not.toContain("lights.example.com");
    expect(msg.querySelector("p > a")?.getAttribute("href")).toBe("https://lights.example.com/best");
    expect(msg.querySelector("h3")).toBeNull();
  });

  test("a card naming its site by an icon's alt text and a printed host comes back as the title's link", () => {
    const msg = message(`Performance is about the same across the tier.<br>${iconCard}`);
    collapseLinkCards(msg, URL);
    const text = msg.textContent ?? "";
    expect(text).toContain("Performance is about the same across the tier.");
    expect(text).toContain("The best bike lights of the year");
    expect(text).not.toContain(DESCRIPTION);
    expect(text).not.toContain("www.lights.example.com");
  });

  test("a member's own heading linking to another site keeps the words under it", () => {
    const own = `<div><h3><a href="https://lights.example.com/best">My pick</a></h3><p>${DESCRIPTION}</p></div>`;
    const msg = message(own);
    collapseLinkCards(msg, URL);
    expect(msg.textContent).toContain(DESCRIPTION);
    expect(msg.querySelector("h3")).not.toBeNull();
  });

  test("a heading linking within the forum's own site is no preview", () => {
    const internal = headerCard.replaceAll("https://lights.example.com/best", "https://forum.example.org/t/lights/7");
    const msg = message(internal);
    collapseLinkCards(msg, URL);
    expect(msg.textContent).toContain(DESCRIPTION);
  });

  test("a block of more words than a card's, naming the site twice, is the member's text and stays", () => {
    const long = Array.from({ length: 8 }, () => `<p>${DESCRIPTION}</p>`).join("");
    const section = `<div><h3><a href="https://lights.example.com/best">The list</a></h3>${long}<p>See also <a href="https://lights.example.com/faq">their FAQ</a>.</p></div>`;
    const msg = message(section);
    collapseLinkCards(msg, URL);
    expect(msg.textContent).toContain(DESCRIPTION);
    expect(msg.querySelector("h3")).not.toBeNull();
  });

  test("the thread rule collapses the cards of its posts unless the rule is off", () => {
    const post = (n: number, who: string, body: string) =>
      `<div class="post"><a href="/u/${who}">${who}</a><time datetime="2024-03-0${n}">Mar ${n}, 2024</time><div class="body">${body}</div></div>`;
    const html =
      `<html><body><div class="topic">${post(1, "anna", "<p>Which lights do you ride with at night in the rain?</p>")}` +
      `${post(2, "ben", `<p>This review helped me choose:</p>${headerCard}`)}</div></body></html>`;
    const thread = (cards: boolean) => findThread(linkedomPage(html, URL).document, cards)!.element.textContent ?? "";
    expect(thread(true)).not.toContain(DESCRIPTION);
    expect(thread(true)).toContain("The best bike lights of the year");
    expect(thread(false)).toContain(DESCRIPTION);
  });
});
