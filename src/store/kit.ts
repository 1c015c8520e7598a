import type { Db } from "./db.ts";
import { isUniqueViolation } from "./handle.ts";

/** An imported seller kit. The file itself lives in the data dir's `kit/` folder. */
export interface KitRow {
  id: number;
  name: string;
  version: string;
  /** File name inside `<data dir>/kit/`. */
  fileName: string;
  /** Hex SHA-256 of the .tar.gz as stored. */
  sha256: string;
  sizeBytes: number;
  /** Paths of the regular files inside the archive. */
  contents: string[];
  /** Unix ms. */
  importedAt: number;
  current: boolean;
}

/** A kit order: one redeemed payment that buys a number of downloads of the current kit. */
export interface KitOrderRow {
  id: number;
  chainId: number;
  /** Lowercase hash of the paying transaction. */
  txHash: string;
  /** Checksummed address that paid. */
  payer: string;
  /** USDC paid, atomic units (6 decimals). */
  amountAtomic: bigint;
  downloadsAllowed: number;
  downloadsUsed: number;
  /** Unix ms. */
  createdAt: number;
  lastDownloadAt: number | null;
}

/** A KitRow as the database stores it: the file list as JSON, the flag as 0/1. */
interface KitDbRow extends Omit<KitRow, "contents" | "current"> {
  contents: string;
  current: number;
}

interface OrderDbRow extends Omit<KitOrderRow, "amountAtomic"> {
  amountAtomic: string;
}

const KIT_COLUMNS = `id, name, version, file_name AS fileName, sha256, size_bytes AS sizeBytes, contents,
  imported_at AS importedAt, current`;

const ORDER_COLUMNS = `o.id, r.chain_id AS chainId, r.tx_hash AS txHash, o.payer, o.amount_atomic AS amountAtomic,
  o.downloads_allowed AS downloadsAllowed, o.downloads_used AS downloadsUsed, o.created_at AS createdAt,
  o.last_download_at AS lastDownloadAt`;

function toKit(row: KitDbRow): KitRow {
  return { ...row, contents: JSON.parse(row.contents) as string[], current: row.current === 1 };
}

function toOrder(row: OrderDbRow): KitOrderRow {
  return { ...row, amountAtomic: BigInt(row.amountAtomic) };
}

/** The kit on sale now, or null when none was ever imported. Read fresh on every call (no cache). */
export async function currentKit(db: Db): Promise<KitRow | null> {
  const row = await db.get<KitDbRow>(`SELECT ${KIT_COLUMNS} FROM kits WHERE current = 1 ORDER BY id DESC LIMIT 1`);
  return row ? toKit(row) : null;
}

/**
 * Makes a just-stored kit file the current kit: the previous current row is cleared and the new
 * one inserted in ONE transaction (serialised across instances by a lock), so a reader sees the
 * old kit or the new one, never none or two. Call it only once the file is fully in place.
 * @param input.sizeBytes bytes of the stored file
 * @returns the new kit and the one it replaced (whose file the caller may now remove)
 */
export async function recordKitImport(
  db: Db,
  input: { name: string; version: string; fileName: string; sha256: string; sizeBytes: number; contents: string[] },
): Promise<{ kit: KitRow; previous: KitRow | null }> {
  return db.transaction(
    async (tx) => {
      const previous = await currentKit(tx);
      await tx.run("UPDATE kits SET current = 0 WHERE current = 1");
      const row = (await tx.get<KitDbRow>(
        `INSERT INTO kits (name, version, file_name, sha256, size_bytes, contents, imported_at, current)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1) RETURNING ${KIT_COLUMNS}`,
        [input.name, input.version, input.fileName, input.sha256, input.sizeBytes, JSON.stringify(input.contents), Date.now()],
      ))!;
      return { kit: toKit(row), previous };
    },
    { lock: "vellum:kit-import" },
  );
}

/** File names of the kits that are no longer current (their files can be deleted). */
export async function supersededKitFiles(db: Db): Promise<string[]> {
  const rows = await db.all<{ fileName: string }>(
    `SELECT DISTINCT file_name AS fileName FROM kits
     WHERE current = 0 AND file_name NOT IN (SELECT file_name FROM kits WHERE current = 1)`,
  );
  return rows.map((r) => r.fileName);
}

export type RedeemForKitOrder = { ok: true; order: KitOrderRow } | { ok: false; reason: "already_redeemed" };

/**
 * Records the redemption of `txHash` for the kit (purpose 'kit') and creates the order it buys,
 * in ONE transaction. The UNIQUE (chain_id, tx_hash) of `redemptions` is shared with
 * /redeem, so a hash already redeemed for credits or for the kit, even by a concurrent request
 * on another instance, gives `already_redeemed` and writes nothing.
 * @param input.amountAtomic USDC atomic units paid to the treasury (may exceed the kit price)
 * @param input.tokenHash hex SHA-256 of the `dl_` token (the token itself is never stored)
 * @param input.downloadsAllowed downloads this order buys (the operator's setting at the time)
 */
export async function redeemForKitOrder(
  db: Db,
  input: {
    chainId: number;
    txHash: string;
    payer: string;
    amountAtomic: bigint;
    blockNumber: bigint;
    tokenHash: string;
    downloadsAllowed: number;
  },
): Promise<RedeemForKitOrder> {
  try {
    return await db.transaction(async (tx): Promise<RedeemForKitOrder> => {
      const now = Date.now();
      const redemption = (await tx.get<{ id: number }>(
        `INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at)
         VALUES (?, ?, 'kit', ?, ?, ?, NULL, ?) RETURNING id`,
        [input.chainId, input.txHash.toLowerCase(), input.payer, input.amountAtomic.toString(), Number(input.blockNumber), now],
      ))!;
      const order = (await tx.get<{ id: number }>(
        `INSERT INTO kit_orders (token_hash, redemption_id, payer, amount_atomic, downloads_allowed, downloads_used, created_at)
         VALUES (?, ?, ?, ?, ?, 0, ?) RETURNING id`,
        [input.tokenHash, redemption.id, input.payer, input.amountAtomic.toString(), input.downloadsAllowed, now],
      ))!;
      return { ok: true, order: (await findOrderById(tx, order.id))! };
    });
  } catch (err) {
    if (isUniqueViolation(err, "redemptions")) return { ok: false, reason: "already_redeemed" };
    throw err;
  }
}

async function findOrderById(db: Db, id: number): Promise<KitOrderRow | null> {
  const row = await db.get<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM kit_orders o JOIN redemptions r ON r.id = o.redemption_id WHERE o.id = ?`,
    [id],
  );
  return row ? toOrder(row) : null;
}

/** The order a download token buys, looked up by the token's hex SHA-256; null when unknown. */
export async function findOrderByTokenHash(db: Db, tokenHash: string): Promise<KitOrderRow | null> {
  const row = await db.get<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM kit_orders o JOIN redemptions r ON r.id = o.redemption_id WHERE o.token_hash = ?`,
    [tokenHash],
  );
  return row ? toOrder(row) : null;
}

export type UseDownload =
  | { ok: true; downloadsAllowed: number; downloadsUsed: number; downloadsRemaining: number }
  | { ok: false; reason: "invalid_token" | "download_limit_reached" };

/**
 * Takes one download from the order of `tokenHash`. A single conditional UPDATE
 * (`downloads_used < downloads_allowed`) decides, so N concurrent downloads of an order with
 * k left succeed exactly min(N, k) times, across processes and instances too.
 * @returns the counts after this download, or why none was taken
 */
export async function useDownload(db: Db, tokenHash: string): Promise<UseDownload> {
  const row = await db.get<{ allowed: number; used: number }>(
    `UPDATE kit_orders SET downloads_used = downloads_used + 1, last_download_at = ?
     WHERE token_hash = ? AND downloads_used < downloads_allowed
     RETURNING downloads_allowed AS allowed, downloads_used AS used`,
    [Date.now(), tokenHash],
  );
  if (row) return { ok: true, downloadsAllowed: row.allowed, downloadsUsed: row.used, downloadsRemaining: row.allowed - row.used };
  const exists = (await db.get("SELECT 1 AS one FROM kit_orders WHERE token_hash = ?", [tokenHash])) !== null;
  return { ok: false, reason: exists ? "download_limit_reached" : "invalid_token" };
}

/** Kit orders for the admin console, newest first: payer, amount, downloads used/allowed, dates. */
export async function listOrders(db: Db, limit = 100): Promise<KitOrderRow[]> {
  const rows = await db.all<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM kit_orders o JOIN redemptions r ON r.id = o.redemption_id ORDER BY o.id DESC LIMIT ?`,
    [limit],
  );
  return rows.map(toOrder);
}
