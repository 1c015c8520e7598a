/**
 * Decides whether a transaction paid the treasury, reading the chain itself (no facilitator).
 * The rules are docs/decisions.md "Redeeming payments"; each refusal is a code of reasons.ts.
 */
import {
  BlockNotFoundError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  isAddressEqual,
  parseEventLogs,
  parseAbi,
  zeroAddress,
  type Address,
  type Hash,
  type Log,
} from "viem";
import { describeRpcError, type ChainReader } from "./chain.ts";
import type { VerifyReason } from "./reasons.ts";

/** Base produces a block every 2 seconds; used to turn missing confirmations into a wait. */
export const BASE_BLOCK_TIME_SECONDS = 2;

const transferEvent = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);

/** What to check a transaction against. */
export interface VerifyTransferInput {
  /** The hash as the client sent it; any case, validated here (`0x` + 64 hex digits). */
  txHash: string;
  /** The USDC contract: only Transfer logs emitted by it count. */
  usdc: Address;
  /** The treasury: only transfers to it count. */
  payTo: Address;
  /** Confirmations required: the receipt's block counts as the first; values below 1 mean 1. */
  confirmations: number | bigint;
  /** Smallest acceptable sum of the counted transfers, in atomic units. */
  minimumAtomic: bigint;
  /** Seconds per block for `retryAfterSeconds` (default {@link BASE_BLOCK_TIME_SECONDS}). */
  blockTimeSeconds?: number;
}

/** A verified payment. */
export interface VerifiedTransfer {
  ok: true;
  /** The hash in canonical form (lowercase): the key for the exactly-once table. */
  txHash: Hash;
  /** Who paid; see {@link choosePayer} for a transaction with several senders. */
  payer: Address;
  /** Sum of all counted transfers, in atomic units. */
  amountAtomic: bigint;
  blockNumber: bigint;
  blockHash: Hash;
  /** latest − blockNumber + 1 at the time of the check (≥ the required number). */
  confirmations: bigint;
}

/** A refused payment. `amountAtomic` and `payer` are set once the transfers could be read. */
export interface RefusedTransfer {
  ok: false;
  reason: VerifyReason;
  /** For `not_confirmed`: about how long until enough blocks exist. */
  retryAfterSeconds?: number;
  amountAtomic?: bigint;
  payer?: Address;
  /** For `chain_unavailable`: what failed, for the log only (no URL; never send it to a client). */
  detail?: string;
}

export type VerifyResult = VerifiedTransfer | RefusedTransfer;

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * The canonical form of a transaction hash (lowercase), or `null` when the input is not
 * `0x` + 64 hex digits. Hashes are hex, so case carries no meaning: storing the canonical form
 * is what makes `0xAB…` and `0xab…` one redemption.
 */
export function normalizeTxHash(input: string): Hash | null {
  return TX_HASH.test(input) ? (input.toLowerCase() as Hash) : null;
}

/**
 * Verifies that `txHash` paid at least `minimumAtomic` of USDC to `payTo`, with enough
 * confirmations, on the reader's chain. Never throws: every outcome is a {@link VerifyResult}.
 *
 * Checked in this order, so a client learns a permanent refusal without waiting for blocks:
 * 1. malformed hash → `transaction_not_found`; no receipt but the node knows the transaction
 *    (mempool) → `pending`; unknown to the node → `transaction_not_found`;
 * 2. the block at the receipt's height must still carry the receipt's block hash, else the
 *    block was reorganised away → `pending`;
 * 3. receipt status reverted → `transaction_failed`;
 * 4. only `Transfer(address,address,uint256)` logs emitted by `usdc` (compared with
 *    isAddressEqual) whose `to` is `payTo` count, summed as bigint; none → `no_transfer_to_treasury`.
 *    Mints (from the zero address) and the treasury paying itself are not payments and are skipped;
 * 5. sum < `minimumAtomic` → `amount_below_minimum` (with the amount and payer);
 * 6. confirmations = latest − receipt block + 1 < required → `not_confirmed` with
 *    `retryAfterSeconds` ≈ missing blocks × block time.
 * Any RPC failure at any step (unreachable, timeout, error answer) → `chain_unavailable`.
 *
 * Every read goes to the node (`cacheTime: 0` on the reader, no cached block number).
 */
export async function verifyTransfer(reader: ChainReader, input: VerifyTransferInput): Promise<VerifyResult> {
  try {
    return await verify(reader, input);
  } catch (error) {
    // Only a node answering nonsense gets here (e.g. a receipt viem cannot format).
    return unavailable(error);
  }
}

async function verify(reader: ChainReader, input: VerifyTransferInput): Promise<VerifyResult> {
  const hash = normalizeTxHash(input.txHash);
  if (!hash) return { ok: false, reason: "transaction_not_found" };
  const required = requiredConfirmations(input.confirmations);
  const client = reader.client;

  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) return unavailable(error);
    try {
      // Known but without a receipt: in the mempool (or its block was just dropped).
      await client.getTransaction({ hash });
      return { ok: false, reason: "pending" };
    } catch (error2) {
      if (error2 instanceof TransactionNotFoundError) return { ok: false, reason: "transaction_not_found" };
      return unavailable(error2);
    }
  }

  let latest: bigint;
  let canonicalHash: Hash | null;
  try {
    const [latestBlock, block] = await Promise.all([
      client.getBlockNumber({ cacheTime: 0 }),
      client.getBlock({ blockNumber: receipt.blockNumber, includeTransactions: false }),
    ]);
    latest = latestBlock;
    canonicalHash = block.hash;
  } catch (error) {
    // No block at that height (a lagging or rewound node): the receipt is not canonical yet.
    if (error instanceof BlockNotFoundError) return { ok: false, reason: "pending" };
    return unavailable(error);
  }
  if (canonicalHash === null || canonicalHash.toLowerCase() !== receipt.blockHash.toLowerCase()) {
    return { ok: false, reason: "pending" };
  }

  if (receipt.status !== "success") return { ok: false, reason: "transaction_failed" };

  const transfers = treasuryTransfers(receipt.logs, input.usdc, input.payTo);
  if (transfers.length === 0) return { ok: false, reason: "no_transfer_to_treasury" };
  const amountAtomic = transfers.reduce((sum, t) => sum + t.value, 0n);
  const payer = choosePayer(transfers, receipt.from);

  if (amountAtomic < input.minimumAtomic) return { ok: false, reason: "amount_below_minimum", amountAtomic, payer };

  const confirmations = latest - receipt.blockNumber + 1n;
  if (confirmations < required) {
    const missing = required - (confirmations < 0n ? 0n : confirmations);
    const blockTime = input.blockTimeSeconds ?? BASE_BLOCK_TIME_SECONDS;
    return {
      ok: false,
      reason: "not_confirmed",
      retryAfterSeconds: Math.max(1, Math.ceil(Number(missing) * blockTime)),
      amountAtomic,
      payer,
    };
  }

  return {
    ok: true,
    txHash: hash,
    payer,
    amountAtomic,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    confirmations,
  };
}

interface TreasuryTransfer {
  from: Address;
  value: bigint;
}

function treasuryTransfers(logs: readonly Log[], usdc: Address, payTo: Address): TreasuryTransfer[] {
  // Only the configured contract's logs: any contract can emit an event named Transfer.
  const fromUsdc = logs.filter((log) => !log.removed && isAddressEqual(log.address, usdc));
  // strict: a log whose topics or data do not decode as (indexed from, indexed to, value) is skipped,
  // e.g. an ERC-721 style Transfer with the value indexed.
  const decoded = parseEventLogs({ abi: transferEvent, eventName: "Transfer", logs: fromUsdc, strict: true });
  return decoded
    .filter(
      (log) => isAddressEqual(log.args.to, payTo) && !isAddressEqual(log.args.from, zeroAddress) && !isAddressEqual(log.args.from, payTo),
    )
    .map((log) => ({ from: log.args.from, value: log.args.value }));
}

/**
 * The payer of a transaction's transfers to the treasury. Usually they all come from one
 * address, which is the payer (for a smart wallet that is the wallet, not the bundler that sent
 * the transaction; for an EIP-3009 or transferFrom payment, the token holder, not the relayer).
 * With several different senders, the transaction's own sender (`receipt.from`) is the payer
 * when it is one of them, since it signed the whole transaction; otherwise the sender of the
 * first counted transfer in log order.
 */
export function choosePayer(transfers: readonly { from: Address }[], txSender: Address): Address {
  const first = transfers[0];
  if (!first) throw new TypeError("choosePayer: no transfers");
  if (transfers.every((t) => isAddressEqual(t.from, first.from))) return first.from;
  const signer = transfers.find((t) => isAddressEqual(t.from, txSender));
  return signer ? signer.from : first.from;
}

/** At least 1 (the receipt's own block); a fractional or invalid number rounds up / falls back to 1. */
function requiredConfirmations(value: number | bigint): bigint {
  if (typeof value === "bigint") return value < 1n ? 1n : value;
  return Number.isFinite(value) && value > 1 ? BigInt(Math.ceil(value)) : 1n;
}

function unavailable(error: unknown): RefusedTransfer {
  return { ok: false, reason: "chain_unavailable", detail: describeRpcError(error) };
}
