#!/usr/bin/env node
/**
 * Reference stack for the extractor benchmark: Readability + jsdom + turndown (GFM plugin) under Node,
 * the stack most users pick today. Run it under Node, not Bun:
 *
 *   node scripts/bench-reference/jsdom-node.mjs OUT.json [PREDICTIONS.json] [--limit N]
 *
 * For each of the 181 article-extraction-benchmark pages (../shared/bench/aeb, relative to the repo
 * root) it builds a JSDOM with the page's URL (no scripts, no subresources: jsdom's defaults, spelled
 * out), runs Readability on it and converts Readability's HTML with turndown + turndown-plugin-gfm.
 *
 * Timing: one warm-up pass over the first 10 pages (results discarded), then one timed pass over all
 * pages. `timesMs` is per-page wall time of parse + Readability + turndown (the HTML is already text);
 * decoding the bytes (UTF-8, TextDecoder) is timed separately as `decodeMs`. Reading and gunzipping the
 * file is outside both. Peak RSS is the process's high-water mark (VmHWM) at the end of the run.
 *
 * Writes OUT.json ({ stack, pages, timesMs: { p50, p95, max, mean }, peakRssMb, failures, … }) and the
 * predictions ({ id: { markdown } }, default OUT with .predictions.json) for ../shared/bench/score.mjs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";

const WARMUP_PAGES = 10;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const aeb = resolve(root, "../shared/bench/aeb");

const args = process.argv.slice(2);
const limitAt = args.indexOf("--limit");
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const positional = args.filter((a, i) => !a.startsWith("--") && (limitAt < 0 || i !== limitAt + 1));
if (!positional[0]) {
  console.error("usage: node scripts/bench-reference/jsdom-node.mjs OUT.json [PREDICTIONS.json] [--limit N]");
  process.exit(2);
}
const outFile = resolve(positional[0]);
const predictionsFile = resolve(positional[1] ?? outFile.replace(/(\.json)?$/, ".predictions.json"));

const gold = JSON.parse(readFileSync(join(aeb, "ground-truth.json"), "utf8"));
const ids = Object.keys(gold).sort().slice(0, limit);

// One converter for the whole run, as an application would keep it.
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);
const utf8 = new TextDecoder("utf-8");
let jsdomErrors = 0;

function extract(html, url) {
  // A virtual console that only counts: jsdom's default forwards CSS parse errors etc. to stderr,
  // and printing them would be timed as extraction.
  const virtualConsole = new VirtualConsole();
  virtualConsole.on("jsdomError", () => jsdomErrors++);
  const dom = new JSDOM(html, { url, contentType: "text/html", runScripts: undefined, resources: undefined, virtualConsole });
  try {
    const article = new Readability(dom.window.document).parse();
    return article?.content ? turndown.turndown(article.content) : null;
  } finally {
    dom.window.close();
  }
}

function runPage(id) {
  const bytes = gunzipSync(readFileSync(join(aeb, "html", `${id}.html.gz`)));
  const t0 = performance.now();
  const html = utf8.decode(bytes);
  const t1 = performance.now();
  let markdown = null;
  let error = null;
  try {
    markdown = extract(html, gold[id].url);
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  return { markdown, error, decodeMs: t1 - t0, ms: performance.now() - t1 };
}

for (const id of ids.slice(0, WARMUP_PAGES)) runPage(id);

const predictions = {};
const perPageMs = {};
const times = [];
const decodeTimes = [];
const failures = [];
let emptyPages = 0;
for (const id of ids) {
  const r = runPage(id);
  times.push(r.ms);
  decodeTimes.push(r.decodeMs);
  perPageMs[id] = round(r.ms, 2);
  if (r.error) failures.push({ id, error: r.error });
  else if (!r.markdown) emptyPages++;
  predictions[id] = { markdown: r.markdown ?? "" };
}

function round(x, digits = 1) {
  return Number(x.toFixed(digits));
}
function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { p50: round(q(0.5)), p95: round(q(0.95)), max: round(s[s.length - 1] ?? 0), mean: round(ms.reduce((a, b) => a + b, 0) / (ms.length || 1)) };
}
function peakRss() {
  try {
    const kb = Number(/VmHWM:\s+(\d+)\s*kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
    if (kb > 0) return { mb: round(kb / 1024), source: "VmHWM" };
  } catch {}
  return { mb: round(process.resourceUsage().maxRSS / 1024), source: "maxRSS" };
}

const rss = peakRss();
const report = {
  stack: "readability+jsdom+turndown-gfm",
  runtime: `node ${process.versions.node}`,
  versions: {
    readability: JSON.parse(readFileSync(join(root, "node_modules/@mozilla/readability/package.json"), "utf8")).version,
    jsdom: JSON.parse(readFileSync(join(root, "node_modules/jsdom/package.json"), "utf8")).version,
    turndown: JSON.parse(readFileSync(join(root, "node_modules/turndown/package.json"), "utf8")).version,
  },
  pages: ids.length,
  warmupPages: Math.min(WARMUP_PAGES, ids.length),
  timesMs: stats(times),
  decodeMs: stats(decodeTimes),
  peakRssMb: rss.mb,
  peakRssSource: rss.source,
  emptyPages,
  failures,
  jsdomErrors,
  predictionsFile,
  perPageMs,
};
writeFileSync(predictionsFile, JSON.stringify(predictions));
writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `${report.stack}: ${report.pages} pages  ms p50 ${report.timesMs.p50}  p95 ${report.timesMs.p95}  max ${report.timesMs.max}  ` +
    `peak RSS ${report.peakRssMb} MB  (empty ${emptyPages}, failed ${failures.length})`,
);
