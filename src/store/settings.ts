import type { Db } from "./db.ts";

/** Stored operator settings, as JSON values under their camelCase names. */
export async function readSettings(db: Db): Promise<Record<string, unknown>> {
  const rows = await db.all<{ name: string; value: string }>("SELECT name, value FROM settings");
  const out: Record<string, unknown> = {};
  for (const row of rows) out[row.name] = JSON.parse(row.value);
  return out;
}

/** Writes one setting (the value must already be validated by the caller). */
export async function writeSetting(db: Db, name: string, value: unknown): Promise<void> {
  await db.run(
    "INSERT INTO settings (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    [name, JSON.stringify(value), Date.now()],
  );
}

/** Removes a stored setting so the default (or env/flag) applies again. */
export async function deleteSetting(db: Db, name: string): Promise<boolean> {
  return (await db.run("DELETE FROM settings WHERE name = ?", [name])).changes > 0;
}

/**
 * A number that changes whenever a setting is written or removed, so every running server (one
 * or several sharing a PostgreSQL database) can cheaply poll for changes (src/live-config.ts).
 */
export async function settingsVersion(db: Db): Promise<string> {
  const row = await db.get<{ v: number | null; n: number; h: string | null }>(
    "SELECT MAX(updated_at) AS v, COUNT(*) AS n, MIN(name) AS h FROM settings",
  );
  return `${row?.v ?? 0}:${row?.n ?? 0}:${row?.h ?? ""}`;
}
