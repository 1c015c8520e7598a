/**
 * Which DOM for Readability: happy-dom (what vellum uses) against linkedom, side by side on WCXB, the
 * Web Content eXtraction Benchmark's development split (../shared/bench/wcxb-dev, 1,355 pages of seven
 * types, CC-BY-4.0), scored with its own metric (../shared/bench/wcxb-score.mjs: word-level F1 per page,
 * averaged, overall and per page type).
 *
 *   bun scripts/bench-dom.ts [--stacks happydom,linkedom] [--types forum,listing] [--sample N] [--limit N]
 *
 * The default stacks are plain Readability + turndown with the GFM plugin, none of vellum's additions:
 *   happydom  a happy-dom Window with everything off (as scripts/bench-wcxb-worker.ts's reference column)
 *   linkedom  linkedom's parseHTML      (scripts/bench-reference/linkedom-plain.ts)
 * Two more can be named: vellum's own pipeline (htmlToArticle) on each DOM, the same code on both
 * (scripts/bench-reference/vellum-on-dom.ts gives it linkedom as its DOM factory):
 *   vellum-happydom, vellum-linkedom
 * Each stack runs in its own child process (so its peak RSS is its own), one after the other, never in
 * parallel: the machine has two cores, often shared. A child decodes every page as /extract does
 * (charset.ts with a bare "text/html" Content-Type), does one warm-up pass over 10 pages, then one timed
 * pass, one page at a time: `ms` is the wall time from decoded text to Markdown (parse + Readability +
 * turndown). The 1-minute load average before and after each stack is written beside its figures:
 * compare stacks within one run only.
 *
 * Writes bench/out/dom.json (or into $VELLUM_BENCH_OUT; dom-vellum.json when --stacks names only vellum
 * stacks): per stack word-F1 overall and per type for the
 * whole set and the check part, p50/p95/max ms, peak RSS, failures, empty pages; and how often the two
 * stacks' Markdown is identical and by how much their per-page F1 differs (page ids only for the tuning
 * part: check pages are only scored, see scripts/bench-wcxb.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/extract/charset.ts";
import { linkedomReadability } from "./bench-reference/linkedom-plain.ts";
import { plainReadability } from "./lib/plain-readability.ts";
import { vellumOn } from "./bench-reference/vellum-on-dom.ts";
import { isCheckPage, type Scorer, type Summary, WCXB_DIR } from "./bench-wcxb.ts";

const root = resolve(import.meta.dir, "..");
const outDir = process.env.VELLUM_BENCH_OUT ? resolve(process.env.VELLUM_BENCH_OUT) : join(root, "bench/out");
const WARMUP_PAGES = 10;
const CHILD_TIMEOUT_MS = 60 * 60_000;
/** A page whose F1 moves by more than this between the two DOMs counts as changed. */
const CHANGED = 0.05;

// ---- the two stacks ---------------------------------------------------------------------------------

const happydom = plainReadability;

const STACKS = {
  happydom: { label: "Readability + happy-dom + turndown-gfm", extract: happydom },
  linkedom: { label: "Readability + linkedom + turndown-gfm", extract: linkedomReadability },
  "vellum-happydom": {
    label: "vellum's pipeline on happy-dom",
    extract: (html: string, url: string) => vellumOn("happydom", html, url),
  },
  "vellum-linkedom": {
    label: "vellum's pipeline on linkedom",
    extract: (html: string, url: string) => vellumOn("linkedom", html, url),
  },
} as const;
/** The pairs compared page by page: the same code on happy-dom and on linkedom. */
const PAIRS = [
  ["happydom", "linkedom"],
  ["vellum-happydom", "vellum-linkedom"],
] as const;
type Key = keyof typeof STACKS;

// ---- shared helpers ---------------------------------------------------------------------------------

interface Stats {
  p50: number;
  p95: number;
  max: number;
  mean: number;
}
const round = (x: number, digits = 4) => Number(x.toFixed(digits));
function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return {
    p50: round(q(0.5), 1),
    p95: round(q(0.95), 1),
    max: round(s.at(-1) ?? 0, 1),
    mean: round(ms.reduce((a, b) => a + b, 0) / (ms.length || 1), 1),
  };
}
function peakRssMb(): number {
  const kb = Number(/VmHWM:\s+(\d+)\s*kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]);
  return kb > 0 ? round(kb / 1024, 1) : round(process.resourceUsage().maxRSS / 1024, 1);
}
function pageUrl(id: string): string {
  const doc = JSON.parse(readFileSync(join(WCXB_DIR, "ground-truth", `${id}.json`), "utf8")) as { url?: string };
  return doc.url || "https://example.invalid/";
}

/** What a child writes. */
interface ChildRun {
  stack: Key;
  pages: number;
  timesMs: Stats;
  peakRssMb: number;
  failures: { id: string; error: string }[];
  predictions: Record<string, { markdown: string }>;
  perPageMs: Record<string, number>;
}

// ---- child: one stack over the given pages ----------------------------------------------------------

async function child(stack: Key, idsFile: string, outFile: string): Promise<void> {
  const ids = JSON.parse(readFileSync(idsFile, "utf8")) as string[];
  const extract = STACKS[stack].extract;
  const runPage = async (id: string) => {
    const bytes = gunzipSync(readFileSync(join(WCXB_DIR, "html", `${id}.html.gz`)));
    const { text } = decodeHtml(bytes, "text/html");
    const url = pageUrl(id);
    const t0 = performance.now();
    let markdown: string | null = null;
    let error: string | null = null;
    try {
      markdown = await extract(text, url);
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}`.slice(0, 300) : String(e);
    }
    return { markdown, error, ms: performance.now() - t0 };
  };
  for (const id of ids.slice(0, WARMUP_PAGES)) await runPage(id);
  const predictions: ChildRun["predictions"] = {};
  const perPageMs: Record<string, number> = {};
  const failures: ChildRun["failures"] = [];
  const times: number[] = [];
  for (const [n, id] of ids.entries()) {
    const r = await runPage(id);
    times.push(r.ms);
    perPageMs[id] = round(r.ms, 1);
    if (r.error) failures.push({ id, error: r.error });
    predictions[id] = { markdown: r.markdown ?? "" };
    if ((n + 1) % 200 === 0) process.stderr.write(`  ${stack} ${n + 1}/${ids.length}\n`);
  }
  const run: ChildRun = { stack, pages: ids.length, timesMs: stats(times), peakRssMb: peakRssMb(), failures, predictions, perPageMs };
  writeFileSync(outFile, JSON.stringify(run));
}

// ---- parent: both stacks, one after the other, then the scores --------------------------------------

function summarize(per: Record<string, Summary & { type: string }>, ids: string[]) {
  const mean = (rows: Summary[], f: (r: Summary) => number) => round(rows.reduce((a, r) => a + f(r), 0) / (rows.length || 1));
  const sum = (rows: Summary[]) => ({
    pages: rows.length,
    f1: mean(rows, (r) => r.f1),
    precision: mean(rows, (r) => r.precision),
    recall: mean(rows, (r) => r.recall),
    withRate: mean(rows, (r) => r.withRate),
    withoutRate: mean(rows, (r) => r.withoutRate),
  });
  const rows = ids.map((id) => per[id]!);
  const byType = Object.fromEntries([...new Set(rows.map((r) => r.type))].sort().map((t) => [t, sum(rows.filter((r) => r.type === t))]));
  return { ...sum(rows), byType };
}

async function parent(args: string[]): Promise<void> {
  const opt = (name: string) => (args.includes(name) ? (args[args.indexOf(name) + 1] ?? "") : null);
  const types = opt("--types") ? new Set(opt("--types")!.split(",")) : null;
  const sample = Number(opt("--sample") ?? 1) || 1;
  const limit = opt("--limit") ? Number(opt("--limit")) : Number.POSITIVE_INFINITY;
  const stacks = (opt("--stacks") ?? "happydom,linkedom").split(",").filter(Boolean) as Key[];
  for (const k of stacks) if (!(k in STACKS)) throw new Error(`unknown stack ${k}: one of ${Object.keys(STACKS).join(", ")}`);
  const reportName = stacks.every((k) => k.startsWith("vellum-")) ? "dom-vellum" : "dom";
  const { loadGold, scoreWcxb } = (await import(pathToFileURL(resolve(WCXB_DIR, "../wcxb-score.mjs")).href)) as Scorer;
  const gold = loadGold(WCXB_DIR);
  const available = new Set(readdirSync(join(WCXB_DIR, "html")).map((f) => f.replace(/\.html\.gz$/, "")));
  const ids = Object.keys(gold)
    .filter((id) => available.has(id))
    .filter((id) => !types || types.has(gold[id]!.type))
    .filter((id) => sample <= 1 || createHash("sha256").update(`wcxb-sample:${id}`).digest().readUInt32BE(0) % sample === 0)
    .sort()
    .slice(0, limit);
  mkdirSync(outDir, { recursive: true });
  const idsFile = join(outDir, `${reportName}-ids.json`);
  writeFileSync(idsFile, JSON.stringify(ids));

  const runs = {} as Record<Key, ChildRun & { loadAvg1m: { before: number; after: number }; wallSeconds: number }>;
  for (const stack of stacks) {
    const outFile = join(outDir, `dom-${stack}.run.json`);
    console.log(`running ${stack}: ${STACKS[stack].label} on ${ids.length} pages …`);
    const before = round(loadavg()[0]!, 2);
    const started = performance.now();
    const run = spawnSync(process.execPath, [import.meta.path, "--child", stack, idsFile, outFile], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      timeout: CHILD_TIMEOUT_MS,
    });
    if (run.status !== 0) throw new Error(`${stack} child exited ${run.status ?? run.signal}`);
    const result = JSON.parse(readFileSync(outFile, "utf8")) as ChildRun;
    runs[stack] = {
      ...result,
      loadAvg1m: { before, after: round(loadavg()[0]!, 2) },
      wallSeconds: round((performance.now() - started) / 1000, 1),
    };
  }

  const subGold = Object.fromEntries(ids.map((id) => [id, gold[id]!]));
  const checkIds = ids.filter(isCheckPage);
  const scored = Object.fromEntries((Object.keys(runs) as Key[]).map((k) => [k, scoreWcxb(subGold, runs[k].predictions)])) as Record<
    Key,
    ReturnType<Scorer["scoreWcxb"]>
  >;

  // The two DOMs page by page, for each pair of stacks that ran.
  const tuneIds = ids.filter((id) => !isCheckPage(id));
  const compare = (a: Key, b: Key) => {
    const h = scored[a].per;
    const l = scored[b].per;
    const delta = (id: string) => l[id]!.f1 - h[id]!.f1;
    const row = (id: string) => ({ id, type: h[id]!.type, [a]: round(h[id]!.f1, 3), [b]: round(l[id]!.f1, 3) });
    const identical = ids.filter((id) => runs[a].predictions[id]!.markdown === runs[b].predictions[id]!.markdown).length;
    return {
      identicalMarkdown: identical,
      identicalShare: round(identical / (ids.length || 1), 3),
      [`${b}BetterBy${CHANGED}`]: ids.filter((id) => delta(id) > CHANGED).length,
      [`${b}WorseBy${CHANGED}`]: ids.filter((id) => delta(id) < -CHANGED).length,
      // Tuning part only (check pages are only scored): the pages the DOMs disagree on most.
      tuneWorst: tuneIds
        .filter((id) => delta(id) < -CHANGED)
        .sort((x, y) => delta(x) - delta(y))
        .slice(0, 25)
        .map(row),
      tuneBest: tuneIds
        .filter((id) => delta(id) > CHANGED)
        .sort((x, y) => delta(y) - delta(x))
        .slice(0, 25)
        .map(row),
    };
  };
  const ran = PAIRS.filter(([a, b]) => runs[a] && runs[b]);
  const comparison = Object.fromEntries(ran.map(([a, b]) => [`${b}/${a}`, compare(a, b)]));
  const ratios = Object.fromEntries(
    ran.map(([a, b]) => [
      `${b}/${a}`,
      {
        p50: round(runs[b].timesMs.p50 / runs[a].timesMs.p50, 3),
        p95: round(runs[b].timesMs.p95 / runs[a].timesMs.p95, 3),
        mean: round(runs[b].timesMs.mean / runs[a].timesMs.mean, 3),
        peakRss: round(runs[b].peakRssMb / runs[a].peakRssMb, 3),
      },
    ]),
  );

  const report = {
    generatedAt: new Date().toISOString(),
    commit: spawnSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim() || null,
    pages: ids.length,
    partial: ids.length !== available.size,
    method:
      "Each stack in its own child process, sequentially, one page at a time: 10 warm-up pages, then one timed pass. " +
      "ms: decoded text to Markdown (parse + Readability + turndown-gfm). Decoding: charset.ts, bare text/html. " +
      "Scores: ../shared/bench/wcxb-score.mjs. loadAvg1m: the machine's 1-minute load around each stack (2 cores, shared).",
    stacks: Object.fromEntries(
      (Object.keys(runs) as Key[]).map((k) => {
        const { predictions: _p, perPageMs, ...figures } = runs[k];
        const slowest = Object.entries(perPageMs)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([id, ms]) => ({ id, ms }));
        const empty = ids.filter((id) => !runs[k].predictions[id]!.markdown).length;
        return [
          k,
          {
            label: STACKS[k].label,
            whole: summarize(scored[k].per, ids),
            check: summarize(scored[k].per, checkIds),
            ...figures,
            empty,
            slowest,
          },
        ];
      }),
    ),
    ratios,
    comparison,
  };
  writeFileSync(join(outDir, `${reportName}.json`), `${JSON.stringify(report, null, 2)}\n`);
  for (const k of stacks) writeFileSync(join(outDir, `dom-${k}-predictions.json`), JSON.stringify(runs[k].predictions));

  // The table: one column pair (whole, check) per stack.
  const f = (x: number | undefined) => (x === undefined ? "  -  " : x.toFixed(3));
  const st = report.stacks as Record<Key, (typeof report.stacks)[string]>;
  const width = Math.max(...stacks.map((k) => k.length), 11);
  console.log(`\nWCXB dev: ${ids.length} pages (check part ${checkIds.length})`);
  console.log(`${"type".padEnd(14)} pages  ${stacks.map((k) => `${k.padStart(width)}  check`).join(" | ")}`);
  for (const t of ["all", ...Object.keys(st[stacks[0]!]!.whole.byType)]) {
    const pick = (k: Key, part: "whole" | "check") => (t === "all" ? st[k][part] : st[k][part].byType[t]);
    console.log(
      `${t.padEnd(14)} ${String(pick(stacks[0]!, "whole")?.pages ?? 0).padStart(5)}  ${stacks
        .map((k) => `${f(pick(k, "whole")?.f1).padStart(width)}  ${f(pick(k, "check")?.f1)}`)
        .join(" | ")}`,
    );
  }
  for (const k of stacks) {
    const r = st[k];
    console.log(
      `${k.padEnd(width)} ms p50 ${r.timesMs.p50}  p95 ${r.timesMs.p95}  max ${r.timesMs.max}  mean ${r.timesMs.mean}  peak RSS ${r.peakRssMb} MB  ` +
        `empty ${r.empty}  failed ${r.failures.length}  load 1m ${r.loadAvg1m.before}→${r.loadAvg1m.after}  (${r.wallSeconds} s)`,
    );
  }
  for (const [name, r] of Object.entries(ratios))
    console.log(`${name}  p50 ×${r.p50}  p95 ×${r.p95}  mean ×${r.mean}  peak RSS ×${r.peakRss}`);
  for (const [name, c] of Object.entries(comparison)) {
    const [a, b] = name.split("/");
    console.log(
      `${name}: identical Markdown on ${c.identicalMarkdown} of ${ids.length} pages; ${a} better than ${b} by >${CHANGED} on ${c[`${a}BetterBy${CHANGED}`]}, worse on ${c[`${a}WorseBy${CHANGED}`]}`,
    );
  }
  console.log(`wrote ${join(outDir, `${reportName}.json`)}`);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === "--child") {
    const stack = args[1] as Key;
    if (!(stack in STACKS) || !args[2] || !args[3]) {
      console.error(`usage: bun scripts/bench-dom.ts --child ${Object.keys(STACKS).join("|")} IDS.json OUT.json`);
      process.exit(2);
    }
    await child(stack, args[2], args[3]);
  } else {
    await parent(args);
  }
}
