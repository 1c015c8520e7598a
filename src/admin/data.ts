/**
 * Everything the console reads or writes, behind one small interface. Screens get an
 * {@link AdminData} as a prop and never import the store or the chain reader themselves, so a test
 * renders a screen over a real temporary SQLite file and a fake (or anvil-backed) chain.
 */
import { homedir } from "node:os";
import {
  ConfigError,
  type STORED_SETTINGS,
  parseStoredSetting,
  resolveConfig,
  type Config,
  type SettingName,
  type Source,
} from "../config.ts";
import { createChainReader, describeRpcUrl, type ChainRead, type ChainReader, type ProbeResult } from "../payments/chain.ts";
import { importKit } from "../kit/import.ts";
import type { Db } from "../store/db.ts";
import { creditKey, findKeyById, keyLedger, listKeys, revokeKey, searchKeys, type KeyRow, type LedgerRow } from "../store/keys.ts";
import { currentKit, listOrders, type KitOrderRow, type KitRow } from "../store/kit.ts";
import { readSettings, writeSetting } from "../store/settings.ts";
import { treasuryStats, type TreasuryStats } from "../store/stats.ts";

/** The configuration a server started with this environment and no flags would use. */
export interface EffectiveSettings {
  config: Config;
  sources: Record<SettingName, Source>;
  /** Set when the environment or a stored value does not validate; `config` is then the defaults. */
  error: string | null;
}

export type StoredSettingName = (typeof STORED_SETTINGS)[number];

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** The part of the chain reader the console uses; tests pass a fake. */
export type AdminChain = Pick<ChainReader, "usdcBalance" | "probe">;

export interface AdminData {
  /** The data directory (shown in the header). */
  readonly dir: string;
  /** Effective settings, re-read from the database on every call (a server may have changed nothing, but `config set` may). */
  settings(): EffectiveSettings;
  /**
   * Validates `raw` as `config set` does and stores it; a running server applies it within seconds.
   * Lists take an array. Nothing is written when the value is invalid.
   */
  saveSetting(name: StoredSettingName, raw: string | string[]): Result<unknown>;
  treasury(): TreasuryStats;
  /** The pay-to address's USDC balance through the configured RPC URLs, in atomic units. */
  treasuryBalance(): Promise<Result<bigint>>;
  /** Keys matching a prefix or payer address; the newest keys for an empty query. */
  searchKeys(query: string): KeyRow[];
  key(id: number): KeyRow | null;
  ledger(keyId: number): LedgerRow[];
  /** Operator adjustment (negative removes calls), recorded in the ledger with `reason`. */
  creditKey(keyId: number, calls: number, reason: string): Result<KeyRow>;
  revokeKey(keyId: number): Result<KeyRow>;
  /** Chain id, latest block and latency of one RPC URL. */
  probeRpc(url: string): Promise<ProbeResult>;
  /** The current kit, or null when none is imported. */
  kit(): KitRow | null;
  /** Kit orders, newest first. */
  kitOrders(): KitOrderRow[];
  /** Imports a .tar.gz as the new current kit (as `vellum kit import FILE`); a bad file changes nothing. */
  importKit(path: string): Promise<Result<KitRow>>;
}

export interface AdminDataOptions {
  db: Db;
  dir: string;
  /** The environment whose VELLUM_* values override stored settings (as for `serve`). */
  env: Record<string, string | undefined>;
  /** Builds the chain access for the current RPC URLs (default: the real viem reader). */
  chain?: (rpcUrls: string[], chainId: number) => AdminChain;
}

/** A short timeout: an operator is waiting on the screen, and the reader falls back URL by URL. */
const CONSOLE_RPC_TIMEOUT_MS = 5_000;

export function createAdminData(options: AdminDataOptions): AdminData {
  const { db, dir, env } = options;
  const makeChain =
    options.chain ??
    ((rpcUrls: string[], chainId: number) => createChainReader({ rpcUrls, chainId, timeoutMs: CONSOLE_RPC_TIMEOUT_MS, retryCount: 0 }));

  function settings(): EffectiveSettings {
    try {
      return { ...resolveConfig({}, env, readSettings(db)), error: null };
    } catch (err) {
      // Still open the console: it is the tool for fixing a bad stored value.
      const fallback = resolveConfig({}, {}, {});
      return { ...fallback, error: err instanceof Error ? err.message : String(err) };
    }
  }

  function guard<T>(fn: () => T): Result<T> {
    try {
      return { ok: true, value: fn() };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  return {
    dir,
    settings,

    saveSetting(name, raw) {
      return guard(() => {
        const value = Array.isArray(raw) ? parseList(name, raw) : parseStoredSetting(name, raw);
        writeSetting(db, name, value);
        return value;
      });
    },

    treasury: () => treasuryStats(db),

    async treasuryBalance() {
      const { config, error } = settings();
      if (error) return { ok: false, error };
      if (!config.payTo) return { ok: false, error: "no pay-to address is set" };
      const read: ChainRead<bigint> = await makeChain(config.rpcUrls, config.chainId).usdcBalance(config.usdc, config.payTo);
      return read.ok ? { ok: true, value: read.value } : { ok: false, error: read.detail };
    },

    searchKeys: (query) => (query.trim() ? searchKeys(db, query) : listKeys(db)),
    key: (id) => findKeyById(db, id),
    ledger: (keyId) => keyLedger(db, keyId),

    creditKey(keyId, calls, reason) {
      return guard(() => {
        // The store refuses a bad number or a blank reason (CreditError); its message is shown as is.
        return creditKey(db, keyId, calls, reason);
      });
    },

    revokeKey(keyId) {
      return guard(() => {
        if (!revokeKey(db, keyId)) throw new Error(findKeyById(db, keyId) ? "the key was already revoked" : `no key with id ${keyId}`);
        return findKeyById(db, keyId)!;
      });
    },

    probeRpc(url) {
      return makeChain([url], settings().config.chainId).probe(url);
    },

    kit: () => currentKit(db),
    kitOrders: () => listOrders(db),

    async importKit(path) {
      // The console is not a shell: expand a leading ~ the way the operator expects.
      const file = path.replace(/^~(?=$|\/)/, homedir());
      const result = await importKit({ dataDir: dir, file, db });
      return result.ok ? { ok: true, value: result.kit } : { ok: false, error: result.message };
    },
  };
}

/**
 * Validates a list setting item by item, so one item may not smuggle in a comma (the stored
 * form is a JSON array, but `config set` and the environment split on commas).
 */
function parseList(name: StoredSettingName, items: string[]): unknown[] {
  const out: unknown[] = [];
  for (const item of items) {
    if (item.includes(",")) throw new ConfigError(`${name}: "${item}" must not contain a comma`);
    const parsed = parseStoredSetting(name, item);
    if (!Array.isArray(parsed)) throw new ConfigError(`${name} is not a list setting`);
    out.push(...parsed);
  }
  if (name === "rpcUrls") {
    // resolveConfig refuses to start without an RPC URL; refuse to store such a list.
    if (out.length === 0) throw new ConfigError("at least one RPC URL is required");
    // The same endpoint twice adds no fallback, only a second wait when it is down.
    const dup = out.find((url, i) => out.indexOf(url) !== i);
    if (dup !== undefined) throw new ConfigError(`${describeRpcUrl(String(dup))} is already in the list`);
  }
  return out;
}
