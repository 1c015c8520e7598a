#!/usr/bin/env node
/**
 * Reference stack for the extractor benchmark: Readability + jsdom + turndown (GFM plugin) under Node,
 * the stack most users pick today. Run it under Node, not Bun:
 *
 *   node scripts/bench-reference/jsdom-node.mjs OUT.json [PREDICTIONS.json] [--limit N]
 *
 * For each of the 181 article-extraction-benchmark pages (../shared/bench/aeb, relative to the repo
 * root) it builds a JSDOM with the page's URL (no scripts, no subresources: jsdom's defaults, spelled
 * out), runs Readability on it and converts Readability's HTML with turndown + turndown-plugin-gfm.
 *
 * The HTML is decoded as UTF-8 (which all 181 pages are). Timing and output: see runner.mjs.
 */
import { Readability } from "@mozilla/readability";
import { JSDOM, VirtualConsole } from "jsdom";
import TurndownService from "turndown";
import { gfm } from "turndown-plugin-gfm";
import { runStack } from "./runner.mjs";

// One converter for the whole run, as an application would keep it.
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);
const utf8 = new TextDecoder("utf-8");
let jsdomErrors = 0;

function extract(html, url) {
  // A virtual console that only counts: jsdom's default forwards CSS parse errors etc. to stderr,
  // and printing them would be timed as extraction.
  const virtualConsole = new VirtualConsole();
  virtualConsole.on("jsdomError", () => jsdomErrors++);
  const dom = new JSDOM(html, { url, contentType: "text/html", runScripts: undefined, resources: undefined, virtualConsole });
  try {
    const article = new Readability(dom.window.document).parse();
    return article?.content ? turndown.turndown(article.content) : null;
  } finally {
    dom.window.close();
  }
}

await runStack({
  stack: "readability+jsdom+turndown-gfm",
  script: "node scripts/bench-reference/jsdom-node.mjs",
  packages: ["@mozilla/readability", "jsdom", "turndown"],
  decode: (bytes) => ({ text: utf8.decode(bytes) }),
  extract,
  extra: () => ({ jsdomErrors }),
});
