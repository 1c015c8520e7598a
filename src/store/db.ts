import { Database } from "bun:sqlite";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.ts";

export type Db = Database;

export const DB_FILE = "vellum.db";

/** Thrown when the data dir holds a database made by a newer vellum: starting would corrupt it. */
export class SchemaTooNewError extends Error {
  constructor(readonly found: number) {
    super(
      `the database schema is version ${found}, newer than this vellum understands (${SCHEMA_VERSION}); upgrade vellum or restore a backup`,
    );
  }
}

/**
 * Creates the data dir (mode 0700: it holds key hashes and the kit) if needed and returns its path.
 */
export function ensureDataDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * Opens the SQLite file in `dir`, sets the pragmas and applies pending migrations.
 * busy_timeout comes first so that even the WAL switch waits for a concurrent writer
 * (the admin console and CLI open the same file as a running server).
 * @throws SchemaTooNewError when the file was written by a newer version.
 */
export function openDb(dir: string, options: { migrate?: boolean } = {}): Db {
  ensureDataDir(dir);
  const db = new Database(join(dir, DB_FILE), { create: true, strict: true });
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  if (options.migrate !== false) migrate(db);
  return db;
}

/** Versions applied so far, newest last. */
export function appliedMigrations(db: Db): { version: number; name: string; appliedAt: number }[] {
  ensureMigrationsTable(db);
  return db
    .query<{ version: number; name: string; appliedAt: number }, []>(
      "SELECT version, name, applied_at AS appliedAt FROM _migrations ORDER BY version",
    )
    .all();
}

function ensureMigrationsTable(db: Db): void {
  db.exec("CREATE TABLE IF NOT EXISTS _migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)");
}

/** Applies each pending migration in its own immediate transaction. */
export function migrate(db: Db): number[] {
  ensureMigrationsTable(db);
  const current = db.query<{ v: number | null }, []>("SELECT MAX(version) AS v FROM _migrations").get()?.v ?? 0;
  if (current > SCHEMA_VERSION) throw new SchemaTooNewError(current);
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.query("INSERT INTO _migrations (version, name, applied_at) VALUES (?, ?, ?)").run(m.version, m.name, Date.now());
    }).immediate();
    applied.push(m.version);
  }
  return applied;
}
