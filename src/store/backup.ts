import { Database } from "bun:sqlite";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { openDb } from "./db.ts";
import type { SqliteDb } from "./sqlite.ts";

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");
}

/**
 * Copies the live SQLite database with VACUUM INTO (a consistent snapshot, safe beside a running
 * writer thanks to WAL) to `backupsDir/vellum-<timestamp>.db`, then checks the copy.
 */
export async function backupDatabase(
  dataDir: string,
  backupsDir: string,
): Promise<{ ok: true; path: string } | { ok: false; path: string; problem: string }> {
  mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
  const path = join(backupsDir, `vellum-${stamp()}.db`);
  const db = (await openDb(dataDir)) as SqliteDb;
  try {
    // Created empty with mode 0600 first (VACUUM INTO accepts an empty file): a backup holds the
    // same key hashes and ledger as the database.
    closeSync(openSync(path, "wx", 0o600));
    db.raw.query("VACUUM INTO ?").run(path);
  } finally {
    await db.close();
  }
  const copy = new Database(path, { readonly: true });
  try {
    const rows = copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
    const problem = rows.map((r) => r.integrity_check).filter((r) => r !== "ok");
    return problem.length === 0 ? { ok: true, path } : { ok: false, path, problem: problem.join("; ") };
  } finally {
    copy.close();
  }
}

/**
 * Backs a PostgreSQL store up with `pg_dump` (custom format, `backupsDir/vellum-<timestamp>.dump`,
 * restore with `pg_restore`) when the program is on the PATH. vellum has no consistent dump of its
 * own for PostgreSQL, so without pg_dump it says so instead of writing anything.
 */
export async function backupPostgres(
  databaseUrl: string,
  backupsDir: string,
  options: { pgDump?: string | null } = {},
): Promise<{ ok: true; path: string } | { ok: false; problem: string }> {
  const pgDump = options.pgDump === undefined ? Bun.which("pg_dump") : options.pgDump;
  if (!pgDump)
    return {
      ok: false,
      problem:
        "the store is in PostgreSQL and pg_dump is not on the PATH: back it up with your PostgreSQL tools (pg_dump -Fc, or your provider's snapshots); vellum wrote nothing",
    };
  mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
  const path = join(backupsDir, `vellum-${stamp()}.dump`);
  const proc = Bun.spawn([pgDump, "--format=custom", "--no-owner", `--file=${path}`, `--dbname=${databaseUrl}`], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) return { ok: false, problem: `pg_dump failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}` };
  return { ok: true, path };
}
