import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAdminData } from "../../src/admin/data.ts";
import { openDb, type Db } from "../../src/store/db.ts";
import { redeemForKey } from "../../src/store/keys.ts";
import { readSettings } from "../../src/store/settings.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The console's door to the store (src/admin/data.ts) on a PostgreSQL store, as `vellum admin
 * --database-url` opens it: settings, treasury figures, keys and their ledger, a credit, a revoke,
 * a kit import. (The screens themselves are tested over SQLite in screens.test.tsx; they only
 * see this interface.)
 */
let pg: PostgresServer;
let db: Db;
const dir = tempDir("vellum-admin-pg-");
beforeAll(async () => {
  pg = await startPostgres();
  db = await openDb(dir, { databaseUrl: await pg.freshDatabase() });
}, 60_000);
afterAll(async () => {
  await db?.close();
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test("the console's data reads and writes a PostgreSQL store", async () => {
  const data = createAdminData({ db, dir, env: {} });
  const saved = await data.saveSetting("freeCallsPerDay", "8");
  expect(saved.ok).toBe(true);
  expect(await readSettings(db)).toEqual({ freeCallsPerDay: 8 });

  const r = await redeemForKey(db, {
    chainId: 8453,
    txHash: `0x${"ab".repeat(32)}`,
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: 2_500_000n,
    blockNumber: 1n,
    keyHash: "h",
    prefix: "vk_AdminPg",
    calls: 250,
  });
  if (!r.ok) throw new Error("seed failed");
  const stats = await data.treasury();
  expect(stats.revenue.credits.allTime).toBe(2_500_000n);
  expect(stats.callsOutstanding).toBe(250);

  expect((await data.searchKeys("vk_Admin")).map((k) => k.id)).toEqual([r.keyId]);
  const credited = await data.creditKey(r.keyId, -50, "refund to the buyer");
  expect(credited.ok && credited.value.callsRemaining).toBe(200);
  expect((await data.ledger(r.keyId)).map((l) => l.kind)).toEqual(["adjustment", "redemption"]);
  const revoked = await data.revokeKey(r.keyId);
  expect(revoked.ok && revoked.value.revokedAt !== null).toBe(true);

  const src = tempDir("vellum-admin-kit-");
  writeFileSync(join(src, "README.md"), "# kit\n");
  const file = join(tempDir("vellum-admin-kit-out-"), "seller-kit-2.0.0.tar.gz");
  expect(Bun.spawnSync(["tar", "-czf", file, "-C", src, "."]).exitCode).toBe(0);
  const imported = await data.importKit(file);
  expect(imported.ok).toBe(true);
  expect((await data.kit())?.version).toBe("2.0.0");
  expect(await data.kitOrders()).toEqual([]);
});
