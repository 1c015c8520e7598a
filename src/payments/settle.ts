/**
 * Settling x402 `exact` payments on-chain with vellum's own settler account: verify
 * (src/payments/x402-exact.ts) → claim the authorization in the store → sign the
 * `transferWithAuthorization` transaction locally and record its hash (reserved in the same
 * UNIQUE (chain, tx) table as /redeem) → broadcast → wait for the configured confirmations →
 * credit the payer's wallet key. The settler only pays gas: the USDC goes from the payer straight
 * to payTo, so a leaked settler key loses only its ETH.
 *
 * Exactly once under faults: nothing is broadcast before its hash is stored, and crediting is
 * one store transaction that refuses a row already settled. A row a crash left behind is
 * resolved by {@link Settler.recover} at the next start (receipt of the recorded hash, a
 * rebroadcast of the recorded raw transaction, or `authorizationState` + the `AuthorizationUsed`
 * log when someone else submitted the authorization first).
 */
import {
  BaseError,
  createWalletClient,
  custom,
  encodeFunctionData,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  type Address,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { Logger } from "../log.ts";
import type { Db } from "../store/db.ts";
import {
  claimSettlement,
  creditSettlement,
  failSettlement,
  findOwnerKey,
  findSettlement,
  recordSubmission,
  unfinishedSettlements,
  type AuthorizationId,
  type SettlementRow,
} from "../store/settlements.ts";
import { callsForAmount } from "./amounts.ts";
import { describeRpcError } from "./chain.ts";
import { generateSecret } from "./secrets.ts";
import {
  EIP3009_ABI,
  transferCall,
  verifyOffChain,
  verifyOnChain,
  type ExactPayment,
  type ExactReason,
  type ExactTerms,
} from "./x402-exact.ts";

export interface SettlerTerms extends ExactTerms {
  confirmations: number;
}

export interface SettlerOptions {
  db: Db;
  log: Logger;
  account: PrivateKeyAccount;
  /** The chain client for the current RPC settings. */
  client: () => PublicClient;
  /** The current terms (pay-to, USDC, network, confirmations); null while nothing is sold. */
  terms: () => SettlerTerms | null;
  /** How long one request waits for its receipt and confirmations (default 90 s). */
  receiptTimeoutMs?: number;
  /** Receipt polling interval (default 500 ms). */
  pollingIntervalMs?: number;
}

export type SettleOutcome =
  | {
      ok: true;
      txHash: Hash;
      payer: Address;
      network: string;
      calls: number;
      callsRemaining: number;
      /** The wallet's new key, present only on its first settlement: shown once. */
      apiKey: string | null;
    }
  | { ok: false; status: 402; reason: ExactReason }
  | { ok: false; status: 503; reason: "chain_unavailable" | "settlement_pending" | "settler_unavailable"; detail?: string };

/** How old a `pending` row (nothing signed yet) must be before recovery touches it. */
const PENDING_GRACE_MS = 60_000;

/** Gas one settlement is assumed to use when estimating how many the settler can still pay for. */
export const GAS_PER_SETTLEMENT_ESTIMATE = 90_000n;

export class Settler {
  readonly address: Address;
  /** Authorizations this process is settling now ("chainId:payer:nonce"): recovery leaves them alone. */
  private readonly inFlight = new Set<string>();
  /** Signing, recording and broadcasting are serialised: the settler's nonces must not collide. */
  private sendQueue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SettlerOptions) {
    this.address = options.account.address;
  }

  /** The settler's ETH balance (wei), for the operator's warning. */
  async ethBalance(): Promise<bigint> {
    return this.options.client().getBalance({ address: this.address });
  }

  /** Verifies and settles one payment, then credits the payer's wallet key. */
  async settle(payment: ExactPayment): Promise<SettleOutcome> {
    const terms = this.options.terms();
    if (!terms) return { ok: false, status: 402, reason: "invalid_payment_requirements" };
    const offChain = await verifyOffChain(payment, terms);
    if (!offChain.ok) return { ok: false, status: 402, reason: offChain.reason };
    const auth = payment.authorization;
    const id: AuthorizationId = { chainId: terms.chainId, payer: auth.from, nonce: auth.nonce };
    const existing = await findSettlement(this.options.db, id);
    if (existing && existing.status !== "failed") return { ok: false, status: 402, reason: "invalid_exact_evm_nonce_already_used" };
    const client = this.options.client();
    const onChain = await verifyOnChain(client, payment, terms, this.address, offChain.signature);
    if (!onChain.ok) {
      if (onChain.reason === "chain_unavailable") return { ok: false, status: 503, reason: "chain_unavailable", detail: onChain.detail };
      return { ok: false, status: 402, reason: onChain.reason };
    }
    const claimed = await claimSettlement(this.options.db, {
      ...id,
      asset: terms.usdc,
      payTo: terms.payTo,
      amountAtomic: auth.value,
      validBefore: Number(auth.validBefore),
      payload: JSON.stringify({
        authorization: {
          ...auth,
          value: auth.value.toString(),
          validAfter: auth.validAfter.toString(),
          validBefore: auth.validBefore.toString(),
        },
        signature: payment.signature,
      }),
    });
    // Someone else (a concurrent request, another instance) holds this authorization: it settles once.
    if (!claimed) return { ok: false, status: 402, reason: "invalid_exact_evm_nonce_already_used" };
    const key = rowKey(id);
    this.inFlight.add(key);
    try {
      let hash: Hash;
      try {
        hash = await this.submit(id, payment, terms.usdc);
      } catch (error) {
        const detail = describeRpcError(error);
        this.options.log.warn("x402 settlement not broadcast", { payer: auth.from, detail });
        await failSettlement(this.options.db, id, `broadcast failed: ${detail}`);
        return { ok: false, status: 503, reason: "settler_unavailable", detail };
      }
      return await this.confirmAndCredit(id, payment, terms, client, hash);
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Signs the transaction, records its hash (before anything leaves the process), broadcasts it. */
  private submit(id: AuthorizationId, payment: ExactPayment, usdc: Address): Promise<Hash> {
    const run = async (): Promise<Hash> => {
      const client = this.options.client();
      const wallet = createWalletClient({
        account: this.options.account,
        chain: client.chain,
        transport: custom({ request: (args) => client.request(args as never) }),
      });
      const call = transferCall(payment, usdc);
      const request = await wallet.prepareTransactionRequest({
        to: usdc,
        data: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args }),
        chain: client.chain,
      });
      const raw = await wallet.signTransaction(request as never);
      const hash = keccak256(raw);
      if (!(await recordSubmission(this.options.db, id, { hash, raw }))) throw new Error("the settlement row was taken over");
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        // Ambiguous (a timeout may hide an accepted transaction): the recorded hash is resolved by
        // recovery. A definite refusal by the node (bad nonce, no gas money) is a failure.
        if (!isNodeRefusal(error)) throw new PendingBroadcast(hash, describeRpcError(error));
        throw error;
      }
      return hash;
    };
    const next = this.sendQueue.then(run, run);
    this.sendQueue = next.catch(() => {});
    return next.catch((error) => {
      if (error instanceof PendingBroadcast) return error.hash;
      throw error;
    });
  }

  /** Waits for the receipt and the confirmations, checks the transfer, credits the wallet. */
  private async confirmAndCredit(
    id: AuthorizationId,
    payment: ExactPayment,
    terms: SettlerTerms,
    client: PublicClient,
    hash: Hash,
  ): Promise<SettleOutcome> {
    const auth = payment.authorization;
    let receipt: TransactionReceipt;
    try {
      receipt = await client.waitForTransactionReceipt({
        hash,
        confirmations: Math.max(1, terms.confirmations),
        timeout: this.options.receiptTimeoutMs ?? 90_000,
        pollingInterval: this.options.pollingIntervalMs ?? 500,
      });
    } catch (error) {
      // Still pending (or the chain is unreachable): the recorded hash is resolved by recovery.
      this.options.log.warn("x402 settlement not confirmed in time; left to recovery", { tx: hash, detail: describeRpcError(error) });
      return { ok: false, status: 503, reason: "settlement_pending", detail: describeRpcError(error) };
    }
    const resolved = await this.resolveReceipt(
      id,
      { payer: auth.from, payTo: terms.payTo, value: auth.value, usdc: terms.usdc, createdAt: Date.now() },
      receipt,
      client,
    );
    if (resolved.kind === "failed") return { ok: false, status: 402, reason: "invalid_transaction_state" };
    if (resolved.kind === "pending") return { ok: false, status: 503, reason: "settlement_pending" };
    const credited = resolved.credit;
    return {
      ok: true,
      txHash: resolved.txHash,
      payer: auth.from,
      network: terms.network,
      calls: credited.calls,
      callsRemaining: credited.callsRemaining,
      apiKey: credited.apiKey,
    };
  }

  /**
   * Given a receipt of our transaction: credit it (success with the expected Transfer), or, when
   * it reverted, credit whichever transaction used the authorization (someone else submitted it
   * first), or record the failure.
   */
  private async resolveReceipt(
    id: AuthorizationId,
    expected: { payer: Address; payTo: Address; value: bigint; usdc: Address; createdAt: number },
    receipt: TransactionReceipt,
    client: PublicClient,
  ): Promise<
    | { kind: "credited"; txHash: Hash; credit: { calls: number; callsRemaining: number; apiKey: string | null } }
    | { kind: "failed" }
    | { kind: "pending" }
  > {
    if (receipt.status === "success" && hasTransfer(receipt, expected)) {
      return this.credit(id, receipt.transactionHash, receipt.blockNumber, receipt.gasUsed, expected.value);
    }
    const other = await this.usedBy(client, id, expected);
    if (other === "unavailable") return { kind: "pending" };
    if (other) return this.credit(id, other.txHash, other.blockNumber, null, expected.value);
    await failSettlement(this.options.db, id, "the settlement transaction reverted");
    this.options.log.warn("x402 settlement reverted", { tx: receipt.transactionHash, payer: expected.payer });
    return { kind: "failed" };
  }

  private async credit(id: AuthorizationId, txHash: Hash, blockNumber: bigint, gasUsed: bigint | null, value: bigint) {
    const newKey = generateSecret("vk");
    const calls = Number(callsForAmount(value));
    const out = await creditSettlement(this.options.db, id, { txHash, blockNumber, calls, gasUsed, newKey });
    if (!out.ok && out.reason === "not_submitted") {
      // Credited meanwhile by a recovery pass (another instance's, say): the payment stands, once.
      const row = await findSettlement(this.options.db, id);
      const key = row?.status === "settled" ? await findOwnerKey(this.options.db, id.payer) : null;
      if (row?.status === "settled" && row.txHash && key)
        return {
          kind: "credited" as const,
          txHash: row.txHash as Hash,
          credit: { calls: row.calls ?? calls, callsRemaining: key.callsRemaining, apiKey: null },
        };
    }
    if (!out.ok) {
      this.options.log.warn("x402 settlement not credited", { tx: txHash, payer: id.payer, reason: out.reason });
      return { kind: "failed" as const };
    }
    this.options.log.info("x402 payment settled", { tx: txHash, payer: id.payer, calls, gasUsed });
    return {
      kind: "credited" as const,
      txHash,
      credit: { calls: out.calls, callsRemaining: out.callsRemaining, apiKey: out.createdKey ? newKey.value : null },
    };
  }

  /**
   * Whether the authorization was used on-chain, and by which transaction (its AuthorizationUsed
   * log, with a Transfer of the expected amount to payTo in the same transaction).
   */
  private async usedBy(
    client: PublicClient,
    id: AuthorizationId,
    expected: { payer: Address; payTo: Address; value: bigint; usdc: Address; createdAt: number },
  ): Promise<{ txHash: Hash; blockNumber: bigint } | null | "unavailable"> {
    try {
      const used = await client.readContract({
        address: expected.usdc,
        abi: EIP3009_ABI,
        functionName: "authorizationState",
        args: [expected.payer, id.nonce as Hex],
      });
      if (!used) return null;
      const latest = await client.getBlockNumber({ cacheTime: 0 });
      // At most one block per second on the chains vellum runs on: the row's age bounds the range.
      const span = BigInt(Math.ceil((Date.now() - expected.createdAt) / 1000) + 600);
      const logs = await client.getLogs({
        address: expected.usdc,
        event: EIP3009_ABI[3],
        args: { authorizer: expected.payer, nonce: id.nonce as Hex },
        fromBlock: latest > span ? latest - span : 0n,
        toBlock: latest,
      });
      for (const log of logs) {
        if (!log.transactionHash || log.blockNumber === null) continue;
        const receipt = await client.getTransactionReceipt({ hash: log.transactionHash });
        if (receipt.status === "success" && hasTransfer(receipt, expected))
          return { txHash: log.transactionHash, blockNumber: receipt.blockNumber };
      }
      return null;
    } catch (error) {
      this.options.log.warn("x402 recovery could not read the chain", { detail: describeRpcError(error) });
      return "unavailable";
    }
  }

  /**
   * Resolves every settlement a previous process left `pending` or `submitted` (run at start,
   * and again later for what is still open): credited once, never lost, never doubled.
   */
  async recover(): Promise<{ credited: number; failed: number; open: number }> {
    const counts = { credited: 0, failed: 0, open: 0 };
    // One pass at a time (the periodic timer may fire while a pass still waits on the chain).
    if (this.recovering) return counts;
    this.recovering = true;
    try {
      await this.recoverAll(counts);
    } finally {
      this.recovering = false;
    }
    return counts;
  }

  private recovering = false;

  private async recoverAll(counts: { credited: number; failed: number; open: number }): Promise<void> {
    const terms = this.options.terms();
    for (const row of await unfinishedSettlements(this.options.db)) {
      if (this.inFlight.has(rowKey(row))) continue;
      // A young `pending` row is being verified or signed right now (by another instance sharing
      // the store, say): nothing of it is on the chain yet, so it can wait for a later pass.
      if (row.status === "pending" && Date.now() - row.updatedAt < PENDING_GRACE_MS) continue;
      const outcome = await this.recoverRow(row, terms?.confirmations ?? 1);
      counts[outcome]++;
    }
    if (counts.credited + counts.failed + counts.open > 0) this.options.log.info("x402 settlement recovery", counts);
  }

  private async recoverRow(row: SettlementRow, confirmations: number): Promise<"credited" | "failed" | "open"> {
    const client = this.options.client();
    const id: AuthorizationId = { chainId: row.chainId, payer: row.payer, nonce: row.nonce };
    const expected = {
      payer: row.payer as Address,
      payTo: row.payTo as Address,
      value: row.amountAtomic,
      usdc: row.asset as Address,
      createdAt: row.createdAt,
    };
    const nowSeconds = Math.floor(Date.now() / 1000);
    if (row.txHash) {
      const hash = row.txHash as Hash;
      let receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      if (!receipt && row.rawTx && nowSeconds < row.validBefore) {
        // Never broadcast, or dropped: the recorded bytes are the only transaction for this row.
        await client.sendRawTransaction({ serializedTransaction: row.rawTx as Hex }).catch(() => {});
        receipt = await client
          .waitForTransactionReceipt({
            hash,
            timeout: this.options.receiptTimeoutMs ?? 30_000,
            pollingInterval: this.options.pollingIntervalMs ?? 500,
          })
          .catch(() => null);
      }
      if (receipt) {
        const confirmed = await client
          .waitForTransactionReceipt({
            hash,
            confirmations: Math.max(1, confirmations),
            timeout: this.options.receiptTimeoutMs ?? 30_000,
            pollingInterval: this.options.pollingIntervalMs ?? 500,
          })
          .catch(() => null);
        if (!confirmed) return "open";
        const out = await this.resolveReceipt(id, expected, confirmed, client);
        return out.kind === "credited" ? "credited" : out.kind === "failed" ? "failed" : "open";
      }
    }
    // No receipt for our transaction (or none was signed): did anything use the authorization?
    const other = await this.usedBy(client, id, expected);
    if (other === "unavailable") return "open";
    if (other) {
      const out = await this.credit(id, other.txHash, other.blockNumber, null, expected.value);
      return out.kind === "credited" ? "credited" : "failed";
    }
    if (!row.txHash || nowSeconds >= row.validBefore) {
      // Unused and now unusable (or never signed): nothing moved, nothing to credit.
      await failSettlement(this.options.db, id, row.txHash ? "expired before it was mined" : "never broadcast");
      return "failed";
    }
    return "open";
  }
}

class PendingBroadcast extends Error {
  constructor(
    readonly hash: Hash,
    detail: string,
  ) {
    super(detail);
  }
}

const rowKey = (id: AuthorizationId) => `${id.chainId}:${id.payer}:${id.nonce.toLowerCase()}`;

/** A JSON-RPC error answered by the node (it saw and refused the transaction), not a transport failure. */
function isNodeRefusal(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk((e) => typeof (e as { code?: unknown }).code === "number") !== null && !/timeout|fetch failed|ECONN/i.test(error.message)
  );
}

/** The receipt holds a Transfer of exactly `value` from the payer to payTo, emitted by the USDC contract. */
function hasTransfer(receipt: TransactionReceipt, expected: { payer: Address; payTo: Address; value: bigint; usdc: Address }): boolean {
  const logs = parseEventLogs({
    abi: EIP3009_ABI,
    eventName: "Transfer",
    logs: receipt.logs.filter((l) => isAddressEqual(l.address, expected.usdc)),
  });
  return logs.some(
    (l) => isAddressEqual(l.args.from, expected.payer) && isAddressEqual(l.args.to, expected.payTo) && l.args.value === expected.value,
  );
}
