import type { Db } from "./handle.ts";

/**
 * Creates a key the operator hands out (a complimentary or test key): no payer, `calls` credited,
 * recorded in its ledger as an `adjustment` with the operator's note, in one transaction so the key
 * and its ledger row exist together or not at all (calls_remaining = SUM(ledger.calls) holds).
 * @param input.keyHash hex SHA-256 of the full key (the key itself is never stored)
 * @param input.calls whole number ≥ 1
 * @returns the new key's id
 */
export async function createOperatorKey(db: Db, input: { keyHash: string; prefix: string; calls: number; note: string }): Promise<number> {
  if (!Number.isSafeInteger(input.calls) || input.calls < 1) throw new Error("calls must be a whole number of at least 1");
  return db.transaction(async (tx) => {
    const now = Date.now();
    const key = await tx.get<{ id: number }>(
      "INSERT INTO api_keys (key_hash, prefix, payer, calls_remaining, total_calls, created_at) VALUES (?, ?, NULL, ?, ?, ?) RETURNING id",
      [input.keyHash, input.prefix, input.calls, input.calls, now],
    );
    const id = Number(key!.id);
    await tx.run(
      "INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'adjustment', ?, ?, 'created by the operator', ?)",
      [id, input.calls, input.note, now],
    );
    return id;
  });
}
