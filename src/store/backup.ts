import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDb } from "./db.ts";

/**
 * Copies the live database with VACUUM INTO (a consistent snapshot, safe beside a running
 * writer thanks to WAL) to `backupsDir/vellum-<timestamp>.db`, then checks the copy.
 */
export function backupDatabase(
  dataDir: string,
  backupsDir: string,
): { ok: true; path: string } | { ok: false; path: string; problem: string } {
  mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.(\d{3})Z$/, "$1Z");
  const path = join(backupsDir, `vellum-${stamp}.db`);
  const db = openDb(dataDir);
  try {
    db.query("VACUUM INTO ?").run(path);
  } finally {
    db.close();
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
