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
 * The HTML is decoded as UTF-8 (which all 181 pages are). Timing and output: see runner.mjs.
 */
import { runStack } from "./runner.mjs";
// The same stack the WCXB benchmark compares with (scripts/lib/plain-readability.ts): happy-dom with
// JavaScript, resource loading and navigation off and vellum's offline fetch guard (happy-dom still
// fetches `<link rel="preload" as="fetch">` whatever the settings; two CNN pages of the set have one),
// Readability, one turndown converter with the GFM plugin for the whole run.
import { plainReadability } from "../lib/plain-readability.ts";

const utf8 = new TextDecoder("utf-8");

await runStack({
  stack: "readability+happy-dom+turndown-gfm",
  script: "bun scripts/bench-reference/happydom-plain.ts",
  packages: ["@mozilla/readability", "happy-dom", "turndown"],
  decode: (bytes) => ({ text: utf8.decode(bytes) }),
  extract: plainReadability,
});
