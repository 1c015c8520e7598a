import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { createSIWxClientExtension, createSIWxPayload, encodeSIWxHeader } from "@x402/extensions/sign-in-with-x";
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { toHex, type Hash, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { BASE_USDC, startAnvil, testUsdcAbi, type Anvil } from "../helpers/anvil.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * Stock, unmodified x402 clients (@x402/fetch + @x402/evm + @x402/extensions' sign-in-with-x)
 * against a real vellum on anvil (chain id 8453, the test USDC with EIP-3009 at the Base USDC
 * address), settling with its own settler account and 2 confirmations.
 */
let anvil: Anvil;
let site: TargetSite;
let svc: TestService;
let settlerKeyFile: string;
const dir = tempDir();

beforeAll(async () => {
  // Interval mining: blocks keep coming, so confirmations accrue as on a real chain.
  anvil = await startAnvil({ blockTime: 1 });
  site = await startTargetSite();
  settlerKeyFile = join(dir, "settler.key");
  writeFileSync(settlerKeyFile, toHex(anvil.accounts.relayer.getHdKey().privateKey!), { mode: 0o600 });
  chmodSync(settlerKeyFile, 0o600);
  svc = await startTestService(serviceFlags());
}, 60_000);
afterAll(async () => {
  await svc?.close();
  await site?.close();
  await anvil?.stop();
});

function serviceFlags(extra: Record<string, string> = {}) {
  return {
    dir: join(dir, "data"),
    allowPrivateTargets: site.allowEntry,
    rpcUrls: [anvil.rpcUrl],
    payTo: anvil.accounts.treasury.address,
    confirmations: "2",
    settlerKeyFile,
    workers: "2",
    drainTimeoutMs: "300",
    ...extra,
  };
}

/** A fresh wallet holding `atomic` test USDC (the payer pays no gas: the settler does). */
async function wallet(atomic: bigint): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  if (atomic > 0n) {
    const hash = await anvil.client.writeContract({
      address: BASE_USDC,
      abi: testUsdcAbi,
      functionName: "mint",
      args: [account.address, atomic],
      account: anvil.accounts.minter.address,
    });
    await anvil.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }
  return account;
}

type Sent = { headers: Headers; status: number };

/** The stock client a new user would write: exact EVM scheme + the SIWX extension, one signer. */
function stockClient(account: PrivateKeyAccount) {
  const sent: Sent[] = [];
  const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const res = await fetch(request);
    sent.push({ headers: request.headers, status: res.status });
    return res;
  }) as typeof fetch;
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  client.registerExtension(createSIWxClientExtension({ signers: [account] }));
  const pay = wrapFetchWithPayment(recording, client);
  const extract = (url: string) =>
    pay(`${svc.url}/extract`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url }) });
  return { extract, sent };
}

const ledgerCredits = async (payer: string) =>
  svc.db.get<{ n: number; calls: number | null }>(
    "SELECT COUNT(*) AS n, SUM(l.calls) AS calls FROM ledger l JOIN api_keys k ON k.id = l.key_id WHERE k.owner = ? AND l.kind = 'redemption'",
    [payer],
  );
const settlementsOf = async (payer: string) =>
  svc.db.all<{ status: string; txHash: string | null }>("SELECT status, tx_hash AS txHash FROM settlements WHERE payer = ?", [payer]);

describe("a stock @x402/fetch + @x402/evm + sign-in-with-x client", () => {
  test("the first call pays $1.00 and is served; the next 99 go through SIWX without paying; the 101st pays again", async () => {
    const buyer = await wallet(5_000_000n);
    const treasuryBefore = await anvil.balanceOf(anvil.accounts.treasury.address);
    const { extract, sent } = stockClient(buyer);

    const first = await extract(site.url("/article-simple"));
    expect(first.status).toBe(200);
    const body = (await first.json()) as { title: string; usage: { mode: string; callsRemaining: number; chargedUsd: number } };
    expect(body.usage).toEqual({ mode: "paid", callsRemaining: 99, chargedUsd: 0.01 });
    const receipt = decodePaymentResponseHeader(first.headers.get("payment-response")!);
    expect(receipt).toMatchObject({ success: true, network: "eip155:8453", payer: buyer.address });
    expect(receipt.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    const apiKey = first.headers.get("x-vellum-api-key");
    expect(apiKey).toMatch(/^vk_/);
    // 402 → SIWX retry (no key yet: 402 credits_exhausted) → payment → 200.
    expect(sent.map((s) => s.status)).toEqual([402, 402, 200]);
    expect(sent[1]!.headers.has("sign-in-with-x")).toBe(true);
    expect(sent[2]!.headers.has("payment-signature")).toBe(true);
    expect(await anvil.balanceOf(anvil.accounts.treasury.address)).toBe(treasuryBefore + 1_000_000n);
    expect(await anvil.balanceOf(buyer.address)).toBe(4_000_000n);
    // The settlement tx is in the /redeem table: it can never be redeemed.
    const redeem = await svc.post("/redeem", { txHash: receipt.transaction });
    expect(redeem.status).toBe(409);

    sent.length = 0;
    for (let i = 0; i < 99; i++) {
      const res = await extract(site.url("/article-simple"));
      expect(res.status).toBe(200);
      expect(res.headers.get("payment-response")).toBeNull();
      const b = (await res.json()) as { usage: { callsRemaining: number } };
      expect(b.usage.callsRemaining).toBe(98 - i);
    }
    // Each: the 402 challenge, then the SIWX proof; never a payment.
    expect(sent.every((s) => !s.headers.has("payment-signature"))).toBe(true);
    expect(sent.filter((s) => s.status === 200).length).toBe(99);
    expect(await anvil.balanceOf(buyer.address)).toBe(4_000_000n);

    sent.length = 0;
    const again = await extract(site.url("/article-simple"));
    expect(again.status).toBe(200);
    expect(sent.map((s) => s.status)).toEqual([402, 402, 200]);
    expect(again.headers.get("payment-response")).not.toBeNull();
    // The second settlement tops up the same key: no new key is handed out.
    expect(again.headers.get("x-vellum-api-key")).toBeNull();
    expect(((await again.json()) as { usage: { callsRemaining: number } }).usage.callsRemaining).toBe(99);
    expect(await anvil.balanceOf(buyer.address)).toBe(3_000_000n);
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 2, calls: 200 });

    // The key from the first settlement is an ordinary Bearer key of the same wallet.
    const balance = await svc.get("/balance", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(((await balance.json()) as { callsRemaining: number }).callsRemaining).toBe(99);
  }, 180_000);

  test("every 402 declares sign-in-with-x with a fresh challenge bound to this origin", async () => {
    const a = await svc.post("/extract", { url: site.url("/article-simple") });
    const b = await svc.post("/extract", { url: site.url("/article-simple") });
    const pa = decodePaymentRequiredHeader(a.headers.get("payment-required")!);
    const pb = decodePaymentRequiredHeader(b.headers.get("payment-required")!);
    const siwx = pa.extensions!["sign-in-with-x"] as { info: { domain: string; uri: string; nonce: string }; supportedChains: unknown[] };
    expect(siwx.info.domain).toBe(new URL(svc.url).host);
    expect(siwx.info.uri).toBe(`${svc.url}/extract`);
    expect(siwx.supportedChains).toEqual([{ chainId: "eip155:8453", type: "eip191" }]);
    expect((pb.extensions!["sign-in-with-x"] as { info: { nonce: string } }).info.nonce).not.toBe(siwx.info.nonce);
    expect(((await a.json()) as { message: string }).message).toMatch(/x402 client.*\/redeem/);
    // /health and discovery say which ways to pay are open.
    expect(((await (await svc.get("/health")).json()) as { payments: unknown }).payments).toEqual({
      x402: true,
      redeem: true,
      signInWithX: true,
    });
    const discovery = (await (await svc.get("/.well-known/x402.json")).json()) as { resources: { settlement: string }[] };
    expect(discovery.resources[0]!.settlement).toMatch(/PAYMENT-SIGNATURE is settled on-chain by this service/);
    expect(discovery.resources[0]!.settlement).toMatch(/public/);
  });
});

/** Signs a payment for the current terms as the stock client does, with terms overridden. */
async function paymentHeader(account: PrivateKeyAccount, override: { payTo?: Hex; amount?: string; maxTimeoutSeconds?: number } = {}) {
  const res = await svc.post("/extract", { url: site.url("/article-simple") });
  const http = new x402HTTPClient(new x402Client());
  const required = http.getPaymentRequiredResponse((n) => res.headers.get(n));
  required.accepts = required.accepts.map((a) => ({ ...a, ...override }));
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  const payload = await client.createPaymentPayload(required);
  return new x402HTTPClient(client).encodePaymentSignatureHeader(payload);
}

const paidCall = (headers: Record<string, string>) => svc.post("/extract", { url: site.url("/article-simple") }, { headers });

test("an x402 v1 X-PAYMENT (network 'base') settles too, answered with PAYMENT-RESPONSE and X-PAYMENT-RESPONSE", async () => {
  const buyer = await wallet(2_000_000n);
  const v2 = JSON.parse(Buffer.from((await paymentHeader(buyer))["PAYMENT-SIGNATURE"]!, "base64").toString());
  const v1 = { x402Version: 1, scheme: "exact", network: "base", payload: v2.payload };
  const res = await paidCall({ "X-PAYMENT": Buffer.from(JSON.stringify(v1)).toString("base64") });
  expect(res.status).toBe(200);
  expect(decodePaymentResponseHeader(res.headers.get("x-payment-response")!)).toMatchObject({ success: true, payer: buyer.address });
  expect(res.headers.get("payment-response")).toBe(res.headers.get("x-payment-response"));
  expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
}, 60_000);

test("a browser may send SIGN-IN-WITH-X and read PAYMENT-RESPONSE and the new key (CORS)", async () => {
  const pre = await svc.get("/extract", { method: "OPTIONS" });
  const allowed = (pre.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
  expect(allowed).toEqual(expect.arrayContaining(["payment-signature", "x-payment", "sign-in-with-x"]));
  const exposed = (pre.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
  expect(exposed).toEqual(expect.arrayContaining(["payment-required", "payment-response", "x-payment-response", "x-vellum-api-key"]));
});

describe("refused payments charge nothing", () => {
  test("a replayed payment is refused: nonce already used, credited once", async () => {
    const buyer = await wallet(2_000_000n);
    const headers = await paymentHeader(buyer);
    expect((await paidCall(headers)).status).toBe(200);
    const replay = await paidCall(headers);
    expect(replay.status).toBe(402);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_exact_evm_nonce_already_used");
    expect(await anvil.balanceOf(buyer.address)).toBe(1_000_000n);
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
  }, 60_000);

  const cases: [string, (a: PrivateKeyAccount) => Promise<Record<string, string>>, string, bigint][] = [
    [
      "an expired one",
      (a) => paymentHeader(a, { maxTimeoutSeconds: 1 }),
      "invalid_exact_evm_payload_authorization_valid_before",
      2_000_000n,
    ],
    [
      "one to another address",
      (a) => paymentHeader(a, { payTo: anvil.accounts.other.address }),
      "invalid_exact_evm_payload_recipient_mismatch",
      2_000_000n,
    ],
    [
      "one for less than the amount",
      (a) => paymentHeader(a, { amount: "999999" }),
      "invalid_exact_evm_payload_authorization_value",
      2_000_000n,
    ],
    ["one from an empty wallet", (a) => paymentHeader(a), "insufficient_funds", 0n],
  ];
  for (const [name, make, reason, funds] of cases) {
    test(`${name} is refused with ${reason}, nothing credited`, async () => {
      const payer = await wallet(funds);
      const headers = await make(payer);
      if (name.startsWith("an expired")) await Bun.sleep(1100);
      const treasury = await anvil.balanceOf(anvil.accounts.treasury.address);
      const res = await paidCall(headers);
      expect(res.status).toBe(402);
      const body = (await res.json()) as { error: string; accepts: unknown[] };
      expect(body.error).toBe(reason);
      expect(body.accepts.length).toBe(1);
      expect(await anvil.balanceOf(payer.address)).toBe(funds);
      expect(await anvil.balanceOf(anvil.accounts.treasury.address)).toBe(treasury);
      expect(await ledgerCredits(payer.address)).toEqual({ n: 0, calls: null });
      expect((await settlementsOf(payer.address)).filter((s) => s.status === "settled")).toEqual([]);
    }, 30_000);
  }

  test("a forged signature is refused with invalid_exact_evm_payload_signature", async () => {
    const payer = await wallet(2_000_000n);
    const headers = await paymentHeader(payer);
    const payload = JSON.parse(Buffer.from(headers["PAYMENT-SIGNATURE"]!, "base64").toString());
    payload.payload.authorization.value = "2000000"; // signed for 1000000
    const res = await paidCall({ "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(payload)).toString("base64") });
    expect(((await res.json()) as { error: string }).error).toBe("invalid_exact_evm_payload_signature");
    expect(await anvil.balanceOf(payer.address)).toBe(2_000_000n);
  });

  test("a settler without ETH for gas: 503, nothing moves or is credited; the same payment succeeds once it is funded", async () => {
    const buyer = await wallet(2_000_000n);
    const headers = await paymentHeader(buyer);
    const settler = anvil.accounts.relayer.address;
    const eth = await anvil.client.getBalance({ address: settler });
    await anvil.client.setBalance({ address: settler, value: 0n });
    try {
      const res = await paidCall(headers);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toBe("settler_unavailable");
      expect(await anvil.balanceOf(buyer.address)).toBe(2_000_000n);
      expect(await ledgerCredits(buyer.address)).toEqual({ n: 0, calls: null });
      expect((await settlementsOf(buyer.address)).map((r) => r.status)).toEqual(["failed"]);
    } finally {
      await anvil.client.setBalance({ address: settler, value: eth });
    }
    expect((await paidCall(headers)).status).toBe(200);
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
  }, 60_000);

  test("a replayed SIWX proof is refused (single-use nonce)", async () => {
    const buyer = await wallet(2_000_000n);
    const { extract, sent } = stockClient(buyer);
    expect((await extract(site.url("/article-simple"))).status).toBe(200);
    sent.length = 0;
    expect((await extract(site.url("/article-simple"))).status).toBe(200);
    const proof = sent.find((s) => s.headers.has("sign-in-with-x"))!.headers.get("sign-in-with-x")!;
    const replay = await paidCall({ "sign-in-with-x": proof });
    expect(replay.status).toBe(402);
    expect(((await replay.json()) as { error: string }).error).toBe("invalid_siwx_nonce");
    // /balance accepts a proof of the wallet as well as the Bearer key (and refuses the replayed one).
    expect((await svc.get("/balance", { headers: { "sign-in-with-x": proof } })).status).toBe(401);
    const res = await svc.post("/extract", { url: site.url("/article-simple") });
    const required = new x402HTTPClient(new x402Client()).getPaymentRequiredResponse((n) => res.headers.get(n));
    const ext = required.extensions!["sign-in-with-x"] as {
      info: Record<string, string>;
      supportedChains: { chainId: string; type: "eip191" }[];
    };
    const fresh = await createSIWxPayload({ ...ext.info, ...ext.supportedChains[0]! } as never, buyer, `${svc.url}/extract`);
    const balance = await svc.get("/balance", { headers: { "sign-in-with-x": encodeSIWxHeader(fresh) } });
    expect(balance.status).toBe(200);
    expect(((await balance.json()) as { callsRemaining: number }).callsRemaining).toBe(98);
  }, 60_000);
});

describe("SIWX proofs are bound and expire", () => {
  async function challenge() {
    const res = await svc.post("/extract", { url: site.url("/article-simple") });
    const required = new x402HTTPClient(new x402Client()).getPaymentRequiredResponse((n) => res.headers.get(n));
    return required.extensions!["sign-in-with-x"] as {
      info: Record<string, string>;
      supportedChains: { chainId: string; type: "eip191" }[];
    };
  }
  let buyer: PrivateKeyAccount;
  beforeAll(async () => {
    buyer = await wallet(1_000_000n);
    expect((await paidCall(await paymentHeader(buyer))).status).toBe(200);
  }, 60_000);
  const send = async (info: Record<string, string>, url: string) => {
    const ext = await challenge();
    const proof = await createSIWxPayload({ ...info, ...ext.supportedChains[0]! } as never, buyer, url);
    const res = await paidCall({ "sign-in-with-x": encodeSIWxHeader(proof) });
    return { status: res.status, error: ((await res.json()) as { error?: string }).error };
  };

  test("a fresh proof is served; an old one (issued over 5 minutes ago) is refused: invalid_siwx_issued_at", async () => {
    const { info } = await challenge();
    expect((await send(info, `${svc.url}/extract`)).status).toBe(200);
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    const { info: info2 } = await challenge();
    expect(
      await send({ ...info2, issuedAt: old, expirationTime: new Date(Date.now() + 60_000).toISOString() }, `${svc.url}/extract`),
    ).toEqual({
      status: 402,
      error: "invalid_siwx_issued_at",
    });
    const { info: info3 } = await challenge();
    expect(await send({ ...info3, expirationTime: new Date(Date.now() - 1000).toISOString() }, `${svc.url}/extract`)).toEqual({
      status: 402,
      error: "invalid_siwx_expired",
    });
  }, 30_000);

  test("a proof made for another site is refused: invalid_siwx_domain_mismatch", async () => {
    const { info } = await challenge();
    const evil = { ...info, domain: "evil.example", uri: "https://evil.example/extract", resources: undefined as never };
    expect(await send(evil, "https://evil.example/extract")).toEqual({ status: 402, error: "invalid_siwx_domain_mismatch" });
  }, 30_000);
});

describe("exactly once", () => {
  test("10 concurrent calls carrying the same payment: one settlement, one credit", async () => {
    const buyer = await wallet(5_000_000n);
    const headers = await paymentHeader(buyer);
    const results = await Promise.all(Array.from({ length: 10 }, () => paidCall(headers)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 402).length).toBe(9);
    expect(await anvil.balanceOf(buyer.address)).toBe(4_000_000n);
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
    expect((await settlementsOf(buyer.address)).length).toBe(1);
  }, 60_000);

  test("someone else submits the same authorization first: our transaction reverts, the payment is credited once (by their transaction)", async () => {
    const buyer = await wallet(3_000_000n);
    const headers = await paymentHeader(buyer);
    const { payload } = JSON.parse(Buffer.from(headers["PAYMENT-SIGNATURE"]!, "base64").toString()) as {
      payload: { authorization: Record<string, string>; signature: Hex };
    };
    await anvil.client.setIntervalMining({ interval: 0 });
    const call = paidCall(headers);
    let row: { status: string; txHash: string | null } | undefined;
    for (let i = 0; i < 200 && row?.status !== "submitted"; i++) {
      await Bun.sleep(50);
      row = (await settlementsOf(buyer.address))[0];
    }
    expect(row?.status).toBe("submitted");
    const a = payload.authorization;
    // The front-runner pays a higher tip, so its transaction is ordered first in the next block.
    const theirs = await anvil.client.writeContract({
      address: BASE_USDC,
      abi: testUsdcAbi,
      functionName: "transferWithAuthorization",
      args: [
        a.from as Hex,
        a.to as Hex,
        BigInt(a.value!),
        BigInt(a.validAfter!),
        BigInt(a.validBefore!),
        a.nonce as Hex,
        payload.signature,
      ],
      account: anvil.accounts.other.address,
      maxPriorityFeePerGas: 50_000_000_000n,
      maxFeePerGas: 100_000_000_000n,
      gas: 200_000n,
    });
    await anvil.client.mine({ blocks: 1 });
    await anvil.client.setIntervalMining({ interval: 1 });
    expect((await anvil.client.getTransactionReceipt({ hash: row!.txHash as Hash })).status).toBe("reverted");
    const res = await call;
    expect(res.status).toBe(200);
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!).transaction).toBe(theirs);
    expect(await settlementsOf(buyer.address)).toEqual([{ status: "settled", txHash: theirs }]);
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
    expect(await anvil.balanceOf(buyer.address)).toBe(2_000_000n);
    // Their transaction now belongs to this settlement: /redeem cannot take it again.
    expect((await svc.post("/redeem", { txHash: theirs })).status).toBe(409);
    expect((await svc.post("/redeem", { txHash: row!.txHash })).status).not.toBe(200);
  }, 60_000);

  test("SIGKILL-equivalent during settlement (tx in the mempool, process gone), then restart: credited exactly once", async () => {
    const buyer = await wallet(5_000_000n);
    const headers = await paymentHeader(buyer);
    // Stop mining: the settlement is signed, recorded and broadcast, then waits for a block.
    await anvil.client.setIntervalMining({ interval: 0 });
    const pending = paidCall(headers).catch(() => null);
    let row: { status: string; txHash: string | null } | undefined;
    for (let i = 0; i < 200 && row?.status !== "submitted"; i++) {
      await Bun.sleep(50);
      row = (await settlementsOf(buyer.address))[0];
    }
    expect(row?.status).toBe("submitted");
    // The process dies without finishing (close() abandons the waiting request as a kill would).
    await svc.close().catch(() => {});
    await pending;
    await anvil.client.setIntervalMining({ interval: 1 });
    await anvil.client.waitForTransactionReceipt({ hash: row!.txHash as Hash, confirmations: 2, pollingInterval: 100 });
    svc = await startTestService(serviceFlags());
    for (let i = 0; i < 100 && (await settlementsOf(buyer.address))[0]?.status !== "settled"; i++) await Bun.sleep(100);
    expect((await settlementsOf(buyer.address))[0]?.status).toBe("settled");
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
    expect(await anvil.balanceOf(buyer.address)).toBe(4_000_000n);
    // A second start finds nothing left to do: still exactly once.
    await svc.close();
    svc = await startTestService(serviceFlags());
    await Bun.sleep(500);
    expect(await ledgerCredits(buyer.address)).toEqual({ n: 1, calls: 100 });
  }, 120_000);
});

test("a settler key file readable by group or others is refused at start", async () => {
  const loose = join(dir, "loose.key");
  writeFileSync(loose, toHex(anvil.accounts.relayer.getHdKey().privateKey!));
  chmodSync(loose, 0o644);
  await expect(startTestService({ ...serviceFlags({ settlerKeyFile: loose }), dir: join(dir, "other") })).rejects.toThrow(
    /group or others/,
  );
});
