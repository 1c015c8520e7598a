/**
 * vellum's extraction pipeline (htmlToArticle, src/extract/html-to-article.ts) on happy-dom, what
 * production uses, or on linkedom: the pipeline takes its DOM as a parameter (DomFactory). Bench only
 * (scripts/bench-dom.ts): it answers "would vellum's own rules do as well on linkedom?" with the same
 * code on both DOMs.
 *
 * On the article benchmark, as a stack of scripts/bench-reference/runner.mjs (then score the predictions
 * with ../shared/bench/score.mjs):
 *
 *   bun scripts/bench-reference/vellum-on-dom.ts OUT.json [PREDICTIONS.json] --dom=happydom|linkedom [--limit N]
 *
 * What differs between the DOMs: happy-dom gets a Window with everything off and `document.write`, then
 * `happyDOM.close()` (html-to-article.ts, happyDomPage); linkedom gets `parseHTML(html, { location })`
 * (it loads, runs and navigates nothing, and has no window to close). linkedom's parser (htmlparser2)
 * reads `<![CDATA[` in HTML content up to `]]>`, or to the end of the document when there is none, where
 * browsers (and happy-dom) end a bogus comment at the first `>`: three WCXB forum pages lost every post
 * to it. mendHtml leaves CDATA to the parser, so for linkedom it is cut here as a browser would
 * (BROWSER_CDATA), the one mend linkedom needed on the benchmark pages (a pre-pass for it would join
 * src/extract/mend-html.ts). Until commit 4c8b275 this file was a copy of the pipeline as of ee68fec
 * (the README's bench:dom figures of that time come from the copy).
 */
import { parseHTML } from "linkedom";
import { decodeHtml } from "../../src/extract/charset.ts";
import { type DomFactory, happyDomPage, htmlToArticle } from "../../src/extract/html-to-article.ts";
import { runStack } from "./runner.mjs";

export type DomName = "happydom" | "linkedom";

/** `<![CDATA[` in HTML content: a bogus comment up to the first `>` (or the end), as browsers parse it. */
const BROWSER_CDATA = /<!\[CDATA\[[^>]*(?:>|$)/g;

/** linkedom: each parse is a document of its own; nothing to close. */
export const linkedomPage: DomFactory = (html, url) => {
  const parse = () => parseHTML(html.replace(BROWSER_CDATA, ""), { location: new URL(url) }).document as unknown as Document;
  return { document: parse(), reparse: parse, close: async () => {} };
};

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
