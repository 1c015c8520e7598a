import type { ExtractDeps } from "../extract/service.ts";
import type { LiveConfig } from "../live-config.ts";
import type { Logger } from "../log.ts";
import type { ChainReader } from "../payments/chain.ts";
import type { Settler } from "../payments/settle.ts";
import type { Db } from "../store/db.ts";

/**
 * What every route is built from: the store, the live configuration, the logger and the
 * long-lived services (src/server/services.ts). Routes import this type, never src/server/app.ts
 * (the composition root imports the routes; see ARCHITECTURE.md, "Dependency direction").
 */
export interface AppDeps {
  db: Db;
  live: LiveConfig;
  log: Logger;
  extract: Omit<ExtractDeps, "policy"> & { policy: () => ExtractDeps["policy"] };
  /** The chain reader for the current RPC settings (rebuilt when they change). */
  chain: () => ChainReader;
  /** The x402 settler when `--settler-key-file` is set, else null (src/payments/settle.ts). */
  settler?: () => Settler | null;
  /** The clock, in Unix milliseconds (Date.now unless a test injects one). */
  now?: () => number;
}
