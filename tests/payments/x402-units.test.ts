import { describe, expect, test } from "bun:test";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatSIWEMessage } from "@x402/extensions/sign-in-with-x";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { loadSettlerKey } from "../../src/payments/settler-key.ts";
import { parseSiwxHeader, siweMessage, siwxExtension } from "../../src/payments/siwx.ts";
import { decodePaymentHeader, revertReason, verifyOffChain, type ExactTerms } from "../../src/payments/x402-exact.ts";
import { paymentReasonMessage, PAYMENT_REASONS } from "../../src/payments/terms.ts";
import { tempDir } from "../helpers/temp.ts";

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
const auth = {
  from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  to: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  value: "1000000",
  validAfter: "0",
  validBefore: "99999999999",
  nonce: `0x${"ab".repeat(32)}`,
};

describe("decodePaymentHeader", () => {
  test("v2 PAYMENT-SIGNATURE and v1 X-PAYMENT (network 'base') both decode; the answer header follows the request's", () => {
    const v2 = decodePaymentHeader(
      new Headers({
        "payment-signature": b64({
          x402Version: 2,
          accepted: { scheme: "exact", network: "eip155:8453" },
          payload: { authorization: auth, signature: "0x12" },
        }),
      }),
    );
    expect(v2).toMatchObject({ ok: true, payment: { x402Version: 2, header: "payment-signature", network: "eip155:8453" } });
    const v1 = decodePaymentHeader(
      new Headers({
        "x-payment": b64({ x402Version: 1, scheme: "exact", network: "base", payload: { authorization: auth, signature: "0x12" } }),
      }),
    );
    expect(v1).toMatchObject({ ok: true, payment: { x402Version: 1, header: "x-payment", network: "eip155:8453", accepted: null } });
    if (v1?.ok) expect(v1.payment.authorization.value).toBe(1_000_000n);
  });

  test("no header: null; garbage, a wrong version, a bad nonce or a huge header: bounded refusals", () => {
    expect(decodePaymentHeader(new Headers())).toBeNull();
    const bad = (h: string) => decodePaymentHeader(new Headers({ "payment-signature": h }));
    expect(bad("not base64!")).toEqual({ ok: false, reason: "invalid_payload" });
    expect(bad(b64([1, 2]))).toEqual({ ok: false, reason: "invalid_x402_version" });
    expect(bad(b64({ x402Version: 3 }))).toEqual({ ok: false, reason: "invalid_x402_version" });
    expect(
      bad(
        b64({
          x402Version: 2,
          accepted: { scheme: "exact", network: "eip155:8453" },
          payload: { authorization: { ...auth, nonce: "0x1" }, signature: "0x12" },
        }),
      ),
    ).toEqual({
      ok: false,
      reason: "invalid_payload",
    });
    expect(
      bad(
        b64({
          x402Version: 2,
          accepted: { scheme: "exact", network: "eip155:8453" },
          payload: { authorization: { ...auth, value: "-1" }, signature: "0x12" },
        }),
      ),
    ).toEqual({
      ok: false,
      reason: "invalid_payload",
    });
    expect(bad("A".repeat(20_000))).toEqual({ ok: false, reason: "invalid_payload" });
  });

  test("off-chain checks: scheme, network, terms, recipient, amount, window", async () => {
    const terms: ExactTerms = {
      network: "eip155:8453",
      chainId: 8453,
      usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      payTo: auth.to as `0x${string}`,
      minimumAtomic: 1_000_000n,
    };
    const make = (
      a: Partial<typeof auth>,
      accepted: Record<string, string> = { scheme: "exact", network: "eip155:8453", asset: terms.usdc, payTo: terms.payTo },
    ) => {
      const d = decodePaymentHeader(
        new Headers({
          "payment-signature": b64({
            x402Version: 2,
            accepted,
            payload: { authorization: { ...auth, ...a }, signature: `0x${"11".repeat(65)}` },
          }),
        }),
      );
      if (!d?.ok) throw new Error("decode");
      return d.payment;
    };
    const now = 1_000_000n;
    expect(await verifyOffChain(make({}, { scheme: "upto", network: "eip155:8453" }), terms, now)).toEqual({
      ok: false,
      reason: "invalid_scheme",
    });
    expect(await verifyOffChain(make({}, { scheme: "exact", network: "eip155:1" }), terms, now)).toEqual({
      ok: false,
      reason: "invalid_network",
    });
    expect(
      await verifyOffChain(make({}, { scheme: "exact", network: "eip155:8453", asset: auth.to, payTo: terms.payTo }), terms, now),
    ).toEqual({
      ok: false,
      reason: "invalid_payment_requirements",
    });
    expect(await verifyOffChain(make({ to: auth.from }), terms, now)).toEqual({
      ok: false,
      reason: "invalid_exact_evm_payload_recipient_mismatch",
    });
    expect(await verifyOffChain(make({ value: "999999" }), terms, now)).toEqual({
      ok: false,
      reason: "invalid_exact_evm_payload_authorization_value",
    });
    expect(await verifyOffChain(make({ validBefore: String(now + 5n) }), terms, now)).toEqual({
      ok: false,
      reason: "invalid_exact_evm_payload_authorization_valid_before",
    });
    expect(await verifyOffChain(make({ validAfter: String(now + 60n) }), terms, now)).toEqual({
      ok: false,
      reason: "invalid_exact_evm_payload_authorization_valid_after",
    });
    // A signature that recovers to someone else is left to the chain (a contract wallet may accept it).
    expect(await verifyOffChain(make({}), terms, now)).toEqual({ ok: true, signature: "unverified" });
  });
});

describe("SIWX", () => {
  test("the EIP-4361 text is byte for byte what @x402/extensions signs, with and without optional fields", () => {
    const ext = siwxExtension("http://127.0.0.1:8402/extract", "eip155:8453");
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const proof = { ...ext.info, address, chainId: "eip155:8453", type: "eip191", signature: "0x" };
    expect(siweMessage(proof, 8453)).toBe(formatSIWEMessage({ ...ext.info, chainId: "eip155:8453", type: "eip191" }, address));
    const bare = {
      domain: "a.example",
      address,
      uri: "https://a.example/x",
      version: "1",
      chainId: "eip155:8453",
      type: "eip191",
      nonce: "abcdefgh12",
      issuedAt: ext.info.issuedAt,
      signature: "0x",
      notBefore: ext.info.issuedAt,
      requestId: "r1",
    };
    expect(siweMessage(bare, 8453)).toBe(formatSIWEMessage({ ...bare, type: "eip191" }, address));
  });

  test("each challenge has a fresh nonce; a malformed header is refused before any work", () => {
    const a = siwxExtension("https://x.example/extract", "eip155:8453");
    const b = siwxExtension("https://x.example/extract", "eip155:8453");
    expect(a.info.nonce).not.toBe(b.info.nonce);
    expect(a.info.domain).toBe("x.example");
    expect(parseSiwxHeader("%%%")).toBeNull();
    expect(parseSiwxHeader(b64({ domain: 1 }))).toBeNull();
    expect(parseSiwxHeader("A".repeat(9000))).toBeNull();
  });
});

describe("settler key file", () => {
  const dir = tempDir();
  const write = (name: string, text: string, mode: number) => {
    const p = join(dir, name);
    writeFileSync(p, text, { mode });
    chmodSync(p, mode);
    return p;
  };
  test("a 0600 file with a key (with or without 0x) loads; loose, missing or malformed files are refused by name, never by content", () => {
    const key = generatePrivateKey();
    expect(loadSettlerKey(write("ok.key", `${key}\n`, 0o600)).address).toBe(privateKeyToAccount(key).address);
    expect(loadSettlerKey(write("ok2.key", key.slice(2), 0o400)).address).toBe(privateKeyToAccount(key).address);
    expect(() => loadSettlerKey(write("group.key", key, 0o640))).toThrow(/readable by its group or others \(mode 640\)/);
    expect(() => loadSettlerKey(write("world.key", key, 0o604))).toThrow(/group or others/);
    expect(() => loadSettlerKey(join(dir, "missing.key"))).toThrow(/cannot read it \(ENOENT\)/);
    const bad = write("bad.key", "0xnothex", 0o600);
    expect(() => loadSettlerKey(bad)).toThrow(/64 hex digits/);
    try {
      loadSettlerKey(write("group2.key", key, 0o660));
    } catch (e) {
      expect(String(e)).not.toContain(key.slice(2, 20));
    }
  });
});

test("every 402 reason has a message; payment_required names both ways to pay when x402 settlement is on", () => {
  for (const r of PAYMENT_REASONS) expect(paymentReasonMessage(r, true).length).toBeGreaterThan(20);
  expect(paymentReasonMessage("payment_required", true)).toMatch(/x402 client.*\/redeem/);
  expect(paymentReasonMessage("payment_required", false)).not.toMatch(/x402 client/);
  expect(paymentReasonMessage("payment_required", false)).toMatch(/\/redeem.*x402 payment signatures are not settled/);
});

describe("revertReason", () => {
  test("names a used authorization, and reads a node's long message once (the pattern read it once per mention)", () => {
    expect(revertReason(new Error("execution reverted: FiatTokenV2: authorization is used or canceled"))).toBe(
      "invalid_exact_evm_nonce_already_used",
    );
    expect(revertReason(new Error("authorization was already used"))).toBe("invalid_exact_evm_nonce_already_used");
    // 100,000 mentions and no "used": before, each mention read the message to its end (minutes).
    expect(revertReason(new Error(`authorization ${"authorization ".repeat(100_000)}`))).not.toBe("invalid_exact_evm_nonce_already_used");
  }, 10_000);
});
