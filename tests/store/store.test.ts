import { afterEach, describe, expect, test } from "bun:test";
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
  releaseStaleReservations,
  reservePaidCall,
  revokeKey,
} from "../../src/store/keys.ts";
import { tempDir } from "../helpers/temp.ts";

let dirs: string[] = [];
function freshDb(): { db: Db; dir: string } {
  const dir = tempDir();
  dirs.push(dir);
  return { db: openDb(dir), dir };
}
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

const TX = "0x" + "ab".repeat(32);

function newKey(db: Db, calls: number, txHash = TX) {
  const r = redeemForKey(db, {
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

describe("database", () => {
  test("the data dir is private (0700), WAL is on, migrations are recorded", () => {
    const { db, dir } = freshDb();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()?.journal_mode).toBe("wal");
    expect(db.query<{ v: number }, []>("SELECT MAX(version) AS v FROM _migrations").get()?.v).toBe(SCHEMA_VERSION);
    db.close();
  });

  test("a database made by a newer version is refused", () => {
    const { db, dir } = freshDb();
    db.query("INSERT INTO _migrations (version, name, applied_at) VALUES (?, 'from the future', 0)").run(SCHEMA_VERSION + 1);
    db.close();
    expect(() => openDb(dir)).toThrow(SchemaTooNewError);
  });

  test("reopening applies nothing twice", () => {
    const { db, dir } = freshDb();
    db.close();
    const again = openDb(dir);
    expect(again.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM _migrations").get()?.n).toBe(MIGRATIONS.length);
    again.close();
  });
});

describe("free trial accounting", () => {
  test("reserves up to the limit, then refuses", () => {
    const { db } = freshDb();
    const results = Array.from({ length: 7 }, () => reserveFreeCall(db, "198.51.100.7", "2026-11-22", 5));
    expect(results.filter((r) => r.ok).length).toBe(5);
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0, 0]);
  });

  test("a released call gives the allowance back; a confirmed one keeps it", () => {
    const { db } = freshDb();
    const a = reserveFreeCall(db, "c", "d", 2);
    const b = reserveFreeCall(db, "c", "d", 2);
    if (!a.ok || !b.ok) throw new Error("expected reservations");
    expect(releaseFreeCall(db, a.reservationId)).toBe(true);
    expect(releaseFreeCall(db, a.reservationId)).toBe(false); // settled once only
    expect(confirmFreeCall(db, b.reservationId)).toBe(true);
    expect(freeCallsRemaining(db, "c", "d", 2)).toBe(1);
  });

  test("days and clients are counted apart", () => {
    const { db } = freshDb();
    expect(reserveFreeCall(db, "a", "2026-11-22", 1).ok).toBe(true);
    expect(reserveFreeCall(db, "a", "2026-11-22", 1).ok).toBe(false);
    expect(reserveFreeCall(db, "a", "2026-11-23", 1).ok).toBe(true);
    expect(reserveFreeCall(db, "b", "2026-11-22", 1).ok).toBe(true);
  });

  test("two processes writing the same file never exceed the allowance", async () => {
    const { db, dir } = freshDb();
    db.close();
    const script = `
      import { openDb } from "${join(import.meta.dir, "../../src/store/db.ts")}";
      import { reserveFreeCall } from "${join(import.meta.dir, "../../src/store/free-trial.ts")}";
      const db = openDb(process.argv[2]);
      let ok = 0;
      for (let i = 0; i < 200; i++) if (reserveFreeCall(db, "shared", "2026-11-22", 150).ok) ok++;
      console.log(ok);
    `;
    const file = join(dir, "writer.ts");
    await Bun.write(file, script);
    const procs = [0, 1, 2].map(() => Bun.spawn([process.execPath, file, dir], { stdout: "pipe" }));
    const counts = await Promise.all(procs.map(async (p) => Number((await new Response(p.stdout).text()).trim())));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(150);
    const check = openDb(dir);
    expect(freeCallsRemaining(check, "shared", "2026-11-22", 150)).toBe(0);
    check.close();
  });
});

describe("keys and the ledger", () => {
  test("a redemption creates a key credited with its calls, recorded in the ledger", () => {
    const { db } = freshDb();
    const { keyId, hash } = newKey(db, 137);
    const key = findKeyByHash(db, hash)!;
    expect(key.callsRemaining).toBe(137);
    expect(key.totalCalls).toBe(137);
    expect(keyLedger(db, keyId).map((l) => [l.kind, l.calls])).toEqual([["redemption", 137]]);
    expect(isRedeemed(db, 8453, TX.toUpperCase().replace("0X", "0x"))).toBe(true);
  });

  test("the same transaction cannot be redeemed twice", () => {
    const { db } = freshDb();
    newKey(db, 100);
    const again = redeemForKey(db, {
      chainId: 8453,
      txHash: TX,
      payer: "0x0",
      amountAtomic: 1n,
      blockNumber: 1n,
      keyHash: "other",
      prefix: "vk_x",
      calls: 1,
    });
    expect(again).toEqual({ ok: false, reason: "already_redeemed" });
    expect(db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM api_keys").get()?.n).toBe(1);
  });

  test("a key with one call serves one reservation; a release refunds it", () => {
    const { db } = freshDb();
    const { keyId, hash } = newKey(db, 1);
    const first = reservePaidCall(db, hash);
    expect(first.ok).toBe(true);
    expect(reservePaidCall(db, hash)).toEqual({ ok: false, reason: "credits_exhausted" });
    if (!first.ok) return;
    expect(releasePaidCall(db, first.reservationId)).toBe(true);
    expect(findKeyByHash(db, hash)!.callsRemaining).toBe(1);
    const second = reservePaidCall(db, hash);
    if (!second.ok) throw new Error("expected a reservation");
    expect(confirmPaidCall(db, second.reservationId)).toBe(true);
    expect(findKeyByHash(db, hash)!.callsRemaining).toBe(0);
    const ledger = keyLedger(db, keyId)
      .map((l) => l.kind)
      .reverse();
    expect(ledger).toEqual(["redemption", "call", "refund", "call"]);
    const sum = db.query<{ s: number }, [number]>("SELECT SUM(calls) AS s FROM ledger WHERE key_id = ?").get(keyId)?.s;
    expect(sum).toBe(0);
  });

  test("unknown and revoked keys are invalid", () => {
    const { db } = freshDb();
    const { keyId, hash } = newKey(db, 5);
    expect(reservePaidCall(db, "nope")).toEqual({ ok: false, reason: "invalid_api_key" });
    expect(revokeKey(db, keyId)).toBe(true);
    expect(revokeKey(db, keyId)).toBe(false);
    expect(reservePaidCall(db, hash)).toEqual({ ok: false, reason: "invalid_api_key" });
  });

  test("operator adjustments are ledgered and cannot go below zero", () => {
    const { db } = freshDb();
    const { keyId } = newKey(db, 2);
    expect(creditKey(db, keyId, 10, "support ticket 7").callsRemaining).toBe(12);
    expect(() => creditKey(db, keyId, -13, "too much")).toThrow(/cannot remove 13/);
    expect(keyLedger(db, keyId)[0]).toMatchObject({ kind: "adjustment", calls: 10, reason: "support ticket 7" });
  });

  test("reservations left by a dead process are released at start: nobody pays for undelivered calls", () => {
    const { db, dir } = freshDb();
    const { hash } = newKey(db, 3);
    reservePaidCall(db, hash);
    reservePaidCall(db, hash);
    reserveFreeCall(db, "ip", "2026-11-22", 5);
    db.close();
    const restarted = openDb(dir);
    expect(releaseStaleReservations(restarted)).toEqual({ free: 1, paid: 2 });
    expect(findKeyByHash(restarted, hash)!.callsRemaining).toBe(3);
    expect(freeCallsRemaining(restarted, "ip", "2026-11-22", 5)).toBe(5);
    expect(new Database(join(dir, "vellum.db")).query("SELECT COUNT(*) AS n FROM reservations").get()).toEqual({ n: 0 });
  });
});
