import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, statSync } from "node:fs";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openDb, SchemaTooNewError, type Db } from "../../src/store/db.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "../../src/store/migrations.ts";
import { confirmFreeCall, freeCallsRemaining, releaseFreeCall, reserveFreeCall } from "../../src/store/free-trial.ts";
import {
  confirmPaidCall,
  creditKey,
  findKeyByHash,
  isRedeemed,
  keyLedger,
  redeemForKey,
  releasePaidCall,
  reservePaidCall,
  revokeKey,
} from "../../src/store/keys.ts";
import { releaseStaleReservations, renewLeases } from "../../src/store/leases.ts";
import { readSettings, settingsVersion, writeSetting, deleteSetting } from "../../src/store/settings.ts";
import { toPostgres } from "../../src/store/postgres.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The store's behaviour, run against both backends: the embedded SQLite file and a real
 * PostgreSQL server (tests/helpers/postgres.ts). Each test opens a fresh database.
 */
let pg: PostgresServer;
const dirs: string[] = [];
const open: Db[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => {});
});
afterAll(async () => {
  await pg?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Backend = "sqlite" | "postgres";
interface Target {
  dir: string;
  databaseUrl: string | null;
}

async function freshTarget(backend: Backend): Promise<Target> {
  const dir = tempDir();
  dirs.push(dir);
  return { dir, databaseUrl: backend === "postgres" ? await pg.freshDatabase() : null };
}

async function openTarget(t: Target, options: { leaseMs?: number; migrate?: boolean } = {}): Promise<Db> {
  const db = await openDb(t.dir, { databaseUrl: t.databaseUrl, ...options });
  open.push(db);
  return db;
}

async function freshDb(backend: Backend): Promise<{ db: Db; target: Target }> {
  const target = await freshTarget(backend);
  return { db: await openTarget(target), target };
}

const TX = `0x${"ab".repeat(32)}`;

async function newKey(db: Db, calls: number, txHash = TX) {
  const r = await redeemForKey(db, {
    chainId: 8453,
    txHash,
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: BigInt(calls) * 10_000n,
    blockNumber: 5n,
    keyHash: `hash-${txHash}`,
    prefix: "vk_test",
    calls,
  });
  if (!r.ok) throw new Error("redeem failed");
  return { keyId: r.keyId, hash: `hash-${txHash}` };
}

test("store SQL is rewritten for PostgreSQL: placeholders numbered, camelCase aliases quoted, literals untouched", () => {
  expect(toPostgres("SELECT a AS fooBar, b AS plain FROM t WHERE x = ? AND y = '?' AND z = ?")).toBe(
    `SELECT a AS "fooBar", b AS plain FROM t WHERE x = $1 AND y = '?' AND z = $2`,
  );
  expect(toPostgres("UPDATE t SET a = a + ?1 WHERE id = ?2 AND a + ?1 >= 0")).toBe("UPDATE t SET a = a + $1 WHERE id = $2 AND a + $1 >= 0");
  expect(toPostgres("SELECT 'x AS fooBar' AS fooBar")).toBe(`SELECT 'x AS fooBar' AS "fooBar"`);
});

describe("SQLite only", () => {
  test("the data dir is private (0700), WAL is on", async () => {
    const { db, target } = await freshDb("sqlite");
    expect(statSync(target.dir).mode & 0o777).toBe(0o700);
    expect(await db.get<{ journal_mode: string }>("PRAGMA journal_mode")).toEqual({ journal_mode: "wal" });
  });

  test("two processes writing the same file never exceed the allowance", async () => {
    const target = await freshTarget("sqlite");
    await (await openTarget(target)).close();
    const script = `
      import { openDb } from "${join(import.meta.dir, "../../src/store/db.ts")}";
      import { reserveFreeCall } from "${join(import.meta.dir, "../../src/store/free-trial.ts")}";
      const db = await openDb(process.argv[2]);
      let ok = 0;
      for (let i = 0; i < 200; i++) if ((await reserveFreeCall(db, "shared", "2026-11-22", 150)).ok) ok++;
      console.log(ok);
    `;
    const file = join(target.dir, "writer.ts");
    await Bun.write(file, script);
    const procs = [0, 1, 2].map(() => Bun.spawn([process.execPath, file, target.dir], { stdout: "pipe" }));
    const counts = await Promise.all(procs.map(async (p) => Number((await new Response(p.stdout).text()).trim())));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(150);
    const check = await openTarget(target);
    expect(await freeCallsRemaining(check, "shared", "2026-11-22", 150)).toBe(0);
  });

  test("at start, every reservation of a dead process is released (one server per data dir)", async () => {
    const target = await freshTarget("sqlite");
    const db = await openTarget(target);
    const { hash } = await newKey(db, 3);
    await reservePaidCall(db, hash);
    await reservePaidCall(db, hash);
    await reserveFreeCall(db, "ip", "2026-11-22", 5);
    await db.close();
    const restarted = await openTarget(target);
    expect(await releaseStaleReservations(restarted, { everyOwner: true })).toEqual({ free: 1, paid: 2 });
    expect((await findKeyByHash(restarted, hash))!.callsRemaining).toBe(3);
    expect(await freeCallsRemaining(restarted, "ip", "2026-11-22", 5)).toBe(5);
    expect(new Database(join(target.dir, "vellum.db")).query("SELECT COUNT(*) AS n FROM reservations").get()).toEqual({ n: 0 });
  });

  test("statements outside a transaction wait for it: nothing leaks into it, nothing is lost on rollback", async () => {
    const { db } = await freshDb("sqlite");
    const failing = db.transaction(async (tx) => {
      await tx.run("INSERT INTO settings (name, value, updated_at) VALUES ('a', '1', 1)");
      await Bun.sleep(20);
      throw new Error("boom");
    });
    const outside = db.run("INSERT INTO settings (name, value, updated_at) VALUES ('b', '2', 2)");
    await expect(failing).rejects.toThrow("boom");
    await outside;
    expect(Object.keys(await readSettings(db))).toEqual(["b"]);
  });
});

describe.each(["sqlite", "postgres"] as const)("%s", (backend) => {
  describe("database", () => {
    test("migrations are recorded once; reopening applies nothing twice", async () => {
      const { db, target } = await freshDb(backend);
      expect((await db.get<{ v: number }>("SELECT MAX(version) AS v FROM _migrations"))?.v).toBe(SCHEMA_VERSION);
      const again = await openTarget(target);
      expect((await again.get<{ n: number }>("SELECT COUNT(*) AS n FROM _migrations"))?.n).toBe(MIGRATIONS.length);
    });

    test("a database made by a newer version is refused", async () => {
      const { db, target } = await freshDb(backend);
      await db.run("INSERT INTO _migrations (version, name, applied_at) VALUES (?, 'from the future', 0)", [SCHEMA_VERSION + 1]);
      await expect(openDb(target.dir, { databaseUrl: target.databaseUrl })).rejects.toThrow(SchemaTooNewError);
    });

    test("five instances starting at once on one empty database apply each migration once", async () => {
      const target = await freshTarget(backend);
      const dbs = await Promise.all([1, 2, 3, 4, 5].map(() => openTarget(target)));
      const rows = await dbs[0]!.all<{ version: number }>("SELECT version FROM _migrations ORDER BY version");
      expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
    });
  });

  describe("settings", () => {
    test("written, read and removed; the version changes on every write and removal", async () => {
      const { db } = await freshDb(backend);
      const v0 = await settingsVersion(db);
      await writeSetting(db, "freeCallsPerDay", 7);
      const v1 = await settingsVersion(db);
      expect(v1).not.toBe(v0);
      expect(await readSettings(db)).toEqual({ freeCallsPerDay: 7 });
      expect(await deleteSetting(db, "freeCallsPerDay")).toBe(true);
      expect(await settingsVersion(db)).not.toBe(v1);
      expect(await readSettings(db)).toEqual({});
    });
  });

  describe("free trial accounting", () => {
    test("reserves up to the limit, then refuses", async () => {
      const { db } = await freshDb(backend);
      const results = [];
      for (let i = 0; i < 7; i++) results.push(await reserveFreeCall(db, "198.51.100.7", "2026-11-22", 5));
      expect(results.filter((r) => r.ok).length).toBe(5);
      expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
    });

    test("a released call gives the allowance back; a confirmed one keeps it", async () => {
      const { db } = await freshDb(backend);
      const a = await reserveFreeCall(db, "c", "d", 2);
      const b = await reserveFreeCall(db, "c", "d", 2);
      if (!a.ok || !b.ok) throw new Error("expected reservations");
      expect(await releaseFreeCall(db, a.reservationId)).toBe(true);
      expect(await releaseFreeCall(db, a.reservationId)).toBe(false); // settled once only
      expect(await confirmFreeCall(db, b.reservationId)).toBe(true);
      expect(await freeCallsRemaining(db, "c", "d", 2)).toBe(1);
    });

    test("days and clients are counted apart", async () => {
      const { db } = await freshDb(backend);
      expect((await reserveFreeCall(db, "a", "2026-11-22", 1)).ok).toBe(true);
      expect((await reserveFreeCall(db, "a", "2026-11-22", 1)).ok).toBe(false);
      expect((await reserveFreeCall(db, "a", "2026-11-23", 1)).ok).toBe(true);
      expect((await reserveFreeCall(db, "b", "2026-11-22", 1)).ok).toBe(true);
    });

    test("60 concurrent reservations over three handles (three pools on PostgreSQL) take exactly the allowance", async () => {
      const target = await freshTarget(backend);
      const dbs = await Promise.all([1, 2, 3].map(() => openTarget(target)));
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => reserveFreeCall(dbs[i % 3]!, "ip", "2026-11-22", 25)));
      expect(results.filter((r) => r.ok).length).toBe(25);
      expect(await freeCallsRemaining(dbs[0]!, "ip", "2026-11-22", 25)).toBe(0);
    });
  });

  describe("keys and the ledger", () => {
    test("a redemption creates a key credited with its calls, recorded in the ledger", async () => {
      const { db } = await freshDb(backend);
      const { keyId, hash } = await newKey(db, 137);
      const key = (await findKeyByHash(db, hash))!;
      expect(key.callsRemaining).toBe(137);
      expect(key.totalCalls).toBe(137);
      expect(typeof key.createdAt).toBe("number");
      expect((await keyLedger(db, keyId)).map((l) => [l.kind, l.calls])).toEqual([["redemption", 137]]);
      expect(await isRedeemed(db, 8453, TX.toUpperCase().replace("0X", "0x"))).toBe(true);
    });

    test("the same transaction redeemed 20 times at once over three handles gives exactly one key", async () => {
      const target = await freshTarget(backend);
      const dbs = await Promise.all([1, 2, 3].map(() => openTarget(target)));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          redeemForKey(dbs[i % 3]!, {
            chainId: 8453,
            txHash: TX,
            payer: "0x0",
            amountAtomic: 1_000_000n,
            blockNumber: 1n,
            keyHash: `k${i}`,
            prefix: "vk_x",
            calls: 100,
          }),
        ),
      );
      expect(results.filter((r) => r.ok).length).toBe(1);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "already_redeemed")).toBe(true);
      expect((await dbs[0]!.get<{ n: number }>("SELECT COUNT(*) AS n FROM api_keys"))?.n).toBe(1);
      expect((await dbs[0]!.get<{ n: number }>("SELECT COUNT(*) AS n FROM ledger"))?.n).toBe(1);
    });

    test("a key with one call serves one reservation; a release refunds it", async () => {
      const { db } = await freshDb(backend);
      const { keyId, hash } = await newKey(db, 1);
      const first = await reservePaidCall(db, hash);
      expect(first.ok).toBe(true);
      expect(await reservePaidCall(db, hash)).toEqual({ ok: false, reason: "credits_exhausted" });
      if (!first.ok) return;
      expect(await releasePaidCall(db, first.reservationId)).toBe(true);
      expect((await findKeyByHash(db, hash))!.callsRemaining).toBe(1);
      const second = await reservePaidCall(db, hash);
      if (!second.ok) throw new Error("expected a reservation");
      expect(await confirmPaidCall(db, second.reservationId)).toBe(true);
      expect((await findKeyByHash(db, hash))!.callsRemaining).toBe(0);
      const ledger = (await keyLedger(db, keyId)).map((l) => l.kind).reverse();
      expect(ledger).toEqual(["redemption", "call", "refund", "call"]);
      const sum = (await db.get<{ s: number }>("SELECT CAST(SUM(calls) AS BIGINT) AS s FROM ledger WHERE key_id = ?", [keyId]))?.s;
      expect(Number(sum)).toBe(0);
    });

    test("30 concurrent calls over three handles on a 5-call key: exactly 5 reserved, balance never below zero", async () => {
      const target = await freshTarget(backend);
      const dbs = await Promise.all([1, 2, 3].map(() => openTarget(target)));
      const { hash } = await newKey(dbs[0]!, 5);
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => reservePaidCall(dbs[i % 3]!, hash)));
      expect(results.filter((r) => r.ok).length).toBe(5);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "credits_exhausted")).toBe(true);
      expect((await findKeyByHash(dbs[1]!, hash))!.callsRemaining).toBe(0);
    });

    test("a reservation released by two handles at once is refunded once", async () => {
      const target = await freshTarget(backend);
      const [a, b] = await Promise.all([openTarget(target), openTarget(target)]);
      const { hash } = await newKey(a!, 1);
      const r = await reservePaidCall(a!, hash);
      if (!r.ok) throw new Error("expected a reservation");
      const released = await Promise.all([releasePaidCall(a!, r.reservationId), releasePaidCall(b!, r.reservationId)]);
      expect(released.filter(Boolean).length).toBe(1);
      expect((await findKeyByHash(a!, hash))!.callsRemaining).toBe(1);
    });

    test("unknown and revoked keys are invalid", async () => {
      const { db } = await freshDb(backend);
      const { keyId, hash } = await newKey(db, 5);
      expect(await reservePaidCall(db, "nope")).toEqual({ ok: false, reason: "invalid_api_key" });
      expect(await revokeKey(db, keyId)).toBe(true);
      expect(await revokeKey(db, keyId)).toBe(false);
      expect(await reservePaidCall(db, hash)).toEqual({ ok: false, reason: "invalid_api_key" });
    });

    test("operator adjustments are ledgered and cannot go below zero", async () => {
      const { db } = await freshDb(backend);
      const { keyId } = await newKey(db, 2);
      expect((await creditKey(db, keyId, 10, "support ticket 7")).callsRemaining).toBe(12);
      expect((await creditKey(db, keyId, 10, "again")).totalCalls).toBe(22);
      await expect(creditKey(db, keyId, -23, "too much")).rejects.toThrow(/cannot remove 23/);
      await expect(creditKey(db, 999, 1, "nobody")).rejects.toThrow(/no key with id 999/);
      expect((await keyLedger(db, keyId))[0]).toMatchObject({ kind: "adjustment", calls: 10, reason: "again" });
    });
  });

  describe("reservations belong to an instance with a lease", () => {
    test("another instance releases them only after the lease expired; never while the owner renews", async () => {
      const target = await freshTarget(backend);
      const owner = await openTarget(target, { leaseMs: 400 });
      const other = await openTarget(target, { leaseMs: 400 });
      const { hash } = await newKey(owner, 3);
      expect((await reservePaidCall(owner, hash)).ok).toBe(true);
      expect((await reserveFreeCall(owner, "ip", "2026-11-22", 5)).ok).toBe(true);
      // The owner lives and renews (every third of the lease): three leases later, nothing is released.
      const start = Date.now();
      for (let t = 130; t <= 1200; t += 130) {
        await renewLeases(owner, start + t);
        expect(await releaseStaleReservations(other, { now: start + t + 260 })).toEqual({ free: 0, paid: 0 });
      }
      expect((await findKeyByHash(other, hash))!.callsRemaining).toBe(2);
      // Its own lease keeper never releases what it holds, even past the lease.
      expect(await releaseStaleReservations(owner, { now: start + 10_000 })).toEqual({ free: 0, paid: 0 });
      // The owner stops renewing (it died): once the lease is over, another instance gives the calls back, once.
      const last = start + 1170 + 400; // the last renewal's lease end
      expect(await releaseStaleReservations(other, { now: last - 1 })).toEqual({ free: 0, paid: 0 });
      const [first, second] = await Promise.all([
        releaseStaleReservations(other, { now: last + 1 }),
        releaseStaleReservations(other, { now: last + 1 }),
      ]);
      expect(first.paid + second.paid).toBe(1);
      expect(first.free + second.free).toBe(1);
      expect((await findKeyByHash(other, hash))!.callsRemaining).toBe(3);
      expect(await freeCallsRemaining(other, "ip", "2026-11-22", 5)).toBe(5);
    });
  });
});
