import { afterEach, describe, expect, test } from "bun:test";
import { ExtractionPool, defaultWorkerUrl, transferable, type PoolEvent, type PoolResult } from "../../src/extract/pool.ts";

// Real workers running the real extraction. A page that keeps the DOM and Readability busy for about
// a third of a second (2 MB of paragraphs, cut to the worker's 1 MiB text budget in depth-limit.ts).
const SLOW_PAGE = `<html><body><article>${`<p>${"lorem ipsum dolor sit amet ".repeat(20)}<a href="/x">link</a></p>\n`.repeat(3500)}</article></body></html>`;
const SMALL_PAGE = (n: number) =>
  `<html><head><title>Page ${n}</title></head><body><article><p>Paragraph number ${n} of a small article with a few words.</p></article></body></html>`;
const URL_ = "https://example.com/a";

const pools: ExtractionPool[] = [];
function pool(options: ConstructorParameters<typeof ExtractionPool>[0]) {
  const p = new ExtractionPool(options);
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const summary = (r: PoolResult) => (r.ok ? `ok:${r.article.markdown}` : r.code);

describe("ExtractionPool", () => {
  test("extracts in a worker and returns the article", async () => {
    const p = pool({ size: 1 });
    const result = await p.run({ html: SMALL_PAGE(1), url: URL_ });
    expect(result).toEqual({
      ok: true,
      article: {
        title: "Page 1",
        byline: null,
        siteName: null,
        excerpt: "Paragraph number 1 of a small article with a few words.",
        lang: null,
        publishedTime: null,
        markdown: "Paragraph number 1 of a small article with a few words.",
        words: 11,
        pageType: null,
      },
    });
    expect(p.stats()).toEqual({ size: 1, busy: 0, idle: 1, queued: 0, admitted: 0, completed: 1, timedOut: 0, failed: 0, recycled: 0 });
  });

  test("undecoded page bytes move to the worker instead of being copied on the server's thread", async () => {
    const p = pool({ size: 1 });
    const bytes = new TextEncoder().encode(SMALL_PAGE(7));
    const sent = bytes.byteLength;
    const result = await p.run({ html: "", bytes, contentType: "text/html; charset=utf-8", url: URL_ });
    expect(summary(result)).toBe("ok:Paragraph number 7 of a small article with a few words.");
    expect(sent).toBeGreaterThan(0);
    expect(bytes.byteLength).toBe(0); // detached: the buffer now belongs to the worker
  });

  test("only an array owning its whole buffer is moved; a view into a larger buffer is copied", () => {
    const whole = new Uint8Array(16);
    const moved = transferable(whole);
    expect(moved.length).toBe(1);
    expect(moved[0]).toBe(whole.buffer);
    expect(transferable(new Uint8Array(whole.buffer, 4, 8)).length).toBe(0);
    expect(transferable(undefined).length).toBe(0);
  });

  test("a page without an article gives 'no_content'", async () => {
    const p = pool({ size: 1 });
    expect(await p.run({ html: "<html><body><script>x()</script></body></html>", url: URL_ })).toEqual({ ok: false, code: "no_content" });
  });

  test("an exception inside the extraction gives 'failed' and the worker keeps serving", async () => {
    const events: PoolEvent[] = [];
    const p = pool({ size: 1, onEvent: (e) => events.push(e) });
    expect(await p.run({ html: SMALL_PAGE(1), url: "not a url" })).toEqual({ ok: false, code: "failed" });
    expect(events.map((e) => e.type)).toEqual(["failed"]);
    expect(summary(await p.run({ html: SMALL_PAGE(2), url: URL_ }))).toBe("ok:Paragraph number 2 of a small article with a few words.");
  });

  test("a job over the deadline is terminated, and a fresh worker serves the next job", async () => {
    const events: PoolEvent[] = [];
    // The slow page takes a few hundred milliseconds in a warm worker; a small page a few, but on a loaded
    // machine a cold worker's first pages can pass 100.
    const p = pool({ size: 1, jobTimeoutMs: 100, onEvent: (e) => events.push(e) });
    // The deadline counts from the worker's readiness (its modules loaded): warm it first, until one
    // page completes.
    let warm = false;
    for (let tries = 0; tries < 10 && !warm; tries++) warm = (await p.run({ html: SMALL_PAGE(0), url: URL_ })).ok;
    expect(warm).toBe(true);
    events.length = 0;
    const before = p.stats();
    const started = performance.now();
    expect(await p.run({ html: SLOW_PAGE, url: URL_ })).toEqual({ ok: false, code: "timeout" });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(100);
    // The answer came at the deadline, not when the page was done: a finished page would be 'ok',
    // and the stats below count no completion for it. (No upper bound on time: a loaded machine.)
    expect(events).toEqual([{ type: "timeout", url: URL_, ms: 100 }]);
    // The fresh worker is cold again: on a loaded machine its first page may pass the deadline too.
    let next = await p.run({ html: SMALL_PAGE(3), url: URL_ });
    let coldTimeouts = 0;
    for (; coldTimeouts < 4 && !next.ok; coldTimeouts++) next = await p.run({ html: SMALL_PAGE(3), url: URL_ });
    expect(summary(next)).toBe("ok:Paragraph number 3 of a small article with a few words.");
    expect(p.stats()).toMatchObject({ timedOut: before.timedOut + 1 + coldTimeouts, completed: before.completed + 1, busy: 0, queued: 0 });
  });

  test("with every worker busy and the queue full, a job is refused at once with 'busy'", async () => {
    const p = pool({ size: 1, queueLimit: 2, jobTimeoutMs: 30_000 });
    const running = p.run({ html: SLOW_PAGE, url: URL_ });
    const queued = [p.run({ html: SMALL_PAGE(1), url: URL_ }), p.run({ html: SMALL_PAGE(2), url: URL_ })];
    expect(p.stats()).toMatchObject({ busy: 1, idle: 0, queued: 2 });
    const started = performance.now();
    expect(await p.run({ html: SMALL_PAGE(3), url: URL_ })).toEqual({ ok: false, code: "busy" });
    expect(performance.now() - started).toBeLessThan(50);
    expect((await running).ok).toBe(true);
    expect((await Promise.all(queued)).map(summary)).toEqual([
      "ok:Paragraph number 1 of a small article with a few words.",
      "ok:Paragraph number 2 of a small article with a few words.",
    ]);
  });

  test("jobs spread over the workers and run in parallel", async () => {
    const p = pool({ size: 2 });
    const jobs = [1, 2, 3, 4].map((n) => p.run({ html: SMALL_PAGE(n), url: URL_ }));
    expect(p.stats()).toMatchObject({ size: 2, busy: 2, queued: 2 });
    expect((await Promise.all(jobs)).map(summary)).toEqual(
      [1, 2, 3, 4].map((n) => `ok:Paragraph number ${n} of a small article with a few words.`),
    );
  });

  test("aborting the caller's signal drops a queued job and stops a running one", async () => {
    const p = pool({ size: 1, jobTimeoutMs: 30_000 });
    const controller = new AbortController();
    const running = p.run({ html: SLOW_PAGE, url: URL_ }, controller.signal);
    const queuedController = new AbortController();
    const queued = p.run({ html: SMALL_PAGE(1), url: URL_ }, queuedController.signal);
    queuedController.abort();
    expect(await queued).toEqual({ ok: false, code: "timeout" });
    expect(p.stats()).toMatchObject({ queued: 0, busy: 1 });
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    expect(await running).toEqual({ ok: false, code: "timeout" });
    expect(performance.now() - started).toBeLessThan(600);
    expect(summary(await p.run({ html: SMALL_PAGE(2), url: URL_ }))).toBe("ok:Paragraph number 2 of a small article with a few words.");
  });

  test("a worker is recycled after a number of jobs", async () => {
    const events: PoolEvent[] = [];
    const p = pool({ size: 1, recycleAfterJobs: 2, onEvent: (e) => events.push(e) });
    for (const n of [1, 2, 3, 4, 5]) {
      expect(summary(await p.run({ html: SMALL_PAGE(n), url: URL_ }))).toBe(
        `ok:Paragraph number ${n} of a small article with a few words.`,
      );
    }
    expect(events.map((e) => e.type === "recycled" && e.reason)).toEqual(["jobs", "jobs"]);
    expect(p.stats().recycled).toBe(2);
  });

  test("a worker whose heap grows past the limit is recycled, with the measured heap size", async () => {
    const events: PoolEvent[] = [];
    // 2 MB is below what a worker holds after a large page (the worker collects after one, so the size
    // it measures is what stays: linkedom, Readability, turndown and the caches, about 10 MB).
    const p = pool({ size: 1, recycleAfterBytes: 2 * 1024 * 1024, onEvent: (e) => events.push(e) });
    expect((await p.run({ html: SLOW_PAGE, url: URL_ })).ok).toBe(true);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.type === "recycled" && event.reason).toBe("memory");
    expect(event.type === "recycled" && event.heapBytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(event.type === "recycled" && event.heapBytes).toBeLessThan(512 * 1024 * 1024);
    expect(summary(await p.run({ html: SMALL_PAGE(2), url: URL_ }))).toBe("ok:Paragraph number 2 of a small article with a few words.");
  });

  test("close() lets running and queued jobs finish, then refuses new ones", async () => {
    const p = pool({ size: 1 });
    const jobs = [p.run({ html: SMALL_PAGE(1), url: URL_ }), p.run({ html: SMALL_PAGE(2), url: URL_ })];
    const closed = p.close();
    expect(await p.run({ html: SMALL_PAGE(3), url: URL_ })).toEqual({ ok: false, code: "busy" });
    await closed;
    expect((await Promise.all(jobs)).map((r) => r.ok)).toEqual([true, true]);
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0, completed: 2 });
  });

  test("a worker that cannot start fails its job instead of hanging, and is not respawned in a loop", async () => {
    const events: PoolEvent[] = [];
    const p = pool({ size: 1, workerUrl: new URL("./no-such-worker.ts", import.meta.url), onEvent: (e) => events.push(e) });
    await Bun.sleep(300); // the first worker's start-up fails
    expect(await p.run({ html: SMALL_PAGE(1), url: URL_ })).toEqual({ ok: false, code: "failed" });
    await Bun.sleep(300);
    // The first start-up failure, the job's worker failing too, one respawn after the lost job that
    // fails as well; then nothing more.
    expect(events.map((e) => e.type)).toEqual(["worker_error", "worker_error", "failed", "worker_error"]);
  });

  test("the worker entry is found next to pool.ts in a checkout", () => {
    expect(defaultWorkerUrl().pathname).toEndWith("/src/extract/worker.ts");
  });
});

describe("fair share between clients (issue 11)", () => {
  test("one client holds at most half the places; another still gets one", () => {
    const p = pool({ size: 1, queueLimit: 4 });
    expect(p.maxPlacesPerClient).toBe(3);
    const a = [p.admit("ip:a"), p.admit("ip:a"), p.admit("ip:a")];
    expect(a.every((t) => t !== null)).toBe(true);
    expect(p.admit("ip:a")).toBeNull();
    const b = p.admit("ip:b");
    expect(b).not.toBeNull();
    for (const t of [...a, b]) t?.release();
    expect(p.admit("ip:a")).not.toBeNull();
  });

  test("a limited client holds at most max(8, twice its share of workers) places", () => {
    const p = pool({ size: 2, queueLimit: 30 });
    expect(p.maxPlacesPerClient).toBe(16);
    const held = Array.from({ length: 8 }, () => p.admit("ip:c", true));
    expect(held.every((t) => t !== null)).toBe(true);
    expect(p.hasRoomFor("ip:c", true)).toBe(false);
    expect(p.admit("ip:c", true)).toBeNull();
    expect(p.admit("key:c")).not.toBeNull();
    for (const t of held) t?.release();
  });

  test("free-trial clients from many addresses together hold at most 3/4 of the places; the rest stays for paying callers", async () => {
    const p = pool({ size: 2, queueLimit: 8 });
    expect(p.maxLimitedPlaces).toBe(7);
    // A flood spread over many addresses, each within its own fair share.
    const free = Array.from({ length: 7 }, (_, i) => p.admit(`ip:198.18.0.${i}`, true));
    expect(free.every((t) => t !== null)).toBe(true);
    expect(p.hasRoomFor("ip:198.18.0.99", true)).toBe(false);
    expect(p.admit("ip:198.18.0.99", true)).toBeNull();
    // A paying caller still gets a place, and so do the next two.
    const paid = [p.admit("key:k1"), p.admit("key:k2"), p.admit("key:k3")];
    expect(paid.every((t) => t !== null)).toBe(true);
    expect(p.admit("key:k4")).toBeNull(); // now the pool is full for everyone
    // Places handed back (released, or spent by a finished job) count again.
    free[0]!.release();
    expect(p.admit("ip:198.18.0.99", true)).not.toBeNull();
    expect(p.admit("ip:198.18.0.100", true)).toBeNull();
    paid[0]!.release();
    const result = await free[1]!.run({ html: SMALL_PAGE(5), url: URL_ });
    expect(summary(result)).toStartWith("ok:");
    expect(p.admit("ip:198.18.0.101", true)).not.toBeNull();
    for (const t of [...free, ...paid]) t?.release();
  });

  test("a waiting job of another client runs before the rest of one client's backlog", async () => {
    const p = pool({ size: 1, queueLimit: 8, jobTimeoutMs: 30_000 });
    const order: string[] = [];
    const run = (client: string, n: number) =>
      p
        .admit(client)!
        .run({ html: SMALL_PAGE(n), url: URL_ })
        .then(() => order.push(`${client}${n}`));
    const all = [run("a", 1), run("a", 2), run("a", 3), run("b", 4)];
    await Promise.all(all);
    // a1 was running when the others queued; b4 is picked before a2 and a3.
    expect(order).toEqual(["a1", "b4", "a2", "a3"]);
  });

  test("a returning client is not put behind a crowd of new ones: new clients count as served when they arrive", async () => {
    const p = pool({ size: 1, queueLimit: 8, jobTimeoutMs: 30_000 });
    const order: string[] = [];
    const run = (client: string, n: number, html = SMALL_PAGE(n)) =>
      p
        .admit(client)!
        .run({ html, url: URL_ })
        .then(() => order.push(`${client}${n}`));
    await run("old", 0); // served once, long before the crowd
    const busy = run("x", 1, SLOW_PAGE); // holds the only worker while the others queue
    const crowd = ["n1", "n2", "n3"].map((c, i) => run(c, i + 2));
    const back = run("old", 5);
    await Promise.all([busy, ...crowd, back]);
    // The old client's turn was before any of the new ones arrived: it goes first.
    expect(order).toEqual(["old0", "x1", "old5", "n12", "n23", "n34"]);
  });
});

describe("limited clients and thread priority (issue 11)", () => {
  test("a limited client runs on at most half the workers; another client takes the idle one at once", async () => {
    const p = pool({ size: 2, queueLimit: 8, jobTimeoutMs: 30_000 });
    expect(p.maxRunningPerLimitedClient).toBe(1);
    let aDone = 0;
    const slow = [p.admit("ip:a", true)!, p.admit("ip:a", true)!].map((t) =>
      t.run({ html: SLOW_PAGE, url: URL_ }).then(() => {
        aDone++;
      }),
    );
    await Bun.sleep(50);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    const other = await p.admit("ip:b", true)!.run({ html: SMALL_PAGE(9), url: URL_ });
    expect(summary(other)).toBe("ok:Paragraph number 9 of a small article with a few words.");
    // Served by the idle worker while a's backlog was still waiting, not after it.
    expect(aDone).toBeLessThan(2);
    await Promise.all(slow);
    // A key (not limited) may use every worker.
    const paid = [p.admit("key:k")!.run({ html: SLOW_PAGE, url: URL_ }), p.admit("key:k")!.run({ html: SLOW_PAGE, url: URL_ })];
    await Bun.sleep(50);
    expect(p.stats()).toMatchObject({ busy: 2, queued: 0 });
    await Promise.all(paid);
    // Four slow pages, two of them one after the other: seconds on a loaded machine.
  }, 20_000);

  test("a paying caller's job is picked before free-trial jobs that waited longer", async () => {
    const p = pool({ size: 1, queueLimit: 8, jobTimeoutMs: 30_000 });
    const order: string[] = [];
    const run = (client: string, html: string, limited: boolean) =>
      p
        .admit(client, limited)!
        .run({ html, url: URL_ })
        .then(() => order.push(client));
    const jobs = [run("ip:a", SLOW_PAGE, true), run("ip:b", SMALL_PAGE(1), true), run("ip:c", SMALL_PAGE(2), true)];
    jobs.push(run("key:k", SMALL_PAGE(3), false));
    await Promise.all(jobs);
    expect(order).toEqual(["ip:a", "key:k", "ip:b", "ip:c"]);
  });

  test("a crowd of free-trial clients (more than the workers) leaves the last worker to paying callers", async () => {
    const p = pool({ size: 2, queueLimit: 8, jobTimeoutMs: 60_000 });
    const stop = new AbortController();
    const done: string[] = [];
    const run = (client: string, html: string, limited: boolean, signal?: AbortSignal) =>
      p
        .admit(client, limited)!
        .run({ html, url: URL_ }, signal)
        .then((r) => {
          done.push(client);
          return r;
        });
    // Two free clients take both workers (no crowd yet); a0's page is small, a1's takes a second.
    const first = run("ip:a0", SMALL_PAGE(0), true);
    const long = run("ip:a1", SLOW_PAGE, true, stop.signal);
    // Two more free clients queue: four distinct free clients, more than the two workers.
    const queued = [run("ip:a2", SMALL_PAGE(2), true, stop.signal), run("ip:a3", SMALL_PAGE(3), true, stop.signal)];
    await first;
    // a0's worker is now idle, kept for paying callers: the crowd's jobs wait.
    expect(p.stats()).toMatchObject({ busy: 1, queued: 2 });
    const paid = await run("key:k", SMALL_PAGE(9), false);
    expect(summary(paid)).toBe("ok:Paragraph number 9 of a small article with a few words.");
    expect(done).toEqual(["ip:a0", "key:k"]); // served at once, while a1 still runs and a2, a3 wait
    stop.abort();
    await Promise.all([long, ...queued]);
  });

  test("free-trial clients no more numerous than the workers use every worker", async () => {
    const p = pool({ size: 2, queueLimit: 8, jobTimeoutMs: 30_000 });
    const jobs = [p.admit("ip:a", true)!, p.admit("ip:b", true)!].map((t) => t.run({ html: SLOW_PAGE, url: URL_ }));
    await Bun.sleep(50);
    expect(p.stats()).toMatchObject({ busy: 2, queued: 0 });
    await Promise.all(jobs);
  });

  test("extraction threads run at a lower CPU priority than the server's thread", async () => {
    const p = pool({ size: 1 });
    await p.run({ html: SMALL_PAGE(1), url: URL_ });
    const { readdirSync, readFileSync } = await import("node:fs");
    const nice = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    const threads = readdirSync("/proc/self/task").map((tid) => nice(readFileSync(`/proc/self/task/${tid}/stat`, "utf8")));
    expect(nice(readFileSync("/proc/self/stat", "utf8"))).toBe(0);
    expect(threads).toContain(10);
  });
});
