import { describe, expect, test } from "bun:test";
import { isBylineLine, isCopyrightLine, withoutBylines, withoutCopyrightLines } from "../../src/extract/site-lines.ts";

const text = [
  "# Notes from the allotment",
  "The beans went in late this year, after a cold April kept the soil wet for weeks on end.",
  "The squash did better than ever under the new netting.",
].join("\n\n");

describe("withoutCopyrightLines: the site's copyright notice", () => {
  test("a footer's notice goes, the text stays", () => {
    const md = `${text}\n\n© 2026 Allotment Press Ltd. | [Privacy](https://a.example/privacy) | [Terms](https://a.example/terms)\n\nAll contents © Jane Doe 2026. All rights reserved.`;
    const out = withoutCopyrightLines(md);
    expect(out).not.toContain("Allotment Press");
    expect(out).not.toContain("All contents");
    expect(out).toContain("The squash did better");
  });

  test("the word and a year, or the sign after the word, open a notice", () => {
    expect(isCopyrightLine("Copyright © 2023 Example Radio. All rights reserved.")).toBe(true);
    expect(isCopyrightLine("COPYRIGHT 2026 EXAMPLE")).toBe(true);
    expect(isCopyrightLine("*© Example Institute / Photo J. Doe*")).toBe(true);
  });

  test("a sentence about copyright, a heading, a list item, a long licence and code stay", () => {
    expect(isCopyrightLine("Copyright law protects the expression of an idea, not the idea itself.")).toBe(false);
    expect(isCopyrightLine("## COPYRIGHT")).toBe(false);
    expect(isCopyrightLine("- © 2026 the authors")).toBe(false);
    expect(
      isCopyrightLine(
        `This manual is free software. ${"You may copy and share it under the terms of the licence. ".repeat(4)}All rights reserved.`,
      ),
    ).toBe(false);
    const code = "```\n# © 2026 Example Ltd. All rights reserved.\n```";
    expect(withoutCopyrightLines(`${text}\n\n${code}`)).toContain(code);
  });
});

describe("withoutBylines: a byline standing alone", () => {
  test("a byline under the last paragraph goes, the text stays", () => {
    const out = withoutBylines(`${text}\n\nWritten by [Jane Doe](https://a.example/jane) on May 2, 2025`);
    expect(out).not.toContain("Jane Doe");
    expect(out).toContain("The squash did better");
    expect(isBylineLine("**Reviewed by,**")).toBe(true);
  });

  test("a sentence, an editor's credit and a heading stay", () => {
    expect(isBylineLine("Posted by the council in 1998, the notice still hangs on the gate of the allotments.")).toBe(false);
    expect(isBylineLine("Edited by Jane Doe and John Roe")).toBe(false);
    expect(isBylineLine("## Written by hand")).toBe(false);
  });
});
