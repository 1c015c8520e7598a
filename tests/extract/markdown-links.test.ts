import { describe, expect, test } from "bun:test";
import { withoutLinks, withoutLinkTargets } from "../../src/extract/markdown-links.ts";

// The patterns these scans replace: the results must be the same, only the time differs.
const TARGETS = /\]\([^)]*\)/g;
const LINKS = /\[[^\]]*\]\([^)]*\)/g;
const IMAGES = /!\[[^\]]*\]\([^)]*\)/g;

const SAMPLES = [
  "",
  "plain text",
  "[a](https://a.example) and ![b](/b.png) then [c](/c)",
  "[[nested] text](/x) [broken](no close [next](/n)",
  "](",
  "[",
  "![",
  "a](b",
  "[a]b(c)",
  "[a] (c)",
  "\\[escaped\\] and [real](/r)",
  "![img](/i.png)](/link)",
  "[a](/1)[b](/2)![c](/3)",
];

describe("links and images out of Markdown, in linear time", () => {
  test("the same result as the regular expressions on ordinary and odd text", () => {
    // Random strings over the characters that matter.
    const alphabet = "[]()!a ";
    const random = Array.from({ length: 2000 }, (_, i) => {
      let s = "";
      for (let k = 0; k < 1 + (i % 17); k++) s += alphabet[(i * 7 + k * 13 + ((i * k) % 5)) % alphabet.length];
      return s;
    });
    for (const s of [...SAMPLES, ...random]) {
      expect(withoutLinkTargets(s)).toBe(s.replace(TARGETS, "]"));
      expect(withoutLinks(s, " ")).toBe(s.replace(LINKS, " "));
      expect(withoutLinks(s, "", true)).toBe(s.replace(IMAGES, ""));
    }
  });

  test("a paragraph of 200,000 unclosed brackets or link openings is read at once (the patterns took seconds)", () => {
    for (const hostile of ["\\[".repeat(200_000), "](".repeat(200_000), "[a](".repeat(100_000), "![".repeat(200_000)]) {
      expect(withoutLinkTargets(hostile)).toBe(hostile);
      expect(withoutLinks(hostile, " ")).toBe(hostile);
      expect(withoutLinks(hostile, "", true)).toBe(hostile);
    }
  }, 2_000);
});
