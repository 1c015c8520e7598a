import type { Db } from "./db.ts";
import { releaseFreeCall } from "./free-trial.ts";

export interface KeyRow {
  id: number;
  prefix: string;
  payer: string | null;
  callsRemaining: number;
  totalCalls: number;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface LedgerRow {
  id: number;
  kind: "redemption" | "call" | "refund" | "adjustment";
  calls: number;
  reason: string | null;
  ref: string | null;
  createdAt: number;
}

const KEY_COLUMNS = `id, prefix, payer, calls_remaining AS callsRemaining, total_calls AS totalCalls,
  created_at AS createdAt, last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

/** Looks a key up by the SHA-256 (hex) of its full value. Revoked keys are returned too. */
export function findKeyByHash(db: Db, keyHash: string): KeyRow | null {
  return db.query<KeyRow, [string]>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ?`).get(keyHash) ?? null;
}

export function findKeyById(db: Db, id: number): KeyRow | null {
  return db.query<KeyRow, [number]>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`).get(id) ?? null;
}

/** Keys whose prefix starts with `query` or whose payer address matches it (case-insensitive). */
export function searchKeys(db: Db, query: string, limit = 50): KeyRow[] {
  const q = query.trim();
  return db
    .query<KeyRow, [string, string, number]>(
      `SELECT ${KEY_COLUMNS} FROM api_keys WHERE prefix LIKE ? ESCAPE '\\' OR lower(payer) = lower(?) ORDER BY id DESC LIMIT ?`,
    )
    .all(`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q, limit);
}

export function listKeys(db: Db, limit = 100): KeyRow[] {
  return db.query<KeyRow, [number]>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY id DESC LIMIT ?`).all(limit);
}

export function keyLedger(db: Db, keyId: number, limit = 100): LedgerRow[] {
  return db
    .query<LedgerRow, [number, number]>(
      "SELECT id, kind, calls, reason, ref, created_at AS createdAt FROM ledger WHERE key_id = ? ORDER BY id DESC LIMIT ?",
    )
    .all(keyId, limit);
}

export type RedeemForKey = { ok: true; keyId: number } | { ok: false; reason: "already_redeemed" };

/**
 * Records a redemption of `txHash` and creates the key it buys, in ONE transaction: the
 * UNIQUE (chain_id, tx_hash) row and the key exist together or not at all, so concurrent
 * redeems of one hash give exactly one key.
 * @param amountAtomic USDC atomic units (6 decimals) paid to the treasury
 * @param calls calls credited (floor(amount / price))
 */
export function redeemForKey(
  db: Db,
  input: {
    chainId: number;
    txHash: string;
    payer: string;
    amountAtomic: bigint;
    blockNumber: bigint;
    keyHash: string;
    prefix: string;
    calls: number;
  },
): RedeemForKey {
  try {
    return db
      .transaction((): RedeemForKey => {
        const now = Date.now();
        const key = db
          .query<{ id: number }, [string, string, string, number, number, number]>(
            "INSERT INTO api_keys (key_hash, prefix, payer, calls_remaining, total_calls, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
          )
          .get(input.keyHash, input.prefix, input.payer, input.calls, input.calls, now)!;
        db.query(
          "INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at) VALUES (?, ?, 'credits', ?, ?, ?, ?, ?)",
        ).run(
          input.chainId,
          input.txHash.toLowerCase(),
          input.payer,
          input.amountAtomic.toString(),
          Number(input.blockNumber),
          key.id,
          now,
        );
        db.query("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'redemption', ?, NULL, ?, ?)").run(
          key.id,
          input.calls,
          input.txHash.toLowerCase(),
          now,
        );
        return { ok: true, keyId: key.id };
      })
      .immediate();
  } catch (err) {
    if (isUniqueViolation(err, "redemptions")) return { ok: false, reason: "already_redeemed" };
    throw err;
  }
}

/** True when `txHash` on `chainId` was already redeemed, for credits or for the kit. */
export function isRedeemed(db: Db, chainId: number, txHash: string): boolean {
  return db.query("SELECT 1 FROM redemptions WHERE chain_id = ? AND tx_hash = ?").get(chainId, txHash.toLowerCase()) !== null;
}

export function isUniqueViolation(err: unknown, table: string): boolean {
  return err instanceof Error && /UNIQUE constraint failed/.test(err.message) && err.message.includes(`${table}.`);
}

export type PaidReservation =
  | { ok: true; reservationId: string; callsRemaining: number }
  | { ok: false; reason: "invalid_api_key" | "credits_exhausted" };

/**
 * Takes one call from a key before the work starts, so a key with N calls left never serves more
 * than N concurrent requests. The debit is in the ledger at once; a failed call is refunded by
 * `releasePaidCall`, a delivered one confirmed by `confirmPaidCall`.
 */
export function reservePaidCall(db: Db, keyHash: string): PaidReservation {
  return db
    .transaction((): PaidReservation => {
      const key = db
        .query<{ id: number; calls: number; revoked: number | null }, [string]>(
          "SELECT id, calls_remaining AS calls, revoked_at AS revoked FROM api_keys WHERE key_hash = ?",
        )
        .get(keyHash);
      if (!key || key.revoked !== null) return { ok: false, reason: "invalid_api_key" };
      if (key.calls <= 0) return { ok: false, reason: "credits_exhausted" };
      const now = Date.now();
      const reservationId = crypto.randomUUID();
      db.query("UPDATE api_keys SET calls_remaining = calls_remaining - 1, last_used_at = ? WHERE id = ?").run(now, key.id);
      db.query("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'call', -1, NULL, ?, ?)").run(
        key.id,
        reservationId,
        now,
      );
      db.query("INSERT INTO reservations (id, kind, key_id, created_at) VALUES (?, 'paid', ?, ?)").run(reservationId, key.id, now);
      return { ok: true, reservationId, callsRemaining: key.calls - 1 };
    })
    .immediate();
}

/** The call was delivered: its debit stands. */
export function confirmPaidCall(db: Db, reservationId: string): boolean {
  return db.query("DELETE FROM reservations WHERE id = ? AND kind = 'paid'").run(reservationId).changes > 0;
}

/** The call failed: give the call back, recorded as a refund in the ledger. */
export function releasePaidCall(db: Db, reservationId: string, reason = "call failed"): boolean {
  return db
    .transaction(() => {
      const row = db
        .query<{ keyId: number }, [string]>("SELECT key_id AS keyId FROM reservations WHERE id = ? AND kind = 'paid'")
        .get(reservationId);
      if (!row) return false;
      db.query("DELETE FROM reservations WHERE id = ?").run(reservationId);
      db.query("UPDATE api_keys SET calls_remaining = calls_remaining + 1 WHERE id = ?").run(row.keyId);
      db.query("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'refund', 1, ?, ?, ?)").run(
        row.keyId,
        reason,
        reservationId,
        Date.now(),
      );
      return true;
    })
    .immediate();
}

/**
 * Operator adjustment: adds (or with a negative number removes) calls, with a reason in the ledger.
 * @throws Error when the key does not exist or the balance would go below zero.
 */
export function creditKey(db: Db, keyId: number, calls: number, reason: string): KeyRow {
  return db
    .transaction(() => {
      const key = findKeyById(db, keyId);
      if (!key) throw new Error(`no key with id ${keyId}`);
      if (key.callsRemaining + calls < 0) throw new Error(`the key has ${key.callsRemaining} calls; cannot remove ${-calls}`);
      db.query("UPDATE api_keys SET calls_remaining = calls_remaining + ?, total_calls = total_calls + max(?, 0) WHERE id = ?").run(
        calls,
        calls,
        keyId,
      );
      db.query("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'adjustment', ?, ?, NULL, ?)").run(
        keyId,
        calls,
        reason,
        Date.now(),
      );
      return findKeyById(db, keyId)!;
    })
    .immediate();
}

/** Revokes a key: it can no longer pay. Returns false when it does not exist or was revoked. */
export function revokeKey(db: Db, keyId: number): boolean {
  return db.query("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(Date.now(), keyId).changes > 0;
}

/**
 * Releases every reservation left by a process that died mid-call (run at start, before serving):
 * nobody is charged for an undelivered call, and no free call is used by one.
 */
export function releaseStaleReservations(db: Db): { free: number; paid: number } {
  const ids = db.query<{ id: string; kind: "free" | "paid" }, []>("SELECT id, kind FROM reservations").all();
  let free = 0;
  let paid = 0;
  for (const { id, kind } of ids) {
    if (kind === "paid" && releasePaidCall(db, id, "released at start: the call never finished")) paid++;
    if (kind === "free" && releaseFreeCall(db, id)) free++;
  }
  return { free, paid };
}
