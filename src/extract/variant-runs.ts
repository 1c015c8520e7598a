/**
 * One notice written out in several versions, one after another, of which a visitor sees one: a promo
 * bar's text for each country ("Free standard shipping on orders 65€ or more. For more information on
 * shipping rates and timelines, please visit our international page", then the same with ₹11,230, then
 * with MX$1,320 …), an offer worded for each of the plans a toggle picks, a server's warning printed on
 * every call. The versions differ in an amount or a word, so the verbatim rules (markdown.ts
 * withoutRepeatedRuns, product-page.ts withoutRepeatedParagraphs) pass them by; the reader gets the
 * notice a dozen times.
 *
 * Read on the Markdown: a run of at least variantRunMinParagraphs consecutive paragraphs (blank lines
 * between them aside) that all hold one same sentence of variantSentenceMinWords words or more, the
 * sentences they share making at least variantSharedMinShare of each paragraph's words, is one notice:
 * its first version stays, the others go, each when it says at most variantMaxOwnWords words besides
 * (a longer paragraph that opens with the notice is text of its own). Headings, list items, table rows,
 * quotes, pictures and code end a run and are never dropped (a plan's features, repeated in every plan,
 * are list items); a refrain closing the stanzas of a poem, a small part of each, makes no run.
 * Measured in docs/extraction.md ("Versions of one notice"); the numbers are in thresholds.ts.
 */
import { codeLines, headingRank, isListItemOrRow, withoutLinesWhere } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { words } from "./words.ts";

// A picture, linked or not: it holds no sentence.
// regex-linear: each try reads at most 5,008 characters (the quantifiers' bounds)
const PICTURE = /\[?!\[[^\]]{0,500}\]\([^)\s]{0,2000}(?:\s+"[^"]{0,500}")?\)(?:\]\([^)\s]{0,2000}\))?/g;
// Where a sentence ends: its stop and the white space after it.
const SENTENCE_END = /(?<=[.!?…])\s+/;

interface Paragraph {
  /** Its index in the Markdown's lines. */
  line: number;
  /** How many words it holds. */
  words: number;
  /** Its sentences of variantSentenceMinWords words or more, as their words joined by one space, with each one's count of words. */
  sentences: Map<string, number>;
}

/**
 * A paragraph line's words and long sentences, or null for a line that is not a paragraph (a heading,
 * a list item or the indented line continuing one, a table row, a quote, a line of pictures).
 */
function paragraphOf(line: string, index: number): Paragraph | null {
  if (/^\s/.test(line)) return null;
  const text = line.trim();
  if (isListItemOrRow(text) || text.startsWith(">") || headingRank(text) <= 6) return null;
  const plain = withoutLinkTargets(text.replace(PICTURE, " "));
  let count = 0;
  const sentences = new Map<string, number>();
  for (const sentence of plain.split(SENTENCE_END)) {
    const said = words(sentence);
    count += said.length;
    if (said.length >= THRESHOLDS.variantSentenceMinWords) sentences.set(said.join(" "), said.length);
  }
  return count === 0 ? null : { line: index, words: count, sentences };
}

/** The sentences both hold, with their counts of words, and the sum of those counts. */
function shared(a: Map<string, number>, b: Map<string, number>): { sentences: Map<string, number>; words: number } {
  const both = new Map<string, number>();
  let words = 0;
  for (const [sentence, count] of a) {
    if (!b.has(sentence)) continue;
    both.set(sentence, count);
    words += count;
  }
  return { sentences: both, words };
}

/**
 * Whether paragraphs sharing sentences of `sharedWords` words are versions of one notice: those make at
 * least variantSharedMinShare of the longest (`mostWords`), and each later version says at most
 * variantMaxOwnWords words besides (`mostLaterWords`, the longest of them; a longer paragraph that opens
 * with the notice is text of its own). Each paragraph holds every shared sentence, so its own words are
 * its words less the shared ones.
 */
function versions(sharedWords: number, mostWords: number, mostLaterWords: number): boolean {
  return sharedWords >= THRESHOLDS.variantSharedMinShare * mostWords && mostLaterWords - sharedWords <= THRESHOLDS.variantMaxOwnWords;
}

/**
 * The Markdown with each run of versions of one notice said once, by its first version (code is never
 * read). Linear in the paragraphs' sentences: a run grows while its paragraphs share a sentence, and one
 * that ends under variantRunMinParagraphs is left after at most that many paragraphs.
 */
export function withoutVariantRuns(markdown: string): string {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  // The runs of consecutive paragraphs: a line of any other kind ends one.
  const runs: Paragraph[][] = [[]];
  lines.forEach((line, i) => {
    if (!code[i] && line.trim() === "") return;
    const paragraph = code[i] ? null : paragraphOf(line, i);
    if (paragraph) runs[runs.length - 1]!.push(paragraph);
    else if (runs[runs.length - 1]!.length > 0) runs.push([]);
  });
  const drop = new Set<number>();
  for (const run of runs) {
    let start = 0;
    while (start < run.length) {
      const first = run[start]!;
      let common = first.sentences;
      let mostLaterWords = 0;
      let end = start + 1;
      while (end < run.length) {
        const next = run[end]!;
        const both = shared(common, next.sentences);
        const later = Math.max(mostLaterWords, next.words);
        if (both.sentences.size === 0 || !versions(both.words, Math.max(first.words, later), later)) break;
        common = both.sentences;
        mostLaterWords = later;
        end++;
      }
      if (end - start >= THRESHOLDS.variantRunMinParagraphs) {
        for (let k = start + 1; k < end; k++) drop.add(run[k]!.line);
        start = end;
      } else start++;
    }
  }
  // A dropped line takes the blank line after it along; code keeps its blank lines.
  return drop.size === 0 ? markdown : withoutLinesWhere(markdown, (_, i) => drop.has(i));
}
