import type { Db } from "./db.ts";

/** Stored operator settings, as JSON values under their camelCase names. */
export function readSettings(db: Db): Record<string, unknown> {
  const rows = db.query<{ name: string; value: string }, []>("SELECT name, value FROM settings").all();
  const out: Record<string, unknown> = {};
  for (const row of rows) out[row.name] = JSON.parse(row.value);
  return out;
}

/** Writes one setting (the value must already be validated by the caller). */
export function writeSetting(db: Db, name: string, value: unknown): void {
  db.query(
    "INSERT INTO settings (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
  ).run(name, JSON.stringify(value), Date.now());
}

/** Removes a stored setting so the default (or env/flag) applies again. */
export function deleteSetting(db: Db, name: string): boolean {
  return db.query("DELETE FROM settings WHERE name = ?").run(name).changes > 0;
}

/** The newest update time of any setting, so a running server can cheaply poll for changes. */
export function settingsVersion(db: Db): number {
  return db.query<{ v: number | null }, []>("SELECT MAX(updated_at) + COUNT(*) AS v FROM settings").get()?.v ?? 0;
}
