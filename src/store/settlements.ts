import type { Db } from "./db.ts";
import { isUniqueViolation } from "./handle.ts";
import { reservePaidCall } from "./keys.ts";

/**
 * x402 `exact` settlements vellum submits itself (src/payments/settle.ts), keys owned by a
 * wallet, and used SIGN-IN-WITH-X nonces.
 *
 * The life of a settlement row: `pending` (verified, nothing signed yet) → `submitted` (the
 * transaction is signed, its hash recorded and reserved in `redemptions`, and only then
 * broadcast) → `settled` (confirmed and credited, in one transaction) or `failed` (the hash
 * reservation is dropped). A row left `pending` or `submitted` by a crash is resolved at the next
 * start; crediting happens only in {@link creditSettlement}, which refuses a row that is not
 * `submitted`, so a payment is credited at most once.
 */

export type SettlementStatus = "pending" | "submitted" | "settled" | "failed";

export interface SettlementRow {
  chainId: number;
  payer: string;
  nonce: string;
  asset: string;
  payTo: string;
  amountAtomic: bigint;
  validBefore: number;
  payload: string;
  status: SettlementStatus;
  txHash: string | null;
  rawTx: string | null;
  error: string | null;
  keyId: number | null;
  calls: number | null;
  gasUsed: bigint | null;
  createdAt: number;
  updatedAt: number;
}

const COLUMNS = `chain_id AS chainId, payer, nonce, asset, pay_to AS payTo, amount_atomic AS amountAtomic,
  valid_before AS validBefore, payload, status, tx_hash AS txHash, raw_tx AS rawTx, error, key_id AS keyId,
  calls, gas_used AS gasUsed, created_at AS createdAt, updated_at AS updatedAt`;

type RawRow = Omit<SettlementRow, "amountAtomic" | "gasUsed"> & { amountAtomic: string; gasUsed: number | null };

const toRow = (r: RawRow): SettlementRow => ({
  ...r,
  amountAtomic: BigInt(r.amountAtomic),
  gasUsed: r.gasUsed === null ? null : BigInt(r.gasUsed),
});

/** Identity of an authorization: one per (chain, payer, EIP-3009 nonce). */
export interface AuthorizationId {
  chainId: number;
  payer: string;
  nonce: string;
}

export async function findSettlement(db: Db, id: AuthorizationId): Promise<SettlementRow | null> {
  const row = await db.get<RawRow>(`SELECT ${COLUMNS} FROM settlements WHERE chain_id = ? AND payer = ? AND nonce = ?`, [
    id.chainId,
    id.payer,
    id.nonce.toLowerCase(),
  ]);
  return row ? toRow(row) : null;
}

/** Rows a crash may have left mid-way (`pending` or `submitted`), oldest first. */
export async function unfinishedSettlements(db: Db): Promise<SettlementRow[]> {
  const rows = await db.all<RawRow>(`SELECT ${COLUMNS} FROM settlements WHERE status IN ('pending', 'submitted') ORDER BY created_at`);
  return rows.map(toRow);
}

const WHERE_ID = "chain_id = ? AND payer = ? AND nonce = ?";
const idParams = (id: AuthorizationId) => [id.chainId, id.payer, id.nonce.toLowerCase()] as const;
const DROP_RESERVATION = "DELETE FROM redemptions WHERE chain_id = ? AND tx_hash = ? AND key_id IS NULL AND block_number = 0";

/**
 * Claims an authorization for settlement: inserts the `pending` row. A row that already exists
 * wins (the same payment sent twice or concurrently settles once), except a `failed` one, which
 * is replaced so a payment that failed for a passing reason can be sent again.
 * @returns false when the authorization is already claimed (pending, submitted or settled).
 */
export async function claimSettlement(
  db: Db,
  input: AuthorizationId & { asset: string; payTo: string; amountAtomic: bigint; validBefore: number; payload: string },
): Promise<boolean> {
  const now = Date.now();
  try {
    return await db.transaction(async (tx) => {
      await tx.run(`DELETE FROM settlements WHERE ${WHERE_ID} AND status = 'failed'`, idParams(input));
      await tx.run(
        `INSERT INTO settlements (chain_id, payer, nonce, asset, pay_to, amount_atomic, valid_before, payload, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
        [...idParams(input), input.asset, input.payTo, input.amountAtomic.toString(), input.validBefore, input.payload, now, now],
      );
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err, "settlements")) return false;
    throw err;
  }
}

/**
 * Records the signed transaction BEFORE it is broadcast: its hash and raw bytes on the row, and
 * the hash reserved in `redemptions` (block 0, no key yet) so /redeem can never take it.
 * @returns false when the row is no longer `pending` or the hash is already in `redemptions`.
 */
export async function recordSubmission(db: Db, id: AuthorizationId, signed: { hash: string; raw: string }): Promise<boolean> {
  const now = Date.now();
  try {
    return await db.transaction(async (tx) => {
      const row = await tx.get<{ payer: string; amount: string }>(
        `SELECT payer, amount_atomic AS amount FROM settlements WHERE ${WHERE_ID} AND status = 'pending'`,
        idParams(id),
      );
      if (!row) return false;
      await tx.run(
        "INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at) VALUES (?, ?, 'credits', ?, ?, 0, NULL, ?)",
        [id.chainId, signed.hash.toLowerCase(), row.payer, row.amount, now],
      );
      await tx.run(`UPDATE settlements SET status = 'submitted', tx_hash = ?, raw_tx = ?, updated_at = ? WHERE ${WHERE_ID}`, [
        signed.hash.toLowerCase(),
        signed.raw,
        now,
        ...idParams(id),
      ]);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err, "redemptions")) return false;
    throw err;
  }
}

/**
 * The settlement did not happen: marks the row `failed` with a reason and drops the hash
 * reservation (if any). Never touches a `settled` row.
 */
export async function failSettlement(db: Db, id: AuthorizationId, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await tx.get<{ txHash: string | null; status: string }>(
      `SELECT tx_hash AS txHash, status FROM settlements WHERE ${WHERE_ID}`,
      idParams(id),
    );
    if (!row || row.status === "settled") return;
    if (row.txHash) await tx.run(DROP_RESERVATION, [id.chainId, row.txHash]);
    await tx.run(`UPDATE settlements SET status = 'failed', error = ?, updated_at = ? WHERE ${WHERE_ID}`, [
      error.slice(0, 300),
      Date.now(),
      ...idParams(id),
    ]);
  });
}

export type CreditOutcome =
  | { ok: true; keyId: number; calls: number; callsRemaining: number; createdKey: boolean }
  | { ok: false; reason: "not_submitted" | "already_redeemed" };

/**
 * Credits a confirmed settlement, in ONE transaction: the wallet's key is created (first
 * payment) or topped up, the ledger gets a `redemption` row, the `redemptions` reservation gets
 * its block and key, and the settlement becomes `settled`. Refused unless the row is `pending`
 * or `submitted`, so a payment is credited once, whoever (the request or the recovery) gets here
 * first.
 *
 * @param input.txHash the transaction that moved the funds: normally the row's own; another one
 *   when someone else submitted the same authorization first (its hash then replaces the
 *   reservation, and `already_redeemed` comes back if /redeem took that hash before).
 * @param input.newKey the hash and prefix of a fresh key, used only when the wallet has none yet.
 */
export async function creditSettlement(
  db: Db,
  id: AuthorizationId,
  input: { txHash: string; blockNumber: bigint; calls: number; gasUsed: bigint | null; newKey: { hash: string; prefix: string } },
): Promise<CreditOutcome> {
  const now = Date.now();
  const txHash = input.txHash.toLowerCase();
  const credit = () =>
    db.transaction(async (tx): Promise<CreditOutcome> => {
      const row = await tx.get<{ txHash: string | null; status: string; amount: string }>(
        `SELECT tx_hash AS txHash, status, amount_atomic AS amount FROM settlements WHERE ${WHERE_ID}`,
        idParams(id),
      );
      if (!row || (row.status !== "submitted" && row.status !== "pending")) return { ok: false, reason: "not_submitted" };
      if (row.txHash !== txHash) {
        if (row.txHash) await tx.run(DROP_RESERVATION, [id.chainId, row.txHash]);
        // A UNIQUE violation here means /redeem already took this hash: the payment was credited there.
        await tx.run(
          "INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at) VALUES (?, ?, 'credits', ?, ?, 0, NULL, ?)",
          [id.chainId, txHash, id.payer, row.amount, now],
        );
      }
      const existing = await tx.get<{ id: number; calls: number }>(
        `UPDATE api_keys SET calls_remaining = calls_remaining + ?, total_calls = total_calls + ?
          WHERE owner = ? RETURNING id, calls_remaining AS calls`,
        [input.calls, input.calls, id.payer],
      );
      let key = existing;
      if (!key) {
        key = await tx.get<{ id: number; calls: number }>(
          `INSERT INTO api_keys (key_hash, prefix, payer, owner, calls_remaining, total_calls, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id, calls_remaining AS calls`,
          [input.newKey.hash, input.newKey.prefix, id.payer, id.payer, input.calls, input.calls, now],
        );
      }
      if (!key) throw new Error("creditSettlement: the key row was not written");
      await tx.run(
        "INSERT INTO ledger (key_id, kind, calls, reason, ref, created_at) VALUES (?, 'redemption', ?, 'x402 settlement', ?, ?)",
        [key.id, input.calls, txHash, now],
      );
      await tx.run("UPDATE redemptions SET block_number = ?, key_id = ? WHERE chain_id = ? AND tx_hash = ?", [
        Number(input.blockNumber),
        key.id,
        id.chainId,
        txHash,
      ]);
      await tx.run(
        `UPDATE settlements SET status = 'settled', tx_hash = ?, key_id = ?, calls = ?, gas_used = ?, error = NULL, updated_at = ? WHERE ${WHERE_ID}`,
        [txHash, key.id, input.calls, input.gasUsed === null ? null : Number(input.gasUsed), now, ...idParams(id)],
      );
      return { ok: true, keyId: key.id, calls: input.calls, callsRemaining: Number(key.calls), createdKey: !existing };
    });
  try {
    try {
      return await credit();
    } catch (err) {
      // Two first settlements of one wallet on two instances: both found no key and one INSERT lost
      // the UNIQUE (owner) race. Its transaction rolled back whole; run it again, now as a top-up.
      if (!isUniqueViolation(err, "api_keys")) throw err;
      return await credit();
    }
  } catch (err) {
    if (isUniqueViolation(err, "redemptions")) {
      await failSettlement(db, id, "the transaction was already redeemed at /redeem");
      return { ok: false, reason: "already_redeemed" };
    }
    throw err;
  }
}

export interface OwnerKey {
  id: number;
  callsRemaining: number;
  totalCalls: number;
  createdAt: number;
  revokedAt: number | null;
}

/** The key owned by a wallet (checksummed address), if it has one. */
export async function findOwnerKey(db: Db, owner: string): Promise<OwnerKey | null> {
  return db.get<OwnerKey>(
    "SELECT id, calls_remaining AS callsRemaining, total_calls AS totalCalls, created_at AS createdAt, revoked_at AS revokedAt FROM api_keys WHERE owner = ?",
    [owner],
  );
}

export type OwnerReservation = { ok: true; reservationId: string; callsRemaining: number } | { ok: false; reason: "credits_exhausted" };

/**
 * Takes one call from the key a wallet owns, exactly as `reservePaidCall` does for a Bearer key
 * (confirmed or released by `confirmPaidCall`/`releasePaidCall`). A wallet without a key, with a
 * revoked key or with no calls left gets `credits_exhausted`: it pays again.
 */
export async function reserveOwnerCall(db: Db, owner: string): Promise<OwnerReservation> {
  const key = await db.get<{ keyHash: string }>("SELECT key_hash AS keyHash FROM api_keys WHERE owner = ?", [owner]);
  if (!key) return { ok: false, reason: "credits_exhausted" };
  const reserved = await reservePaidCall(db, key.keyHash);
  return reserved.ok ? reserved : { ok: false, reason: "credits_exhausted" };
}

/**
 * Consumes a SIGN-IN-WITH-X nonce: true the first time, false when it was used before. Expired
 * rows are pruned on the way (a proof past its expiry is refused before it gets here).
 */
export async function consumeSiwxNonce(db: Db, nonce: string, address: string, expiresAt: number): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.run("DELETE FROM siwx_nonces WHERE expires_at < ?", [Date.now()]);
      await tx.run("INSERT INTO siwx_nonces (nonce, address, expires_at) VALUES (?, ?, ?)", [nonce, address, expiresAt]);
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err, "siwx_nonces")) return false;
    throw err;
  }
}

export interface SettlementStats {
  settled: number;
  /** Atomic USDC of settled payments. */
  settledAtomic: bigint;
  /** Pending or submitted (in flight, or awaiting recovery). */
  inFlight: number;
  failed: number;
  /** Gas used by the settled transactions, in gas units. */
  gasUsed: bigint;
}

/** Settlement figures for the operator's Treasury screen. Amounts summed as bigint in JS. */
export async function settlementStats(db: Db): Promise<SettlementStats> {
  const rows = await db.all<{ status: string; amount: string; gas: number | bigint | null }>(
    "SELECT status, amount_atomic AS amount, gas_used AS gas FROM settlements",
  );
  const out: SettlementStats = { settled: 0, settledAtomic: 0n, inFlight: 0, failed: 0, gasUsed: 0n };
  for (const r of rows) {
    if (r.status === "settled") {
      out.settled++;
      out.settledAtomic += BigInt(r.amount);
      out.gasUsed += BigInt(r.gas ?? 0);
    } else if (r.status === "failed") out.failed++;
    else out.inFlight++;
  }
  return out;
}
