/**
 * Text a page escaped twice. A template that escapes a string already written as HTML puts
 * `&amp;#39;` in the page, and the page's text then reads "Meghan reveals &#39;concerns&#39;",
 * "Acme&amp;reg;", "Bis bald&amp;nbsp;meine Lieben" (an image's alt text and a CMS's teaser are where
 * it happens most). A Markdown renderer decodes such an entity outside code (CommonMark), so the
 * Markdown vellum returns shows "'" once rendered but "&#39;" to a caller reading it as text. Outside
 * code, every complete character reference in the text is written as the character it stands for:
 * the Markdown then says the same thing read and rendered. Code keeps its text as the page shows it
 * (CommonMark does not decode there either); the escapes Markdown needs are added after (markdown.ts).
 */
import { decodeHTMLStrict } from "entities";

// A complete character reference: numeric (decimal or hexadecimal) or named, with its semicolon.
// Bounded lengths: the longest named reference has 31 characters, the largest code point 7 digits.
const REFERENCE = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g;

// What a reference may not be written as: a control character, or the replacement character that a
// reference to no character (&#0;, a lone surrogate) decodes to. Such a reference stays as written.
const UNWRITABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;

/** `text` with every complete character reference written as its character (see above). */
export function withReferencesDecoded(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (reference) => {
    const character = decodeHTMLStrict(reference);
    return UNWRITABLE.test(character) ? reference : character;
  });
}
