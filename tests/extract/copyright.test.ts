import { describe, expect, test } from "bun:test";
import { withoutCopyrightLines } from "../../src/extract/copyright.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

const text = "Padlocks come in brass, steel and laminated bodies, each suited to a different kind of door or gate.";

describe("copyright lines", () => {
  test("a site's copyright notice goes, with or without the footer's links after it", () => {
    const markdown = [
      text,
      "",
      "© 2026 Acme Lock Company LLC. [Privacy Policy](/privacy) [Site Map](/map)",
      "",
      "Copyright © Acme 2026",
      "",
      "© Acme Enterprises, Inc. All rights reserved.",
    ].join("\n");
    expect(withoutCopyrightLines(markdown)).toBe(text);
  });

  test("photo credits, notices without the sign, sentences about copyright and code stay", () => {
    const markdown = [
      text,
      "",
      "© Adobe Stock / Irina Strelnikova",
      "",
      "Copyright 1998–2026 Free Software Foundation, Inc.",
      "",
      "Copyright law changed in 2019 for every photographer.",
      "",
      "```",
      "// © 2026 Acme. All rights reserved.",
      "```",
    ].join("\n");
    expect(withoutCopyrightLines(markdown)).toBe(markdown);
  });

  test("end to end: the notice left in a shop's grid page goes; left out, the rule keeps it", async () => {
    const card = (name: string, i: number) =>
      `<div class="card"><h3><a href="/p/${i}">${name}</a></h3><div class="price">$${20 + i}.00</div></div>`;
    const names = ["Brass padlock", "Steel padlock", "Cable lock", "Key safe", "Hasp set", "Chain lock"];
    const html =
      `<html><head><title>Padlocks</title></head><body><main><h1>Padlocks</h1><div class="grid">${names.map(card).join("")}</div>` +
      `<div class="legal"><span>© 2026 Acme Lock Company LLC. All rights reserved.</span></div></main></body></html>`;
    const url = "https://locks.example/padlocks";
    const md = (await htmlToArticle(html, { url }))?.markdown ?? "";
    expect(md).toContain("Brass padlock");
    expect(md).not.toContain("© 2026");
    const kept = (await htmlToArticle(html, { url, without: new Set(["copyright-lines"]) }))?.markdown ?? "";
    expect(kept).toContain("© 2026");
  });
});
