import { AsyncLocalStorage } from "node:async_hooks";
import { guardedFetch, type FetchPolicy, type FetchSuccess, type FetchFailure } from "./guarded-fetch.ts";
import type { Article } from "./html-to-article.ts";
import type { ExtractionPool, PoolTicket } from "./pool.ts";
import type { RobotsVerdict } from "./robots.ts";
import { isAiming, truncateMarkdown, type Aim } from "./aim.ts";
import type { PdfArticle } from "./pdf.ts";
import { TEXT_TYPES } from "./plain-text.ts";

/**
 * One /extract call without the HTTP around it: robots.txt, the guarded fetch, charset decoding
 * and the worker pool. Every failure is a typed result with the status and code of docs/decisions.md,
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
  | "busy"
  | "aborted";

export type ExtractOutcome =
  | { ok: true; finalUrl: string; article: Article; truncated: boolean }
  | { ok: false; status: number; code: ExtractErrorCode; message: string; upstreamStatus?: number; retryAfterSeconds?: number };

export interface ExtractDeps {
  policy: FetchPolicy;
  robots: (url: URL) => Promise<RobotsVerdict>;
  pool: ExtractionPool;
  /** How the page is downloaded: guardedFetch's contract; the server runs it on the fetch thread (fetcher.ts). */
  fetch?: (url: URL, policy: FetchPolicy) => Promise<FetchSuccess | FetchFailure>;
}

/** Media types handed to the HTML extractor; a missing Content-Type is sniffed as HTML too. */
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml", "application/xml", "text/xml"]);

/** What the caller asked for beyond the URL (aim.ts): selectors, mode, a length limit. */
export interface ExtractOptions {
  aim?: Aim;
  maxChars?: number;
  /**
   * The call's one signal over robots.txt, the fetch, the queue and the worker: it aborts when the
   * client goes away or the overall deadline (--request-timeout-ms) passes. An abort whose reason is
   * a TimeoutError answers 503 busy with Retry-After; any other ends as 'aborted' (nobody to answer).
   */
  signal?: AbortSignal;
  /** Who is calling (a key or an IP), for the pool's fair share of places and workers. */
  client?: string;
}

/**
 * The signal of the HTTP call being served, for the layers between the route and extractUrl (the
 * cache, the MCP tool) that need not pass it along by hand: the route runs its work inside
 * {@link withCallSignal}, and extractUrl uses it when its options carry none.
 */
const callContext = new AsyncLocalStorage<{ signal: AbortSignal; client: string }>();

/** Runs `work` as the call of `client` (its key or IP, for the pool's fair share) under `signal`. */
export function withCallSignal<T>(signal: AbortSignal, client: string, work: () => Promise<T>): Promise<T> {
  return callContext.run({ signal, client }, work);
}

/** Seconds a caller refused for lack of room or time is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

const busyOutcome = (message: string): ExtractOutcome => ({
  ok: false,
  status: 503,
  code: "busy",
  message,
  retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
});

/** What an aborted call ends as: the deadline (503 busy) or the client gone ('aborted', never sent). */
function abortedOutcome(signal: AbortSignal): ExtractOutcome {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "TimeoutError")
    return busyOutcome("The call could not be served within the request deadline; retry shortly.");
  return { ok: false, status: 499, code: "aborted", message: "The client went away." };
}

const ROBOTS_REFUSAL = "The target's robots.txt disallows VellumBot from fetching this URL.";

/** The robots.txt verdict for `url` as a failure, or null when it may be fetched. */
async function robotsRefusal(url: URL, deps: ExtractDeps): Promise<FetchFailure | null> {
  const robots = await deps.robots(url);
  if (robots.allowed) return null;
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
  return { ok: false, status: 403, code: "robots_disallowed", message: ROBOTS_REFUSAL };
}

/** Rejects with the signal's reason as soon as it aborts (for work that takes no signal). */
function raceSignal<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Admission comes first (issue 11): a place in the pool is taken, or the call refused with 503 busy,
 * before robots.txt or the page is fetched, so the number of bodies downloading or waiting is bounded
 * by workers + queue size, each at most the fetch cap. The place is handed back on every early exit.
 */
export async function extractUrl(url: URL, deps: ExtractDeps, options: ExtractOptions = {}): Promise<ExtractOutcome> {
  const context = callContext.getStore();
  const signal = options.signal ?? context?.signal;
  if (signal && !options.signal) options = { ...options, signal };
  const client = options.client ?? context?.client;
  if (signal?.aborted) return abortedOutcome(signal);
  // A free client (counted by IP, `ip:…`) may occupy only half the workers; a key may use all.
  const ticket = deps.pool.admit(client, client?.startsWith("ip:") ?? false);
  if (!ticket) return busyOutcome("All extraction workers are busy; retry shortly.");
  try {
    return await fetchAndExtract(url, deps, options, ticket);
  } catch (error) {
    if (signal?.aborted) return abortedOutcome(signal);
    throw error;
  } finally {
    ticket.release(); // a no-op once the ticket was run
  }
}

async function fetchAndExtract(url: URL, deps: ExtractDeps, options: ExtractOptions, ticket: PoolTicket): Promise<ExtractOutcome> {
  const { signal } = options;
  const refused = await raceSignal(robotsRefusal(url, deps), signal);
  if (refused) return { ok: false, status: refused.status, code: refused.code, message: refused.message };
  // Every redirect hop's origin is checked against its own robots.txt too.
  const fetched: FetchSuccess | FetchFailure = await (deps.fetch ?? guardedFetch)(url, {
    ...deps.policy,
    ...(signal ? { signal } : {}),
    checkHop: (hop) => robotsRefusal(hop, deps),
  });
  if (signal?.aborted) return abortedOutcome(signal);
  if (!fetched.ok)
    return { ok: false, status: fetched.status, code: fetched.code, message: fetched.message, upstreamStatus: fetched.upstreamStatus };

  // Routing by Content-Type: PDFs and text documents take the same fetch, cap, queue and deadline
  // as HTML, only another job kind in the worker. A PDF served without a type (or as a generic download) is known by its magic.
  const mediaType = fetched.contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const isPdf = mediaType === "application/pdf" || (UNTYPED.has(mediaType) && startsWithPdfMagic(fetched.body));
  if (!isPdf && mediaType !== "" && !HTML_TYPES.has(mediaType) && !TEXT_TYPES.has(mediaType)) {
    return {
      ok: false,
      status: 422,
      code: "unsupported_content_type",
      message: `The target answered with ${mediaType}; HTML pages, PDFs and plain-text or Markdown documents can be extracted.`,
    };
  }
  const base = { url: fetched.finalUrl, contentLanguage: fetched.contentLanguage };
  // The bytes go to the worker undecoded (with the Content-Type for the charset): decoding a 5 MiB page
  // and copying it as a string would otherwise run on the server's thread, which answers /health.
  const bytes = { html: "", bytes: fetched.body, contentType: fetched.contentType };
  const job = isPdf
    ? await ticket.run({ ...base, ...bytes, kind: "pdf" }, signal)
    : TEXT_TYPES.has(mediaType)
      ? await ticket.run({ ...base, ...bytes, kind: "text", mediaType }, signal)
      : await ticket.run({ ...base, ...bytes, ...(isAiming(options.aim) ? { aim: options.aim } : {}) }, signal);
  // The pool answers an aborted job with 'timeout': what it means is the caller's signal.
  if (signal?.aborted) return abortedOutcome(signal);
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
      return busyOutcome("All extraction workers are busy; retry shortly.");
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

/** Types that say nothing about the content: many servers send PDFs as a generic download. */
const UNTYPED = new Set(["", "application/octet-stream", "binary/octet-stream", "application/x-download"]);

function startsWithPdfMagic(bytes: Uint8Array): boolean {
  return bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d; // %PDF-
}
