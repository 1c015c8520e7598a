import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { Address, Hash, Hex } from "viem";
import { callsForAmount, MIN_PURCHASE_ATOMIC, parseUsdToAtomic } from "../../src/payments/amounts.ts";
import { createChainReader, type ChainReader } from "../../src/payments/chain.ts";
import { choosePayer, normalizeTxHash, verifyTransfer, type VerifyResult } from "../../src/payments/verify-transfer.ts";
import { freePort, startAnvil, type Anvil } from "../helpers/anvil.ts";
import { startRpcProxy } from "../helpers/rpc-proxy.ts";

let anvil: Anvil;
let reader: ChainReader;
let deadUrl: string;
let buyer: Address;
let buyer2: Address;
let treasury: Address;
let other: Address;
let relayer: Address;
let snapshotId: Hex;

beforeAll(async () => {
  anvil = await startAnvil();
  reader = createChainReader({ rpcUrls: [anvil.rpcUrl], chainId: 8453, timeoutMs: 2_000 });
  deadUrl = `http://127.0.0.1:${await freePort()}`;
  ({
    buyer: { address: buyer },
    buyer2: { address: buyer2 },
    treasury: { address: treasury },
  } = anvil.accounts);
  ({
    other: { address: other },
    relayer: { address: relayer },
  } = anvil.accounts);
  await anvil.mint(buyer, 100_000_000n);
  await anvil.mint(buyer2, 100_000_000n);
});

afterAll(async () => {
  await anvil?.stop();
});

// Every case starts from the same chain: the two mints above, automine on.
beforeEach(async () => {
  snapshotId = await anvil.snapshot();
});
afterEach(async () => {
  await anvil.setAutomine(true);
  await anvil.revert(snapshotId);
});

function verify(txHash: string, overrides: Partial<Parameters<typeof verifyTransfer>[1]> = {}, r = reader): Promise<VerifyResult> {
  return verifyTransfer(r, {
    txHash,
    usdc: anvil.usdc,
    payTo: treasury,
    confirmations: 2,
    minimumAtomic: MIN_PURCHASE_ATOMIC,
    ...overrides,
  });
}

/** The node's raw JSON answer, as a lagging RPC would replay it. */
async function rawReceipt(hash: Hash): Promise<Record<string, unknown>> {
  const res = await fetch(anvil.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [hash] }),
  });
  return ((await res.json()) as { result: Record<string, unknown> }).result;
}

async function receiptBlock(hash: Hash) {
  const receipt = await anvil.client.getTransactionReceipt({ hash });
  return { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash };
}

describe("confirmations", () => {
  test("a transfer with 1 confirmation is not_confirmed when 2 are required, and verified after one more block", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_370_000n);
    expect(await verify(hash)).toEqual({
      ok: false,
      reason: "not_confirmed",
      retryAfterSeconds: 2,
      amountAtomic: 1_370_000n,
      payer: buyer,
    });

    await anvil.mine(1);
    const { blockNumber, blockHash } = await receiptBlock(hash);
    expect(await verify(hash)).toEqual({
      ok: true,
      txHash: hash,
      payer: buyer,
      amountAtomic: 1_370_000n,
      blockNumber,
      blockHash,
      confirmations: 2n,
    });
  });

  test("1 required confirmation accepts the transfer in the latest block", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
    const result = await verify(hash, { confirmations: 1 });
    expect(result.ok).toBe(true);
    expect(result.ok && result.confirmations).toBe(1n);
    // Below 1 means 1: the receipt's own block is always the first confirmation.
    expect(await verify(hash, { confirmations: 0 })).toMatchObject({ ok: true, confirmations: 1n });
    expect(await verify(hash, { confirmations: 1.5 })).toMatchObject({ ok: false, reason: "not_confirmed", retryAfterSeconds: 2 });
  });

  test("retryAfterSeconds is about 2 s per missing block", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
    expect(await verify(hash, { confirmations: 5 })).toMatchObject({ ok: false, reason: "not_confirmed", retryAfterSeconds: 8 });
    expect(await verify(hash, { confirmations: 5n, blockTimeSeconds: 12 })).toMatchObject({ retryAfterSeconds: 48 });
  });

  test("confirmations count blocks mined after the receipt's block", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
    await anvil.mine(9);
    expect(await verify(hash)).toMatchObject({ ok: true, confirmations: 10n });
  });
});

describe("amounts", () => {
  test("$1.37 is credited exactly as 1_370_000 atomic units, 137 calls", async () => {
    const amount = parseUsdToAtomic("1.37");
    expect(amount).toBe(1_370_000n);
    const hash = await anvil.transfer(buyer, treasury, amount!);
    await anvil.mine(1);
    const result = await verify(hash);
    expect(result).toMatchObject({ ok: true, amountAtomic: 1_370_000n });
    expect(result.ok && callsForAmount(result.amountAtomic)).toBe(137n);
  });

  test("an odd amount keeps every atomic unit: $12.345678", async () => {
    const hash = await anvil.transfer(buyer, treasury, 12_345_678n);
    const result = await verify(hash, { confirmations: 1 });
    expect(result).toMatchObject({ ok: true, amountAtomic: 12_345_678n });
    expect(result.ok && callsForAmount(result.amountAtomic)).toBe(1_234n);
  });

  test("below the minimum is amount_below_minimum with the amount and payer", async () => {
    const hash = await anvil.transfer(buyer, treasury, 999_999n);
    await anvil.mine(1);
    expect(await verify(hash)).toEqual({ ok: false, reason: "amount_below_minimum", amountAtomic: 999_999n, payer: buyer });
  });

  test("below the minimum is reported at once, without waiting for confirmations", async () => {
    const hash = await anvil.transfer(buyer, treasury, 500_000n);
    expect(await verify(hash, { confirmations: 3 })).toMatchObject({ reason: "amount_below_minimum", amountAtomic: 500_000n });
  });

  test("exactly the minimum is accepted", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
    expect(await verify(hash, { confirmations: 1 })).toMatchObject({ ok: true, amountAtomic: 1_000_000n });
  });

  test("the kit price is just another minimum: $28.99 refused, $29.00 accepted", async () => {
    const kitPrice = parseUsdToAtomic("29")!;
    const low = await anvil.transfer(buyer, treasury, 28_990_000n);
    const enough = await anvil.transfer(buyer, treasury, 29_000_000n);
    expect(await verify(low, { minimumAtomic: kitPrice, confirmations: 1 })).toMatchObject({
      reason: "amount_below_minimum",
      amountAtomic: 28_990_000n,
    });
    expect(await verify(enough, { minimumAtomic: kitPrice, confirmations: 1 })).toMatchObject({ ok: true, amountAtomic: 29_000_000n });
  });
});

describe("which transfers count", () => {
  test("two transfers to the treasury in one transaction are summed", async () => {
    const hash = await anvil.transferTwice(buyer, treasury, 600_000n, 770_000n);
    const receipt = await anvil.client.getTransactionReceipt({ hash });
    expect(receipt.logs.length).toBe(2);
    await anvil.mine(1);
    const result = await verify(hash);
    expect(result).toMatchObject({ ok: true, amountAtomic: 1_370_000n, payer: buyer });
    expect(result.ok && callsForAmount(result.amountAtomic)).toBe(137n);
  });

  test("only the transfers to the treasury in a mixed transaction count", async () => {
    const hash = await anvil.batchTransfer(buyer, [
      { to: treasury, amount: 700_000n },
      { to: other, amount: 5_000_000n },
      { to: treasury, amount: 400_000n },
    ]);
    expect(await verify(hash, { confirmations: 1 })).toMatchObject({ ok: true, amountAtomic: 1_100_000n });
  });

  test("a forged Transfer event from another contract is ignored", async () => {
    const hash = await anvil.forgedTransfer(buyer, buyer, treasury, 50_000_000n);
    const receipt = await anvil.client.getTransactionReceipt({ hash });
    // The forged log really is there, with USDC's Transfer topic, just from the wrong emitter.
    expect(receipt.status).toBe("success");
    expect(receipt.logs.length).toBe(1);
    expect(receipt.logs[0]!.topics[0]).toBe("0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef");
    await anvil.mine(1);
    expect(await verify(hash)).toEqual({ ok: false, reason: "no_transfer_to_treasury" });
  });

  test("the same token at another address is not USDC", async () => {
    const hash = await anvil.transfer(buyer, treasury, 5_000_000n);
    expect(await verify(hash, { confirmations: 1, usdc: anvil.forger })).toEqual({ ok: false, reason: "no_transfer_to_treasury" });
  });

  test("a transfer to another address is no_transfer_to_treasury", async () => {
    const hash = await anvil.transfer(buyer, other, 5_000_000n);
    await anvil.mine(1);
    expect(await verify(hash)).toEqual({ ok: false, reason: "no_transfer_to_treasury" });
  });

  test("a transaction without any token transfer is no_transfer_to_treasury", async () => {
    const hash = await anvil.client.sendTransaction({ account: buyer, to: treasury, value: 10n ** 18n });
    await anvil.mine(1);
    expect(await verify(hash)).toEqual({ ok: false, reason: "no_transfer_to_treasury" });
  });

  test("a mint straight to the treasury is not a payment", async () => {
    const hash = await anvil.mint(treasury, 5_000_000n);
    expect(await verify(hash, { confirmations: 1 })).toEqual({ ok: false, reason: "no_transfer_to_treasury" });
  });

  test("the treasury addressed in any letter case is the same treasury", async () => {
    const hash = await anvil.transfer(buyer, treasury, 2_000_000n);
    const lower = treasury.toLowerCase() as Address;
    expect(await verify(hash, { confirmations: 1, payTo: lower, usdc: anvil.usdc.toLowerCase() as Address })).toMatchObject({
      ok: true,
      amountAtomic: 2_000_000n,
    });
  });

  test("a reverted transaction that touched the token is transaction_failed", async () => {
    const hash = await anvil.revertingTx(buyer, treasury, 5_000_000n);
    const receipt = await anvil.client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe("reverted");
    await anvil.mine(1);
    expect(await verify(hash)).toEqual({ ok: false, reason: "transaction_failed" });
    expect(await anvil.balanceOf(treasury)).toBe(0n);
  });
});

describe("payer", () => {
  test("a relayer moving one holder's tokens: the payer is the holder, not the relayer", async () => {
    await anvil.approve(buyer, relayer, 10_000_000n);
    const hash = await anvil.batchTransferFrom(relayer, [{ from: buyer, to: treasury, amount: 2_000_000n }]);
    expect(await verify(hash, { confirmations: 1 })).toMatchObject({ ok: true, payer: buyer, amountAtomic: 2_000_000n });
  });

  test("several senders: the transaction's sender wins when it is one of them", async () => {
    await anvil.approve(buyer2, buyer, 10_000_000n);
    const hash = await anvil.batchTransferFrom(buyer, [
      { from: buyer2, to: treasury, amount: 1_000_000n },
      { from: buyer, to: treasury, amount: 500_000n },
    ]);
    expect(await verify(hash, { confirmations: 1 })).toMatchObject({ ok: true, payer: buyer, amountAtomic: 1_500_000n });
  });

  test("several senders, none of them the transaction's sender: the first transfer's sender", async () => {
    await anvil.approve(buyer, relayer, 10_000_000n);
    await anvil.approve(buyer2, relayer, 10_000_000n);
    const hash = await anvil.batchTransferFrom(relayer, [
      { from: buyer2, to: treasury, amount: 1_000_000n },
      { from: buyer, to: treasury, amount: 500_000n },
    ]);
    expect(await verify(hash, { confirmations: 1 })).toMatchObject({ ok: true, payer: buyer2, amountAtomic: 1_500_000n });
  });

  test("choosePayer compares addresses case-insensitively", () => {
    const a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address;
    const b = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as Address;
    expect(choosePayer([{ from: a }, { from: a.toLowerCase() as Address }], b)).toBe(a);
    expect(choosePayer([{ from: a }, { from: b }], b.toLowerCase() as Address)).toBe(b);
    expect(choosePayer([{ from: b }, { from: a }], "0x0000000000000000000000000000000000000001")).toBe(b);
  });
});

describe("not mined, reorganised, unknown", () => {
  test("a pending transaction (mining off) is pending, then not_confirmed, then verified", async () => {
    await anvil.setAutomine(false);
    const hash = await anvil.transfer(buyer, treasury, 1_370_000n);
    expect(await verify(hash)).toEqual({ ok: false, reason: "pending" });
    await anvil.mine(1);
    expect(await verify(hash)).toMatchObject({ ok: false, reason: "not_confirmed", amountAtomic: 1_370_000n });
    await anvil.mine(1);
    expect(await verify(hash)).toMatchObject({ ok: true, amountAtomic: 1_370_000n, confirmations: 2n });
  });

  test("a transaction reorganised away (anvil_reorg) is no longer verified", async () => {
    const hash = await anvil.transfer(buyer, treasury, 2_000_000n);
    await anvil.mine(1);
    expect((await verify(hash)).ok).toBe(true);
    await anvil.reorg(2);
    // anvil drops the reorganised transaction, so the node no longer knows it; a node that put it
    // back in its mempool would answer pending. Either way it is not redeemable.
    expect(await verify(hash)).toEqual({ ok: false, reason: "transaction_not_found" });
  });

  test("a transaction erased by snapshot/revert is transaction_not_found", async () => {
    const before = await anvil.snapshot();
    const hash = await anvil.transfer(buyer, treasury, 2_000_000n);
    expect((await verify(hash, { confirmations: 1 })).ok).toBe(true);
    await anvil.revert(before);
    expect(await verify(hash, { confirmations: 1 })).toEqual({ ok: false, reason: "transaction_not_found" });
  });

  test("a receipt whose block was replaced (a lagging node still serves it) is pending", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 2_000 });
      const hash = await anvil.transfer(buyer, treasury, 2_000_000n);
      await anvil.mine(2);
      const staleReceipt = await rawReceipt(hash);
      expect(await verify(hash, {}, viaProxy)).toMatchObject({ ok: true, confirmations: 3n });

      // Replace the receipt's block and the two after it; the proxy keeps serving the old receipt.
      await anvil.reorg(3);
      proxy.intercept = (req) => (req.method === "eth_getTransactionReceipt" ? { result: staleReceipt } : undefined);
      const { blockNumber, blockHash } = staleReceipt as { blockNumber: Hex; blockHash: Hash };
      const now = await anvil.client.getBlock({ blockNumber: BigInt(blockNumber) });
      expect(now.hash).not.toBe(blockHash);
      expect(await verify(hash, {}, viaProxy)).toEqual({ ok: false, reason: "pending" });
    } finally {
      proxy.stop();
    }
  });

  test("a receipt from a block the node does not have yet is pending", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 2_000 });
      const hash = await anvil.transfer(buyer, treasury, 2_000_000n);
      const receipt = await rawReceipt(hash);
      const future = { ...receipt, blockNumber: "0xffff", logs: [] };
      proxy.intercept = (req) => (req.method === "eth_getTransactionReceipt" ? { result: future } : undefined);
      expect(await verify(hash, {}, viaProxy)).toEqual({ ok: false, reason: "pending" });
    } finally {
      proxy.stop();
    }
  });

  test("an unknown but well-formed hash is transaction_not_found", async () => {
    expect(await verify(`0x${"ab".repeat(32)}`)).toEqual({ ok: false, reason: "transaction_not_found" });
  });

  test.each([
    ["empty", ""],
    ["too short", "0x1234"],
    ["no 0x", "ab".repeat(32)],
    ["65 bytes", `0x${"ab".repeat(33)}`],
    ["not hex", `0x${"zz".repeat(32)}`],
    ["padded", ` 0x${"ab".repeat(32)}`],
  ])("a malformed hash (%s) is transaction_not_found without asking the chain", async (_name, hash) => {
    const dead = createChainReader({ rpcUrls: [deadUrl], chainId: 8453, timeoutMs: 500, retryCount: 0 });
    expect(await verify(hash, {}, dead)).toEqual({ ok: false, reason: "transaction_not_found" });
  });

  test("an upper-case hash is the same transaction and comes back lowercase", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
    const upper = `0x${hash.slice(2).toUpperCase()}`;
    expect(normalizeTxHash(upper)).toBe(hash);
    expect(await verify(upper, { confirmations: 1 })).toMatchObject({ ok: true, txHash: hash, amountAtomic: 1_000_000n });
  });
});

describe("the RPC", () => {
  test("an RPC that is down is chain_unavailable, with a detail that holds no URL", async () => {
    const dead = createChainReader({ rpcUrls: [deadUrl], chainId: 8453, timeoutMs: 1_000, retryCount: 0 });
    const result = await verify(`0x${"ab".repeat(32)}`, {}, dead);
    expect(result).toMatchObject({ ok: false, reason: "chain_unavailable" });
    expect(!result.ok && result.detail).toBeString();
    expect(!result.ok && result.detail).not.toContain("127.0.0.1");
  });

  test("an RPC answering HTTP 500 is chain_unavailable", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 1_000, retryCount: 0 });
      proxy.intercept = (req) => (req.method === "eth_blockNumber" ? { httpStatus: 500 } : undefined);
      expect(await verify(hash, {}, viaProxy)).toEqual({ ok: false, reason: "chain_unavailable", detail: "HTTP 500" });
    } finally {
      proxy.stop();
    }
  });

  test("an RPC that hangs is chain_unavailable after the timeout", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      proxy.intercept = () => ({ hang: true });
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 300, retryCount: 0 });
      const started = performance.now();
      expect(await verify(`0x${"ab".repeat(32)}`, {}, viaProxy)).toEqual({ ok: false, reason: "chain_unavailable", detail: "timeout" });
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      proxy.stop();
    }
  });

  test("an RPC error answer (not a missing transaction) is chain_unavailable", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      proxy.intercept = () => ({ rpcError: { code: -32000, message: "header not found" } });
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 1_000, retryCount: 0 });
      expect(await verify(`0x${"ab".repeat(32)}`, {}, viaProxy)).toMatchObject({ ok: false, reason: "chain_unavailable" });
    } finally {
      proxy.stop();
    }
  });

  test("an RPC answering nonsense is chain_unavailable, not a throw", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 1_000, retryCount: 0 });
      proxy.intercept = (req) => (req.method === "eth_getTransactionReceipt" ? { result: { status: "maybe", logs: 7 } } : undefined);
      expect(await verify(hash, {}, viaProxy)).toMatchObject({ ok: false, reason: "chain_unavailable" });
      // A well-formed receipt whose log carries an address that is not one.
      const receipt = await rawReceipt(hash);
      const logs = receipt.logs as Record<string, unknown>[];
      const broken = { ...receipt, logs: [{ ...logs[0], address: "0xnot-an-address" }] };
      proxy.intercept = (req) => (req.method === "eth_getTransactionReceipt" ? { result: broken } : undefined);
      expect(await verify(hash, { confirmations: 1 }, viaProxy)).toMatchObject({ ok: false, reason: "chain_unavailable" });
    } finally {
      proxy.stop();
    }
  });

  test("with the first RPC URL dead, the second one verifies the transfer", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_370_000n);
    await anvil.mine(1);
    const withFallback = createChainReader({ rpcUrls: [deadUrl, anvil.rpcUrl], chainId: 8453, timeoutMs: 1_000, retryCount: 0 });
    expect(await verify(hash, {}, withFallback)).toMatchObject({ ok: true, amountAtomic: 1_370_000n, confirmations: 2n });
  });

  test("every read goes to the node: each verification asks for the latest block again", async () => {
    const proxy = startRpcProxy(anvil.rpcUrl);
    try {
      const viaProxy = createChainReader({ rpcUrls: [proxy.url], chainId: 8453, timeoutMs: 2_000 });
      const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
      expect(await verify(hash, {}, viaProxy)).toMatchObject({ reason: "not_confirmed" });
      await anvil.mine(1);
      expect(await verify(hash, {}, viaProxy)).toMatchObject({ ok: true, confirmations: 2n });
      expect(proxy.seen.filter((m) => m === "eth_blockNumber").length).toBe(2);
      expect(proxy.seen.filter((m) => m === "eth_getTransactionReceipt").length).toBe(2);
    } finally {
      proxy.stop();
    }
  });
});
