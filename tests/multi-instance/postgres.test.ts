import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Hash } from "viem";
import { anvilAccounts, startAnvil, type Anvil } from "../helpers/anvil.ts";
import { spawnServer, type SpawnedServer } from "../helpers/binary.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { tempDir } from "../helpers/temp.ts";
import { importKit } from "../../src/kit/import.ts";
import { generateSecret } from "../../src/payments/secrets.ts";
import { openDb, type Db } from "../../src/store/db.ts";
import { findKeyByHash, keyLedger, redeemForKey } from "../../src/store/keys.ts";

/**
 * Several vellum processes (`bun src/main.ts serve`, each with its own --dir) on ONE PostgreSQL
 * database (--database-url), behind no proxy: requests are spread over the instances round-robin.
 * Every limit must hold across the instances exactly as it holds inside one: one key per
 * transaction, a key's calls, the free allowance of one IP, a kit order's downloads; a dead
 * instance's calls in flight come back after its lease; a setting stored once reaches them all.
 */
const MAIN = join(import.meta.dir, "../../src/main.ts");
const LEASE_MS = 1500;
const buyer = anvilAccounts.buyer.address;
const treasury = anvilAccounts.treasury.address;

let anvil: Anvil;
let site: TargetSite;
let pg: PostgresServer;
let databaseUrl: string;
let db: Db;
const dirs: string[] = [];
let instances: SpawnedServer[] = [];

function instanceArgs(dir: string): string[] {
  return [
    "--dir",
    dir,
    "--database-url",
    databaseUrl,
    "--pay-to",
    treasury,
    "--rpc-url",
    anvil.rpcUrl,
    "--confirmations",
    "2",
    "--allow-private-targets",
    site.allowEntry,
    "--kit-downloads",
    "3",
    "--workers",
    "1",
    "--fetch-timeout-ms",
    "60000",
  ];
}

async function startInstance(): Promise<SpawnedServer> {
  const dir = tempDir("vellum-instance-");
  dirs.push(dir);
  return spawnServer([process.execPath, MAIN], instanceArgs(dir), { env: { VELLUM_RESERVATION_LEASE_MS: String(LEASE_MS) } });
}

/** The i-th request goes to instance i mod N. */
const on = (i: number, path: string, init?: RequestInit) => fetch(instances[i % instances.length]!.url + path, init);
const post = (i: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
  on(i, path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

async function paid(atomic: bigint): Promise<Hash> {
  const hash = await anvil.transfer(buyer, treasury, atomic);
  await anvil.mine(1);
  return hash;
}

let txCounter = 0;
async function keyWith(calls: number) {
  const secret = generateSecret("vk");
  const saved = await redeemForKey(db, {
    chainId: 8453,
    txHash: `0x${(++txCounter).toString(16).padStart(64, "f")}`,
    payer: buyer,
    amountAtomic: BigInt(calls) * 10_000n,
    blockNumber: 1n,
    keyHash: secret.hash,
    prefix: secret.prefix,
    calls,
  });
  if (!saved.ok) throw new Error("could not create a key");
  return { hash: secret.hash, id: saved.keyId, auth: { authorization: `Bearer ${secret.value}` } };
}

async function until(check: () => Promise<boolean>, what: string, ms: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await Bun.sleep(50);
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

beforeAll(async () => {
  [anvil, site, pg] = await Promise.all([startAnvil(), startTargetSite(), startPostgres()]);
  await anvil.mint(buyer, 1_000_000_000n);
  databaseUrl = await pg.freshDatabase();
  // Three instances start at once on the empty database: the migrations run once (advisory lock).
  instances = await Promise.all([startInstance(), startInstance(), startInstance()]);
  db = await openDb(tempDir(), { databaseUrl });
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((s) => s.stop().catch(() => 0)));
  await db?.close();
  await Promise.all([anvil?.stop(), site?.close(), pg?.stop()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("three instances, one PostgreSQL ledger", () => {
  test("they started together on an empty database; each migration was applied once", async () => {
    const rows = await db.all<{ version: number }>("SELECT version FROM _migrations ORDER BY version");
    expect(new Set(rows.map((r) => r.version)).size).toBe(rows.length);
    expect(instances.map((s) => s.logs.some((l) => l.msg === "vellum listening" && String(l.store).startsWith("postgres://")))).toEqual([
      true,
      true,
      true,
    ]);
  });

  test("20 concurrent redeems of one transaction spread over the instances give exactly one key", async () => {
    const hash = await paid(2_000_000n);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i, "/redeem", { txHash: hash })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(1);
    expect(statuses.filter((s) => s === 409).length).toBe(19);
    expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM redemptions WHERE tx_hash = ?", [hash.toLowerCase()]))?.n).toBe(1);
    expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM api_keys WHERE payer = ?", [buyer]))?.n).toBe(1);
  });

  test("10 concurrent calls on a 2-call key spread over the instances: exactly 2 served", async () => {
    const k = await keyWith(2);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i, "/extract", { url: site.url("/article-simple") }, k.auth)),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(2);
    expect(results.filter((r) => r.status === 402).length).toBe(8);
    expect((await findKeyByHash(db, k.hash))!.callsRemaining).toBe(0);
    const kinds = (await keyLedger(db, k.id)).map((l) => l.kind);
    expect(kinds.filter((x) => x === "call").length).toBe(2);
    for (const i of [0, 1, 2]) {
      const balance = await (await on(i, "/balance", { headers: k.auth })).json();
      expect(balance.callsRemaining).toBe(0);
    }
  });

  test("the free allowance of one IP is exact across the instances", async () => {
    // All requests come from 127.0.0.1: one subject, 5 free calls a day (the default).
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post(i, "/extract", { url: site.url("/article-simple") }, { "x-free-trial": "1" })),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(5);
    const refused = await Promise.all(results.filter((r) => r.status === 402).map((r) => r.json()));
    expect(refused.length).toBe(10);
    expect(new Set(refused.map((b) => b.error))).toEqual(new Set(["free_trial_exhausted"]));
  });

  test("a kit order's download limit is exact across the instances (kit file synced to every --dir)", async () => {
    const src = tempDir("vellum-kit-src-");
    dirs.push(src);
    mkdirSync(join(src, "kit"), { recursive: true });
    writeFileSync(join(src, "kit", "README.md"), "# kit\n");
    const file = join(src, "seller-kit-1.0.0.tar.gz");
    expect(Bun.spawnSync(["tar", "-czf", file, "-C", join(src, "kit"), "."]).exitCode).toBe(0);
    // Imported through the first instance's data dir; the other dirs get a copy of kit/ (the README's "sync").
    const first = dirs[0]!;
    const imported = await importKit({ dataDir: first, databaseUrl, file, graceMs: 0 });
    if (!imported.ok) throw new Error(imported.message);
    for (const dir of dirs.slice(1, 3)) cpSync(join(first, "kit"), join(dir, "kit"), { recursive: true });

    const order = await (await post(1, "/kit/redeem", { txHash: await paid(29_000_000n) })).json();
    expect(order.downloadToken).toMatch(/^dl_/);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => on(i, `/kit/download?token=${encodeURIComponent(order.downloadToken)}`)),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(3);
    expect(results.filter((r) => r.status === 429).length).toBe(9);
    await Promise.all(results.map((r) => r.arrayBuffer()));
  });

  test("a setting stored once (vellum config set on the database) reaches every instance within seconds", async () => {
    const health = async (i: number) => ((await (await on(i, "/health")).json()) as { pricing: { freeCallsPerDay: number } }).pricing;
    for (const i of [0, 1, 2]) expect((await health(i)).freeCallsPerDay).toBe(5);
    const set = Bun.spawnSync([process.execPath, MAIN, "config", "set", "freeCallsPerDay", "11", "--database-url", databaseUrl], {
      env: { PATH: process.env.PATH ?? "" },
      stderr: "pipe",
      stdout: "pipe",
    });
    expect(set.exitCode).toBe(0);
    const took = await until(
      async () => (await Promise.all([0, 1, 2].map(health))).every((p) => p.freeCallsPerDay === 11),
      "every instance applies freeCallsPerDay = 11",
      8000,
    );
    expect(took).toBeLessThan(8000);
  });

  test("SIGKILL one instance with paid calls in flight: after its lease the calls are back, nothing doubled", async () => {
    const victim = await startInstance();
    const k = await keyWith(10);
    const hangsBefore = site.hits("/hang");
    const hanging = Array.from({ length: 3 }, () =>
      fetch(`${victim.url}/extract`, {
        method: "POST",
        headers: { "content-type": "application/json", ...k.auth },
        body: JSON.stringify({ url: site.url("/hang") }),
      }).catch(() => null),
    );
    while (site.hits("/hang") < hangsBefore + 3) await Bun.sleep(20);
    expect((await findKeyByHash(db, k.hash))!.callsRemaining).toBe(7);
    // The owner lives and renews its lease: the other instances' lease keepers leave its calls alone.
    await Bun.sleep(LEASE_MS * 2.5);
    expect((await findKeyByHash(db, k.hash))!.callsRemaining).toBe(7);

    victim.proc.kill("SIGKILL");
    await victim.proc.exited;
    await Promise.all(hanging);
    // A surviving instance's lease keeper (every lease/3) gives the calls back once the lease expired.
    await until(async () => (await findKeyByHash(db, k.hash))!.callsRemaining === 10, "the dead instance's calls given back", LEASE_MS * 4);
    await Bun.sleep(LEASE_MS * 1.5); // several more keeper rounds on three instances
    expect((await findKeyByHash(db, k.hash))!.callsRemaining).toBe(10);
    const kinds = (await keyLedger(db, k.id)).map((l) => l.kind);
    expect(kinds.filter((x) => x === "call").length).toBe(3);
    expect(kinds.filter((x) => x === "refund").length).toBe(3);
    expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM reservations"))?.n).toBe(0);
    // The survivors' lease keepers may split the work; together they released exactly the three calls.
    const released = instances
      .flatMap((s) => s.logs)
      .filter((l) => l.msg === "released calls left in flight by a previous process")
      .reduce((sum, l) => sum + Number(l.paid), 0);
    expect(released).toBe(3);
  });
});
