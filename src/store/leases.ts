import type { Db } from "./db.ts";
import { releaseFreeCall } from "./free-trial.ts";
import { releasePaidCall } from "./keys.ts";

/**
 * Calls in flight (reservations) belong to the instance that reserved them (`owner`, the store
 * handle's `instanceId`) until `lease_until`. A live instance renews the lease of its own
 * reservations every third of the lease; once an instance dies its leases expire and any other
 * instance gives the calls back. A reservation is never released while its owner lives, because
 * the owner renews long before the lease ends.
 */

/** Pushes this instance's leases forward. Returns how many reservations it holds. */
export async function renewLeases(db: Db, now = Date.now()): Promise<number> {
  return (await db.run("UPDATE reservations SET lease_until = ? WHERE owner = ?", [now + db.leaseMs, db.instanceId])).changes;
}

/**
 * Gives back the calls of reservations whose lease has expired (their owner died), and of
 * reservations made before leases existed (no owner). With `everyOwner` (SQLite at start: one
 * server per data dir, so whatever is in flight belongs to a dead process) every reservation not
 * held by this instance is released at once.
 */
export async function releaseStaleReservations(
  db: Db,
  options: { everyOwner?: boolean; now?: number } = {},
): Promise<{ free: number; paid: number }> {
  const now = options.now ?? Date.now();
  const ids = options.everyOwner
    ? await db.all<{ id: string; kind: "free" | "paid" }>("SELECT id, kind FROM reservations WHERE owner IS NULL OR owner <> ?", [
        db.instanceId,
      ])
    : await db.all<{ id: string; kind: "free" | "paid" }>(
        "SELECT id, kind FROM reservations WHERE owner IS NULL OR (owner <> ? AND lease_until < ?)",
        [db.instanceId, now],
      );
  let free = 0;
  let paid = 0;
  for (const { id, kind } of ids) {
    if (kind === "paid" && (await releasePaidCall(db, id, "released: the instance holding the call died"))) paid++;
    if (kind === "free" && (await releaseFreeCall(db, id))) free++;
  }
  return { free, paid };
}

/**
 * Renews this instance's leases and releases expired ones of others, every third of the lease,
 * until stopped. Errors (a database restarting) are reported and the next round tries again.
 */
export function startLeaseKeeper(
  db: Db,
  onReleased: (released: { free: number; paid: number }) => void,
  onError: (err: unknown) => void,
): { stop(): void } {
  let running = false;
  const timer = setInterval(
    async () => {
      if (running) return;
      running = true;
      try {
        await renewLeases(db);
        const released = await releaseStaleReservations(db);
        if (released.free + released.paid > 0) onReleased(released);
      } catch (err) {
        onError(err);
      } finally {
        running = false;
      }
    },
    Math.max(100, Math.floor(db.leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
