/**
 * Links standing alone that point to more about something the page already named: "Learn more about
 * privacy", "Read full details", "See all integrations", "View all customer stories", "Explore Dev
 * Mode", "Find out more". A landing page's or a shop's buttons under a feature or a card, whose box is
 * gone by the time the Markdown is written; the words say where the button leads, not what the page
 * says. Read on the Markdown, line by line.
 */
import { withoutLinesWhere } from "./markdown.ts";
import { withoutLinks, withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";

const LINK = "\u0001";
// A list marker, one link, nothing else but an arrow after it.
const ONE_LINK = new RegExp(`^(?:[-*+]\\s+)?${LINK}[\\s→›»>]*$`);
// The link's words open with a pointer to more: "learn more", "read full", "see all", "explore".
const MORE =
  /^(?:learn (?:more|about)|read (?:full|more|the full)|see (?:all|more|full|details)|view (?:all|more|full|details)|show (?:more|all)|find out more|discover more|explore)\b/i;

/** Whether a Markdown line (a paragraph or a list item) is only a link pointing to more. */
export function isMoreLink(line: string): boolean {
  const text = line.trim();
  if (!text.includes("](") || !ONE_LINK.test(withoutLinks(text, LINK))) return false;
  const plain = withoutLinkTargets(text)
    .replace(/^[-*+]\s+/, "")
    .replace(/[[\]*_→›»>]/g, "")
    .trim();
  return plain.length <= THRESHOLDS.moreLinkMaxChars && MORE.test(plain);
}

/** The Markdown without its lone links pointing to more (code is never read). */
export function withoutMoreLinks(markdown: string): string {
  return withoutLinesWhere(markdown, isMoreLink);
}
