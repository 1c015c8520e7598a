import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createChainReader, describeRpcUrl } from "../../src/payments/chain.ts";
import { freePort, startAnvil, type Anvil } from "../helpers/anvil.ts";
import { startRpcProxy, type RpcProxy } from "../helpers/rpc-proxy.ts";

let base: Anvil;
let mainnet: Anvil;
let deadUrl: string;
let proxy: RpcProxy;
// What an operator's URL with an API key looks like; the proxy serves any path.
let secretUrl: string;

beforeAll(async () => {
  [base, mainnet] = await Promise.all([startAnvil(), startAnvil({ chainId: 1, bare: true })]);
  deadUrl = `http://127.0.0.1:${await freePort()}`;
  proxy = startRpcProxy(base.rpcUrl);
  secretUrl = `${proxy.url.replace("http://", "http://vellum:hunter2@")}/v2/SECRETKEY`;
});

afterAll(async () => {
  proxy?.stop();
  await Promise.all([base?.stop(), mainnet?.stop()]);
});

const fast = { chainId: 8453, timeoutMs: 1_000, retryCount: 0 };

describe("checkChainId", () => {
  test("a Base RPC matches eip155:8453", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl] });
    expect(await reader.checkChainId()).toEqual({ ok: true, chainId: 8453, unreachable: 0 });
  });

  test("an RPC of another chain is a mismatch with the actual id and a clear message", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [mainnet.rpcUrl] });
    const check = await reader.checkChainId();
    expect(check).toMatchObject({ ok: false, reason: "mismatch", expected: 8453, actual: 1, urlIndex: 0 });
    expect(!check.ok && check.message).toBe(
      `RPC URL #1 (${mainnet.rpcUrl}) serves chain id 1, but the network is eip155:8453; fix --rpc-url or --network.`,
    );
  });

  test("a mismatching fallback URL is caught even when the first URL is right", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl, mainnet.rpcUrl] });
    expect(await reader.checkChainId()).toMatchObject({ ok: false, reason: "mismatch", actual: 1, urlIndex: 1 });
  });

  test("one dead URL beside a good one is ok, with the dead one counted", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [deadUrl, base.rpcUrl] });
    expect(await reader.checkChainId()).toEqual({ ok: true, chainId: 8453, unreachable: 1 });
  });

  test("no URL answering is unreachable", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [deadUrl] });
    expect(await reader.checkChainId()).toMatchObject({ ok: false, reason: "unreachable", expected: 8453 });
  });

  test("messages never carry an RPC URL's path or credentials", async () => {
    const mismatch = await createChainReader({ ...fast, chainId: 10, rpcUrls: [secretUrl] }).checkChainId();
    expect(mismatch).toMatchObject({ ok: false, reason: "mismatch", actual: 8453 });
    const down = await createChainReader({
      ...fast,
      rpcUrls: [`http://key:hunter2@127.0.0.1:${new URL(deadUrl).port}/v2/SECRETKEY`],
    }).checkChainId();
    expect(down).toMatchObject({ ok: false, reason: "unreachable" });
    for (const check of [mismatch, down]) {
      const text = JSON.stringify(check);
      expect(text).not.toContain("hunter2");
      expect(text).not.toContain("SECRETKEY");
    }
  });
});

describe("reads", () => {
  test("latestBlock is the node's block number, uncached", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl] });
    const before = await reader.latestBlock();
    expect(before).toEqual({ ok: true, value: await base.blockNumber() });
    await base.mine(3);
    const after = await reader.latestBlock();
    expect(after.ok && before.ok && after.value - before.value).toBe(3n);
  });

  test("the first URL dead, the second answers", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [deadUrl, base.rpcUrl] });
    expect(await reader.latestBlock()).toEqual({ ok: true, value: await base.blockNumber() });
  });

  test("an RPC that is down is chain_unavailable, not a throw", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [deadUrl] });
    const read = await reader.latestBlock();
    expect(read).toMatchObject({ ok: false, reason: "chain_unavailable" });
    expect(JSON.stringify(read)).not.toContain(new URL(deadUrl).port);
  });

  test("usdcBalance reads the token in atomic units", async () => {
    const owner = base.accounts.other.address;
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl] });
    expect(await reader.usdcBalance(base.usdc, owner)).toEqual({ ok: true, value: 0n });
    await base.mint(owner, 4_200_001n);
    expect(await reader.usdcBalance(base.usdc, owner)).toEqual({ ok: true, value: 4_200_001n });
    expect(await createChainReader({ ...fast, rpcUrls: [deadUrl] }).usdcBalance(base.usdc, owner)).toMatchObject({
      ok: false,
      reason: "chain_unavailable",
    });
  });

  test("the USDC at the Base address is a 6-decimal 'USD Coin'", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl] });
    const [name, decimals] = await Promise.all([
      reader.client.readContract({
        address: base.usdc,
        abi: [{ type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] }],
        functionName: "name",
      }),
      reader.client.readContract({
        address: base.usdc,
        abi: [{ type: "function", name: "decimals", stateMutability: "view", inputs: [], outputs: [{ type: "uint8" }] }],
        functionName: "decimals",
      }),
    ]);
    expect(name).toBe("USD Coin");
    expect(decimals).toBe(6);
  });
});

describe("probe", () => {
  test("a live URL reports its chain id, latest block and latency", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl] });
    const started = performance.now();
    const result = await reader.probe(base.rpcUrl);
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: true, chainId: 8453, latestBlock: await base.blockNumber() });
    // The latency is the probe's own round trip in whole milliseconds: never more than the call took.
    expect(Number.isInteger(result.latencyMs)).toBe(true);
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(result.latencyMs).toBeLessThanOrEqual(Math.ceil(elapsed));
  });

  test("any URL can be probed, also one that is not configured (another chain here)", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [base.rpcUrl] });
    expect(await reader.probe(mainnet.rpcUrl)).toMatchObject({ ok: true, chainId: 1 });
  });

  test("a dead URL is an error without the URL in it", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [deadUrl] });
    const result = await reader.probe(`http://key:hunter2@127.0.0.1:${new URL(deadUrl).port}/v2/SECRETKEY`);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toStartWith("unreachable");
    expect(JSON.stringify(result)).not.toContain("hunter2");
    expect(JSON.stringify(result)).not.toContain("SECRETKEY");
  });

  test("an HTTP error status is reported as such", async () => {
    proxy.intercept = () => ({ httpStatus: 401 });
    try {
      const reader = createChainReader({ ...fast, rpcUrls: [proxy.url] });
      expect(await reader.probe(proxy.url)).toMatchObject({ ok: false, error: "HTTP 401" });
    } finally {
      proxy.intercept = () => undefined;
    }
  });

  test("probeAll answers per configured URL, in order, with a safe label", async () => {
    const reader = createChainReader({ ...fast, rpcUrls: [deadUrl, secretUrl] });
    const results = await reader.probeAll();
    expect(results.map((r) => [r.url, r.label, r.result.ok])).toEqual([
      [deadUrl, deadUrl, false],
      [secretUrl, proxy.url, true],
    ]);
  });
});

describe("describeRpcUrl", () => {
  test.each([
    ["https://base-mainnet.g.alchemy.com/v2/abc123", "https://base-mainnet.g.alchemy.com"],
    ["https://user:pass@rpc.example:8545/path?key=1", "https://rpc.example:8545"],
    ["not a url", "invalid URL"],
  ])("%s → %s", (url, expected) => {
    expect(describeRpcUrl(url)).toBe(expected);
  });
});

test("a reader needs at least one URL", () => {
  expect(() => createChainReader({ rpcUrls: [], chainId: 8453 })).toThrow(TypeError);
});
