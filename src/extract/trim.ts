// Trimming a run of characters off the end of a string, in linear time. A pattern such as /\n+$/ or
// /[ \t]+$/ is quadratic in JavaScriptCore on a long run that is not at the end (each start in the run
// is tried and fails at `$`): 40,000 newlines before one letter took over a second, and a page can hold
// far longer runs (a code block of blank lines, a link of slashes). JavaScriptCore special-cases /\s+$/
// only.

/** `text` without the run at its end of characters for which `drop` holds (char codes). */
export function trimEndWhile(text: string, drop: (code: number) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

export const isNewline = (code: number) => code === 10;
export const isSpaceOrTab = (code: number) => code === 32 || code === 9;
