import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { generateSecret } from "../../src/payments/secrets.ts";
import { findKeyByHash, keyLedger, redeemForKey } from "../../src/store/keys.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";

/**
 * Paying for /extract with a key. Keys are made through the store here (the on-chain redeem
 * that normally creates them is tested against anvil in tests/payments). Run on both stores: the
 * SQLite file and PostgreSQL (--database-url).
 */
let site: TargetSite;
let pg: PostgresServer;
let txCounter = 0;

beforeAll(async () => {
  site = await startTargetSite();
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await site?.close();
  await pg?.stop();
});

describe.each(["sqlite", "postgres"] as const)("%s", (backend) => {
  let svc: TestService;
  beforeAll(async () => {
    const env: Record<string, string> = backend === "postgres" ? { VELLUM_DATABASE_URL: await pg.freshDatabase() } : {};
    svc = await startTestService({ allowPrivateTargets: site.allowEntry, fetchTimeoutMs: "1500", workers: "2" }, env);
    expect(svc.db.backend).toBe(backend);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  async function keyWith(calls: number) {
    const secret = generateSecret("vk");
    const txHash = "0x" + (++txCounter).toString(16).padStart(64, "0");
    const saved = await redeemForKey(svc.db, {
      chainId: 8453,
      txHash,
      payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      amountAtomic: BigInt(calls) * 10_000n,
      blockNumber: 1n,
      keyHash: secret.hash,
      prefix: secret.prefix,
      calls,
    });
    if (!saved.ok) throw new Error("could not create a key");
    return { key: secret.value, hash: secret.hash, id: saved.keyId, auth: { authorization: `Bearer ${secret.value}` } };
  }

  describe("paid /extract", () => {
    test("a delivered article costs one call and reports paid usage", async () => {
      const k = await keyWith(3);
      const res = await svc.post("/extract", { url: site.url("/article-simple") }, { headers: k.auth });
      expect(res.status).toBe(200);
      expect((await res.json()).usage).toEqual({ mode: "paid", callsRemaining: 2, chargedUsd: 0.01 });
      expect((await findKeyByHash(svc.db, k.hash))!.callsRemaining).toBe(2);
    });

    test("a failed extraction is refunded and recorded in the ledger", async () => {
      const k = await keyWith(1);
      const res = await svc.post("/extract", { url: site.url("/status/500") }, { headers: k.auth });
      expect(res.status).toBe(502);
      expect((await findKeyByHash(svc.db, k.hash))!.callsRemaining).toBe(1);
      expect((await keyLedger(svc.db, k.id)).map((l) => l.kind)).toEqual(["refund", "call", "redemption"]);
    });

    test("a key with one call left serves exactly one of ten concurrent requests", async () => {
      const k = await keyWith(1);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => svc.post("/extract", { url: site.url("/article-simple") }, { headers: k.auth })),
      );
      expect(results.filter((r) => r.status === 200).length).toBe(1);
      expect(results.filter((r) => r.status === 402).length).toBe(9);
      const refused = await Promise.all(results.filter((r) => r.status === 402).map((r) => r.json()));
      expect(new Set(refused.map((b) => b.error))).toEqual(new Set(["credits_exhausted"]));
      expect((await findKeyByHash(svc.db, k.hash))!.callsRemaining).toBe(0);
    });

    test("a key with calls wins over the free flag; an exhausted key falls back to it", async () => {
      const k = await keyWith(1);
      const first = await svc.post("/extract", { url: site.url("/article-simple") }, { headers: { ...k.auth, "x-free-trial": "1" } });
      expect((await first.json()).usage.mode).toBe("paid");
      const second = await svc.post("/extract", { url: site.url("/article-simple") }, { headers: { ...k.auth, "x-free-trial": "1" } });
      expect((await second.json()).usage.mode).toBe("free");
    });

    test("/balance reports the key; missing, malformed and unknown keys get 401", async () => {
      const k = await keyWith(137);
      const res = await svc.get("/balance", { headers: k.auth });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ callsRemaining: 137, totalCalls: 137, creditsUsd: 1.37, pricePerCallUsd: 0.01 });
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
      for (const headers of [
        {} as Record<string, string>,
        { authorization: "Bearer" },
        { authorization: "Basic abc" },
        { authorization: "Bearer vk_" + "2".repeat(44) },
        { authorization: "Bearer " + "x".repeat(5000) },
      ]) {
        const r = await svc.get("/balance", { headers });
        expect(r.status).toBe(401);
        expect((await r.json()).error).toBe("unauthorized");
      }
    });
  });
});
