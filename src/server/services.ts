import type { LiveConfig } from "../live-config.ts";
import type { Logger } from "../log.ts";
import type { Db } from "../store/db.ts";
import { parseAllowList, type AllowList } from "../extract/address-guard.ts";
import { guardedFetch, type FetchPolicy } from "../extract/guarded-fetch.ts";
import { createRobotsChecker } from "../extract/robots.ts";
import { ExtractionPool } from "../extract/pool.ts";
import { VERSION } from "../version.ts";
import { createChainReader, type ChainReader } from "../payments/chain.ts";
import type { AppDeps } from "./app.ts";

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
  const robots = createRobotsChecker({ fetch: (url: URL) => guardedFetch(url, policy()) });
  const pool = new ExtractionPool({ size: config.workers, queueLimit: config.queueSize, jobTimeoutMs: config.extractTimeoutMs });
  let chain = { urls: config.rpcUrls, reader: createChainReader({ rpcUrls: config.rpcUrls, chainId: config.chainId }) };
  const currentChain = () => {
    const urls = live.current.rpcUrls;
    if (urls.join(" ") !== chain.urls.join(" ")) chain = { urls, reader: createChainReader({ rpcUrls: urls, chainId: live.current.chainId }) };
    return chain.reader;
  };
  const appDeps: Pick<AppDeps, "extract" | "chain"> = {
    extract: { policy, robots: (url: URL) => robots.check(url), pool },
    chain: currentChain,
  };
  return {
    appDeps,
    pool,
    chain: currentChain as () => ChainReader,
    close: async () => {
      await pool.close();
    },
  };
}
