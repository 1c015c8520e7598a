import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { generateSecret } from "../../src/payments/secrets.ts";
import { findKeyByHash } from "../../src/store/keys.ts";
import { createOperatorKey } from "../../src/store/operator-keys.ts";
import { TEXT_PDF } from "../helpers/pdf-fixtures.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { SIMPLE_ARTICLE, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

/**
 * /mcp driven by the MCP SDK's own client over Streamable HTTP, against the real server (the
 * compiled binary is driven in tests/server/mcp-binary.test.ts). Billing is /extract's: a Bearer
 * key, else the free allowance, else a tool error with the 402 terms.
 */
let site: TargetSite;
let svc: TestService;

beforeAll(async () => {
  site = await startTargetSite();
  svc = await startTestService({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "2", workers: "1" });
});
afterAll(async () => {
  await svc?.close();
  await site?.close();
});

async function connect(headers: Record<string, string> = {}, clientIp?: string) {
  const client = new Client({ name: "vellum-test", version: "1.0.0" });
  const h = { ...headers, ...(clientIp ? { "x-forwarded-for": clientIp } : {}) };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`), { requestInit: { headers: h } }));
  return client;
}

const textOf = (result: unknown) => ((result as { content: { type: string; text: string }[] }).content[0]?.text ?? "") as string;

describe("MCP over Streamable HTTP", () => {
  test("lists the extract and balance tools with their input schemas", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["balance", "extract"]);
    const extract = tools.find((t) => t.name === "extract")!;
    expect(Object.keys(extract.inputSchema.properties ?? {}).sort()).toEqual([
      "exclude",
      "format",
      "fresh",
      "include",
      "maxChars",
      "mode",
      "url",
    ]);
    expect(extract.inputSchema.required).toEqual(["url"]);
    await client.close();
  });

  test("extract with a key: Markdown with front matter, the key charged one call", async () => {
    const secret = generateSecret("vk");
    await createOperatorKey(svc.db, { keyHash: secret.hash, prefix: secret.prefix, calls: 5, note: "mcp" });
    const client = await connect({ authorization: `Bearer ${secret.value}` });
    const result = await client.callTool({ name: "extract", arguments: { url: site.url("/article-simple") } });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text.startsWith("---\nurl: ")).toBe(true);
    expect(text).toContain(`title: ${JSON.stringify(SIMPLE_ARTICLE.title)}`);
    expect(text).toContain("Most parsers start life");
    expect((await findKeyByHash(svc.db, secret.hash))?.callsRemaining).toBe(4);
    const balance = JSON.parse(textOf(await client.callTool({ name: "balance", arguments: {} })));
    expect(balance).toEqual({ mode: "paid", callsRemaining: 4 });
    // JSON format, a PDF, and aiming options go through too.
    const pdf = await client.callTool({ name: "extract", arguments: { url: site.url("/doc.pdf"), format: "json", maxChars: 300 } });
    const body = JSON.parse(textOf(pdf));
    expect(body.title).toBe(TEXT_PDF.title);
    expect(body.truncated).toBe(true);
    expect(body.usage).toEqual({ mode: "paid", callsRemaining: 3, chargedUsd: 0.01 });
    await client.close();
  });

  test("without a key: the free allowance pays, then a tool error carries the 402 terms", async () => {
    const client = await connect();
    expect(JSON.parse(textOf(await client.callTool({ name: "balance", arguments: {} })))).toMatchObject({
      mode: "free",
      freeCallsRemainingToday: 2,
    });
    for (let i = 0; i < 2; i++) {
      const ok = await client.callTool({ name: "extract", arguments: { url: site.url(`/counted?mcp=${i}`) } });
      expect(ok.isError).toBeFalsy();
    }
    const refused = await client.callTool({ name: "extract", arguments: { url: site.url("/article-simple") } });
    expect(refused.isError).toBe(true);
    const terms = (refused.structuredContent as { status: number; paymentRequired: Record<string, unknown> }) ?? null;
    expect(terms.status).toBe(402);
    expect(terms.paymentRequired.x402Version).toBe(2);
    expect(terms.paymentRequired.error).toBe("free_trial_exhausted");
    expect(Array.isArray(terms.paymentRequired.accepts)).toBe(true);
    expect(textOf(refused)).toContain("Payment required");
    await client.close();
  });

  test("a bad key, a bad URL and a bad selector are tool errors that cost nothing", async () => {
    const secret = generateSecret("vk");
    await createOperatorKey(svc.db, { keyHash: secret.hash, prefix: secret.prefix, calls: 1, note: "mcp" });
    const client = await connect({ authorization: `Bearer ${secret.value}` });
    const badUrl = await client.callTool({ name: "extract", arguments: { url: "ftp://example.com/" } });
    expect(badUrl.isError).toBe(true);
    const badSelector = await client.callTool({ name: "extract", arguments: { url: site.url("/article-simple"), include: "div[" } });
    expect(badSelector.isError).toBe(true);
    expect(textOf(badSelector)).toContain('"div["');
    const failed = await client.callTool({ name: "extract", arguments: { url: site.url("/scan.pdf") } });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toContain("no_content");
    expect((await findKeyByHash(svc.db, secret.hash))?.callsRemaining).toBe(1);
    await client.close();
    const unknown = await connect({ authorization: `Bearer vk_${"1".repeat(44)}` });
    expect((await unknown.callTool({ name: "balance", arguments: {} })).isError).toBe(true);
    await unknown.close();
  });

  test("the failed-call budget of /extract applies: past it, a tool error with 429 too_many_failures", async () => {
    const strict = await startTestService({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "10", freeFailedCalls: "2" });
    try {
      const client = new Client({ name: "vellum-test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${strict.url}/mcp`)));
      for (let i = 0; i < 2; i++) {
        const failed = await client.callTool({ name: "extract", arguments: { url: site.url("/scan.pdf") } });
        expect(textOf(failed)).toContain("no_content");
      }
      const refused = await client.callTool({ name: "extract", arguments: { url: site.url("/article-simple") } });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ status: 429, error: "too_many_failures" });
      await client.close();
    } finally {
      await strict.close();
    }
  });

  test("GET /mcp is 405: the endpoint is stateless", async () => {
    const res = await svc.get("/mcp", { headers: { accept: "text/event-stream" } });
    expect(res.status).toBe(405);
  });
});
