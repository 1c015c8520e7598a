// PDF targets: the text layer of a PDF to Markdown, inside an extraction worker (worker.ts), so a
// large or hostile PDF costs a worker and its deadline, never the server's thread.
//
// unpdf ships a serverless build of PDF.js (Mozilla's parser, maintained) with no native parts and no
// worker of its own: it runs in a Bun Worker and inside the compiled binary (tests/server/pdf-text.test.ts
// drives the binary). PDF has no paragraphs or headings, only positioned runs of text; they are
// rebuilt from the layout:
// - a line is the runs sharing a baseline; a vertical gap larger than LINE_GAP line heights starts
//   a new paragraph;
// - the body size is the font size carrying the most characters; a short line set clearly larger
//   (HEADING_RATIO) is a heading, its level by rank among the heading sizes found;
// - a line that is only a page number is dropped, and "exam-\nple" is rejoined.
import { getDocumentProxy, getMeta } from "unpdf";
import type { Article } from "./html-to-article.ts";
import { countWords } from "./html-to-article.ts";
import { escapeMarkdownText } from "./plain-text.ts";

/** Pages read from one PDF; the rest are skipped and the result says `truncated`. */
export const MAX_PDF_PAGES = 300;
/** Gap between baselines, in line heights, above which a new paragraph starts (1.0 is single spacing). */
const LINE_GAP = 1.6;
/** A line at least this much larger than the body text is a heading. */
const HEADING_RATIO = 1.15;
/** Headings are short: a long large line is a pull quote or a title page blurb, kept as a paragraph. */
const HEADING_MAX_CHARS = 160;

export interface PdfArticle extends Article {
  /** Pages of the document. */
  pages: number;
  /** True when pages beyond MAX_PDF_PAGES were not read. */
  truncated: boolean;
}

interface Line {
  text: string;
  size: number;
  y: number;
  page: number;
}

interface TextRun {
  str: string;
  transform: number[];
  width: number;
  hasEOL: boolean;
}

/** Groups a page's runs into lines (same baseline), in reading order as PDF.js yields them. */
function pageLines(items: TextRun[], page: number): Line[] {
  const lines: Line[] = [];
  let current: { parts: string[]; size: number; y: number; endX: number } | null = null;
  const flush = () => {
    if (current) {
      const text = current.parts.join("").replace(/\s+/g, " ").trim();
      if (text) lines.push({ text, size: current.size, y: current.y, page });
    }
    current = null;
  };
  for (const item of items) {
    const [a = 0, b = 0, , , x = 0, y = 0] = item.transform;
    const size = Math.round(Math.hypot(a, b) * 10) / 10;
    if (current && Math.abs(current.y - y) > Math.max(1, size * 0.3)) flush();
    if (!current) current = { parts: [], size: 0, y, endX: x };
    // Runs placed apart on one line without a space character between them are separate words.
    const last = current.parts[current.parts.length - 1];
    if (last && !/\s$/.test(last) && !/^\s/.test(item.str) && x - current.endX > size * 0.15) current.parts.push(" ");
    current.parts.push(item.str);
    if (item.str.trim()) current.size = Math.max(current.size, size);
    current.endX = x + item.width;
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** Joins the lines of one paragraph, rejoining words hyphenated across a line break. */
function joinLines(lines: string[]): string {
  let out = "";
  for (const line of lines) {
    if (!out) out = line;
    else if (/[\p{L}]-$/u.test(out) && /^\p{Ll}/u.test(line)) out = out.slice(0, -1) + line;
    else out += ` ${line}`;
  }
  return out;
}

const PAGE_NUMBER = /^(?:page\s+)?\d{1,4}(?:\s*(?:\/|of)\s*\d{1,4})?$/i;

/** The Markdown of the lines: headings, paragraphs. */
function linesToMarkdown(lines: Line[]): string {
  const kept = lines.filter((l) => !PAGE_NUMBER.test(l.text));
  if (kept.length === 0) return "";
  const weight = new Map<number, number>();
  for (const l of kept) weight.set(l.size, (weight.get(l.size) ?? 0) + l.text.length);
  const body = [...weight.entries()].sort((x, y) => y[1] - x[1])[0]![0];
  const isHeading = (l: Line) => l.size >= body * HEADING_RATIO && l.text.length <= HEADING_MAX_CHARS;
  const headingSizes = [...new Set(kept.filter(isHeading).map((l) => l.size))].sort((x, y) => y - x);
  const level = (size: number) => Math.min(3, headingSizes.indexOf(size) + 1);

  const blocks: string[] = [];
  let para: string[] = [];
  let prev: Line | null = null;
  let heading: { size: number; parts: string[]; page: number; y: number } | null = null;
  const endPara = () => {
    if (para.length) blocks.push(escapeMarkdownText(joinLines(para)));
    para = [];
  };
  const endHeading = () => {
    if (heading) blocks.push(`${"#".repeat(level(heading.size))} ${escapeMarkdownText(heading.parts.join(" "))}`);
    heading = null;
  };
  for (const line of kept) {
    if (isHeading(line)) {
      endPara();
      // A heading set over two lines stays one heading.
      const continues =
        heading !== null &&
        (heading as { size: number }).size === line.size &&
        (heading as { page: number }).page === line.page &&
        Math.abs((heading as { y: number }).y - line.y) <= line.size * LINE_GAP;
      if (!continues) {
        endHeading();
        heading = { size: line.size, parts: [], page: line.page, y: line.y };
      }
      heading!.parts.push(line.text);
      heading!.y = line.y;
      prev = line;
      continue;
    }
    endHeading();
    const gap = prev && prev.page === line.page ? Math.abs(prev.y - line.y) : 0;
    const breaks = !prev || prev.page !== line.page ? false : gap > Math.max(prev.size, line.size) * LINE_GAP || prev.size !== line.size;
    if (breaks || (prev && isHeading(prev))) endPara();
    // A page break ends a paragraph only when the previous page's last line looks finished.
    if (prev && prev.page !== line.page && /[.!?:"”)]$/.test(prev.text)) endPara();
    para.push(line.text);
    prev = line;
  }
  endPara();
  endHeading();
  return blocks.join("\n\n");
}

/** PDF date strings: D:YYYYMMDDHHmmSSOHH'mm' with every part after the year optional. */
export function parsePdfDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(value.trim());
  if (!m) return null;
  const [, y, mo = "01", d = "01", h = "00", mi = "00", s = "00", zone] = m;
  let offset = "Z";
  if (zone && zone !== "Z") offset = `${zone.slice(0, 3)}:${zone.replace(/'/g, "").slice(3, 5) || "00"}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function infoText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const s = value.replace(/\s+/g, " ").trim();
  return s ? s.slice(0, 1000) : null;
}

/**
 * The article of a PDF: Markdown rebuilt from the text layer, metadata from the document info.
 * Returns null when the PDF has no text layer (a scan): the service answers 422 no_content.
 * Throws on a PDF that cannot be parsed (the pool reports it as failed).
 */
export async function pdfToArticle(bytes: Uint8Array, input: { url: string; contentLanguage?: string | null }): Promise<PdfArticle | null> {
  // PDF.js may detach the buffer it is given; the caller's copy stays intact.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { stopAtErrors: false, verbosity: 0 });
  try {
    const pages = pdf.numPages;
    const read = Math.min(pages, MAX_PDF_PAGES);
    const lines: Line[] = [];
    for (let n = 1; n <= read; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      lines.push(...pageLines(content.items.filter((i) => "str" in i) as TextRun[], n));
      page.cleanup();
    }
    const markdown = linesToMarkdown(lines);
    if (!markdown.trim()) return null;
    const { info } = await getMeta(pdf);
    const firstHeading = /^#{1,3} (.+)$/m.exec(markdown)?.[1] ?? null;
    const firstParagraph = markdown.split("\n\n").find((b) => !b.startsWith("#")) ?? null;
    return {
      title: infoText(info?.Title) ?? firstHeading,
      byline: infoText(info?.Author),
      siteName: null,
      excerpt: infoText(info?.Subject) ?? (firstParagraph ? firstParagraph.slice(0, 300) : null),
      lang: infoText(info?.Language) ?? input.contentLanguage?.split(",")[0]?.trim() ?? null,
      publishedTime: parsePdfDate(info?.CreationDate),
      markdown,
      words: countWords(lines.map((l) => l.text).join(" ")),
      pageType: null,
      pages,
      truncated: read < pages,
    };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
