import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { cacheKey, cacheUsage, normalizeUrl, readCached, writeCached } from "../../src/store/cache.ts";
import { openDb, type Db } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

const dirs: string[] = [];
const dbs: Db[] = [];
async function freshDb(): Promise<Db> {
  const dir = tempDir();
  dirs.push(dir);
  const db = await openDb(dir);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const none = { include: [], exclude: [], mode: "article", maxChars: null };

describe("keys", () => {
  test.each([
    ["HTTP://Example.COM:80/a?b=2&a=1#frag", "http://example.com/a?a=1&b=2"],
    ["https://example.com:443/", "https://example.com/"],
    ["https://example.com/p?", "https://example.com/p"],
  ])("%s normalises to %s", (raw, out) => expect(normalizeUrl(raw)).toBe(out));

  test("the same URL spelled differently shares a key; any option change gives another key", () => {
    const a = cacheKey("http://example.com/a?x=1&y=2#top", none).key;
    expect(cacheKey("HTTP://EXAMPLE.com/a?y=2&x=1", none).key).toBe(a);
    for (const options of [
      { ...none, include: ["main"] },
      { ...none, exclude: ["nav"] },
      { ...none, mode: "full" },
      { ...none, maxChars: 100 },
    ]) {
      expect(cacheKey("http://example.com/a?x=1&y=2", options).key).not.toBe(a);
    }
  });
});

describe("read and write", () => {
  test("a stored value is read back until it expires", async () => {
    const db = await freshDb();
    const k = cacheKey("http://example.com/a", none);
    await writeCached(db, [k], { title: "A" }, { ttlMs: 60_000, maxBytes: 1_000_000 }, 1_000);
    expect(await readCached(db, k.key, 60_000, 30_000)).toEqual({ value: { title: "A" }, createdAt: 1_000 });
    expect(await readCached(db, k.key, 60_000, 61_000)).toBeNull();
    expect(await readCached(db, cacheKey("http://example.com/a", { ...none, mode: "full" }).key, 60_000, 30_000)).toBeNull();
  });

  test("the total stays under the byte bound by evicting the oldest first", async () => {
    const db = await freshDb();
    const value = { markdown: "x".repeat(980) }; // ~1 KB of JSON
    const size = JSON.stringify(value).length;
    const limits = { ttlMs: 3_600_000, maxBytes: size * 3 };
    for (let i = 0; i < 5; i++) await writeCached(db, [cacheKey(`http://example.com/${i}`, none)], value, limits, 1_000 + i);
    const usage = await cacheUsage(db);
    expect(usage.entries).toBe(3);
    expect(usage.bytes).toBeLessThanOrEqual(limits.maxBytes);
    for (const [i, kept] of [
      [0, false],
      [1, false],
      [2, true],
      [3, true],
      [4, true],
    ] as const) {
      expect((await readCached(db, cacheKey(`http://example.com/${i}`, none).key, limits.ttlMs, 2_000)) !== null).toBe(kept);
    }
  });

  test("a value larger than the whole budget is not stored", async () => {
    const db = await freshDb();
    await writeCached(db, [cacheKey("http://example.com/big", none)], { m: "x".repeat(5000) }, { ttlMs: 60_000, maxBytes: 1000 });
    expect((await cacheUsage(db)).entries).toBe(0);
  });

  test("the bound is kept from an index: the sizes and ages are never read from the rows holding the bodies", async () => {
    // Each write sums the sizes and lists the oldest entries; read from the table, both walk every
    // cached body (size_bytes is stored after it), megabytes per row (issue 11).
    const db = await freshDb();
    const plans = [
      "SELECT SUM(size_bytes) AS total FROM extraction_cache",
      "SELECT cache_key AS key, size_bytes AS size FROM extraction_cache ORDER BY created_at, cache_key LIMIT 200",
    ];
    for (const sql of plans) {
      const steps = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`);
      expect(steps.map((s) => s.detail)).toEqual([expect.stringContaining("USING COVERING INDEX")]);
    }
  });

  test("expired entries are pruned by the next write", async () => {
    const db = await freshDb();
    const limits = { ttlMs: 10_000, maxBytes: 1_000_000 };
    await writeCached(db, [cacheKey("http://example.com/old", none)], { a: 1 }, limits, 1_000);
    await writeCached(db, [cacheKey("http://example.com/new", none)], { a: 2 }, limits, 20_000);
    expect((await cacheUsage(db)).entries).toBe(1);
  });
});
