// extractUrl against real target sites on 127.0.0.1 and a real worker pool (issue 11: robots.txt on
// every redirect hop, admission before download, one deadline and the caller's abort over every step).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseAllowList } from "../../src/extract/address-guard.ts";
import { guardedFetch, type FetchPolicy } from "../../src/extract/guarded-fetch.ts";
import { ExtractionPool } from "../../src/extract/pool.ts";
import { createRobotsChecker } from "../../src/extract/robots.ts";
import { extractUrl, type ExtractDeps } from "../../src/extract/service.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";

let allowed: TargetSite; // robots.txt allows everything but /private/
let strict: TargetSite; // robots.txt disallows everything
let pool: ExtractionPool;
let deps: ExtractDeps;

beforeAll(async () => {
  allowed = await startTargetSite();
  strict = await startTargetSite();
  strict.setRobots(200, "User-agent: *\nDisallow: /\n");
  pool = new ExtractionPool({ size: 1, queueLimit: 0, jobTimeoutMs: 10_000 });
  const policy: FetchPolicy = {
    allow: parseAllowList([allowed.allowEntry, strict.allowEntry]),
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    maxRedirects: 5,
    userAgent: "VellumBot/test",
  };
  const robots = createRobotsChecker({ fetch: (url) => guardedFetch(url, policy) });
  deps = { policy, robots: (url) => robots.check(url), pool };
});
afterAll(async () => {
  await pool.close();
  await allowed.close();
  await strict.close();
});

describe("robots.txt on every redirect hop", () => {
  test("a disallowed page is refused directly", async () => {
    const outcome = await extractUrl(new URL(strict.url("/article-simple")), deps);
    expect(outcome).toMatchObject({ ok: false, status: 403, code: "robots_disallowed" });
  });

  test("…and through a redirect from an allowed site, without the page being requested", async () => {
    const before = strict.hits("/article-simple");
    const outcome = await extractUrl(new URL(allowed.url(`/redirect?to=${encodeURIComponent(strict.url("/article-simple"))}`)), deps);
    expect(outcome).toMatchObject({ ok: false, status: 403, code: "robots_disallowed" });
    expect(strict.hits("/article-simple")).toBe(before);
  });

  test("a same-site redirect to a disallowed path is refused too", async () => {
    const outcome = await extractUrl(new URL(allowed.url("/redirect?to=/private/page")), deps);
    expect(outcome).toMatchObject({ ok: false, code: "robots_disallowed" });
    expect(allowed.hits("/private/page")).toBe(0);
  });

  test("a redirect between allowed pages still extracts", async () => {
    const outcome = await extractUrl(new URL(allowed.url("/redirect?to=/article-simple&n=2")), deps);
    expect(outcome.ok).toBe(true);
  });
});

describe("admission before download", () => {
  test("with no room in the pool the call is refused 503 busy before robots.txt or the page is fetched", async () => {
    const held = pool.admit(); // size 1, queue 0: this is the only place
    expect(held).not.toBeNull();
    try {
      const robotsBefore = allowed.hits("/robots.txt");
      const pageBefore = allowed.hits("/big");
      const outcome = await extractUrl(new URL(allowed.url("/big")), deps);
      expect(outcome).toMatchObject({ ok: false, status: 503, code: "busy", retryAfterSeconds: 2 });
      expect(allowed.hits("/big")).toBe(pageBefore);
      expect(allowed.hits("/robots.txt")).toBe(robotsBefore);
    } finally {
      held?.release();
    }
    expect(pool.stats().admitted).toBe(0);
  });

  test("a failed fetch hands its place back", async () => {
    const outcome = await extractUrl(new URL(allowed.url("/status/500")), deps);
    expect(outcome).toMatchObject({ ok: false, code: "upstream_failed" });
    expect(pool.stats()).toMatchObject({ admitted: 0, busy: 0, queued: 0 });
    expect((await extractUrl(new URL(allowed.url("/article-simple")), deps)).ok).toBe(true);
  });
});

describe("one deadline and the caller's abort", () => {
  test("the overall deadline answers 503 busy with Retry-After, not a hang", async () => {
    const started = performance.now();
    const outcome = await extractUrl(new URL(allowed.url("/hang")), deps, { signal: AbortSignal.timeout(300) });
    expect(outcome).toMatchObject({ ok: false, status: 503, code: "busy", retryAfterSeconds: 2 });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(pool.stats().admitted).toBe(0);
  });

  test("a caller who goes away mid-download ends the call as aborted and frees its place", async () => {
    const controller = new AbortController();
    const call = extractUrl(new URL(allowed.url("/slow")), deps, { signal: controller.signal });
    await Bun.sleep(200);
    controller.abort();
    expect(await call).toMatchObject({ ok: false, code: "aborted" });
    expect(pool.stats()).toMatchObject({ admitted: 0, busy: 0 });
  });

  test("a caller who goes away during extraction frees the worker", async () => {
    const controller = new AbortController();
    const big = `<html><body><article>${`<p>${"lorem ipsum dolor sit amet ".repeat(20)}</p>\n`.repeat(3500)}</article></body></html>`;
    const site = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => new Response(big, { headers: { "content-type": "text/html" } }),
    });
    try {
      const local: ExtractDeps = {
        ...deps,
        policy: { ...deps.policy, allow: parseAllowList([`127.0.0.1:${site.port}`]) },
        robots: async () => ({ allowed: true, source: "missing" }),
      };
      const call = extractUrl(new URL(`http://127.0.0.1:${site.port}/`), local, { signal: controller.signal });
      while (pool.stats().busy === 0) await Bun.sleep(10);
      controller.abort();
      expect(await call).toMatchObject({ ok: false, code: "aborted" });
      expect(pool.stats()).toMatchObject({ busy: 0, admitted: 0, queued: 0 });
    } finally {
      await site.stop(true);
    }
  });
});
