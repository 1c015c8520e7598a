import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./helpers/temp.ts";
import { openDb } from "../src/store/db.ts";
import { redeemForKey } from "../src/store/keys.ts";
import { SCHEMA_VERSION } from "../src/store/migrations.ts";
import { publishInstance } from "../src/store/instances.ts";
import { STALE_AFTER_MS } from "../src/running-settings.ts";
import { spawnServer } from "./helpers/binary.ts";
import { hashSecret } from "../src/payments/secrets.ts";

/** The operator subcommands, run as a process on a temporary data dir. */
const MAIN = join(import.meta.dir, "../src/main.ts");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function freshDir() {
  const d = tempDir("vellum-cli-");
  dirs.push(d);
  return d;
}

async function vellum(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { out, err, code };
}

async function seedKey(dir: string, calls: number, tx = "0x" + "ef".repeat(32)) {
  const db = await openDb(dir);
  const r = await redeemForKey(db, {
    chainId: 8453,
    txHash: tx,
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: BigInt(calls) * 10_000n,
    blockNumber: 1n,
    keyHash: `h${tx}`,
    prefix: "vk_Seed123",
    calls,
  });
  await db.close();
  if (!r.ok) throw new Error("seed failed");
  return r.keyId;
}

describe("vellum (no subcommand) and version", () => {
  test("no arguments prints usage and exits 2; an unknown command is named", async () => {
    const none = await vellum([]);
    expect(none.code).toBe(2);
    expect(none.out).toContain("Commands:");
    const bad = await vellum(["frobnicate"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown command "frobnicate"');
  });
  test("version prints the package version", async () => {
    const { out, code } = await vellum(["version"]);
    expect(code).toBe(0);
    expect(out).toBe(`vellum ${(await Bun.file(join(import.meta.dir, "../package.json")).json()).version}\n`);
  });
  test("an unknown serve flag is a usage error naming it", async () => {
    const { err, code } = await vellum(["serve", "--nope", "1"]);
    expect(code).toBe(2);
    expect(err).toContain("--nope");
  });
});

describe("vellum serve: help and flag errors", () => {
  test("--help shows each flag with a value placeholder, its env name and one default", async () => {
    const { out, code } = await vellum(["serve", "--help"]);
    expect(code).toBe(0);
    expect(out).toMatch(/--http HOST:PORT\s+VELLUM_HTTP\n\s+address to listen on; default: 127\.0\.0\.1:8402/);
    expect(out).toMatch(/--pay-to ADDRESS\s+VELLUM_PAY_TO, stored setting payTo\n\s+treasury address that receives USDC; default: none/);
    expect(out).toMatch(/--workers N\s+VELLUM_WORKERS\n\s+extraction workers; default: CPU count\n/);
    expect(out).toMatch(/--rpc-url URL \(repeatable\)\s+VELLUM_RPC_URL/);
    expect(out).toMatch(/--allow-private-targets LIST\s+VELLUM_ALLOW_PRIVATE_TARGETS/);
    expect(out).toContain("--database-url URL");
    // One default per flag: no description carries a second one.
    for (const line of out.split("\n")) expect(line.match(/default/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(out).not.toContain("[default:");
  });

  test.each([
    [
      ["--allow-private-targets", "foo"],
      /^vellum serve: --allow-private-targets: "foo" is neither a CIDR nor a host:port \(expected a CIDR like 10\.0\.0\.0\/8/,
    ],
    [["--confirmations", "-1"], /^vellum serve: --confirmations: expected a whole number from 1 to 1000, got -1\n$/],
    [["--workers"], /^vellum serve: --workers needs a value: write --workers N \(or --workers=N\)/],
    [["--nope", "1"], /^vellum serve: unknown flag --nope \(see 'vellum serve --help'\)/],
    [
      ["--dir", "/proc/nope"],
      /^vellum serve: --dir \/proc\/nope: cannot create or open it \(.+\)\. Point --dir \(or VELLUM_DIR\) at a directory/,
    ],
  ])("serve %p answers with one sentence naming the flag and the fix", async (args, message) => {
    const { err, code } = await vellum(["serve", ...args, "--http", "127.0.0.1:0"]);
    expect(code).toBeGreaterThan(0);
    expect(err).toMatch(message);
    expect(err).not.toContain("ambiguous");
    expect(err).not.toMatch(/allow-private-targets.*allow-private-targets/);
    expect(err).not.toContain("    at "); // no stack trace
  });
});

describe("vellum config", () => {
  test("set stores a validated value, get reads it, list shows where each value came from", async () => {
    const dir = freshDir();
    expect((await vellum(["config", "set", "freeCallsPerDay", "9", "--dir", dir])).code).toBe(0);
    expect((await vellum(["config", "get", "freeCallsPerDay", "--dir", dir])).out).toBe("9\n");
    const list = await vellum(["config", "list", "--dir", dir], { VELLUM_CONFIRMATIONS: "3" });
    expect(list.out).toMatch(/freeCallsPerDay\s+9\s+stored/);
    expect(list.out).toMatch(/confirmations\s+3\s+env/);
    expect(list.out).toMatch(/kitDownloads\s+5\s+default/);
  });
  test("a bad value or name is refused and stores nothing", async () => {
    const dir = freshDir();
    const bad = await vellum(["config", "set", "payTo", "0x123", "--dir", dir]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("payTo");
    const unknown = await vellum(["config", "set", "colour", "blue", "--dir", dir]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('"colour" is not a stored setting');
    const db = new Database(join(dir, "vellum.db"));
    expect(db.query("SELECT COUNT(*) AS n FROM settings").get()).toEqual({ n: 0 });
    db.close();
  });
  test("unset returns a setting to its default", async () => {
    const dir = freshDir();
    await vellum(["config", "set", "kitDownloads", "7", "--dir", dir]);
    expect((await vellum(["config", "unset", "kitDownloads", "--dir", dir])).out).toBe("kitDownloads removed\n");
    expect((await vellum(["config", "get", "kitDownloads", "--dir", dir])).out).toBe("5\n");
  });
  test("the data dir comes from VELLUM_DIR when --dir is absent", async () => {
    const dir = freshDir();
    await vellum(["config", "set", "confirmations", "4"], { VELLUM_DIR: dir });
    expect((await vellum(["config", "get", "confirmations", "--dir", dir])).out).toBe("4\n");
  });
});

test("config and keys name --dir and the fix when the data dir cannot be made", async () => {
  for (const args of [
    ["config", "list"],
    ["keys", "list"],
  ]) {
    const { err, code } = await vellum([...args, "--dir", "/proc/nope"]);
    expect(code).toBe(1);
    expect(err).toMatch(/^vellum \w+: --dir \/proc\/nope: cannot create or open it \(.+\)\. Point --dir \(or VELLUM_DIR\) at a directory/);
  }
});

describe("vellum config against a running server", () => {
  const FLAG_PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  const STORED_PAY_TO = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

  test("set of a setting the server's flag overrides says so; list shows both views; get shows the value in effect", async () => {
    const dir = freshDir();
    // An unreachable RPC is tolerated at start; the chain is not what this test is about.
    const server = await spawnServer([process.execPath, MAIN], ["--dir", dir, "--pay-to", FLAG_PAY_TO, "--rpc-url", "http://127.0.0.1:9"], {
      env: { VELLUM_KIT_DOWNLOADS: "8" },
    });
    try {
      await waitFor(async () => (await vellum(["config", "list", "--dir", dir])).out.includes("running server's view"));
      const set = await vellum(["config", "set", "payTo", STORED_PAY_TO, "--dir", dir]);
      expect(set.code).toBe(0);
      expect(set.out).toContain(`payTo stored, but the running server uses --pay-to from its command line: ${FLAG_PAY_TO}`);
      const env = await vellum(["config", "set", "kitDownloads", "3", "--dir", dir]);
      expect(env.out).toContain("kitDownloads stored, but the running server uses VELLUM_KIT_DOWNLOADS from its environment: 8");

      const list = (await vellum(["config", "list", "--dir", dir])).out;
      const [mine, theirs] = list.split("The running server's view");
      expect(mine).toContain("This command's view");
      expect(mine).toMatch(new RegExp(`payTo\\s+${STORED_PAY_TO}\\s+stored`));
      expect(mine).toMatch(/kitDownloads\s+3\s+stored/);
      expect(theirs).toMatch(new RegExp(`payTo\\s+${FLAG_PAY_TO}\\s+flag --pay-to`));
      expect(theirs).toMatch(/kitDownloads\s+8\s+env VELLUM_KIT_DOWNLOADS/);
      expect(theirs).toContain(`pid ${server.proc.pid}`);
      expect((await vellum(["config", "get", "payTo", "--dir", dir])).out).toBe(`${FLAG_PAY_TO}\n`);

      // A setting no flag overrides: stored, applied, and the server republishes it as stored.
      const free = await vellum(["config", "set", "freeCallsPerDay", "9", "--dir", dir]);
      expect(free.out).toBe("freeCallsPerDay = 9\n");
      await waitFor(async () =>
        /freeCallsPerDay\s+9\s+stored/.test((await vellum(["config", "list", "--dir", dir])).out.split("running server's view")[1] ?? ""),
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // A clean stop removes the server's row: the CLI no longer claims a server is running.
    const after = await vellum(["config", "list", "--dir", dir]);
    expect(after.out).toContain("No running server on this data dir");
    expect((await vellum(["config", "get", "payTo", "--dir", dir])).out).toBe(`${STORED_PAY_TO}\n`);
  });

  test("a server that died without cleaning up is not shown as running once its heartbeat is stale", async () => {
    const dir = freshDir();
    const db = await openDb(dir);
    await publishInstance(db, {
      instanceId: "dead",
      hostname: "h",
      pid: 1,
      version: "0",
      url: "http://127.0.0.1:1",
      settings: { payTo: { value: FLAG_PAY_TO, source: "flag" } },
      startedAt: Date.now() - 3_600_000,
      heartbeatAt: Date.now() - STALE_AFTER_MS - 1000,
    });
    await db.close();
    const set = await vellum(["config", "set", "payTo", STORED_PAY_TO, "--dir", dir]);
    expect(set.out).toBe(`payTo = ${STORED_PAY_TO}\n`);
    expect((await vellum(["config", "list", "--dir", dir])).out).toContain("No running server");
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await Bun.sleep(200);
  }
  throw new Error("condition not met in time");
}

describe("vellum keys", () => {
  test("list, show, credit and revoke", async () => {
    const dir = freshDir();
    const id = await seedKey(dir, 100);
    expect((await vellum(["keys", "list", "--dir", dir])).out).toContain("vk_Seed123");
    const credited = await vellum(["keys", "credit", String(id), "25", "--reason", "goodwill", "--dir", dir]);
    expect(credited.code).toBe(0);
    expect(credited.out).toContain("125/125 calls");
    const shown = await vellum(["keys", "show", "vk_Seed", "--dir", dir, "--json"]);
    const key = JSON.parse(shown.out);
    expect(key.callsRemaining).toBe(125);
    expect(key.ledger.map((l: { kind: string }) => l.kind)).toEqual(["adjustment", "redemption"]);
    expect(key.ledger[0].reason).toBe("goodwill");
    expect((await vellum(["keys", "revoke", String(id), "--dir", dir])).code).toBe(0);
    const again = await vellum(["keys", "revoke", String(id), "--dir", dir]);
    expect(again.code).toBe(1);
    expect(again.err).toContain("already revoked");
  });
  test("create prints a new key once; the key pays, and its ledger records an adjustment with the note", async () => {
    const dir = freshDir();
    const made = await vellum(["keys", "create", "--calls", "40", "--note", "test key for Ana", "--dir", dir]);
    expect(made.code).toBe(0);
    const key = made.out.trim();
    expect(key).toMatch(/^vk_[1-9A-HJ-NP-Za-km-z]{40,50}$/);
    expect(made.err).toContain("cannot be shown again");
    const shown = JSON.parse((await vellum(["keys", "show", key.slice(0, 10), "--dir", dir, "--json"])).out);
    expect(shown.callsRemaining).toBe(40);
    expect(shown.totalCalls).toBe(40);
    expect(shown.payer).toBeNull();
    expect(shown.ledger).toEqual([expect.objectContaining({ kind: "adjustment", calls: 40, reason: "test key for Ana" })]);
    // The printed value is the key itself: its hash is what the store holds.
    const db = await openDb(dir);
    const stored = await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM api_keys WHERE key_hash = ?", [hashSecret(key)]);
    await db.close();
    expect(Number(stored?.n)).toBe(1);
    // Nothing shows the full key again.
    expect((await vellum(["keys", "list", "--dir", dir])).out).not.toContain(key);
  });
  test("create refuses a missing or bad --calls or --note with a sentence, before touching the data dir", async () => {
    const dir = join(freshDir(), "never-made");
    for (const [args, text] of [
      [["--note", "x"], "--calls N is required"],
      [["--calls", "0", "--note", "x"], "--calls takes a whole number of at least 1"],
      [["--calls", "-5", "--note", "x"], "--calls takes a whole number"],
      [["--calls", "2.5", "--note", "x"], "--calls takes a whole number"],
      [["--calls", "5"], "--note TEXT is required"],
      [["--calls", "5", "--note", "  "], "--note TEXT is required"],
    ] as const) {
      const r = await vellum(["keys", "create", ...args, "--dir", dir]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(text);
    }
    expect(existsSync(dir)).toBe(false);
  });
  test("credit needs a whole number and a reason; an unknown key is named", async () => {
    const dir = freshDir();
    const id = await seedKey(dir, 1);
    expect((await vellum(["keys", "credit", String(id), "1.5", "--reason", "x", "--dir", dir])).code).toBe(2);
    expect((await vellum(["keys", "credit", String(id), "5", "--dir", dir])).err).toContain("--reason is required");
    expect((await vellum(["keys", "credit", String(id), "-5", "--reason", "x", "--dir", dir])).err).toContain("cannot remove 5");
    // The store's rule (src/store/keys.ts), not a copy of it: 0 and numbers past a safe integer are refused.
    for (const calls of ["0", "99999999999999999999", "2147483648"]) {
      const refused = await vellum(["keys", "credit", String(id), calls, "--reason", "x", "--dir", dir]);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain("the number of calls must be a whole number other than 0");
    }
    expect((await vellum(["keys", "show", "999", "--dir", dir])).err).toContain("no key with id 999");
  });
});

describe("vellum backup and migrate", () => {
  test("backup while a writer loop runs gives a consistent, checked copy", async () => {
    const dir = freshDir();
    await (await openDb(dir)).close();
    const writer = Bun.spawn(
      [
        process.execPath,
        "-e",
        `import { openDb } from "${join(import.meta.dir, "../src/store/db.ts")}";
       import { reserveFreeCall } from "${join(import.meta.dir, "../src/store/free-trial.ts")}";
       const db = await openDb(process.argv[1]);
       const end = Date.now() + 3000;
       let i = 0;
       while (Date.now() < end) await reserveFreeCall(db, "c" + (i++ % 500), "2026-11-22", 1000000);
       console.log(i);`,
        dir,
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    await Bun.sleep(300);
    const { out, err, code } = await vellum(["backup", "--dir", dir]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const path = out.trim();
    expect(path.startsWith(join(dir, "backups", "vellum-"))).toBe(true);
    expect(existsSync(path)).toBe(true);
    const written = Number((await new Response(writer.stdout).text()).trim());
    expect(await writer.exited).toBe(0);
    expect(written).toBeGreaterThan(0);
    const copy = new Database(path, { readonly: true });
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const reservations = (copy.query("SELECT COUNT(*) AS n FROM reservations").get() as { n: number }).n;
    const used = (copy.query("SELECT COALESCE(SUM(used), 0) AS n FROM free_calls").get() as { n: number }).n;
    expect(used).toBe(reservations); // each write is one transaction: the snapshot never holds half of one
    copy.close();
  });

  test("migrate status shows the schema version; a newer database is refused by serve", async () => {
    const dir = freshDir();
    await (await openDb(dir)).close();
    const status = await vellum(["migrate", "status", "--dir", dir]);
    expect(status.code).toBe(0);
    expect(status.out).toContain(`schema version ${SCHEMA_VERSION}`);
    const db = new Database(join(dir, "vellum.db"));
    db.query("INSERT INTO _migrations (version, name, applied_at) VALUES (?, 'future', 0)").run(SCHEMA_VERSION + 1);
    db.close();
    expect((await vellum(["migrate", "status", "--dir", dir])).code).toBe(1);
    const serve = await vellum(["serve", "--dir", dir, "--http", "127.0.0.1:0"]);
    expect(serve.code).toBe(1);
    expect(serve.err).toContain("newer than this vellum understands");
  });
});
