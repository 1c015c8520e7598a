/**
 * A link of a word or two standing alone between lines of text: a button or a card's control whose box
 * is gone ("View pricing", "More Info", "0 comments", "+15", "Learn More"). It names where the control
 * leads, not what the page says. A run of such links is a menu or a list of names, and one inside a
 * sentence or a list item is the text's own: both stay. Read on the Markdown, line by line.
 */
import { codeLines, filledLines, withoutLinesWhere } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { wordCount } from "./words.ts";

// A line that is one link and nothing else, its text neither a picture nor another link: "[View
// pricing](/pricing)", "[**More Info**](/p/1 "More")". A link around a heading is written as a heading
// ("## [Pricing](/pricing)", markdown.ts), so it never opens with "[". Each part's characters exclude the next
// delimiter, so a line that is not one link fails in one pass.
const ONE_LINK = /^\[([^[\]]{1,80})\]\([^()\s]*(?:\s+"[^"]*")?\)$/;

/** The text of a line that is a lone link (not indented: an indented one belongs to a list item), or null. */
function loneLinkText(line: string | undefined): string | null {
  if (line === undefined || /^\s/.test(line)) return null;
  const match = ONE_LINK.exec(line.trimEnd());
  if (!match) return null;
  return match[1]!;
}

/**
 * The Markdown without its lone links of at most loneLinkMaxWords words whose nearest lines of text
 * (blank lines aside) are not lone links too. Code is never read.
 */
export function withoutLoneLinks(markdown: string): string {
  // Most pages have no line opening with a link: one scan before the lines are split.
  if (!markdown.startsWith("[") && !markdown.includes("\n[")) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const text = lines.map((line, i) => (code[i] ? null : loneLinkText(line)));
  const filled = filledLines(lines);
  const drop = new Set<number>();
  filled.forEach((i, k) => {
    const label = text[i];
    if (label == null) return;
    const words = wordCount(label);
    if (words < 1 || words > THRESHOLDS.loneLinkMaxWords) return;
    const before = filled[k - 1];
    const after = filled[k + 1];
    if ((before !== undefined && text[before] != null) || (after !== undefined && text[after] != null)) return;
    drop.add(i);
  });
  return drop.size ? withoutLinesWhere(markdown, (_, i) => drop.has(i)) : markdown;
}
