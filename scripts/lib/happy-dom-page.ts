/**
 * happy-dom as vellum's DOM, for the benchmarks that compare it with linkedom, production's DOM
 * (src/extract/dom.ts; README, "Which DOM").
 */
import { Window } from "happy-dom";
import type { DomFactory } from "../../src/extract/dom.ts";

// The page is untrusted: nothing in it may run or load anything. JavaScript evaluation, CSS, image and
// iframe loading are off by default in happy-dom 21; they are spelled out so a change of defaults in an
// upgrade cannot turn them on. Navigation (meta refresh, window.open) is off too, and any request that
// still gets through is answered locally with a 403 by the interceptor instead of reaching the network.
/** Meta refresh and frame navigation off: a page is read where it was fetched. */
export const NO_NAVIGATION = {
  disableMainFrameNavigation: true,
  disableChildFrameNavigation: true,
  disableChildPageNavigation: true,
  disableFallbackToSetURL: true,
};

/**
 * Answers every request the page's DOM would make with a local 403: happy-dom still fetches
 * `<link rel="preload" as="fetch">` whatever the loading settings, and extraction never touches the
 * network beyond the guarded fetch.
 */
export const OFFLINE_FETCH = {
  beforeAsyncRequest: async ({ window }: { window: { Response: typeof Response } }) =>
    new window.Response(null, { status: 403, statusText: "Forbidden" }),
  beforeSyncRequest: () => ({
    status: 403,
    statusText: "Forbidden",
    ok: false,
    url: "",
    redirected: false,
    headers: new Headers(),
    body: null,
  }),
};

export const WINDOW_SETTINGS = {
  disableJavaScriptEvaluation: true,
  enableJavaScriptEvaluation: false,
  disableJavaScriptFileLoading: true,
  disableCSSFileLoading: true,
  enableCSSFileLoading: false,
  enableImageFileLoading: false,
  disableIframePageLoading: true,
  enableIframePageLoading: false,
  disableComputedStyleRendering: true,
  handleDisabledFileLoadingAsSuccess: true,
  enableFileSystemHttpRequests: false,
  navigation: NO_NAVIGATION,
  timer: { maxTimeout: 0, maxIntervalTime: 0, maxIntervalIterations: 0 },
  fetch: { interceptor: OFFLINE_FETCH },
};

/**
 * happy-dom with everything off (WINDOW_SETTINGS), for the benchmarks that compare the DOMs. The second
 * parse is a document of the same window (DOMParser): no second window to build and close.
 */
export const happyDomPage: DomFactory = (html, url) => {
  const window = new Window({ url, settings: WINDOW_SETTINGS as never });
  const document = window.document as unknown as Document;
  document.write(html);
  return {
    document,
    reparse: () => new window.DOMParser().parseFromString(html, "text/html") as unknown as Document,
    close: () => window.happyDOM.close(),
  };
};
