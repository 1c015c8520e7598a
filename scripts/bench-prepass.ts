/**
 * `bun run bench:prepass`: what the pre-pass (mendHtml: scripts, styles, SVG, templates, comments and
 * hidden inputs removed before the DOM is built) saves, measured on the 181 benchmark pages. For each
 * page, production's DOM (linkedom, src/extract/dom.ts) builds the document from the raw HTML, and
 * once from mendHtml(html) (the pre-pass's own time included). Writes bench/out/prepass.json.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/extract/charset.ts";
import { linkedomPage } from "../src/extract/dom.ts";
import { mendHtml } from "../src/extract/mend-html.ts";

const ROOT = join(import.meta.dir, "..");
const HTML = join(ROOT, "../shared/bench/aeb/html");

function build(html: string): { ms: number; elements: number } {
  const t0 = performance.now();
  const document = linkedomPage(html, "https://example.com/").document;
  const elements = document.querySelectorAll("*").length;
  const ms = performance.now() - t0;
  return { ms, elements };
}

const pages = readdirSync(HTML).map((f) => decodeHtml(gunzipSync(readFileSync(join(HTML, f))), "text/html").text);
for (const html of pages.slice(0, 10)) build(html); // warm-up

const raw: number[] = [];
const pre: number[] = [];
let rawBytes = 0,
  preBytes = 0,
  rawElements = 0,
  preElements = 0;
for (const html of pages) {
  const a = build(html);
  const t0 = performance.now();
  const mended = mendHtml(html);
  const mendMs = performance.now() - t0;
  const b = build(mended);
  raw.push(a.ms);
  pre.push(mendMs + b.ms);
  rawBytes += html.length;
  preBytes += mended.length;
  rawElements += a.elements;
  preElements += b.elements;
}
const pct = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const r = (n: number) => Math.round(n * 10) / 10;
const result = {
  pages: pages.length,
  domBuildMs: {
    raw: { p50: r(pct(raw, 0.5)), p95: r(pct(raw, 0.95)), total: r(raw.reduce((a, b) => a + b, 0)) },
    withPrepass: { p50: r(pct(pre, 0.5)), p95: r(pct(pre, 0.95)), total: r(pre.reduce((a, b) => a + b, 0)) },
  },
  htmlChars: { raw: rawBytes, withPrepass: preBytes },
  elements: { raw: rawElements, withPrepass: preElements },
};
mkdirSync(join(ROOT, "bench/out"), { recursive: true });
writeFileSync(join(ROOT, "bench/out/prepass.json"), JSON.stringify(result, null, 2) + "\n");
console.log(JSON.stringify(result, null, 2));
