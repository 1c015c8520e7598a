import { getAddress, isAddress, type Address } from "viem";
import { parseAllowList } from "./extract/address-guard.ts";
import { parseCidr } from "./net/ip.ts";

/**
 * One typed configuration, resolved from four layers: defaults < stored settings (SQLite) <
 * environment `VELLUM_*` < command-line flags. Every value is validated once, here, and a bad
 * value stops the start with a message naming the setting, its source and the value.
 */
export interface Config {
  http: { host: string; port: number };
  dir: string;
  publicUrl: string | null;
  trustedProxies: string[];
  logFormat: "json" | "pretty" | null;
  rpcUrls: string[];
  payTo: Address | null;
  network: string;
  chainId: number;
  usdc: Address;
  confirmations: number;
  freeCallsPerDay: number;
  kitPriceUsd: string;
  kitDownloads: number;
  allowPrivateTargets: string[];
  redeemRequireSignature: boolean;
  /** The settler's private key file: x402 `exact` payments are settled on-chain when set. */
  settlerKeyFile: string | null;
  workers: number;
  queueSize: number;
  fetchTimeoutMs: number;
  extractTimeoutMs: number;
  requestTimeoutMs: number;
  freeFailedCalls: number;
  paidFailedCalls: number;
  failedCallsWindowS: number;
  drainTimeoutMs: number;
  cacheTtl: number;
  cacheMaxMb: number;
}

export type Source = "flag" | "env" | "stored" | "default";

export class ConfigError extends Error {}

/** Validators that need other modules (CIDR parsing) are injected to keep this file dependency-light. */
type Parse<T> = (raw: string) => T;

interface Setting<T> {
  /** Flag name without dashes; the env var is VELLUM_ + its upper snake case. */
  flag: string;
  describe: string;
  default: T;
  parse: Parse<T>;
  /** Operators can store it with `vellum config set` / the admin console. */
  stored?: boolean;
  /** Repeatable flag (values accumulate); env and `config set` take a comma-separated list. */
  repeatable?: boolean;
  /** Shown by `config list` / help as the default. */
  show?: (v: T) => string;
  /** The value's placeholder in `serve --help` (HOST:PORT, ADDRESS, N, …); guessed from the default when absent. */
  placeholder?: string;
  /** The default as `serve --help` words it, when the value itself would mislead (computed, none). */
  defaultText?: string;
}

const int =
  (min: number, max: number): Parse<number> =>
  (raw) => {
    if (/^-\d+$/.test(raw.trim())) throw new ConfigError(`expected a whole number from ${min} to ${max}, got ${raw.trim()}`);
    if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`expected a whole number from ${min} to ${max}, got "${raw}"`);
    const n = Number(raw.trim());
    if (n < min || n > max) throw new ConfigError(`expected a number from ${min} to ${max}, got ${n}`);
    return n;
  };

const list =
  (each: (item: string) => string): Parse<string[]> =>
  (raw) =>
    raw
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
      .map(each);

const address: Parse<Address> = (raw) => {
  const v = raw.trim();
  if (!isAddress(v, { strict: false })) throw new ConfigError(`"${raw}" is not an EVM address (0x followed by 40 hex digits)`);
  if (!isAddress(v, { strict: true }))
    throw new ConfigError(`"${raw}" has a wrong EIP-55 checksum (mixed case must match; use all lowercase or the checksummed form)`);
  return getAddress(v);
};

const httpUrl: Parse<string> = (raw) => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`"${raw}" is not a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`"${raw}" must be an http(s) URL`);
  return url.toString().replace(/\/$/, "");
};

const hostPort: Parse<{ host: string; port: number }> = (raw) => {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})$/.exec(raw.trim());
  if (!m) throw new ConfigError(`expected HOST:PORT (e.g. 127.0.0.1:8402), got "${raw}"`);
  const port = Number(m[2]);
  if (port > 65535) throw new ConfigError(`port ${port} is out of range`);
  return { host: m[1]!.replace(/^\[|\]$/g, ""), port };
};

const bool: Parse<boolean> = (raw) => {
  const v = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(v)) return true;
  if (["0", "false", "no", "off"].includes(v)) return false;
  throw new ConfigError(`expected true or false, got "${raw}"`);
};

/** A USD amount with at most 6 decimals (USDC's precision), kept as a string to stay exact. */
const usd: Parse<string> = (raw) => {
  const v = raw.trim();
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(v)) throw new ConfigError(`expected a USD amount like 29 or 29.50, got "${raw}"`);
  if (Number(v) <= 0) throw new ConfigError(`the amount must be above zero, got "${raw}"`);
  return v;
};

const network: Parse<string> = (raw) => {
  const v = raw.trim();
  if (!/^eip155:\d{1,12}$/.test(v)) throw new ConfigError(`expected a CAIP-2 EVM network like eip155:8453, got "${raw}"`);
  return v;
};

const cidr = (entry: string): string => {
  if (parseCidr(entry) === null) throw new ConfigError(`"${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8)`);
  return entry;
};

const allowEntry = (entry: string): string => {
  try {
    parseAllowList([entry]);
  } catch (err) {
    // The caller names the flag (or env var) once; the guard's own prefix would repeat it.
    const reason = (err as Error).message.replace(/^-*allow-private-targets:\s*/, "");
    throw new ConfigError(`${reason} (expected a CIDR like 10.0.0.0/8 or an exact host:port like 127.0.0.1:8080)`);
  }
  return entry;
};

export const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as Address;

export const SETTINGS = {
  http: {
    flag: "http",
    describe: "address to listen on",
    placeholder: "HOST:PORT",
    default: { host: "127.0.0.1", port: 8402 },
    parse: hostPort,
    show: (v: { host: string; port: number }) => `${v.host.includes(":") ? `[${v.host}]` : v.host}:${v.port}`,
  },
  dir: {
    flag: "dir",
    describe: "data directory (SQLite file, kit, backups)",
    placeholder: "PATH",
    default: "./vellum_data",
    parse: (r: string) => r.trim(),
  },
  publicUrl: {
    flag: "public-url",
    describe: "public base URL for absolute links",
    placeholder: "URL",
    defaultText: "the request's host",
    default: null as string | null,
    parse: httpUrl,
    stored: true,
  },
  trustedProxies: {
    flag: "trusted-proxies",
    describe: "CIDRs of reverse proxies whose X-Forwarded-For is honoured",
    placeholder: "CIDRS",
    default: [] as string[],
    parse: list(cidr),
    stored: true,
  },
  logFormat: {
    flag: "log-format",
    describe: "log line format on stderr",
    placeholder: "json|pretty",
    defaultText: "pretty on a TTY, else json",
    default: null as "json" | "pretty" | null,
    parse: (r: string) => {
      if (r !== "json" && r !== "pretty") throw new ConfigError(`expected json or pretty, got "${r}"`);
      return r;
    },
  },
  rpcUrls: {
    flag: "rpc-url",
    describe: "Base RPC URL (repeatable, fallback order)",
    placeholder: "URL",
    default: ["https://mainnet.base.org"],
    parse: list((e) => httpUrl(e)),
    stored: true,
    repeatable: true,
  },
  payTo: {
    flag: "pay-to",
    describe: "treasury address that receives USDC",
    placeholder: "ADDRESS",
    defaultText: "none: no calls are sold",
    default: null as Address | null,
    parse: address,
    stored: true,
  },
  network: { flag: "network", describe: "CAIP-2 network of payments", placeholder: "eip155:N", default: "eip155:8453", parse: network },
  usdc: { flag: "usdc", describe: "USDC contract address", placeholder: "ADDRESS", default: BASE_USDC, parse: address },
  confirmations: {
    flag: "confirmations",
    describe: "confirmations required before a redeem",
    default: 2,
    parse: int(1, 1000),
    stored: true,
  },
  freeCallsPerDay: {
    flag: "free-calls-per-day",
    describe: "free calls per client IP per UTC day",
    default: 5,
    parse: int(0, 1_000_000),
    stored: true,
  },
  kitPriceUsd: { flag: "kit-price-usd", describe: "seller kit price in USD", placeholder: "USD", default: "29", parse: usd, stored: true },
  kitDownloads: { flag: "kit-downloads", describe: "downloads per kit order", default: 5, parse: int(1, 1000), stored: true },
  allowPrivateTargets: {
    flag: "allow-private-targets",
    describe: "CIDRs or host:port entries exempt from the private-address refusal",
    placeholder: "LIST",
    default: [] as string[],
    parse: list(allowEntry),
  },
  redeemRequireSignature: {
    flag: "redeem-require-signature",
    describe: "require the payer's signature on /redeem and /kit/redeem",
    default: false,
    parse: bool,
    stored: true,
  },
  settlerKeyFile: {
    flag: "settler-key-file",
    describe: "file holding the settler's private key (mode 0600; pays gas only): enables x402 payments settled by this service",
    placeholder: "PATH",
    default: null as string | null,
    defaultText: "none (x402 payments not settled)",
    parse: (raw: string) => {
      if (!raw.trim()) throw new ConfigError("expected a file path");
      return raw.trim();
    },
  },
  workers: {
    flag: "workers",
    describe: "extraction workers",
    defaultText: "CPU count",
    default: Math.max(1, navigator.hardwareConcurrency || 1),
    parse: int(1, 256),
  },
  queueSize: { flag: "queue-size", describe: "extractions waiting for a worker before 503 busy", default: 32, parse: int(0, 100_000) },
  fetchTimeoutMs: { flag: "fetch-timeout-ms", describe: "overall timeout of a target fetch", default: 15_000, parse: int(100, 600_000) },
  extractTimeoutMs: {
    flag: "extract-timeout-ms",
    describe: "deadline of one extraction in a worker",
    default: 20_000,
    parse: int(100, 600_000),
  },
  requestTimeoutMs: {
    flag: "request-timeout-ms",
    // Below Bun's 120 s idle timeout, so every /extract call gets an HTTP answer.
    describe: "overall deadline of one /extract call (robots.txt, fetch, queue, extraction); past it 503 busy",
    default: 40_000,
    parse: int(1_000, 115_000),
  },
  freeFailedCalls: {
    flag: "free-failed-calls",
    describe: "failed free calls per IP (IPv6: /64) per window before 429 too_many_failures",
    default: 10,
    parse: int(1, 1_000_000),
    stored: true,
  },
  paidFailedCalls: {
    flag: "paid-failed-calls",
    describe: "failed paid calls per key per window before 429 too_many_failures",
    default: 100,
    parse: int(1, 1_000_000),
    stored: true,
  },
  failedCallsWindowS: {
    flag: "failed-calls-window-s",
    describe: "length in seconds of the failed-call budget's window",
    default: 600,
    parse: int(10, 86_400),
    stored: true,
  },
  drainTimeoutMs: {
    flag: "drain-timeout-ms",
    describe: "how long SIGTERM waits for in-flight requests",
    default: 10_000,
    parse: int(0, 600_000),
  },
  cacheTtl: {
    flag: "cache-ttl",
    describe: "seconds a successful extraction is served from the cache (0 disables it)",
    default: 3600,
    parse: int(0, 31_536_000),
    stored: true,
  },
  cacheMaxMb: {
    flag: "cache-max-mb",
    describe: "bound on the extraction cache's stored size in MiB (oldest evicted first)",
    default: 256,
    parse: int(1, 1_000_000),
  },
} satisfies { [K in keyof Omit<Config, "chainId">]: Setting<Config[K]> };

export type SettingName = keyof typeof SETTINGS;
export const STORED_SETTINGS = (Object.keys(SETTINGS) as SettingName[]).filter((k) => (SETTINGS[k] as Setting<unknown>).stored);

export function envName(name: SettingName): string {
  return `VELLUM_${SETTINGS[name].flag.replace(/-/g, "_").toUpperCase()}`;
}

/** Raw flag values as parsed from argv: strings, or string arrays for repeatable flags. */
export type FlagValues = Partial<Record<SettingName, string | string[]>>;

export interface Resolved {
  config: Config;
  sources: Record<SettingName, Source>;
}

/**
 * Resolves the configuration. `stored` values are JSON as written by `config set`; they are
 * re-validated here too, so a hand-edited database cannot smuggle in a bad value.
 * @throws ConfigError naming the setting, where it came from and why the value is bad.
 */
export function resolveConfig(flags: FlagValues, env: Record<string, string | undefined>, stored: Record<string, unknown>): Resolved {
  const out: Record<string, unknown> = {};
  const sources = {} as Record<SettingName, Source>;
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const setting = SETTINGS[name] as Setting<unknown>;
    const flag = flags[name];
    const envValue = env[envName(name)];
    const storedValue = setting.stored ? stored[name] : undefined;
    const [source, raw]: [Source, string | undefined] =
      flag !== undefined
        ? ["flag", Array.isArray(flag) ? flag.join(",") : flag]
        : envValue !== undefined && envValue !== ""
          ? ["env", envValue]
          : storedValue !== undefined && storedValue !== null
            ? ["stored", storedToRaw(storedValue)]
            : ["default", undefined];
    sources[name] = source;
    if (raw === undefined) {
      out[name] = setting.default;
      continue;
    }
    try {
      out[name] = setting.parse(raw);
    } catch (err) {
      const where = source === "flag" ? `--${setting.flag}` : source === "env" ? envName(name) : `stored setting ${name}`;
      throw new ConfigError(`${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const config = out as unknown as Config;
  config.chainId = Number(config.network.split(":")[1]);
  if (config.rpcUrls.length === 0) throw new ConfigError("at least one RPC URL is required (--rpc-url)");
  return { config, sources };
}

function storedToRaw(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(",");
  return String(value);
}

/**
 * Validates a value for `vellum config set NAME VALUE` and returns what to store (JSON-ready).
 * @throws ConfigError for an unknown or non-stored name, or a bad value.
 */
export function parseStoredSetting(name: string, raw: string): unknown {
  if (!(name in SETTINGS) || !(SETTINGS[name as SettingName] as Setting<unknown>).stored)
    throw new ConfigError(`"${name}" is not a stored setting; these are: ${STORED_SETTINGS.join(", ")}`);
  try {
    return (SETTINGS[name as SettingName] as Setting<unknown>).parse(raw);
  } catch (err) {
    throw new ConfigError(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A value as `config list` and help texts print it. */
export function showValue(name: SettingName, value: unknown): string {
  const setting = SETTINGS[name] as Setting<unknown>;
  if (setting.show) return setting.show(value);
  if (value === null) return "(none)";
  if (Array.isArray(value)) return value.length ? value.join(",") : "(none)";
  return String(value);
}
