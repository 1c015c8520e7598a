import type { Source } from "../config.ts";
import type { Db } from "./db.ts";

/** One setting as a running server resolved it. `value` is the JSON form of the parsed value. */
export interface PublishedSetting {
  value: unknown;
  source: Source;
}

/** A running `vellum serve` as it last described itself. */
export interface InstanceRow {
  instanceId: string;
  hostname: string;
  pid: number;
  version: string;
  url: string;
  settings: Record<string, PublishedSetting>;
  startedAt: number;
  heartbeatAt: number;
}

/**
 * Writes (or replaces) a server's row: its effective settings and a fresh heartbeat.
 * @param row times in unix ms; `settings` must be JSON-serialisable (no bigint)
 */
export async function publishInstance(db: Db, row: InstanceRow): Promise<void> {
  await db.run(
    `INSERT INTO server_instances (instance_id, hostname, pid, version, url, settings, started_at, heartbeat_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (instance_id) DO UPDATE SET settings = excluded.settings, url = excluded.url, heartbeat_at = excluded.heartbeat_at`,
    [row.instanceId, row.hostname, row.pid, row.version, row.url, JSON.stringify(row.settings), row.startedAt, row.heartbeatAt],
  );
}

/** Moves a server's heartbeat to `at` (unix ms). Returns false when its row is gone (then publish again). */
export async function touchInstance(db: Db, instanceId: string, at: number): Promise<boolean> {
  return (await db.run("UPDATE server_instances SET heartbeat_at = ? WHERE instance_id = ?", [at, instanceId])).changes > 0;
}

/** Removes a server's row (clean stop), and rows whose heartbeat is older than `staleBefore` (dead processes). */
export async function removeInstance(db: Db, instanceId: string, staleBefore = 0): Promise<void> {
  await db.run("DELETE FROM server_instances WHERE instance_id = ? OR heartbeat_at < ?", [instanceId, staleBefore]);
}

/**
 * Servers whose heartbeat is at or after `since` (unix ms), oldest start first. A row with an older
 * heartbeat belongs to a process that died without removing it: it is not returned.
 */
export async function liveInstances(db: Db, since: number): Promise<InstanceRow[]> {
  const rows = await db.all<Omit<InstanceRow, "settings"> & { settings: string }>(
    `SELECT instance_id AS instanceId, hostname, pid, version, url, settings, started_at AS startedAt, heartbeat_at AS heartbeatAt
     FROM server_instances WHERE heartbeat_at >= ? ORDER BY started_at, instance_id`,
    [since],
  );
  // BIGINT columns come back as bigint or string from PostgreSQL.
  return rows.map((r) => ({
    ...r,
    pid: Number(r.pid),
    startedAt: Number(r.startedAt),
    heartbeatAt: Number(r.heartbeatAt),
    settings: JSON.parse(r.settings),
  }));
}
