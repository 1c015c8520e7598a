/**
 * Why a WCXB snippet counts as missed or as kept. The benchmark's scorer (../shared/bench/wcxb-score.mjs)
 * finds a `with` snippet (a sentence of the page's content) or a `without` snippet (a piece of its
 * boilerplate) by its characters: lower-cased, but every quote mark, space and line break as the ground
 * truth writes it. This audit sorts each snippet by what the character match hides:
 *
 * - `with` snippets: found as the scorer finds them; missed although the text says the snippet's words in
 *   the same order (the difference is typography, spacing or Markdown: a `’` for a `'`, a table's cells
 *   or a card's fields on lines of their own, an inline code span's backticks); or missed, some of their
 *   words not said there in that order (content left out, or text the page's scripts write).
 * - `without` snippets the text keeps: on a line of their own (the boilerplate itself); only inside a
 *   longer line of text ("Subscribe" in "subscribers can enjoy …"); or held by the ground truth's own
 *   content as well, so that no extraction matching the ground truth could leave it out.
 *
 * scripts/bench-wcxb.ts reports these counts for the whole set and the check part (counts only: the
 * check part is never read page by page). The scorer's figures stay the measure of the issue's goals;
 * the audit says how much of a gap is the character match's.
 */

const WORD = /[\p{L}\p{N}_]+/gu;
const NOT_WORD = /[^\p{L}\p{N}_]+/gu;
/** Characters a line may hold beyond a `without` snippet and still be that snippet's own line ("Subscribe →", "Comments (12)"). */
const OWN_LINE_SLACK = 12;

/** The text's words, lower-cased, one space apart: the form in which word order is compared. */
function wordLine(text: string): string {
  return (text.toLowerCase().match(WORD) ?? []).join(" ");
}

export interface SnippetAudit {
  /** `with` snippets the scorer finds. */
  withFound: number;
  /** `with` snippets it misses although the text says their words in that order. */
  withWordsInOrder: number;
  /** `with` snippets whose words the text does not say in that order. */
  withMissing: number;
  /** `without` snippets the text keeps on a line of their own. */
  withoutOwnLine: number;
  /** `without` snippets it keeps only inside a longer line. */
  withoutInsideLine: number;
  /** `without` snippets it keeps that the ground truth's content holds too. */
  withoutInGroundTruth: number;
  /** `without` snippets it leaves out. */
  withoutLeftOut: number;
}

export function emptyAudit(): SnippetAudit {
  return {
    withFound: 0,
    withWordsInOrder: 0,
    withMissing: 0,
    withoutOwnLine: 0,
    withoutInsideLine: 0,
    withoutInGroundTruth: 0,
    withoutLeftOut: 0,
  };
}

/**
 * One page's snippets sorted as above. `text` is what the scorer reads (the Markdown after
 * markdownToText), `page` its ground truth: main content (`text`) and snippets.
 */
export function auditPage(text: string, page: { text: string; with: string[]; without: string[] }): SnippetAudit {
  const audit = emptyAudit();
  const lower = text.toLowerCase();
  const words = ` ${wordLine(text)} `;
  for (const snippet of page.with) {
    if (lower.includes(snippet.toLowerCase())) audit.withFound++;
    else {
      const line = wordLine(snippet);
      if (line && words.includes(` ${line} `)) audit.withWordsInOrder++;
      else audit.withMissing++;
    }
  }
  if (page.without.length === 0) return audit;
  const truth = page.text.toLowerCase();
  const lines = lower.split("\n").map((line) => line.replace(NOT_WORD, " ").trim());
  for (const snippet of page.without) {
    const s = snippet.toLowerCase();
    if (!lower.includes(s)) {
      audit.withoutLeftOut++;
      continue;
    }
    if (truth.includes(s)) {
      audit.withoutInGroundTruth++;
      continue;
    }
    const bare = s.replace(NOT_WORD, " ").trim();
    // A line of the snippet alone, or of the snippet and a few characters more (a count, a colon, an arrow).
    const own = lines.some((line) => line === bare || (line.startsWith(bare) && line.length <= bare.length + OWN_LINE_SLACK));
    if (own) audit.withoutOwnLine++;
    else audit.withoutInsideLine++;
  }
  return audit;
}

/** The sum of several pages' audits. */
export function addAudits(audits: Iterable<SnippetAudit>): SnippetAudit {
  const total = emptyAudit();
  for (const audit of audits) for (const key of Object.keys(total) as (keyof SnippetAudit)[]) total[key] += audit[key];
  return total;
}

/**
 * The share of `with` snippets a page's text would be credited with if word order, not characters,
 * decided (its words-in-order rate), averaged over the pages as the scorer averages its own rate (a page
 * without `with` snippets counts 1, as in wcxb-score.mjs).
 */
export function wordsInOrderRate(audits: SnippetAudit[]): number {
  if (audits.length === 0) return 0;
  let sum = 0;
  for (const a of audits) {
    const n = a.withFound + a.withWordsInOrder + a.withMissing;
    sum += n === 0 ? 1 : (a.withFound + a.withWordsInOrder) / n;
  }
  return sum / audits.length;
}

/**
 * The share of `without` snippets kept on a line of their own, averaged over the pages as the scorer
 * averages its rate (a page without `without` snippets counts 0).
 */
export function ownLineKeptRate(audits: SnippetAudit[]): number {
  if (audits.length === 0) return 0;
  let sum = 0;
  for (const a of audits) {
    const n = a.withoutOwnLine + a.withoutInsideLine + a.withoutInGroundTruth + a.withoutLeftOut;
    sum += n === 0 ? 0 : a.withoutOwnLine / n;
  }
  return sum / audits.length;
}
