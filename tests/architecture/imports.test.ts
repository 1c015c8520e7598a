import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { directionViolations, findCycles, importGraph, importSpecifiers, type ImportGraph } from "../../scripts/check-imports.ts";

const ROOT = resolve(import.meta.dir, "../..");

describe("the import rules of ARCHITECTURE.md", () => {
  test("no import cycle under src/ (type-only imports included)", () => {
    const graph = importGraph(ROOT, ["src"]);
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get("src/server/app.ts")).toContain("src/server/routes/extract.ts");
    expect(findCycles(graph)).toEqual([]);
  });

  test("imports go one way: src/ never imports tests/ or scripts/, scripts/ never imports tests/, routes never import the app", () => {
    expect(directionViolations(importGraph(ROOT, ["src", "scripts", "tests"]))).toEqual([]);
  });
});

describe("the checker itself", () => {
  test("reads static, type-only, re-export, side-effect and dynamic imports, not ones named in comments", () => {
    const code = [
      'import { a } from "./a.ts";',
      'import type { B } from "./b.ts";',
      "import {",
      "  c,",
      "  type D,",
      '} from "./c.ts";',
      'export { e } from "./e.ts";',
      'export * from "./f.ts";',
      'import "./g.ts";',
      'const h = await import("./h.ts");',
      '// import { x } from "./commented.ts";',
      '/* import { y } from "./block.ts"; */',
    ].join("\n");
    expect(importSpecifiers(code).sort()).toEqual(["./a.ts", "./b.ts", "./c.ts", "./e.ts", "./f.ts", "./g.ts", "./h.ts"]);
  });

  test("finds a cycle through several modules and a self-import, and none in a chain", () => {
    const graph: ImportGraph = new Map([
      ["src/server/app.ts", ["src/server/routes/x.ts", "src/log.ts"]],
      ["src/server/routes/x.ts", ["src/server/app.ts", "src/log.ts"]],
      ["src/log.ts", []],
      ["src/self.ts", ["src/self.ts"]],
      ["src/a.ts", ["src/b.ts"]],
      ["src/b.ts", ["src/c.ts"]],
      ["src/c.ts", ["src/a.ts"]],
    ]);
    expect(findCycles(graph).sort()).toEqual([
      ["src/a.ts", "src/b.ts", "src/c.ts"],
      ["src/self.ts"],
      ["src/server/app.ts", "src/server/routes/x.ts"],
    ]);
    expect(
      findCycles(
        new Map([
          ["src/a.ts", ["src/b.ts"]],
          ["src/b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  test("flags an import against the direction and a route importing the app", () => {
    const graph: ImportGraph = new Map([
      ["scripts/bench.ts", ["tests/helpers/binary.ts", "src/main.ts", "package.json"]],
      ["src/config.ts", ["scripts/x.ts"]],
      ["src/server/routes/x.ts", ["src/server/app.ts"]],
      ["tests/a.test.ts", ["scripts/bench.ts", "src/main.ts"]],
    ]);
    const problems = directionViolations(graph);
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toContain("scripts/bench.ts imports tests/helpers/binary.ts");
    expect(problems.join("\n")).toContain("src/config.ts imports scripts/x.ts");
    expect(problems.join("\n")).toContain("src/server/routes/x.ts imports src/server/app.ts");
  });
});
