// Aiming at part of a page: `include` / `exclude` CSS selectors, `mode=full`, `maxChars`.
//
// - exclude: every match is removed before anything else looks at the page.
// - include: the matches (in document order, a match inside another counted once) ARE the content;
//   no main-content detection runs on them, since the caller has said what the content is.
// - mode=full: the whole <body> (less scripts, styles and whatever `exclude` removes) instead of the
//   detected article.
// - maxChars: the Markdown is cut at a block boundary (never inside a paragraph, list item or code
//   block unless a single block is already over the limit) and the result says `truncated: true`.
//
// Selectors are checked in the route, with the same selector engine (linkedom's, dom.ts) the worker
// uses, so a bad one is a 400 naming it before anything is charged or fetched.

import { parse as parseSelector, type Selector } from "css-what";

export type AimMode = "article" | "full";

export interface Aim {
  include: string[];
  exclude: string[];
  mode: AimMode;
}

/** Limits on what a caller can send: a selector list is not a program. */
export const MAX_SELECTORS = 20;
export const MAX_SELECTOR_CHARS = 300;
/** The smallest useful maxChars and the largest accepted (the 5 MiB target cap bounds the Markdown anyway). */
export const MAX_CHARS_LIMIT = 10_000_000;

/**
 * Splits comma-separated selector lists at top-level commas only: `:is(h1, h2)` and `[title="a,b"]`
 * stay whole. Repeated values are flattened; blanks dropped.
 */
export function splitSelectors(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    let depth = 0;
    let quote: string | null = null;
    let start = 0;
    for (let i = 0; i < value.length; i++) {
      const c = value[i]!;
      if (c === "\\") {
        i++;
        continue;
      }
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === "(" || c === "[") depth++;
      else if ((c === ")" || c === "]") && depth > 0) depth--;
      else if (c === "," && depth === 0) {
        out.push(value.slice(start, i));
        start = i + 1;
      }
    }
    out.push(value.slice(start));
  }
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

type SelectorCheck = { ok: true } | { ok: false; selector: string; message: string };

let probe: { querySelectorAll(selector: string): unknown } | null = null;

/**
 * Checks selectors with the worker's own engine (linkedom's, loaded on first use: only calls that
 * aim pay for it). Returns the first bad selector with why.
 */
export async function checkSelectors(selectors: readonly string[]): Promise<SelectorCheck> {
  if (selectors.length > MAX_SELECTORS)
    return { ok: false, selector: selectors[MAX_SELECTORS]!, message: `at most ${MAX_SELECTORS} selectors are accepted` };
  for (const selector of selectors) {
    if (selector.length > MAX_SELECTOR_CHARS)
      return { ok: false, selector: `${selector.slice(0, 40)}…`, message: `a selector is at most ${MAX_SELECTOR_CHARS} characters` };
  }
  if (selectors.length === 0) return { ok: true };
  if (!probe) {
    const { linkedomPage } = await import("./dom.ts");
    // A document with one element: matching costs nothing, only the selector's parse is exercised.
    probe = linkedomPage("<p>probe</p>", "https://example.com/").document;
  }
  for (const selector of selectors) {
    try {
      if (!standardSelector(parseSelector(selector))) throw new Error("not standard");
      probe.querySelectorAll(selector);
    } catch {
      return { ok: false, selector, message: "not a valid CSS selector" };
    }
  }
  return { ok: true };
}

const COMBINATORS = new Set(["descendant", "child", "sibling", "adjacent", "parent", "column-combinator"]);

/**
 * Whether a selector list parsed by css-what (linkedom's parser) is one a browser's querySelectorAll
 * accepts: css-what also reads `<` as a parent combinator and lets a selector end in a combinator
 * (`"<p>"` parses as "the parent of a p's child"), which would quietly match something else.
 */
function standardSelector(groups: Selector[][]): boolean {
  if (groups.length === 0) return false;
  for (const tokens of groups) {
    if (tokens.length === 0 || COMBINATORS.has(tokens[0]!.type) || COMBINATORS.has(tokens.at(-1)!.type)) return false;
    for (const token of tokens) {
      if (token.type === "parent" || token.type === "column-combinator") return false;
      if (token.type === "pseudo" && Array.isArray(token.data) && !standardSelector(token.data)) return false;
    }
  }
  return true;
}

const NEVER_CONTENT = "script, style, noscript, template, link, meta";

/**
 * Applies the aim to a parsed page (in the worker). Returns the element to convert when the aim
 * decides the content (include, or mode=full), or null when main-content detection should run on
 * what is left (mode=article with only exclude).
 */
export function applyAim(document: Document, aim: Aim): Element | null {
  for (const selector of aim.exclude) {
    for (const element of Array.from(document.querySelectorAll(selector))) element.remove();
  }
  const body = document.body ?? document.documentElement;
  if (aim.include.length > 0) {
    const container = document.createElement("div");
    const matches = Array.from(document.querySelectorAll(aim.include.join(", ")));
    for (const element of matches) {
      // A match inside another match is already part of it.
      if (matches.some((other) => other !== element && other.contains(element))) continue;
      container.appendChild(element);
    }
    for (const element of Array.from(container.querySelectorAll(NEVER_CONTENT))) element.remove();
    return container;
  }
  if (aim.mode === "full") {
    for (const element of Array.from(body.querySelectorAll(NEVER_CONTENT))) element.remove();
    return body;
  }
  return null;
}

/** Whether an aim changes anything (an empty one leaves extraction exactly as before). */
export function isAiming(aim: Aim | null | undefined): aim is Aim {
  return !!aim && (aim.include.length > 0 || aim.exclude.length > 0 || aim.mode === "full");
}

/** Markdown blocks: separated by blank lines, but a fenced code block is one block whatever it holds. */
export function markdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    if (fence) {
      current.push(line);
      if (line.trimStart().startsWith(fence) && line.trim().replace(/`|~/g, "") === "") fence = null;
      continue;
    }
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (open) fence = open[1]!;
    if (line.trim() === "" && !fence) {
      if (current.length) blocks.push(current.join("\n"));
      current = [];
    } else current.push(line);
  }
  if (current.length) blocks.push(current.join("\n"));
  return blocks;
}

/**
 * Cuts Markdown to at most `maxChars` characters at a block boundary. When even the first block is
 * longer, it is cut at the last line break or space that fits (a code block keeps its closing
 * fence), so the answer is never empty for a page that had text.
 */
export function truncateMarkdown(markdown: string, maxChars: number): { markdown: string; truncated: boolean } {
  if (markdown.length <= maxChars) return { markdown, truncated: false };
  const blocks = markdownBlocks(markdown);
  let out = "";
  for (const block of blocks) {
    const next = out ? `${out}\n\n${block}` : block;
    if (next.length > maxChars) break;
    out = next;
  }
  if (out) return { markdown: out, truncated: true };
  const first = blocks[0] ?? markdown;
  const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(first)?.[1];
  const room = maxChars - (fence ? fence.length + 1 : 0);
  let cut = first.slice(0, Math.max(0, room));
  // Already at a line end (or a word end outside code): nothing to take back.
  const after = first[cut.length];
  const clean = after === undefined || after === "\n" || (!fence && after === " ");
  const at = Math.max(cut.lastIndexOf("\n"), fence ? -1 : cut.lastIndexOf(" "));
  if (!clean && at > 0) cut = cut.slice(0, at);
  cut = cut.trimEnd();
  if (fence) cut = `${cut}\n${fence}`;
  return { markdown: cut.length <= maxChars ? cut : cut.slice(0, maxChars), truncated: true };
}
