/**
 * The chain reader: vellum's only way to read the blockchain. A viem public client over one or
 * more JSON-RPC URLs tried in order (`fallback`), with every cache off because its reads decide
 * money: a cached block number could count a confirmation that does not exist.
 *
 * RPC URLs often carry an API key in the path or the userinfo, so no text this module returns
 * contains one: errors are reduced by {@link describeRpcError} and URLs shown to an operator go
 * through {@link describeRpcUrl}.
 */
import {
  BaseError,
  HttpRequestError,
  TimeoutError,
  createPublicClient,
  defineChain,
  erc20Abi,
  fallback,
  http,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
} from "viem";
import { base, baseSepolia } from "viem/chains";

/** Options of {@link createChainReader}. */
export interface ChainReaderOptions {
  /** JSON-RPC endpoints, tried in this order for every request (the first that answers wins). */
  rpcUrls: string[];
  /** The chain id the service is configured for (8453 for `eip155:8453`). */
  chainId: number;
  /** Per-request timeout of one URL, in milliseconds (default 10 000). */
  timeoutMs?: number;
  /**
   * How many more times a request that failed on every URL is sent again from the first URL,
   * after 150 ms, 300 ms, … (default 1). Keep it small: a redeem waits for all of them.
   */
  retryCount?: number;
}

/** A read that either answers or reports the chain as unavailable (never throws). */
export type ChainRead<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      reason: "chain_unavailable";
      /** What went wrong, for logs and the admin console; never contains a URL. */
      detail: string;
    };

/** Outcome of {@link ChainReader.checkChainId}. */
export type ChainIdCheck =
  | {
      ok: true;
      chainId: number;
      /** How many configured URLs did not answer (they agree or were skipped); worth a warning. */
      unreachable: number;
    }
  | {
      ok: false;
      reason: "mismatch";
      expected: number;
      actual: number;
      /** 0-based position of the first URL that answered with another chain. */
      urlIndex: number;
      /** A start-up error sentence naming the URL by origin only. */
      message: string;
    }
  | {
      ok: false;
      reason: "unreachable";
      expected: number;
      /** A start-up error sentence; no URL paths or credentials. */
      message: string;
    };

/** Outcome of {@link ChainReader.probe} for one URL (the admin RPC screen). */
export type ProbeResult =
  | { ok: true; chainId: number; latestBlock: bigint; latencyMs: number }
  | { ok: false; error: string; latencyMs: number };

/** What the rest of vellum uses to read the chain. */
export interface ChainReader {
  /** The configured chain id. */
  readonly chainId: number;
  /** How many URLs the fallback holds, in order. */
  readonly urlCount: number;
  /**
   * The underlying viem client (fallback transport, `cacheTime: 0`, no batching). For the
   * payments module's own reads; everything else should use the methods below.
   */
  readonly client: PublicClient<Transport, Chain>;
  /**
   * Asks every configured URL for its chain id. A mismatch on any URL that answers is an error
   * (it would be used the moment the URLs before it fail); so is no URL answering.
   */
  checkChainId(): Promise<ChainIdCheck>;
  /** The latest block number, uncached. */
  latestBlock(): Promise<ChainRead<bigint>>;
  /** `balanceOf(owner)` of an ERC-20 (USDC) at the latest block, in atomic units. */
  usdcBalance(usdc: Address, owner: Address): Promise<ChainRead<bigint>>;
  /** Chain id, latest block and latency of one URL on its own (configured or not). */
  probe(url: string): Promise<ProbeResult>;
  /**
   * {@link probe} of every configured URL, in fallback order. `label` is the URL without path,
   * query or credentials ({@link describeRpcUrl}): show that, not `url`.
   */
  probeAll(): Promise<{ url: string; label: string; result: ProbeResult }[]>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The viem chain definition for an id: Base and Base Sepolia have OP-stack formatters. */
export function chainFor(chainId: number): Chain {
  if (chainId === base.id) return base;
  if (chainId === baseSepolia.id) return baseSepolia;
  return defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
}

/**
 * Builds the reader. Nothing is sent until a method is called; call
 * {@link ChainReader.checkChainId} at start-up and refuse to serve on a mismatch.
 *
 * @param options.rpcUrls at least one http(s) URL; credentials in the URL stay in it and are
 *   never echoed back.
 * @throws TypeError when `rpcUrls` is empty (a configuration bug, not a runtime condition).
 */
export function createChainReader(options: ChainReaderOptions): ChainReader {
  if (options.rpcUrls.length === 0) throw new TypeError("createChainReader: at least one RPC URL is required");
  const chain = chainFor(options.chainId);
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const urls = [...options.rpcUrls];

  const client = createPublicClient({
    chain,
    transport: fallback(
      urls.map((url) => http(url, { batch: false, timeout, retryCount: 0 })),
      { rank: false, retryCount: options.retryCount ?? 1 },
    ),
    // Money-deciding reads: no block-number cache, no JSON-RPC batching, no multicall batching.
    cacheTime: 0,
    batch: { multicall: false },
  }) as PublicClient<Transport, Chain>;

  const singleUrlClient = (url: string) =>
    createPublicClient({
      chain,
      transport: http(url, { batch: false, timeout, retryCount: 0 }),
      cacheTime: 0,
    });

  async function probe(url: string): Promise<ProbeResult> {
    const started = performance.now();
    try {
      const one = singleUrlClient(url);
      const [chainId, latestBlock] = await Promise.all([one.getChainId(), one.getBlockNumber({ cacheTime: 0 })]);
      return { ok: true, chainId, latestBlock, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return { ok: false, error: describeRpcError(error), latencyMs: Math.round(performance.now() - started) };
    }
  }

  return {
    chainId: options.chainId,
    urlCount: urls.length,
    client,

    async checkChainId() {
      const expected = options.chainId;
      const answers = await Promise.all(urls.map((url) => probe(url)));
      let unreachable = 0;
      for (const [i, answer] of answers.entries()) {
        if (!answer.ok) {
          unreachable++;
          continue;
        }
        if (answer.chainId !== expected) {
          return {
            ok: false,
            reason: "mismatch",
            expected,
            actual: answer.chainId,
            urlIndex: i,
            message: `RPC URL #${i + 1} (${describeRpcUrl(urls[i] ?? "")}) serves chain id ${answer.chainId}, but the network is eip155:${expected}; fix --rpc-url or --network.`,
          };
        }
      }
      if (unreachable === answers.length) {
        const details = answers.map((a, i) => `#${i + 1} ${describeRpcUrl(urls[i] ?? "")}: ${a.ok ? "ok" : a.error}`);
        return {
          ok: false,
          reason: "unreachable",
          expected,
          message: `No RPC URL answered, so the chain id (expected ${expected}) could not be checked (${details.join("; ")}).`,
        };
      }
      return { ok: true, chainId: expected, unreachable };
    },

    async latestBlock() {
      return read(() => client.getBlockNumber({ cacheTime: 0 }));
    },

    async usdcBalance(usdc, owner) {
      return read(() => client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [owner] }));
    },

    probe,

    async probeAll() {
      return Promise.all(urls.map(async (url) => ({ url, label: describeRpcUrl(url), result: await probe(url) })));
    },
  };
}

async function read<T>(fn: () => Promise<T>): Promise<ChainRead<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, reason: "chain_unavailable", detail: describeRpcError(error) };
  }
}

/**
 * An RPC URL reduced to what is safe to show or log: scheme, host and port. Paths, queries and
 * userinfo (where providers put API keys) are dropped. Unparseable input gives `"invalid URL"`.
 */
export function describeRpcUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return "invalid URL";
  }
}

/**
 * A short, URL-free description of a failed RPC read, for logs and the admin console (never for
 * a client response, which gets only the reason code's message).
 */
export function describeRpcError(error: unknown): string {
  if (error instanceof TimeoutError) return "timeout";
  if (error instanceof BaseError) {
    const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
    if (http?.status) return `HTTP ${http.status}`;
    if (http) return redactUrls(`unreachable (${http.details || "no response"})`);
    const code = (error as { code?: unknown }).code;
    const text = error.details || error.shortMessage;
    return redactUrls(typeof code === "number" ? `RPC error ${code}: ${text}` : text);
  }
  if (error instanceof Error) return redactUrls(error.message);
  return "unknown error";
}

function redactUrls(text: string): string {
  return text.replace(/\b(?:https?|wss?):\/\/\S+/gi, "<url>").slice(0, 300);
}
