/**
 * Advertisements the content came with: the label a site sets over or under an ad or a sponsored card
 * ("Advertisement", "Sponsored", "Paid content"), left on a line of its own once the ad's frame is
 * gone, and a newsletter's sections headed as ads ("## Advertisement: New AI Book!"), which run to the
 * next heading of their rank. Read on the Markdown, line by line.
 */
import { codeLines, cutLines, headingRank } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";

// Not "Promoted" (a listing's entry paid to be first is still one of its entries) nor a link ("Partner
// content" naming a section of the site).
/** An ad's label in the other languages most pages are in (de, fr, es, it, pt, nl, pl); boilerplate.ts reads it too. */
export const AD_LABEL_WORDS = "anzeige|werbung|publicité|publicidad|pubblicità|publicidade|advertentie|reklama";
// In English, a label set between dashes ("- Advertisement -", as news themes print it) needs both: "- Ad"
// alone is a list's entry.
const LABEL_WORDS = "advertisement|advert|ad|sponsored(?: content| post)?|paid (?:content|post|partnership)";
const LABEL = new RegExp(
  String.raw`^(?:${LABEL_WORDS}|[-–—]\s*(?:${LABEL_WORDS})\s*[-–—]|[-–—]?\s*(?:${AD_LABEL_WORDS})(?:\s*[-–—])?)[\s:.!]*$`,
  "i",
);
// A heading naming its section an ad: "Advertisement: London 2025 Event", "Sponsored: …".
const AD_HEADING = /^(?:advertisement|advert|sponsored|sponsor|paid (?:content|post|partnership))\s*:\s*\S/i;

const plain = (line: string) =>
  withoutLinkTargets(line)
    .replace(/^#{1,6}\s+/, "")
    .replace(/[*_[\]\\]/g, "")
    .trim();

/**
 * The Markdown without its advertisements' labels (a line that is only "Advertisement", "Sponsored" or
 * the like) and the sections under a heading naming them an ad, to the next heading of the same or a
 * higher rank. Code is never read. Returns the Markdown kept and the lines cut.
 */
export function withoutAdLabels(markdown: string): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const cut = new Array<boolean>(lines.length).fill(false);
  for (let i = 0; i < lines.length; i++) {
    if (code[i]) continue;
    const text = plain(lines[i]!);
    if (LABEL.test(text) && !lines[i]!.includes("](")) cut[i] = true;
    const rank = headingRank(lines[i]!);
    if (rank > 6 || !AD_HEADING.test(text)) continue;
    let j = i;
    do cut[j++] = true;
    while (j < lines.length && (code[j] || headingRank(lines[j]!) > rank));
    i = j - 1;
  }
  return cutLines(markdown, lines, cut);
}
