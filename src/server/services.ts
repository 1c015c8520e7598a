import type { LiveConfig } from "../live-config.ts";
import type { Logger } from "../log.ts";
import type { Db } from "../store/db.ts";
import { parseAllowList, type AllowList } from "../extract/address-guard.ts";
import type { FetchPolicy } from "../extract/guarded-fetch.ts";
import { createRobotsChecker } from "../extract/robots.ts";
import { ExtractionPool } from "../extract/pool.ts";
import { FetchThread } from "../extract/fetcher.ts";
import { VERSION } from "../version.ts";
import { createChainReader } from "../payments/chain.ts";
import { MIN_PURCHASE_ATOMIC } from "../payments/amounts.ts";
import { Settler } from "../payments/settle.ts";
import { loadSettlerKey } from "../payments/settler-key.ts";
import type { AppDeps } from "./deps.ts";

export const MAX_TARGET_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

/**
 * The long-lived parts behind the routes: the worker pool, the robots cache and the fetch policy
 * (rebuilt when the configuration changes, e.g. --public-url in the User-Agent).
 */
export async function createServices(input: { live: LiveConfig; log: Logger; db: Db }) {
  const { live } = input;
  const config = live.current;
  const allow: AllowList = parseAllowList(config.allowPrivateTargets);
  const policy = (): FetchPolicy => ({
    allow,
    timeoutMs: live.current.fetchTimeoutMs,
    maxBytes: MAX_TARGET_BYTES,
    maxRedirects: MAX_REDIRECTS,
    userAgent: `VellumBot/${VERSION}${live.current.publicUrl ? ` (+${live.current.publicUrl})` : ""}`,
  });
  // Target pages and robots.txt files are downloaded on a thread of their own (fetcher.ts), never on the server's.
  const fetcher = new FetchThread();
  const robots = createRobotsChecker({ fetch: (url: URL) => fetcher.fetch(url, policy()) });
  // Timeouts, crashed and recycled workers are the operator's to see; clients only get the status code.
  const pool = new ExtractionPool({
    size: config.workers,
    queueLimit: config.queueSize,
    jobTimeoutMs: config.extractTimeoutMs,
    onEvent: (event) => (event.type === "recycled" ? input.log.info : input.log.warn)(`extraction worker ${event.type}`, event),
  });
  let chain = { urls: config.rpcUrls, reader: createChainReader({ rpcUrls: config.rpcUrls, chainId: config.chainId }) };
  const currentChain = () => {
    const urls = live.current.rpcUrls;
    // The live config hands out a new array only when the settings change.
    if (urls !== chain.urls) chain = { urls, reader: createChainReader({ rpcUrls: urls, chainId: live.current.chainId }) };
    return chain.reader;
  };
  // x402 settlement (src/payments/settle.ts): on when the operator gave a settler key file. A bad
  // file stops the start (loadSettlerKey throws SettlerKeyError with the reason).
  const settler = config.settlerKeyFile
    ? new Settler({
        db: input.db,
        log: input.log,
        account: loadSettlerKey(config.settlerKeyFile),
        client: () => currentChain().client,
        terms: () => {
          const c = live.current;
          return c.payTo
            ? {
                network: c.network,
                chainId: c.chainId,
                usdc: c.usdc,
                payTo: c.payTo,
                minimumAtomic: MIN_PURCHASE_ATOMIC,
                confirmations: c.confirmations,
              }
            : null;
        },
      })
    : null;
  // Settlements a previous process left in flight are resolved now, and what stays open later.
  let recovery: ReturnType<typeof setInterval> | null = null;
  if (settler) {
    const recover = () =>
      settler.recover().catch((error: unknown) => input.log.warn("x402 settlement recovery failed", { error: String(error) }));
    void recover();
    recovery = setInterval(recover, 60_000);
    recovery.unref();
  }
  const appDeps: Pick<AppDeps, "extract" | "chain" | "settler"> = {
    extract: { policy, robots: (url: URL) => robots.check(url), pool, fetch: (url, p) => fetcher.fetch(url, p) },
    chain: currentChain,
    settler: () => settler,
  };
  return {
    appDeps,
    pool,
    chain: currentChain,
    settler,
    close: async () => {
      if (recovery) clearInterval(recovery);
      await pool.close();
      fetcher.close();
    },
  };
}
