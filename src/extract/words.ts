/**
 * The words of a text, lower-cased: runs of letters and digits. The rules that look for a block's
 * first words in another text (a probe: lead.ts, intro.ts, faq-section.ts, series-gaps.ts, fragment.ts)
 * all split texts this way, so a probe and the text it is looked for in agree.
 */
const WORDS = /[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORDS) ?? [];
}
