/**
 * Extraction quality on the article-extraction-benchmark (../shared/bench/aeb, 181 pages).
 *
 *   bun scripts/bench-quality.ts                    score, compare with bench/quality-baseline.json
 *   bun scripts/bench-quality.ts --update-baseline  also raise the baseline to this run's F1
 *   bun scripts/bench-quality.ts --only ID[,ID…]    a few pages, no baseline check (for debugging)
 *
 * The reference stacks users pick today (Readability + jsdom + turndown under Node, plain
 * Readability + happy-dom under Bun) are measured beside vellum by scripts/bench-extractors.ts.
 *
 * Every page goes through the code path /extract uses after the fetch: the bytes are decoded by
 * charset.ts, then htmlToArticle() with the page's original URL. It runs in this process, one page at a
 * time, so the per-page times are the extraction's own (no pool, no HTTP). The Markdown is scored by
 * the benchmark's own scorer (score.mjs), which strips Markdown syntax before comparing 4-gram shingles.
 *
 * Writes bench/out/quality-predictions.json ({ id: { markdown } }), bench/out/quality-per-page.json and
 * bench/out/quality.json (scores, the ten worst pages, timings, peak RSS). Exits 1 when F1 is below the
 * baseline, so CI catches a change that makes extraction worse.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/extract/charset.ts";
import { htmlToArticle } from "../src/extract/html-to-article.ts";

const root = resolve(import.meta.dir, "..");
const benchDir = resolve(root, "../shared/bench");
const outDir = join(root, "bench/out");
const baselinePath = join(root, "bench/quality-baseline.json");

interface Score {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  perPage: Record<string, { precision: number; recall: number }>;
}
type Scorer = { score(gold: unknown, predictions: unknown): Score };

const args = process.argv.slice(2);
const only = args.includes("--only") ? new Set((args[args.indexOf("--only") + 1] ?? "").split(",")) : null;
const updateBaseline = args.includes("--update-baseline");

const gold = JSON.parse(readFileSync(join(benchDir, "aeb/ground-truth.json"), "utf8")) as Record<
  string,
  { url: string; articleBody: string }
>;
const ids = Object.keys(gold)
  .sort()
  .filter((id) => !only || only.has(id));

const predictions: Record<string, { markdown: string }> = {};
const times: number[] = [];
const failures: { id: string; error: string }[] = [];
let empty = 0;

for (const id of ids) {
  const bytes = gunzipSync(readFileSync(join(benchDir, "aeb/html", `${id}.html.gz`)));
  const started = performance.now();
  try {
    // The benchmark keeps no response headers, so decoding sees what a server sending a bare
    // "text/html" would give us: BOM, <meta>, then the UTF-8 / windows-1252 guess.
    const { text } = decodeHtml(bytes, "text/html");
    const article = await htmlToArticle(text, { url: gold[id]!.url });
    predictions[id] = { markdown: article?.markdown ?? "" };
    if (!article) empty++;
  } catch (error) {
    failures.push({ id, error: String(error) });
    predictions[id] = { markdown: "" };
  }
  times.push(performance.now() - started);
}

const { score } = (await import(pathToFileURL(join(benchDir, "score.mjs")).href)) as Scorer;
const goldSubset = Object.fromEntries(ids.map((id) => [id, gold[id]]));
const result = score(goldSubset, predictions);

const f1Of = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
const worst = Object.entries(result.perPage)
  .map(([id, s]) => ({ id, f1: f1Of(s.precision, s.recall), precision: s.precision, recall: s.recall, url: gold[id]!.url }))
  .sort((a, b) => a.f1 - b.f1)
  .slice(0, 10);

const round = (x: number, digits = 4) => Number(x.toFixed(digits));
function timing(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    p50: round(quantile(0.5), 1),
    p95: round(quantile(0.95), 1),
    max: round(sorted[sorted.length - 1] ?? 0, 1),
    mean: round(ms.reduce((a, b) => a + b, 0) / (ms.length || 1), 1),
  };
}
// ru_maxrss: the peak resident set of this process over the whole run, in kilobytes on Linux.
const peakRssMb = process.resourceUsage().maxRSS / 1024;

const report = {
  pages: result.pages,
  f1: round(result.f1),
  precision: round(result.precision),
  recall: round(result.recall),
  emptyPages: empty,
  failures,
  extractionMs: timing(times),
  peakRssMb: round(peakRssMb, 0),
  runtime: `bun ${Bun.version}`,
  worst,
};

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "quality-predictions.json"), JSON.stringify(predictions));
writeFileSync(join(outDir, "quality-per-page.json"), JSON.stringify(result.perPage, null, 1));
writeFileSync(join(outDir, "quality.json"), `${JSON.stringify(report, null, 2)}\n`);

console.log(`pages ${report.pages}  F1 ${report.f1}  precision ${report.precision}  recall ${report.recall}`);
console.log(
  `extraction ms p50 ${report.extractionMs.p50}  p95 ${report.extractionMs.p95}  max ${report.extractionMs.max}  ` +
    `peak RSS ${report.peakRssMb} MB  (empty ${empty}, failed ${failures.length})`,
);
console.log("worst pages:");
for (const w of worst) {
  console.log(`  ${w.f1.toFixed(3)}  P ${w.precision.toFixed(3)}  R ${w.recall.toFixed(3)}  ${w.id.slice(0, 12)}  ${w.url}`);
}
for (const f of failures) console.log(`failed ${f.id}: ${f.error}`);

if (!only) {
  const baseline = existsSync(baselinePath) ? (JSON.parse(readFileSync(baselinePath, "utf8")) as { f1: number }).f1 : null;
  const reached = Math.floor(result.f1 * 1000) / 1000;
  if (updateBaseline && (baseline === null || reached > baseline)) {
    writeFileSync(baselinePath, `${JSON.stringify({ f1: reached }, null, 2)}\n`);
    console.log(`baseline raised to ${reached}`);
  } else if (baseline !== null && result.f1 < baseline) {
    console.error(`F1 ${report.f1} is below the baseline ${baseline} (bench/quality-baseline.json)`);
    process.exit(1);
  } else if (baseline !== null) {
    console.log(`baseline ${baseline}: ok`);
  }
}
