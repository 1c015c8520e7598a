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

/**
 * `text` without the run at its end of characters (code points) that `keep`, a one-character pattern,
 * does not match: the linear form of `.replace(/[^…]+$/u, "")`.
 */
export function trimEndUnless(text: string, keep: RegExp): string {
  let end = text.length;
  while (end > 0) {
    let start = end - 1;
    const code = text.charCodeAt(start);
    if (code >= 0xdc00 && code <= 0xdfff && start > 0) {
      const high = text.charCodeAt(start - 1);
      if (high >= 0xd800 && high <= 0xdbff) start--;
    }
    if (keep.test(text.slice(start, end))) break;
    end = start;
  }
  return end === text.length ? text : text.slice(0, end);
}
