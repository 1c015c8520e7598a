// text/plain and text/markdown targets. A Markdown file is already the answer; plain text is fenced
// so it renders exactly as written (line breaks, indentation, characters Markdown would interpret).
// Cheap, but it still runs in a worker like every other job, under the same deadline and queue.
import type { Article } from "./html-to-article.ts";
import { countWords } from "./html-to-article.ts";
import { withoutNeedlessEscapes } from "./markdown.ts";
import { trimEndWhile } from "./trim.ts";

/** The media types answered by this module. */
export const TEXT_TYPES = new Set(["text/plain", "text/markdown", "text/x-markdown"]);

/**
 * Escapes text so Markdown renders it as written: inline syntax characters, HTML, and a line start
 * that would begin a heading, list or quote.
 */
export function escapeMarkdownText(text: string): string {
  return withoutNeedlessEscapes(
    text
      .replace(/([\\`*_[\]])/g, "\\$1")
      .replaceAll("<", "&lt;")
      .replace(/^(#{1,6}(?:\s|$)|[-+>]\s|\d+[.)]\s)/, "\\$1"),
  );
}

/** A code fence longer than any run of backticks in `text`, so the text cannot close it. */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return "`".repeat(Math.max(3, longest + 1));
}

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)\r?\n/;

/**
 * The article of a text document. `mediaType` is text/markdown (kept as Markdown; a leading YAML
 * front-matter block is dropped, since vellum writes its own) or text/plain (fenced). Returns null
 * for a document with no words.
 */
export function textToArticle(text: string, mediaType: string, input: { contentLanguage?: string | null }): Article | null {
  const normalized = text.replace(/\r\n?/g, "\n").trimEnd();
  if (countWords(normalized) === 0) return null;
  const markdown = mediaType === "text/plain" ? plainToMarkdown(normalized) : normalized.replace(FRONT_MATTER, "").replace(/^\n+/, "");
  const body = mediaType === "text/plain" ? normalized : markdown;
  const title = mediaType === "text/plain" ? firstLine(normalized) : (atxTitle(markdown) ?? /^(.+)\n=+\s*$/m.exec(markdown)?.[1] ?? null);
  return {
    title,
    byline: null,
    siteName: null,
    excerpt: null,
    lang: input.contentLanguage?.split(",")[0]?.trim() || null,
    publishedTime: null,
    markdown,
    words: countWords(body),
    pageType: null,
  };
}

function plainToMarkdown(text: string): string {
  const fence = fenceFor(text);
  return `${fence}text\n${text}\n${fence}`;
}

/** A short first line reads as the document's title (as in an RFC or a README.txt). */
/**
 * The text of the first `# heading` line, without a closing run of `#` after a space ("# C#" is "C#").
 * Read line by line: /^#\s+(.+?)\s*#*$/m took 6 s on a heading line of 40,000 spaces before a letter.
 */
function atxTitle(markdown: string): string | null {
  for (const line of markdown.split("\n")) {
    if (!/^#[ \t]/.test(line)) continue;
    const text = line.slice(1).trim();
    const open = trimEndWhile(text, (code) => code === 35);
    const title = open === text ? text : open === "" || /[ \t]$/.test(open) ? open.trim() : text;
    if (title) return title;
  }
  return null;
}

function firstLine(text: string): string | null {
  const line = text.split("\n").find((l) => l.trim() !== "");
  const s = line?.trim() ?? "";
  return s && s.length <= 120 ? s : null;
}
