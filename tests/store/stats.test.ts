import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openDb, type Db } from "../../src/store/db.ts";
import { reserveFreeCall, confirmFreeCall, releaseFreeCall } from "../../src/store/free-trial.ts";
import { confirmPaidCall, creditKey, redeemForKey, releasePaidCall, reservePaidCall, revokeKey } from "../../src/store/keys.ts";
import { callsServed, creditsOutstanding, latestRedemptions, revenue, treasuryStats, windowStarts } from "../../src/store/stats.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/temp.ts";

const DAY = 86_400_000;
// 2025-03-10 15:00 UTC: "today" starts at 2025-03-10 00:00, "7 days" at 2025-03-04 00:00.
const NOW = Date.UTC(2025, 2, 10, 15, 0, 0);
const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe.each(["sqlite", "postgres"] as const)("%s", (backend) => {
  let dir: string;
  let db: Db;
  let hashes = 0;

  beforeEach(async () => {
    dir = tempDir();
    db = await openDb(dir, { databaseUrl: backend === "postgres" ? await pg.freshDatabase() : null });
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function txHash(): string {
    return `0x${(++hashes).toString(16).padStart(64, "0")}`;
  }

  /** A credits redemption at `at` (unix ms); returns the key id. */
  async function buyCredits(amountAtomic: bigint, at: number, keyHash: string = crypto.randomUUID()): Promise<number> {
    const result = await redeemForKey(db, {
      chainId: 8453,
      txHash: txHash(),
      payer: PAYER,
      amountAtomic,
      blockNumber: 1n,
      keyHash,
      prefix: "vk_test",
      calls: Number(amountAtomic / 10_000n),
    });
    if (!result.ok) throw new Error("redeem failed");
    await db.run("UPDATE redemptions SET created_at = ? WHERE key_id = ?", [at, result.keyId]);
    return result.keyId;
  }

  async function buyKit(amountAtomic: bigint, at: number): Promise<void> {
    await db.run(
      "INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at) VALUES (8453, ?, 'kit', ?, ?, 1, NULL, ?)",
      [txHash(), PAYER, amountAtomic.toString(), at],
    );
  }

  describe("revenue", async () => {
    test("sums credits and kit sales per UTC window, as bigint atomic units", async () => {
      await buyCredits(1_000_000n, NOW - 1_000); // today
      await buyCredits(2_500_000n, windowStarts(NOW).today); // today, on the boundary
      await buyCredits(5_000_000n, windowStarts(NOW).today - 1); // yesterday: 7 days, not today
      await buyCredits(7_000_000n, windowStarts(NOW).last7Days); // first of the 7 days
      await buyCredits(11_000_000n, windowStarts(NOW).last7Days - 1); // 8 days ago: all time only
      await buyKit(29_000_000n, NOW - 10 * DAY);
      await buyKit(29_000_000n, NOW);

      const r = await revenue(db, NOW);
      expect(r.credits).toEqual({ today: 3_500_000n, last7Days: 15_500_000n, allTime: 26_500_000n });
      expect(r.kit).toEqual({ today: 29_000_000n, last7Days: 29_000_000n, allTime: 58_000_000n });
      expect(r.total).toEqual({ today: 32_500_000n, last7Days: 44_500_000n, allTime: 84_500_000n });
    });

    test("amounts beyond 2^53 stay exact", async () => {
      await buyKit(9_007_199_254_740_993n, NOW);
      await buyKit(1n, NOW);
      expect((await revenue(db, NOW)).kit.allTime).toBe(9_007_199_254_740_994n);
    });

    test("an empty database has zero revenue", async () => {
      expect((await revenue(db, NOW)).total).toEqual({ today: 0n, last7Days: 0n, allTime: 0n });
    });

    test("the seven-day window is today plus the six whole UTC days before it", async () => {
      const w = windowStarts(NOW);
      expect(new Date(w.today).toISOString()).toBe("2025-03-10T00:00:00.000Z");
      expect(new Date(w.last7Days).toISOString()).toBe("2025-03-04T00:00:00.000Z");
    });
  });

  describe("calls served", async () => {
    test("counts delivered paid calls: refunded and in-flight calls are not served", async () => {
      await buyCredits(1_000_000n, NOW, "hash-a");
      const delivered = [await reservePaidCall(db, "hash-a"), await reservePaidCall(db, "hash-a"), await reservePaidCall(db, "hash-a")];
      for (const r of delivered) if (r.ok) await confirmPaidCall(db, r.reservationId);
      const failed = await reservePaidCall(db, "hash-a");
      if (failed.ok) await releasePaidCall(db, failed.reservationId);
      await reservePaidCall(db, "hash-a"); // still in flight
      expect((await callsServed(db, Date.now())).paid).toEqual({ today: 3, last7Days: 3, allTime: 3 });
    });

    test("attributes paid calls to the window of the call", async () => {
      await buyCredits(1_000_000n, NOW, "hash-b");
      for (let i = 0; i < 3; i++) {
        const r = await reservePaidCall(db, "hash-b");
        if (r.ok) await confirmPaidCall(db, r.reservationId);
      }
      const ids = await db.all<{ id: number }>("SELECT id FROM ledger WHERE kind = 'call' ORDER BY id");
      await db.run("UPDATE ledger SET created_at = ? WHERE id = ?", [NOW, ids[0]!.id]);
      await db.run("UPDATE ledger SET created_at = ? WHERE id = ?", [NOW - 3 * DAY, ids[1]!.id]);
      await db.run("UPDATE ledger SET created_at = ? WHERE id = ?", [NOW - 30 * DAY, ids[2]!.id]);
      expect((await callsServed(db, NOW)).paid).toEqual({ today: 1, last7Days: 2, allTime: 3 });
    });

    test("counts free calls per UTC day, without released or in-flight ones", async () => {
      const today = new Date(NOW).toISOString().slice(0, 10);
      const lastWeek = new Date(NOW - 5 * DAY).toISOString().slice(0, 10);
      const longAgo = new Date(NOW - 20 * DAY).toISOString().slice(0, 10);
      for (const day of [today, today, lastWeek, longAgo]) {
        const r = await reserveFreeCall(db, "203.0.113.7", day, 100);
        if (r.ok) await confirmFreeCall(db, r.reservationId);
      }
      const released = await reserveFreeCall(db, "203.0.113.7", today, 100);
      if (released.ok) await releaseFreeCall(db, released.reservationId);
      await reserveFreeCall(db, "203.0.113.8", today, 100); // in flight
      expect((await callsServed(db, NOW)).free).toEqual({ today: 2, last7Days: 3, allTime: 4 });
    });
  });

  describe("credits outstanding", async () => {
    test("is the unused calls of keys that are not revoked, at $0.01 each", async () => {
      const a = await buyCredits(1_000_000n, NOW); // 100 calls
      await buyCredits(250_000n, NOW); // 25 calls
      const revoked = await buyCredits(5_000_000n, NOW); // 500 calls, revoked below
      await creditKey(db, a, -40, "test");
      await revokeKey(db, revoked);
      expect(await creditsOutstanding(db)).toEqual({ calls: 85, atomic: 850_000n });
    });

    test("is zero without keys", async () => {
      expect(await creditsOutstanding(db)).toEqual({ calls: 0, atomic: 0n });
    });
  });

  describe("latest redemptions", async () => {
    test("lists credits and kit redemptions newest first with payer, amount and hash", async () => {
      await buyCredits(1_000_000n, NOW - 2_000);
      await buyKit(29_000_000n, NOW - 1_000);
      await buyCredits(3_000_000n, NOW - 3_000);
      const rows = await latestRedemptions(db, 2);
      expect(rows.map((r) => [r.purpose, r.amountAtomic])).toEqual([
        ["kit", 29_000_000n],
        ["credits", 1_000_000n],
      ]);
      expect(rows[0]!.payer).toBe(PAYER);
      expect(rows[0]!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    });

    test("treasuryStats reads every figure at once", async () => {
      await buyCredits(2_000_000n, NOW);
      const stats = await treasuryStats(db, { now: NOW, latest: 5 });
      expect(stats.revenue.credits.today).toBe(2_000_000n);
      expect(stats.callsOutstanding).toBe(200);
      expect(stats.creditsOutstandingAtomic).toBe(2_000_000n);
      expect(stats.latestRedemptions).toHaveLength(1);
    });
  });
});
