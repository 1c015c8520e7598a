/**
 * Read-only figures for the admin console's Treasury screen. Nothing here writes.
 *
 * Money stays bigint in atomic USDC units (6 decimals): amounts are stored as decimal TEXT, summed
 * in SQL as 64-bit integers and read back as decimal TEXT, so no total passes through a float on
 * either backend. (A SUM only overflows past 2^63 atomic units, about $9.2 trillion; SQLite then
 * throws.)
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
export async function revenue(db: Db, now = Date.now()): Promise<TreasuryStats["revenue"]> {
  const { today, last7Days } = windowStarts(now);
  const rows = await db.all<{ purpose: string; today: string | null; week: string | null; total: string | null }>(
    `SELECT purpose,
            CAST(SUM(CASE WHEN created_at >= ?1 THEN CAST(amount_atomic AS BIGINT) ELSE 0 END) AS TEXT) AS today,
            CAST(SUM(CASE WHEN created_at >= ?2 THEN CAST(amount_atomic AS BIGINT) ELSE 0 END) AS TEXT) AS week,
            CAST(SUM(CAST(amount_atomic AS BIGINT)) AS TEXT) AS total
       FROM redemptions GROUP BY purpose`,
    [today, last7Days],
  );
  const zero = (): Windowed<bigint> => ({ today: 0n, last7Days: 0n, allTime: 0n });
  const out = { credits: zero(), kit: zero(), total: zero() };
  for (const row of rows) {
    const w: Windowed<bigint> = { today: BigInt(row.today ?? 0), last7Days: BigInt(row.week ?? 0), allTime: BigInt(row.total ?? 0) };
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
 * Reads the whole ledger once; the refund and in-flight sets are built once by the database
 * (uncorrelated `NOT IN`), so the cost stays linear in the ledger's size.
 */
export async function callsServed(db: Db, now = Date.now()): Promise<TreasuryStats["callsServed"]> {
  const { today, last7Days } = windowStarts(now);
  type Sums = { today: number | string | null; week: number | string | null; total: number | string | null };
  const paid = (await db.get<Sums>(
    `SELECT CAST(SUM(CASE WHEN created_at >= ?1 THEN 1 ELSE 0 END) AS BIGINT) AS today,
            CAST(SUM(CASE WHEN created_at >= ?2 THEN 1 ELSE 0 END) AS BIGINT) AS week,
            COUNT(*) AS total
       FROM ledger
      WHERE kind = 'call'
        AND ref NOT IN (SELECT ref FROM ledger WHERE kind = 'refund' AND ref IS NOT NULL)
        AND ref NOT IN (SELECT id FROM reservations WHERE kind = 'paid')`,
    [today, last7Days],
  ))!;
  const free = (await db.get<Sums>(
    `SELECT CAST(SUM(CASE WHEN day >= ?1 THEN used ELSE 0 END) AS BIGINT) AS today,
            CAST(SUM(CASE WHEN day >= ?2 THEN used ELSE 0 END) AS BIGINT) AS week,
            CAST(SUM(used) AS BIGINT) AS total
       FROM free_calls`,
    [utcDay(today), utcDay(last7Days)],
  ))!;
  // Free calls in flight were already added to `used`; take them out of the day they count on.
  const inFlight = (await db.get<Sums>(
    `SELECT CAST(SUM(CASE WHEN day >= ?1 THEN 1 ELSE 0 END) AS BIGINT) AS today,
            CAST(SUM(CASE WHEN day >= ?2 THEN 1 ELSE 0 END) AS BIGINT) AS week,
            COUNT(*) AS total
       FROM reservations WHERE kind = 'free'`,
    [utcDay(today), utcDay(last7Days)],
  ))!;
  const n = (v: number | string | null) => Number(v ?? 0);
  return {
    paid: { today: n(paid.today), last7Days: n(paid.week), allTime: n(paid.total) },
    free: {
      today: Math.max(0, n(free.today) - n(inFlight.today)),
      last7Days: Math.max(0, n(free.week) - n(inFlight.week)),
      allTime: Math.max(0, n(free.total) - n(inFlight.total)),
    },
  };
}

/**
 * Calls remaining on keys that are not revoked, and their value at $0.01 a call in atomic units.
 * A revoked key can no longer pay, so its calls are no longer owed.
 */
export async function creditsOutstanding(db: Db): Promise<{ calls: number; atomic: bigint }> {
  const row = await db.get<{ calls: number | string | null }>(
    "SELECT CAST(SUM(calls_remaining) AS BIGINT) AS calls FROM api_keys WHERE revoked_at IS NULL",
  );
  const calls = Number(row?.calls ?? 0);
  return { calls, atomic: BigInt(calls) * PRICE_PER_CALL_ATOMIC };
}

/** The newest redemptions (credits and kit), newest first. `limit` is capped at 500. */
export async function latestRedemptions(db: Db, limit = 10): Promise<RecentRedemption[]> {
  const rows = await db.all<Omit<RecentRedemption, "amountAtomic"> & { amountAtomic: string }>(
    `SELECT id, purpose, payer, amount_atomic AS amountAtomic, tx_hash AS txHash, chain_id AS chainId, created_at AS createdAt
       FROM redemptions ORDER BY created_at DESC, id DESC LIMIT ?`,
    [Math.max(0, Math.min(limit, 500))],
  );
  return rows.map((r) => ({ ...r, amountAtomic: BigInt(r.amountAtomic) }));
}

/** All figures of the Treasury screen in one read. */
export async function treasuryStats(db: Db, options: { now?: number; latest?: number } = {}): Promise<TreasuryStats> {
  const now = options.now ?? Date.now();
  // One transaction so the figures agree with each other while a server writes.
  return db.transaction(async (tx) => {
    const outstanding = await creditsOutstanding(tx);
    return {
      revenue: await revenue(tx, now),
      callsServed: await callsServed(tx, now),
      callsOutstanding: outstanding.calls,
      creditsOutstandingAtomic: outstanding.atomic,
      latestRedemptions: await latestRedemptions(tx, options.latest ?? 10),
    };
  });
}
