/**
 * Read-only figures for the admin console's Treasury screen. Nothing here writes.
 *
 * Money stays bigint in atomic USDC units (6 decimals): amounts are stored as decimal TEXT and
 * summed in SQL as 64-bit integers read back with `safeIntegers`, so no total passes through a
 * float. (A SUM only overflows past 2^63 atomic units, about $9.2 trillion; SQLite then throws.)
 *
 * Time windows, all in UTC:
 * - `today`: since 00:00 UTC today (the same day boundary as the free allowance);
 * - `last7Days`: since 00:00 UTC six days ago, i.e. today and the six whole days before it;
 * - `allTime`: everything.
 * A redemption counts at the moment it was redeemed (`created_at`), not at its block's time.
 */
import type { Db } from "./db.ts";
import { PRICE_PER_CALL_ATOMIC } from "../payments/amounts.ts";

const DAY_MS = 86_400_000;

/** A figure over the three windows. */
export interface Windowed<T> {
  today: T;
  last7Days: T;
  allTime: T;
}

/** One row of the latest redemptions. */
export interface RecentRedemption {
  id: number;
  purpose: "credits" | "kit";
  /** Checksummed address of the transfer's sender. */
  payer: string;
  /** Atomic USDC units paid to the treasury. */
  amountAtomic: bigint;
  /** Lowercase 0x + 64 hex. */
  txHash: string;
  chainId: number;
  /** Unix ms of the redeem. */
  createdAt: number;
}

/** Everything the Treasury screen shows besides the live on-chain balance. */
export interface TreasuryStats {
  /** Atomic USDC from `/redeem` (API credits), `/kit/redeem` (kit orders) and both. */
  revenue: { credits: Windowed<bigint>; kit: Windowed<bigint>; total: Windowed<bigint> };
  /**
   * Calls delivered. `paid`: ledger `call` debits that were neither refunded (a failed call gives
   * its reservation back as a `refund` row with the same `ref`) nor still in flight (a reservation
   * row still exists), counted at the time of the call. `free`: free-trial calls used per UTC day,
   * minus free calls still in flight.
   */
  callsServed: { paid: Windowed<number>; free: Windowed<number> };
  /** Calls sold (or granted) and not used yet, on keys that are not revoked. */
  callsOutstanding: number;
  /**
   * The service's liability: {@link TreasuryStats.callsOutstanding} × $0.01, in atomic units. Calls
   * an operator granted by hand are valued at the same price.
   */
  creditsOutstandingAtomic: bigint;
  /** Newest first. */
  latestRedemptions: RecentRedemption[];
}

/** Start of the UTC day of `now`, and of the day six days earlier (unix ms). */
export function windowStarts(now: number): { today: number; last7Days: number } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { today, last7Days: today - 6 * DAY_MS };
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Revenue in atomic units per purpose over the three windows.
 * @throws when a total exceeds 2^63 − 1 atomic units (SQLite integer overflow).
 */
export function revenue(db: Db, now = Date.now()): TreasuryStats["revenue"] {
  const { today, last7Days } = windowStarts(now);
  // db.prepare, not db.query: safeIntegers on a cached statement would leak to its other users.
  const rows = db
    .prepare<{ purpose: string; today: bigint | null; week: bigint | null; total: bigint | null }, [number, number]>(
      `SELECT purpose,
              SUM(CASE WHEN created_at >= ?1 THEN CAST(amount_atomic AS INTEGER) ELSE 0 END) AS today,
              SUM(CASE WHEN created_at >= ?2 THEN CAST(amount_atomic AS INTEGER) ELSE 0 END) AS week,
              SUM(CAST(amount_atomic AS INTEGER)) AS total
         FROM redemptions GROUP BY purpose`,
    )
    .safeIntegers(true)
    .all(today, last7Days);
  const zero = (): Windowed<bigint> => ({ today: 0n, last7Days: 0n, allTime: 0n });
  const out = { credits: zero(), kit: zero(), total: zero() };
  for (const row of rows) {
    const w: Windowed<bigint> = { today: BigInt(row.today ?? 0n), last7Days: BigInt(row.week ?? 0n), allTime: BigInt(row.total ?? 0n) };
    const target = row.purpose === "kit" ? out.kit : out.credits;
    target.today += w.today;
    target.last7Days += w.last7Days;
    target.allTime += w.allTime;
  }
  for (const k of ["today", "last7Days", "allTime"] as const) out.total[k] = out.credits[k] + out.kit[k];
  return out;
}

/**
 * Calls delivered, paid and free, over the three windows (see {@link TreasuryStats.callsServed}).
 * Reads the whole ledger once; the refund and in-flight sets are built once by SQLite (uncorrelated
 * `NOT IN`), so the cost stays linear in the ledger's size.
 */
export function callsServed(db: Db, now = Date.now()): TreasuryStats["callsServed"] {
  const { today, last7Days } = windowStarts(now);
  const paid = db
    .query<{ today: number | null; week: number | null; total: number }, [number, number]>(
      `SELECT SUM(created_at >= ?1) AS today, SUM(created_at >= ?2) AS week, COUNT(*) AS total
         FROM ledger
        WHERE kind = 'call'
          AND ref NOT IN (SELECT ref FROM ledger WHERE kind = 'refund' AND ref IS NOT NULL)
          AND ref NOT IN (SELECT id FROM reservations WHERE kind = 'paid')`,
    )
    .get(today, last7Days)!;
  const free = db
    .query<{ today: number | null; week: number | null; total: number | null }, [string, string]>(
      `SELECT SUM(CASE WHEN day >= ?1 THEN used ELSE 0 END) AS today,
              SUM(CASE WHEN day >= ?2 THEN used ELSE 0 END) AS week,
              SUM(used) AS total
         FROM free_calls`,
    )
    .get(utcDay(today), utcDay(last7Days))!;
  // Free calls in flight were already added to `used`; take them out of the day they count on.
  const inFlight = db
    .query<{ today: number | null; week: number | null; total: number }, [string, string]>(
      `SELECT SUM(day >= ?1) AS today, SUM(day >= ?2) AS week, COUNT(*) AS total FROM reservations WHERE kind = 'free'`,
    )
    .get(utcDay(today), utcDay(last7Days))!;
  return {
    paid: { today: paid.today ?? 0, last7Days: paid.week ?? 0, allTime: paid.total },
    free: {
      today: Math.max(0, (free.today ?? 0) - (inFlight.today ?? 0)),
      last7Days: Math.max(0, (free.week ?? 0) - (inFlight.week ?? 0)),
      allTime: Math.max(0, (free.total ?? 0) - inFlight.total),
    },
  };
}

/**
 * Calls remaining on keys that are not revoked, and their value at $0.01 a call in atomic units.
 * A revoked key can no longer pay, so its calls are no longer owed.
 */
export function creditsOutstanding(db: Db): { calls: number; atomic: bigint } {
  const calls =
    db.query<{ calls: number | null }, []>("SELECT SUM(calls_remaining) AS calls FROM api_keys WHERE revoked_at IS NULL").get()?.calls ?? 0;
  return { calls, atomic: BigInt(calls) * PRICE_PER_CALL_ATOMIC };
}

/** The newest redemptions (credits and kit), newest first. `limit` is capped at 500. */
export function latestRedemptions(db: Db, limit = 10): RecentRedemption[] {
  const rows = db
    .query<Omit<RecentRedemption, "amountAtomic"> & { amountAtomic: string }, [number]>(
      `SELECT id, purpose, payer, amount_atomic AS amountAtomic, tx_hash AS txHash, chain_id AS chainId, created_at AS createdAt
         FROM redemptions ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(Math.max(0, Math.min(limit, 500)));
  return rows.map((r) => ({ ...r, amountAtomic: BigInt(r.amountAtomic) }));
}

/** All figures of the Treasury screen in one read. */
export function treasuryStats(db: Db, options: { now?: number; latest?: number } = {}): TreasuryStats {
  const now = options.now ?? Date.now();
  // One read transaction so the figures agree with each other while a server writes.
  return db
    .transaction(() => {
      const outstanding = creditsOutstanding(db);
      return {
        revenue: revenue(db, now),
        callsServed: callsServed(db, now),
        callsOutstanding: outstanding.calls,
        creditsOutstandingAtomic: outstanding.atomic,
        latestRedemptions: latestRedemptions(db, options.latest ?? 10),
      };
    })
    .deferred();
}
