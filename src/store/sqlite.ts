import type { Database } from "bun:sqlite";
import type { Db, RunResult, SqlValue, TransactionOptions } from "./handle.ts";

type Params = readonly SqlValue[];

/**
 * `Db` over one bun:sqlite connection. bun:sqlite is synchronous; the async surface exists for the
 * PostgreSQL backend. Because one connection is shared by every request of the process, a
 * transaction (BEGIN IMMEDIATE … COMMIT around async code) holds a gate: statements issued
 * outside it, and other transactions, wait until it ends, so nothing leaks into it. The gate is
 * shared by every handle on the same file in this process: a second handle's BEGIN IMMEDIATE would
 * otherwise block the thread (busy_timeout) while the first transaction waits for that thread.
 */
export class SqliteDb implements Db {
  readonly backend = "sqlite" as const;
  private static readonly gates = new Map<string, { gate: Promise<void> | null }>();
  private readonly shared: { gate: Promise<void> | null };

  constructor(
    /** The connection itself, for SQLite-only work (backup, integrity checks). */
    readonly raw: Database,
    readonly instanceId: string,
    readonly leaseMs: number,
    file: string,
  ) {
    let shared = SqliteDb.gates.get(file);
    if (!shared) {
      shared = { gate: null };
      SqliteDb.gates.set(file, shared);
    }
    this.shared = shared;
  }

  async get<T>(sql: string, params: Params = []): Promise<T | null> {
    // Inline (no helper call): the statement must run in the same turn as the check.
    while (this.shared.gate) await this.shared.gate;
    return getNow<T>(this.raw, sql, params);
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    // Inline (no helper call): the statement must run in the same turn as the check.
    while (this.shared.gate) await this.shared.gate;
    return allNow<T>(this.raw, sql, params);
  }

  async run(sql: string, params: Params = []): Promise<RunResult> {
    // Inline (no helper call): the statement must run in the same turn as the check.
    while (this.shared.gate) await this.shared.gate;
    return runNow(this.raw, sql, params);
  }

  async exec(sql: string): Promise<void> {
    // Inline (no helper call): the statement must run in the same turn as the check.
    while (this.shared.gate) await this.shared.gate;
    this.raw.exec(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, _options?: TransactionOptions): Promise<T> {
    // Checked and taken in the same turn: two waiters woken together cannot both get through.
    while (this.shared.gate) await this.shared.gate;
    let open!: () => void;
    this.shared.gate = new Promise((resolve) => {
      open = resolve;
    });
    try {
      this.raw.exec("BEGIN IMMEDIATE");
      try {
        const result = await fn(new SqliteTx(this.raw, this.instanceId, this.leaseMs));
        this.raw.exec("COMMIT");
        return result;
      } catch (err) {
        if (this.raw.inTransaction) this.raw.exec("ROLLBACK");
        throw err;
      }
    } finally {
      this.shared.gate = null;
      open();
    }
  }

  async close(): Promise<void> {
    while (this.shared.gate) await this.shared.gate;
    this.raw.close();
  }
}

/** The handle inside a transaction: runs at once (it owns the gate). */
class SqliteTx implements Db {
  readonly backend = "sqlite" as const;
  constructor(
    readonly raw: Database,
    readonly instanceId: string,
    readonly leaseMs: number,
  ) {}
  async get<T>(sql: string, params: Params = []): Promise<T | null> {
    return getNow<T>(this.raw, sql, params);
  }
  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    return allNow<T>(this.raw, sql, params);
  }
  async run(sql: string, params: Params = []): Promise<RunResult> {
    return runNow(this.raw, sql, params);
  }
  async exec(sql: string): Promise<void> {
    this.raw.exec(sql);
  }
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {
    throw new Error("close the database, not a transaction");
  }
}

function getNow<T>(raw: Database, sql: string, params: Params): T | null {
  // biome-ignore lint/suspicious/noExplicitAny: bun:sqlite's binding types are narrower than SqlValue
  return (raw.query(sql).get(...(params as any[])) as T | null) ?? null;
}

function allNow<T>(raw: Database, sql: string, params: Params): T[] {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return raw.query(sql).all(...(params as any[])) as T[];
}

function runNow(raw: Database, sql: string, params: Params): RunResult {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  return { changes: raw.query(sql).run(...(params as any[])).changes };
}
