import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Address, Hash } from "viem";
import { createChainReader, type ChainReader } from "../../src/payments/chain.ts";
import { checkPayerSignature, redeemMessage, verifyPayerSignature } from "../../src/payments/signature.ts";
import { verifyTransfer } from "../../src/payments/verify-transfer.ts";
import { freePort, startAnvil, type Anvil } from "../helpers/anvil.ts";

let anvil: Anvil;
let reader: ChainReader;
let deadReader: ChainReader;
let wallet: Address;
const hash = `0x${"5a".repeat(32)}` as Hash;

beforeAll(async () => {
  anvil = await startAnvil();
  reader = createChainReader({ rpcUrls: [anvil.rpcUrl], chainId: 8453, timeoutMs: 2_000 });
  deadReader = createChainReader({ rpcUrls: [`http://127.0.0.1:${await freePort()}`], chainId: 8453, timeoutMs: 500, retryCount: 0 });
  wallet = await anvil.deployWallet(anvil.accounts.buyer.address);
});

afterAll(async () => {
  await anvil?.stop();
});

describe("redeemMessage", () => {
  test("is 'vellum redeem ' and the hash in lowercase", () => {
    expect(redeemMessage(hash)).toBe(`vellum redeem 0x${"5a".repeat(32)}`);
    expect(redeemMessage(`0x${"5A".repeat(32)}`)).toBe(`vellum redeem 0x${"5a".repeat(32)}`);
  });

  test("is null for a malformed hash", () => {
    expect(redeemMessage("0x1234")).toBeNull();
    expect(redeemMessage(`vellum redeem ${hash}`)).toBeNull();
  });
});

describe("an account (EOA) payer", () => {
  const { buyer, other } = {
    buyer: () => anvil.accounts.buyer,
    other: () => anvil.accounts.other,
  };

  test("the payer's signature verifies", async () => {
    const signature = await buyer().signMessage({ message: redeemMessage(hash)! });
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: buyer().address, signature })).toBe(true);
  });

  test("the hash may be sent in upper case: the signed text uses it lowercased", async () => {
    const signature = await buyer().signMessage({ message: `vellum redeem ${hash}` });
    const upper = `0x${hash.slice(2).toUpperCase()}`;
    expect(await verifyPayerSignature(reader, { txHash: upper, payer: buyer().address, signature })).toBe(true);
  });

  test("a signature over the upper-case text does not verify (the rule is lowercase)", async () => {
    const upper = `0x${hash.slice(2).toUpperCase()}`;
    const signature = await buyer().signMessage({ message: `vellum redeem ${upper}` });
    expect(await verifyPayerSignature(reader, { txHash: upper, payer: buyer().address, signature })).toBe(false);
  });

  test("another signer's signature does not verify", async () => {
    const signature = await other().signMessage({ message: redeemMessage(hash)! });
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: buyer().address, signature })).toBe(false);
  });

  test("the payer's signature for another hash does not verify", async () => {
    const signature = await buyer().signMessage({ message: redeemMessage(`0x${"77".repeat(32)}`)! });
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: buyer().address, signature })).toBe(false);
  });

  test("the payer's signature of the raw hash (not the text) does not verify", async () => {
    const signature = await buyer().signMessage({ message: { raw: hash } });
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: buyer().address, signature })).toBe(false);
  });

  test.each([
    ["empty hex", "0x"],
    ["short hex", "0x1234"],
    ["not hex", "not a signature"],
    ["odd-length hex", `0x${"a".repeat(129)}`],
    ["65 zero bytes", `0x${"00".repeat(65)}`],
    ["65 bytes of 0xff", `0x${"ff".repeat(65)}`],
    ["a number", 42],
    ["null", null],
    ["an object", { r: "0x1", s: "0x2" }],
  ])("garbage (%s) is false, not a throw", async (_name, signature) => {
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: buyer().address, signature })).toBe(false);
  });

  test("a malformed hash or payer is false", async () => {
    const signature = await buyer().signMessage({ message: redeemMessage(hash)! });
    expect(await verifyPayerSignature(reader, { txHash: "0x1234", payer: buyer().address, signature })).toBe(false);
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: "0xnot-an-address" as Address, signature })).toBe(false);
  });

  test("an account's signature verifies offline, even with the chain down", async () => {
    const signature = await buyer().signMessage({ message: redeemMessage(hash)! });
    expect(await checkPayerSignature(deadReader, { txHash: hash, payer: buyer().address, signature })).toEqual({ ok: true });
  });

  test("checkPayerSignature: a wrong signer is bad_signature", async () => {
    const signature = await other().signMessage({ message: redeemMessage(hash)! });
    expect(await checkPayerSignature(reader, { txHash: hash, payer: buyer().address, signature })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });

  // Any hex could be a contract wallet's signature, but text that is not hex cannot be anyone's.
  test("checkPayerSignature: a signature that is not hex is bad_signature even with the chain down", async () => {
    expect(await checkPayerSignature(deadReader, { txHash: hash, payer: buyer().address, signature: "not hex" })).toEqual({
      ok: false,
      reason: "bad_signature",
    });
  });
});

describe("a smart-contract wallet payer (ERC-1271)", () => {
  test("the wallet pays: the payer is the wallet, not the account that sent the transaction", async () => {
    const { buyer, treasury } = anvil.accounts;
    await anvil.mint(wallet, 3_000_000n);
    const tx = await anvil.walletPay(buyer.address, wallet, treasury.address, 2_500_000n);
    const result = await verifyTransfer(reader, {
      txHash: tx,
      usdc: anvil.usdc,
      payTo: treasury.address,
      confirmations: 1,
      minimumAtomic: 1_000_000n,
    });
    expect(result).toMatchObject({ ok: true, payer: wallet, amountAtomic: 2_500_000n });

    // The wallet's owner signs; the wallet vouches for it through isValidSignature.
    const signature = await buyer.signMessage({ message: redeemMessage(tx)! });
    expect(await verifyPayerSignature(reader, { txHash: tx, payer: wallet, signature })).toBe(true);
    expect(await checkPayerSignature(reader, { txHash: tx, payer: wallet, signature })).toEqual({ ok: true });
  });

  test("a signature by someone other than the wallet's owner does not verify", async () => {
    const signature = await anvil.accounts.other.signMessage({ message: redeemMessage(hash)! });
    expect(await verifyPayerSignature(reader, { txHash: hash, payer: wallet, signature })).toBe(false);
    expect(await checkPayerSignature(reader, { txHash: hash, payer: wallet, signature })).toEqual({ ok: false, reason: "bad_signature" });
  });

  test("with the chain down, a wallet signature cannot be judged: chain_unavailable", async () => {
    const signature = await anvil.accounts.buyer.signMessage({ message: redeemMessage(hash)! });
    expect(await verifyPayerSignature(deadReader, { txHash: hash, payer: wallet, signature })).toBe(false);
    expect(await checkPayerSignature(deadReader, { txHash: hash, payer: wallet, signature })).toMatchObject({
      ok: false,
      reason: "chain_unavailable",
    });
  });
});
