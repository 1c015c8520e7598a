/**
 * A newsletter's or the site's follow box left as a heading and its pitch: "## We do newsletters, too"
 * over "Discover tips … in our biweekly newsletter", "## Want updates to your inbox?", "##### Follow Us"
 * over "Get a free eCookbook with our top 25 recipes." Its form and buttons went with the clean-up; the
 * heading and the one short paragraph under it are the site's, not the page's. invitations.ts takes a
 * paragraph asking to join a newsletter in so many words; this reads the box by its title, whatever
 * its pitch says. Read on the Markdown, line by line.
 *
 * A question heading ("Where can I sign up?") is an FAQ's entry and stays, and so does a heading that
 * is a link (a teaser's title) or whose section goes on past one paragraph or holds a list, picture,
 * table, quote or code: that is a section of the text about newsletters.
 */
import { codeLines, cutLines } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { wordCount } from "./words.ts";

const HEADING = /^(#{1,6})\s+((?:\S.*)?)$/;
// A title naming a newsletter, an inbox or following the site.
const BOX_TITLE =
  /\b(?:newsletters?|(?:in|to) your inbox|subscribe|follow us|stay (?:connected|in touch|updated|informed)|sign up|get (?:the latest|updates)|join (?:our|the) (?:mailing list|community))\b/i;
// A question is an FAQ's entry ("Where can I learn more or sign up?"), not a box's title.
const QUESTION = /^(?:how|what|when|where|why|who|which|can|could|do|does|is|are|should|will|would)\b/i;
// A line that is not a paragraph of the pitch: a heading, list item, table row, picture, quote or code fence.
const NOT_PITCH = /^(?:#|[-*+]\s|\d+[.)]\s|\||!\[|\[!\[|```|~~~|>)/;

/** The box title's words when `line` is a heading that names a newsletter or following the site, else null. */
function boxTitle(line: string): string | null {
  const heading = HEADING.exec(line.trim());
  if (!heading || /\]\(/.test(heading[2]!)) return null;
  const title = heading[2]!.replace(/[*_\\]/g, "").trim();
  const words = wordCount(title);
  if (words === 0 || words > THRESHOLDS.newsletterBoxTitleMaxWords || QUESTION.test(title)) return null;
  return BOX_TITLE.test(title) ? title : null;
}

/**
 * The Markdown without its newsletter and follow boxes: a heading naming one (boxTitle) with nothing
 * under it, or with one paragraph of at most newsletterBoxPitchMaxWords words and then a heading, the
 * end, or any other kind of line. Code is never read. Returns the Markdown kept and the lines cut (to
 * correct the word count).
 */
export function withoutNewsletterBoxes(markdown: string): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const cut: boolean[] = lines.map(() => false);
  for (let i = 0; i < lines.length; i++) {
    if (code[i] || boxTitle(lines[i]!) === null) continue;
    // The one paragraph under the heading, if any (a paragraph is one line in vellum's Markdown).
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    let end = i + 1;
    if (j < lines.length && !code[j] && !NOT_PITCH.test(lines[j]!.trim())) {
      const words = wordCount(withoutLinkTargets(lines[j]!));
      if (words > THRESHOLDS.newsletterBoxPitchMaxWords) continue;
      end = j + 1;
    }
    for (let k = i; k < end; k++) cut[k] = true;
    i = end - 1;
  }
  return cutLines(markdown, lines, cut);
}
