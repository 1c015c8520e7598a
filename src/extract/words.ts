// Han and kana are written without spaces: each character is a word, as html-to-article.ts countWords
// counts them. Thai, Lao, Khmer and Myanmar are written without spaces between words too: a run of them
// is split into the words ICU's dictionaries find in it (Intl.Segmenter). Counted as runs, a Chinese
// paragraph was a handful of words and a link of a whole Chinese sentence one, a button's label to the
// lone-links rule (tests/extract/words.test.ts).
export const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}`;
export const SPACELESS = String.raw`\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
// regex-linear: recheck cannot read the v flag; three alternatives of classes that share no character, each one run
const WORDS_OF_ALL_SCRIPTS = new RegExp(String.raw`[[\p{L}\p{N}]--[${CJK}${SPACELESS}]]+|[${CJK}]|[${SPACELESS}]+`, "gv");
const SEGMENTER = new Intl.Segmenter(undefined, { granularity: "word" });

/** Whether a word of WORDS_OF_ALL_SCRIPTS is a run of a script without spaces (by its first character's block). */
function spacelessRun(word: string): boolean {
  const c = word.charCodeAt(0);
  // Thai and Lao, Myanmar, Khmer and its symbols, Myanmar's extensions.
  return (
    c >= 0x0e00 &&
    (c <= 0x0eff ||
      (c >= 0x1000 && c <= 0x109f) ||
      (c >= 0x1780 && c <= 0x17ff) ||
      (c >= 0x19e0 && c <= 0x19ff) ||
      (c >= 0xa9e0 && c <= 0xa9ff) ||
      (c >= 0xaa60 && c <= 0xaa7f))
  );
}

/**
 * The words of a text, lower-cased: runs of letters and digits, and in scripts written without spaces
 * the words of the language (below). The rules that look for a block's
 * first words in another text (a probe: lead.ts, intro.ts, faq-section.ts, series-gaps.ts, fragment.ts,
 * front-prose.ts, recipe.ts) all split texts this way, so a probe and the text it is looked for in agree.
 */
export function words(text: string): string[] {
  const found = text.toLowerCase().match(WORDS_OF_ALL_SCRIPTS) ?? [];
  // One pass of the pattern; a run of Thai, Lao, Khmer or Myanmar is split into its words only if one is there.
  if (!found.some(spacelessRun)) return found;
  const out: string[] = [];
  for (const run of found) {
    if (!spacelessRun(run)) out.push(run);
    else out.push(...spacelessWords(run));
  }
  return out;
}

/** The words ICU's dictionaries find in a run of Thai, Lao, Khmer or Myanmar script; linear in the run's length. */
export function spacelessWords(run: string): string[] {
  const out: string[] = [];
  for (const segment of SEGMENTER.segment(run)) if (segment.isWordLike) out.push(segment.segment);
  return out;
}

/** How many words a text holds, as `words` splits it: what every rule's threshold in words counts. */
export function wordCount(text: string): number {
  return words(text).length;
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
