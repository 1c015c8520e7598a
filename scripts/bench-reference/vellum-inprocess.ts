/**
 * vellum's own extraction for the extractor benchmark, in-process (no HTTP, no worker pool), next to
 * the reference stacks in this folder. Run it under Bun:
 *
 *   bun scripts/bench-reference/vellum-inprocess.ts OUT.json [PREDICTIONS.json] [--limit N]
 *
 * The bytes are decoded by decodeHtml() (charset.ts) as for a bare "text/html" response (the
 * benchmark keeps no headers), then htmlToArticle() runs with the page's original URL from the ground
 * truth: the code path /extract uses after the fetch. Timing and output: see runner.mjs.
 */
import { decodeHtml } from "../../src/extract/charset.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { runStack } from "./runner.mjs";

await runStack({
  stack: "vellum htmlToArticle (in-process)",
  script: "bun scripts/bench-reference/vellum-inprocess.ts",
  packages: ["@mozilla/readability", "happy-dom", "turndown"],
  decode: (bytes) => decodeHtml(bytes, "text/html"),
  extract: async (html, url) => (await htmlToArticle(html, { url, contentLanguage: null }))?.markdown ?? null,
});
