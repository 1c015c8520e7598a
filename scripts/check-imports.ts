/**
 * The dependency rules of ARCHITECTURE.md, checked: no import cycle under src/ (type-only imports
 * included: a cycle of types is still two modules that cannot be read apart), and the one-way
 * direction between the top folders (tests → scripts → src; src never reaches out of src/).
 * Run by `npm run check` and by tests/architecture/imports.test.ts.
 *
 *   bun scripts/check-imports.ts     prints each violation; exits 1 when there is one
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Every module specifier a source file names: static imports and re-exports (type-only too), dynamic import(). */
export function importSpecifiers(code: string): string[] {
  // Comments could name an import in prose; strip them first (strings holding "//" are rare in import lines).
  const text = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const found: string[] = [];
  const patterns = [
    /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?[^;'"`]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|[\n;])\s*import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...listSources(path));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts") && !name.endsWith(".d.mts")) out.push(path);
  }
  return out;
}

/** The graph of relative imports between the files under `dirs` (paths relative to `root`). */
export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const dir of dirs) {
    for (const file of listSources(join(root, dir))) {
      const edges = importSpecifiers(readFileSync(file, "utf8"))
        .filter((spec) => spec.startsWith("."))
        .map((spec) => relative(root, resolve(dirname(file), spec)));
      graph.set(relative(root, file), [...new Set(edges)]);
    }
  }
  return graph;
}

/** The cycles of a graph: each strongly connected component of more than one module (or a self-import). */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = (graph.get(frame.node) ?? []).filter((to) => graph.has(to));
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** Folder rules: which top folders a file under `from` may import from. */
export const ALLOWED_TARGETS: Record<string, string[]> = {
  src: ["src"],
  scripts: ["scripts", "src", "bench"],
  tests: ["tests", "src", "scripts", "bench"],
};

/** Imports that cross a folder boundary the wrong way (src → tests, scripts → tests, …), plus routes → the app. */
export function directionViolations(graph: ImportGraph): string[] {
  const out: string[] = [];
  for (const [from, edges] of graph) {
    const fromTop = from.split("/")[0]!;
    const allowed = ALLOWED_TARGETS[fromTop];
    for (const to of edges) {
      // A file at the root (package.json) is no folder: anyone may read it.
      const toTop = to.includes("/") ? to.split("/")[0]! : "";
      if (allowed && toTop !== "" && !allowed.includes(toTop))
        out.push(`${from} imports ${to}: ${fromTop}/ may import only from ${allowed.join(", ")}`);
      if (from.startsWith("src/server/routes/") && to === "src/server/app.ts")
        out.push(
          `${from} imports ${to}: routes take AppDeps from src/server/deps.ts, the request context from src/server/request-context.ts`,
        );
    }
  }
  return out;
}

export function checkImports(root: string): string[] {
  const graph = importGraph(root, ["src", "scripts", "tests"]);
  const srcGraph: ImportGraph = new Map([...graph].filter(([file]) => file.startsWith("src/")));
  return [...findCycles(srcGraph).map((cycle) => `import cycle: ${cycle.join(" ↔ ")}`), ...directionViolations(graph)];
}

if (import.meta.main) {
  const problems = checkImports(resolve(import.meta.dir, ".."));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log("imports: no cycle under src/, every import goes the allowed way");
}
