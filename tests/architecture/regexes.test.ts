// Every regular expression under src/ (a literal, or a pattern a module builds as it loads) matches in
// linear time, or says why it is linear where it is used (scripts/check-regex.ts, ARCHITECTURE.md). A
// pattern that backtracks takes seconds on a page's 50,000 spaces; the check is recheck's (automaton and
// fuzzing, a fixed seed), run on each pattern as the source writes it.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { backtracking, constructedUnder, literalsUnder, regexLiterals } from "../../scripts/check-regex.ts";

const ROOT = resolve(import.meta.dir, "../..");
const linesOf = (file: string) => readFileSync(resolve(ROOT, file), "utf8").split("\n");

describe("the regular expressions under src/", () => {
  const literals = literalsUnder(ROOT, "src");
  const constructed = constructedUnder(ROOT, "src");

  test("are all read: hundreds of literals, each a pattern the engine compiles (a misread one would not)", () => {
    expect(literals.length).toBeGreaterThan(600);
    for (const l of literals) expect(() => new RegExp(l.source, l.flags), `${l.file}:${l.line} /${l.source}/`).not.toThrow();
    // One known literal at its line, so a scanner that drifted by a line or dropped a file is caught.
    const line = linesOf("src/extract/markdown.ts").findIndex((l) => l.includes("/^(\\d+)w$/.exec(descriptor)")) + 1;
    expect(line).toBeGreaterThan(0);
    expect(literals).toContainEqual({ file: "src/extract/markdown.ts", line, source: "^(\\d+)w$", flags: "" });
  });

  test("and the patterns modules build as they load, each at the line that builds it, with its reason", () => {
    expect(constructed.length).toBeGreaterThan(60);
    const line = linesOf("src/extract/prices.ts").findIndex((l) => l.startsWith("export const PRICE_TAGS = new RegExp(")) + 1;
    const tags = constructed.find((p) => p.file === "src/extract/prices.ts" && p.line === line);
    expect(tags?.flags).toBe("gu");
    expect(tags?.reason).toStartWith("every part is bounded");
    // Built from other strings: the check sees the whole pattern, not the template.
    expect(tags?.source).toContain("\\d{1,3}");
  });

  test("every one is linear in its input, or says on its line why it is linear where it is used", async () => {
    const patterns = [...literals, ...constructed];
    const found = await backtracking(patterns);
    expect(
      found.map((f) => `${f.literal.file}:${f.literal.line} /${f.literal.source}/${f.literal.flags} ${f.complexity} ${f.attack}`),
    ).toEqual([]);
    // The exceptions are few and each gives its reason.
    const reasoned = patterns.filter((l) => l.reason);
    expect(reasoned.length).toBeLessThanOrEqual(30);
    for (const l of reasoned) expect(l.reason!.length).toBeGreaterThan(15);
  }, 900_000);
});

describe("the checker itself", () => {
  test("finds literals after operators, keywords, arrows and in template substitutions; not divisions, strings or comments", () => {
    const code = [
      "#!/usr/bin/env bun",
      "const a = /one/g;",
      "f(/two/, x => /three/i.test(x));",
      "if (ok) return /four[/]five/u;",
      "const half = width / 2 / 3;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text for the scanner, holding a template literal
      'const s = "/not/" + `/nor ${/five/.source}/`;',
      "// const c = /comment/;",
      "/* /block/ */ const d = [/six\\//];",
      "const e = { k: /seven/ };",
    ].join("\n");
    const found = regexLiterals(code, "x.ts").map((l) => [l.line, l.source, l.flags]);
    expect(found).toEqual([
      [2, "one", "g"],
      [3, "two", ""],
      [3, "three", "i"],
      [4, "four[/]five", "u"],
      [6, "five", ""],
      [8, "six\\/", ""],
      [9, "seven", ""],
    ]);
  });

  test("takes a reason given on the literal's line or the line above", () => {
    const code = [
      "// regex-linear: at most 300 characters, cut above",
      "const a = /\\s+$/;",
      "const b = /x+$/; // regex-linear: 8 bytes of a header",
      "const c = /y+$/;",
    ].join("\n");
    expect(regexLiterals(code).map((l) => l.reason)).toEqual(["at most 300 characters, cut above", "8 bytes of a header", undefined]);
  });

  test("reports the shapes that backtrack and passes their linear rewrites", async () => {
    const literal = (source: string, flags = "") => ({ file: "x.ts", line: 1, source, flags });
    const found = await backtracking([
      literal("\\s*\\n\\s*", "g"), // two runs that can take the same spaces, tried at every space
      literal("\\s+$"), // a run anchored at the end, tried at every character of the run
      literal("(a+)+$"), // nested
      literal("\\s+", "g"),
      literal("(?<!\\s)\\s+$"),
      literal("^(\\d+(?:\\.\\d+)?|\\.\\d+)x$"),
      { ...literal("\\s+$"), reason: "a field of 8 bytes" },
    ]);
    expect(found.map((f) => [f.literal.source, f.complexity.split(",")[0]])).toEqual([
      ["\\s*\\n\\s*", "polynomial"],
      ["\\s+$", "polynomial"],
      ["(a+)+$", "exponential"],
    ]);
    expect(found[0]!.attack).toContain("repeat(");
  }, 120_000);
});
