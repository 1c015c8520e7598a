/**
 * The contract environment and its scenario table, shared by tests/contract/contract.test.ts (which
 * checks every real response against /openapi.json) and tests/contract/capture-examples.ts (which
 * saves the same real responses as the document's examples).
 *
 * Everything is real: the service (same code as `vellum serve`), a target site on 127.0.0.1, anvil
 * with chain id 8453 and test USDC at the Base USDC address.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Hash } from "viem";
import { startAnvil, anvilAccounts, freePort, type Anvil } from "../helpers/anvil.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { redeemMessage } from "../../src/payments/signature.ts";
import { hashSecret } from "../../src/payments/secrets.ts";
import { creditKey, findKeyByHash } from "../../src/store/keys.ts";
import { importKit, kitFilePath } from "../../src/kit/import.ts";
import { currentKit } from "../../src/store/kit.ts";
import { tempDir } from "../helpers/temp.ts";

/** The public URL the main service is configured with: absolute URLs in its answers use it. */
export const PUBLIC_URL = "https://vellum.example.com";

export interface ContractEnv {
  site: TargetSite;
  /** Serves one page that keeps an extraction worker busy for a second or more. */
  slow: { url: string; allowEntry: string; stop(): void };
  anvil: Anvil;
  /** Pay-to set, anvil as RPC, free trial of 1000 calls, --public-url set, a kit with 2 downloads per order. */
  main: TestService;
  /** Pay-to set but the RPC is a closed port; no free calls at all; a kit. */
  noChain: TestService;
  /** No pay-to, no kit; one worker and no queue, so a second concurrent extraction is refused. */
  bare: TestService;
  /** A USDC transfer buyer → treasury with enough confirmations. */
  paidTx(atomic: bigint): Promise<Hash>;
  /** A fresh API key from a real $1.00 redeem (100 calls). */
  newKey(): Promise<string>;
  /** A fresh kit download token from a real $29.00 redeem, with `used` of its downloads used. */
  kitToken(used?: number): Promise<string>;
  /** Runs `fn` while the main service's kit file is missing. */
  withoutKitFile<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const { buyer, treasury, other } = anvilAccounts;

/** A page big enough to hold a worker for about a third of a second (its text is cut to the worker's 1 MiB budget). */
const SLOW_PAGE = `<html><head><title>Slow</title></head><body><article>${`<p>${"lorem ipsum dolor sit amet ".repeat(20)}<a href="/x">link</a></p>\n`.repeat(5000)}</article></body></html>`;

export async function startContractEnv(): Promise<ContractEnv> {
  const [site, anvil] = await Promise.all([startTargetSite(), startAnvil()]);
  const slowServer = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: (req) =>
      new URL(req.url).pathname === "/robots.txt"
        ? new Response("", { status: 404 })
        : new Response(SLOW_PAGE, { headers: { "content-type": "text/html" } }),
  });
  const slow = {
    url: `http://127.0.0.1:${slowServer.port}/slow-article`,
    allowEntry: `127.0.0.1:${slowServer.port}`,
    stop: () => slowServer.stop(true),
  };
  await anvil.mint(buyer.address, 1_000_000_000n);
  const deadRpc = `http://127.0.0.1:${await freePort()}`;
  const [main, noChain, bare] = await Promise.all([
    startTestService({
      payTo: treasury.address,
      rpcUrls: [anvil.rpcUrl],
      confirmations: "2",
      allowPrivateTargets: [site.allowEntry],
      freeCallsPerDay: "1000",
      fetchTimeoutMs: "1500",
      publicUrl: PUBLIC_URL,
      kitDownloads: "2",
      // Every documented failure is provoked here from one address: the failed-call budget must not end the run.
      freeFailedCalls: "1000",
    }),
    startTestService({ payTo: treasury.address, rpcUrls: [deadRpc], freeCallsPerDay: "0", allowPrivateTargets: [site.allowEntry] }),
    startTestService({ allowPrivateTargets: [site.allowEntry, slow.allowEntry], workers: "1", queueSize: "0", freeCallsPerDay: "1000" }),
  ]);

  const paidTx = async (atomic: bigint) => {
    const hash = await anvil.transfer(buyer.address, treasury.address, atomic);
    await anvil.mine(1);
    return hash;
  };
  const kitFile = makeKit();
  for (const svc of [main, noChain]) {
    const imported = await importKit({ dataDir: svc.dir, file: kitFile.path, graceMs: 0 });
    if (!imported.ok) throw new Error(imported.message);
  }
  const kitToken = async (used = 0) => {
    const res = await main.post("/kit/redeem", { txHash: await paidTx(29_000_000n) });
    if (res.status !== 200) throw new Error(`kit redeem for a test token answered ${res.status}: ${await res.text()}`);
    const token = ((await res.json()) as { downloadToken: string }).downloadToken;
    for (let i = 0; i < used; i++) await (await main.get(`/kit/download?token=${token}`)).arrayBuffer();
    return token;
  };
  const withoutKitFile = async <T>(fn: () => Promise<T>) => {
    const path = kitFilePath(main.dir, (await currentKit(main.db))!);
    renameSync(path, `${path}.away`);
    try {
      return await fn();
    } finally {
      renameSync(`${path}.away`, path);
    }
  };
  const newKey = async () => {
    const res = await main.post("/redeem", { txHash: await paidTx(1_000_000n) });
    if (res.status !== 200) throw new Error(`redeem for a test key answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { apiKey: string }).apiKey;
  };
  return {
    site,
    slow,
    anvil,
    main,
    noChain,
    bare,
    paidTx,
    newKey,
    kitToken,
    withoutKitFile,
    close: async () => {
      await Promise.all([main.close(), noChain.close(), bare.close()]);
      slow.stop();
      await site.close();
      await anvil.stop();
      kitFile.remove();
    },
  };
}

/** A small seller kit made by GNU tar, as an operator would. */
function makeKit(): { path: string; remove(): void } {
  const dir = tempDir("vellum-contract-kit-");
  const src = join(dir, "src");
  mkdirSync(join(src, "templates"), { recursive: true });
  writeFileSync(join(src, "README.md"), "# Seller kit\n\nTemplates and a checklist for selling a digital product for USDC.\n");
  writeFileSync(join(src, "templates", "shop.html"), "<h1>shop</h1>\n");
  const path = join(dir, "seller-kit-1.0.0.tar.gz");
  const tar = Bun.spawnSync(["tar", "-czf", path, "-C", src, "."], { stderr: "pipe" });
  if (tar.exitCode !== 0) throw new Error(`tar failed: ${tar.stderr.toString()}`);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One real request. `svc` defaults to the main service. */
export interface Call {
  svc?: TestService;
  method: "GET" | "HEAD" | "POST" | "OPTIONS" | "DELETE";
  path: string;
  /** JSON-encoded unless a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Scenario {
  /** What the behaviour is, as a sentence. */
  name: string;
  /** The documented operation: lowercase method, space, path as in /openapi.json. */
  op: string;
  status: number;
  /** The `error` code the body must carry. */
  code?: string;
  /** Name of the example this response becomes in the document (default: the code, else "ok"). */
  example?: string;
  /** Builds the request (may pay on-chain or redeem first). */
  call?: (env: ContractEnv) => Promise<Call>;
  /** For what one request cannot show (concurrency): makes the requests itself. */
  run?: (env: ContractEnv) => Promise<Response>;
}

export async function send(env: ContractEnv, call: Call): Promise<Response> {
  const svc = call.svc ?? env.main;
  const init: RequestInit = { method: call.method, headers: { ...call.headers }, redirect: "manual" };
  if (call.body !== undefined) {
    init.body = typeof call.body === "string" ? call.body : JSON.stringify(call.body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  return fetch(svc.url + call.path, init);
}

export async function perform(env: ContractEnv, scenario: Scenario): Promise<{ res: Response; call?: Call }> {
  if (scenario.run) return { res: await scenario.run(env) };
  const call = await scenario.call!(env);
  return { res: await send(env, call), call };
}

const FREE = { "x-free-trial": "1" };
/** Free, and past the extraction cache: a call that must reach a worker. */
const NO_CACHE = { ...FREE, "cache-control": "no-cache" };

/**
 * /extract scenarios, each run through both variants: GET with the URL in the query, POST with
 * it in a JSON body. `target` is a path on the target site or an absolute URL.
 */
function extractScenarios(): Scenario[] {
  type Case = Omit<Scenario, "op" | "call" | "run"> & {
    target: (env: ContractEnv) => string;
    /** /extract options (src/server/schemas.ts ExtractOptions): in the query for GET, in the body for POST. */
    options?: Record<string, string | number | string[]>;
    svc?: (env: ContractEnv) => TestService;
    headers?: (env: ContractEnv) => Promise<Record<string, string>>;
  };
  const article = (env: ContractEnv) => env.site.url("/article-simple");
  const cases: Case[] = [
    { name: "the free trial delivers an article", status: 200, example: "free", target: article, headers: async () => FREE },
    {
      name: "a key with calls left pays for an article",
      status: 200,
      example: "paid",
      target: article,
      headers: async (env) => ({ authorization: `Bearer ${await env.newKey()}` }),
    },
    {
      name: "a URL that is not http(s) is refused",
      status: 400,
      code: "invalid_request",
      target: () => "ftp://example.com/a",
      headers: async () => FREE,
    },
    { name: "no key and no free flag gets the payment terms", status: 402, code: "payment_required", target: article },
    {
      name: "an unknown key gets the payment terms",
      status: 402,
      code: "invalid_api_key",
      target: article,
      headers: async () => ({ authorization: `Bearer vk_${"1".repeat(44)}` }),
    },
    {
      name: "a key with no calls left gets the payment terms",
      status: 402,
      code: "credits_exhausted",
      target: article,
      headers: async (env) => {
        const key = await env.newKey();
        await creditKey(env.main.db, (await findKeyByHash(env.main.db, hashSecret(key)))!.id, -100, "contract test: use up the key");
        return { authorization: `Bearer ${key}` };
      },
    },
    {
      name: "the free flag with no allowance left gets the payment terms",
      status: 402,
      code: "free_trial_exhausted",
      target: article,
      svc: (env) => env.noChain,
      headers: async () => FREE,
    },
    {
      name: "an x402 payment signature is answered with the terms and the reason it is not settled",
      status: 402,
      code: "x402_settlement_unsupported",
      target: article,
      headers: async () => ({ "payment-signature": Buffer.from(JSON.stringify({ x402Version: 2, payload: {} })).toString("base64") }),
    },
    {
      name: "a path robots.txt disallows is refused",
      status: 403,
      code: "robots_disallowed",
      target: (env) => env.site.url("/private/page"),
      headers: async () => FREE,
    },
    {
      name: "a target on a private address is refused",
      status: 403,
      code: "private_address",
      target: () => "http://127.1/article",
      headers: async () => FREE,
    },
    {
      name: "a target over 5 MiB is refused",
      status: 413,
      code: "too_large",
      target: (env) => env.site.url("/big-declared"),
      headers: async () => FREE,
    },
    {
      name: "a page without an article is refused",
      status: 422,
      code: "no_content",
      target: (env) => env.site.url("/empty"),
      headers: async () => FREE,
    },
    {
      name: "a PDF without a text layer has no content",
      status: 422,
      code: "no_content",
      example: "no_text_layer",
      target: (env) => env.site.url("/scan.pdf"),
      headers: async () => FREE,
    },
    {
      name: "a binary download is refused",
      status: 422,
      code: "unsupported_content_type",
      target: (env) => env.site.url("/octet"),
      headers: async () => FREE,
    },
    {
      name: "a text PDF is delivered as Markdown with its document info",
      status: 200,
      example: "pdf",
      target: (env) => env.site.url("/doc.pdf?pages=2"),
      headers: async () => ({ ...FREE, "cache-control": "no-cache" }),
    },
    {
      name: "include and maxChars aim at part of the page and cut it at a block boundary",
      status: 200,
      example: "aimed",
      target: article,
      options: { include: ["article"], exclude: ["table", "pre"], maxChars: 600 },
      headers: async () => ({ ...FREE, "cache-control": "no-cache" }),
    },
    {
      name: "a repeated call is answered from the cache, and charged",
      status: 200,
      example: "cache_hit",
      target: (env) => env.site.url("/article-simple?cached=1"),
      // The first call of the pair fills the cache (see the call builder below).
      options: { mode: "full" },
      headers: async () => ({ ...FREE, "x-contract-warm": "1" }),
    },
    {
      name: "an invalid CSS selector is refused, naming it",
      status: 400,
      code: "invalid_request",
      example: "invalid_selector",
      target: article,
      options: { include: ["div["] },
      headers: async () => FREE,
    },
    {
      name: "a target answering 500 is an upstream failure",
      status: 502,
      code: "upstream_failed",
      target: (env) => env.site.url("/status/500"),
      headers: async () => FREE,
    },
    {
      name: "a target that never answers times out",
      status: 502,
      code: "upstream_timeout",
      target: (env) => env.site.url("/hang"),
      headers: async () => FREE,
    },
  ];
  const scenarios: Scenario[] = [];
  for (const method of ["GET", "POST"] as const) {
    for (const { target, svc, headers, options, ...rest } of cases) {
      scenarios.push({
        ...rest,
        op: `${method.toLowerCase()} /extract`,
        call: async (env) => {
          const url = target(env);
          const { "x-contract-warm": warm, ...h } = headers ? await headers(env) : {};
          const query = new URLSearchParams({ url });
          for (const [k, v] of Object.entries(options ?? {})) for (const one of [v].flat()) query.append(k, String(one));
          const call: Call =
            method === "GET"
              ? { svc: svc?.(env), method, path: `/extract?${query}`, headers: h }
              : { svc: svc?.(env), method, path: "/extract", body: { url, ...options }, headers: h };
          // A cache hit needs the same call made once before.
          if (warm) await (await send(env, call)).body?.cancel();
          return call;
        },
      });
    }
    scenarios.push({
      name: "a full extraction queue answers busy",
      op: `${method.toLowerCase()} /extract`,
      status: 503,
      code: "busy",
      run: async (env) => {
        const call = (url: string): Call =>
          method === "GET"
            ? { svc: env.bare, method, path: `/extract?url=${encodeURIComponent(url)}`, headers: NO_CACHE }
            : { svc: env.bare, method, path: "/extract", body: { url }, headers: NO_CACHE };
        // The slow page occupies the only worker, and with no queue the next extraction is refused.
        // Under load the small page may reach the worker first; then the slow one is the refused one.
        let last: Response | undefined;
        for (let attempt = 0; attempt < 5; attempt++) {
          const first = send(env, call(env.slow.url));
          await Bun.sleep(100);
          const second = await send(env, call(env.site.url("/article-simple")));
          const firstRes = await first;
          const busy = [second, firstRes].find((r) => r.status === 503);
          if (busy) return busy;
          last = second;
        }
        return last!;
      },
    });
    scenarios.push({
      name: "a client past its failed-call budget is refused until the window ends",
      op: `${method.toLowerCase()} /extract`,
      status: 429,
      code: "too_many_failures",
      run: async (env) => {
        // A service of its own: one failed free call per window, so the others' budgets stay whole.
        const svc = await startTestService({ allowPrivateTargets: [env.site.allowEntry], freeFailedCalls: "1" });
        try {
          const call = (url: string): Call =>
            method === "GET"
              ? { svc, method, path: `/extract?url=${encodeURIComponent(url)}&free=1`, headers: NO_CACHE }
              : { svc, method, path: "/extract?free=1", body: { url }, headers: NO_CACHE };
          await (await send(env, call(env.site.url("/status/500")))).arrayBuffer();
          const refused = await send(env, call(env.site.url("/article-simple")));
          return new Response(await refused.arrayBuffer(), { status: refused.status, headers: refused.headers });
        } finally {
          await svc.close();
        }
      },
    });
  }
  scenarios.push({
    name: "a body that is not JSON is refused",
    op: "post /extract",
    status: 400,
    code: "invalid_request",
    example: "bad_json",
    call: async () => ({ method: "POST", path: "/extract", body: "{not json", headers: FREE }),
  });
  scenarios.push({
    name: "HEAD never fetches, extracts or charges",
    op: "head /extract",
    status: 405,
    code: "method_not_allowed",
    call: async (env) => ({ method: "HEAD", path: `/extract?url=${encodeURIComponent(env.site.url("/article-simple"))}&free=1` }),
  });
  // Every JSON endpoint refuses a body over 64 KiB before reading it (src/server/request-guards.ts).
  for (const path of ["/extract", "/redeem", "/kit/redeem"]) {
    scenarios.push({
      name: "a JSON body over 64 KiB is refused before it is read",
      op: `post ${path}`,
      status: 413,
      code: "too_large",
      example: "body_too_large",
      call: async () => ({ method: "POST", path, body: JSON.stringify({ url: `https://example.com/${"a".repeat(70 * 1024)}` }) }),
    });
  }
  return scenarios;
}

function redeemScenarios(): Scenario[] {
  const redeem =
    (body: unknown, svc?: (env: ContractEnv) => TestService) =>
    async (env: ContractEnv): Promise<Call> => ({
      svc: svc?.(env),
      method: "POST",
      path: "/redeem",
      body,
    });
  const op = "post /redeem";
  return [
    {
      name: "a confirmed $1.37 transfer buys 137 calls",
      op,
      status: 200,
      call: async (env) => redeem({ txHash: await env.paidTx(1_370_000n) })(env),
    },
    {
      name: "a payer-signed redeem is accepted",
      op,
      status: 200,
      example: "signed",
      call: async (env) => {
        const txHash = await env.paidTx(2_000_000n);
        return redeem({ txHash, signature: await buyer.signMessage({ message: redeemMessage(txHash)! }) })(env);
      },
    },
    { name: "a malformed hash is refused", op, status: 400, code: "invalid_request", call: redeem({ txHash: "0x1234" }) },
    {
      name: "an unknown hash is refused",
      op,
      status: 400,
      code: "transaction_not_found",
      call: redeem({ txHash: `0x${"12".repeat(32)}` }),
    },
    {
      name: "a reverted transaction is refused",
      op,
      status: 400,
      code: "transaction_failed",
      call: async (env) => {
        const hash = await env.anvil.revertingTx(buyer.address, treasury.address, 5_000_000n);
        await env.anvil.mine(1);
        return redeem({ txHash: hash })(env);
      },
    },
    {
      name: "a transfer to another address is refused",
      op,
      status: 400,
      code: "no_transfer_to_treasury",
      call: async (env) => {
        const hash = await env.anvil.transfer(buyer.address, other.address, 5_000_000n);
        await env.anvil.mine(1);
        return redeem({ txHash: hash })(env);
      },
    },
    {
      name: "less than $1.00 is refused",
      op,
      status: 400,
      code: "amount_below_minimum",
      call: async (env) => redeem({ txHash: await env.paidTx(999_999n) })(env),
    },
    {
      name: "a signature by someone else than the payer is refused",
      op,
      status: 400,
      code: "bad_signature",
      call: async (env) => {
        const txHash = await env.paidTx(1_000_000n);
        return redeem({ txHash, signature: await other.signMessage({ message: redeemMessage(txHash)! }) })(env);
      },
    },
    {
      name: "a transaction redeemed before is refused",
      op,
      status: 409,
      code: "already_redeemed",
      call: async (env) => {
        const txHash = await env.paidTx(1_000_000n);
        const first = await send(env, await redeem({ txHash })(env));
        if (first.status !== 200) throw new Error(`first redeem answered ${first.status}`);
        return redeem({ txHash })(env);
      },
    },
    {
      name: "a transfer with one confirmation of two is not ready",
      op,
      status: 425,
      code: "not_confirmed",
      call: async (env) => redeem({ txHash: await env.anvil.transfer(buyer.address, treasury.address, 1_000_000n) })(env),
    },
    {
      name: "an unreachable chain is a retryable 503",
      op,
      status: 503,
      code: "chain_unavailable",
      call: redeem({ txHash: `0x${"34".repeat(32)}` }, (env) => env.noChain),
    },
    {
      name: "without a pay-to address nothing is sold",
      op,
      status: 503,
      code: "payments_not_configured",
      call: redeem({ txHash: `0x${"56".repeat(32)}` }, (env) => env.bare),
    },
  ];
}

function otherScenarios(): Scenario[] {
  return [
    {
      name: "health reports status, pricing and the pay-to address",
      op: "get /health",
      status: 200,
      call: async () => ({ method: "GET", path: "/health" }),
    },
    {
      name: "a key's balance",
      op: "get /balance",
      status: 200,
      call: async (env) => ({ method: "GET", path: "/balance", headers: { authorization: `Bearer ${await env.newKey()}` } }),
    },
    { name: "no key: 401", op: "get /balance", status: 401, code: "unauthorized", call: async () => ({ method: "GET", path: "/balance" }) },
    {
      name: "an unknown key: 401",
      op: "get /balance",
      status: 401,
      code: "unauthorized",
      example: "unknown_key",
      call: async () => ({ method: "GET", path: "/balance", headers: { authorization: `Bearer vk_${"2".repeat(44)}` } }),
    },
    {
      name: "the discovery document",
      op: "get /.well-known/x402.json",
      status: 200,
      call: async () => ({ method: "GET", path: "/.well-known/x402.json" }),
    },
    {
      name: "a page of the discovery document past its end is empty",
      op: "get /.well-known/x402.json",
      status: 200,
      example: "past_the_end",
      call: async () => ({ method: "GET", path: "/.well-known/x402.json?limit=5&offset=1" }),
    },
    {
      name: "limit 0 is refused",
      op: "get /.well-known/x402.json",
      status: 400,
      code: "invalid_request",
      call: async () => ({ method: "GET", path: "/.well-known/x402.json?limit=0" }),
    },
    {
      name: "limit 101 is refused",
      op: "get /.well-known/x402.json",
      status: 400,
      code: "invalid_request",
      call: async () => ({ method: "GET", path: "/.well-known/x402.json?limit=101" }),
    },
    {
      name: "a fractional limit is refused",
      op: "get /.well-known/x402.json",
      status: 400,
      code: "invalid_request",
      call: async () => ({ method: "GET", path: "/.well-known/x402.json?limit=1.5" }),
    },
    {
      name: "a negative offset is refused",
      op: "get /.well-known/x402.json",
      status: 400,
      code: "invalid_request",
      call: async () => ({ method: "GET", path: "/.well-known/x402.json?offset=-1" }),
    },
    { name: "the icon", op: "get /icon.svg", status: 200, call: async () => ({ method: "GET", path: "/icon.svg" }) },
    { name: "the landing answer", op: "get /", status: 200, call: async () => ({ method: "GET", path: "/" }) },
    {
      name: "an MCP client initializes",
      op: "post /mcp",
      status: 200,
      call: async () => ({
        method: "POST",
        path: "/mcp",
        headers: { accept: "application/json, text/event-stream" },
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "contract", version: "1.0.0" } },
        },
      }),
    },
    {
      name: "an MCP notification is accepted without an answer",
      op: "post /mcp",
      status: 202,
      call: async () => ({
        method: "POST",
        path: "/mcp",
        headers: { accept: "application/json, text/event-stream" },
        body: { jsonrpc: "2.0", method: "notifications/initialized" },
      }),
    },
    { name: "llms.txt", op: "get /llms.txt", status: 200, call: async () => ({ method: "GET", path: "/llms.txt" }) },
    {
      name: "GET on the stateless MCP endpoint is not allowed",
      op: "get /mcp",
      status: 405,
      code: "method_not_allowed",
      call: async () => ({ method: "GET", path: "/mcp" }),
    },
    {
      name: "DELETE on the stateless MCP endpoint is not allowed",
      op: "delete /mcp",
      status: 405,
      code: "method_not_allowed",
      call: async () => ({ method: "DELETE", path: "/mcp" }),
    },
    { name: "the OpenAPI document", op: "get /openapi.json", status: 200, call: async () => ({ method: "GET", path: "/openapi.json" }) },
    { name: "the browsable reference", op: "get /docs", status: 200, call: async () => ({ method: "GET", path: "/docs" }) },
  ];
}

/** Every scenario; the contract test requires one for each documented status of each operation. */
export function scenarios(): Scenario[] {
  return [...otherScenarios(), ...extractScenarios(), ...redeemScenarios(), ...kitScenarios()];
}

function kitScenarios(): Scenario[] {
  const redeem =
    (body: unknown, svc?: (env: ContractEnv) => TestService) =>
    async (env: ContractEnv): Promise<Call> => ({
      svc: svc?.(env),
      method: "POST",
      path: "/kit/redeem",
      body,
    });
  const op = "post /kit/redeem";
  const scenarios: Scenario[] = [
    { name: "the kit on sale", op: "get /kit/info", status: 200, call: async () => ({ method: "GET", path: "/kit/info" }) },
    {
      name: "no kit on sale yet",
      op: "get /kit/info",
      status: 200,
      example: "not_available",
      call: async (env) => ({ svc: env.bare, method: "GET", path: "/kit/info" }),
    },
    {
      name: "a confirmed $29.00 transfer buys a download token",
      op,
      status: 200,
      call: async (env) => redeem({ txHash: await env.paidTx(29_000_000n) })(env),
    },
    { name: "a malformed hash is refused", op, status: 400, code: "invalid_request", call: redeem({ txHash: "0x1234" }) },
    {
      name: "less than the kit price is refused",
      op,
      status: 400,
      code: "amount_below_minimum",
      call: async (env) => redeem({ txHash: await env.paidTx(28_990_000n) })(env),
    },
    {
      name: "a transaction already redeemed for credits is refused",
      op,
      status: 409,
      code: "already_redeemed",
      call: async (env) => {
        const txHash = await env.paidTx(29_000_000n);
        const credits = await send(env, { method: "POST", path: "/redeem", body: { txHash } });
        if (credits.status !== 200) throw new Error(`/redeem answered ${credits.status}`);
        return redeem({ txHash })(env);
      },
    },
    {
      name: "a transfer with one confirmation of two is not ready",
      op,
      status: 425,
      code: "not_confirmed",
      call: async (env) => redeem({ txHash: await env.anvil.transfer(buyer.address, treasury.address, 29_000_000n) })(env),
    },
    {
      name: "with no kit on sale nothing is redeemed",
      op,
      status: 503,
      code: "kit_unavailable",
      call: redeem({ txHash: `0x${"78".repeat(32)}` }, (env) => env.bare),
    },
    {
      name: "an unreachable chain is a retryable 503",
      op,
      status: 503,
      code: "chain_unavailable",
      call: redeem({ txHash: `0x${"9a".repeat(32)}` }, (env) => env.noChain),
    },
  ];
  for (const method of ["GET", "HEAD"] as const) {
    const op = `${method.toLowerCase()} /kit/download`;
    const download = (token?: string): Call => ({
      method,
      path: token === undefined ? "/kit/download" : `/kit/download?token=${encodeURIComponent(token)}`,
    });
    scenarios.push(
      { name: "a token with downloads left gets the tarball", op, status: 200, call: async (env) => download(await env.kitToken()) },
      { name: "no token is refused", op, status: 403, code: "invalid_token", call: async () => download() },
      {
        name: "an unknown token is refused",
        op,
        status: 403,
        code: "invalid_token",
        example: "unknown_token",
        call: async () => download(`dl_${"3".repeat(44)}`),
      },
      {
        name: "an order with no downloads left is refused",
        op,
        status: 429,
        code: "download_limit_reached",
        call: async (env) => download(await env.kitToken(2)),
      },
      {
        name: "a kit file that cannot be read is a 503 and uses no download",
        op,
        status: 503,
        code: "kit_unavailable",
        run: async (env) => {
          const token = await env.kitToken();
          return env.withoutKitFile(() => send(env, download(token)));
        },
      },
    );
  }
  return scenarios;
}
