/**
 * Everything the console reads or writes, behind one small interface. Screens get an
 * {@link AdminData} as a prop and never import the store or the chain reader themselves, so a test
 * renders a screen over a real temporary SQLite file and a fake (or anvil-backed) chain.
 */
import { homedir } from "node:os";
import type { Address } from "viem";
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
import { creditKey, findKeyById, keyLedger, revokeKey, type KeyRow, type LedgerRow } from "../store/keys.ts";
import { findKeys, type KeyState } from "../store/operator-keys.ts";
import { overriddenBy, runningServers, sourceLabel, type RunningServer } from "../running-settings.ts";
import { currentKit, listOrders, type KitOrderRow, type KitRow } from "../store/kit.ts";
import { readSettings, writeSetting } from "../store/settings.ts";
import { treasuryStats, type TreasuryStats } from "../store/stats.ts";
import { settlementStats, type SettlementStats } from "../store/settlements.ts";
import { loadSettlerKey } from "../payments/settler-key.ts";
import { GAS_PER_SETTLEMENT_ESTIMATE } from "../payments/settle.ts";

/** The configuration a server started with this environment and no flags would use. */
export interface EffectiveSettings {
  config: Config;
  sources: Record<SettingName, Source>;
  /** Set when the environment or a stored value does not validate; `config` is then the defaults. */
  error: string | null;
}

/**
 * What the console shows of the settings: its own view (stored values and the console's
 * environment) and what each running server really uses (flags and env included), read from the
 * servers' published settings (src/running-settings.ts).
 */
export interface SettingsView extends EffectiveSettings {
  servers: RunningServer[];
}

/** One setting as it is in effect: the running server's value when one runs, else the console's view. */
export interface InEffect {
  value: unknown;
  /** "--pay-to, running server", "stored, running server", "default, no server running", … */
  label: string;
  /** The stored value is not the one in effect, because a server's flag or env overrides it. */
  overriddenBy: string | null;
}

export function inEffect(view: SettingsView, name: SettingName): InEffect {
  const server = view.servers[0];
  const published = server?.settings[name];
  if (server && published) {
    const by = overriddenBy(name, server);
    const where = view.servers.length > 1 ? `server 1 of ${view.servers.length}` : "running server";
    return { value: published.value, label: `${sourceLabel(name, published.source)}, ${where}`, overriddenBy: by };
  }
  return {
    value: view.config[name as keyof Config],
    label: `${sourceLabel(name, view.sources[name])}, no server running`,
    overriddenBy: null,
  };
}

/** What a save did: stored, and either applied by the running servers or overridden by one's flag/env. */
export interface Saved {
  value: unknown;
  /** "stored, but the running server uses --pay-to from its command line", or null when it applies. */
  overridden: string | null;
  /** A server is running (and picks the stored value up within seconds unless overridden). */
  serverRunning: boolean;
}

export type StoredSettingName = (typeof STORED_SETTINGS)[number];

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** The part of the chain reader the console uses; tests pass a fake. */
export type AdminChain = Pick<ChainReader, "usdcBalance" | "probe">;

/**
 * Everything is async: the store may be PostgreSQL (src/store/handle.ts), and screens load through
 * `useLoad` (src/admin/use-load.ts), which also refreshes them.
 */
export interface AdminData {
  /** The data directory (shown in the header). */
  readonly dir: string;
  /** Stored settings with the console's environment, and what running servers use. */
  settings(): Promise<SettingsView>;
  /**
   * Validates `raw` as `config set` does and stores it. Lists take an array. Nothing is written
   * when the value is invalid. The outcome says whether a running server's flag or env overrides it.
   */
  saveSetting(name: StoredSettingName, raw: string | string[]): Promise<Result<Saved>>;
  treasury(): Promise<TreasuryStats>;
  /** The pay-to address's USDC balance through the RPC URLs in effect, in atomic units. */
  treasuryBalance(): Promise<Result<bigint>>;
  /**
   * The x402 settler in effect (`--settler-key-file` of the running server, else of this
   * environment): its address, ETH balance and about how many more settlements that pays for.
   * null when no settler is configured.
   */
  settler(): Promise<Result<SettlerView> | null>;
  /** x402 settlements: counts, USDC settled and gas used (beside the redemptions of `treasury`). */
  settlements(): Promise<SettlementStats>;
  /** Keys matching any part of a prefix or payer address, or an id; the newest keys for an empty query. */
  searchKeys(query: string, state?: KeyState): Promise<KeyRow[]>;
  key(id: number): Promise<KeyRow | null>;
  ledger(keyId: number): Promise<LedgerRow[]>;
  /** Operator adjustment (negative removes calls), recorded in the ledger with `reason`. */
  creditKey(keyId: number, calls: number, reason: string): Promise<Result<KeyRow>>;
  revokeKey(keyId: number): Promise<Result<KeyRow>>;
  /** Chain id, latest block and latency of one RPC URL. */
  probeRpc(url: string): Promise<ProbeResult>;
  /** The current kit, or null when none is imported. */
  kit(): Promise<KitRow | null>;
  /** Kit orders, newest first. */
  kitOrders(): Promise<KitOrderRow[]>;
  /** Imports a .tar.gz as the new current kit (as `vellum kit import FILE`); a bad file changes nothing. */
  importKit(path: string): Promise<Result<KitRow>>;
}

export interface SettlerView {
  address: Address;
  /** Wei. */
  ethBalance: bigint;
  /** ETH balance / (gas price × {@link GAS_PER_SETTLEMENT_ESTIMATE}), rounded down. */
  settlementsLeft: bigint;
}

/** Below this many settlements of gas, the Treasury screen warns. */
export const SETTLER_LOW_SETTLEMENTS = 100n;

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

  async function local(): Promise<EffectiveSettings> {
    try {
      return { ...resolveConfig({}, env, await readSettings(db)), error: null };
    } catch (err) {
      // Still open the console: it is the tool for fixing a bad stored value.
      const fallback = resolveConfig({}, {}, {});
      return { ...fallback, error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function settings(): Promise<SettingsView> {
    return { ...(await local()), servers: await runningServers(db) };
  }

  async function guard<T>(fn: () => Promise<T>): Promise<Result<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (err) {
      return { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
  }

  return {
    dir,
    settings,

    saveSetting(name, raw) {
      return guard(async () => {
        const value = Array.isArray(raw) ? parseList(name, raw) : parseStoredSetting(name, raw);
        await writeSetting(db, name, value);
        const servers = await runningServers(db);
        const server = servers.find((s) => overriddenBy(name, s) !== null);
        return {
          value,
          overridden: server ? `stored, but the running server uses ${overriddenBy(name, server)}` : null,
          serverRunning: servers.length > 0,
        };
      });
    },

    treasury: () => treasuryStats(db),

    async treasuryBalance() {
      const view = await settings();
      if (view.error) return { ok: false, error: view.error };
      const payTo = inEffect(view, "payTo").value as Address | null;
      const rpcUrls = inEffect(view, "rpcUrls").value as string[];
      if (!payTo) return { ok: false, error: "no pay-to address is set" };
      const read: ChainRead<bigint> = await makeChain(rpcUrls, view.config.chainId).usdcBalance(view.config.usdc, payTo);
      return read.ok ? { ok: true, value: read.value } : { ok: false, error: read.detail };
    },

    async settler() {
      const view = await settings();
      const file = inEffect(view, "settlerKeyFile").value as string | null;
      if (!file) return null;
      return guard(async () => {
        const address = loadSettlerKey(file).address;
        const client = createChainReader({
          rpcUrls: inEffect(view, "rpcUrls").value as string[],
          chainId: view.config.chainId,
          timeoutMs: CONSOLE_RPC_TIMEOUT_MS,
          retryCount: 0,
        }).client;
        const [ethBalance, gasPrice] = await Promise.all([client.getBalance({ address }), client.getGasPrice()]);
        const perSettlement = gasPrice * GAS_PER_SETTLEMENT_ESTIMATE;
        return { address, ethBalance, settlementsLeft: perSettlement > 0n ? ethBalance / perSettlement : 0n };
      });
    },

    settlements: () => settlementStats(db),

    searchKeys: (query, state = "all") => findKeys(db, { query, state }),
    key: (id) => findKeyById(db, id),
    ledger: (keyId) => keyLedger(db, keyId),

    creditKey(keyId, calls, reason) {
      return guard(async () => {
        // The store refuses a bad number or a blank reason (CreditError); its message is shown as is.
        return creditKey(db, keyId, calls, reason);
      });
    },

    revokeKey(keyId) {
      return guard(async () => {
        if (!(await revokeKey(db, keyId)))
          throw new Error((await findKeyById(db, keyId)) ? "the key was already revoked" : `no key with id ${keyId}`);
        return (await findKeyById(db, keyId))!;
      });
    },

    async probeRpc(url) {
      return makeChain([url], (await local()).config.chainId).probe(url);
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
