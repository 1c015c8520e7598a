// Measures how deeply the benchmark pages nest by the count src/extract/depth-limit.ts uses, to check
// that MAX_DEPTH is far above what any real article needs. Usage: bun scripts/measure-depth.ts [dir…]
// (default: ../shared/bench/aeb/html and ../shared/bench/wcxb-dev/html, gzip files). Prints JSON.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { MAX_DEPTH, MAX_KEPT_ELEMENTS, MAX_TEXT_CHARS, scanDepth } from "../src/extract/depth-limit.ts";

export async function measureDepth(dirs: string[]) {
  const depths: number[] = [];
  const counts: number[] = [];
  const texts: number[] = [];
  let deepest = { file: "", depth: 0 };
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith(".html.gz") || n.endsWith(".html"));
    } catch {
      continue;
    }
    for (const name of names) {
      const bytes = await Bun.file(join(dir, name)).bytes();
      const html = new TextDecoder().decode(name.endsWith(".gz") ? Bun.gunzipSync(bytes) : bytes);
      const { maxDepth, elements, textChars } = scanDepth(html, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      depths.push(maxDepth);
      counts.push(elements);
      texts.push(textChars);
      if (maxDepth > deepest.depth) deepest = { file: join(dir, name), depth: maxDepth };
    }
  }
  depths.sort((a, b) => a - b);
  counts.sort((a, b) => a - b);
  texts.sort((a, b) => a - b);
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
  return {
    pages: depths.length,
    depth: { p50: at(depths, 0.5), p99: at(depths, 0.99), max: deepest.depth, deepestPage: deepest.file, limit: MAX_DEPTH },
    elements: { p50: at(counts, 0.5), p99: at(counts, 0.99), max: counts.at(-1) ?? 0, limit: MAX_KEPT_ELEMENTS },
    textChars: { p50: at(texts, 0.5), p99: at(texts, 0.99), max: texts.at(-1) ?? 0, limit: MAX_TEXT_CHARS },
  };
}

if (import.meta.main) {
  const root = join(import.meta.dir, "../../shared/bench");
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : [join(root, "aeb/html"), join(root, "wcxb-dev/html")];
  console.log(JSON.stringify(await measureDepth(dirs), null, 2));
}
