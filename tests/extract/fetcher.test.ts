import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseAllowList } from "../../src/extract/address-guard.ts";
import { FetchThread, type FetchResult } from "../../src/extract/fetcher.ts";
import { guardedFetch, type FetchPolicy, type FetchSuccess } from "../../src/extract/guarded-fetch.ts";
import { SIMPLE_ARTICLE, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

// The fetch thread (issue 11): downloads run off the server's thread with guardedFetch's contract.
// A real target site on 127.0.0.1 and the real thread.
const MiB = 1024 * 1024;
let site: TargetSite;
let thread: FetchThread;
beforeAll(async () => {
  site = await startTargetSite();
  thread = new FetchThread();
});
afterAll(async () => {
  thread.close();
  await site.close();
});

function policy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    allow: parseAllowList([site.allowEntry]),
    timeoutMs: 3000,
    maxBytes: 5 * MiB,
    maxRedirects: 5,
    userAgent: "VellumBot/test",
    ...overrides,
  };
}

function success(result: FetchResult): FetchSuccess {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result;
}

describe("FetchThread", () => {
  test("a page comes back as guardedFetch gives it in-process, its body moved from the thread", async () => {
    const url = new URL(site.url("/article-simple"));
    const there = success(await thread.fetch(url, policy()));
    const here = success(await guardedFetch(url, policy()));
    const { body: a, ...restThere } = there;
    const { body: b, ...restHere } = here;
    expect(restThere).toEqual(restHere);
    expect(new TextDecoder().decode(a)).toBe(SIMPLE_ARTICLE.html);
    expect(a).toEqual(b);
    // The array owns its whole buffer (transferred, not a view into a shared one).
    expect(a.byteOffset).toBe(0);
    expect(a.buffer.byteLength).toBe(a.byteLength);
    expect(thread.inFlight).toBe(0);
  });

  test("the fetch thread runs below the server's thread's CPU priority and above the extraction workers'", async () => {
    success(await thread.fetch(new URL(site.url("/article-simple")), policy()));
    const { readdirSync, readFileSync } = await import("node:fs");
    const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    const threads = readdirSync("/proc/self/task").map((tid) => nice(readFileSync(`/proc/self/task/${tid}/stat`, "utf8")));
    expect(nice(readFileSync("/proc/self/stat", "utf8"))).toBe(0);
    expect(threads).toContain(5);
  });

  test("many downloads at once share the one thread", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => thread.fetch(new URL(site.url(`/counted?n=${i}`)), policy())));
    expect(results.every((r) => r.ok)).toBe(true);
  });

  test("each redirect hop is checked on the caller's side, and its refusal ends the fetch", async () => {
    const target = site.url("/article-simple");
    const asked: string[] = [];
    const refused = await thread.fetch(
      new URL(site.url(`/redirect?to=${encodeURIComponent(target)}`)),
      policy({
        checkHop: async (hop) => {
          asked.push(hop.href);
          return { ok: false, code: "robots_disallowed", status: 403, message: "no" };
        },
      }),
    );
    expect(asked).toEqual([target]);
    expect(refused).toEqual({ ok: false, code: "robots_disallowed", status: 403, message: "no" });
    const allowed = success(
      await thread.fetch(new URL(site.url(`/redirect?to=${encodeURIComponent(target)}`)), policy({ checkHop: async () => null })),
    );
    expect(allowed.finalUrl).toBe(target);
    expect(allowed.redirects).toBe(1);
  });

  test("the caps hold in the thread: a 5 MiB+ stream and a gzip bomb are too_large; a private address is refused", async () => {
    expect(await thread.fetch(new URL(site.url("/big")), policy())).toMatchObject({ ok: false, code: "too_large", status: 413 });
    expect(await thread.fetch(new URL(site.url("/bomb")), policy())).toMatchObject({ ok: false, code: "too_large", status: 413 });
    const guarded = await thread.fetch(new URL(site.url("/article-simple")), policy({ allow: parseAllowList([]) }));
    expect(guarded).toMatchObject({ ok: false, code: "private_address", status: 403 });
  });

  test("the caller's signal stops the download in the thread: a deadline is upstream_timeout, a hang-up a cancelled fetch", async () => {
    const deadline = new AbortController();
    const slow = thread.fetch(new URL(site.url("/hang")), policy({ timeoutMs: 30_000, signal: deadline.signal }));
    await Bun.sleep(200);
    expect(thread.inFlight).toBe(1);
    deadline.abort(new DOMException("deadline", "TimeoutError"));
    expect(await slow).toMatchObject({ ok: false, code: "upstream_timeout" });

    const gone = new AbortController();
    const hung = thread.fetch(new URL(site.url("/hang")), policy({ timeoutMs: 30_000, signal: gone.signal }));
    await Bun.sleep(200);
    gone.abort();
    expect(await hung).toMatchObject({ ok: false, code: "upstream_failed", message: "The fetch was cancelled." });
    expect(thread.inFlight).toBe(0);
  });

  test("an already aborted signal never leaves a download running", async () => {
    const signal = AbortSignal.abort(new DOMException("deadline", "TimeoutError"));
    expect(await thread.fetch(new URL(site.url("/hang")), policy({ signal }))).toMatchObject({ ok: false, code: "upstream_timeout" });
    expect(thread.inFlight).toBe(0);
  });

  test("closing the thread fails its downloads in flight; later ones run in-process", async () => {
    const own = new FetchThread();
    const hung = own.fetch(new URL(site.url("/hang")), policy({ timeoutMs: 30_000 }));
    await Bun.sleep(200);
    own.close();
    expect(await hung).toMatchObject({ ok: false, code: "upstream_failed", status: 502 });
    expect(success(await own.fetch(new URL(site.url("/article-simple")), policy())).status).toBe(200);
  });

  test("a thread entry that cannot start fails the download instead of hanging", async () => {
    const broken = new FetchThread(new URL("./no-such-thread.ts", import.meta.url));
    expect(await broken.fetch(new URL(site.url("/article-simple")), policy())).toMatchObject({ ok: false, code: "upstream_failed" });
    broken.close();
  });
});
