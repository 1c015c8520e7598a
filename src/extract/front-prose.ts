/**
 * Readability keeps the container with the most prose and the siblings that score like it. When an
 * article's text is cut into blocks that do not score alike (a press release's first paragraphs in one
 * field and the rest after an embedded post in another, a letter above a long comma-separated list of
 * its signatories, a gift guide's introduction above its picks), it may keep a later part alone, and the
 * reader loses the article's opening. The front prose is the paragraphs of prose that come before the
 * first paragraph Readability kept and that its result lacks.
 *
 * Two steps, so that most articles pay for neither: the page's paragraphs are listed in document order
 * before Readability moves nodes (proseParagraphs), and only when those before its first kept paragraph
 * add up to enough words (frontProseWords) is the main region parsed; its paragraphs of prose before the
 * line the result opens with then go first (withFrontProse). The numbers are in thresholds.ts.
 */
import { codeLines, headingRank, isListItemOrRow } from "./markdown.ts";
import { withoutLinks, withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { saidIn, wordText, words } from "./words.ts";

/** A paragraph of prose: its first words (to find it again) and its length in words. */
export interface ProseParagraph {
  probe: string;
  words: number;
}

/** The first probeWords words of a text, or "" when it has fewer. */
function probeOf(text: string): string {
  const w = words(text);
  return w.length >= THRESHOLDS.frontProseProbeWords ? w.slice(0, THRESHOLDS.frontProseProbeWords).join(" ") : "";
}

/**
 * The body's paragraphs of prose (a <p> of frontProseParagraphWords words or more, mostly not a link's
 * text), in document order, from the page's first <h1> on when it has one (what comes before the title
 * is the site's). Read after the boilerplate rules and before Readability moves nodes, on every page:
 * one query in document order, and a paragraph's text read once.
 */
export function proseParagraphs(body: Element): ProseParagraph[] {
  let counting = body.getElementsByTagName("h1").length === 0;
  const out: ProseParagraph[] = [];
  // The shortest text that can hold frontProseParagraphWords words: a letter and a space each.
  const shortest = THRESHOLDS.frontProseParagraphWords * 2 - 1;
  for (const el of Array.from(body.querySelectorAll("h1, p"))) {
    if (el.nodeName === "H1") {
      counting = true;
      continue;
    }
    if (!counting) continue;
    const text = el.textContent ?? "";
    if (text.length < shortest || el.parentElement?.closest("p")) continue;
    const count = words(text).length;
    if (count < THRESHOLDS.frontProseParagraphWords) continue;
    let linked = 0;
    for (const a of Array.from(el.getElementsByTagName("a"))) linked += words(a.textContent ?? "").length;
    if (linked > count * THRESHOLDS.frontProseMaxLinkShare) continue;
    out.push({ probe: probeOf(text), words: count });
  }
  return out;
}

/**
 * Words of the paragraphs that come before the first of `paragraphs` Readability's result holds (its
 * text `contentText`) and that it lacks; of all it lacks when it holds none of them (a list of names, a
 * block of text without paragraphs: where it lies is then known only in the region, withFrontProse).
 */
export function frontProseWords(paragraphs: ProseParagraph[], contentText: string): number {
  const kept = wordText(contentText);
  const first = paragraphs.findIndex((p) => saidIn(p.probe, kept));
  const end = first < 0 ? paragraphs.length : first;
  let n = 0;
  for (let i = 0; i < end; i++) if (!saidIn(paragraphs[i]!.probe, kept)) n += paragraphs[i]!.words;
  return n;
}

/** Whether the front prose is enough to be the article's opening: a share of what Readability kept, and more than a standfirst. */
export function frontProseMissing(frontWords: number, readabilityWords: number): boolean {
  return frontWords >= THRESHOLDS.frontProseMinWords && frontWords >= readabilityWords * THRESHOLDS.frontProseMinShare;
}

/**
 * `markdown` with the main region's paragraphs of prose that come before the line `markdown` opens with,
 * after the region's title when it has one (`regionMarkdown`, the cleaned region as Markdown), put
 * first, with the number of words they add; null
 * when the region does not hold that line, or the paragraphs before it are not frontProseMissing.
 */
export function withFrontProse(
  markdown: string,
  regionMarkdown: string,
  readabilityWords: number,
): { markdown: string; words: number } | null {
  const opening = markdown.split("\n").find((line) => !/^\s*#/.test(line) && probeOf(withoutLinkTargets(line)));
  if (!opening) return null;
  const probe = probeOf(withoutLinkTargets(opening));
  const lines = regionMarkdown.split("\n");
  const at = lines.findIndex((line) => saidIn(probe, wordText(withoutLinkTargets(line))));
  if (at <= 0) return null;
  // From the region's title on, when it has one before that line: what comes before the title is the site's.
  const title = lines.slice(0, at).findIndex((line) => /^# /.test(line));
  const kept = wordText(withoutLinkTargets(markdown));
  const code = codeLines(lines);
  const front: string[] = [];
  let added = 0;
  for (let i = title + 1; i < at; i++) {
    const line = lines[i]!;
    const text = line.trim();
    // Paragraphs only: not code, a list item, a table row, a heading or a quote.
    if (code[i] || isListItemOrRow(text) || headingRank(text) <= 6 || text.startsWith(">")) continue;
    const count = words(withoutLinkTargets(line)).length;
    const unlinked = words(withoutLinks(line, " ", true)).length;
    if (count < THRESHOLDS.frontProseParagraphWords || count - unlinked > count * THRESHOLDS.frontProseMaxLinkShare) continue;
    if (saidIn(probeOf(withoutLinkTargets(line)), kept)) continue;
    front.push(line);
    added += count;
  }
  if (!frontProseMissing(added, readabilityWords)) return null;
  return { markdown: `${front.join("\n\n")}\n\n${markdown}`, words: added };
}
