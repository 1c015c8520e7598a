/**
 * Worker of scripts/bench-wcxb.ts (and scripts/bench-snippets.ts): extracts one page at a time with the
 * stack it is asked for, from a file gzipped (".gz") or not.
 *
 * - "vellum": the bytes decoded by charset.ts, then htmlToArticle() with the page's URL: the code path
 *   /extract runs inside its worker pool after the fetch.
 * - "readability": plain Readability + happy-dom + turndown with the GFM plugin, none of vellum's
 *   additions (the same stack as scripts/bench-reference/happydom-plain.ts), the comparison column.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/extract/charset.ts";
import { type Analysis, analyzePage } from "../src/extract/html-to-article.ts";
import type { RuleName } from "../src/extract/rules.ts";
import { plainReadability } from "./lib/plain-readability.ts";

export interface WcxbJob {
  id: string;
  file: string;
  url: string;
  stack: "vellum" | "readability";
  /** Rules vellum leaves out (rules.ts), for the ablation. */
  without: RuleName[];
}
export interface WcxbReply {
  id: string;
  stack: WcxbJob["stack"];
  markdown: string;
  pageType: string | null;
  ms: number;
  error: string | null;
  /** vellum only: both candidates and the signals the choice between them read. */
  analysis: Analysis | null;
}

/** Plain Readability's Markdown ("" when it found none). */
const plain = async (html: string, url: string): Promise<string> => (await plainReadability(html, url)) ?? "";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<WcxbJob>) => {
  const job = event.data;
  const raw = readFileSync(job.file);
  const bytes = job.file.endsWith(".gz") ? gunzipSync(raw) : raw;
  const started = performance.now();
  let markdown = "";
  let pageType: string | null = null;
  let error: string | null = null;
  let analysis: Analysis | null = null;
  try {
    // The benchmark keeps no response headers: decoding sees what a bare "text/html" would give.
    const { text } = decodeHtml(bytes, "text/html");
    if (job.stack === "vellum") {
      const result = await analyzePage(text, { url: job.url, without: new Set(job.without) });
      const article = result.article;
      analysis = result.analysis;
      markdown = article?.markdown ?? "";
      pageType = (article as { pageType?: string } | null)?.pageType ?? null;
    } else {
      markdown = await plain(text, job.url);
    }
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  const reply: WcxbReply = { id: job.id, stack: job.stack, markdown, pageType, ms: performance.now() - started, error, analysis };
  self.postMessage(reply);
};
