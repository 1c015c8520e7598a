/**
 * What a running server really uses. A flag or an environment variable beats a stored setting,
 * and only the server process knows its own flags and environment, so each `vellum serve`
 * publishes its effective settings with their sources in the store (table server_instances), with
 * a heartbeat. `vellum config` and the admin console read them from there: they show the value in
 * effect, and say so plainly when a stored change cannot take effect because the server overrides it.
 */
import { hostname } from "node:os";
import { envName, SETTINGS, showValue, type Resolved, type SettingName, type Source } from "./config.ts";
import type { LiveConfig } from "./live-config.ts";
import type { Logger } from "./log.ts";
import type { Db } from "./store/db.ts";
import {
  liveInstances,
  publishInstance,
  removeInstance,
  touchInstance,
  type InstanceRow,
  type PublishedSetting,
} from "./store/instances.ts";
import { VERSION } from "./version.ts";

/** How often a server renews its row. */
export const HEARTBEAT_MS = 5_000;
/** A row not renewed for this long belongs to a process that is gone (killed, crashed, host down). */
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

export type RunningServer = InstanceRow;

/** The settings of a resolved configuration as published: each value (JSON form) with its source. */
export function publishedSettings(resolved: Resolved): Record<string, PublishedSetting> {
  const out: Record<string, PublishedSetting> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    out[name] = { value: resolved.config[name as keyof typeof resolved.config] ?? null, source: resolved.sources[name] };
  }
  return out;
}

/**
 * Publishes the server's effective settings now, again whenever the live configuration changes,
 * and renews the heartbeat every {@link HEARTBEAT_MS}. A failed write is logged and retried on the
 * next beat: publishing must never stop the server from serving.
 */
export function publishRunningSettings(input: { db: Db; live: LiveConfig; url: string; log: Logger; heartbeatMs?: number }): {
  instanceId: string;
  stop(): Promise<void>;
} {
  const { db, live, url, log } = input;
  // The store handle's id: the same one that owns this process's reservations.
  const instanceId = db.instanceId;
  const startedAt = Date.now();
  let stopped = false;
  const publish = async () => {
    const now = Date.now();
    await publishInstance(db, {
      instanceId,
      hostname: hostname(),
      pid: process.pid,
      version: VERSION,
      url,
      settings: publishedSettings(live.resolved),
      startedAt,
      heartbeatAt: now,
    });
  };
  const safely = (what: string, fn: () => Promise<unknown>) =>
    fn().catch((err: unknown) => log.warn(`could not ${what}`, { error: err instanceof Error ? err.message : String(err) }));

  // Rows of servers that died without cleaning up would otherwise stay in the table forever.
  void safely("publish the effective settings", async () => {
    await removeInstance(db, "", startedAt - STALE_AFTER_MS);
    await publish();
  });
  live.onChange(() => {
    if (!stopped) void safely("publish the effective settings", publish);
  });
  const timer = setInterval(() => {
    void safely("renew the settings heartbeat", async () => {
      if (!(await touchInstance(db, instanceId, Date.now()))) await publish();
    });
  }, input.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();
  return {
    instanceId,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await safely("remove the published settings", () => removeInstance(db, instanceId));
    },
  };
}

/** Servers with a fresh heartbeat on this store (none when no server is running). */
export async function runningServers(db: Db, now = Date.now()): Promise<RunningServer[]> {
  return liveInstances(db, now - STALE_AFTER_MS);
}

/** Where a value came from, named the way the operator would change it: `--pay-to`, `VELLUM_PAY_TO`, … */
export function sourceLabel(name: SettingName, source: Source): string {
  if (source === "flag") return `--${SETTINGS[name].flag}`;
  if (source === "env") return envName(name);
  return source;
}

/**
 * Why a stored value of `name` does not reach this server, or null when it does: a flag or an
 * environment variable of the server wins over the store.
 */
export function overriddenBy(name: SettingName, server: RunningServer): string | null {
  const source = server.settings[name]?.source;
  if (source === "flag") return `--${SETTINGS[name].flag} from its command line`;
  if (source === "env") return `${envName(name)} from its environment`;
  return null;
}

/** A published value as `config list` prints it. */
export function showPublished(name: SettingName, setting: PublishedSetting | undefined): string {
  return setting === undefined ? "(not published)" : showValue(name, setting.value);
}

/** "pid 4242 on host-a, http://127.0.0.1:8402" — enough to tell two servers apart. */
export function describeServer(server: RunningServer): string {
  return `pid ${server.pid} on ${server.hostname}, ${server.url}`;
}
