import { ConfigError, resolveConfig, type Config, type FlagValues, type Resolved } from "./config.ts";
import type { Logger } from "./log.ts";
import type { Db } from "./store/db.ts";
import { readSettings, settingsVersion } from "./store/settings.ts";

/**
 * The configuration of a running server. Stored settings changed by `vellum config set` or the
 * admin console (another process, same SQLite file or the same PostgreSQL database shared by several
 * instances) are picked up by polling a cheap version, so a change applies to every instance
 * within `pollMs` without a restart. A stored value that no longer
 * validates is logged and ignored: the server keeps its last good configuration.
 */
export interface LiveConfig {
  readonly current: Config;
  readonly resolved: Resolved;
  onChange(listener: (config: Config) => void): void;
  stop(): void;
}

export async function createLiveConfig(input: {
  flags: FlagValues;
  env: Record<string, string | undefined>;
  db: Db;
  log: Logger;
  pollMs?: number;
}): Promise<LiveConfig> {
  let resolved = resolveConfig(input.flags, input.env, await readSettings(input.db));
  let version = await settingsVersion(input.db);
  const listeners: ((config: Config) => void)[] = [];
  let polling = false;
  const timer = setInterval(async () => {
    if (polling) return;
    polling = true;
    try {
      const next = await settingsVersion(input.db);
      if (next === version) return;
      version = next;
      resolved = resolveConfig(input.flags, input.env, await readSettings(input.db));
      input.log.info("stored settings changed; applied", {});
      for (const l of listeners) l(resolved.config);
    } catch (err) {
      input.log.error("stored settings rejected; keeping the previous configuration", {
        error: err instanceof ConfigError ? err.message : "unreadable settings",
      });
    } finally {
      polling = false;
    }
  }, input.pollMs ?? 2000);
  timer.unref();
  return {
    get current() {
      return resolved.config;
    },
    get resolved() {
      return resolved;
    },
    onChange: (l) => void listeners.push(l),
    stop: () => clearInterval(timer),
  };
}
