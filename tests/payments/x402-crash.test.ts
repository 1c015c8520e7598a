import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { x402Client, x402HTTPClient } from "@x402/fetch";
import { toHex, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { openDb, type Db } from "../../src/store/db.ts";
import { BASE_USDC, startAnvil, testUsdcAbi, type Anvil } from "../helpers/anvil.ts";
import { requireBinary, spawnServer, type SpawnedServer } from "../helpers/binary.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * SIGKILL during an x402 settlement, then restart: the payment is credited exactly once. The
 * server is the compiled binary (dist/vellum, built by `npm test`) in its own process; anvil's mining is paused so the kill
 * lands while the settlement transaction is signed, recorded and broadcast but not mined.
 */
let anvil: Anvil;
let site: TargetSite;
const dir = tempDir();
const dataDir = join(dir, "data");
const keyFile = join(dir, "settler.key");
const root = join(import.meta.dir, "../..");

beforeAll(async () => {
  anvil = await startAnvil({ blockTime: 1 });
  site = await startTargetSite();
  writeFileSync(keyFile, toHex(anvil.accounts.relayer.getHdKey().privateKey!), { mode: 0o600 });
}, 60_000);
afterAll(async () => {
  await site?.close();
  await anvil?.stop();
});

const start = () =>
  spawnServer(
    [requireBinary()],
    [
      "--dir",
      dataDir,
      "--rpc-url",
      anvil.rpcUrl,
      "--pay-to",
      anvil.accounts.treasury.address,
      "--confirmations",
      "2",
      "--settler-key-file",
      keyFile,
      "--allow-private-targets",
      site.allowEntry,
      "--workers",
      "1",
    ],
    { cwd: root },
  );

async function funded(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const hash = await anvil.client.writeContract({
    address: BASE_USDC,
    abi: testUsdcAbi,
    functionName: "mint",
    args: [account.address, 3_000_000n],
    account: anvil.accounts.minter.address,
  });
  await anvil.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return account;
}

async function paymentHeaders(server: SpawnedServer, account: PrivateKeyAccount) {
  const res = await fetch(`${server.url}/extract`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: site.url("/article-simple") }),
  });
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  const http = new x402HTTPClient(client);
  return http.encodePaymentSignatureHeader(await client.createPaymentPayload(http.getPaymentRequiredResponse((n) => res.headers.get(n))));
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb(dataDir, { migrate: false });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
const settlement = (payer: string) =>
  withDb((db) =>
    db.get<{ status: string; txHash: string | null }>("SELECT status, tx_hash AS txHash FROM settlements WHERE payer = ?", [payer]),
  );
const credits = (payer: string) =>
  withDb((db) =>
    db.get<{ n: number; calls: number | null }>(
      "SELECT COUNT(*) AS n, SUM(l.calls) AS calls FROM ledger l JOIN api_keys k ON k.id = l.key_id WHERE k.owner = ? AND l.kind = 'redemption'",
      [payer],
    ),
  );

/** Sends the payment with mining paused and SIGKILLs the server once the tx is recorded and sent. */
async function killMidSettlement(payer: PrivateKeyAccount): Promise<Hash> {
  const server = await start();
  const headers = await paymentHeaders(server, payer);
  await anvil.client.setIntervalMining({ interval: 0 });
  const call = fetch(`${server.url}/extract`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ url: site.url("/article-simple") }),
  }).catch(() => null);
  let row: { status: string; txHash: string | null } | null = null;
  for (let i = 0; i < 200; i++) {
    row = await settlement(payer.address);
    if (row?.status === "submitted" && (await anvil.client.getTransaction({ hash: row.txHash as Hash }).catch(() => null))) break;
    await Bun.sleep(50);
  }
  expect(row?.status).toBe("submitted");
  expect(await server.stop("SIGKILL")).not.toBe(0);
  expect(await call).toBeNull(); // the client never got an answer
  return row!.txHash as Hash;
}

test("killed with the settlement in the mempool: mined meanwhile, the restart credits it once", async () => {
  const payer = await funded();
  const hash = await killMidSettlement(payer);
  expect(await credits(payer.address)).toEqual({ n: 0, calls: null });
  await anvil.client.setIntervalMining({ interval: 1 });
  await anvil.client.waitForTransactionReceipt({ hash, confirmations: 2, pollingInterval: 100 });
  const server = await start();
  try {
    for (let i = 0; i < 100 && (await settlement(payer.address))?.status !== "settled"; i++) await Bun.sleep(100);
    expect(await settlement(payer.address)).toEqual({ status: "settled", txHash: hash });
    expect(await credits(payer.address)).toEqual({ n: 1, calls: 100 });
    expect(await anvil.balanceOf(payer.address)).toBe(2_000_000n);
    // The settled hash cannot be redeemed at /redeem.
    const redeem = await fetch(`${server.url}/redeem`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ txHash: hash }),
    });
    expect(redeem.status).toBe(409);
  } finally {
    await server.stop("SIGKILL");
  }
  // Another restart changes nothing.
  const again = await start();
  await Bun.sleep(800);
  await again.stop("SIGKILL");
  expect(await credits(payer.address)).toEqual({ n: 1, calls: 100 });
}, 120_000);

test("killed, then the transaction is dropped from the mempool: the restart rebroadcasts the recorded one, credited once", async () => {
  const payer = await funded();
  const hash = await killMidSettlement(payer);
  await anvil.client.dropTransaction({ hash });
  expect(await anvil.client.getTransaction({ hash }).catch(() => null)).toBeNull();
  await anvil.client.setIntervalMining({ interval: 1 });
  const server = await start();
  try {
    for (let i = 0; i < 150 && (await settlement(payer.address))?.status !== "settled"; i++) await Bun.sleep(100);
    expect(await settlement(payer.address)).toEqual({ status: "settled", txHash: hash });
    expect(await credits(payer.address)).toEqual({ n: 1, calls: 100 });
    expect(await anvil.balanceOf(payer.address)).toBe(2_000_000n);
  } finally {
    await server.stop("SIGKILL");
  }
}, 120_000);
