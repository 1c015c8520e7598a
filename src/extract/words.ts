/**
 * The words of a text, lower-cased: runs of letters and digits, and in scripts written without spaces
 * the words of the language (below). The rules that look for a block's
 * first words in another text (a probe: lead.ts, intro.ts, faq-section.ts, series-gaps.ts, fragment.ts,
 * front-prose.ts, recipe.ts) all split texts this way, so a probe and the text it is looked for in agree.
 */
const WORDS = /[\p{L}\p{N}]+/gu;

// Han and kana are written without spaces: each character is a word, as html-to-article.ts countWords
// counts them. Thai, Lao, Khmer and Myanmar are written without spaces between words too: a run of them
// is split into the words ICU's dictionaries find in it (Intl.Segmenter). Counted as runs, a Chinese
// paragraph was a handful of words and a link of a whole Chinese sentence one, a button's label to the
// lone-links rule (tests/extract/words.test.ts).
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;
const SPACELESS = String.raw`\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
const UNSPACED = new RegExp(`[${CJK}${SPACELESS}]`, "v");
const WORDS_OF_ALL_SCRIPTS = new RegExp(String.raw`[${CJK}]|[${SPACELESS}]+|[[\p{L}\p{N}]--[${CJK}${SPACELESS}]]+`, "gv");
const SPACELESS_RUN = new RegExp(`^[${SPACELESS}]`, "v");
const SEGMENTER = new Intl.Segmenter(undefined, { granularity: "word" });

export function words(text: string): string[] {
  const lower = text.toLowerCase();
  // Most texts hold no character of a script written without spaces: one scan, then the runs.
  if (!UNSPACED.test(lower)) return lower.match(WORDS) ?? [];
  const out: string[] = [];
  for (const run of lower.match(WORDS_OF_ALL_SCRIPTS) ?? []) {
    if (!SPACELESS_RUN.test(run)) out.push(run);
    else for (const segment of SEGMENTER.segment(run)) if (segment.isWordLike) out.push(segment.segment);
  }
  return out;
}

/** How many words a text holds, as `words` splits it: what every rule's threshold in words counts. */
export function wordCount(text: string): number {
  return UNSPACED.test(text) ? words(text).length : (text.match(WORDS)?.length ?? 0);
}

/** The first `n` words of a text, joined by one space: a probe to look for with saidIn. */
export function firstWords(text: string, n: number): string {
  return words(text).slice(0, n).join(" ");
}

/**
 * A text made ready for looking probes up in it: its words joined by one space, with a space at each
 * end, so that saidIn finds a probe only as whole words. Made once for a text that many probes are
 * looked for in.
 */
export function wordText(text: string): string {
  return ` ${words(text).join(" ")} `;
}

/** Whether `probe` (words joined by one space) is said in `spoken` (a wordText), as whole words. */
export function saidIn(probe: string, spoken: string): boolean {
  return spoken.includes(` ${probe} `);
}
