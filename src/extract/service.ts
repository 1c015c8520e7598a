import { decodeHtml } from "./charset.ts";
import { guardedFetch, type FetchPolicy, type FetchSuccess, type FetchFailure } from "./guarded-fetch.ts";
import type { Article } from "./html-to-article.ts";
import type { ExtractionPool } from "./pool.ts";
import type { RobotsVerdict } from "./robots.ts";

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
  | { ok: true; finalUrl: string; article: Article }
  | { ok: false; status: number; code: ExtractErrorCode; message: string; upstreamStatus?: number; retryAfterSeconds?: number };

export interface ExtractDeps {
  policy: FetchPolicy;
  robots: (url: URL) => Promise<RobotsVerdict>;
  pool: ExtractionPool;
}

/** Media types handed to the HTML extractor; a missing Content-Type is sniffed as HTML too. */
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml", "application/xml", "text/xml"]);

export async function extractUrl(url: URL, deps: ExtractDeps): Promise<ExtractOutcome> {
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

  const mediaType = fetched.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "" && !HTML_TYPES.has(mediaType)) {
    return {
      ok: false,
      status: 422,
      code: "unsupported_content_type",
      message: `The target answered with ${mediaType}; only HTML pages can be extracted.`,
    };
  }
  const { text } = decodeHtml(fetched.body, fetched.contentType);
  const job = await deps.pool.run({ html: text, url: fetched.finalUrl, contentLanguage: fetched.contentLanguage });
  if (job.ok) return { ok: true, finalUrl: fetched.finalUrl, article: job.article };
  switch (job.code) {
    case "busy":
      return { ok: false, status: 503, code: "busy", message: "All extraction workers are busy; retry shortly.", retryAfterSeconds: 2 };
    case "timeout":
      return { ok: false, status: 422, code: "no_content", message: "The page could not be extracted within the time limit." };
    case "no_content":
      return { ok: false, status: 422, code: "no_content", message: "No article content was found on the page." };
    default:
      return { ok: false, status: 422, code: "no_content", message: "The page could not be parsed into an article." };
  }
}
