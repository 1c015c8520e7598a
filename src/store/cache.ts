import type { Db } from "./db.ts";

/**
 * The extraction cache (migration 4): a delivered article kept by normalised URL and the options
 * that shaped it, for `--cache-ttl` seconds, bounded in bytes (`--cache-max-mb`) by evicting the
 * oldest entries first. Only successful extractions are stored; a hit is served without fetching.
 *
 * The key is a hash of the normalised URL AND every option that changes the answer (include,
 * exclude, mode, maxChars), so an answer is never served across different options. The output
 * format (JSON or Markdown) is not part of it: both are rendered from the same stored article.
 */

/**
 * Answers with more Markdown than this (characters) are not cached. Storing one means serialising
 * and writing megabytes on the server's thread, which every other call waits on (issue 11: a flood
 * of 5 MiB pages spent 11% of that thread in JSON.stringify for the cache). Real articles are far
 * smaller: the longest of the 1,536 pages of the quality benchmarks (README, "Extraction quality on
 * every page type") gives 296 K characters.
 */
export const MAX_CACHED_MARKDOWN_CHARS = 1024 * 1024;

/** The options that change an extraction's result. */
export interface CacheOptions {
  include: readonly string[];
  exclude: readonly string[];
  mode: string;
  maxChars: number | null;
}

/**
 * The URL as the cache sees it: no fragment (never sent to the server), query parameters sorted
 * (their order does not change the resource for the pages vellum reads), scheme and host lower
 * case and default ports dropped (the URL parser does both).
 */
export function normalizeUrl(url: string | URL): string {
  const u = new URL(String(url));
  u.hash = "";
  u.searchParams.sort();
  const out = u.href;
  return out.endsWith("?") ? out.slice(0, -1) : out;
}

/** The cache key of a URL with options: hex SHA-256 of both, so long URLs make short keys. */
export function cacheKey(url: string | URL, options: CacheOptions): { key: string; url: string } {
  const normalized = normalizeUrl(url);
  const material = JSON.stringify([normalized, options.include, options.exclude, options.mode, options.maxChars]);
  return { key: new Bun.CryptoHasher("sha256").update(material).digest("hex"), url: normalized };
}

export interface CachedEntry<T> {
  value: T;
  /** When it was stored (unix ms). */
  createdAt: number;
}

/**
 * The entry under `key` if younger than `ttlMs`, else null. An expired entry is not returned
 * (it is pruned by the next write).
 * @param now unix ms
 */
export async function readCached<T>(db: Db, key: string, ttlMs: number, now = Date.now()): Promise<CachedEntry<T> | null> {
  const row = await db.get<{ body: string; createdAt: number | string }>(
    "SELECT body, created_at AS createdAt FROM extraction_cache WHERE cache_key = ? AND created_at > ?",
    [key, now - ttlMs],
  );
  if (!row) return null;
  return { value: JSON.parse(row.body) as T, createdAt: Number(row.createdAt) };
}

/**
 * Stores `value` under every key given (the requested and the final URL of one extraction), then
 * removes expired entries and, while the total is over `maxBytes`, the oldest ones. A value larger
 * than the whole budget is not stored.
 * @param ttlMs entries older than this are expired
 * @param maxBytes bound on the sum of stored bodies (UTF-8 bytes)
 * @returns how many entries were evicted to stay under the bound
 */
export async function writeCached(
  db: Db,
  entries: readonly { key: string; url: string }[],
  value: unknown,
  limits: { ttlMs: number; maxBytes: number },
  now = Date.now(),
): Promise<number> {
  const body = JSON.stringify(value);
  const size = Buffer.byteLength(body);
  if (size * entries.length > limits.maxBytes) return 0;
  for (const entry of entries) {
    await db.run(
      `INSERT INTO extraction_cache (cache_key, url, body, size_bytes, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (cache_key) DO UPDATE SET url = excluded.url, body = excluded.body, size_bytes = excluded.size_bytes, created_at = excluded.created_at`,
      [entry.key, entry.url, body, size, now],
    );
  }
  await db.run("DELETE FROM extraction_cache WHERE created_at <= ?", [now - limits.ttlMs]);
  return await evictOldest(db, limits.maxBytes);
}

/** Removes the oldest entries until the stored bodies total at most `maxBytes`. */
export async function evictOldest(db: Db, maxBytes: number): Promise<number> {
  let evicted = 0;
  for (;;) {
    const total = Number(
      (await db.get<{ total: number | string | null }>("SELECT SUM(size_bytes) AS total FROM extraction_cache"))?.total ?? 0,
    );
    if (total <= maxBytes) return evicted;
    const oldest = await db.all<{ key: string; size: number | string }>(
      "SELECT cache_key AS key, size_bytes AS size FROM extraction_cache ORDER BY created_at, cache_key LIMIT 200",
    );
    if (oldest.length === 0) return evicted;
    let over = total - maxBytes;
    const doomed: string[] = [];
    for (const row of oldest) {
      if (over <= 0) break;
      doomed.push(row.key);
      over -= Number(row.size);
    }
    await db.run(`DELETE FROM extraction_cache WHERE cache_key IN (${doomed.map(() => "?").join(", ")})`, doomed);
    evicted += doomed.length;
  }
}

/** Entries and bytes stored (for stats and tests). */
export async function cacheUsage(db: Db): Promise<{ entries: number; bytes: number }> {
  const row = await db.get<{ entries: number | string; bytes: number | string | null }>(
    "SELECT COUNT(*) AS entries, SUM(size_bytes) AS bytes FROM extraction_cache",
  );
  return { entries: Number(row?.entries ?? 0), bytes: Number(row?.bytes ?? 0) };
}
