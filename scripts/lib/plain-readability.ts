// The reference stack the quality benchmarks compare vellum with: plain Readability on happy-dom and
// turndown with the GFM plugin, none of vellum's additions. Used by scripts/bench-wcxb-worker.ts and
// scripts/bench-dom.ts.
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
  const window = new Window({ url, settings: PLAIN_SETTINGS as never });
  try {
    const document = window.document as unknown as Document;
    document.write(html);
    const article = new Readability(document).parse();
    return article?.content ? plainTurndown.turndown(article.content) : null;
  } finally {
    await window.happyDOM.close();
  }
}
