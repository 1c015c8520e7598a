/**
 * A site's bar of links written on one line ("Guidelines | FAQ | API | Contact", "Past news | Reviews |
 * Archives | RSS"): a footer's or a section's navigation that the page's content came with. The
 * elements around it are often plain ones no name marks; in the Markdown it is a line of nothing but
 * links and the separators between them. Read on the Markdown, line by line.
 */
import { withoutLinesWhere } from "./markdown.ts";
import { withoutLinks } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";

const LINK = "\u0001";
// Links joined by a vertical bar or a middle dot, a separator at either end allowed; a table row begins
// with its bar and is not read.
// (The line is trimmed: white space before the first link follows a heading's marks or a separator.)
const BAR = new RegExp(`^(?:#{1,6}\\s+)?(?:[|·]\\s*)?${LINK}(?:\\s*[|·]\\s*${LINK})+\\s*[|·]?$`);

/** Whether a Markdown line is nothing but linkBarMinLinks links or more with separators between them. */
export function isLinkBar(line: string): boolean {
  const text = line.trim();
  if (!text || text.startsWith("|")) return false;
  const marked = withoutLinks(text, LINK);
  if (!BAR.test(marked)) return false;
  let links = 0;
  for (const c of marked) if (c === LINK) links++;
  return links >= THRESHOLDS.linkBarMinLinks;
}

/** The Markdown without its bars of links (code is never read). */
export function withoutLinkBars(markdown: string): string {
  return withoutLinesWhere(markdown, isLinkBar);
}
