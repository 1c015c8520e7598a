import { afterAll, beforeAll, expect, test } from "bun:test";
import { keccak256, parseSignature, toHex, type Hex } from "viem";
import { BASE_USDC, startAnvil, testUsdcAbi, type Anvil } from "../helpers/anvil.ts";

// The test USDC must accept exactly what a stock @x402/evm client signs for Base USDC: the
// EIP-712 domain {name "USD Coin", version "2", chainId 8453, verifyingContract = BASE_USDC}.
let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(() => anvil?.stop());

const types = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

async function sign(message: { to: Hex; value: bigint; validAfter: bigint; validBefore: bigint; nonce: Hex }, chainId = 8453) {
  const { buyer } = anvil.accounts;
  return buyer.signTypedData({
    domain: { name: "USD Coin", version: "2", chainId, verifyingContract: BASE_USDC },
    types,
    primaryType: "TransferWithAuthorization",
    message: { from: buyer.address, ...message },
  });
}

test("the token reports USDC's EIP-712 domain", async () => {
  const read = (functionName: "version" | "name") => anvil.client.readContract({ address: BASE_USDC, abi: testUsdcAbi, functionName });
  expect(await read("name")).toBe("USD Coin");
  expect(await read("version")).toBe("2");
});

test("transferWithAuthorization moves the funds once, by either signature form; the nonce is then used", async () => {
  const { buyer, treasury, relayer } = anvil.accounts;
  await anvil.mint(buyer.address, 5_000_000n);
  const before = await anvil.balanceOf(treasury.address);
  const now = BigInt(Math.floor(Date.now() / 1000));
  const nonce = keccak256(toHex("nonce-1"));
  const message = { to: treasury.address, value: 1_000_000n, validAfter: 0n, validBefore: now + 600n, nonce };
  const signature = await sign(message);
  const args = [buyer.address, treasury.address, 1_000_000n, 0n, now + 600n, nonce] as const;
  expect(
    await anvil.client.readContract({
      address: BASE_USDC,
      abi: testUsdcAbi,
      functionName: "authorizationState",
      args: [buyer.address, nonce],
    }),
  ).toBe(false);
  const hash = await anvil.client.writeContract({
    address: BASE_USDC,
    abi: testUsdcAbi,
    functionName: "transferWithAuthorization",
    args: [...args, signature],
    account: relayer.address,
  });
  expect((await anvil.client.waitForTransactionReceipt({ hash })).status).toBe("success");
  expect(await anvil.balanceOf(treasury.address)).toBe(before + 1_000_000n);
  expect(
    await anvil.client.readContract({
      address: BASE_USDC,
      abi: testUsdcAbi,
      functionName: "authorizationState",
      args: [buyer.address, nonce],
    }),
  ).toBe(true);
  // The same authorization again (v, r, s form this time): refused as used.
  const { v, r, s } = parseSignature(signature);
  await expect(
    anvil.client.simulateContract({
      address: BASE_USDC,
      abi: testUsdcAbi,
      functionName: "transferWithAuthorization",
      args: [...args, Number(v), r, s],
      account: relayer.address,
    }),
  ).rejects.toThrow(/authorization is used or canceled/);
});

test("a wrong domain, an expired window or a changed amount is refused", async () => {
  const { buyer, treasury, relayer } = anvil.accounts;
  await anvil.mint(buyer.address, 5_000_000n);
  const now = BigInt(Math.floor(Date.now() / 1000));
  const nonce = keccak256(toHex("nonce-2"));
  const message = { to: treasury.address, value: 1_000_000n, validAfter: 0n, validBefore: now + 600n, nonce };
  const simulate = (signature: Hex, value = 1_000_000n, validBefore = now + 600n) =>
    anvil.client.simulateContract({
      address: BASE_USDC,
      abi: testUsdcAbi,
      functionName: "transferWithAuthorization",
      args: [buyer.address, treasury.address, value, 0n, validBefore, nonce, signature],
      account: relayer.address,
    });
  await expect(simulate(await sign(message, 1))).rejects.toThrow(/invalid signature/);
  await expect(simulate(await sign(message), 2_000_000n)).rejects.toThrow(/invalid signature/);
  await expect(simulate(await sign({ ...message, validBefore: now - 10n }), 1_000_000n, now - 10n)).rejects.toThrow(/expired/);
  expect((await simulate(await sign(message))).result).toBeUndefined();
});
