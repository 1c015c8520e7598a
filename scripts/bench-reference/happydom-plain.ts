/**
 * Reference stack for the extractor benchmark: plain Readability + happy-dom + turndown (GFM plugin)
 * under Bun, with none of vellum's additions (no HTML mending, no pre-pass, no boilerplate rules, no
 * metadata). Run it under Bun:
 *
 *   bun scripts/bench-reference/happydom-plain.ts OUT.json [PREDICTIONS.json] [--limit N]
 *
 * For each of the 181 article-extraction-benchmark pages (../shared/bench/aeb, relative to the repo
 * root): a fresh happy-dom Window with the page's URL, JavaScript and all resource loading (scripts,
 * CSS, images, iframes) and navigation off, `document.write(html)`, Readability, turndown with
 * turndown-plugin-gfm, then `await window.happyDOM.close()`.
 *
 * Timing: one warm-up pass over the first 10 pages (results discarded), then one timed pass over all
 * pages. `timesMs` is per-page wall time of Window + parse + Readability + turndown + close (the HTML is
 * already text); decoding the bytes (UTF-8, TextDecoder) is timed separately as `decodeMs`. Reading and
 * gunzipping the file is outside both. Peak RSS is the process's high-water mark (VmHWM) at the end.
 *
 * Writes OUT.json ({ stack, pages, timesMs: { p50, p95, max, mean }, peakRssMb, failures, … }) and the
 * predictions ({ id: { markdown } }, default OUT with .predictions.json) for ../shared/bench/score.mjs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import TurndownService from "turndown";
// @ts-expect-error turndown-plugin-gfm ships no type declarations
import { gfm } from "turndown-plugin-gfm";

const WARMUP_PAGES = 10;
const root = resolve(import.meta.dir, "../..");
const aeb = resolve(root, "../shared/bench/aeb");

const args = process.argv.slice(2);
const limitAt = args.indexOf("--limit");
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const positional = args.filter((a, i) => !a.startsWith("--") && (limitAt < 0 || i !== limitAt + 1));
if (!positional[0]) {
  console.error("usage: bun scripts/bench-reference/happydom-plain.ts OUT.json [PREDICTIONS.json] [--limit N]");
  process.exit(2);
}
const outFile = resolve(positional[0]);
const predictionsFile = resolve(positional[1] ?? outFile.replace(/(\.json)?$/, ".predictions.json"));

const gold = JSON.parse(readFileSync(join(aeb, "ground-truth.json"), "utf8")) as Record<string, { url: string }>;
const ids = Object.keys(gold).sort().slice(0, limit);

// JavaScript evaluation, CSS, image and iframe loading are already off by default in happy-dom 21; they
// are spelled out, with script loading and navigation (meta refresh) turned off as well. happy-dom still
// fetches `<link rel="preload" as="fetch">` whatever the settings (two CNN pages of the set have one),
// so a fetch interceptor answers every request locally with a 403: the run never touches the network.
// Nothing else is changed from happy-dom's defaults.
const SETTINGS = {
  enableJavaScriptEvaluation: false,
  disableJavaScriptFileLoading: true,
  enableCSSFileLoading: false,
  enableImageFileLoading: false,
  enableIframePageLoading: false,
  handleDisabledFileLoadingAsSuccess: true,
  navigation: {
    disableMainFrameNavigation: true,
    disableChildFrameNavigation: true,
    disableChildPageNavigation: true,
    disableFallbackToSetURL: true,
  },
  fetch: {
    interceptor: {
      beforeAsyncRequest: async ({ window }: { window: { Response: typeof Response } }) =>
        new window.Response(null, { status: 403, statusText: "Forbidden" }),
      beforeSyncRequest: () => ({
        status: 403,
        statusText: "Forbidden",
        ok: false,
        url: "",
        redirected: false,
        headers: new Headers(),
        body: null,
      }),
    },
  },
};

// One converter for the whole run, as an application would keep it.
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);
const utf8 = new TextDecoder("utf-8");

async function extract(html: string, url: string): Promise<string | null> {
  const window = new Window({ url, settings: SETTINGS as never });
  try {
    const document = window.document as unknown as Document;
    document.write(html);
    const article = new Readability(document).parse();
    return article?.content ? turndown.turndown(article.content) : null;
  } finally {
    await window.happyDOM.close();
  }
}

async function runPage(id: string) {
  const bytes = gunzipSync(readFileSync(join(aeb, "html", `${id}.html.gz`)));
  const t0 = performance.now();
  const html = utf8.decode(bytes);
  const t1 = performance.now();
  let markdown: string | null = null;
  let error: string | null = null;
  try {
    markdown = await extract(html, gold[id]!.url);
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  return { markdown, error, decodeMs: t1 - t0, ms: performance.now() - t1 };
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
  stack: "readability+happy-dom+turndown-gfm",
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
  predictionsFile,
  perPageMs,
};
writeFileSync(predictionsFile, JSON.stringify(predictions));
writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `${report.stack}: ${report.pages} pages  ms p50 ${report.timesMs.p50}  p95 ${report.timesMs.p95}  max ${report.timesMs.max}  ` +
    `peak RSS ${report.peakRssMb} MB  (empty ${emptyPages}, failed ${failures.length})`,
);
