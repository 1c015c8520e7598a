import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openDb, type Db } from "../../src/store/db.ts";
import { cacheUsage, readCached, writeCached } from "../../src/store/cache.ts";
import { checkFailureBudget, recordFailedCall } from "../../src/store/failure-budget.ts";
import { liveInstances, publishInstance, removeInstance } from "../../src/store/instances.ts";
import { findKeyById } from "../../src/store/keys.ts";
import { createOperatorKey } from "../../src/store/operator-keys.ts";
import {
  claimSettlement,
  consumeSiwxNonce,
  creditSettlement,
  findOwnerKey,
  findSettlement,
  recordSubmission,
} from "../../src/store/settlements.ts";
import { probeWritable } from "../../src/store/write-probe.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The store functions of the later migrations (failed-call budget, x402 settlements and SIWX,
 * extraction cache, running servers) on both backends, with several handles where a limit must
 * hold across instances. (Their behaviour in depth is tested with the features that use them.)
 */
let pg: PostgresServer;
const dirs: string[] = [];
const opened: Db[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close().catch(() => {});
});
afterAll(async () => {
  await pg?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.each(["sqlite", "postgres"] as const)("%s", (backend) => {
  /** `n` handles on one fresh database (n pools on PostgreSQL, as n instances would have). */
  async function handles(n: number): Promise<Db[]> {
    const dir = tempDir();
    dirs.push(dir);
    const databaseUrl = backend === "postgres" ? await pg.freshDatabase() : null;
    const first = await openDb(dir, { databaseUrl });
    const rest = await Promise.all(Array.from({ length: n - 1 }, () => openDb(dir, { databaseUrl })));
    opened.push(first, ...rest);
    return [first, ...rest];
  }

  test("extraction cache: written, read back, expired by age, bounded in bytes", async () => {
    const [db] = await handles(1);
    const now = 1_700_000_000_000;
    await writeCached(db!, [{ key: "k1", url: "https://a.example/1" }], { markdown: "one" }, { ttlMs: 60_000, maxBytes: 1000 }, now);
    expect(await readCached(db!, "k1", 60_000, now + 1000)).toEqual({ value: { markdown: "one" }, createdAt: now });
    expect(await readCached(db!, "k1", 60_000, now + 61_000)).toBeNull();
    await writeCached(
      db!,
      [{ key: "k2", url: "https://a.example/2" }],
      { markdown: "x".repeat(600) },
      { ttlMs: 60_000, maxBytes: 1000 },
      now + 1,
    );
    await writeCached(
      db!,
      [{ key: "k3", url: "https://a.example/3" }],
      { markdown: "y".repeat(600) },
      { ttlMs: 60_000, maxBytes: 1000 },
      now + 2,
    );
    const usage = await cacheUsage(db!);
    expect(usage.bytes).toBeLessThanOrEqual(1000);
    expect(await readCached(db!, "k3", 60_000, now + 3)).not.toBeNull();
  });

  test("failed-call budget: 30 failures recorded at once over three handles are all counted", async () => {
    const dbs = await handles(3);
    const now = 1_700_000_000_000;
    await Promise.all(Array.from({ length: 30 }, (_, i) => recordFailedCall(dbs[i % 3]!, "ip", 60_000, now)));
    const verdict = await checkFailureBudget(dbs[0]!, "ip", { limit: 30, windowMs: 60_000 }, now);
    expect(verdict).toMatchObject({ ok: false, failures: 30 });
    expect((await checkFailureBudget(dbs[0]!, "ip", { limit: 31, windowMs: 60_000 }, now)).ok).toBe(true);
  });

  test("SIWX nonce: 10 concurrent uses over three handles, exactly one succeeds", async () => {
    const dbs = await handles(3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => consumeSiwxNonce(dbs[i % 3]!, "nonce-1", "0xabc", Date.now() + 60_000)),
    );
    expect(results.filter(Boolean).length).toBe(1);
  });

  test("x402 settlement: one authorization claimed once under 10 concurrent claims", async () => {
    const dbs = await handles(3);
    const id = { chainId: 8453, payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", nonce: `0x${"12".repeat(32)}` };
    const input = { ...id, asset: "0xusdc", payTo: "0xtreasury", amountAtomic: 1_000_000n, validBefore: 2_000_000_000, payload: "{}" };
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => claimSettlement(dbs[i % 3]!, input)));
    expect(results.filter(Boolean).length).toBe(1);
    expect((await findSettlement(dbs[0]!, id))?.status).toBe("pending");
  });

  test("x402 settlement: two first payments of one wallet credited at once on two handles make one key with both", async () => {
    const dbs = await handles(2);
    const payer = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const ids = [1, 2].map((n) => ({ chainId: 8453, payer, nonce: `0x${String(n).repeat(64)}` }));
    for (const [i, id] of ids.entries()) {
      const input = { ...id, asset: "0xusdc", payTo: "0xtreasury", amountAtomic: 1_000_000n, validBefore: 2_000_000_000, payload: "{}" };
      expect(await claimSettlement(dbs[i]!, input)).toBe(true);
      expect(await recordSubmission(dbs[i]!, id, { hash: `0x${String(i + 3).repeat(64)}`, raw: "0x00" })).toBe(true);
    }
    const outcomes = await Promise.all(
      ids.map((id, i) =>
        creditSettlement(dbs[i]!, id, {
          txHash: `0x${String(i + 3).repeat(64)}`,
          blockNumber: 10n,
          calls: 100,
          gasUsed: 60_000n,
          newKey: { hash: `hash-${i}`, prefix: `vk_p${i}` },
        }),
      ),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(outcomes.filter((o) => o.ok && o.createdKey).length).toBe(1);
    const key = await findOwnerKey(dbs[0]!, payer);
    expect(key?.callsRemaining).toBe(200);
  });

  test("operator key, running-server rows and the write probe", async () => {
    const [db] = await handles(1);
    const id = await createOperatorKey(db!, { keyHash: "h", prefix: "vk_op", calls: 7, note: "test" });
    expect((await findKeyById(db!, id))?.callsRemaining).toBe(7);
    const row = {
      instanceId: "i-1",
      hostname: "h",
      pid: 1,
      version: "0",
      url: "http://127.0.0.1:1",
      settings: { freeCallsPerDay: { value: 5, source: "default" as const } },
      startedAt: Date.now(),
      heartbeatAt: Date.now(),
    };
    await publishInstance(db!, row);
    expect(await liveInstances(db!, Date.now() - 10_000)).toEqual([row]);
    await removeInstance(db!, "i-1");
    expect(await liveInstances(db!, 0)).toEqual([]);
    expect(await probeWritable(db!)).toBeNull();
  });
});
