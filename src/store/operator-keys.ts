import type { Db } from "./handle.ts";
import type { KeyRow } from "./keys.ts";

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

export type KeyState = "all" | "active" | "revoked";

/**
 * Keys for the console's search, newest first: `query` matches any part of the key prefix or the
 * payer address (case-insensitive), or the id exactly ("#12" matches only the id); an empty query matches every key. `state`
 * keeps only active or only revoked keys.
 */
export async function findKeys(db: Db, input: { query: string; state: KeyState; limit?: number }): Promise<KeyRow[]> {
  const q = input.query.trim().toLowerCase();
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (/^#\d+$/.test(q)) {
    // "#12": that id and nothing else (a bare "12" also matches prefixes and addresses holding "12").
    where.push("id = ?");
    params.push(Number(q.slice(1)));
  } else if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(lower(prefix) LIKE ? ESCAPE '\\' OR lower(payer) LIKE ? ESCAPE '\\' OR CAST(id AS TEXT) = ?)");
    params.push(like, like, q);
  }
  if (input.state === "active") where.push("revoked_at IS NULL");
  if (input.state === "revoked") where.push("revoked_at IS NOT NULL");
  params.push(input.limit ?? 200);
  return db.all<KeyRow>(
    `SELECT id, prefix, payer, owner, calls_remaining AS callsRemaining, total_calls AS totalCalls, created_at AS createdAt,
       last_used_at AS lastUsedAt, revoked_at AS revokedAt
     FROM api_keys ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`,
    params,
  );
}
