/**
 * The backend-neutral store handle. Every store function takes a `Db` and is async, so the same
 * code runs on the embedded SQLite file (src/store/sqlite.ts) and on PostgreSQL through Bun.SQL
 * (src/store/postgres.ts).
 *
 * SQL is written once, for both: `?` (or `?1`, `?2`, … when a value is used twice) placeholders,
 * portable types and functions, camelCase aliases as plain `AS fooBar` (the PostgreSQL side quotes
 * them so they keep their case). Where the dialects must differ, branch on `db.backend`.
 */
export type SqlValue = string | number | bigint | boolean | null;

export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

export interface TransactionOptions {
  /**
   * Serialises this transaction with every other one holding the same lock name, across processes
   * (PostgreSQL: a transaction-scoped advisory lock; SQLite: every write transaction is already
   * exclusive). Use it only where a read-then-write cannot be one conditional statement.
   */
  lock?: string;
}

export interface Db {
  readonly backend: "sqlite" | "postgres";
  /**
   * This process's identity as the owner of reservations (calls in flight), and how long its
   * lease on them lasts without renewal (see src/store/leases.ts).
   */
  readonly instanceId: string;
  readonly leaseMs: number;
  /** The first row, or null. */
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | null>;
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /** One or more statements without parameters (DDL). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: Bun.SQL's `begin`): it
   * commits when `fn` resolves and rolls back when it throws. Inside, use only the `tx` handle.
   * A nested call on `tx` joins the outer transaction.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

/** True when `err` is a unique-constraint violation on `table` (either backend). */
export function isUniqueViolation(err: unknown, table: string): boolean {
  if (!(err instanceof Error)) return false;
  const e = err as Error & { errno?: unknown; table?: unknown };
  if (e.errno === "23505") return e.table === table;
  return /UNIQUE constraint failed/.test(err.message) && err.message.includes(`${table}.`);
}
