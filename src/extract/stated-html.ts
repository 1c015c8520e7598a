/**
 * Text a page states in its structured data (a JSON-LD `articleBody`) is plain text by schema.org, but
 * publishing tools often store the article's HTML there, as it is ("<p><strong>TAYLORVILLE</strong>
 * -- …") or escaped once more ("&lt;p&gt;There are many ways…"). Read as plain text, the reader got the
 * tags as words ("&lt;span class=&quot;hljs-string&quot;&gt;"), and they counted towards the stated
 * text's length, so that a stated body of half the markup's words passed for twice as long and replaced
 * the page's own text (the snippet corpus: a programming article came back as 16,580 characters of
 * escaped HTML, its code samples' highlighting spans included). Such a body is read as HTML: its words
 * are its text's, and it is converted to Markdown as the page's markup is. It is untrusted HTML inside a
 * script, which the page's own bounds never read (depth-limit.ts): they are applied to it here.
 */

import { limitDepth } from "./depth-limit.ts";

// The tags of an article's text, as they are or escaped: a "<" before any other word is text ("a < b").
const TAG_NAMES = "p|br|h[1-6]|div|span|strong|b|em|i|u|a|ul|ol|li|blockquote|pre|code|figure|figcaption|img|table|tr|td|th";
const TAG = new RegExp(String.raw`<\/?(?:${TAG_NAMES})(?:\s[^<>]*)?\/?>`, "i");
const ESCAPED_TAG = new RegExp(String.raw`&lt;\/?(?:${TAG_NAMES})(?:\s|\/|&gt;)`, "i");
// Never content, and never to be parsed into the page's document as more than text.
const DROPPED = ["script", "style", "template", "iframe", "object", "embed", "noscript", "form"];

/**
 * The stated text as an element of `doc` (not attached to it) when it is HTML, as it is or escaped
 * once; null when it is plain text.
 */
export function statedHtml(text: string, doc: Document): Element | null {
  let html = text;
  if (!TAG.test(html)) {
    if (!ESCAPED_TAG.test(html)) return null;
    // Escaped once: the parser gives the escaped characters back as the text of a box.
    const decoder = doc.createElement("div");
    decoder.innerHTML = html;
    html = decoder.textContent ?? "";
    if (!TAG.test(html)) return null;
  }
  const box = doc.createElement("div");
  box.innerHTML = limitDepth(html);
  for (const name of DROPPED) for (const el of Array.from(box.getElementsByTagName(name))) el.remove();
  return box;
}
