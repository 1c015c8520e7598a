/**
 * Extraction quality on WCXB, the Web Content eXtraction Benchmark's development split
 * (../shared/bench/wcxb-dev, 1,355 pages of seven types, CC-BY-4.0), scored with the benchmark's own
 * metric (../shared/bench/wcxb-score.mjs: word-level F1 per page, averaged, overall and per page type).
 *
 *   bun scripts/bench-wcxb.ts                      vellum and plain Readability, whole set and check part
 *   bun scripts/bench-wcxb.ts --no-reference       vellum only (faster, for iteration)
 *   bun scripts/bench-wcxb.ts --types forum,listing --sample 4   a quarter of the pages of two types
 *   bun scripts/bench-wcxb.ts --split tune         only the tuning part (or: check)
 *   bun scripts/bench-wcxb.ts --ids 0001,0002      a few pages (no baseline check)
 *   bun scripts/bench-wcxb.ts --without fragment   vellum with rules left out (src/extract/rules.ts)
 *
 * Every page goes through the path /extract uses after the fetch (charset.ts, then htmlToArticle), in
 * two Bun workers (scripts/bench-wcxb-worker.ts). The set is split once by a hash of the page id: about
 * 20% is the check part (CHECK_SHARE), which is only scored, never read page by page, so a rule that
 * helps the tuning part and hurts the check part shows up as overfitting.
 *
 * Writes bench/out/wcxb-predictions.json (or into $VELLUM_BENCH_OUT), bench/out/wcxb-per-page.json and bench/out/wcxb.json.
 * scripts/bench-quality.ts runs this as the second half of the quality gate (runWcxb below).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isRuleName, type RuleName } from "../src/extract/rules.ts";
import type { WcxbJob, WcxbReply } from "./bench-wcxb-worker.ts";
import { addAudits, auditPage, ownLineKeptRate, type SnippetAudit, wordsInOrderRate } from "./lib/snippet-audit.ts";

const root = resolve(import.meta.dir, "..");
export const WCXB_DIR = resolve(root, "../shared/bench/wcxb-dev");
/** Where the run's files go: bench/out, or VELLUM_BENCH_OUT (so several runs at once do not collide). */
export const outDir = process.env.VELLUM_BENCH_OUT ? resolve(process.env.VELLUM_BENCH_OUT) : join(root, "bench/out");

/** Share of the pages, by hash of the id, held out as the check part. */
const CHECK_SHARE = 0.2;
/** Two cores on the CI machine: two extraction workers. */
const WORKERS = 2;

export function isCheckPage(id: string): boolean {
  const h = createHash("sha256").update(`wcxb-split:${id}`).digest();
  return h.readUInt32BE(0) / 2 ** 32 < CHECK_SHARE;
}

export interface GoldPage {
  text: string;
  with: string[];
  without: string[];
  type: string;
}
export interface Summary {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  withRate: number;
  withoutRate: number;
}
interface WcxbScore extends Summary {
  byType: Record<string, Summary>;
  per: Record<string, Summary & { type: string }>;
}
export type Scorer = {
  loadGold(dir: string): Record<string, GoldPage>;
  scoreWcxb(gold: Record<string, GoldPage>, predictions: Record<string, { markdown: string }>): WcxbScore;
};

export interface WcxbOptions {
  reference: boolean;
  types: Set<string> | null;
  /** Keep one page in `sample` (by hash), 1 for all. */
  sample: number;
  split: "all" | "tune" | "check";
  ids: Set<string> | null;
  /** Rules vellum leaves out (rules.ts; scripts/bench-ablation.ts measures each one's effect). */
  without?: RuleName[];
}

export interface WcxbReport {
  pages: number;
  vellum: { whole: Summary & { byType: Record<string, Summary> }; check: Summary & { byType: Record<string, Summary> } };
  readability: WcxbReport["vellum"] | null;
  extractionMs: { p50: number; p95: number; max: number };
  failures: { id: string; stack: string; error: string }[];
  empty: number;
  pageTypeAccuracy: number | null;
  /**
   * For each pageType vellum returned: on how many pages (whole set / check part), and the share of
   * them whose WCXB type it is (the precision a caller can rely on).
   */
  pageTypes: Record<string, { pages: number; precision: number; checkPages: number; checkPrecision: number }>;
  /**
   * What the scorer's character match hides (scripts/lib/snippet-audit.ts): vellum's snippets sorted,
   * whole set and check part (counts only), with the `with` rate word order would give and the
   * `without` rate of snippets kept on a line of their own.
   */
  snippets: { whole: SnippetFigures; check: SnippetFigures };
  perPage: Record<string, number>;
}

export interface SnippetFigures extends SnippetAudit {
  wordsInOrderRate: number;
  ownLineKeptRate: number;
}

function snippetFigures(audits: SnippetAudit[]): SnippetFigures {
  return { ...addAudits(audits), wordsInOrderRate: round(wordsInOrderRate(audits)), ownLineKeptRate: round(ownLineKeptRate(audits)) };
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));

function pageUrl(id: string): string {
  const doc = JSON.parse(readFileSync(join(WCXB_DIR, "ground-truth", `${id}.json`), "utf8")) as { url?: string };
  return doc.url || "https://example.invalid/";
}

function summarize(score: WcxbScore, ids: string[]): Summary & { byType: Record<string, Summary> } {
  const rows = ids.map((id) => score.per[id]!).filter(Boolean);
  const mean = (f: (r: Summary) => number, rs: Summary[]) => round(rs.reduce((a, r) => a + f(r), 0) / (rs.length || 1));
  const sum = (rs: Summary[]): Summary => ({
    pages: rs.length,
    f1: mean((r) => r.f1, rs),
    precision: mean((r) => r.precision, rs),
    recall: mean((r) => r.recall, rs),
    withRate: mean((r) => r.withRate, rs),
    withoutRate: mean((r) => r.withoutRate, rs),
  });
  const byType: Record<string, Summary> = {};
  for (const t of [...new Set(ids.map((id) => score.per[id]!.type))].sort())
    byType[t] = sum(ids.map((id) => score.per[id]!).filter((r) => r.type === t));
  return { ...sum(rows), byType };
}

export async function runJobs(jobs: WcxbJob[], onDone: (reply: WcxbReply) => void): Promise<void> {
  let next = 0;
  const workers = Array.from(
    { length: Math.min(WORKERS, jobs.length) },
    () => new Worker(new URL("./bench-wcxb-worker.ts", import.meta.url).href),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((done, fail) => {
          const feed = () => {
            const job = jobs[next++];
            if (!job) {
              worker.terminate();
              done();
              return;
            }
            worker.postMessage(job);
          };
          worker.onmessage = (event: MessageEvent<WcxbReply>) => {
            onDone(event.data);
            feed();
          };
          worker.onerror = (event) => fail(new Error(`benchmark worker failed: ${event.message}`));
          feed();
        }),
    ),
  );
}

export async function runWcxb(options: WcxbOptions): Promise<WcxbReport> {
  const { loadGold, scoreWcxb } = (await import(pathToFileURL(resolve(WCXB_DIR, "../wcxb-score.mjs")).href)) as Scorer;
  const gold = loadGold(WCXB_DIR);
  const available = new Set(readdirSync(join(WCXB_DIR, "html")).map((f) => f.replace(/\.html\.gz$/, "")));
  const ids = Object.keys(gold)
    .filter((id) => available.has(id))
    .filter((id) => !options.ids || options.ids.has(id))
    .filter((id) => !options.types || options.types.has(gold[id]!.type))
    .filter((id) => options.split === "all" || (options.split === "check") === isCheckPage(id))
    .filter((id) => options.sample <= 1 || createHash("sha256").update(`wcxb-sample:${id}`).digest().readUInt32BE(0) % options.sample === 0)
    .sort();
  const stacks: WcxbJob["stack"][] = options.reference ? ["vellum", "readability"] : ["vellum"];
  const jobs: WcxbJob[] = [];
  for (const stack of stacks)
    for (const id of ids)
      jobs.push({ id, file: join(WCXB_DIR, "html", `${id}.html.gz`), url: pageUrl(id), stack, without: options.without ?? [] });

  const predictions: Record<string, Record<string, { markdown: string }>> = { vellum: {}, readability: {} };
  const pageTypes: Record<string, string | null> = {};
  const analyses: Record<string, WcxbReply["analysis"]> = {};
  const times: number[] = [];
  const failures: WcxbReport["failures"] = [];
  let done = 0;
  await runJobs(jobs, (reply) => {
    predictions[reply.stack]![reply.id] = { markdown: reply.markdown };
    if (reply.stack === "vellum") {
      times.push(reply.ms);
      pageTypes[reply.id] = reply.pageType;
      analyses[reply.id] = reply.analysis;
    }
    if (reply.error) failures.push({ id: reply.id, stack: reply.stack, error: reply.error });
    if (++done % 200 === 0) process.stderr.write(`  ${done}/${jobs.length}\n`);
  });

  const subGold = Object.fromEntries(ids.map((id) => [id, gold[id]!]));
  const checkIds = ids.filter(isCheckPage);
  const scoreOf = (stack: string) => {
    const score = scoreWcxb(subGold, predictions[stack]!);
    return { score, whole: summarize(score, ids), check: summarize(score, checkIds) };
  };
  const vellum = scoreOf("vellum");
  const readability = options.reference ? scoreOf("readability") : null;
  const { markdownToText } = (await import(pathToFileURL(resolve(WCXB_DIR, "../score.mjs")).href)) as { markdownToText(m: string): string };
  const audits = new Map(ids.map((id) => [id, auditPage(markdownToText(predictions.vellum![id]?.markdown ?? ""), gold[id]!)]));
  const auditOf = (list: string[]) => snippetFigures(list.map((id) => audits.get(id)!));

  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0, 1);
  const typed = ids.filter((id) => pageTypes[id]);
  const report: WcxbReport = {
    pages: ids.length,
    vellum: { whole: vellum.whole, check: vellum.check },
    readability: readability ? { whole: readability.whole, check: readability.check } : null,
    extractionMs: { p50: q(0.5), p95: q(0.95), max: q(1) },
    failures,
    empty: ids.filter((id) => !predictions.vellum![id]?.markdown).length,
    pageTypeAccuracy: typed.length ? round(typed.filter((id) => pageTypes[id] === gold[id]!.type).length / ids.length) : null,
    pageTypes: Object.fromEntries(
      [...new Set(typed.map((id) => pageTypes[id]!))].sort().map((type) => {
        const given = typed.filter((id) => pageTypes[id] === type);
        const checked = given.filter(isCheckPage);
        const right = (list: string[]) => (list.length ? round(list.filter((id) => gold[id]!.type === type).length / list.length, 3) : 0);
        return [type, { pages: given.length, precision: right(given), checkPages: checked.length, checkPrecision: right(checked) }];
      }),
    ),
    snippets: { whole: auditOf(ids), check: auditOf(checkIds) },
    perPage: Object.fromEntries(ids.map((id) => [id, round(vellum.score.per[id]!.f1, 3)])),
  };

  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "wcxb-predictions.json"), JSON.stringify(predictions.vellum));
  if (readability) writeFileSync(join(outDir, "wcxb-readability-predictions.json"), JSON.stringify(predictions.readability));
  const perPage = Object.fromEntries(
    ids.map((id) => [
      id,
      {
        ...vellum.score.per[id]!,
        check: isCheckPage(id),
        pageType: pageTypes[id] ?? null,
        readabilityF1: readability?.score.per[id]?.f1 ?? null,
      },
    ]),
  );
  writeFileSync(join(outDir, "wcxb-per-page.json"), JSON.stringify(perPage, null, 1));
  // Both candidates of every tuning page, scored, with the signals the choice reads: the data rules and
  // thresholds are fitted on. Check pages are left out on purpose.
  const { wordF1 } = (await import(pathToFileURL(resolve(WCXB_DIR, "../wcxb-score.mjs")).href)) as {
    wordF1(p: string, r: string): [number, number, number];
  };
  const candidates = Object.fromEntries(
    ids
      .filter((id) => !isCheckPage(id) && analyses[id])
      .map((id) => {
        const a = analyses[id]!;
        const f1 = (m: string) => round(wordF1(markdownToText(m), gold[id]!.text)[2], 3);
        return [
          id,
          {
            type: gold[id]!.type,
            chosen: a.chosen,
            ...a.signals,
            readabilityF1: f1(a.readabilityMarkdown),
            regionF1: f1(a.regionMarkdown),
          },
        ];
      }),
  );
  writeFileSync(join(outDir, "wcxb-candidates.json"), JSON.stringify(candidates, null, 1));
  writeFileSync(
    join(outDir, "wcxb-candidates-markdown.json"),
    JSON.stringify(
      Object.fromEntries(
        Object.keys(candidates).map((id) => [id, { readability: analyses[id]!.readabilityMarkdown, region: analyses[id]!.regionMarkdown }]),
      ),
    ),
  );
  const { perPage: _omit, ...summary } = report;
  writeFileSync(join(outDir, "wcxb.json"), `${JSON.stringify(summary, null, 2)}\n`);
  return report;
}

/** The figures as a table: one row per page type, vellum and Readability, whole set and check part. */
export function printWcxb(report: WcxbReport): void {
  const f = (x: number | undefined) => (x === undefined ? "  -  " : x.toFixed(3));
  const r = report.readability;
  console.log(`WCXB dev: ${report.pages} pages (check part ${report.vellum.check.pages})`);
  console.log(`${"type".padEnd(14)} pages  vellum  check | readability  check`);
  const types = ["all", ...Object.keys(report.vellum.whole.byType)];
  for (const t of types) {
    const pick = (s: WcxbReport["vellum"]["whole"] | undefined) => (t === "all" ? s : s?.byType[t]);
    const w = pick(report.vellum.whole);
    const c = pick(report.vellum.check);
    console.log(
      `${t.padEnd(14)} ${String(w?.pages ?? 0).padStart(5)}  ${f(w?.f1)}  ${f(c?.f1)} | ${f(pick(r?.whole)?.f1).padStart(11)}  ${f(pick(r?.check)?.f1)}`,
    );
  }
  const w = report.vellum.whole;
  console.log(
    `with snippets found ${f(w.withRate)}  without snippets kept ${f(w.withoutRate)}  precision ${f(w.precision)}  recall ${f(w.recall)}`,
  );
  const a = report.snippets;
  console.log(
    `with snippets by word order ${f(a.whole.wordsInOrderRate)} / ${f(a.check.wordsInOrderRate)}  (missed though said in order ${a.whole.withWordsInOrder}, words not said ${a.whole.withMissing})`,
  );
  console.log(
    `without snippets kept on their own line ${f(a.whole.ownLineKeptRate)} / ${f(a.check.ownLineKeptRate)}  (inside a longer line ${a.whole.withoutInsideLine}, in the ground truth too ${a.whole.withoutInGroundTruth})`,
  );
  console.log(`extraction ms (2 workers) p50 ${report.extractionMs.p50}  p95 ${report.extractionMs.p95}  max ${report.extractionMs.max}`);
  console.log(
    `empty ${report.empty}  failed ${report.failures.length}${report.pageTypeAccuracy !== null ? `  pageType accuracy ${report.pageTypeAccuracy}` : ""}`,
  );
  for (const [type, t] of Object.entries(report.pageTypes))
    console.log(`pageType ${type.padEnd(8)} given ${t.pages} / ${t.checkPages}  right ${f(t.precision)} / ${f(t.checkPrecision)}`);
  for (const fail of report.failures.slice(0, 10)) console.log(`  failed ${fail.stack} ${fail.id}: ${fail.error}`);
}

/**
 * The folder `--corpus DIR` names, for the benchmarks of corpora kept outside this repository; without
 * it, `usage` goes to standard error and the process ends with status 2.
 */
export function corpusArgument(args: string[], usage: string): string {
  const value = args.includes("--corpus") ? args[args.indexOf("--corpus") + 1] : undefined;
  if (!value) {
    console.error(usage);
    process.exit(2);
  }
  return resolve(value);
}

/** The rules `--without a,b` leaves out (src/extract/rules.ts), as every quality benchmark takes them. */
export function rulesLeftOut(args: string[]): RuleName[] {
  const at = args.indexOf("--without");
  const names = at < 0 ? [] : (args[at + 1] ?? "").split(",").filter(Boolean);
  const unknown = names.filter((name) => !isRuleName(name));
  if (unknown.length) throw new Error(`--without: unknown rule ${unknown.join(", ")} (the names are in src/extract/rules.ts)`);
  return names as RuleName[];
}

export function parseWcxbArgs(args: string[]): WcxbOptions {
  const opt = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? "") : null);
  const list = (name: string) => {
    const v = opt(name);
    return v ? new Set(v.split(",").filter(Boolean)) : null;
  };
  const split = opt("--split") ?? "all";
  if (split !== "all" && split !== "tune" && split !== "check") throw new Error("--split is all, tune or check");
  const without = rulesLeftOut(args);
  return {
    reference: !args.includes("--no-reference"),
    types: list("--types"),
    sample: Number(opt("--sample") ?? 1) || 1,
    split,
    ids: list("--ids"),
    without,
  };
}

if (import.meta.main) {
  if (!existsSync(WCXB_DIR)) {
    console.error(`WCXB data not found at ${WCXB_DIR} (expected ../shared/bench/wcxb-dev beside the repo)`);
    process.exit(2);
  }
  const report = await runWcxb(parseWcxbArgs(process.argv.slice(2)));
  printWcxb(report);
}
