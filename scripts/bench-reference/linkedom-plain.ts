/**
 * Reference stack for the extractor benchmark: plain Readability + linkedom + turndown (GFM plugin)
 * under Bun, with none of vellum's additions (no HTML mending, no pre-pass, no boilerplate rules, no
 * metadata): the same shape as happydom-plain.ts with linkedom as the DOM. Run it under Bun:
 *
 *   bun scripts/bench-reference/linkedom-plain.ts OUT.json [PREDICTIONS.json] [--limit N]
 *
 * For each of the 181 article-extraction-benchmark pages (../shared/bench/aeb, relative to the repo
 * root): linkedom's `parseHTML(html, { location })`, Readability, turndown with turndown-plugin-gfm.
 * linkedom has no resource loading, no script evaluation and no navigation at all, so there is nothing
 * to switch off and no window to close (the document is garbage once unreferenced). The page's URL is
 * given as `location`, which linkedom's `baseURI` reads, so Readability resolves relative links
 * against it as it does on happy-dom (linkedom has no `documentURI`).
 *
 * The HTML is decoded as UTF-8 (which all 181 pages are). Timing and output: see runner.mjs.
 */
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";
// @ts-expect-error turndown-plugin-gfm ships no type declarations
import { gfm } from "turndown-plugin-gfm";
import { runStack } from "./runner.mjs";

// One converter for the whole run, as an application would keep it.
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);
const utf8 = new TextDecoder("utf-8");

/** Plain Readability on a linkedom document (shared with scripts/bench-dom.ts). */
export function linkedomReadability(html: string, url: string): string | null {
  const { document } = parseHTML(html, { location: new URL(url) });
  const article = new Readability(document as unknown as Document).parse();
  return article?.content ? turndown.turndown(article.content) : null;
}

if (import.meta.main) {
  await runStack({
    stack: "readability+linkedom+turndown-gfm",
    script: "bun scripts/bench-reference/linkedom-plain.ts",
    packages: ["@mozilla/readability", "linkedom", "turndown"],
    decode: (bytes) => ({ text: utf8.decode(bytes) }),
    extract: linkedomReadability,
  });
}
