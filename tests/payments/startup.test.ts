import { afterAll, beforeAll, expect, test } from "bun:test";
import { startAnvil, anvilAccounts, type Anvil } from "../helpers/anvil.ts";
import { startTestService } from "../helpers/service.ts";
import { ConfigError } from "../../src/config.ts";

/** The chain the RPC serves must be the configured network: a mismatch stops the start. */
let wrongChain: Anvil;
beforeAll(async () => {
  wrongChain = await startAnvil({ chainId: 10, bare: true });
});
afterAll(async () => {
  await wrongChain?.stop();
});

test("an RPC on another chain is a clear start-up error naming both chain ids", async () => {
  const start = startTestService({ payTo: anvilAccounts.treasury.address, rpcUrls: [wrongChain.rpcUrl] });
  await expect(start).rejects.toBeInstanceOf(ConfigError);
  await expect(startTestService({ payTo: anvilAccounts.treasury.address, rpcUrls: [wrongChain.rpcUrl] })).rejects.toThrow(
    /chain id 10.*eip155:8453/,
  );
});

test("an unreachable RPC does not stop the start: redeems answer 503 until it is back", async () => {
  const svc = await startTestService({ payTo: anvilAccounts.treasury.address, rpcUrls: ["http://127.0.0.1:9"] });
  try {
    expect((await svc.get("/health")).status).toBe(200);
    expect((await svc.post("/redeem", { txHash: "0x" + "ab".repeat(32) })).status).toBe(503);
  } finally {
    await svc.close();
  }
});
