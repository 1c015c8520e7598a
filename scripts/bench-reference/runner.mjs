/**
 * The measuring loop shared by the three stacks of the extractor benchmark (plain JavaScript so the
 * jsdom stack can run it under Node and the others under Bun):
 *
 *   <runtime> scripts/bench-reference/<stack> OUT.json [PREDICTIONS.json] [--limit N]
 *
 * For each of the 181 article-extraction-benchmark pages (../shared/bench/aeb, relative to the repo
 * root): one warm-up pass over the first 10 pages (results discarded), then one timed pass over all.
 * `timesMs` is per-page wall time of the stack's `extract(html, url)` (the HTML is already text);
 * `decode(bytes)` is timed separately as `decodeMs`. Reading and gunzipping the file is outside both.
 * Peak RSS is the process's high-water mark (VmHWM) at the end of the run.
 *
 * Writes OUT.json ({ stack, pages, timesMs: { p50, p95, max, mean }, peakRssMb, failures, … }) and the
 * predictions ({ id: { markdown } }, default OUT with .predictions.json) for ../shared/bench/score.mjs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const WARMUP_PAGES = 10;
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const aeb = resolve(root, "../shared/bench/aeb");

const round = (x, digits = 1) => Number(x.toFixed(digits));

function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return {
    p50: round(q(0.5)),
    p95: round(q(0.95)),
    max: round(s[s.length - 1] ?? 0),
    mean: round(ms.reduce((a, b) => a + b, 0) / (ms.length || 1)),
  };
}

function peakRss() {
  try {
    const kb = Number(/VmHWM:\s+(\d+)\s*kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
    if (kb > 0) return { mb: round(kb / 1024), source: "VmHWM" };
  } catch {}
  return { mb: round(process.resourceUsage().maxRSS / 1024), source: "maxRSS" };
}

const versionOf = (pkg) => JSON.parse(readFileSync(join(root, "node_modules", pkg, "package.json"), "utf8")).version;

/**
 * Runs one stack over the benchmark pages and writes its report and predictions.
 * @param {{ stack: string, script: string, packages: string[],
 *           decode: (bytes: Uint8Array) => { text: string, charset?: string },
 *           extract: (html: string, url: string) => Promise<string | null> | string | null,
 *           extra?: () => Record<string, unknown> }} spec
 */
export async function runStack(spec) {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
  const positional = args.filter((a, i) => !a.startsWith("--") && (limitAt < 0 || i !== limitAt + 1));
  if (!positional[0]) {
    console.error(`usage: ${spec.script} OUT.json [PREDICTIONS.json] [--limit N]`);
    process.exit(2);
  }
  const outFile = resolve(positional[0]);
  const predictionsFile = resolve(positional[1] ?? outFile.replace(/(\.json)?$/, ".predictions.json"));
  const gold = JSON.parse(readFileSync(join(aeb, "ground-truth.json"), "utf8"));
  const ids = Object.keys(gold).sort().slice(0, limit);

  const runPage = async (id) => {
    const bytes = gunzipSync(readFileSync(join(aeb, "html", `${id}.html.gz`)));
    const t0 = performance.now();
    const { text, charset } = spec.decode(bytes);
    const t1 = performance.now();
    let markdown = null;
    let error = null;
    try {
      markdown = await spec.extract(text, gold[id].url);
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    return { markdown, error, charset, decodeMs: t1 - t0, ms: performance.now() - t1 };
  };

  for (const id of ids.slice(0, WARMUP_PAGES)) await runPage(id);

  const predictions = {};
  const perPageMs = {};
  const times = [];
  const decodeTimes = [];
  const failures = [];
  const charsets = {};
  let emptyPages = 0;
  for (const id of ids) {
    const r = await runPage(id);
    times.push(r.ms);
    decodeTimes.push(r.decodeMs);
    perPageMs[id] = round(r.ms, 2);
    if (r.charset) charsets[r.charset] = (charsets[r.charset] ?? 0) + 1;
    if (r.error) failures.push({ id, error: r.error });
    else if (!r.markdown) emptyPages++;
    predictions[id] = { markdown: r.markdown ?? "" };
  }

  const rss = peakRss();
  const report = {
    stack: spec.stack,
    runtime: typeof Bun !== "undefined" ? `bun ${Bun.version}` : `node ${process.versions.node}`,
    versions: Object.fromEntries(spec.packages.map((p) => [p.replace(/^@mozilla\//, ""), versionOf(p)])),
    pages: ids.length,
    warmupPages: Math.min(WARMUP_PAGES, ids.length),
    timesMs: stats(times),
    decodeMs: stats(decodeTimes),
    peakRssMb: rss.mb,
    peakRssSource: rss.source,
    emptyPages,
    failures,
    ...(Object.keys(charsets).length ? { charsets } : {}),
    ...(spec.extra?.() ?? {}),
    predictionsFile,
    perPageMs,
  };
  writeFileSync(predictionsFile, JSON.stringify(predictions));
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `${report.stack}: ${report.pages} pages  ms p50 ${report.timesMs.p50}  p95 ${report.timesMs.p95}  max ${report.timesMs.max}  ` +
      `peak RSS ${report.peakRssMb} MB  (empty ${emptyPages}, failed ${failures.length})`,
  );
}
