/**
 * robots.txt compliance (docs/api-contract.md §1, docs/decisions.md "robots.txt", RFC 9309).
 *
 * The file is fetched through the guarded fetcher the caller passes in, so it gets the same address
 * checks, redirect limits, timeout and size cap as the article itself. What a fetch outcome means:
 * - 2xx: the rules are obeyed (parsed by robots-parser for the given token);
 * - 4xx: there are no rules, everything is allowed;
 * - 5xx, timeout, unreachable (or any other failure): everything is disallowed, since the site may be
 *   overloaded or its rules unknown.
 */
import robotsParser from "robots-parser";
import type { FetchFailure, FetchSuccess } from "./guarded-fetch.ts";

/** The product token matched against `User-agent:` lines. */
export const DEFAULT_ROBOTS_TOKEN = "VellumBot";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RobotsCheckerOptions {
  /** Fetches a robots.txt URL; pass one that calls guardedFetch with the extraction policy. */
  fetch: (url: URL) => Promise<FetchSuccess | FetchFailure>;
  /** How long a fetched robots.txt (2xx or 4xx) is trusted. Default 24 h, the RFC's upper bound. */
  ttlMs?: number;
  /**
   * How long a failed fetch (5xx, timeout, unreachable) keeps the origin disallowed. Default 1 min:
   * long enough that a burst of requests does not hammer a struggling site, short enough that one
   * hiccup does not lock a site out for a day.
   */
  failureTtlMs?: number;
  /** Origins kept at most; the least recently used is dropped first. Default 1000. */
  maxEntries?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
}

/** A verdict and where it came from, for logs and for mapping a refused robots fetch to an error code. */
export interface RobotsVerdict {
  allowed: boolean;
  /** `rules`: a 2xx robots.txt decided; `missing`: 4xx, all allowed; `unavailable`: failure, all disallowed. */
  source: "rules" | "missing" | "unavailable";
  /** The fetch failure behind `missing` / `unavailable` (e.g. code `private_address`). */
  failure?: FetchFailure;
}

export interface RobotsChecker {
  /** Whether `url` may be fetched by `userAgentToken` (default "VellumBot"). */
  isAllowed(url: URL, userAgentToken?: string): Promise<boolean>;
  /** Like `isAllowed`, with the reason. */
  check(url: URL, userAgentToken?: string): Promise<RobotsVerdict>;
}

/** What one origin's robots.txt amounts to, independent of the URL being checked. */
type OriginRules =
  | { kind: "rules"; robots: ReturnType<typeof robotsParser> }
  | { kind: "missing"; failure: FetchFailure }
  | { kind: "unavailable"; failure?: FetchFailure };

interface CacheEntry {
  expiresAt: number;
  rules: Promise<OriginRules>;
}

/** Maps a fetch outcome to the origin's rules (the RFC 9309 table in the module comment). */
function rulesFromFetch(robotsUrl: URL, result: FetchSuccess | FetchFailure): OriginRules {
  if (result.ok) {
    // RFC 9309 robots.txt is UTF-8; stray bytes become U+FFFD and simply match nothing.
    const text = new TextDecoder("utf-8").decode(result.body);
    return { kind: "rules", robots: robotsParser(robotsUrl.href, text) };
  }
  const status = result.upstreamStatus;
  if (status !== undefined && status >= 400 && status <= 499) return { kind: "missing", failure: result };
  return { kind: "unavailable", failure: result };
}

function verdictFor(rules: OriginRules, url: URL, token: string): RobotsVerdict {
  switch (rules.kind) {
    case "rules":
      // robots-parser answers undefined only for a URL of another origin, which cannot happen here.
      return { allowed: rules.robots.isAllowed(url.href, token) ?? true, source: "rules" };
    case "missing":
      return { allowed: true, source: "missing", failure: rules.failure };
    case "unavailable":
      return { allowed: false, source: "unavailable", ...(rules.failure ? { failure: rules.failure } : {}) };
  }
}

/**
 * Creates a checker with its own per-origin cache (scheme + host + port). Concurrent checks of one
 * origin share a single robots.txt fetch; entries expire after `ttlMs` (`failureTtlMs` for failures).
 */
export function createRobotsChecker(options: RobotsCheckerOptions): RobotsChecker {
  const ttlMs = options.ttlMs ?? DAY_MS;
  const failureTtlMs = Math.min(options.failureTtlMs ?? 60_000, ttlMs);
  const maxEntries = Math.max(1, options.maxEntries ?? 1000);
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order; re-inserting on use makes its first key the least recently used.
  const cache = new Map<string, CacheEntry>();

  function remember(origin: string, entry: CacheEntry): void {
    cache.delete(origin);
    cache.set(origin, entry);
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  }

  function load(origin: string): Promise<OriginRules> {
    const robotsUrl = new URL("/robots.txt", origin);
    const rules = options
      .fetch(robotsUrl)
      .then((result) => rulesFromFetch(robotsUrl, result))
      .catch((): OriginRules => ({ kind: "unavailable" })); // a throwing fetch is "unreachable" too
    const entry: CacheEntry = { expiresAt: Number.POSITIVE_INFINITY, rules };
    remember(origin, entry);
    // The clock starts when the answer arrives; until then the pending promise is what callers share.
    void rules.then((settled) => {
      entry.expiresAt = now() + (settled.kind === "unavailable" ? failureTtlMs : ttlMs);
    });
    return rules;
  }

  function rulesFor(origin: string): Promise<OriginRules> {
    const cached = cache.get(origin);
    if (cached && cached.expiresAt > now()) {
      remember(origin, cached);
      return cached.rules;
    }
    return load(origin);
  }

  async function check(url: URL, userAgentToken = DEFAULT_ROBOTS_TOKEN): Promise<RobotsVerdict> {
    return verdictFor(await rulesFor(url.origin), url, userAgentToken);
  }

  return {
    check,
    isAllowed: async (url, userAgentToken) => (await check(url, userAgentToken)).allowed,
  };
}
