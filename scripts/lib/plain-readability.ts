// The reference stack the quality benchmarks compare vellum with: plain Readability on happy-dom and
// turndown with the GFM plugin, none of vellum's additions. Used by scripts/bench-wcxb-worker.ts,
// scripts/bench-dom.ts and scripts/bench-fixtures.ts.
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import TurndownService from "turndown";
// @ts-expect-error turndown-plugin-gfm ships no type declarations
import { gfm } from "turndown-plugin-gfm";
import { NO_NAVIGATION, OFFLINE_FETCH } from "./happy-dom-page.ts";

/** happy-dom with nothing loaded or run (as WINDOW_SETTINGS in happy-dom-page.ts, kept as first measured). */
export const PLAIN_SETTINGS = {
  enableJavaScriptEvaluation: false,
  disableJavaScriptFileLoading: true,
  enableCSSFileLoading: false,
  enableImageFileLoading: false,
  enableIframePageLoading: false,
  handleDisabledFileLoadingAsSuccess: true,
  navigation: NO_NAVIGATION,
  fetch: { interceptor: OFFLINE_FETCH },
};

export const plainTurndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" }).use(gfm);

/** Plain Readability's article as Markdown, or null when it found none. */
export async function plainReadability(html: string, url: string): Promise<string | null> {
  return (await plainReadabilityArticle(html, url))?.markdown ?? null;
}

/** Plain Readability's article: its Markdown and the title, byline and date it read, or null when it found none. */
export async function plainReadabilityArticle(
  html: string,
  url: string,
): Promise<{ markdown: string; title: string | null; byline: string | null; publishedTime: string | null } | null> {
  const window = new Window({ url, settings: PLAIN_SETTINGS as never });
  try {
    const document = window.document as unknown as Document;
    document.write(html);
    const article = new Readability(document).parse();
    if (!article?.content) return null;
    return {
      markdown: plainTurndown.turndown(article.content),
      title: article.title ?? null,
      byline: article.byline ?? null,
      publishedTime: article.publishedTime ?? null,
    };
  } finally {
    await window.happyDOM.close();
  }
}
