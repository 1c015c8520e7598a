/**
 * The words of a text, lower-cased: runs of letters and digits. The rules that look for a block's
 * first words in another text (a probe: lead.ts, intro.ts, faq-section.ts, series-gaps.ts, fragment.ts,
 * front-prose.ts, recipe.ts) all split texts this way, so a probe and the text it is looked for in agree.
 */
const WORDS = /[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORDS) ?? [];
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
