import type { Db } from "./db.ts";

export type FreeReservation = { ok: true; reservationId: string; remaining: number } | { ok: false; remaining: 0 };

/**
 * Reserves one free call for `client` on `day` (UTC, YYYY-MM-DD) if fewer than `limit` are used or
 * reserved. The count is taken now, so concurrent calls can never exceed the allowance; the call
 * is then confirmed (kept) or released (given back) when its outcome is known.
 */
export function reserveFreeCall(db: Db, client: string, day: string, limit: number): FreeReservation {
  return db
    .transaction((): FreeReservation => {
      const used =
        db.query<{ used: number }, [string, string]>("SELECT used FROM free_calls WHERE client = ? AND day = ?").get(client, day)?.used ??
        0;
      if (used >= limit) return { ok: false, remaining: 0 };
      db.query("INSERT INTO free_calls (client, day, used) VALUES (?, ?, 1) ON CONFLICT (client, day) DO UPDATE SET used = used + 1").run(
        client,
        day,
      );
      const reservationId = crypto.randomUUID();
      db.query("INSERT INTO reservations (id, kind, client, day, created_at) VALUES (?, 'free', ?, ?, ?)").run(
        reservationId,
        client,
        day,
        Date.now(),
      );
      return { ok: true, reservationId, remaining: limit - used - 1 };
    })
    .immediate();
}

/** Keeps a reserved free call: the article was delivered. Returns false if it was already settled. */
export function confirmFreeCall(db: Db, reservationId: string): boolean {
  return db.query("DELETE FROM reservations WHERE id = ? AND kind = 'free'").run(reservationId).changes > 0;
}

/** Gives a reserved free call back: the call failed, so it must not use the allowance. */
export function releaseFreeCall(db: Db, reservationId: string): boolean {
  return db
    .transaction(() => {
      const row = db
        .query<{ client: string; day: string }, [string]>("SELECT client, day FROM reservations WHERE id = ? AND kind = 'free'")
        .get(reservationId);
      if (!row) return false;
      db.query("DELETE FROM reservations WHERE id = ?").run(reservationId);
      db.query("UPDATE free_calls SET used = used - 1 WHERE client = ? AND day = ? AND used > 0").run(row.client, row.day);
      return true;
    })
    .immediate();
}

/** Free calls still available to `client` on `day`. */
export function freeCallsRemaining(db: Db, client: string, day: string, limit: number): number {
  const used =
    db.query<{ used: number }, [string, string]>("SELECT used FROM free_calls WHERE client = ? AND day = ?").get(client, day)?.used ?? 0;
  return Math.max(0, limit - used);
}
