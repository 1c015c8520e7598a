import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { spawnServer } from "../helpers/binary.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { tempDir } from "../helpers/temp.ts";
import { openDb } from "../../src/store/db.ts";
import { findKeyByHash, keyLedger, redeemForKey } from "../../src/store/keys.ts";
import { generateSecret } from "../../src/payments/secrets.ts";

/**
 * A server killed with SIGKILL while paid calls are in flight: after a restart the key is charged
 * only for the calls that were delivered before the kill.
 */
let site: TargetSite;
let dir: string;
const MAIN = join(import.meta.dir, "../../src/main.ts");

beforeAll(async () => {
  site = await startTargetSite();
  dir = tempDir("vellum-crash-");
});
afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("SIGKILL with paid calls in flight: after restart the balance counts only delivered calls", async () => {
  const secret = generateSecret("vk");
  const db = await openDb(dir);
  const saved = await redeemForKey(db, {
    chainId: 8453,
    txHash: "0x" + "cd".repeat(32),
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: 100_000n,
    blockNumber: 1n,
    keyHash: secret.hash,
    prefix: secret.prefix,
    calls: 10,
  });
  await db.close();
  if (!saved.ok) throw new Error("could not create the key");
  const args = ["--dir", dir, "--allow-private-targets", site.allowEntry, "--fetch-timeout-ms", "60000"];
  const headers = { authorization: `Bearer ${secret.value}`, "content-type": "application/json" };

  const first = await spawnServer([process.execPath, MAIN], args);
  const delivered = await fetch(`${first.url}/extract`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: site.url("/article-simple") }),
  });
  expect(delivered.status).toBe(200);
  // Three calls that hang at the target: reserved, never delivered.
  const hanging = Array.from({ length: 3 }, () =>
    fetch(`${first.url}/extract`, { method: "POST", headers, body: JSON.stringify({ url: site.url("/hang") }) }).catch(() => null),
  );
  while (site.hits("/hang") < 3) await Bun.sleep(20);
  const during = await openDb(dir);
  expect((await findKeyByHash(during, secret.hash))!.callsRemaining).toBe(6); // 1 delivered + 3 reserved
  await during.close();
  first.proc.kill("SIGKILL");
  await first.proc.exited;
  await Promise.all(hanging);

  const second = await spawnServer([process.execPath, MAIN], args);
  const balance = await (await fetch(`${second.url}/balance`, { headers })).json();
  expect(balance.callsRemaining).toBe(9);
  expect(second.logs.some((l) => l.msg === "released calls left in flight by a previous process" && l.paid === 3)).toBe(true);
  expect(await second.stop()).toBe(0);

  const after = await openDb(dir);
  const kinds = (await keyLedger(after, saved.keyId)).map((l) => l.kind);
  expect(kinds.filter((k) => k === "call").length).toBe(4);
  expect(kinds.filter((k) => k === "refund").length).toBe(3);
  await after.close();
});
