/**
 * vellum's own extraction for the extractor benchmark, in-process (no HTTP, no worker pool), next to
 * the reference stacks in this folder. Run it under Bun:
 *
 *   bun scripts/bench-reference/vellum-inprocess.ts OUT.json [PREDICTIONS.json] [--limit N]
 *
 * For each of the 181 article-extraction-benchmark pages (../shared/bench/aeb, relative to the repo
 * root): the bytes are decoded by decodeHtml() (charset.ts) as for a bare "text/html" response (the
 * benchmark keeps no headers), then htmlToArticle() (html-to-article.ts) runs with the page's original
 * URL from the ground truth: the code path /extract uses after the fetch.
 *
 * Timing: one warm-up pass over the first 10 pages (results discarded), then one timed pass over all
 * pages. `timesMs` is per-page wall time of htmlToArticle (Window + mending + parse + metadata +
 * Readability + cleaning + Markdown + close); decodeHtml is timed separately as `decodeMs`. Reading and
 * gunzipping the file is outside both. Peak RSS is the process's high-water mark (VmHWM) at the end.
 *
 * Writes OUT.json ({ stack, pages, timesMs: { p50, p95, max, mean }, peakRssMb, failures, … }) and the
 * predictions ({ id: { markdown } }, default OUT with .predictions.json) for ../shared/bench/score.mjs.
 * A page whose extraction throws is recorded in `failures` (with the error) and predicted empty.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../../src/extract/charset.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

const WARMUP_PAGES = 10;
const root = resolve(import.meta.dir, "../..");
const aeb = resolve(root, "../shared/bench/aeb");

const args = process.argv.slice(2);
const limitAt = args.indexOf("--limit");
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const positional = args.filter((a, i) => !a.startsWith("--") && (limitAt < 0 || i !== limitAt + 1));
if (!positional[0]) {
  console.error("usage: bun scripts/bench-reference/vellum-inprocess.ts OUT.json [PREDICTIONS.json] [--limit N]");
  process.exit(2);
}
const outFile = resolve(positional[0]);
const predictionsFile = resolve(positional[1] ?? outFile.replace(/(\.json)?$/, ".predictions.json"));

const gold = JSON.parse(readFileSync(join(aeb, "ground-truth.json"), "utf8")) as Record<string, { url: string }>;
const ids = Object.keys(gold).sort().slice(0, limit);
const charsets: Record<string, number> = {};

async function runPage(id: string) {
  const bytes = gunzipSync(readFileSync(join(aeb, "html", `${id}.html.gz`)));
  const t0 = performance.now();
  const { text, charset } = decodeHtml(bytes, "text/html");
  const t1 = performance.now();
  let markdown: string | null = null;
  let error: string | null = null;
  try {
    const article = await htmlToArticle(text, { url: gold[id]!.url, contentLanguage: null });
    markdown = article?.markdown ?? null;
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  return { markdown, error, charset, decodeMs: t1 - t0, ms: performance.now() - t1 };
}

for (const id of ids.slice(0, WARMUP_PAGES)) await runPage(id);

const predictions: Record<string, { markdown: string }> = {};
const perPageMs: Record<string, number> = {};
const times: number[] = [];
const decodeTimes: number[] = [];
const failures: { id: string; error: string }[] = [];
let emptyPages = 0;
for (const id of ids) {
  const r = await runPage(id);
  times.push(r.ms);
  decodeTimes.push(r.decodeMs);
  perPageMs[id] = round(r.ms, 2);
  charsets[r.charset] = (charsets[r.charset] ?? 0) + 1;
  if (r.error) failures.push({ id, error: r.error });
  else if (!r.markdown) emptyPages++;
  predictions[id] = { markdown: r.markdown ?? "" };
}

function round(x: number, digits = 1) {
  return Number(x.toFixed(digits));
}
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: round(q(0.5)), p95: round(q(0.95)), max: round(s[s.length - 1] ?? 0), mean: round(ms.reduce((a, b) => a + b, 0) / (ms.length || 1)) };
}
function peakRss() {
  try {
    const kb = Number(/VmHWM:\s+(\d+)\s*kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
    if (kb > 0) return { mb: round(kb / 1024), source: "VmHWM" };
  } catch {}
  return { mb: round(process.resourceUsage().maxRSS / 1024), source: "maxRSS" };
}
const version = (pkg: string) => (JSON.parse(readFileSync(join(root, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;

const rss = peakRss();
const report = {
  stack: "vellum htmlToArticle (in-process)",
  runtime: `bun ${Bun.version}`,
  versions: { readability: version("@mozilla/readability"), "happy-dom": version("happy-dom"), turndown: version("turndown") },
  pages: ids.length,
  warmupPages: Math.min(WARMUP_PAGES, ids.length),
  timesMs: stats(times),
  decodeMs: stats(decodeTimes),
  peakRssMb: rss.mb,
  peakRssSource: rss.source,
  emptyPages,
  failures,
  charsets,
  predictionsFile,
  perPageMs,
};
writeFileSync(predictionsFile, JSON.stringify(predictions));
writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `${report.stack}: ${report.pages} pages  ms p50 ${report.timesMs.p50}  p95 ${report.timesMs.p95}  max ${report.timesMs.max}  ` +
    `peak RSS ${report.peakRssMb} MB  (empty ${emptyPages}, failed ${failures.length})`,
);
