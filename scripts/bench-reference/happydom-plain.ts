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
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import TurndownService from "turndown";
// @ts-expect-error turndown-plugin-gfm ships no type declarations
import { gfm } from "turndown-plugin-gfm";
import { runStack } from "./runner.mjs";
// The same offline guards vellum uses, so the reference run never touches the network either.
import { NO_NAVIGATION, OFFLINE_FETCH } from "../../src/extract/html-to-article.ts";

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
  navigation: NO_NAVIGATION,
  fetch: { interceptor: OFFLINE_FETCH },
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

await runStack({
  stack: "readability+happy-dom+turndown-gfm",
  script: "bun scripts/bench-reference/happydom-plain.ts",
  packages: ["@mozilla/readability", "happy-dom", "turndown"],
  decode: (bytes) => ({ text: utf8.decode(bytes) }),
  extract,
});
