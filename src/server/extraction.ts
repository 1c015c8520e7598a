import { MAX_CHARS_LIMIT, checkSelectors, splitSelectors, type Aim, type AimMode } from "../extract/aim.ts";
import type { Article } from "../extract/html-to-article.ts";
import { extractUrl, type ExtractOutcome } from "../extract/service.ts";
import { cacheKey, MAX_CACHED_MARKDOWN_CHARS, readCached, writeCached, type CacheOptions } from "../store/cache.ts";
import type { AppDeps } from "./deps.ts";

/**
 * One extraction as /extract and the MCP `extract` tool both run it, between "who pays" and the
 * answer: the caller's options (format, include/exclude, mode, maxChars) parsed and checked, then
 * the cache (src/store/cache.ts) or a fresh extraction (src/extract/service.ts). No HTTP here
 * beyond reading option values; billing stays with the caller, so a hit is charged like any call.
 */

export type OutputFormat = "json" | "markdown";

export interface CallOptions {
  format: OutputFormat;
  aim: Aim;
  maxChars: number | null;
}

/** Raw option values as they arrive: query strings, JSON body fields, MCP tool arguments. */
export interface RawOptions {
  format?: unknown;
  include?: unknown;
  exclude?: unknown;
  mode?: unknown;
  maxChars?: unknown;
}

export type ParsedOptions = { ok: true; options: CallOptions } | { ok: false; message: string };

const strings = (value: unknown, name: string): string[] | string => {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  return `${name}: expected a CSS selector string or an array of them`;
};

/**
 * Whether the Accept header prefers Markdown: text/markdown with a higher quality than
 * application/json (a client that lists only Markdown gets Markdown; `*∕*` alone keeps JSON).
 */
export function acceptsMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  let markdown = 0;
  let json = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined) ?? 1);
    if (type.trim() === "text/markdown") markdown = Math.max(markdown, q);
    if (type.trim() === "application/json") json = Math.max(json, q);
  }
  return markdown > 0 && markdown > json;
}

/**
 * Parses and checks the options. Every refusal names the option (and the selector) so the caller
 * can fix it; nothing here fetches or charges. `accept` is the request's Accept header, used when
 * no explicit `format` is given.
 */
export async function parseCallOptions(raw: RawOptions, accept: string | null = null): Promise<ParsedOptions> {
  let format: OutputFormat;
  if (raw.format === undefined || raw.format === null || raw.format === "") format = acceptsMarkdown(accept) ? "markdown" : "json";
  else if (raw.format === "json" || raw.format === "markdown") format = raw.format;
  else return { ok: false, message: 'Invalid request: format: expected "json" or "markdown".' };

  let mode: AimMode = "article";
  if (raw.mode !== undefined && raw.mode !== null && raw.mode !== "") {
    if (raw.mode !== "article" && raw.mode !== "full")
      return { ok: false, message: 'Invalid request: mode: expected "article" or "full".' };
    mode = raw.mode;
  }

  let maxChars: number | null = null;
  if (raw.maxChars !== undefined && raw.maxChars !== null && raw.maxChars !== "") {
    const n = typeof raw.maxChars === "string" && /^\d+$/.test(raw.maxChars) ? Number(raw.maxChars) : raw.maxChars;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_CHARS_LIMIT)
      return { ok: false, message: `Invalid request: maxChars: expected a whole number from 1 to ${MAX_CHARS_LIMIT}.` };
    maxChars = n;
  }

  const lists: Record<"include" | "exclude", string[]> = { include: [], exclude: [] };
  for (const name of ["include", "exclude"] as const) {
    const values = strings(raw[name], name);
    if (typeof values === "string") return { ok: false, message: `Invalid request: ${values}.` };
    const selectors = splitSelectors(values);
    const check = await checkSelectors(selectors);
    if (!check.ok) {
      const what = check.message.startsWith("not ")
        ? `${JSON.stringify(check.selector)} is ${check.message}`
        : `${check.message} (${JSON.stringify(check.selector)})`;
      return { ok: false, message: `Invalid request: ${name}: ${what}.` };
    }
    lists[name] = selectors;
  }
  return { ok: true, options: { format, aim: { include: lists.include, exclude: lists.exclude, mode }, maxChars } };
}

/** The option values of a GET query (repeatable include/exclude), in the shape parseCallOptions reads. */
export function rawOptionsFromQuery(params: URLSearchParams): RawOptions {
  const all = (name: string) => {
    const v = params.getAll(name);
    return v.length ? v : undefined;
  };
  return {
    format: params.get("format") ?? undefined,
    include: all("include"),
    exclude: all("exclude"),
    mode: params.get("mode") ?? undefined,
    maxChars: params.get("maxChars") ?? undefined,
  };
}

/** True when the caller asked for a fresh fetch: `Cache-Control: no-cache` (or no-store, max-age=0). */
export function wantsFresh(cacheControl: string | null): boolean {
  return !!cacheControl && /(?:^|,)\s*(?:no-cache|no-store|max-age\s*=\s*0)\s*(?:,|$)/i.test(cacheControl);
}

export interface Delivery {
  finalUrl: string;
  article: Article;
  truncated: boolean;
  cache: "hit" | "miss";
  /** Seconds since the answer was extracted; 0 for a fresh one. */
  ageSeconds: number;
}

export type DeliveryOutcome = { ok: true; delivery: Delivery } | Exclude<ExtractOutcome, { ok: true }>;

type Stored = { finalUrl: string; article: Article; truncated: boolean };

/**
 * The article for `target` with `options`: from the cache when a live entry exists and the caller
 * did not ask for a fresh fetch, else extracted now (and stored under both the requested and the
 * final URL, unless its Markdown is over MAX_CACHED_MARKDOWN_CHARS). A cache failure never fails the call: it is logged and the extraction proceeds.
 */
export async function deliverArticle(deps: AppDeps, target: URL, options: CallOptions, fresh: boolean): Promise<DeliveryOutcome> {
  const { cacheTtl, cacheMaxMb } = deps.live.current;
  const ttlMs = cacheTtl * 1000;
  const keyOptions: CacheOptions = {
    include: options.aim.include,
    exclude: options.aim.exclude,
    mode: options.aim.mode,
    maxChars: options.maxChars,
  };
  const requested = cacheKey(target, keyOptions);
  if (ttlMs > 0 && !fresh) {
    try {
      const hit = await readCached<Stored>(deps.db, requested.key, ttlMs);
      if (hit) {
        const ageSeconds = Math.max(0, Math.floor((Date.now() - hit.createdAt) / 1000));
        return { ok: true, delivery: { ...hit.value, cache: "hit", ageSeconds } };
      }
    } catch (error) {
      deps.log.warn("extraction cache read failed", { error: String(error) });
    }
  }
  const outcome = await extractUrl(
    target,
    { ...deps.extract, policy: deps.extract.policy() },
    {
      aim: options.aim,
      ...(options.maxChars ? { maxChars: options.maxChars } : {}),
    },
  );
  if (!outcome.ok) return outcome;
  const stored: Stored = { finalUrl: outcome.finalUrl, article: outcome.article, truncated: outcome.truncated };
  if (ttlMs > 0 && outcome.article.markdown.length <= MAX_CACHED_MARKDOWN_CHARS) {
    const final = cacheKey(outcome.finalUrl, keyOptions);
    const keys = final.key === requested.key ? [requested] : [requested, final];
    try {
      await writeCached(deps.db, keys, stored, { ttlMs, maxBytes: cacheMaxMb * 1024 * 1024 });
    } catch (error) {
      deps.log.warn("extraction cache write failed", { error: String(error) });
    }
  }
  return { ok: true, delivery: { ...stored, cache: "miss", ageSeconds: 0 } };
}

/** The JSON result's article fields (the route adds ms and usage). */
export function resultFields(delivery: Delivery) {
  const { article } = delivery;
  return {
    url: delivery.finalUrl,
    title: article.title,
    byline: article.byline,
    siteName: article.siteName,
    excerpt: article.excerpt,
    lang: article.lang,
    publishedTime: article.publishedTime,
    // Entries cached before the field existed have none.
    pageType: article.pageType ?? null,
    words: article.words,
    length: article.markdown.length,
    markdown: article.markdown,
    truncated: delivery.truncated,
    cache: delivery.cache,
    ...(delivery.cache === "hit" ? { cacheAgeSeconds: delivery.ageSeconds } : {}),
  };
}
