import type { Db } from "./db.ts";
import { isUniqueViolation } from "./handle.ts";

export { isUniqueViolation } from "./handle.ts";

export interface KeyRow {
  id: number;
  prefix: string;
  payer: string | null;
  /**
   * The wallet that owns the key (schema version 3): created by its first x402 settlement, topped up
   * by later ones, spent with SIGN-IN-WITH-X. null for keys bought at /redeem or made by the operator.
   */
  owner?: string | null;
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

const KEY_COLUMNS = `id, prefix, payer, owner, calls_remaining AS callsRemaining, total_calls AS totalCalls,
  created_at AS createdAt, last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

/** Looks a key up by the SHA-256 (hex) of its full value. Revoked keys are returned too. */
export async function findKeyByHash(db: Db, keyHash: string): Promise<KeyRow | null> {
  return db.get<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_hash = ?`, [keyHash]);
}

export async function findKeyById(db: Db, id: number): Promise<KeyRow | null> {
  return db.get<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`, [id]);
}

/** Keys whose prefix starts with `query` or whose payer address matches it (case-insensitive). */
export async function searchKeys(db: Db, query: string, limit = 50): Promise<KeyRow[]> {
  const q = query.trim();
  return db.all<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys WHERE prefix LIKE ? ESCAPE '\\' OR lower(payer) = lower(?) ORDER BY id DESC LIMIT ?`,
    [`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, q, limit],
  );
}

export async function listKeys(db: Db, limit = 100): Promise<KeyRow[]> {
  return db.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY id DESC LIMIT ?`, [limit]);
}

export async function keyLedger(db: Db, keyId: number, limit = 100): Promise<LedgerRow[]> {
  return db.all<LedgerRow>(
    "SELECT id, kind, calls, reason, ref, created_at AS createdAt FROM ledger WHERE key_id = ? ORDER BY id DESC LIMIT ?",
    [keyId, limit],
  );
}

export type RedeemForKey = { ok: true; keyId: number } | { ok: false; reason: "already_redeemed" };

/**
 * Records a redemption of `txHash` and creates the key it buys, in ONE transaction: the
 * UNIQUE (chain_id, tx_hash) row and the key exist together or not at all, so concurrent
 * redeems of one hash give exactly one key (across instances: the constraint decides).
 * @param amountAtomic USDC atomic units (6 decimals) paid to the treasury
 * @param calls calls credited (floor(amount / price))
 */
export async function redeemForKey(
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
): Promise<RedeemForKey> {
  try {
    return await db.transaction(async (tx): Promise<RedeemForKey> => {
      const now = Date.now();
      const txHash = input.txHash.toLowerCase();
      const key = (await tx.get<{ id: number }>(
        "INSERT INTO api_keys (key_hash, prefix, payer, calls_remaining, total_calls, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        [input.keyHash, input.prefix, input.payer, input.calls, input.calls, now],
      ))!;
      await tx.run(
        "INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at) VALUES (?, ?, 'credits', ?, ?, ?, ?, ?)",
        [input.chainId, txHash, input.payer, input.amountAtomic.toString(), Number(input.blockNumber), key.id, now],
      );
      await tx.run("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'redemption', ?, NULL, ?, ?)", [
        key.id,
        input.calls,
        txHash,
        now,
      ]);
      return { ok: true, keyId: key.id };
    });
  } catch (err) {
    if (isUniqueViolation(err, "redemptions")) return { ok: false, reason: "already_redeemed" };
    throw err;
  }
}

/** True when `txHash` on `chainId` was already redeemed, for credits or for the kit. */
export async function isRedeemed(db: Db, chainId: number, txHash: string): Promise<boolean> {
  return (await db.get("SELECT 1 AS one FROM redemptions WHERE chain_id = ? AND tx_hash = ?", [chainId, txHash.toLowerCase()])) !== null;
}

export type PaidReservation =
  | { ok: true; reservationId: string; callsRemaining: number }
  | { ok: false; reason: "invalid_api_key" | "credits_exhausted" };

/**
 * Takes one call from a key before the work starts, so a key with N calls left never serves more
 * than N concurrent requests, across instances too: one conditional UPDATE
 * (`WHERE calls_remaining > 0 … RETURNING`) decides. The debit is in the ledger at once and the
 * reservation belongs to this instance under a lease; a failed call is refunded by
 * `releasePaidCall`, a delivered one confirmed by `confirmPaidCall`.
 */
export async function reservePaidCall(db: Db, keyHash: string): Promise<PaidReservation> {
  return db.transaction(async (tx): Promise<PaidReservation> => {
    const now = Date.now();
    const key = await tx.get<{ id: number; calls: number }>(
      `UPDATE api_keys SET calls_remaining = calls_remaining - 1, last_used_at = ?
        WHERE key_hash = ? AND revoked_at IS NULL AND calls_remaining > 0
        RETURNING id, calls_remaining AS calls`,
      [now, keyHash],
    );
    if (!key) {
      const why = await tx.get<{ revoked: number | null }>("SELECT revoked_at AS revoked FROM api_keys WHERE key_hash = ?", [keyHash]);
      return { ok: false, reason: !why || why.revoked !== null ? "invalid_api_key" : "credits_exhausted" };
    }
    const reservationId = crypto.randomUUID();
    await tx.run("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'call', -1, NULL, ?, ?)", [
      key.id,
      reservationId,
      now,
    ]);
    await tx.run("INSERT INTO reservations (id, kind, key_id, created_at, owner, lease_until) VALUES (?, 'paid', ?, ?, ?, ?)", [
      reservationId,
      key.id,
      now,
      tx.instanceId,
      now + tx.leaseMs,
    ]);
    return { ok: true, reservationId, callsRemaining: key.calls };
  });
}

/** The call was delivered: its debit stands. */
export async function confirmPaidCall(db: Db, reservationId: string): Promise<boolean> {
  return (await db.run("DELETE FROM reservations WHERE id = ? AND kind = 'paid'", [reservationId])).changes > 0;
}

/**
 * The call failed: give the call back, recorded as a refund in the ledger. The DELETE … RETURNING
 * of the reservation decides, so a call is refunded at most once even when two instances try.
 */
export async function releasePaidCall(db: Db, reservationId: string, reason = "call failed"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.get<{ keyId: number }>("DELETE FROM reservations WHERE id = ? AND kind = 'paid' RETURNING key_id AS keyId", [
      reservationId,
    ]);
    if (!row) return false;
    await tx.run("UPDATE api_keys SET calls_remaining = calls_remaining + 1 WHERE id = ?", [row.keyId]);
    await tx.run("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'refund', 1, ?, ?, ?)", [
      row.keyId,
      reason,
      reservationId,
      Date.now(),
    ]);
    return true;
  });
}

/** Why an operator's credit was refused: a stable code for the front ends, and a sentence to show. */
export type CreditRefusal = "invalid_calls" | "missing_reason" | "unknown_key" | "below_zero" | "over_limit";

/** A credit the store refused. The store owns these rules; the CLI and the console only show the message. */
export class CreditError extends Error {
  constructor(
    readonly code: CreditRefusal,
    message: string,
  ) {
    super(message);
    this.name = "CreditError";
  }
}

/**
 * The most calls one key may ever be credited (2^31 − 1, over $21 million of calls): far above any
 * real purchase, and low enough that every balance, total and sum stays an exact integer in SQLite,
 * in PostgreSQL and in JavaScript numbers, whatever the column types become.
 */
export const MAX_KEY_CALLS = 2_147_483_647;

/**
 * Operator adjustment: adds (or with a negative number removes) calls, with a reason in the ledger.
 * `calls` must be a whole number other than 0 and `reason` not blank. One conditional UPDATE keeps
 * the balance from going below zero (or past MAX_KEY_CALLS) under concurrent calls.
 * @throws CreditError for a bad number or reason, an unknown key, or a balance out of range.
 */
export async function creditKey(db: Db, keyId: number, calls: number, reason: string): Promise<KeyRow> {
  if (!Number.isSafeInteger(calls) || calls === 0 || Math.abs(calls) > MAX_KEY_CALLS)
    throw new CreditError("invalid_calls", `the number of calls must be a whole number other than 0, at most ${MAX_KEY_CALLS} either way`);
  const why = reason.trim();
  if (why === "") throw new CreditError("missing_reason", "a reason is required: it is recorded in the key's ledger");
  return db.transaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE api_keys SET calls_remaining = calls_remaining + ?1,
              total_calls = total_calls + (CASE WHEN ?1 > 0 THEN ?1 ELSE 0 END)
        WHERE id = ?2 AND calls_remaining + ?1 >= 0
          AND CAST(total_calls AS BIGINT) + (CASE WHEN ?1 > 0 THEN ?1 ELSE 0 END) <= ?3`,
      [calls, keyId, MAX_KEY_CALLS],
    );
    if (changed.changes === 0) {
      const key = await findKeyById(tx, keyId);
      if (!key) throw new CreditError("unknown_key", `no key with id ${keyId}`);
      if (calls < 0) throw new CreditError("below_zero", `the key has ${key.callsRemaining} calls; cannot remove ${-calls}`);
      throw new CreditError("over_limit", `the key has held ${key.totalCalls} calls in all; adding ${calls} would pass ${MAX_KEY_CALLS}`);
    }
    await tx.run("INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'adjustment', ?, ?, NULL, ?)", [
      keyId,
      calls,
      why,
      Date.now(),
    ]);
    return (await findKeyById(tx, keyId))!;
  });
}

/** Revokes a key: it can no longer pay. Returns false when it does not exist or was revoked. */
export async function revokeKey(db: Db, keyId: number): Promise<boolean> {
  return (await db.run("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", [Date.now(), keyId])).changes > 0;
}
