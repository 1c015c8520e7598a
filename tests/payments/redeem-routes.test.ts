import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Hash } from "viem";
import { startAnvil, anvilAccounts, type Anvil } from "../helpers/anvil.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { redeemMessage } from "../../src/payments/signature.ts";
import { creditKey } from "../../src/store/keys.ts";

/**
 * /redeem, /balance and paid /extract against a real chain: anvil with chain id 8453 and a
 * 6-decimal test USDC at the Base USDC address, the app the server runs (in process, through
 * app.handle: no socket is needed), a real target site.
 */
let anvil: Anvil;
let svc: TestApp;
let site: TargetSite;
const buyer = anvilAccounts.buyer.address;
const treasury = anvilAccounts.treasury.address;
const other = anvilAccounts.other.address;

beforeAll(async () => {
  anvil = await startAnvil();
  site = await startTargetSite();
  await anvil.mint(buyer, 1_000_000_000n);
  svc = await startTestApp({ payTo: treasury, rpcUrls: [anvil.rpcUrl], allowPrivateTargets: site.allowEntry, confirmations: "2" });
});
afterAll(async () => {
  await svc?.close();
  await site?.close();
  await anvil?.stop();
});

const redeem = (txHash: string, extra: Record<string, unknown> = {}) => svc.post("/redeem", { txHash, ...extra });

/** A transfer to the treasury with enough confirmations (the receipt block + 1 more). */
async function paid(atomic: bigint): Promise<Hash> {
  const hash = await anvil.transfer(buyer, treasury, atomic);
  await anvil.mine(1);
  return hash;
}

describe("/redeem", () => {
  test("$1.37 buys exactly 137 calls, and the key works on /balance and /extract", async () => {
    const hash = await paid(1_370_000n);
    const res = await redeem(hash);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, creditsUsd: 1.37, callsRemaining: 137, pricePerCallUsd: 0.01, payer: buyer });
    expect(body.apiKey).toMatch(/^vk_[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    const auth = { authorization: `Bearer ${body.apiKey}` };
    expect(await (await svc.get("/balance", { headers: auth })).json()).toMatchObject({ callsRemaining: 137, totalCalls: 137 });
    const ex = await svc.post("/extract", { url: site.url("/article-simple") }, { headers: auth });
    expect(ex.status).toBe(200);
    expect((await ex.json()).usage).toEqual({ mode: "paid", callsRemaining: 136, chargedUsd: 0.01 });
  });

  test("one confirmation is not enough: 425 not_confirmed with Retry-After, then 200 after a block", async () => {
    const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
    const early = await redeem(hash);
    expect(early.status).toBe(425);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await early.json()).error).toBe("not_confirmed");
    await anvil.mine(1);
    expect((await redeem(hash)).status).toBe(200);
  });

  test("two transfers to the treasury in one transaction are summed", async () => {
    const hash = await anvil.transferTwice(buyer, treasury, 600_000n, 700_000n);
    await anvil.mine(1);
    const body = await (await redeem(hash)).json();
    expect(body.callsRemaining).toBe(130);
  });

  const refusals: [string, () => Promise<Hash | string>, number, string][] = [
    [
      "a transfer to another address",
      async () => {
        const h = await anvil.transfer(buyer, other, 5_000_000n);
        await anvil.mine(1);
        return h;
      },
      400,
      "no_transfer_to_treasury",
    ],
    [
      "a forged Transfer event from another contract",
      async () => {
        const h = await anvil.forgedTransfer(buyer, buyer, treasury, 50_000_000n);
        await anvil.mine(1);
        return h;
      },
      400,
      "no_transfer_to_treasury",
    ],
    [
      "a reverted transaction",
      async () => {
        const h = await anvil.revertingTx(buyer, treasury, 5_000_000n);
        await anvil.mine(1);
        return h;
      },
      400,
      "transaction_failed",
    ],
    ["an amount below $1.00", () => paid(999_999n), 400, "amount_below_minimum"],
    ["an unknown hash", async () => "0x" + "12".repeat(32), 400, "transaction_not_found"],
    ["a hash that is too short", async () => "0x1234", 400, "invalid_request"],
    ["a hash without 0x", async () => "ab".repeat(32), 400, "invalid_request"],
    ["a hash with a non-hex digit", async () => "0x" + "g".repeat(64), 400, "invalid_request"],
    ["an empty hash", async () => "", 400, "invalid_request"],
  ];
  test.each(refusals)("%s is refused with its code", async (_name, make, status, error) => {
    const res = await redeem(await make());
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBe(error);
  });

  test("a missing or non-string txHash and bad JSON are 400 invalid_request", async () => {
    for (const body of [{}, { txHash: 5 }, { txHash: null }, "{", "[]"]) {
      const res = await svc.post("/redeem", body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("invalid_request");
    }
  });

  test("a redeemed hash is refused the second time, in any letter case", async () => {
    const hash = await paid(1_000_000n);
    expect((await redeem(hash)).status).toBe(200);
    const again = await redeem(hash.toUpperCase().replace("0X", "0x"));
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("already_redeemed");
  });

  test("20 concurrent redeems of one hash give one 200 and nineteen 409s", async () => {
    const hash = await paid(2_000_000n);
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(hash)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(19);
    const keys = (await svc.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM redemptions"))!.n;
    const distinct = (await svc.db.get<{ n: number }>("SELECT COUNT(DISTINCT tx_hash) AS n FROM redemptions"))!.n;
    expect(keys).toBe(distinct);
  });

  test("a pending transaction (not mined) is 425 pending", async () => {
    await anvil.setAutomine(false);
    try {
      const hash = await anvil.transfer(buyer, treasury, 1_000_000n);
      const res = await redeem(hash);
      expect(res.status).toBe(425);
      expect((await res.json()).error).toBe("pending");
      expect(res.headers.get("retry-after")).not.toBeNull();
    } finally {
      await anvil.setAutomine(true);
      await anvil.mine(2);
    }
  });

  test("a transaction reorganised away cannot be redeemed", async () => {
    const snapshot = await anvil.snapshot();
    const hash = await paid(1_000_000n);
    await anvil.revert(snapshot);
    await anvil.mine(3);
    const res = await redeem(hash);
    expect([400, 425]).toContain(res.status);
    expect(["transaction_not_found", "pending"]).toContain((await res.json()).error);
    expect(await svc.db.get("SELECT 1 AS one FROM redemptions WHERE tx_hash = ?", [hash.toLowerCase()])).toBeNull();
  });
});

describe("payer signature", () => {
  test("the right signer redeems; the wrong signer and garbage are 400 bad_signature", async () => {
    const hash = await paid(1_000_000n);
    const wrong = await anvilAccounts.other.signMessage({ message: redeemMessage(hash)! });
    const r1 = await redeem(hash, { signature: wrong });
    expect(r1.status).toBe(400);
    expect((await r1.json()).error).toBe("bad_signature");
    const r2 = await redeem(hash, { signature: "0xdeadbeef" });
    expect((await r2.json()).error).toBe("bad_signature");
    const right = await anvilAccounts.buyer.signMessage({ message: redeemMessage(hash)! });
    expect((await redeem(hash, { signature: right })).status).toBe(200);
  });

  test("when the operator requires it, a redeem without signature is refused and nothing is lost", async () => {
    const strict = await startTestApp({ payTo: treasury, rpcUrls: [anvil.rpcUrl], redeemRequireSignature: "true" });
    try {
      const hash = await paid(1_000_000n);
      const res = await strict.post("/redeem", { txHash: hash });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("signature_required");
      const signature = await anvilAccounts.buyer.signMessage({ message: redeemMessage(hash)! });
      expect((await strict.post("/redeem", { txHash: hash, signature })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe("when the chain cannot be read", () => {
  test("an RPC that is down gives 503 chain_unavailable with no internals, and the hash stays redeemable", async () => {
    const down = await startTestApp({ payTo: treasury, rpcUrls: ["http://127.0.0.1:9/secret-path?key=s3cr3t"] });
    const hash = await paid(1_000_000n);
    try {
      const res = await down.post("/redeem", { txHash: hash });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).not.toBeNull();
      const text = await res.text();
      expect(JSON.parse(text).error).toBe("chain_unavailable");
      expect(text).not.toContain("s3cr3t");
      expect(text).not.toContain("127.0.0.1:9");
    } finally {
      await down.close();
    }
    expect((await redeem(hash)).status).toBe(200);
  });

  test("a service without a pay-to address sells nothing: 503 payments_not_configured", async () => {
    const unpaid = await startTestApp({ rpcUrls: [anvil.rpcUrl] });
    try {
      const res = await unpaid.post("/redeem", { txHash: "0x" + "ab".repeat(32) });
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe("payments_not_configured");
    } finally {
      await unpaid.close();
    }
  });
});

describe("paid calls", () => {
  test("a key with two calls left and ten concurrent requests serves exactly two", async () => {
    const hash = await paid(1_000_000n);
    const { apiKey } = await (await redeem(hash)).json();
    const auth = { authorization: `Bearer ${apiKey}` };
    // Take 98 of the 100 calls away as an operator adjustment, so the ledger stays the audit trail.
    const keyId = (await svc.db.get<{ id: number }>("SELECT id FROM api_keys ORDER BY id DESC LIMIT 1"))!.id;
    await creditKey(svc.db, keyId, -98, "test: leave two calls");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => svc.post("/extract", { url: site.url("/article-simple") }, { headers: auth })),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(2);
    expect(results.filter((r) => r.status === 402).length).toBe(8);
    expect((await (await svc.get("/balance", { headers: auth })).json()).callsRemaining).toBe(0);
  });
});
