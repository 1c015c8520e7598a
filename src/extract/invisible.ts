/**
 * Characters that draw nothing and only hint where a line may break or a word may be hyphenated: the
 * soft hyphen (U+00AD, `&shy;`), the zero-width space (U+200B), the word joiner (U+2060) and the
 * zero-width no-break space (U+FEFF, a byte-order mark when it opens a file). A browser shows
 * "Mit&shy;tel&shy;al&shy;ter" as "Mittelalter"; kept in the Markdown they cut the word in three for
 * every search, tokenizer and quotation ("Guar­an­tee", "http:/​/www", a heading of nothing but
 * zero-width spaces). They go from the page before it is parsed, written as characters or as character
 * references. The zero-width joiner and non-joiner (U+200D, U+200C) stay between two characters:
 * there they change how emoji and Indic and Persian scripts are drawn. Beside a space or a tag they
 * join nothing, and go: a site builder writes `<p>&zwj;</p>` as a blank line between paragraphs.
 * The control characters of ASCII but the white space (tab, line feed, form feed, carriage return) draw
 * nothing either: a text pasted from a word processor leaves a group separator (U+001D) before a word,
 * which the Markdown would carry to every caller ("die unbequemen \u001dThemen"). Written as characters
 * they go too; the C1 controls (U+0080 to U+009F) stay, as the bytes of text encoded twice (mojibake.ts).
 */

import { hasMojibake } from "./mojibake.ts";
import { isNewline, trimEndWhile } from "./trim.ts";

// The characters besides the soft hyphen, ASCII's controls but white space (as characters), joiners
// beside a space or tag, and the character references of the soft hyphen and the first three (named,
// decimal, hexadecimal; the `;` is required here, as a browser requires it of every one but the named
// `&shy`, which is also taken without it unless a letter, digit or `=` follows).
const OTHERS = String.raw`[\u200B\u2060\uFEFF\u0000-\u0008\u000B\u000E-\u001F\u007F]|(?<=^|[\s>])[\u200C\u200D]+|(?<![\u200C\u200D])[\u200C\u200D]+(?=[\s<]|$)|&(?:shy;|shy(?![\w=])|#0*(?:173|8203|8288|65279);|#x0*(?:ad|200b|2060|feff);)`;
const INVISIBLE = new RegExp(String.raw`\u00AD|${OTHERS}`, "gi");
// The same but the soft hyphen written as a character: on a page encoded twice (mojibake.ts) it is the
// byte 0xAD of a character read as windows-1252 ("â­" in a star, "Ã­" for "í"), which the mend gives back.
const INVISIBLE_BUT_SOFT_HYPHENS = new RegExp(OTHERS, "gi");

/** `html` without the invisible characters above. */
export function withoutInvisibleCharacters(html: string): string {
  return html.replace(html.includes("\u00AD") && hasMojibake(html) ? INVISIBLE_BUT_SOFT_HYPHENS : INVISIBLE, "");
}

/**
 * Markdown without the invisible characters above, for text whose characters were given back after the
 * page was parsed (mojibake.ts: a zero-width joiner encoded twice is three letters until it is mended).
 * A line left with nothing but white space goes, and the blank line before it with it, so a paragraph
 * that held only such a character leaves no gap of two blank lines.
 */
export function withoutInvisibleText(markdown: string): string {
  const cleaned = withoutInvisibleCharacters(markdown);
  if (cleaned === markdown) return markdown;
  // No line break is removed, so the lines before and after correspond one to one.
  const before = markdown.split("\n");
  const after = cleaned.split("\n");
  const kept: string[] = [];
  for (let i = 0; i < after.length; i++) {
    const emptied = after[i]!.trim() === "" && before[i]!.trim() !== "";
    if (!emptied) kept.push(after[i]!);
    else if (kept.length > 0 && kept[kept.length - 1]!.trim() === "") kept.pop();
  }
  return trimEndWhile(kept.join("\n").replace(/^\n+/, ""), isNewline);
}
