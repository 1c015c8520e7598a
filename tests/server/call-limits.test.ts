// /extract under hostile callers (issue 11): the failed-call budget (429 too_many_failures), the one
// overall deadline (503 busy), a client that hangs up (released, not charged), and /health when the
// store cannot be written. Real server, real target sites on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SqliteDb } from "../../src/store/sqlite.ts";
import { findKeyByHash, redeemForKey } from "../../src/store/keys.ts";
import { generateSecret } from "../../src/payments/secrets.ts";
import { SIMPLE_ARTICLE, startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

let site: TargetSite;
let txCounter = 0x11000;
beforeAll(async () => {
  site = await startTargetSite();
});
afterAll(async () => {
  await site.close();
});

async function keyWith(svc: TestService, calls: number) {
  const secret = generateSecret("vk");
  const saved = await redeemForKey(svc.db, {
    chainId: 8453,
    txHash: `0x${(++txCounter).toString(16).padStart(64, "0")}`,
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: BigInt(calls) * 10_000n,
    blockNumber: 1n,
    keyHash: secret.hash,
    prefix: secret.prefix,
    calls,
  });
  if (!saved.ok) throw new Error("could not create a key");
  return { hash: secret.hash, auth: { authorization: `Bearer ${secret.value}` } };
}

const extractUrl = (svc: TestService, target: string, init?: RequestInit) => svc.post("/extract", { url: target }, init);

describe("failed-call budget", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({
      allowPrivateTargets: site.allowEntry,
      freeFailedCalls: "3",
      paidFailedCalls: "2",
      freeCallsPerDay: "100",
    });
  });
  afterAll(() => svc.close());

  test("a free client past its budget gets 429 too_many_failures with Retry-After, and nothing more is fetched", async () => {
    const free = { headers: { "x-free-trial": "1" } };
    for (let i = 0; i < 3; i++) expect((await extractUrl(svc, site.url("/status/500"), free)).status).toBe(502);
    const hits = site.hits("/status/500");
    const refused = await extractUrl(svc, site.url("/status/500"), free);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "too_many_failures" });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(site.hits("/status/500")).toBe(hits);
    // Good calls are refused too until the window ends: the budget is the client's, not the URL's.
    expect((await extractUrl(svc, site.url("/article-simple"), free)).status).toBe(429);
  });

  test("a paid key has its own budget; another key is unaffected; refunds still hold", async () => {
    const a = await keyWith(svc, 10);
    const b = await keyWith(svc, 10);
    for (let i = 0; i < 2; i++) expect((await extractUrl(svc, site.url("/status/404"), { headers: a.auth })).status).toBe(502);
    const refused = await extractUrl(svc, site.url("/article-simple"), { headers: a.auth });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect((await findKeyByHash(svc.db, a.hash))!.callsRemaining).toBe(10);
    const ok = await extractUrl(svc, site.url("/article-simple"), { headers: b.auth });
    expect(ok.status).toBe(200);
    expect((await findKeyByHash(svc.db, b.hash))!.callsRemaining).toBe(9);
  });
});

describe("one overall deadline", () => {
  test("a call that cannot be served in time gets 503 busy with Retry-After, not silence", async () => {
    const svc = await startTestService({ allowPrivateTargets: site.allowEntry, requestTimeoutMs: "1500", fetchTimeoutMs: "60000" });
    try {
      const started = performance.now();
      const res = await extractUrl(svc, site.url("/hang"), { headers: { "x-free-trial": "1" } });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe("busy");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await svc.close();
    }
  });
});

describe("a client that hangs up", () => {
  test("is released, not charged, and its fetch is stopped", async () => {
    // A target that answers the article after 2 s: long after the client gave up at 300 ms.
    let cut = 0;
    let arrived = () => {};
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (request) => {
        if (new URL(request.url).pathname === "/robots.txt") return new Response("", { status: 404 });
        arrived();
        await Bun.sleep(2000);
        if (request.signal.aborted) cut++;
        return new Response(SIMPLE_ARTICLE.html, { headers: { "content-type": "text/html" } });
      },
    });
    const svc = await startTestService({ allowPrivateTargets: `127.0.0.1:${slow.port}` });
    try {
      const key = await keyWith(svc, 5);
      const controller = new AbortController();
      const call = extractUrl(svc, `http://127.0.0.1:${slow.port}/article`, { headers: key.auth, signal: controller.signal }).catch(
        (error: unknown) => error,
      );
      await reached; // vellum is fetching the page (on its fetch thread)
      await Bun.sleep(100);
      controller.abort();
      await call;
      // Past the moment the target answers (2 s): the reservation is released, the key never debited.
      await Bun.sleep(2300);
      for (let i = 0; i < 30; i++) {
        const pending = await svc.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM reservations");
        if (Number(pending?.n) === 0) break;
        await Bun.sleep(100);
      }
      expect((await findKeyByHash(svc.db, key.hash))!.callsRemaining).toBe(5);
      const open = await svc.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM reservations");
      expect(Number(open?.n)).toBe(0);
      expect(cut).toBe(1); // vellum closed its connection to the target when the client left
    } finally {
      await svc.close();
      await slow.stop(true);
    }
  });
});

describe("/health and the store", () => {
  test("reports ok: false with 503 and a reason while the database cannot be written, and recovers", async () => {
    const svc = await startTestService({});
    try {
      expect((await svc.get("/health")).status).toBe(200);
      const raw = (svc.db as SqliteDb).raw;
      // The server's own connection refuses writes from now on, as with a full disk or a read-only file.
      raw.exec("PRAGMA query_only = ON");
      let body: { ok: boolean; reason?: string } = { ok: true };
      let status = 200;
      for (let i = 0; i < 40 && body.ok; i++) {
        await Bun.sleep(100);
        const res = await svc.get("/health");
        status = res.status;
        body = await res.json();
      }
      expect(status).toBe(503);
      expect(body.ok).toBe(false);
      expect(body.reason).toContain("cannot be written");
      raw.exec("PRAGMA query_only = OFF");
      for (let i = 0; i < 40 && !body.ok; i++) {
        await Bun.sleep(100);
        body = await (await svc.get("/health")).json();
      }
      expect(body.ok).toBe(true);
    } finally {
      await svc.close();
    }
  });
});
