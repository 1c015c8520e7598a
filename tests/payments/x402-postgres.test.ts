import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { createSIWxClientExtension } from "@x402/extensions/sign-in-with-x";
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { BASE_USDC, startAnvil, testUsdcAbi, type Anvil } from "../helpers/anvil.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { tempDir } from "../helpers/temp.ts";

// The x402 settlement and SIWX store (schema version 3) on PostgreSQL: the same stock client flow,
// the same exactly-once guarantees.
let anvil: Anvil;
let site: TargetSite;
let pg: PostgresServer;
let svc: TestService;

beforeAll(async () => {
  [anvil, site, pg] = await Promise.all([startAnvil({ blockTime: 1 }), startTargetSite(), startPostgres()]);
  const keyFile = join(tempDir(), "settler.key");
  writeFileSync(keyFile, toHex(anvil.accounts.relayer.getHdKey().privateKey!), { mode: 0o600 });
  svc = await startTestService(
    { allowPrivateTargets: site.allowEntry, rpcUrls: [anvil.rpcUrl], payTo: anvil.accounts.treasury.address, settlerKeyFile: keyFile },
    { VELLUM_DATABASE_URL: await pg.freshDatabase() },
  );
  expect(svc.db.backend).toBe("postgres");
}, 120_000);
afterAll(async () => {
  await svc?.close();
  await site?.close();
  await pg?.stop();
  await anvil?.stop();
});

test("on PostgreSQL: pay once, come back through SIWX, a replay and concurrent copies settle once", async () => {
  const buyer = privateKeyToAccount(generatePrivateKey());
  const minted = await anvil.client.writeContract({
    address: BASE_USDC,
    abi: testUsdcAbi,
    functionName: "mint",
    args: [buyer.address, 3_000_000n],
    account: anvil.accounts.minter.address,
  });
  await anvil.client.waitForTransactionReceipt({ hash: minted });
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: buyer });
  client.registerExtension(createSIWxClientExtension({ signers: [buyer] }));
  const pay = wrapFetchWithPayment(fetch, client);
  const extract = () =>
    pay(`${svc.url}/extract`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: site.url("/article-simple") }),
    });

  const first = await extract();
  expect(first.status).toBe(200);
  expect(decodePaymentResponseHeader(first.headers.get("payment-response")!).payer).toBe(buyer.address);
  for (let i = 0; i < 3; i++) {
    const res = await extract();
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).toBeNull();
  }
  expect(await anvil.balanceOf(buyer.address)).toBe(2_000_000n);

  // A second payment sent ten times at once: one settlement.
  const res402 = await svc.post("/extract", { url: site.url("/article-simple") });
  const signer = new x402Client();
  registerExactEvmScheme(signer, { signer: buyer });
  const http = new x402HTTPClient(signer);
  const headers = http.encodePaymentSignatureHeader(
    await signer.createPaymentPayload(http.getPaymentRequiredResponse((n) => res402.headers.get(n))),
  );
  const results = await Promise.all(
    Array.from({ length: 10 }, () => svc.post("/extract", { url: site.url("/article-simple") }, { headers })),
  );
  expect(results.filter((r) => r.status === 200).length).toBe(1);
  expect(results.filter((r) => r.status === 402).length).toBe(9);
  const replay = await svc.post("/extract", { url: site.url("/article-simple") }, { headers });
  expect(((await replay.json()) as { error: string }).error).toBe("invalid_exact_evm_nonce_already_used");
  expect(await anvil.balanceOf(buyer.address)).toBe(1_000_000n);
  const credited = await svc.db.get<{ n: number; calls: number }>(
    "SELECT COUNT(*) AS n, SUM(l.calls) AS calls FROM ledger l JOIN api_keys k ON k.id = l.key_id WHERE k.owner = ? AND l.kind = 'redemption'",
    [buyer.address],
  );
  expect({ n: Number(credited?.n), calls: Number(credited?.calls) }).toEqual({ n: 2, calls: 200 });
}, 120_000);
