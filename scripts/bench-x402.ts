/**
 * `bun run bench:x402`: what an x402 settlement costs (measured, never asserted by tests).
 * Writes bench/out/x402-settlement.json and prints it.
 *
 * Setup, all on 127.0.0.1: anvil (chain id 8453, a block every 2 s as on Base) with the test
 * USDC (EIP-3009, USDC's EIP-712 domain) at the Base USDC address, a one-page article site, and
 * vellum as a child process (`bun src/main.ts serve --confirmations 2 --settler-key-file …`). Each
 * run is a fresh wallet's first call through a stock @x402/fetch + @x402/evm client: 402, then
 * the paid retry, settled on-chain and served. Reported: the gas each settlement used (from its
 * receipt) and the wall time of the whole first call, whose floor is the 2 confirmations.
 */
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { createTestClient, http, parseAbi, publicActions, walletActions, toHex, type Hash, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { spawnServer } from "./lib/spawn-server.ts";
import { tempDir } from "./lib/temp.ts";

const ROOT = join(import.meta.dir, "..");
const OUT = join(ROOT, "bench/out");
const RUNS = Number(process.env.RUNS ?? 8);
const BLOCK_TIME_S = 2;
const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const MNEMONIC = "test test test test test test test test test test test junk";
// The compiled test token (data read at run time; the tests compile and commit it).
const artifacts = JSON.parse(readFileSync(join(ROOT, "tests/helpers/contracts/artifacts.json"), "utf8")) as {
  contracts: { TestUsdc: { deployedBytecode: Hex } };
};

function anvilBinary(): string {
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch];
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const bin = join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), "bin", "anvil");
  if (!existsSync(bin)) throw new Error(`${bin} is missing`);
  return process.env.ANVIL_BIN ?? bin;
}

const port = 20_000 + Math.floor(Math.random() * 20_000);
const rpcUrl = `http://127.0.0.1:${port}`;
const anvil = Bun.spawn([anvilBinary(), "--chain-id", "8453", "--port", String(port), "--block-time", String(BLOCK_TIME_S), "--silent"], {
  stdout: "ignore",
  stderr: "ignore",
});
const chain = { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
const client = createTestClient({ mode: "anvil", chain, transport: http(rpcUrl), cacheTime: 0, pollingInterval: 50 })
  .extend(publicActions)
  .extend(walletActions);
for (let i = 0; ; i++) {
  try {
    await client.getChainId();
    break;
  } catch {
    if (i > 200) throw new Error("anvil did not start");
    await Bun.sleep(25);
  }
}
await client.setCode({ address: BASE_USDC, bytecode: artifacts.contracts.TestUsdc.deployedBytecode });
const minter = mnemonicToAccount(MNEMONIC, { addressIndex: 0 });
const treasury = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });
const settler = mnemonicToAccount(MNEMONIC, { addressIndex: 5 });

const article = `<!doctype html><html><head><title>Bench article</title></head><body><article><h1>Bench article</h1>${"<p>Settling a payment on-chain before serving the call, measured end to end. </p>".repeat(20)}</article></body></html>`;
const site = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: (req) =>
    new URL(req.url).pathname === "/robots.txt"
      ? new Response("", { status: 404 })
      : new Response(article, { headers: { "content-type": "text/html" } }),
});

const dir = tempDir("vellum-bench-x402-");
const keyFile = join(dir, "settler.key");
writeFileSync(keyFile, toHex(settler.getHdKey().privateKey!), { mode: 0o600 });
const server = await spawnServer(
  [process.execPath, "src/main.ts"],
  [
    "--dir",
    join(dir, "data"),
    "--rpc-url",
    rpcUrl,
    "--pay-to",
    treasury.address,
    "--confirmations",
    "2",
    "--settler-key-file",
    keyFile,
    "--allow-private-targets",
    `127.0.0.1:${site.port}`,
    "--workers",
    "1",
  ],
  { cwd: ROOT, collectLogs: false },
);

const usdcAbi = parseAbi(["function mint(address to, uint256 amount)"]);
const runs: { wallMs: number; gasUsed: string; tx: Hash }[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const buyer = privateKeyToAccount(generatePrivateKey());
    const minted = await client.writeContract({
      address: BASE_USDC,
      abi: usdcAbi,
      functionName: "mint",
      args: [buyer.address, 1_000_000n],
      account: minter.address,
    });
    await client.waitForTransactionReceipt({ hash: minted });
    const x402 = new x402Client();
    registerExactEvmScheme(x402, { signer: buyer });
    const pay = wrapFetchWithPayment(fetch, x402);
    const started = performance.now();
    const res = await pay(`${server.url}/extract`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `http://127.0.0.1:${site.port}/post` }),
    });
    const wallMs = Math.round(performance.now() - started);
    if (res.status !== 200) throw new Error(`run ${i}: ${res.status} ${await res.text()}`);
    const { transaction } = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    const receipt = await client.getTransactionReceipt({ hash: transaction as Hash });
    runs.push({ wallMs, gasUsed: receipt.gasUsed.toString(), tx: transaction as Hash });
  }
} finally {
  await server.stop("SIGTERM");
  site.stop(true);
  anvil.kill();
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const walls = runs.map((r) => r.wallMs);
const gas = runs.map((r) => Number(r.gasUsed));
const result = {
  name: "x402 settlement",
  date: new Date().toISOString(),
  setup: { chain: "anvil, chain id 8453", blockTimeSeconds: BLOCK_TIME_S, confirmations: 2, runs: RUNS, client: "@x402/fetch + @x402/evm" },
  gasPerSettlement: { min: Math.min(...gas), median: median(gas), max: Math.max(...gas) },
  firstPaidCallWallMs: { min: Math.min(...walls), median: median(walls), max: Math.max(...walls) },
  runs,
};
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, "x402-settlement.json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
