/**
 * Pages that hide themselves until their scripts run: a wrapper of the whole page carries
 * `visibility:hidden`, `display:none` or `hidden` (a "flash of unstyled content" guard that a script
 * lifts after hydration). Scripts never run here, so Readability and the region's furniture rules would
 * drop the whole page as invisible. A hidden element holding most of the body's text is the page
 * itself, not a collapsed menu or a dialog: its hiding is lifted. The share is in thresholds.ts.
 *
 * The panels of a tab set (`role="tabpanel"`) are lifted whatever their size: a page shows one tab at a
 * time (one language's code sample, one plan's details), and the others are as much the page's content
 * as the one shown. On WCXB they are documentation and service pages' code samples and plan details:
 * 24 pages hold hidden panels, and lifting them gained +1.27 F1 summed over those pages (one
 * documentation page 0.24 → 0.94).
 */
import { elementsUnder, visibleTextLength } from "./dom-walk.ts";
import { THRESHOLDS } from "./thresholds.ts";

const HIDING_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important)?\s*(?=;|$)/gi;

function hides(el: Element): boolean {
  if (el.hasAttribute("hidden")) return true;
  const style = el.getAttribute("style");
  if (!style) return false;
  HIDING_STYLE.lastIndex = 0;
  return HIDING_STYLE.test(style);
}

/** Lifts the hiding of tab panels, and of elements that hold at least `pageHiddenMinShare` of the body's text. */
export function revealHiddenPage(doc: Document): number {
  const body = doc.body;
  if (!body) return 0;
  const hidden = elementsUnder(body).filter(hides);
  if (!hidden.length) return 0;
  const cache = new Map<Element, number>();
  const total = visibleTextLength(body, cache);
  if (!total) return 0;
  let lifted = 0;
  for (const el of hidden) {
    const panel = el.getAttribute("role")?.trim().toLowerCase() === "tabpanel";
    if (!panel && visibleTextLength(el, cache) < total * THRESHOLDS.pageHiddenMinShare) continue;
    el.removeAttribute("hidden");
    const style = el.getAttribute("style");
    if (style !== null) el.setAttribute("style", style.replace(HIDING_STYLE, "").replace(/^\s*;\s*/, ""));
    lifted++;
  }
  return lifted;
}
