import type { Db } from "./db.ts";

export type FreeReservation = { ok: true; reservationId: string; remaining: number } | { ok: false; remaining: 0 };

/**
 * Reserves one free call for `client` on `day` (UTC, YYYY-MM-DD) if fewer than `limit` are used or
 * reserved. One conditional upsert decides (`… DO UPDATE … WHERE used < limit RETURNING`), so
 * concurrent calls can never exceed the allowance, across processes and instances too; the call
 * is then confirmed (kept) or released (given back) when its outcome is known.
 */
export async function reserveFreeCall(db: Db, client: string, day: string, limit: number): Promise<FreeReservation> {
  if (limit <= 0) return { ok: false, remaining: 0 };
  return db.transaction(async (tx): Promise<FreeReservation> => {
    const row = await tx.get<{ used: number }>(
      `INSERT INTO free_calls (client, day, used) VALUES (?, ?, 1)
       ON CONFLICT (client, day) DO UPDATE SET used = free_calls.used + 1 WHERE free_calls.used < ?
       RETURNING used`,
      [client, day, limit],
    );
    if (!row) return { ok: false, remaining: 0 };
    const reservationId = crypto.randomUUID();
    const now = Date.now();
    await tx.run("INSERT INTO reservations (id, kind, client, day, created_at, owner, lease_until) VALUES (?, 'free', ?, ?, ?, ?, ?)", [
      reservationId,
      client,
      day,
      now,
      tx.instanceId,
      now + tx.leaseMs,
    ]);
    return { ok: true, reservationId, remaining: limit - row.used };
  });
}

/** Keeps a reserved free call: the article was delivered. Returns false if it was already settled. */
export async function confirmFreeCall(db: Db, reservationId: string): Promise<boolean> {
  return (await db.run("DELETE FROM reservations WHERE id = ? AND kind = 'free'", [reservationId])).changes > 0;
}

/**
 * Gives a reserved free call back: the call failed, so it must not use the allowance. The DELETE …
 * RETURNING decides, so a reservation is given back once even when two instances try.
 */
export async function releaseFreeCall(db: Db, reservationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await tx.get<{ client: string; day: string }>(
      "DELETE FROM reservations WHERE id = ? AND kind = 'free' RETURNING client, day",
      [reservationId],
    );
    if (!row) return false;
    await tx.run("UPDATE free_calls SET used = used - 1 WHERE client = ? AND day = ? AND used > 0", [row.client, row.day]);
    return true;
  });
}

/** Free calls still available to `client` on `day`. */
export async function freeCallsRemaining(db: Db, client: string, day: string, limit: number): Promise<number> {
  const used = (await db.get<{ used: number }>("SELECT used FROM free_calls WHERE client = ? AND day = ?", [client, day]))?.used ?? 0;
  return Math.max(0, limit - used);
}
