/**
 * Links standing alone that call the reader to act ("Get a quote", "Talk to an expert", "Start your
 * free trial"): a landing page's buttons, whose box and button class are often gone by the time the
 * Markdown is written. Read on the Markdown, line by line.
 */
import { withoutLinesWhere } from "./markdown.ts";
import { withoutLinks, withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";

const LINK = "\u0001";
// A line of nothing but one to three links.
const LINKS_ONLY = new RegExp(`^${LINK}(?:\\s*${LINK}){0,2}$`);
// The first link's words: a verb asking the reader to act, then a few more words at most.
const CALL =
  /^\[[*_]*(?:get|start|talk|contact|book|request|try|buy|shop|download|schedule|donate|call|apply|claim|order|reserve|hire|speak|chat)\b/i;

/** Whether a Markdown line is only a link (or up to three) calling the reader to act. */
export function isCallToAction(line: string): boolean {
  // An indented line belongs to a list item (a product's "try …" link among the entries); a heading,
  // linked or not, is a title ("#### [Talk Talk](…)" names a project).
  if (/^\s/.test(line)) return false;
  const text = line.trim();
  if (!text || !LINKS_ONLY.test(withoutLinks(text, LINK)) || !CALL.test(text)) return false;
  return (
    withoutLinkTargets(text)
      .replace(/[[\]#*_]/g, "")
      .trim().length <= THRESHOLDS.callToActionMaxChars
  );
}

/** The Markdown without its lone calls to action (code is never read). */
export function withoutCallsToAction(markdown: string): string {
  return withoutLinesWhere(markdown, isCallToAction);
}
