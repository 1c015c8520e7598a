/**
 * The admin console's screens through ink-testing-library: keys written to stdin, frames read
 * back, and what each action stored checked in the real (temporary) SQLite database.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { App } from "../../src/admin/App.tsx";
import { createAdminData, type AdminChain, type AdminData } from "../../src/admin/data.ts";
import type { ProbeResult } from "../../src/payments/chain.ts";
import { openDb, type Db } from "../../src/store/db.ts";
import { confirmPaidCall, findKeyById, keyLedger, redeemForKey, reservePaidCall, revokeKey } from "../../src/store/keys.ts";
import { publishInstance } from "../../src/store/instances.ts";
import { currentKit, listOrders, redeemForKitOrder } from "../../src/store/kit.ts";
import { readSettings, writeSetting } from "../../src/store/settings.ts";
import { startAnvil, type Anvil } from "../helpers/anvil.ts";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { tempDir } from "../helpers/temp.ts";
// Keys and typing wait for Ink to handle them and re-render, not for a fixed time.
import { press, settle, type } from "../helpers/ink.ts";

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER_PAYER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const TREASURY = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

const KEYS = {
  up: "\u001B[A",
  down: "\u001B[B",
  enter: "\r",
  esc: "\u001B",
  tab: "\t",
  shiftTab: "\u001B[Z",
  backspace: "\u007F",
  ctrlU: "\u0015",
  home: "\u001B[H",
  end: "\u001B[F",
} as const;

let dir: string;
let db: Db;
let hashes = 0;
let rendered: ReturnType<typeof render>[] = [];

beforeEach(async () => {
  dir = tempDir("vellum-admin-");
  db = await openDb(dir);
});
afterEach(async () => {
  for (const r of rendered) r.unmount();
  rendered = [];
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A chain that answers at once: balance $1,234.56, every URL on Base unless its host says otherwise. */
function fakeChain(overrides: Partial<AdminChain> = {}): AdminChain {
  return {
    usdcBalance: async () => ({ ok: true, value: 1_234_560_000n }),
    probe: async (url: string): Promise<ProbeResult> => {
      if (url.includes("mainnet-eth")) return { ok: true, chainId: 1, latestBlock: 19_000_000n, latencyMs: 30 };
      if (url.includes("down")) return { ok: false, error: "timeout", latencyMs: 5000 };
      return { ok: true, chainId: 8453, latestBlock: 123_456n, latencyMs: 12 };
    },
    ...overrides,
  };
}

function adminData(chain: AdminChain = fakeChain()): AdminData {
  // An empty environment: the VELLUM_* of whoever runs the tests must not leak in.
  return createAdminData({ db, dir, env: {}, chain: () => chain });
}

const SCREEN = { treasury: 0, kit: 1, keys: 2, rpc: 3 } as const;

/** Renders the console at a terminal size (ink-testing-library's stdout is 100 columns with no height). */
async function open(
  screen: number,
  data = adminData(),
  size: { columns: number; rows: number } = { columns: 120, rows: 40 },
  refreshMs = 60_000,
) {
  const r = render(<App data={data} initialScreen={screen} refreshMs={refreshMs} />);
  resize(r, size.columns, size.rows);
  rendered.push(r);
  await settle(r);
  return r;
}

function resize(r: ReturnType<typeof render>, columns: number, rows: number): void {
  Object.defineProperty(r.stdout, "columns", { value: columns, configurable: true });
  Object.defineProperty(r.stdout, "rows", { value: rows, configurable: true });
  r.stdout.emit("resize");
}

async function waitForFrame(r: ReturnType<typeof render>, predicate: (frame: string) => boolean, timeoutMs = 3_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const frame = r.lastFrame() ?? "";
    if (predicate(frame)) return frame;
    await Bun.sleep(10);
  }
  throw new Error(`frame never matched; last frame:\n${r.lastFrame()}`);
}

function txHash(): string {
  return `0x${(++hashes).toString(16).padStart(64, "a")}`;
}

/** A key bought for `calls` calls by `payer`; returns its id. */
async function seedKey(calls: number, payer = PAYER, prefix = `vk_${String(hashes + 1).padStart(5, "0")}`): Promise<number> {
  const keyHash = crypto.randomUUID();
  const result = await redeemForKey(db, {
    chainId: 8453,
    txHash: txHash(),
    payer,
    amountAtomic: BigInt(calls) * 10_000n,
    blockNumber: 1n,
    keyHash,
    prefix,
    calls,
  });
  if (!result.ok) throw new Error("seed failed");
  return result.keyId;
}

async function seedKitSale(amountAtomic: bigint): Promise<void> {
  await db.run(
    "INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at) VALUES (8453, ?, 'kit', ?, ?, 1, NULL, ?)",
    [txHash(), OTHER_PAYER, amountAtomic.toString(), Date.now()],
  );
}

describe("console frame", () => {
  test("opens on Treasury with the four numbered screens and a footer of key hints", async () => {
    const r = await open(SCREEN.treasury);
    const frame = r.lastFrame()!;
    expect(frame).toContain("vellum admin");
    expect(frame).toMatch(/1 Treasury\s+2 Kit\s+3 Keys\s+4 RPC/);
    expect(frame).toContain("e edit pay-to");
    expect(frame).toContain("1-4/Tab screens");
    expect(frame).toContain("q/Esc quit");
  });

  test("number keys, Tab and Shift+Tab switch screens, each with its own footer hints", async () => {
    const r = await open(SCREEN.treasury);
    await press(r, "3");
    expect(r.lastFrame()).toContain("/ search");
    expect(r.lastFrame()).toContain("1-4/Tab screens");
    await press(r, KEYS.tab);
    expect(r.lastFrame()).toContain("RPC URLs");
    expect(r.lastFrame()).toContain("a add");
    await press(r, KEYS.tab);
    expect(r.lastFrame()).toContain("Pay-to ");
    await press(r, KEYS.shiftTab);
    expect(r.lastFrame()).toContain("RPC URLs");
    await press(r, "2");
    expect(r.lastFrame()).toContain("No kit imported");
    expect(r.lastFrame()).toContain("1-4/Tab screens");
    // The new screen has the keyboard: its own keys work at once.
    await press(r, "i");
    expect(r.lastFrame()).toContain("Tarball to import");
  });

  test("q on a screen's main view quits the console", async () => {
    const r = await open(SCREEN.treasury);
    expect(r.stdin.listenerCount("readable")).toBeGreaterThan(0);
    await press(r, "q");
    // Ink stops reading stdin when the app exits.
    expect(r.stdin.listenerCount("readable")).toBe(0);
  });

  test("Esc quits from a main view too", async () => {
    const r = await open(SCREEN.rpc);
    await press(r, KEYS.esc);
    expect(r.stdin.listenerCount("readable")).toBe(0);
  });
});

describe("Treasury screen", () => {
  test("shows revenue from credits and the kit, calls served, credits outstanding and the latest redemptions", async () => {
    const key = await seedKey(500); // $5.00 of credits
    await seedKey(100, OTHER_PAYER); // $1.00
    await seedKitSale(29_000_000n);
    for (let i = 0; i < 3; i++) {
      const reservation = await reservePaidCall(
        db,
        (await db.get<{ h: string }>("SELECT key_hash AS h FROM api_keys WHERE id = ?", [key]))!.h,
      );
      if (reservation.ok) await confirmPaidCall(db, reservation.reservationId);
    }
    await writeSetting(db, "payTo", TREASURY);
    const r = await open(SCREEN.treasury);
    const frame = await waitForFrame(r, (f) => f.includes("$1,234.56"));
    expect(frame).toMatch(/credits\s+\$6\.00\s+\$6\.00\s+\$6\.00/);
    expect(frame).toMatch(/kit\s+\$29\.00\s+\$29\.00\s+\$29\.00/);
    expect(frame).toMatch(/total\s+\$35\.00\s+\$35\.00\s+\$35\.00/);
    expect(frame).toMatch(/Calls served, paid\s+3\s+3\s+3/);
    // 600 calls sold, 3 used: 597 owed.
    expect(frame).toContain("Credits outstanding $5.97");
    expect(frame).toContain("597 unused calls");
    expect(frame).toContain("Latest redemptions");
    expect(frame).toMatch(/kit\s+\$29\.00\s+0x3C44…93BC/);
    // The row under the cursor (newest: the kit sale) is spelled out in full.
    expect(frame).toContain(`payer ${OTHER_PAYER}`);
  });

  test("the live balance shows loading, then the amount read through the chain", async () => {
    await writeSetting(db, "payTo", TREASURY);
    let answer!: (v: { ok: true; value: bigint }) => void;
    const seen: string[] = [];
    const chain = fakeChain({
      usdcBalance: (usdc, owner) => {
        seen.push(`${usdc} ${owner}`);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const r = await open(SCREEN.treasury, adminData(chain));
    expect(r.lastFrame()).toMatch(/USDC balance\s+loading…/);
    answer({ ok: true, value: 42_500_000n });
    await waitForFrame(r, (f) => /USDC balance\s+\$42\.50/.test(f));
    expect(seen).toEqual([`0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 ${TREASURY}`]);
  });

  test("an RPC failure shows as an error on the balance line", async () => {
    await writeSetting(db, "payTo", TREASURY);
    const chain = fakeChain({ usdcBalance: async () => ({ ok: false, reason: "chain_unavailable", detail: "timeout" }) });
    const r = await open(SCREEN.treasury, adminData(chain));
    await waitForFrame(r, (f) => /USDC balance\s+error: timeout/.test(f));
  });

  test("editing pay-to stores a valid address through the settings table, checksummed", async () => {
    const r = await open(SCREEN.treasury);
    expect(r.lastFrame()).toContain("not set");
    await press(r, "e");
    expect(r.lastFrame()).toContain("Enter save");
    // The footer hides the console keys while the field has the keyboard.
    expect(r.lastFrame()).not.toContain("1-4/Tab screens");
    await type(r, TREASURY.toLowerCase());
    await press(r, KEYS.enter);
    expect((await readSettings(db)).payTo).toBe(TREASURY);
    await waitForFrame(r, (f) => f.includes(`Pay-to ${TREASURY} (stored, no server running)`));
    expect(r.lastFrame()).toContain("✓ pay-to stored");
    await waitForFrame(r, (f) => f.includes("$1,234.56"));
  });

  test("an invalid pay-to address writes nothing and shows why, inline", async () => {
    const r = await open(SCREEN.treasury);
    await press(r, "e");
    await type(r, "0x1234");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain('✗ "0x1234" is not an EVM address');
    expect((await readSettings(db)).payTo).toBeUndefined();
    // A wrong EIP-55 checksum (one letter's case flipped) is refused too.
    await press(r, KEYS.ctrlU);
    await type(r, TREASURY.replace("F79bf6EB", "f79bf6EB"));
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("wrong EIP-55 checksum");
    expect((await readSettings(db)).payTo).toBeUndefined();
    // Typing clears the error; Esc leaves the field without saving and without quitting.
    await press(r, KEYS.backspace);
    expect(r.lastFrame()).not.toContain("✗");
    await press(r, KEYS.esc);
    expect(r.lastFrame()).toContain("Pay-to not set");
    expect((await readSettings(db)).payTo).toBeUndefined();
    expect(r.stdin.listenerCount("readable")).toBeGreaterThan(0);
  });

  test("digits and q typed into the field are text, not screen switches or quit", async () => {
    const r = await open(SCREEN.treasury);
    await press(r, "e", "1", "q", "3");
    expect(r.lastFrame()).toContain("Pay-to address: 1q3");
    expect(r.lastFrame()).toContain("1 Treasury");
  });

  test("text and Enter arriving in one chunk (a paste, tmux send-keys) submit the text", async () => {
    const r = await open(SCREEN.treasury);
    await press(r, "e", `${TREASURY}\r`);
    expect((await readSettings(db)).payTo).toBe(TREASURY);
  });

  test("the environment overriding pay-to is called out after a save", async () => {
    const data = createAdminData({ db, dir, env: { VELLUM_PAY_TO: OTHER_PAYER }, chain: () => fakeChain() });
    const r = await open(SCREEN.treasury, data);
    expect(r.lastFrame()).toContain(`${OTHER_PAYER} (VELLUM_PAY_TO, no server running)`);
    await press(r, "e", KEYS.ctrlU);
    await type(r, TREASURY);
    await press(r, KEYS.enter);
    expect((await readSettings(db)).payTo).toBe(TREASURY);
    expect(r.lastFrame()).toContain("stored, but VELLUM_PAY_TO in this environment overrides it");
  });
});

/** A .tar.gz named `fileName` holding `files` (made by tar, as an operator would). */
function makeTarball(fileName: string, files: Record<string, string>): string {
  const src = join(dir, "src-" + fileName);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(src, path, ".."), { recursive: true });
    writeFileSync(join(src, path), content);
  }
  const out = join(dir, fileName);
  const r = Bun.spawnSync(["tar", "-czf", out, "-C", src, "."], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return out;
}

describe("Kit screen", () => {
  test("without a kit it says so, with the price and downloads per order", async () => {
    const r = await open(SCREEN.kit);
    const frame = r.lastFrame()!;
    expect(frame).toContain("No kit imported");
    expect(frame).toMatch(/Price \$29\.00 \(default, no server running\)\s+Downloads\/order 5 \(default, no server running\)/);
    expect(frame).toContain("no orders yet");
    expect(frame).toContain("i import tarball");
  });

  test("imports a tarball from a typed path and shows its name, version, size, SHA-256 and files", async () => {
    const file = makeTarball("seller-kit-1.2.0.tar.gz", { "README.md": "hello", "docs/a.md": "a", "docs/b.md": "b" });
    const r = await open(SCREEN.kit);
    await press(r, "i");
    expect(r.lastFrame()).toContain("Tarball to import");
    await type(r, file);
    await press(r, KEYS.enter);
    const frame = await waitForFrame(r, (f) => f.includes("imported seller-kit 1.2.0") && f.includes("seller-kit 1.2.0 · imported"));
    const kit = (await currentKit(db))!;
    expect(kit).toMatchObject({ name: "seller-kit", version: "1.2.0" });
    expect(frame).toContain("seller-kit 1.2.0 · imported");
    expect(frame).toContain(`Size: ${kit.sizeBytes} B`);
    expect(frame).toContain(`SHA-256: ${kit.sha256}`);
    expect(frame).toMatch(/Files \(3\): .*README\.md/);
    expect(frame).toContain("docs/a.md");
  });

  test("a file that is not a .tar.gz is refused in the field and changes nothing", async () => {
    const bad = join(dir, "kit.tar.gz");
    writeFileSync(bad, "this is not gzip");
    const r = await open(SCREEN.kit);
    await press(r, "i");
    await type(r, bad);
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes("✗ it is not gzip-compressed"));
    expect(r.lastFrame()).toContain(`Tarball to import (.tar.gz): ${bad}`);
    expect(await currentKit(db)).toBeNull();
    await press(r, KEYS.ctrlU);
    await type(r, join(dir, "missing.tar.gz"));
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes("✗ no such file"));
    expect(await currentKit(db)).toBeNull();
  });

  test("f lists every file of the kit; q goes back", async () => {
    const files = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`file${i}.txt`, String(i)]));
    const r = await open(SCREEN.kit);
    await press(r, "i");
    await type(r, makeTarball("big-kit-2.0.tar.gz", files));
    await press(r, KEYS.enter);
    await waitForFrame(r, (f) => f.includes("imported big-kit 2.0"));
    await waitForFrame(r, (f) => f.includes("… and 4 more (f)"));
    await press(r, "f");
    const frame = r.lastFrame()!;
    expect(frame).toContain("Files in big-kit 2.0 (9)");
    for (let i = 0; i < 9; i++) expect(frame).toContain(`file${i}.txt`);
    await press(r, "q");
    expect(r.lastFrame()).toContain("Orders (0)");
    expect(r.stdin.listenerCount("readable")).toBeGreaterThan(0);
  });

  test("price and downloads per order are validated and stored as kitPriceUsd and kitDownloads", async () => {
    const r = await open(SCREEN.kit);
    await press(r, "p", KEYS.ctrlU);
    await type(r, "0");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("the amount must be above zero");
    expect((await readSettings(db)).kitPriceUsd).toBeUndefined();
    await press(r, KEYS.ctrlU);
    await type(r, "49.50");
    await press(r, KEYS.enter);
    expect((await readSettings(db)).kitPriceUsd).toBe("49.50");
    await waitForFrame(r, (f) => /Price \$49\.50 \(stored, no server running\)/.test(f));
    await press(r, "n", KEYS.ctrlU);
    await type(r, "many");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("expected a whole number");
    expect((await readSettings(db)).kitDownloads).toBeUndefined();
    await press(r, KEYS.ctrlU);
    await type(r, "3");
    await press(r, KEYS.enter);
    expect((await readSettings(db)).kitDownloads).toBe(3);
    await waitForFrame(r, (f) => /Downloads\/order 3 \(stored, no server running\)/.test(f));
  });

  test("lists orders newest first with payer, amount and downloads used", async () => {
    for (const [payer, amount, used] of [
      [PAYER, 29_000_000n, 2],
      [OTHER_PAYER, 35_000_000n, 0],
    ] as const) {
      const order = await redeemForKitOrder(db, {
        chainId: 8453,
        txHash: txHash(),
        payer,
        amountAtomic: amount,
        blockNumber: 1n,
        tokenHash: crypto.randomUUID(),
        downloadsAllowed: 5,
      });
      if (!order.ok) throw new Error("seed failed");
      await db.run("UPDATE kit_orders SET downloads_used = ?, last_download_at = ? WHERE id = ?", [
        used,
        used ? Date.now() : null,
        order.order.id,
      ]);
    }
    expect(await listOrders(db)).toHaveLength(2);
    const r = await open(SCREEN.kit);
    const frame = r.lastFrame()!;
    expect(frame).toContain("Orders (2)");
    expect(frame.indexOf("0x3C44…93BC")).toBeLessThan(frame.indexOf("0x7099…79C8"));
    expect(frame).toMatch(/0x3C44…93BC\s+\$35\.00\s+0\/5\s+never/);
    expect(frame).toMatch(/0x7099…79C8\s+\$29\.00\s+2\/5\s+\d{4}-\d\d-\d\d/);
  });
});

describe("Keys screen", () => {
  test("lists keys newest first with calls left, state and payer", async () => {
    await seedKey(100, PAYER, "vk_first");
    await seedKey(250, OTHER_PAYER, "vk_second");
    const r = await open(SCREEN.keys);
    const frame = r.lastFrame()!;
    expect(frame).toContain("2 shown");
    expect(frame.indexOf("vk_second")).toBeLessThan(frame.indexOf("vk_first"));
    expect(frame).toMatch(/vk_second…\s+250\/250\s+active\s+0x3C44…93BC\s+never/);
  });

  test("searches by key prefix and by payer address", async () => {
    await seedKey(100, PAYER, "vk_AbCdE");
    await seedKey(100, OTHER_PAYER, "vk_XyZ12");
    const r = await open(SCREEN.keys);
    await press(r, "/");
    expect(r.lastFrame()).toContain("Search:");
    await type(r, "vk_Ab");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain('matching "vk_Ab" · active and revoked · 1 shown');
    expect(r.lastFrame()).toContain("vk_AbCdE");
    expect(r.lastFrame()).not.toContain("vk_XyZ12");
    await press(r, "/", KEYS.ctrlU);
    await type(r, OTHER_PAYER.toLowerCase());
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("vk_XyZ12");
    expect(r.lastFrame()).not.toContain("vk_AbCdE");
    await press(r, "/");
    await type(r, "zz");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("no key matches");
    // Esc in the search field clears the search.
    await press(r, "/", KEYS.esc);
    expect(r.lastFrame()).toContain("2 shown");
  });

  test("Enter opens a key: balance, ledger history and last use; q goes back to the list", async () => {
    const id = await seedKey(300, PAYER, "vk_open1");
    const keyHash = (await db.get<{ h: string }>("SELECT key_hash AS h FROM api_keys WHERE id = ?", [id]))!.h;
    const call = await reservePaidCall(db, keyHash);
    if (call.ok) await confirmPaidCall(db, call.reservationId);
    const r = await open(SCREEN.keys);
    await press(r, KEYS.enter);
    const frame = r.lastFrame()!;
    expect(frame).toContain(`Key ${id} · vk_open1…`);
    expect(frame).toMatch(/Balance: 299 calls \(\$2\.99\) of 300 credited/);
    expect(frame).toContain(`Payer: ${PAYER}`);
    expect(frame).not.toContain("Last use: never");
    expect(frame).toMatch(/call\s+-1/);
    expect(frame).toMatch(/redemption\s+\+300/);
    expect(frame).toContain("c credit calls");
    expect(frame).toContain("q/Esc back to keys");
    expect(frame).not.toContain("q/Esc quit");
    await press(r, "q");
    expect(r.lastFrame()).toContain("1 shown");
    // Back on the list, not quit.
    expect(r.stdin.listenerCount("readable")).toBeGreaterThan(0);
  });

  test("credit asks for calls and a reason and writes an adjustment to the ledger", async () => {
    const id = await seedKey(10, PAYER, "vk_credit");
    const r = await open(SCREEN.keys);
    await press(r, KEYS.enter, "c");
    expect(r.lastFrame()).toContain("Calls to add");
    await type(r, "abc");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("a whole number of calls other than 0");
    await press(r, KEYS.ctrlU);
    await type(r, "50");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("Reason for +50 calls");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("a reason is required");
    expect((await keyLedger(db, id)).filter((l) => l.kind === "adjustment")).toEqual([]);
    await type(r, "goodwill for outage");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("credited 50 calls: balance now 60");
    await waitForFrame(r, (f) => /adjustment\s+\+50\s+goodwill for outage/.test(f));
    expect((await findKeyById(db, id))!.callsRemaining).toBe(60);
    expect((await keyLedger(db, id))[0]).toMatchObject({ kind: "adjustment", calls: 50, reason: "goodwill for outage" });
  });

  test("removing more calls than the key has is refused with the store's reason", async () => {
    const id = await seedKey(5, PAYER, "vk_small");
    const r = await open(SCREEN.keys);
    await press(r, KEYS.enter, "c");
    await type(r, "-9");
    await press(r, KEYS.enter);
    await type(r, "chargeback");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("the key has 5 calls; cannot remove 9");
    expect((await findKeyById(db, id))!.callsRemaining).toBe(5);
  });

  test("revoke asks first; n keeps the key, y revokes it", async () => {
    const id = await seedKey(10, PAYER, "vk_revoke");
    const r = await open(SCREEN.keys);
    await press(r, KEYS.enter, "x");
    expect(r.lastFrame()).toContain(`Revoke key ${id} (vk_revoke…)?`);
    await press(r, "n");
    expect((await findKeyById(db, id))!.revokedAt).toBeNull();
    expect(r.lastFrame()).not.toContain("Revoke key");
    await press(r, "x", "y");
    expect((await findKeyById(db, id))!.revokedAt).not.toBeNull();
    expect(r.lastFrame()).toContain("revoked: it can no longer pay");
    // The key's line shows the state it reads back from the store, a render after the notice.
    await waitForFrame(r, (f) => /Key \d+ · vk_revoke… revoked/.test(f));
    await press(r, "x");
    expect(r.lastFrame()).toContain("already revoked");
  });

  test("↓ and Enter arriving in one read open the row the cursor moved to", async () => {
    await seedKey(1, PAYER, "vk_older");
    await seedKey(2, PAYER, "vk_newer");
    const r = await open(SCREEN.keys);
    // One write: Ink parses two keys from it in the same tick; the second must see the first's move.
    r.stdin.write(`${KEYS.down}${KEYS.enter}`);
    await settle(r);
    expect(r.lastFrame()).toContain("vk_older…");
  });

  test("the cursor picks which key opens", async () => {
    await seedKey(1, PAYER, "vk_older");
    await seedKey(2, PAYER, "vk_newer");
    const r = await open(SCREEN.keys);
    await press(r, KEYS.down, KEYS.enter);
    expect(r.lastFrame()).toContain("vk_older…");
    await press(r, KEYS.esc, KEYS.up, KEYS.enter);
    expect(r.lastFrame()).toContain("vk_newer…");
  });
});

describe("RPC screen", () => {
  const A = "https://base-a.example";
  const B = "https://mainnet-eth.example/v2/SECRET";
  const C = "https://down.example";

  test("lists the URLs in order with a test per URL; another chain id is a warning", async () => {
    await writeSetting(db, "rpcUrls", [A, B, C]);
    const r = await open(SCREEN.rpc);
    const frame = await waitForFrame(r, (f) => !f.includes("testing…"));
    expect(frame).toContain("network eip155:8453 · stored");
    expect(frame).toMatch(/#1\s+https:\/\/base-a\.example\s+✓ chain 8453 · block 123,456 · 12 ms/);
    // The path (where providers put API keys) stays hidden until asked for.
    expect(frame).toMatch(/#2\s+https:\/\/mainnet-eth\.example\/…\s+⚠ chain 1, not the configured 8453/);
    expect(frame).not.toContain("SECRET");
    expect(frame).toMatch(/#3\s+https:\/\/down\.example\s+✗ 5000 ms · timeout/);
    await press(r, "v");
    expect(r.lastFrame()).toContain(B);
  });

  test("the default URL is listed when none is stored", async () => {
    const r = await open(SCREEN.rpc);
    expect(r.lastFrame()).toMatch(/#1\s+https:\/\/mainnet\.base\.org/);
    expect(r.lastFrame()).toContain("· default");
  });

  test("add validates the URL, stores the list with it last, and tests it", async () => {
    await writeSetting(db, "rpcUrls", [A]);
    const r = await open(SCREEN.rpc);
    await press(r, "a");
    await type(r, "ftp://nope");
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("must be an http(s) URL");
    expect((await readSettings(db)).rpcUrls).toEqual([A]);
    await press(r, KEYS.ctrlU);
    await type(r, A);
    await press(r, KEYS.enter);
    expect(r.lastFrame()).toContain("already in the list");
    await press(r, KEYS.ctrlU);
    await type(r, C);
    await press(r, KEYS.enter);
    expect((await readSettings(db)).rpcUrls).toEqual([A, C]);
    expect(r.lastFrame()).toContain("added as #2");
    await waitForFrame(r, (f) => /#2\s+https:\/\/down\.example\s+✗/.test(f));
  });

  test("remove asks first and stores the shorter list; the last URL cannot be removed", async () => {
    await writeSetting(db, "rpcUrls", [A, C]);
    const r = await open(SCREEN.rpc);
    await press(r, KEYS.down, "d");
    expect(r.lastFrame()).toContain("Remove #2 https://down.example?");
    await press(r, "n");
    expect((await readSettings(db)).rpcUrls).toEqual([A, C]);
    await press(r, "d", "y");
    expect((await readSettings(db)).rpcUrls).toEqual([A]);
    expect(r.lastFrame()).toContain("removed #2");
    await press(r, "d");
    expect(r.lastFrame()).toContain("the last RPC URL cannot be removed");
    expect((await readSettings(db)).rpcUrls).toEqual([A]);
  });

  test("K/J and Shift+arrows reorder, storing the new fallback order", async () => {
    await writeSetting(db, "rpcUrls", [A, B, C]);
    const r = await open(SCREEN.rpc);
    await press(r, KEYS.end, "K");
    expect((await readSettings(db)).rpcUrls).toEqual([A, C, B]);
    // The cursor follows the moved URL, so a second K moves it again.
    await press(r, "K");
    expect((await readSettings(db)).rpcUrls).toEqual([C, A, B]);
    // Already first: nothing to do, nothing written.
    await press(r, "K");
    expect((await readSettings(db)).rpcUrls).toEqual([C, A, B]);
    await press(r, "\u001B[1;2B"); // Shift+↓
    expect((await readSettings(db)).rpcUrls).toEqual([A, C, B]);
    await press(r, "J");
    expect((await readSettings(db)).rpcUrls).toEqual([A, B, C]);
    expect(r.lastFrame()).toContain("moved #2 to #3: stored");
  });
});

describe("against a real chain (anvil)", () => {
  let base: Anvil;
  let other: Anvil;
  beforeAll(async () => {
    [base, other] = await Promise.all([startAnvil(), startAnvil({ chainId: 10, bare: true })]);
  });
  afterAll(async () => {
    await Promise.all([base?.stop(), other?.stop()]);
  });

  function realData(): AdminData {
    return createAdminData({ db, dir, env: {} });
  }

  test("Treasury reads the pay-to address's USDC balance through the configured RPC URL", async () => {
    await base.mint(base.accounts.treasury.address, 1_250_000n);
    await writeSetting(db, "payTo", base.accounts.treasury.address);
    await writeSetting(db, "rpcUrls", [base.rpcUrl]);
    const r = await open(SCREEN.treasury, realData());
    await waitForFrame(r, (f) => /USDC balance\s+\$1\.25/.test(f), 10_000);
  });

  test("Treasury shows the x402 settler's address and ETH, and warns below about 100 settlements of gas", async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    const keyFile = join(dir, "settler.key");
    writeFileSync(keyFile, key, { mode: 0o600 });
    await writeSetting(db, "payTo", base.accounts.treasury.address);
    await writeSetting(db, "rpcUrls", [base.rpcUrl]);
    const data = () => createAdminData({ db, dir, env: { VELLUM_SETTLER_KEY_FILE: keyFile } });
    // 0.001 ETH pays for a handful of settlements at anvil's gas price: the warning shows.
    await base.client.setBalance({ address, value: 10n ** 15n });
    let r = await open(SCREEN.treasury, data());
    let frame = await waitForFrame(r, (f) => f.includes("x402 settler"), 10_000);
    expect(frame).toContain(address);
    expect(frame).toMatch(/0\.001 ETH ⚠ gas for about \d+ more settlements: top it up/);
    r.unmount();
    await base.client.setBalance({ address, value: 10n ** 20n });
    r = await open(SCREEN.treasury, data());
    frame = await waitForFrame(r, (f) => /100 ETH/.test(f), 10_000);
    expect(frame).not.toContain("top it up");
    expect(frame).toContain("x402 settlements 0 settled");
  });

  test("RPC tests each URL for real: chain id, latest block, and the wrong-chain warning", async () => {
    await base.mine(3);
    const block = await base.blockNumber();
    await writeSetting(db, "rpcUrls", [base.rpcUrl, other.rpcUrl]);
    const r = await open(SCREEN.rpc, realData());
    const frame = await waitForFrame(r, (f) => !f.includes("testing…"), 10_000);
    expect(frame).toMatch(
      new RegExp(`#1\\s+http://127\\.0\\.0\\.1:${base.port}\\s+✓ chain 8453 · block ${Number(block).toLocaleString("en-US")} · \\d+ ms`),
    );
    expect(frame).toMatch(new RegExp(`#2\\s+http://127\\.0\\.0\\.1:${other.port}\\s+⚠ chain 10, not the configured 8453`));
  });
});

describe("every screen fits the terminal", () => {
  const SIZES = [
    { columns: 120, rows: 40 },
    { columns: 80, rows: 24 },
    { columns: 60, rows: 20 },
  ] as const;

  /** A frame's lines with the colour codes removed (ink-testing-library keeps them). */
  function lines(frame: string): string[] {
    return frame.replace(/\u001B\[[0-9;]*m/g, "").split("\n");
  }

  async function seedEverything(): Promise<void> {
    for (let i = 0; i < 45; i++) await seedKey(100 + i, i % 2 ? PAYER : OTHER_PAYER);
    await seedKitSale(29_000_000n);
    await writeSetting(db, "payTo", TREASURY);
    await writeSetting(db, "rpcUrls", ["https://base-a.example", "https://mainnet-eth.example/v2/SECRET", "https://down.example"]);
  }

  /** What each screen must still show at every size: its headings and at least one row. */
  const MUST: Record<number, (string | RegExp)[]> = {
    [SCREEN.treasury]: [
      `Pay-to ${TREASURY}`.slice(0, 30),
      "USDC balance",
      "Revenue",
      "total",
      "Credits outstanding",
      "Latest redemptions",
      /› .*\$/,
    ],
    [SCREEN.kit]: ["No kit imported", "Price", "Orders (0)"],
    [SCREEN.keys]: ["Keys", /id\s+prefix/, /› +\d+\s+vk_/, /1–\d+ of 45/],
    [SCREEN.rpc]: ["RPC URLs", "#1", "#3"],
  };

  for (const size of SIZES) {
    test(`${size.columns}×${size.rows}: no line wider than the terminal, no line lost, headings and rows shown`, async () => {
      await seedEverything();
      for (const screen of [SCREEN.treasury, SCREEN.kit, SCREEN.keys, SCREEN.rpc]) {
        const r = await open(screen, adminData(), size);
        const frame = await waitForFrame(r, (f) => !f.includes("loading…") && !f.includes("testing…"));
        const shown = lines(frame);
        expect(shown.length).toBeLessThanOrEqual(size.rows);
        for (const line of shown) expect(Array.from(line).length).toBeLessThanOrEqual(size.columns);
        // The header stays on top and the footer on the last line: nothing overwrote them.
        expect(shown[0]).toContain("vellum admin");
        expect(shown[1]).toMatch(/1 (Treasury)?/);
        expect(shown.at(-1)).toContain("? help");
        for (const must of MUST[screen]!) expect(frame).toMatch(must);
        r.unmount();
      }
    });
  }

  test("at 60 columns tables drop their least important columns instead of wrapping", async () => {
    await seedEverything();
    const wide = lines((await open(SCREEN.treasury, adminData(), { columns: 120, rows: 40 })).lastFrame()!);
    expect(wide.find((l) => l.includes("Revenue"))).toMatch(/today\s+7 days\s+all time/);
    const r = await open(SCREEN.treasury, adminData(), { columns: 60, rows: 20 });
    const narrow = lines(await waitForFrame(r, (f) => f.includes("$1,234.56")));
    const header = narrow.find((l) => l.includes("Revenue"))!;
    expect(header).toContain("all time");
    expect(header).not.toContain("7 days");
    // The explanation after "Credits outstanding" is cut with …, not wrapped onto the next line.
    expect(narrow.find((l) => l.includes("Credits outstanding"))).toMatch(/…$/);
    // The keys screen loads its rows after the first frame: wait for the table, as for the treasury above.
    const keysScreen = await open(SCREEN.keys, adminData(), { columns: 60, rows: 20 });
    const keys = lines(await waitForFrame(keysScreen, (f) => /id\s+prefix/.test(f)));
    const keyHeader = keys.find((l) => /id\s+prefix/.test(l))!;
    expect(keyHeader).toContain("calls left");
    expect(keyHeader).not.toContain("last use");
  });

  test("under the minimum the console says how much room it needs, and q still quits", async () => {
    const r = await open(SCREEN.treasury, adminData(), { columns: 45, rows: 12 });
    expect(r.lastFrame()).toContain("terminal too small (need 50×18)");
    expect(r.lastFrame()).not.toContain("Revenue");
    // Growing the terminal brings the screen back.
    resize(r, 80, 24);
    await waitForFrame(r, (f) => f.includes("Revenue"));
    resize(r, 80, 17);
    await waitForFrame(r, (f) => f.includes("terminal too small (need 50×18)"));
    await press(r, "q");
    expect(r.stdin.listenerCount("readable")).toBe(0);
  });
});

describe("refresh, help and the Keys search", () => {
  test("screens refresh on their own: a key created elsewhere shows up without leaving the screen", async () => {
    await seedKey(5, PAYER, "vk_first");
    const r = await open(SCREEN.keys, adminData(), { columns: 100, rows: 30 }, 150);
    await waitForFrame(r, (f) => f.includes("1 shown"));
    await seedKey(7, OTHER_PAYER, "vk_later"); // as `vellum keys create` or a /redeem would
    const frame = await waitForFrame(r, (f) => f.includes("2 shown"));
    expect(frame).toContain("vk_later…");
  });

  test("r refreshes at once (Kit shows a new order without leaving the screen)", async () => {
    const r = await open(SCREEN.kit, adminData(), { columns: 100, rows: 30 });
    expect(r.lastFrame()).toContain("Orders (0)");
    await redeemForKitOrder(db, {
      chainId: 8453,
      txHash: txHash(),
      payer: PAYER,
      amountAtomic: 29_000_000n,
      blockNumber: 1n,
      tokenHash: crypto.randomUUID(),
      downloadsAllowed: 5,
    });
    await Bun.sleep(100);
    expect(r.lastFrame()).toContain("Orders (0)"); // the timer (60 s here) has not fired
    await press(r, "r");
    await waitForFrame(r, (f) => f.includes("Orders (1)"));
  });

  test("? opens a help overlay listing every key of the screen and the console; ?/Esc closes it and the screen is as it was", async () => {
    await seedKey(5, PAYER, "vk_help1");
    await seedKey(6, PAYER, "vk_help2");
    const r = await open(SCREEN.keys, adminData(), { columns: 60, rows: 24 });
    await press(r, "j");
    await press(r, "?");
    const help = r.lastFrame()!;
    for (const text of [
      "Keys on Keys",
      "/",
      "search",
      "show active",
      "open key",
      "move",
      "PgUp/PgDn",
      "Home/End/g/G",
      "1-4/Tab",
      "refresh",
      "quit",
      "Ctrl+C",
    ])
      expect(help).toContain(text);
    // Keys do nothing to the screen under the overlay.
    await press(r, "3", "/");
    expect(r.lastFrame()).toContain("Keys on Keys");
    await press(r, KEYS.esc);
    const back = r.lastFrame()!;
    expect(back).not.toContain("Keys on Keys");
    expect(back).toMatch(/› +1\s+vk_help1/); // the cursor stayed on the second row
    expect(r.stdin.listenerCount("readable")).toBeGreaterThan(0);
  });

  test("Keys: search by any part of the prefix, of the payer address, or by id; f filters active/revoked", async () => {
    const a = await seedKey(100, PAYER, "vk_AbCdE");
    const b = await seedKey(100, OTHER_PAYER, "vk_XyZ12");
    const c = await seedKey(100, OTHER_PAYER, "vk_QrStU");
    await revokeKey(db, c);
    const r = await open(SCREEN.keys);
    const search = async (text: string) => {
      await press(r, "/", KEYS.ctrlU);
      await type(r, text);
      await press(r, KEYS.enter);
      return waitForFrame(r, (f) => f.includes(`matching "${text}"`) && !f.includes("loading…"));
    };
    let frame = await search("CdE"); // the middle of a prefix
    expect(frame).toContain("vk_AbCdE…");
    expect(frame).not.toContain("vk_XyZ12");
    frame = await search("fa2b585"); // the middle of OTHER_PAYER, any case
    expect(frame).toContain("vk_XyZ12…");
    expect(frame).toContain("vk_QrStU…");
    expect(frame).not.toContain("vk_AbCdE");
    frame = await search(String(a)); // an id (also found: the other keys whose payer address holds a "1")
    expect(frame).toContain("vk_AbCdE…");
    frame = await search(`#${a}`); // only that id
    expect(frame).toContain("vk_AbCdE…");
    expect(frame).toContain("1 shown");
    await press(r, "/", KEYS.esc);
    await press(r, "f");
    frame = await waitForFrame(r, (f) => f.includes("active only") && f.includes("2 shown"));
    expect(frame).not.toContain("vk_QrStU");
    await press(r, "f");
    frame = await waitForFrame(r, (f) => f.includes("revoked only") && f.includes("1 shown"));
    expect(frame).toContain("vk_QrStU…");
    expect(frame).not.toContain(`vk_XyZ12`);
    expect(b).toBeGreaterThan(0);
  });

  test("confirm dialogs hint only their answers, not q/Esc quit", async () => {
    const id = await seedKey(10, PAYER, "vk_confirm");
    const r = await open(SCREEN.keys);
    await press(r, KEYS.enter, "x");
    let footer = r.lastFrame()!.split("\n").at(-1)!;
    expect(footer).toContain("y revoke");
    expect(footer).not.toContain("quit");
    expect(footer).not.toContain("1-4/Tab");
    await press(r, "n");
    expect((await findKeyById(db, id))!.revokedAt).toBeNull();
    await writeSetting(db, "rpcUrls", ["https://base-a.example", "https://down.example"]);
    const rpc = await open(SCREEN.rpc);
    await waitForFrame(rpc, (f) => f.includes("#2"));
    await press(rpc, "d");
    footer = rpc.lastFrame()!.split("\n").at(-1)!;
    expect(footer).toContain("y remove");
    expect(footer).not.toContain("quit");
  });
});

describe("settings in effect on the running server", () => {
  const FLAG_PAY_TO = OTHER_PAYER;

  async function publishServer(settings: Record<string, { value: unknown; source: "flag" | "env" | "stored" | "default" }>) {
    await publishInstance(db, {
      instanceId: "server-1",
      hostname: "host",
      pid: 4242,
      version: "test",
      url: "http://127.0.0.1:8402",
      settings,
      startedAt: Date.now(),
      heartbeatAt: Date.now(),
    });
  }

  test("Treasury shows the pay-to the server uses (--pay-to), the stored one as not in effect, and a save says so plainly", async () => {
    await writeSetting(db, "payTo", TREASURY);
    await publishServer({
      payTo: { value: FLAG_PAY_TO, source: "flag" },
      rpcUrls: { value: ["https://base-a.example"], source: "default" },
    });
    const r = await open(SCREEN.treasury);
    const frame = await waitForFrame(r, (f) => f.includes(`Pay-to ${FLAG_PAY_TO} (--pay-to, running server)`));
    expect(frame).toContain(`stored ${TREASURY} is not in effect: the server uses --pay-to from its command line`);
    await press(r, "e", KEYS.ctrlU);
    await type(r, PAYER);
    await press(r, KEYS.enter);
    expect((await readSettings(db)).payTo).toBe(PAYER);
    await waitForFrame(r, (f) => f.includes("stored, but the running server uses --pay-to from its command line"));
    expect(r.lastFrame()).not.toContain("✓");
  });

  test("Kit and RPC show values as in effect; a server's env override is named", async () => {
    await publishServer({
      kitPriceUsd: { value: "49", source: "env" },
      kitDownloads: { value: 5, source: "default" },
      rpcUrls: { value: ["https://flag-rpc.example"], source: "flag" },
    });
    const kit = await open(SCREEN.kit);
    await waitForFrame(kit, (f) => f.includes("Price $49.00 (VELLUM_KIT_PRICE_USD, running server)"));
    await press(kit, "p", KEYS.ctrlU);
    await type(kit, "10");
    await press(kit, KEYS.enter);
    await waitForFrame(kit, (f) => f.includes("price stored, but the running server uses VELLUM_KIT_PRICE_USD from its environment"));
    const rpc = await open(SCREEN.rpc);
    await waitForFrame(rpc, (f) => f.includes("stored list shown; the running server uses --rpc-url from its command line"));
  });
});
