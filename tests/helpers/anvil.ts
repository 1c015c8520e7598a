/**
 * A real local chain for payment tests: anvil from @foundry-rs/anvil, chain id 8453 like Base,
 * with a 6-decimal test token's runtime code at the real Base USDC address, so the service under
 * test reads "USDC" exactly as it would in production.
 *
 * Process hygiene: the platform binary is spawned directly (no npm/node wrapper), so `pid` is
 * anvil's own and `stop()` kills the right process. On Linux it is started through `setpriv
 * --pdeathsig KILL`, which execs anvil in place and makes the kernel kill it if the test process
 * dies (even by SIGKILL); an `exit` hook kills any still running on a normal or failing exit.
 */
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { existsSync } from "node:fs";
import {
  createTestClient,
  defineChain,
  getAddress,
  http,
  parseAbi,
  publicActions,
  walletActions,
  type Address,
  type Hash,
  type Hex,
} from "viem";
import { mnemonicToAccount, type HDAccount } from "viem/accounts";
import artifacts from "./contracts/artifacts.json" with { type: "json" };

/** The real USDC contract address on Base mainnet. */
export const BASE_USDC: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
/** Where the Transfer-forging contract's code is put. */
export const FORGER_ADDRESS: Address = "0x4242424242424242424242424242424242424242";
/** anvil's default mnemonic: its first accounts are funded with 10 000 ETH and unlocked. */
export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

/** Signing accounts (private keys known) for anvil's default accounts 0..5. */
export const anvilAccounts = {
  minter: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 }),
  buyer: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 1 }),
  treasury: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 2 }),
  other: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 3 }),
  buyer2: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 4 }),
  relayer: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 5 }),
} satisfies Record<string, HDAccount>;

export const testUsdcAbi = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
  "function mint(address to, uint256 amount)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function approve(address spender, uint256 amount) returns (bool)",
  "function transferFrom(address from, address to, uint256 amount) returns (bool)",
  "function batchTransfer(address[] to, uint256[] amounts) returns (bool)",
  "function batchTransferFrom(address[] from, address[] to, uint256[] amounts) returns (bool)",
  "function transferThenRevert(address to, uint256 amount)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "function version() view returns (string)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
]);
export const forgerAbi = parseAbi(["function forge(address from, address to, uint256 value)"]);
export const walletAbi = parseAbi([
  "constructor(address owner)",
  "function owner() view returns (address)",
  "function pay(address token, address to, uint256 amount)",
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)",
]);

export interface StartAnvilOptions {
  /** Interval mining every N seconds (`--block-time`). */
  blockTime?: number;
  /** false starts with mining off (`--no-mining`): transactions stay pending until `mine()`. */
  automine?: boolean;
  /** Default 8453 (Base). Another id is for chain-id-mismatch tests. */
  chainId?: number;
  /** Skip putting the token and the forger on the chain (default false). */
  bare?: boolean;
}

/** One item of a multi-transfer transaction. */
export interface TransferItem {
  to: Address;
  amount: bigint;
}

export type AnvilClient = ReturnType<typeof makeClient>;

export interface Anvil {
  rpcUrl: string;
  /** anvil's own process id. */
  pid: number;
  port: number;
  chainId: number;
  /** Test + public + wallet actions on this anvil (json-rpc accounts are unlocked). */
  client: AnvilClient;
  usdc: Address;
  forger: Address;
  accounts: typeof anvilAccounts;
  /** Mints test USDC (atomic units) to `to`. Mined at once unless automine is off. */
  mint(to: Address, atomic: bigint): Promise<Hash>;
  /** `from` transfers `atomic` to `to` in its own transaction. */
  transfer(from: Address, to: Address, atomic: bigint): Promise<Hash>;
  /** `from` makes several transfers in ONE transaction (one Transfer log each). */
  batchTransfer(from: Address, items: TransferItem[]): Promise<Hash>;
  /** Two transfers from `from` to `to` in one transaction. */
  transferTwice(from: Address, to: Address, first: bigint, second: bigint): Promise<Hash>;
  /** `sender` moves tokens out of several approved accounts in one transaction. */
  batchTransferFrom(sender: Address, items: (TransferItem & { from: Address })[]): Promise<Hash>;
  approve(owner: Address, spender: Address, atomic: bigint): Promise<Hash>;
  /** A successful transaction whose Transfer event (same signature as USDC's) comes from the forger contract. */
  forgedTransfer(sender: Address, from: Address, to: Address, atomic: bigint): Promise<Hash>;
  /** A mined transaction calling the token that transfers to `to`, then reverts (status reverted). */
  revertingTx(from: Address, to: Address, atomic: bigint): Promise<Hash>;
  /** Deploys an ERC-1271 smart-contract wallet owned by `owner`; returns its address. */
  deployWallet(owner: Address): Promise<Address>;
  /** `owner` orders `wallet` to transfer test USDC to `to` (the Transfer's `from` is the wallet). */
  walletPay(owner: Address, wallet: Address, to: Address, atomic: bigint): Promise<Hash>;
  /** Test USDC balance in atomic units. */
  balanceOf(owner: Address): Promise<bigint>;
  blockNumber(): Promise<bigint>;
  mine(blocks?: number): Promise<void>;
  setAutomine(enabled: boolean): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  /** anvil_reorg: replaces the last `depth` blocks with empty ones (their transactions are gone). */
  reorg(depth: number): Promise<void>;
  /** Kills anvil (SIGTERM, then SIGKILL after 2 s). Idempotent. */
  stop(): Promise<void>;
}

const running = new Map<number, Bun.Subprocess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // process.kill is synchronous, so this works inside an 'exit' handler.
  process.on("exit", () => {
    for (const pid of running.keys()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
}

/**
 * The anvil binary of this platform from @foundry-rs/anvil's optional dependencies
 * (`@foundry-rs/anvil-<os>-<arch>`), or `$ANVIL_BIN` when set.
 */
export function anvilBinary(): string {
  const override = process.env.ANVIL_BIN;
  if (override) return override;
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch];
  const os = ({ linux: "linux", darwin: "darwin", win32: "win32" } as Record<string, string>)[process.platform];
  if (!arch || !os) throw new Error(`anvil: no @foundry-rs/anvil binary for ${process.platform}/${process.arch}`);
  const pkg = `@foundry-rs/anvil-${os}-${arch}`;
  const require = createRequire(import.meta.url);
  let pkgJson: string;
  try {
    pkgJson = require.resolve(`${pkg}/package.json`);
  } catch {
    throw new Error(`anvil: ${pkg} is not installed (run npm install; it is an optional dependency of @foundry-rs/anvil)`);
  }
  const bin = join(dirname(pkgJson), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
  if (!existsSync(bin)) throw new Error(`anvil: ${bin} is missing`);
  return bin;
}

/** A TCP port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let setprivAvailable: boolean | undefined;
function launcherPrefix(): string[] {
  if (process.platform !== "linux") return [];
  setprivAvailable ??= Bun.which("setpriv") !== null;
  return setprivAvailable ? ["setpriv", "--pdeathsig", "KILL", "--"] : [];
}

async function answersRpc(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(500),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function makeClient(rpcUrl: string, chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  return createTestClient({
    mode: "anvil",
    chain,
    transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }),
    cacheTime: 0,
    pollingInterval: 25,
  })
    .extend(publicActions)
    .extend(walletActions);
}

async function spawnAnvil(options: StartAnvilOptions): Promise<{ proc: Bun.Subprocess; port: number; rpcUrl: string }> {
  const bin = anvilBinary();
  const chainId = options.chainId ?? 8453;
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const args = [bin, "--chain-id", String(chainId), "--port", String(port), "--host", "127.0.0.1", "--silent"];
    if (options.blockTime !== undefined) args.push("--block-time", String(options.blockTime));
    if (options.automine === false && options.blockTime === undefined) args.push("--no-mining");
    const proc = Bun.spawn([...launcherPrefix(), ...args], { stdin: "ignore", stdout: "ignore", stderr: "pipe" });
    running.set(proc.pid, proc);
    installExitHook();
    const rpcUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && proc.exitCode === null && proc.signalCode === null) {
      if (await answersRpc(rpcUrl)) return { proc, port, rpcUrl };
      await Bun.sleep(25);
    }
    // Exited (port taken between freePort() and bind?) or never answered: clean up, try again.
    proc.kill("SIGKILL");
    await proc.exited;
    running.delete(proc.pid);
    lastError = (await new Response(proc.stderr as ReadableStream).text()).trim().slice(0, 500);
  }
  throw new Error(`anvil did not start: ${lastError || "no answer on its port"}`);
}

/**
 * Starts anvil and, unless `bare`, puts the test token at {@link BASE_USDC} and the forger at
 * {@link FORGER_ADDRESS}. Call `stop()` in `afterAll`.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<Anvil> {
  const { proc, port, rpcUrl } = await spawnAnvil(options);
  const chainId = options.chainId ?? 8453;
  const client = makeClient(rpcUrl, chainId);
  let automine = options.automine !== false && options.blockTime === undefined;

  if (!options.bare) {
    await client.setCode({ address: BASE_USDC, bytecode: artifacts.contracts.TestUsdc.deployedBytecode as Hex });
    await client.setCode({ address: FORGER_ADDRESS, bytecode: artifacts.contracts.TransferForger.deployedBytecode as Hex });
  }

  // With automine on, anvil has mined the transaction when eth_sendTransaction returns; the
  // receipt wait makes that explicit. With it off, the hash of the pending transaction is returned.
  async function settled(hash: Hash): Promise<Hash> {
    if (automine) await client.waitForTransactionReceipt({ hash, pollingInterval: 25, timeout: 10_000 });
    return hash;
  }

  const token = { address: BASE_USDC, abi: testUsdcAbi } as const;

  let stopped = false;
  const anvil: Anvil = {
    rpcUrl,
    pid: proc.pid,
    port,
    chainId,
    client,
    usdc: BASE_USDC,
    forger: FORGER_ADDRESS,
    accounts: anvilAccounts,

    mint: async (to, atomic) =>
      settled(await client.writeContract({ ...token, functionName: "mint", args: [to, atomic], account: anvilAccounts.minter.address })),
    transfer: async (from, to, atomic) =>
      settled(await client.writeContract({ ...token, functionName: "transfer", args: [to, atomic], account: from })),
    batchTransfer: async (from, items) =>
      settled(
        await client.writeContract({
          ...token,
          functionName: "batchTransfer",
          args: [items.map((i) => i.to), items.map((i) => i.amount)],
          account: from,
        }),
      ),
    transferTwice: async (from, to, first, second) =>
      anvil.batchTransfer(from, [
        { to, amount: first },
        { to, amount: second },
      ]),
    batchTransferFrom: async (sender, items) =>
      settled(
        await client.writeContract({
          ...token,
          functionName: "batchTransferFrom",
          args: [items.map((i) => i.from), items.map((i) => i.to), items.map((i) => i.amount)],
          account: sender,
        }),
      ),
    approve: async (owner, spender, atomic) =>
      settled(await client.writeContract({ ...token, functionName: "approve", args: [spender, atomic], account: owner })),
    forgedTransfer: async (sender, from, to, atomic) =>
      settled(
        await client.writeContract({
          address: FORGER_ADDRESS,
          abi: forgerAbi,
          functionName: "forge",
          args: [from, to, atomic],
          account: sender,
        }),
      ),
    revertingTx: async (from, to, atomic) =>
      settled(
        await client.writeContract({
          ...token,
          functionName: "transferThenRevert",
          args: [to, atomic],
          account: from,
          // An explicit gas limit skips estimation, which would refuse to send a reverting call.
          gas: 200_000n,
        }),
      ),
    deployWallet: async (owner) => {
      const hash = await client.deployContract({
        abi: walletAbi,
        bytecode: artifacts.contracts.TestWallet.bytecode as Hex,
        args: [owner],
        account: owner,
      });
      if (!automine) throw new Error("deployWallet needs automine on");
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 25, timeout: 10_000 });
      if (!receipt.contractAddress) throw new Error("deployWallet: no contract address");
      return getAddress(receipt.contractAddress);
    },
    walletPay: async (owner, wallet, to, atomic) =>
      settled(
        await client.writeContract({
          address: wallet,
          abi: walletAbi,
          functionName: "pay",
          args: [BASE_USDC, to, atomic],
          account: owner,
        }),
      ),
    balanceOf: (owner) => client.readContract({ ...token, functionName: "balanceOf", args: [owner] }),
    blockNumber: () => client.getBlockNumber({ cacheTime: 0 }),
    mine: async (blocks = 1) => {
      await client.mine({ blocks });
    },
    setAutomine: async (enabled) => {
      await client.setAutomine(enabled);
      automine = enabled;
    },
    snapshot: () => client.snapshot(),
    revert: async (id) => {
      await client.revert({ id });
    },
    reorg: async (depth) => {
      await client.request({ method: "anvil_reorg", params: [depth, []] } as never);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      proc.kill("SIGTERM");
      const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(2_000).then(() => false)]);
      if (!exited) {
        proc.kill("SIGKILL");
        await proc.exited;
      }
      running.delete(proc.pid);
    },
  };
  return anvil;
}
