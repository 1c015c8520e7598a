import { Database, constants } from "bun:sqlite";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Db } from "./handle.ts";
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from "./migrations.ts";
import { ddlForPostgres, PostgresDb } from "./postgres.ts";
import { SqliteDb } from "./sqlite.ts";

export type { Db } from "./handle.ts";
export { isUniqueViolation } from "./handle.ts";

export const DB_FILE = "vellum.db";

/** How long a reservation (a call in flight) stays owned by its instance without renewal. */
export const DEFAULT_LEASE_MS = 30_000;

/** Thrown when the database was made by a newer vellum: starting would corrupt it. */
export class SchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(
      `the database schema is version ${found}, newer than this vellum understands (${SCHEMA_VERSION}); upgrade vellum or restore a backup`,
    );
  }
}

/**
 * Thrown when the SQLite file fails `PRAGMA quick_check` at open: a damaged page would otherwise
 * surface later as misleading errors ("table settings already exists", "FOREIGN KEY constraint
 * failed"). The message names the file and the way back: a copy made by `vellum backup`.
 */
export class DatabaseDamagedError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(
      `database damaged: ${path} failed its integrity check (${detail}); stop every vellum using it and restore the newest copy made by 'vellum backup' (the backups/ folder of the data dir) in its place`,
    );
  }
}

/** Files of the SQLite store: the database and its WAL and shared-memory companions. */
const SQLITE_FILES = ["", "-wal", "-shm"];

/**
 * Creates the data dir (mode 0700: it holds key hashes and the kit) if needed and returns its path.
 */
export function ensureDataDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

export interface OpenOptions {
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** A `postgres://` URL: the store lives in PostgreSQL instead of `<dir>/vellum.db`. */
  databaseUrl?: string | null;
  /** Lease on this process's reservations (default {@link DEFAULT_LEASE_MS}). */
  leaseMs?: number;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /**
   * Read only (status commands): nothing is created, migrated or chmod-ed; a missing SQLite file
   * is an error instead of a new empty database.
   */
  readonly?: boolean;
}

/** Where the store of a data dir / database URL lives, for messages (the URL without its password). */
export function describeStore(dir: string, databaseUrl?: string | null): string {
  if (!databaseUrl) return join(dir, DB_FILE);
  try {
    const u = new URL(databaseUrl);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres (unparsable URL)";
  }
}

/**
 * Opens the store: PostgreSQL when `options.databaseUrl` is set, else the SQLite file in `dir`
 * (pragmas set, busy_timeout first so that even the WAL switch waits for a concurrent writer —
 * the admin console and CLI open the same file as a running server). Then applies pending
 * migrations unless `migrate: false`.
 * @throws SchemaTooNewError when the database was written by a newer version.
 */
export async function openDb(dir: string, options: OpenOptions = {}): Promise<Db> {
  const instanceId = crypto.randomUUID();
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let db: Db;
  if (options.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) throw new Error("the database URL must start with postgres://");
    db = PostgresDb.connect(options.databaseUrl, instanceId, leaseMs, { max: options.poolSize });
    try {
      await db.get("SELECT 1 AS ok");
    } catch (err) {
      await db.close().catch(() => {});
      throw new Error(`cannot reach PostgreSQL at ${describeStore(dir, options.databaseUrl)}: ${(err as Error).message}`);
    }
  } else {
    const path = join(dir, DB_FILE);
    let raw: Database;
    if (options.readonly) {
      if (!existsSync(path)) throw new Error(`no database at ${path}`);
      // Without a -wal (no writer mid-transaction), `immutable=1`: SQLite then creates no -wal or -shm
      // either. With one, a plain read-only open that reads it.
      raw = existsSync(`${path}-wal`)
        ? new Database(path, { readonly: true, strict: true })
        : // bun:sqlite takes URI filenames only with SQLITE_OPEN_URI, which its options object lacks.
          new Database(
            `file:${resolve(path).split("/").map(encodeURIComponent).join("/")}?immutable=1`,
            constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI,
          );
    } else {
      ensureDataDir(dir);
      // The file holds key hashes and the ledger: created 0600 (SQLite gives its -wal and -shm the
      // database's mode), and tightened if an older vellum left it 0644.
      closeSync(openSync(path, "a", 0o600));
      raw = new Database(path, { create: true, strict: true });
    }
    try {
      raw.exec("PRAGMA busy_timeout = 5000");
      if (!options.readonly) {
        raw.exec("PRAGMA journal_mode = WAL");
        raw.exec("PRAGMA synchronous = NORMAL");
        raw.exec("PRAGMA foreign_keys = ON");
        for (const suffix of SQLITE_FILES) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
      }
      quickCheck(raw, path);
    } catch (err) {
      raw.close();
      throw damageOf(err, path) ?? err;
    }
    db = new SqliteDb(raw, instanceId, leaseMs, resolve(path));
  }
  if (options.migrate !== false && !options.readonly) {
    try {
      await migrate(db);
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
  }
  return db;
}

/**
 * `PRAGMA quick_check` (the integrity check without the index cross-checks: linear in the file's
 * size) at every open. A page too damaged to read makes SQLite throw instead of report: both end
 * in {@link DatabaseDamagedError}.
 */
function quickCheck(raw: Database, path: string): void {
  const problems = raw
    .query<{ quick_check: string }, []>("PRAGMA quick_check")
    .all()
    .map((r) => r.quick_check)
    .filter((r) => r !== "ok");
  if (problems.length > 0) throw new DatabaseDamagedError(path, problems.slice(0, 3).join("; "));
}

/** The damage an SQLite error reports (a malformed page, a file that is not a database), or null. */
function damageOf(err: unknown, path: string): DatabaseDamagedError | null {
  if (err instanceof DatabaseDamagedError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown }).code;
  if (/malformed|not a database|corrupt/i.test(message) || code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB")
    return new DatabaseDamagedError(path, message);
  return null;
}

const MIGRATIONS_TABLE =
  "CREATE TABLE IF NOT EXISTS _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)";

/** Versions applied so far, oldest first. */
export async function appliedMigrations(db: Db): Promise<{ version: number; name: string; appliedAt: number }[]> {
  // Looked up rather than created: `vellum migrate status` must not write.
  const exists =
    db.backend === "postgres"
      ? await db.get<{ t: string | null }>("SELECT to_regclass('_migrations')::text AS t").then((r) => r?.t != null)
      : (await db.get("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_migrations'")) !== null;
  if (!exists) return [];
  return db.all("SELECT version, name, applied_at AS appliedAt FROM _migrations ORDER BY version");
}

function sqlFor(db: Db, m: Migration): string {
  return db.backend === "postgres" ? (m.postgres ?? ddlForPostgres(m.sql)) : m.sql;
}

/**
 * Applies every migration of the list not yet applied, in version order (a version missing below
 * the newest applied one is applied too). Several processes starting at once on one empty
 * database do not race: on PostgreSQL all of it runs in one transaction under an advisory lock
 * (DDL is transactional there), on SQLite each migration in its own immediate transaction that
 * re-reads what is applied.
 * @returns the versions applied now
 * @throws SchemaTooNewError when the database has a version newer than this build knows.
 */
export async function migrate(db: Db): Promise<number[]> {
  const applied: number[] = [];
  const pending = async (tx: Db): Promise<Migration[]> => {
    const done = new Set((await tx.all<{ version: number }>("SELECT version FROM _migrations")).map((r) => r.version));
    const newest = Math.max(0, ...done);
    if (newest > SCHEMA_VERSION) throw new SchemaTooNewError(newest);
    return MIGRATIONS.filter((m) => !done.has(m.version)).sort((a, b) => a.version - b.version);
  };
  const apply = async (tx: Db, m: Migration) => {
    await tx.exec(sqlFor(tx, m));
    await tx.run("INSERT INTO _migrations (version, name, applied_at) VALUES (?, ?, ?)", [m.version, m.name, Date.now()]);
    applied.push(m.version);
  };
  if (db.backend === "postgres") {
    await db.transaction(
      async (tx) => {
        await tx.exec(MIGRATIONS_TABLE);
        for (const m of await pending(tx)) await apply(tx, m);
      },
      { lock: "vellum:migrate" },
    );
    return applied;
  }
  await db.exec(MIGRATIONS_TABLE);
  for (const m of await pending(db)) {
    await db.transaction(async (tx) => {
      if ((await pending(tx)).some((p) => p.version === m.version)) await apply(tx, m);
    });
  }
  return applied;
}
