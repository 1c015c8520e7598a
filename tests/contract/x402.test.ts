import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { x402HTTPClient } from "@x402/core/client";
import { parsePaymentRequired } from "@x402/core/schemas";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startTestService, type TestService } from "../helpers/service.ts";

/**
 * The 402 as the official x402 client packages read it: the PAYMENT-REQUIRED header decodes to the
 * body, the object passes @x402/core's own schema, the bazaar extension validates the way a
 * facilitator checks it, and a stock @x402/fetch client learns the terms and why it cannot pay by
 * signature.
 */
const TREASURY = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ payTo: TREASURY, rpcUrls: ["http://127.0.0.1:9"], freeCallsPerDay: "0" });
});
afterAll(async () => {
  await svc?.close();
});

const article = "https://blog.example.com/post";
const unpaid: [string, () => Promise<Response>][] = [
  ["POST with nothing", () => svc.post("/extract", { url: article })],
  ["GET with nothing", () => svc.get(`/extract?url=${encodeURIComponent(article)}`)],
  ["an unknown key", () => svc.post("/extract", { url: article }, { headers: { authorization: `Bearer vk_${"1".repeat(44)}` } })],
  ["the free flag with no allowance", () => svc.post("/extract", { url: article }, { headers: { "x-free-trial": "1" } })],
  ["an x402 v1 X-PAYMENT", () => svc.post("/extract", { url: article }, { headers: { "x-payment": "e30=" } })],
];

describe("the PAYMENT-REQUIRED header", () => {
  for (const [name, call] of unpaid) {
    test(`${name}: decodes with @x402/core to the same object as the body`, async () => {
      const res = await call();
      expect(res.status).toBe(402);
      const header = res.headers.get("payment-required")!;
      expect(header).toMatch(/^[A-Za-z0-9+/]+={0,2}$/); // standard base64, no line breaks
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.json();
      expect(decodePaymentRequiredHeader(header)).toEqual(body);
      // The client's own entry point prefers the header and must agree with the body.
      const client = new x402HTTPClient(new x402Client());
      expect(client.getPaymentRequiredResponse((n) => res.headers.get(n), body)).toEqual(body);
    });
  }

  test("the object passes @x402/core's PaymentRequired schema (v2)", async () => {
    const body = await (await svc.post("/extract", { url: article })).json();
    const parsed = parsePaymentRequired(body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({
      x402Version: 2,
      accepts: [{ scheme: "exact", network: "eip155:8453", amount: "1000000", payTo: TREASURY }],
    });
  });
});

describe("the bazaar extension", () => {
  for (const method of ["GET", "POST"] as const) {
    test(`${method}: info validates against its schema as a facilitator checks it, and describes ${method}`, async () => {
      const res =
        method === "GET" ? await svc.get(`/extract?url=${encodeURIComponent(article)}`) : await svc.post("/extract", { url: article });
      const { extensions } = await res.json();
      const bazaar = extensions.bazaar;
      // coinbase/x402 extensions/bazaar/facilitator.ts: new Ajv({ strict: false }).compile(schema)(info)
      const validate = new Ajv2020({ strict: false, allErrors: true, logger: false }).compile(bazaar.schema);
      expect(validate(bazaar.info) ? [] : validate.errors).toEqual([]);
      expect(bazaar.info.input.type).toBe("http");
      expect(bazaar.info.input.method).toBe(method);
      // The described input really is what the route accepts: a url in URI format.
      const strict = addFormats(new Ajv2020({ strict: false }));
      const inputSchema =
        method === "GET" ? bazaar.schema.properties.input.properties.queryParams : bazaar.schema.properties.input.properties.body;
      const input = method === "GET" ? bazaar.info.input.queryParams : bazaar.info.input.body;
      expect(strict.validate(inputSchema, input)).toBe(true);
      expect(strict.validate(inputSchema, {})).toBe(false);
      expect(strict.validate(inputSchema, { url: "not a url" })).toBe(false);
      expect(bazaar.info.output).toMatchObject({
        type: "json",
        example: { title: expect.any(String), markdown: expect.any(String), words: expect.any(Number) },
      });
    });
  }

  test("a broken extension would fail that check (the check can fail)", async () => {
    const { extensions } = await (await svc.post("/extract", { url: article })).json();
    const validate = new Ajv2020({ strict: false, logger: false }).compile(extensions.bazaar.schema);
    expect(validate({ input: { ...extensions.bazaar.info.input, method: "GET" } })).toBe(false);
  });
});

describe("a stock @x402/fetch client", () => {
  test("with an EVM signer: reads the terms, signs, and gets back 402 x402_settlement_unsupported", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: account });
    const sent: { headers: string[]; status: number }[] = [];
    const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const res = await fetch(request);
      sent.push({ headers: [...request.headers.keys()], status: res.status });
      return res;
    }) as typeof fetch;
    const payingFetch = wrapFetchWithPayment(recording, client);
    const res = await payingFetch(`${svc.url}/extract`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: article }),
    });
    // First the terms, then the retry carrying the client's signed EIP-3009 authorization.
    expect(sent.map((s) => s.status)).toEqual([402, 402]);
    expect(sent[0]!.headers).not.toContain("payment-signature");
    expect(sent[1]!.headers).toContain("payment-signature");
    expect(res.status).toBe(402);
    const body = await res.json();
    expect(body.error).toBe("x402_settlement_unsupported");
    expect(body.message).toContain("/redeem");
    expect(body.accepts).toEqual([expect.objectContaining({ scheme: "exact", payTo: TREASURY, amount: "1000000" })]);
  });

  test("with no scheme registered: fails before paying, naming why", async () => {
    const payingFetch = wrapFetchWithPayment(fetch, new x402Client());
    await expect(payingFetch(`${svc.url}/extract?url=${encodeURIComponent(article)}`)).rejects.toThrow(
      "Failed to create payment payload: No client registered for x402 version: 2",
    );
  });
});

describe("CORS for browser clients", () => {
  test("a preflight for a paid POST allows Authorization and the x402 headers", async () => {
    const requested = ["authorization", "content-type", "x-free-trial", "payment-signature", "access-control-expose-headers"];
    const res = await fetch(`${svc.url}/extract`, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example.org",
        "access-control-request-method": "POST",
        "access-control-request-headers": requested.join(", "),
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    expect(requested.filter((h) => !allowed.includes(h))).toEqual([]);
  });

  test("a 402 lets the page read PAYMENT-REQUIRED", async () => {
    const res = await svc.post("/extract", { url: article }, { headers: { origin: "https://app.example.org" } });
    expect(res.status).toBe(402);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = (res.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["payment-required", "payment-response", "retry-after"]));
  });
});
