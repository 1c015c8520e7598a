/**
 * What a forum prints beside each post about its writer rather than the post: the member's panel ("Join
 * Date: Aug 2008", "Location: London", "Posts: 1,077") and the line a phone app signs posts with ("Sent
 * from my iPhone using Tapatalk"). When the thread rule did not take the page (its posts are not marked
 * as such), the panel comes along as lines of their own. Read on the Markdown, line by line.
 */
import { withoutLinesWhere } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";

// A count the forum keeps of a member ("Posts: 1,077", "**Reaction score:** 2.5k").
const COUNT = /^(?:posts|messages|reputation|reaction score|points|likes|thanks|threads|karma|rep power)\s*:\s*[\d,.]+k?$/i;
// When the member joined ("Join Date: Aug 2008", "Registered: 2025-11-01"); the colon is asked for, as
// "Member since February 2016" on a seller's page is the page's own.
const JOINED = /^(?:join date|joined|registered|member since)\s*:\s*[\p{L}\d][\p{L}\d ,./-]{2,29}$/iu;
// Where the member lives: only beside a count or a join date, as "Location: Boston" is an article's too.
const PLACE = /^location\s*:\s*\S.{0,39}$/i;
// A phone app's signature: "Sent from my SM-S908U using Tapatalk".
const SENT_FROM = /^sent from my .{1,60} using .{1,60}$/i;

const plain = (line: string) =>
  withoutLinkTargets(line)
    .replace(/[*_[\]\\]/g, "")
    .trim();

/**
 * The Markdown without the members' panels and phone signatures of a forum's posts: each line that is a
 * member's count or join date, a "Location:" line in a run of such lines (blank lines between), and each
 * "Sent from my … using …" line. Code is never read.
 */
export function withoutMemberPanels(markdown: string): string {
  const lines = markdown.split("\n").map(plain);
  const panel = lines.map((text) => COUNT.test(text) || JOINED.test(text));
  if (!panel.includes(true) && !lines.some((text) => SENT_FROM.test(text))) return markdown;
  // A place line goes when the nearest non-blank line before or after it is a count or join date.
  const besidePanel = (i: number, step: number) => {
    for (let j = i + step; j >= 0 && j < lines.length; j += step) if (lines[j]) return panel[j]!;
    return false;
  };
  return withoutLinesWhere(markdown, (_, i) => {
    const text = lines[i]!;
    return panel[i]! || SENT_FROM.test(text) || (PLACE.test(text) && (besidePanel(i, -1) || besidePanel(i, 1)));
  });
}
