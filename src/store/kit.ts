import type { Db } from "./db.ts";
import { isUniqueViolation } from "./keys.ts";

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

/** A KitRow as SQLite stores it: the file list as JSON, the flag as 0/1. */
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
export function currentKit(db: Db): KitRow | null {
  const row = db.query<KitDbRow, []>(`SELECT ${KIT_COLUMNS} FROM kits WHERE current = 1 ORDER BY id DESC LIMIT 1`).get();
  return row ? toKit(row) : null;
}

/** Every kit ever imported, newest first (the current one and those it replaced). */
export function listKits(db: Db, limit = 100): KitRow[] {
  return db.query<KitDbRow, [number]>(`SELECT ${KIT_COLUMNS} FROM kits ORDER BY id DESC LIMIT ?`).all(limit).map(toKit);
}

/**
 * Makes a just-stored kit file the current kit: the previous current row is cleared and the new
 * one inserted in ONE immediate transaction, so a reader sees the old kit or the new one, never
 * none or two. Call it only once the file is fully in place (renamed into `kit/`).
 * @param input.sizeBytes bytes of the stored file
 * @returns the new kit and the one it replaced (whose file the caller may now remove)
 */
export function recordKitImport(
  db: Db,
  input: { name: string; version: string; fileName: string; sha256: string; sizeBytes: number; contents: string[] },
): { kit: KitRow; previous: KitRow | null } {
  return db
    .transaction(() => {
      const previous = currentKit(db);
      db.query("UPDATE kits SET current = 0 WHERE current = 1").run();
      const row = db
        .query<KitDbRow, [string, string, string, string, number, string, number]>(
          `INSERT INTO kits (name, version, file_name, sha256, size_bytes, contents, imported_at, current)
           VALUES (?, ?, ?, ?, ?, ?, ?, 1) RETURNING ${KIT_COLUMNS}`,
        )
        .get(input.name, input.version, input.fileName, input.sha256, input.sizeBytes, JSON.stringify(input.contents), Date.now())!;
      return { kit: toKit(row), previous };
    })
    .immediate();
}

/** File names of the kits that are no longer current (their files can be deleted). */
export function supersededKitFiles(db: Db): string[] {
  return db
    .query<{ fileName: string }, []>(
      `SELECT DISTINCT file_name AS fileName FROM kits
       WHERE current = 0 AND file_name NOT IN (SELECT file_name FROM kits WHERE current = 1)`,
    )
    .all()
    .map((r) => r.fileName);
}

export type RedeemForKitOrder = { ok: true; order: KitOrderRow } | { ok: false; reason: "already_redeemed" };

/**
 * Records the redemption of `txHash` for the kit (purpose 'kit') and creates the order it buys,
 * in ONE immediate transaction. The UNIQUE (chain_id, tx_hash) of `redemptions` is shared with
 * /redeem, so a hash already redeemed for credits or for the kit, even by a concurrent request,
 * gives `already_redeemed` and writes nothing.
 * @param input.amountAtomic USDC atomic units paid to the treasury (may exceed the kit price)
 * @param input.tokenHash hex SHA-256 of the `dl_` token (the token itself is never stored)
 * @param input.downloadsAllowed downloads this order buys (the operator's setting at the time)
 */
export function redeemForKitOrder(
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
): RedeemForKitOrder {
  try {
    return db
      .transaction((): RedeemForKitOrder => {
        const now = Date.now();
        const redemption = db
          .query<{ id: number }, [number, string, string, string, number, number]>(
            `INSERT INTO redemptions (chain_id, tx_hash, purpose, payer, amount_atomic, block_number, key_id, created_at)
             VALUES (?, ?, 'kit', ?, ?, ?, NULL, ?) RETURNING id`,
          )
          .get(input.chainId, input.txHash.toLowerCase(), input.payer, input.amountAtomic.toString(), Number(input.blockNumber), now)!;
        const order = db
          .query<{ id: number }, [string, number, string, string, number, number]>(
            `INSERT INTO kit_orders (token_hash, redemption_id, payer, amount_atomic, downloads_allowed, downloads_used, created_at)
             VALUES (?, ?, ?, ?, ?, 0, ?) RETURNING id`,
          )
          .get(input.tokenHash, redemption.id, input.payer, input.amountAtomic.toString(), input.downloadsAllowed, now)!;
        return { ok: true, order: findOrderById(db, order.id)! };
      })
      .immediate();
  } catch (err) {
    if (isUniqueViolation(err, "redemptions")) return { ok: false, reason: "already_redeemed" };
    throw err;
  }
}

function findOrderById(db: Db, id: number): KitOrderRow | null {
  const row = db
    .query<OrderDbRow, [number]>(`SELECT ${ORDER_COLUMNS} FROM kit_orders o JOIN redemptions r ON r.id = o.redemption_id WHERE o.id = ?`)
    .get(id);
  return row ? toOrder(row) : null;
}

/** The order a download token buys, looked up by the token's hex SHA-256; null when unknown. */
export function findOrderByTokenHash(db: Db, tokenHash: string): KitOrderRow | null {
  const row = db
    .query<OrderDbRow, [string]>(
      `SELECT ${ORDER_COLUMNS} FROM kit_orders o JOIN redemptions r ON r.id = o.redemption_id WHERE o.token_hash = ?`,
    )
    .get(tokenHash);
  return row ? toOrder(row) : null;
}

export type UseDownload =
  | { ok: true; downloadsAllowed: number; downloadsUsed: number; downloadsRemaining: number }
  | { ok: false; reason: "invalid_token" | "download_limit_reached" };

/**
 * Takes one download from the order of `tokenHash`. A single conditional UPDATE
 * (`downloads_used < downloads_allowed`) decides, so N concurrent downloads of an order with
 * k left succeed exactly min(N, k) times, across processes too.
 * @returns the counts after this download, or why none was taken
 */
export function useDownload(db: Db, tokenHash: string): UseDownload {
  const row = db
    .query<{ allowed: number; used: number }, [number, string]>(
      `UPDATE kit_orders SET downloads_used = downloads_used + 1, last_download_at = ?
       WHERE token_hash = ? AND downloads_used < downloads_allowed
       RETURNING downloads_allowed AS allowed, downloads_used AS used`,
    )
    .get(Date.now(), tokenHash);
  if (row) return { ok: true, downloadsAllowed: row.allowed, downloadsUsed: row.used, downloadsRemaining: row.allowed - row.used };
  const exists = db.query("SELECT 1 FROM kit_orders WHERE token_hash = ?").get(tokenHash) !== null;
  return { ok: false, reason: exists ? "download_limit_reached" : "invalid_token" };
}

/** Kit orders for the admin console, newest first: payer, amount, downloads used/allowed, dates. */
export function listOrders(db: Db, limit = 100): KitOrderRow[] {
  return db
    .query<OrderDbRow, [number]>(
      `SELECT ${ORDER_COLUMNS} FROM kit_orders o JOIN redemptions r ON r.id = o.redemption_id ORDER BY o.id DESC LIMIT ?`,
    )
    .all(limit)
    .map(toOrder);
}
