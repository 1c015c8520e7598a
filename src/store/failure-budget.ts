import type { Db } from "./db.ts";

/**
 * The failed-call budget (issue 11; docs/decisions.md "Additions (second round)"). Only a delivered
 * article is charged, so without a budget failures would be free: a caller could make vellum fetch
 * 5 MiB targets or run hostile pages forever. Each client has at most `limit` failures per fixed
 * window of `windowMs`; past it, calls are refused (429 too_many_failures with Retry-After) until the
 * window ends. Clients are `ip:<IPv4 or IPv6 /64>` (free flag) or `key:<sha256 of the key>` (paid).
 * Counting is one conditional upsert per failure, so it is exact across instances.
 */
export interface FailureBudget {
  /** Failures allowed per window. */
  limit: number;
  windowMs: number;
}

export type BudgetVerdict = { ok: true; failures: number } | { ok: false; failures: number; retryAfterSeconds: number };

function windowStart(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** Whether `client` may make another call now: refused once its failures this window reach the limit. */
export async function checkFailureBudget(db: Db, client: string, budget: FailureBudget, now = Date.now()): Promise<BudgetVerdict> {
  const start = windowStart(now, budget.windowMs);
  const row = await db.get<{ failures: number }>("SELECT failures FROM failed_calls WHERE client = ? AND window_start = ?", [
    client,
    start,
  ]);
  const failures = Number(row?.failures ?? 0);
  if (failures < budget.limit) return { ok: true, failures };
  return { ok: false, failures, retryAfterSeconds: Math.max(1, Math.ceil((start + budget.windowMs - now) / 1000)) };
}

/** Counts one failed call of `client` in the current window; returns its failures so far. */
export async function recordFailedCall(db: Db, client: string, windowMs: number, now = Date.now()): Promise<number> {
  const start = windowStart(now, windowMs);
  const row = await db.get<{ failures: number }>(
    `INSERT INTO failed_calls (client, window_start, failures) VALUES (?, ?, 1)
     ON CONFLICT (client, window_start) DO UPDATE SET failures = failed_calls.failures + 1
     RETURNING failures`,
    [client, start],
  );
  // Old windows are never read again: drop them now and then (about one write in 64).
  if (Math.random() < 1 / 64) await db.run("DELETE FROM failed_calls WHERE window_start < ?", [start - windowMs]);
  return Number(row?.failures ?? 1);
}
