/**
 * Lines of a post's meta data standing alone, which a blog's or news site's template sets beside the
 * title or under the text in markup no name marks: the reading time ("5 min read", "Reading time: 8
 * minutes") and the tags it was filed under ("Tags: [Helena](…), [smart thermostat](…)", "Category:
 * Personal Finance 101"). They are about the post, not of it. Read on the Markdown, line by line; a line
 * saying more ("Mar 7, 2026 | 4 min read", a teaser's date and reading time) stays, and so do list items,
 * headings and table rows.
 */
import { paragraphText } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";

// "5 min read", "3 minute read", "3 MIN. READ", "Reading time: 8 minutes", "Reading time" (its figure on
// the next line), "Est. reading time: 4 minutes". Not a bare "6 min", a recipe's or a video's duration.
const READING_TIME =
  /^(?:(?:(?:est(?:imated|\.)?\s+)?reading time|read time)\s*:?\s*(?:(?:about |less than |under )?(?:\d+|an?|one)\s*(?:min(?:ute)?s?\.?|mins?\.?))?|(?:\d+|one|two|three|four|five|ten)(?:\s*[-–]\s*|\s+)?(?:min(?:ute)?s?\.?)\s+read)$/i;
// "Tags: …", "Tagged with …:", "Topics: …", "Category: …", "Categories: …", "Labels: …", "Keywords: …":
// a label and the names it files the post under. Not "Filed under: …", which a catalogue's entries
// state as their own subject.
const TAG_LINE = /^(?:tags?|tagged(?: with| in)?|topics?|categor(?:y|ies)|labels?|keywords)\s*:/i;

/** Whether a Markdown line is only a post's reading time. */
export function isReadingTimeLine(line: string): boolean {
  const text = paragraphText(line);
  return text !== null && READING_TIME.test(text.replace(/\s+/g, " ").trim());
}

/** Whether a Markdown line is only the tags or categories a post was filed under (at most tagLineMaxChars). */
export function isTagLine(line: string): boolean {
  const text = paragraphText(line);
  return text !== null && text.length <= THRESHOLDS.tagLineMaxChars && TAG_LINE.test(text);
}

/** Whether a Markdown line is a post's meta data standing alone: its reading time or its tags. */
export function isPostMetaLine(line: string): boolean {
  return isReadingTimeLine(line) || isTagLine(line);
}
