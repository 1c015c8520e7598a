import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Hash } from "viem";
import { importKit } from "../../src/kit/import.ts";
import { hashSecret } from "../../src/payments/secrets.ts";
import { findOrderByTokenHash, listOrders } from "../../src/store/kit.ts";
import { startAnvil, anvilAccounts, BASE_USDC, type Anvil } from "../helpers/anvil.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The seller kit end to end: anvil with chain id 8453 and test USDC at the Base USDC address,
 * the real server (same code as `vellum serve`), kits built with GNU tar and imported the way
 * `vellum kit import` does, into the running server's data dir.
 */
let anvil: Anvil;
let svc: TestService;
const buyer = anvilAccounts.buyer.address;
const treasury = anvilAccounts.treasury.address;
const files = tempDir("vellum-kit-files-");

/** A .tar.gz holding `contents`, made by GNU tar. */
function makeKit(fileName: string, contents: Record<string, string | Uint8Array>): string {
  const src = join(files, `src-${fileName}`);
  for (const [path, content] of Object.entries(contents)) {
    mkdirSync(join(src, path, ".."), { recursive: true });
    writeFileSync(join(src, path), content);
  }
  const out = join(files, fileName);
  const r = Bun.spawnSync(["tar", "-czf", out, "-C", src, "."], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return out;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function importInto(service: TestService, file: string) {
  const r = await importKit({ dataDir: service.dir, file, graceMs: 0 });
  if (!r.ok) throw new Error(r.message);
  return r.kit;
}

/** A transfer to the treasury with 2 confirmations (the receipt's block + 1 more). */
async function paid(atomic: bigint): Promise<Hash> {
  const hash = await anvil.transfer(buyer, treasury, atomic);
  await anvil.mine(1);
  return hash;
}

const PRICE = 29_000_000n;
const kitRedeem = (txHash: string, service = svc) => service.post("/kit/redeem", { txHash });
const download = (token: string, method = "GET", service = svc) =>
  service.get(`/kit/download?token=${encodeURIComponent(token)}`, { method });

/** Buys the kit with a fresh payment and returns the redeem body. */
async function buy(atomic = PRICE, service = svc) {
  const res = await kitRedeem(await paid(atomic), service);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    downloadToken: string;
    downloadUrl: string;
    downloadsAllowed: number;
    downloadsRemaining: number;
    sha256: string;
    sizeBytes: number;
  };
}

let kitFile: string;

beforeAll(async () => {
  anvil = await startAnvil();
  await anvil.mint(buyer, 10_000_000_000n);
  svc = await startTestService({ payTo: treasury, rpcUrls: [anvil.rpcUrl], confirmations: "2" });
  kitFile = makeKit("seller-kit-1.0.0.tar.gz", {
    "README.md": "# Seller kit\n",
    "templates/shop.html": "<h1>shop</h1>",
    "assets/blob.bin": randomBytes(256 * 1024),
  });
});
afterAll(async () => {
  await svc?.close();
  await anvil?.stop();
  rmSync(files, { recursive: true, force: true });
});

// Order matters in this first block: it runs before any kit is imported.
describe("before a kit is imported", () => {
  test("/kit/info says available: false, with the price and terms but no file fields", async () => {
    const res = await svc.get("/kit/info");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      available: false,
      priceUsd: 29,
      priceAtomic: "29000000",
      asset: BASE_USDC,
      network: "eip155:8453",
      payTo: treasury,
      downloadsPerOrder: 5,
      howToBuy: [expect.stringContaining("do not send a payment")],
    });
  });

  test("/kit/redeem is 503 kit_unavailable without reading the chain, and the payment stays redeemable", async () => {
    const hash = await paid(PRICE);
    const res = await kitRedeem(hash);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "kit_unavailable" });
    await importInto(svc, kitFile);
    expect((await kitRedeem(hash)).status).toBe(200);
  });
});

describe("/kit/info", () => {
  test("describes the current kit: name, version, size, SHA-256, contents and the buying steps", async () => {
    const body = await (await svc.get("/kit/info")).json();
    const bytes = readFileSync(kitFile);
    expect(body).toMatchObject({
      available: true,
      name: "seller-kit",
      version: "1.0.0",
      priceUsd: 29,
      priceAtomic: "29000000",
      payTo: treasury,
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
      downloadsPerOrder: 5,
    });
    expect([...body.contents].sort()).toEqual(["README.md", "assets/blob.bin", "templates/shop.html"]);
    const steps = body.howToBuy.join("\n");
    for (const part of [treasury, "29.00 USDC", "2 confirmations", `POST ${svc.url}/kit/redeem`, `${svc.url}/kit/download?token=`])
      expect(steps).toContain(part);
  });
});

describe("/kit/redeem", () => {
  test("the answer holds a dl_ token (stored only as its hash), an absolute download URL and the kit's hash", async () => {
    const hash = await paid(PRICE);
    const res = await kitRedeem(hash);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    const info = await (await svc.get("/kit/info")).json();
    expect(Object.keys(body).sort()).toEqual([
      "amountUsd",
      "downloadToken",
      "downloadUrl",
      "downloadsAllowed",
      "downloadsRemaining",
      "ok",
      "payer",
      "sha256",
      "sizeBytes",
    ]);
    expect(body).toMatchObject({
      ok: true,
      downloadsAllowed: 5,
      downloadsRemaining: 5,
      sha256: info.sha256,
      sizeBytes: info.sizeBytes,
      payer: buyer,
      amountUsd: 29,
    });
    expect(body.downloadToken).toMatch(/^dl_[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(body.downloadUrl).toBe(`${svc.url}/kit/download?token=${body.downloadToken}`);
    const order = await findOrderByTokenHash(svc.db, hashSecret(body.downloadToken));
    expect(order).toMatchObject({ txHash: hash.toLowerCase(), payer: buyer, amountAtomic: PRICE, downloadsAllowed: 5, downloadsUsed: 0 });
    const stored = JSON.stringify(await svc.db.all("SELECT * FROM kit_orders"));
    expect(stored).not.toContain(body.downloadToken);
  });

  test("paying more than the price buys the kit; the excess is not converted to credits", async () => {
    const hash = await paid(31_500_000n);
    const body = await (await kitRedeem(hash)).json();
    expect(body).toMatchObject({ ok: true, amountUsd: 31.5 });
    expect(body.apiKey).toBeUndefined();
    expect(await svc.db.get("SELECT COUNT(*) AS n FROM api_keys")).toEqual({ n: 0 });
  });

  test("a transfer below the kit price is 400 amount_below_minimum", async () => {
    const res = await kitRedeem(await paid(PRICE - 10_000n));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("amount_below_minimum");
  });

  test("one confirmation is not enough: 425 not_confirmed with Retry-After, then 200 after one more block", async () => {
    const hash = await anvil.transfer(buyer, treasury, PRICE);
    const early = await kitRedeem(hash);
    expect(early.status).toBe(425);
    expect(Number(early.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await early.json()).error).toBe("not_confirmed");
    await anvil.mine(1);
    expect((await kitRedeem(hash)).status).toBe(200);
  });

  test("a hash redeemed at /redeem cannot buy the kit, and a hash that bought the kit cannot buy credits: 409", async () => {
    const forCredits = await paid(PRICE);
    expect((await svc.post("/redeem", { txHash: forCredits })).status).toBe(200);
    const kitAfterCredits = await kitRedeem(forCredits);
    expect(kitAfterCredits.status).toBe(409);
    expect((await kitAfterCredits.json()).error).toBe("already_redeemed");

    const forKit = await paid(PRICE);
    expect((await kitRedeem(forKit)).status).toBe(200);
    const creditsAfterKit = await svc.post("/redeem", { txHash: forKit.toUpperCase().replace("0X", "0x") });
    expect(creditsAfterKit.status).toBe(409);
    expect((await creditsAfterKit.json()).error).toBe("already_redeemed");
    expect((await kitRedeem(forKit)).status).toBe(409);
  });

  test("concurrent redeems of one hash at both endpoints give exactly one 200", async () => {
    const hash = await paid(PRICE);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? kitRedeem(hash) : svc.post("/redeem", { txHash: hash }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });

  test("a bad hash is 400 invalid_request", async () => {
    const res = await kitRedeem("0x1234");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_request");
  });
});

describe("/kit/download", () => {
  test("serves the kit byte for byte with its type, length, attachment name and ETag", async () => {
    const { downloadToken } = await buy();
    const info = await (await svc.get("/kit/info")).json();
    const res = await download(downloadToken);
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(sha256(body)).toBe(info.sha256);
    expect(body.length).toBe(info.sizeBytes);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-length")).toBe(String(info.sizeBytes));
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="seller-kit-1.0.0.tar.gz"');
    expect(res.headers.get("etag")).toBe(`"${info.sha256}"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-downloads-remaining")).toBe("4");
  });

  test("the Content-Length is on the wire, not chunked encoding (raw HTTP)", async () => {
    const { downloadToken } = await buy();
    const url = new URL(svc.url);
    let raw = "";
    const { promise: headerRead, resolve } = Promise.withResolvers<void>();
    const socket = await Bun.connect({
      hostname: url.hostname,
      port: Number(url.port),
      socket: {
        data(_s, chunk) {
          raw += new TextDecoder().decode(chunk);
          if (raw.includes("\r\n\r\n")) resolve();
        },
      },
    });
    socket.write(`GET /kit/download?token=${downloadToken} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    await headerRead;
    socket.end();
    const head = raw.slice(0, raw.indexOf("\r\n\r\n") + 2).toLowerCase();
    expect(head).toContain(`content-length: ${statSync(kitFile).size}\r\n`);
    expect(head).not.toContain("transfer-encoding");
  });

  test("twelve concurrent downloads of a 5-download order give five 200s and seven 429s", async () => {
    const { downloadToken } = await buy();
    const answers = await Promise.all(Array.from({ length: 12 }, () => download(downloadToken)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    for (const r of answers) {
      if (r.status === 200) expect((await r.arrayBuffer()).byteLength).toBe(statSync(kitFile).size);
      else {
        expect(await r.json()).toMatchObject({ error: "download_limit_reached", retryAfterSeconds: 86400 });
        expect(r.headers.get("retry-after")).toBe("86400");
      }
    }
    expect(await findOrderByTokenHash(svc.db, hashSecret(downloadToken))).toMatchObject({ downloadsUsed: 5, downloadsAllowed: 5 });
    expect((await download(downloadToken, "HEAD")).status).toBe(429);
  });

  test("HEAD answers the same headers with no body and uses no download", async () => {
    const { downloadToken } = await buy();
    for (let i = 0; i < 3; i++) {
      const head = await download(downloadToken, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(statSync(kitFile).size));
      expect(head.headers.get("content-disposition")).toBe('attachment; filename="seller-kit-1.0.0.tar.gz"');
      expect(head.headers.get("etag")).toBe(`"${sha256(readFileSync(kitFile))}"`);
      expect(head.headers.get("x-downloads-remaining")).toBe("5");
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await findOrderByTokenHash(svc.db, hashSecret(downloadToken)))?.downloadsUsed).toBe(0);
    expect((await download(downloadToken)).headers.get("x-downloads-remaining")).toBe("4");
  });

  const forbidden: [string, string][] = [
    ["no token", "/kit/download"],
    ["an empty token", "/kit/download?token="],
    ["an unknown token of the right shape", `/kit/download?token=dl_${"2".repeat(44)}`],
    ["an API key instead of a token", `/kit/download?token=vk_${"2".repeat(44)}`],
    ["garbage", "/kit/download?token=%00%ff"],
  ];
  test.each(forbidden)("%s is 403 invalid_token, for GET and HEAD", async (_name, path) => {
    const res = await svc.get(path);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("invalid_token");
    expect((await svc.get(path, { method: "HEAD" })).status).toBe(403);
  });

  test("after a re-import, an earlier order downloads the new kit", async () => {
    const { downloadToken, sha256: oldSha } = await buy();
    expect((await download(downloadToken)).status).toBe(200);
    const v2 = makeKit("seller-kit-2.0.0.tar.gz", { "README.md": "# Seller kit, second edition\n", "new.txt": "new" });
    await importInto(svc, v2);
    const res = await download(downloadToken);
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(sha256(body)).toBe(sha256(readFileSync(v2)));
    expect(sha256(body)).not.toBe(oldSha);
    expect(res.headers.get("etag")).toBe(`"${sha256(readFileSync(v2))}"`);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="seller-kit-2.0.0.tar.gz"');
    expect(res.headers.get("x-downloads-remaining")).toBe("3");
    const info = await (await svc.get("/kit/info")).json();
    expect(info).toMatchObject({ version: "2.0.0", sha256: sha256(body), contents: expect.arrayContaining(["new.txt"]) });
  });

  test("the order list shows payer, amount and downloads used/allowed", async () => {
    const orders = await listOrders(svc.db);
    expect(orders.length).toBeGreaterThan(5);
    expect(orders[0]).toMatchObject({ payer: buyer, downloadsAllowed: 5, chainId: 8453 });
    expect(orders.some((o) => o.downloadsUsed === 5)).toBe(true);
    expect(orders.some((o) => o.amountAtomic === 31_500_000n)).toBe(true);
  });
});

describe("settings and other instances", () => {
  test("--public-url makes downloadUrl and the buying steps absolute on it; --kit-downloads and --kit-price-usd apply", async () => {
    const other = await startTestService({
      payTo: treasury,
      rpcUrls: [anvil.rpcUrl],
      publicUrl: "https://kits.example.com",
      kitDownloads: "2",
      kitPriceUsd: "30.5",
    });
    try {
      await importInto(other, kitFile);
      const info = await (await other.get("/kit/info")).json();
      expect(info).toMatchObject({ priceUsd: 30.5, priceAtomic: "30500000", downloadsPerOrder: 2 });
      expect(info.howToBuy.join("\n")).toContain("POST https://kits.example.com/kit/redeem");
      expect((await kitRedeem(await paid(30_000_000n), other)).status).toBe(400);
      const body = await buy(30_500_000n, other);
      expect(body.downloadUrl).toBe(`https://kits.example.com/kit/download?token=${body.downloadToken}`);
      expect(body).toMatchObject({ downloadsAllowed: 2, downloadsRemaining: 2 });
    } finally {
      await other.close();
    }
  });

  test("without a pay-to address the kit cannot be bought: 503 payments_not_configured", async () => {
    const bare = await startTestService({ rpcUrls: [anvil.rpcUrl] });
    try {
      await importInto(bare, kitFile);
      const info = await (await bare.get("/kit/info")).json();
      expect(info).toMatchObject({ available: true, payTo: null, howToBuy: [expect.stringContaining("not configured")] });
      const res = await kitRedeem(await paid(PRICE), bare);
      expect(res.status).toBe(503);
      expect((await res.json()).error).toBe("payments_not_configured");
    } finally {
      await bare.close();
    }
  });

  test("/openapi.json documents the kit routes with their error codes", async () => {
    const doc = await (await svc.get("/openapi.json")).json();
    const codes = (path: string, method: string, status: number) =>
      doc.paths[path]?.[method]?.responses?.[String(status)]?.content?.["application/json"]?.schema?.properties?.error?.enum;
    expect(doc.paths["/kit/info"].get.tags).toEqual(["kit"]);
    expect(codes("/kit/redeem", "post", 503)).toEqual(expect.arrayContaining(["kit_unavailable", "chain_unavailable"]));
    expect(codes("/kit/redeem", "post", 409)).toEqual(["already_redeemed"]);
    expect(codes("/kit/download", "get", 403)).toEqual(["invalid_token"]);
    expect(codes("/kit/download", "get", 429)).toEqual(["download_limit_reached"]);
    // HEAD has the GET's statuses and headers but no body, so its answers document no content.
    expect(doc.paths["/kit/download"].head.responses["429"]).toMatchObject({ headers: { "Retry-After": { required: true } } });
    expect(doc.paths["/kit/download"].head.responses["429"].content).toBeUndefined();
    expect(doc.paths["/kit/download"].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "token", in: "query" })]),
    );
  });
});
