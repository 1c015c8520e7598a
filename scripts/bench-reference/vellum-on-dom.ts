/**
 * vellum's extraction pipeline with the DOM as a parameter: happy-dom (what src/extract/html-to-article.ts
 * uses) or linkedom. Bench only (scripts/bench-dom.ts): it answers "would vellum's own rules do as well on
 * linkedom?" with the same code on both DOMs. It is a copy of extract() in src/extract/html-to-article.ts
 * as committed in ee68fec (mend-html, head content, hidden pages, metadata, Readability with the
 * boilerplate rules, the main region, the sections and repeated-items rules, JSON-LD articleBody and
 * product facts), with only the Markdown kept; the rule modules themselves are imported, not copied.
 * Rules added to the pipeline after that commit are not in this copy: compare its two DOMs with each
 * other, not with htmlToArticle.
 *
 * On the article benchmark, as a stack of scripts/bench-reference/runner.mjs (then score the predictions
 * with ../shared/bench/score.mjs):
 *
 *   bun scripts/bench-reference/vellum-on-dom.ts OUT.json [PREDICTIONS.json] --dom=happydom|linkedom [--limit N]
 *
 * What differs between the DOMs: happy-dom gets a Window with everything off and `document.write`, then
 * `happyDOM.close()`; linkedom gets `parseHTML(html, { location })` (it loads, runs and navigates nothing,
 * and has no window to close). linkedom's parser (htmlparser2) reads `<![CDATA[` in HTML content up to
 * `]]>`, or to the end of the document when there is none, where browsers (and happy-dom) end a bogus
 * comment at the first `>`: three WCXB forum pages lost every post to it. mendHtml leaves CDATA to the
 * parser, so for linkedom it is cut here as a browser would (BROWSER_CDATA), the one mend linkedom
 * needed on the benchmark pages (a pre-pass for it would join src/extract/mend-html.ts).
 */
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import { parseHTML } from "linkedom";
import { cleanArticle, prepareDocument } from "../../src/extract/boilerplate.ts";
import { countWords, readableText, WINDOW_SETTINGS } from "../../src/extract/html-to-article.ts";
import { moveHeadContentToBody } from "../../src/extract/head-content.ts";
import { toMarkdown } from "../../src/extract/markdown.ts";
import { mendHtml } from "../../src/extract/mend-html.ts";
import { extractMetadata } from "../../src/extract/metadata.ts";
import { plainTextToMarkdown, statedProduct, withStatedProduct } from "../../src/extract/product.ts";
import {
  chooseRegion,
  cleanRegion,
  declaresArticle,
  mainRegion,
  type RegionSignals,
  regionMayWin,
  repeatedItems,
} from "../../src/extract/region.ts";
import { coverage, findRepeatedItems, repeatedCandidate, repeatedPage } from "../../src/extract/repeated-items.ts";
import { linkShare, marksArticle, sectionedPage, sectionsMayWin } from "../../src/extract/sections.ts";
import { revealHiddenPage } from "../../src/extract/unhide.ts";
import { decodeHtml } from "../../src/extract/charset.ts";
import { runStack } from "./runner.mjs";

export type DomName = "happydom" | "linkedom";
interface Parsed {
  document: Document;
  close(): Promise<void>;
}

/** `<![CDATA[` in HTML content: a bogus comment up to the first `>` (or the end), as browsers parse it. */
const BROWSER_CDATA = /<!\[CDATA\[[^>]*(?:>|$)/g;

function parse(dom: DomName, html: string, url: string): Parsed {
  if (dom === "linkedom") {
    const { document } = parseHTML(html.replace(BROWSER_CDATA, ""), { location: new URL(url) });
    return { document: document as unknown as Document, close: async () => {} };
  }
  const window = new Window({ url, settings: WINDOW_SETTINGS as never });
  const document = window.document as unknown as Document;
  document.write(html);
  return { document, close: () => window.happyDOM.close() };
}

function baseUrlOf(doc: Document, url: string): string {
  const href = doc.querySelector("base[href]")?.getAttribute("href");
  if (href) {
    try {
      return new URL(href, url).href;
    } catch {
      // an unusable <base> is ignored, as browsers do
    }
  }
  return url;
}

/** The Markdown vellum's pipeline (as of ee68fec) makes of a page on the given DOM, or null. */
export async function vellumOn(dom: DomName, html: string, url: string): Promise<string | null> {
  const mended = mendHtml(html);
  const main = parse(dom, mended, url);
  let second: Parsed | null = null;
  try {
    const document = main.document;
    moveHeadContentToBody(document);
    revealHiddenPage(document);
    const meta = extractMetadata(document, { url });
    const baseUrl = baseUrlOf(document, url);
    const declared = declaresArticle(document);
    const oneArticle = declared || marksArticle(document);
    const product = statedProduct(document);
    prepareDocument(document);
    const reader = new Readability<Element>(document, { keepClasses: true, serializer: (el) => el as Element });
    const result = reader.parse();
    const content = result?.content ?? null;
    if (content) cleanArticle(content, meta);

    let words = content ? countWords(readableText(content)) : 0;
    const signals: RegionSignals = { readabilityWords: words, regionWords: 0, items: 0, article: declared };
    let region: Element | undefined;
    if (regionMayWin(signals) || sectionsMayWin({ ...signals, article: oneArticle })) {
      second = parse(dom, mended, url);
      const fresh = second.document;
      moveHeadContentToBody(fresh);
      revealHiddenPage(fresh);
      region = mainRegion(fresh) ?? undefined;
      if (region) {
        cleanRegion(region);
        signals.regionWords = countWords(readableText(region));
        signals.items = repeatedItems(region);
      }
    }
    const useRegion =
      region !== undefined && (chooseRegion(signals) || sectionedPage({ ...signals, article: oneArticle }, linkShare(region)));
    let markdown = useRegion
      ? region && signals.regionWords > 0
        ? toMarkdown(region, baseUrl)
        : ""
      : content && words > 0
        ? toMarkdown(content, baseUrl)
        : "";
    if (useRegion) words = signals.regionWords;
    const found = region && !declared ? findRepeatedItems(region) : null;
    if (found) {
      const itemsText = found.items.map((item) => readableText(item)).join(" ");
      const itemWords = countWords(itemsText);
      const readabilityWords = signals.readabilityWords;
      const overlap = content && readabilityWords > 0 ? coverage(readableText(content), itemsText) : 0;
      const repeated = { readabilityWords, itemWords, items: found.items.length, overlap, article: declared };
      if (repeatedPage({ ...repeated, regionWords: useRegion ? signals.regionWords : 0 })) {
        const candidate = repeatedCandidate(found, region!);
        markdown = toMarkdown(candidate, baseUrl);
        words = countWords(readableText(candidate));
      }
    }
    const stated = meta.articleBody ? countWords(meta.articleBody) : 0;
    if (meta.articleBody && stated >= 50 && stated > 2 * words) {
      markdown = plainTextToMarkdown(meta.articleBody);
      words = stated;
    }
    if (product) markdown = withStatedProduct(markdown, product);
    return markdown || null;
  } finally {
    await main.close();
    if (second) await second.close();
  }
}

if (import.meta.main) {
  const dom = process.argv.find((a) => a.startsWith("--dom="))?.slice("--dom=".length);
  if (dom !== "happydom" && dom !== "linkedom") {
    console.error("usage: bun scripts/bench-reference/vellum-on-dom.ts OUT.json [PREDICTIONS.json] --dom=happydom|linkedom [--limit N]");
    process.exit(2);
  }
  await runStack({
    stack: `vellum pipeline (copy of ee68fec) on ${dom}`,
    script: `bun scripts/bench-reference/vellum-on-dom.ts --dom=${dom}`,
    packages: ["@mozilla/readability", dom === "happydom" ? "happy-dom" : "linkedom", "turndown"],
    decode: (bytes) => decodeHtml(bytes, "text/html"),
    extract: (html, url) => vellumOn(dom, html, url),
  });
}
