/**
 * The article-extraction-benchmark (../shared/bench/aeb: 181 article pages, its scorer score.mjs) run in
 * this process, one page at a time, so the per-page times are the extraction's own. Every page goes
 * through the code path /extract uses after the fetch: the bytes are decoded by charset.ts, then
 * htmlToArticle() with the page's original URL. Used by scripts/bench-quality.ts and
 * scripts/bench-ablation.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../../src/extract/charset.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import type { RuleName } from "../../src/extract/rules.ts";

export interface AebScore {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  perPage: Record<string, { precision: number; recall: number }>;
}

export interface AebRun {
  gold: Record<string, { url: string; articleBody: string }>;
  ids: string[];
  result: AebScore;
  predictions: Record<string, { markdown: string }>;
  times: number[];
  failures: { id: string; error: string }[];
  empty: number;
}

/** Extracts and scores the pages of `benchDir`/aeb (those in `only` when given), leaving out `without`. */
export async function runAeb(benchDir: string, only: Set<string> | null = null, without?: ReadonlySet<RuleName>): Promise<AebRun> {
  const gold = JSON.parse(readFileSync(join(benchDir, "aeb/ground-truth.json"), "utf8")) as AebRun["gold"];
  const ids = Object.keys(gold)
    .sort()
    .filter((id) => !only || only.has(id));
  const predictions: AebRun["predictions"] = {};
  const times: number[] = [];
  const failures: AebRun["failures"] = [];
  let empty = 0;
  for (const id of ids) {
    const bytes = gunzipSync(readFileSync(join(benchDir, "aeb/html", `${id}.html.gz`)));
    const started = performance.now();
    try {
      // The benchmark keeps no response headers, so decoding sees what a server sending a bare
      // "text/html" would give us: BOM, <meta>, then the UTF-8 / windows-1252 guess.
      const { text } = decodeHtml(bytes, "text/html");
      const article = await htmlToArticle(text, { url: gold[id]!.url, without });
      predictions[id] = { markdown: article?.markdown ?? "" };
      if (!article) empty++;
    } catch (error) {
      failures.push({ id, error: String(error) });
      predictions[id] = { markdown: "" };
    }
    times.push(performance.now() - started);
  }
  const { score } = (await import(pathToFileURL(join(benchDir, "score.mjs")).href)) as {
    score(gold: unknown, predictions: unknown): AebScore;
  };
  const result = score(Object.fromEntries(ids.map((id) => [id, gold[id]])), predictions);
  return { gold, ids, result, predictions, times, failures, empty };
}
