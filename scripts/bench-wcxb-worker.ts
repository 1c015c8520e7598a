/**
 * Worker of scripts/bench-wcxb.ts: extracts one page at a time with the stack it is asked for.
 *
 * - "vellum": the bytes decoded by charset.ts, then htmlToArticle() with the page's URL: the code path
 *   /extract runs inside its worker pool after the fetch.
 * - "readability": plain Readability + happy-dom + turndown with the GFM plugin, none of vellum's
 *   additions (the same stack as scripts/bench-reference/happydom-plain.ts), the comparison column.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import TurndownService from "turndown";
// @ts-expect-error turndown-plugin-gfm ships no type declarations
import { gfm } from "turndown-plugin-gfm";
import { decodeHtml } from "../src/extract/charset.ts";
import { type Analysis, analyzePage, NO_NAVIGATION, OFFLINE_FETCH } from "../src/extract/html-to-article.ts";

export interface WcxbJob {
  id: string;
  file: string;
  url: string;
  stack: "vellum" | "readability";
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

const PLAIN_SETTINGS = {
  enableJavaScriptEvaluation: false,
  disableJavaScriptFileLoading: true,
  enableCSSFileLoading: false,
  enableImageFileLoading: false,
  enableIframePageLoading: false,
  handleDisabledFileLoadingAsSuccess: true,
  navigation: NO_NAVIGATION,
  fetch: { interceptor: OFFLINE_FETCH },
};
const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);

async function plain(html: string, url: string): Promise<string> {
  const window = new Window({ url, settings: PLAIN_SETTINGS as never });
  try {
    const document = window.document as unknown as Document;
    document.write(html);
    const article = new Readability(document).parse();
    return article?.content ? turndown.turndown(article.content) : "";
  } finally {
    await window.happyDOM.close();
  }
}

declare const self: Worker;

self.onmessage = async (event: MessageEvent<WcxbJob>) => {
  const job = event.data;
  const bytes = gunzipSync(readFileSync(job.file));
  const started = performance.now();
  let markdown = "";
  let pageType: string | null = null;
  let error: string | null = null;
  let analysis: Analysis | null = null;
  try {
    // The benchmark keeps no response headers: decoding sees what a bare "text/html" would give.
    const { text } = decodeHtml(bytes, "text/html");
    if (job.stack === "vellum") {
      const result = await analyzePage(text, { url: job.url });
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
