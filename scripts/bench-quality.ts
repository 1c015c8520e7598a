/**
 * The extraction-quality gate, over both benchmark sets in ../shared/bench (beside the repo):
 *
 * 1. the article-extraction-benchmark (aeb/, 181 article pages, its scorer score.mjs), in this process,
 *    one page at a time, so the per-page times are the extraction's own (scripts/lib/aeb.ts);
 * 2. WCXB's development split (wcxb-dev/, 1,355 pages of seven types, scored by wcxb-score.mjs) in two
 *    workers, by scripts/bench-wcxb.ts (whole set and the hashed check part, per page type).
 *
 *   bun scripts/bench-quality.ts                    score both, compare with bench/quality-baseline.json
 *   bun scripts/bench-quality.ts --update-baseline  write this run's figures as the baseline (on purpose)
 *   bun scripts/bench-quality.ts --reference        also score plain Readability on WCXB (slower)
 *   bun scripts/bench-quality.ts --only ID[,ID…]    a few aeb pages, no WCXB, no baseline check
 *
 * It fails (exit 1) when either set's aggregate F1 is below the baseline's, or when any page's F1 is
 * more than MAX_PAGE_LOSS below its baseline figure, unless --update-baseline is given. The baseline
 * holds every page's F1 (bench/quality-baseline.json), so a change that trades pages shows up.
 *
 * Every page goes through the code path /extract uses after the fetch: the bytes are decoded by
 * charset.ts, then htmlToArticle() with the page's original URL. Writes bench/out/quality-*.json and
 * bench/out/wcxb*.json (predictions, per-page scores, report).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseWcxbArgs, printWcxb, runWcxb, WCXB_DIR } from "./bench-wcxb.ts";
import { runAeb } from "./lib/aeb.ts";

const root = resolve(import.meta.dir, "..");
const benchDir = resolve(root, "../shared/bench");
const outDir = join(root, "bench/out");
const baselinePath = join(root, "bench/quality-baseline.json");

const args = process.argv.slice(2);
const only = args.includes("--only") ? new Set((args[args.indexOf("--only") + 1] ?? "").split(",")) : null;
const updateBaseline = args.includes("--update-baseline");
/** A page may lose at most this much F1 against its baseline figure. */
const MAX_PAGE_LOSS = 0.2;

for (const dir of [join(benchDir, "aeb"), WCXB_DIR]) {
  if (!existsSync(dir)) {
    console.error(`quality gate: benchmark data not found at ${dir}; it is expected in ../shared/bench beside the repository`);
    process.exit(2);
  }
}

const { gold, result, predictions, times, failures, empty } = await runAeb(benchDir, only);

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
  interface Baseline {
    aeb: { f1: number; perPage: Record<string, number> };
    wcxb: { f1: number; byType: Record<string, number>; perPage: Record<string, number> } | null;
  }
  const old = existsSync(baselinePath) ? (JSON.parse(readFileSync(baselinePath, "utf8")) as Partial<Baseline> & { f1?: number }) : {};
  const baseline: Baseline = { aeb: old.aeb ?? { f1: old.f1 ?? 0, perPage: {} }, wcxb: old.wcxb ?? null };

  console.log("");
  const wcxb = await runWcxb({ ...parseWcxbArgs([]), reference: args.includes("--reference") });
  printWcxb(wcxb);

  const aebPerPage = Object.fromEntries(Object.entries(result.perPage).map(([id, s]) => [id, round(f1Of(s.precision, s.recall), 3)]));
  const problems: string[] = [];
  const compare = (set: string, f1: number, base: number, pages: Record<string, number>, basePages: Record<string, number>) => {
    if (f1 < base) problems.push(`${set}: F1 ${f1.toFixed(4)} is below the baseline ${base}`);
    for (const [id, was] of Object.entries(basePages)) {
      const now = pages[id];
      if (now !== undefined && now < was - MAX_PAGE_LOSS) problems.push(`${set} page ${id}: F1 ${now} against ${was} in the baseline`);
    }
  };
  compare("aeb", result.f1, baseline.aeb.f1, aebPerPage, baseline.aeb.perPage);
  if (baseline.wcxb) compare("wcxb-dev", wcxb.vellum.whole.f1, baseline.wcxb.f1, wcxb.perPage, baseline.wcxb.perPage);

  if (updateBaseline) {
    const floor3 = (x: number) => Math.floor(x * 1000) / 1000;
    const next: Baseline = {
      aeb: { f1: floor3(result.f1), perPage: aebPerPage },
      wcxb: {
        f1: floor3(wcxb.vellum.whole.f1),
        byType: Object.fromEntries(Object.entries(wcxb.vellum.whole.byType).map(([t, s]) => [t, round(s.f1, 3)])),
        perPage: wcxb.perPage,
      },
    };
    writeFileSync(baselinePath, `${JSON.stringify(next, null, 1)}\n`);
    console.log(
      `baseline written: aeb ${next.aeb.f1}, wcxb-dev ${next.wcxb!.f1}${problems.length ? ` (${problems.length} regressions accepted on purpose)` : ""}`,
    );
  } else if (problems.length) {
    for (const p of problems.slice(0, 30)) console.error(p);
    if (problems.length > 30) console.error(`… and ${problems.length - 30} more`);
    console.error("quality gate failed (bench/quality-baseline.json); run with --update-baseline to accept on purpose");
    process.exit(1);
  } else {
    console.log(`baseline: aeb ${baseline.aeb.f1}, wcxb-dev ${baseline.wcxb?.f1 ?? "none yet"}: ok`);
  }
}
