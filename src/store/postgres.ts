import { SQL } from "bun";
import type { Db, RunResult, SqlValue, TransactionOptions } from "./handle.ts";

type Params = readonly SqlValue[];

/**
 * `Db` over PostgreSQL through Bun's own client (Bun.SQL, a connection pool). The SQL of the
 * store is written for both backends (src/store/handle.ts); `toPostgres` rewrites it once per
 * statement text: `?`/`?N` placeholders become `$N` and camelCase aliases are quoted.
 *
 * 64-bit integers come back from PostgreSQL as bigint; ids, counts and unix-ms times are far below
 * 2^53, so they are handed to the store as numbers (money is stored as TEXT and never passes here
 * as a number).
 */
export class PostgresDb implements Db {
  readonly backend = "postgres" as const;

  constructor(
    private readonly sql: SQL,
    readonly instanceId: string,
    readonly leaseMs: number,
  ) {}

  static connect(url: string, instanceId: string, leaseMs: number, options: { max?: number } = {}): PostgresDb {
    const sql = new SQL({ url, bigint: true, max: options.max ?? 10, idleTimeout: 30, connectionTimeout: 10 });
    return new PostgresDb(sql, instanceId, leaseMs);
  }

  async get<T>(text: string, params: Params = []): Promise<T | null> {
    const rows = await query(this.sql, text, params);
    return (rows[0] as T | undefined) ?? null;
  }

  async all<T>(text: string, params: Params = []): Promise<T[]> {
    return (await query(this.sql, text, params)) as T[];
  }

  async run(text: string, params: Params = []): Promise<RunResult> {
    const result = await this.sql.unsafe(toPostgres(text), params as SqlValue[]);
    return { changes: (result as { count?: number }).count ?? 0 };
  }

  async exec(text: string): Promise<void> {
    await this.sql.unsafe(text);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    return (await this.sql.begin(async (tx) => {
      if (options.lock) await tx.unsafe("SELECT pg_advisory_xact_lock(hashtext($1))", [options.lock]);
      return fn(new PostgresDb(tx as unknown as SQL, this.instanceId, this.leaseMs).asTransaction());
    })) as T;
  }

  /** Inside `begin`, a nested transaction joins the outer one. */
  private asTransaction(): Db {
    this.transaction = (fn) => fn(this);
    return this;
  }

  async close(): Promise<void> {
    await this.sql.close({ timeout: 5 });
  }
}

async function query(sql: SQL, text: string, params: Params): Promise<Record<string, unknown>[]> {
  const rows = (await sql.unsafe(toPostgres(text), params as SqlValue[])) as Record<string, unknown>[];
  for (const row of rows) {
    for (const k in row) {
      const v = row[k];
      if (typeof v === "bigint") row[k] = v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v;
    }
  }
  return rows;
}

const translated = new Map<string, string>();

/**
 * Rewrites store SQL for PostgreSQL: `?` → `$1, $2, …` in order, `?N` → `$N`, and
 * `AS camelCase` → `AS "camelCase"` (PostgreSQL folds unquoted names to lower case). String
 * literals and quoted names are left alone.
 */
export function toPostgres(text: string): string {
  const cached = translated.get(text);
  if (cached !== undefined) return cached;
  let out = "";
  let code = ""; // SQL outside literals, rewritten when a literal or the end is reached
  let n = 0;
  const flush = () => {
    out += code.replace(/\bAS\s+([a-z][a-z0-9_]*[A-Z][A-Za-z0-9_]*)\b/g, 'AS "$1"');
    code = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      flush();
      const end = text.indexOf(c, i + 1);
      const stop = end === -1 ? text.length : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (c === "?") {
      const m = /^\d+/.exec(text.slice(i + 1));
      if (m) {
        code += `$${m[0]}`;
        i += m[0].length;
      } else {
        code += `$${++n}`;
      }
    } else {
      code += c;
    }
  }
  flush();
  translated.set(text, out);
  return out;
}

/**
 * Rewrites a portable migration (src/store/migrations.ts) for PostgreSQL: `INTEGER PRIMARY KEY`
 * becomes an auto-numbered BIGSERIAL (SQLite's rowid alias), every other INTEGER a BIGINT (unix-ms
 * times do not fit PostgreSQL's 32-bit integer), BLOB becomes BYTEA.
 */
export function ddlForPostgres(sql: string): string {
  return sql
    .replace(/\bINTEGER\s+PRIMARY\s+KEY\b/gi, "BIGSERIAL PRIMARY KEY")
    .replace(/\bINTEGER\b/g, "BIGINT")
    .replace(/\bBLOB\b/g, "BYTEA");
}
