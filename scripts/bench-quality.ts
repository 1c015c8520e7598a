/**
 * Extraction quality on the article-extraction-benchmark (../shared/bench/aeb, 181 pages).
 *
 *   bun scripts/bench-quality.ts                    score, compare with bench/quality-baseline.json
 *   bun scripts/bench-quality.ts --update-baseline  also raise the baseline to this run's F1
 *   bun scripts/bench-quality.ts --only ID[,ID…]    a few pages, no baseline check (for debugging)
 *   bun scripts/bench-quality.ts --reference        also run the stacks users pick today, side by side:
 *                                                   Readability + jsdom + turndown under Node, and plain
 *                                                   Readability + happy-dom + turndown under Bun
 *
 * Every page goes through the code path /extract uses after the fetch: the bytes are decoded by
 * charset.ts, then htmlToArticle() with the page's original URL. It runs in this process, one page at a
 * time, so the per-page times are the extraction's own (no pool, no HTTP). The Markdown is scored by
 * the benchmark's own scorer (score.mjs), which strips Markdown syntax before comparing 4-gram shingles.
 *
 * The reference stacks run in their own processes (so each peak RSS is its own) on the same pages,
 * decoded as UTF-8 (which all 181 are), and are scored the same way.
 *
 * Writes bench/out/quality-predictions.json ({ id: { markdown } }), bench/out/quality-per-page.json and
 * bench/out/quality.json (scores, the ten worst pages, timings, peak RSS). Exits 1 when F1 is below the
 * baseline, so CI catches a change that makes extraction worse.
 */
import { spawnSync } from "node:child_process";
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
const withReference = args.includes("--reference");

const gold = JSON.parse(readFileSync(join(benchDir, "aeb/ground-truth.json"), "utf8")) as Record<
  string,
  { url: string; articleBody: string }
>;
const ids = Object.keys(gold).sort().filter((id) => !only || only.has(id));

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

// The reference stacks, as their users write them: Readability's HTML handed to turndown with the
// GFM plugin. One process per stack; it prints { times, predictions, peakRssMb } as JSON.
const REFERENCE_RUNNER = `
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";
const pages = JSON.parse(readFileSync(process.env.VELLUM_REF_PAGES, "utf8"));
const jsdom = process.env.VELLUM_REF_DOM === "jsdom";
const { JSDOM } = jsdom ? await import("jsdom") : {};
const { Window } = jsdom ? {} : await import("happy-dom");
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);
const out = { times: [], predictions: {} };
for (const page of pages) {
  const html = new TextDecoder().decode(gunzipSync(readFileSync(page.file)));
  const started = performance.now();
  let markdown = "";
  try {
    let document, close;
    if (jsdom) {
      const dom = new JSDOM(html, { url: page.url });
      document = dom.window.document;
      close = () => dom.window.close();
    } else {
      const window = new Window({ url: page.url });
      window.document.write(html);
      document = window.document;
      close = () => window.happyDOM.close();
    }
    const article = new Readability(document).parse();
    markdown = article?.content ? turndown.turndown(article.content) : "";
    await close();
  } catch {}
  out.times.push(performance.now() - started);
  out.predictions[page.id] = { markdown };
}
out.peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(JSON.stringify(out));
`;

interface ReferenceRun {
  times: number[];
  predictions: Record<string, { markdown: string }>;
  peakRssMb: number;
}

function runReference(runtime: "node" | "bun", dom: "jsdom" | "happy-dom"): ReferenceRun {
  const pagesFile = join(outDir, "reference-pages.json");
  writeFileSync(pagesFile, JSON.stringify(ids.map((id) => ({ id, url: gold[id]!.url, file: join(benchDir, "aeb/html", `${id}.html.gz`) }))));
  const command = runtime === "node" ? "node" : process.execPath;
  const argv = runtime === "node" ? ["--input-type=module", "-e", REFERENCE_RUNNER] : ["-e", REFERENCE_RUNNER];
  const run = spawnSync(command, argv, {
    cwd: root,
    env: { ...process.env, VELLUM_REF_PAGES: pagesFile, VELLUM_REF_DOM: dom },
    maxBuffer: 512 * 1024 * 1024,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`${runtime} ${dom} reference run failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as ReferenceRun;
}

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
  reference: {} as Record<string, { f1: number; precision: number; recall: number; extractionMs: ReturnType<typeof timing>; peakRssMb: number }>,
};

if (withReference) {
  mkdirSync(outDir, { recursive: true });
  for (const [name, runtime, dom] of [
    ["readability+jsdom+turndown (node)", "node", "jsdom"],
    ["readability+happy-dom+turndown (bun)", "bun", "happy-dom"],
  ] as const) {
    const run = runReference(runtime, dom);
    const scored = score(goldSubset, run.predictions);
    report.reference[name] = {
      f1: round(scored.f1),
      precision: round(scored.precision),
      recall: round(scored.recall),
      extractionMs: timing(run.times),
      peakRssMb: round(run.peakRssMb, 0),
    };
  }
}

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "quality-predictions.json"), JSON.stringify(predictions));
writeFileSync(join(outDir, "quality-per-page.json"), JSON.stringify(result.perPage, null, 1));
writeFileSync(join(outDir, "quality.json"), `${JSON.stringify(report, null, 2)}\n`);

console.log(`pages ${report.pages}  F1 ${report.f1}  precision ${report.precision}  recall ${report.recall}`);
console.log(
  `extraction ms p50 ${report.extractionMs.p50}  p95 ${report.extractionMs.p95}  max ${report.extractionMs.max}  ` +
    `peak RSS ${report.peakRssMb} MB  (empty ${empty}, failed ${failures.length})`,
);
for (const [name, r] of Object.entries(report.reference)) {
  console.log(
    `reference ${name}: F1 ${r.f1}  P ${r.precision}  R ${r.recall}  ms p50 ${r.extractionMs.p50}  p95 ${r.extractionMs.p95}  ` +
      `max ${r.extractionMs.max}  peak RSS ${r.peakRssMb} MB`,
  );
}
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
