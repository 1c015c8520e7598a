/**
 * Lines about the page rather than of it, which the page's markup sets apart in no way the clean-up can
 * read: the site's copyright notice ("© 2026 Example Ltd. All rights reserved.", often a plain <p> in a
 * <div> no name marks) and a byline standing alone ("Written by Jane Doe" under the last paragraph).
 * Read on the Markdown, line by line.
 */
import { headingRank, isListItemOrRow, withoutLinesWhere } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";

// A notice opens with the sign or the word and a year, or says the rights are reserved: not "Copyright
// law protects …", a sentence about copyright.
const COPYRIGHT = /^(?:all contents\s+)?(?:©|\(c\)\s*(?:19|20)\d\d|copyright\s*(?:©|\(c\)|(?:19|20)\d\d))|\ball rights reserved\b/i;
// "Written by Jane Doe", "Posted by admin on May 2", "Reviewed by,": the line is only who wrote it;
// not "Edited by …", which heads a collection's own credits.
const BYLINE = /^(?:written|posted|reviewed|authored) by\b/i;

/** The plain text of a paragraph line (not a heading, list item or table row), or null. */
function paragraphText(line: string): string | null {
  const text = line.trim();
  if (!text || isListItemOrRow(text) || headingRank(text) <= 6) return null;
  return withoutLinkTargets(text)
    .replace(/[*_\\[\]]/g, "")
    .trim();
}

/** Whether a Markdown line is the site's copyright notice (at most copyrightLineMaxChars characters). */
export function isCopyrightLine(line: string): boolean {
  const text = paragraphText(line);
  return text !== null && text.length <= THRESHOLDS.copyrightLineMaxChars && COPYRIGHT.test(text);
}

/** Whether a Markdown line is nothing but a byline (at most bylineMaxChars characters). */
export function isBylineLine(line: string): boolean {
  const text = paragraphText(line);
  return text !== null && text.length <= THRESHOLDS.bylineMaxChars && BYLINE.test(text);
}

/** The Markdown without its copyright notices (code is never read). */
export function withoutCopyrightLines(markdown: string): string {
  return withoutLinesWhere(markdown, isCopyrightLine);
}

/** The Markdown without its lone bylines (code is never read). */
export function withoutBylines(markdown: string): string {
  return withoutLinesWhere(markdown, isBylineLine);
}
