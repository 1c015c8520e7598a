/**
 * Extraction quality on a corpus of pages annotated with snippets instead of a whole text: for each page,
 * a few passages the extracted text must hold ("with") and a few it must not ("without"). This is the
 * format of trafilatura's evaluation corpus (its `tests/evaldata.json` with the pages in `tests/cache/`
 * and `tests/eval/`: 990 pages of news, magazines, blogs, government and company sites in a dozen
 * languages, mostly German), which no rule of vellum was written for: a check on pages outside both of
 * vellum's benchmarks. It is not in this repository; pass the folder that holds it:
 *
 *   bun scripts/bench-snippets.ts --corpus ../trafilatura/tests             vellum and plain Readability
 *   bun scripts/bench-snippets.ts --corpus ../trafilatura/tests --no-reference
 *   bun scripts/bench-snippets.ts --corpus ../trafilatura/tests --without sections   rules left out
 *
 * Scored as that corpus' own evaluation scores it: a snippet counts as found when its text, white space
 * collapsed, is a substring of the extracted text, white space collapsed (here the Markdown through the
 * article benchmark's markdownToText, ../shared/bench/score.mjs, as bench-wcxb.ts scores WCXB). Summed
 * over all pages: true positives are `with` snippets found, false positives `without` snippets found;
 * precision, recall, accuracy and F1 follow. Pages go through the path /extract uses after the fetch
 * (charset.ts, then htmlToArticle) in the workers of bench-wcxb.ts. The page's URL is the corpus' key.
 *
 * Writes bench/out/snippets.json, snippets-per-page.json and snippets-predictions.json (each stack's
 * Markdown by URL) into bench/out (or $VELLUM_BENCH_OUT).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { corpusArgument, outDir, rulesLeftOut, runJobs, WCXB_DIR } from "./bench-wcxb.ts";
import type { WcxbJob } from "./bench-wcxb-worker.ts";

interface Annotation {
  file: string;
  with: string[];
  without: string[];
}
interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

const args = process.argv.slice(2);
const corpus = corpusArgument(
  args,
  "usage: bun scripts/bench-snippets.ts --corpus DIR [--no-reference]   (DIR holds evaldata.json, cache/ and eval/)",
);
const annotations = JSON.parse(readFileSync(join(corpus, "evaldata.json"), "utf8")) as Record<string, Annotation>;
const { markdownToText } = (await import(pathToFileURL(resolve(WCXB_DIR, "../score.mjs")).href)) as { markdownToText(m: string): string };

const norm = (text: string) => text.replace(/\s+/g, " ").trim();
const fileOf = (name: string) => ["cache", "eval"].map((dir) => join(corpus, dir, name)).find((path) => existsSync(path));

const urls = Object.keys(annotations)
  .filter((url) => fileOf(annotations[url]!.file))
  .sort();
const stacks: WcxbJob["stack"][] = args.includes("--no-reference") ? ["vellum"] : ["vellum", "readability"];
// Rules vellum leaves out (src/extract/rules.ts), as bench-wcxb.ts --without.
const without = rulesLeftOut(args);
const jobs: WcxbJob[] = stacks.flatMap((stack) =>
  urls.map((url) => ({ id: url, file: fileOf(annotations[url]!.file)!, url, stack, without })),
);
const texts: Record<string, Record<string, string>> = { vellum: {}, readability: {} };
const markdown: Record<string, Record<string, string>> = { vellum: {}, readability: {} };
const errors: { url: string; stack: string; error: string }[] = [];
let done = 0;
await runJobs(jobs, (reply) => {
  texts[reply.stack]![reply.id] = norm(markdownToText(reply.markdown));
  markdown[reply.stack]![reply.id] = reply.markdown;
  if (reply.error) errors.push({ url: reply.id, stack: reply.stack, error: reply.error });
  if (++done % 200 === 0) process.stderr.write(`  ${done}/${jobs.length}\n`);
});

/** The corpus' own counts for one page: snippets found and not found, of each kind. */
function countPage(a: Annotation, text: string): Counts {
  const tp = a.with.filter((s) => text.includes(norm(s))).length;
  const fp = a.without.filter((s) => text.includes(norm(s))).length;
  return { tp, fp, fn: a.with.length - tp, tn: a.without.length - fp };
}
const round = (x: number) => Number(x.toFixed(4));
function scores(c: Counts) {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 0;
  const total = c.tp + c.fp + c.fn + c.tn;
  return {
    ...c,
    precision: round(precision),
    recall: round(recall),
    accuracy: round(total ? (c.tp + c.tn) / total : 0),
    f1: round(2 * c.tp + c.fp + c.fn ? (2 * c.tp) / (2 * c.tp + c.fp + c.fn) : 0),
  };
}

const perPage: Record<string, Record<string, Counts>> = {};
const totals: Record<string, ReturnType<typeof scores>> = {};
for (const stack of stacks) {
  const sum: Counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const url of urls) {
    const c = countPage(annotations[url]!, texts[stack]![url] ?? "");
    (perPage[url] ??= {})[stack] = c;
    sum.tp += c.tp;
    sum.fp += c.fp;
    sum.fn += c.fn;
    sum.tn += c.tn;
  }
  totals[stack] = scores(sum);
}
const report = {
  runtime: `bun ${Bun.version}`,
  pages: urls.length,
  ...totals,
  empty: urls.filter((url) => !texts.vellum![url]).length,
  errors,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "snippets.json"), `${JSON.stringify(report, null, 1)}\n`);
writeFileSync(join(outDir, "snippets-per-page.json"), `${JSON.stringify(perPage, null, 1)}\n`);
writeFileSync(join(outDir, "snippets-predictions.json"), JSON.stringify(markdown));
for (const stack of stacks) {
  const s = totals[stack]!;
  console.log(
    `${stack.padEnd(12)} pages ${urls.length}  precision ${s.precision.toFixed(3)}  recall ${s.recall.toFixed(3)}  accuracy ${s.accuracy.toFixed(3)}  F1 ${s.f1.toFixed(3)}`,
  );
}
console.log(`vellum: ${report.empty} pages empty, ${errors.length} errors`);
