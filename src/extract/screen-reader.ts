/**
 * Screen-reader text: words a page writes for screen readers only and hides from the eye with the
 * accessibility convention's class ("sr-only", "visually-hidden", "screen-reader-text"): "Opens in a new
 * window", "Rated 4.5 out of 5", a heading over a menu, "Skip to content". A reader does not see them,
 * so they are not the page's text.
 *
 * They are removed from the candidate that won, when it is converted, and not before the candidates are
 * weighed: the region's words decide whether the region wins (region.ts chooseRegion), and taking the
 * hidden labels out of one candidate and not the other changed which one won on grid pages, for the
 * worse (collection pages lost 0.58 summed). An element holding a picture or a long text is not a label.
 *
 * Screen-reader text beside a twin hidden from screen readers (aria-hidden="true") is the spoken form of
 * what the eye sees there: a shop writes a struck-out price for the eye and "Original price was: $30.00"
 * for the ear. The hidden twin goes with the hidden elements (region.ts cleanRegion, Readability), so the
 * spoken form is then the only copy of its words and stays.
 */
import { THRESHOLDS } from "./thresholds.ts";

/** The accessibility convention's names of text only a screen reader reads ("sr-only", "visually-hidden"). */
export const SCREEN_READER_ONLY = /(?:^|[\s_-])(?:sr[-_]?only|visually[-_]?hidden|screen[-_]?reader(?:[-_]text|[-_]only)?)(?:$|[\s_-])/i;

const MEDIA = "img, picture, svg, video";
// An old and a new value marked as such (a struck-out price beside the sale price), hidden from screen readers.
const EDITED = 'del[aria-hidden="true"], ins[aria-hidden="true"], s[aria-hidden="true"]';
// Set on screen-reader text that speaks for a hidden twin beside it (markSpokenTwins).
const SPOKEN = "data-vellum-spoken";

function normalized(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function screenReaderOnly(el: Element | null): el is Element {
  return el !== null && SCREEN_READER_ONLY.test(el.getAttribute("class") ?? "");
}

/**
 * Marks, in `root`, the screen-reader text right beside an element hidden from screen readers: it
 * speaks for that element. Read before the hidden elements are removed.
 */
export function markSpokenTwins(root: Element): void {
  for (const hidden of Array.from(root.querySelectorAll(EDITED))) {
    const seen = normalized(hidden.textContent ?? "");
    if (!seen) continue;
    for (const twin of [hidden.previousElementSibling, hidden.nextElementSibling])
      if (screenReaderOnly(twin) && normalized(twin.textContent ?? "").includes(seen)) twin.setAttribute(SPOKEN, "");
  }
}

/** Removes from `root`, in place, the elements only a screen reader reads; returns how many went. */
export function removeScreenReaderText(root: Element): number {
  const doomed: Element[] = [];
  for (const el of Array.from(root.querySelectorAll("[class]"))) {
    if (!screenReaderOnly(el) || el.hasAttribute(SPOKEN)) continue;
    const text = normalized(el.textContent ?? "");
    if (text.length > THRESHOLDS.screenReaderTextMaxChars || el.querySelector(MEDIA)) continue;
    doomed.push(el);
  }
  for (const el of doomed) el.remove();
  return doomed.length;
}
