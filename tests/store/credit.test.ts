import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openDb, type Db } from "../../src/store/db.ts";
import { CreditError, MAX_KEY_CALLS, creditKey, findKeyById, keyLedger, redeemForKey } from "../../src/store/keys.ts";
import { startPostgres, type PostgresServer } from "../helpers/postgres.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The store owns the rules of an operator's credit (src/store/keys.ts): the CLI (`vellum keys
 * credit`) and the console only show its CreditError. Run against both backends.
 */
let pg: PostgresServer;
const dirs: string[] = [];
const open: Db[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  for (const db of open) await db.close().catch(() => {});
  await pg?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function freshKey(backend: "sqlite" | "postgres", calls: number): Promise<{ db: Db; keyId: number }> {
  const dir = tempDir();
  dirs.push(dir);
  const db = await openDb(dir, { databaseUrl: backend === "postgres" ? await pg.freshDatabase() : null });
  open.push(db);
  const r = await redeemForKey(db, {
    chainId: 8453,
    txHash: `0x${"cd".repeat(32)}`,
    payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    amountAtomic: BigInt(calls) * 10_000n,
    blockNumber: 5n,
    keyHash: "hash-credit",
    prefix: "vk_test",
    calls,
  });
  if (!r.ok) throw new Error("redeem failed");
  return { db, keyId: r.keyId };
}

async function refusal(promise: Promise<unknown>): Promise<CreditError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CreditError);
  return error as CreditError;
}

for (const backend of ["sqlite", "postgres"] as const) {
  describe(`creditKey validates (${backend})`, () => {
    test.each([0, 1.5, -0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53), MAX_KEY_CALLS + 1])(
      "%p calls is refused as invalid_calls, and nothing changes",
      async (calls) => {
        const { db, keyId } = await freshKey(backend, 5);
        expect((await refusal(creditKey(db, keyId, calls, "reason"))).code).toBe("invalid_calls");
        expect((await findKeyById(db, keyId))!.callsRemaining).toBe(5);
        expect(await keyLedger(db, keyId)).toHaveLength(1); // the purchase only
      },
    );

    test("a blank reason is refused; the reason is stored trimmed", async () => {
      const { db, keyId } = await freshKey(backend, 5);
      expect((await refusal(creditKey(db, keyId, 3, "   "))).code).toBe("missing_reason");
      await creditKey(db, keyId, 3, "  goodwill  ");
      expect((await keyLedger(db, keyId))[0]).toMatchObject({ kind: "adjustment", calls: 3, reason: "goodwill" });
    });

    test("an unknown key, a balance below zero and a total past the column's range are typed refusals", async () => {
      const { db, keyId } = await freshKey(backend, 5);
      const unknown = await refusal(creditKey(db, 999, 1, "x"));
      expect(unknown.code).toBe("unknown_key");
      expect(unknown.message).toContain("no key with id 999");
      const below = await refusal(creditKey(db, keyId, -6, "x"));
      expect(below.code).toBe("below_zero");
      expect(below.message).toContain("cannot remove 6");
      expect((await refusal(creditKey(db, keyId, MAX_KEY_CALLS, "x"))).code).toBe("over_limit");
      expect((await findKeyById(db, keyId))!.callsRemaining).toBe(5);
      // Up to the limit is fine; removing every call is fine.
      expect((await creditKey(db, keyId, MAX_KEY_CALLS - 5, "x")).totalCalls).toBe(MAX_KEY_CALLS);
      expect((await creditKey(db, keyId, -MAX_KEY_CALLS, "x")).callsRemaining).toBe(0);
    });
  });
}
