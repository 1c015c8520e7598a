// Markdown links and images taken out of a text, in linear time. The obvious patterns,
// /\]\([^)]*\)/g and /\[[^\]]*\]\([^)]*\)/g, are quadratic in JavaScriptCore when the closing
// character never comes: each `](` or `[` of a long run scans to the end of the text and fails, and the
// next one starts over (100,000 escaped brackets in one paragraph took 19 s, 100,000 `](` 37 s). These
// scans give the same result and never look at a character twice.
import { wordCount } from "./words.ts";

/** `text` with each link's or image's target left out: `[words](url)` becomes `[words]`. */
export function withoutLinkTargets(text: string): string {
  let out = "";
  let from = 0;
  for (let open = text.indexOf("](", from); open >= 0; open = text.indexOf("](", from)) {
    const close = text.indexOf(")", open + 2);
    // No `)` after this `](`: none after any later one either.
    if (close < 0) break;
    out += `${text.slice(from, open)}]`;
    from = close + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * `text` with each whole link `[words](url)` (or, with `images`, each image `![alt](url)`) replaced by
 * `replacement`.
 */
export function withoutLinks(text: string, replacement: string, images = false): string {
  const start = images ? "![" : "[";
  let out = "";
  let from = 0;
  let at = text.indexOf(start, from);
  while (at >= 0) {
    const label = text.indexOf("]", at + start.length);
    // No `]` after this `[`: no link can start later either.
    if (label < 0) break;
    if (text[label + 1] !== "(") {
      // Every opening between here and `label` would meet the same `]`: the next try is after it.
      at = text.indexOf(start, label + 1);
      continue;
    }
    const close = text.indexOf(")", label + 2);
    if (close < 0) break;
    out += text.slice(from, at) + replacement;
    from = close + 1;
    at = text.indexOf(start, from);
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Words on a Markdown line outside its links and images (end-sections.ts, product-page.ts). */
export function unlinkedWords(line: string): number {
  return wordCount(withoutLinks(withoutLinks(line, " ", true), " "));
}
