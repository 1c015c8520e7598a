import { decodeHtml } from "./charset.ts";
import { guardedFetch, type FetchPolicy, type FetchSuccess, type FetchFailure } from "./guarded-fetch.ts";
import type { Article } from "./html-to-article.ts";
import type { ExtractionPool } from "./pool.ts";
import type { RobotsVerdict } from "./robots.ts";
import { isAiming, truncateMarkdown, type Aim } from "./aim.ts";
import type { PdfArticle } from "./pdf.ts";
import { TEXT_TYPES } from "./plain-text.ts";

/**
 * One /extract call without the HTTP around it: robots.txt, the guarded fetch, charset decoding
 * and the worker pool. Every failure is a typed result with the status and code of decisions.md,
 * so a failure of the target never becomes a 500 of ours.
 */
export type ExtractErrorCode =
  | "invalid_request"
  | "robots_disallowed"
  | "private_address"
  | "too_large"
  | "no_content"
  | "unsupported_content_type"
  | "upstream_failed"
  | "upstream_timeout"
  | "busy";

export type ExtractOutcome =
  | { ok: true; finalUrl: string; article: Article; truncated: boolean }
  | { ok: false; status: number; code: ExtractErrorCode; message: string; upstreamStatus?: number; retryAfterSeconds?: number };

export interface ExtractDeps {
  policy: FetchPolicy;
  robots: (url: URL) => Promise<RobotsVerdict>;
  pool: ExtractionPool;
}

/** Media types handed to the HTML extractor; a missing Content-Type is sniffed as HTML too. */
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml", "application/xml", "text/xml"]);

/** What the caller asked for beyond the URL (aim.ts): selectors, mode, a length limit. */
export interface ExtractOptions {
  aim?: Aim;
  maxChars?: number;
}

export async function extractUrl(url: URL, deps: ExtractDeps, options: ExtractOptions = {}): Promise<ExtractOutcome> {
  const robots = await deps.robots(url);
  if (!robots.allowed) {
    // When robots.txt could not be fetched because the host itself is refused or unreachable,
    // the page would fail the same way: report that cause rather than a robots verdict.
    const cause = robots.failure;
    if (
      cause &&
      (cause.code === "private_address" ||
        cause.code === "upstream_timeout" ||
        (cause.code === "upstream_failed" && cause.upstreamStatus === undefined))
    ) {
      return { ok: false, status: cause.status, code: cause.code, message: cause.message };
    }
    return {
      ok: false,
      status: 403,
      code: "robots_disallowed",
      message: "The target's robots.txt disallows VellumBot from fetching this URL.",
    };
  }
  const fetched: FetchSuccess | FetchFailure = await guardedFetch(url, deps.policy);
  if (!fetched.ok)
    return { ok: false, status: fetched.status, code: fetched.code, message: fetched.message, upstreamStatus: fetched.upstreamStatus };

  // Routing by Content-Type: PDFs and text documents take the same fetch, cap, queue and deadline
  // as HTML, only another job kind in the worker. A PDF served without a type is known by its magic.
  const mediaType = fetched.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const isPdf = mediaType === "application/pdf" || (mediaType === "" && startsWithPdfMagic(fetched.body));
  if (!isPdf && mediaType !== "" && !HTML_TYPES.has(mediaType) && !TEXT_TYPES.has(mediaType)) {
    return {
      ok: false,
      status: 422,
      code: "unsupported_content_type",
      message: `The target answered with ${mediaType}; HTML pages, PDFs and plain-text or Markdown documents can be extracted.`,
    };
  }
  const base = { url: fetched.finalUrl, contentLanguage: fetched.contentLanguage };
  const job = isPdf
    ? await deps.pool.run({ ...base, html: "", kind: "pdf", bytes: fetched.body })
    : TEXT_TYPES.has(mediaType)
      ? await deps.pool.run({ ...base, html: decodeHtml(fetched.body, fetched.contentType).text, kind: "text", mediaType })
      : await deps.pool.run({
          ...base,
          html: decodeHtml(fetched.body, fetched.contentType).text,
          ...(isAiming(options.aim) ? { aim: options.aim } : {}),
        });
  if (job.ok) {
    const cut = options.maxChars
      ? truncateMarkdown(job.article.markdown, options.maxChars)
      : { markdown: job.article.markdown, truncated: false };
    // The worker's extra PDF fields (pages) stay out of the article; its own truncation (page limit) is kept.
    const { pages: _pages, truncated: pdfTruncated, ...article } = job.article as PdfArticle;
    return {
      ok: true,
      finalUrl: fetched.finalUrl,
      article: { ...article, markdown: cut.markdown },
      truncated: cut.truncated || !!pdfTruncated,
    };
  }
  switch (job.code) {
    case "busy":
      return { ok: false, status: 503, code: "busy", message: "All extraction workers are busy; retry shortly.", retryAfterSeconds: 2 };
    case "timeout":
      return { ok: false, status: 422, code: "no_content", message: "The page could not be extracted within the time limit." };
    case "no_content":
      return {
        ok: false,
        status: 422,
        code: "no_content",
        message: isPdf ? "The PDF has no text layer (a scan?): there is no text to extract." : "No article content was found on the page.",
      };
    default:
      return { ok: false, status: 422, code: "no_content", message: "The page could not be parsed into an article." };
  }
}

function startsWithPdfMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d; // %PDF-
}
