/**
 * vellum's extraction pipeline (htmlToArticle, src/extract/html-to-article.ts) on linkedom, what
 * production uses (src/extract/dom.ts), or on happy-dom, its DOM until the eighth session: the pipeline
 * takes its DOM as a parameter (DomFactory). Bench only (scripts/bench-dom.ts): it answers "do vellum's
 * rules do as well on the other DOM?" with the same code on both.
 *
 * On the article benchmark, as a stack of scripts/bench-reference/runner.mjs (then score the predictions
 * with ../shared/bench/score.mjs):
 *
 *   bun scripts/bench-reference/vellum-on-dom.ts OUT.json [PREDICTIONS.json] --dom=happydom|linkedom [--limit N]
 *
 * happy-dom gets a Window with everything off and `document.write`, then `happyDOM.close()`
 * (scripts/lib/happy-dom-page.ts); linkedom gets `parseHTML` and the browser behaviour dom.ts adds.
 */
import { decodeHtml } from "../../src/extract/charset.ts";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { happyDomPage } from "../lib/happy-dom-page.ts";
import { runStack } from "./runner.mjs";

export type DomName = "happydom" | "linkedom";

/** The Markdown vellum's pipeline makes of a page on the given DOM, or null. */
export async function vellumOn(dom: DomName, html: string, url: string): Promise<string | null> {
  const article = await htmlToArticle(html, { url }, dom === "linkedom" ? linkedomPage : happyDomPage);
  return article?.markdown ?? null;
}

if (import.meta.main) {
  const dom = process.argv.find((a) => a.startsWith("--dom="))?.slice("--dom=".length);
  if (dom !== "happydom" && dom !== "linkedom") {
    console.error("usage: bun scripts/bench-reference/vellum-on-dom.ts OUT.json [PREDICTIONS.json] --dom=happydom|linkedom [--limit N]");
    process.exit(2);
  }
  await runStack({
    stack: `vellum pipeline on ${dom}`,
    script: `bun scripts/bench-reference/vellum-on-dom.ts --dom=${dom}`,
    packages: ["@mozilla/readability", dom === "happydom" ? "happy-dom" : "linkedom", "turndown"],
    decode: (bytes) => decodeHtml(bytes, "text/html"),
    extract: (html, url) => vellumOn(dom, html, url),
  });
}
