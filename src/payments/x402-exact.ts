/**
 * The x402 `exact` scheme on EVM, verified by vellum itself (no facilitator): the payment header
 * a stock client sends (`PAYMENT-SIGNATURE`, x402 v2, or `X-PAYMENT`, v1) carries an EIP-3009
 * `transferWithAuthorization` signed by the payer. This module decodes it and runs every check the
 * scheme specifies before anything is submitted: the terms it was made for, the recipient, the
 * amount, the validity window, the EIP-712 signature (domain from the advertised `extra`
 * name/version, the chain id and the USDC contract), the nonce on-chain (`authorizationState`),
 * the payer's balance and an `eth_call` simulation from the settler.
 *
 * Refusals use the x402 error reason codes (the names @x402/evm and the x402 specification use),
 * so a client library shows the familiar reason. Money stays bigint throughout.
 */
import {
  BaseError,
  getAddress,
  isAddress,
  isAddressEqual,
  isHex,
  parseAbi,
  verifyTypedData,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { describeRpcError } from "./chain.ts";
import { USDC_EIP712 } from "./terms.ts";

/** The EIP-3009 functions and reads vellum uses, as USDC (FiatTokenV2_2) declares them. */
export const EIP3009_ABI = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function balanceOf(address account) view returns (uint256)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

export { EXACT_REASONS, type ExactReason } from "./x402-reasons.ts";
import type { ExactReason } from "./x402-reasons.ts";

/** An EIP-3009 authorization as the payload carries it (decimal strings), parsed. */
export interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

/** A decoded payment header. */
export interface ExactPayment {
  x402Version: 1 | 2;
  /** `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1): the response header answers in kind. */
  header: "payment-signature" | "x-payment";
  scheme: string;
  network: string;
  /** v2 only: the requirements the client accepted. */
  accepted: { asset?: string; payTo?: string } | null;
  authorization: Authorization;
  signature: Hex;
}

export type Decoded = { ok: true; payment: ExactPayment } | { ok: false; reason: ExactReason };

/** Largest payment header accepted, in characters (a real one is under 1.5 kB). */
export const MAX_PAYMENT_HEADER = 16_384;

/** x402 v1 network names for the chains vellum can be configured on. */
const V1_NETWORKS: Record<string, string> = { base: "eip155:8453", "base-sepolia": "eip155:84532" };

const UINT = /^\d{1,78}$/;
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;

/**
 * Decodes the payment header of a request: `PAYMENT-SIGNATURE` (x402 v2) or `X-PAYMENT` (v1), standard
 * base64 of the JSON payload. Shape errors give `invalid_payload`; nothing here reads the chain.
 * @returns null when the request carries neither header.
 */
export function decodePaymentHeader(headers: Headers): Decoded | null {
  const v2 = headers.get("payment-signature");
  const v1 = headers.get("x-payment");
  const raw = v2 ?? v1;
  if (raw === null) return null;
  const header = v2 !== null ? "payment-signature" : "x-payment";
  if (raw.length > MAX_PAYMENT_HEADER || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw.trim())) return { ok: false, reason: "invalid_payload" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw.trim(), "base64").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid_payload" };
  }
  if (typeof json !== "object" || json === null) return { ok: false, reason: "invalid_payload" };
  const p = json as Record<string, unknown>;
  if (p.x402Version !== 1 && p.x402Version !== 2) return { ok: false, reason: "invalid_x402_version" };
  const accepted =
    p.x402Version === 2 && typeof p.accepted === "object" && p.accepted !== null ? (p.accepted as Record<string, unknown>) : null;
  if (p.x402Version === 2 && !accepted) return { ok: false, reason: "invalid_payload" };
  const scheme = accepted ? accepted.scheme : p.scheme;
  const network = accepted ? accepted.network : p.network;
  if (typeof scheme !== "string" || typeof network !== "string") return { ok: false, reason: "invalid_payload" };
  const payload = p.payload as { authorization?: Record<string, unknown>; signature?: unknown } | undefined;
  const a = payload?.authorization;
  const signature = payload?.signature;
  if (!a || typeof a !== "object" || typeof signature !== "string" || !isHex(signature) || signature.length > 4096)
    return { ok: false, reason: "invalid_payload" };
  const { from, to, value, validAfter, validBefore, nonce } = a;
  if (typeof from !== "string" || !isAddress(from, { strict: false }) || typeof to !== "string" || !isAddress(to, { strict: false }))
    return { ok: false, reason: "invalid_payload" };
  const uint = (v: unknown) =>
    typeof v === "string" && UINT.test(v) ? BigInt(v) : typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : null;
  const [val, after, before] = [uint(value), uint(validAfter), uint(validBefore)];
  if (val === null || after === null || before === null || typeof nonce !== "string" || !BYTES32.test(nonce))
    return { ok: false, reason: "invalid_payload" };
  return {
    ok: true,
    payment: {
      x402Version: p.x402Version,
      header,
      scheme,
      network: p.x402Version === 1 ? (V1_NETWORKS[network] ?? network) : network,
      accepted: accepted ? { asset: str(accepted.asset), payTo: str(accepted.payTo) } : null,
      authorization: {
        from: getAddress(from),
        to: getAddress(to),
        value: val,
        validAfter: after,
        validBefore: before,
        nonce: nonce.toLowerCase() as Hex,
      },
      signature,
    },
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** What the payment must match: this service's advertised `exact` terms. */
export interface ExactTerms {
  network: string;
  chainId: number;
  usdc: Address;
  payTo: Address;
  /** The advertised amount, atomic USDC units. */
  minimumAtomic: bigint;
}

export type Verification =
  | { ok: true }
  | { ok: false; reason: ExactReason; detail?: string }
  | { ok: false; reason: "chain_unavailable"; detail: string };

/** Seconds of validity an authorization must still have when it is checked (x402's own margin). */
export const VALID_BEFORE_MARGIN_SECONDS = 6n;

/**
 * The checks that need no chain: terms, recipient, amount, window, and an EOA signature. A
 * signature that does not recover to `from` is re-checked on-chain by {@link verifyOnChain} when
 * `from` is a contract (ERC-1271), so this returns `signature: "unverified"` rather than refusing.
 */
export async function verifyOffChain(
  payment: ExactPayment,
  terms: ExactTerms,
  nowSeconds = BigInt(Math.floor(Date.now() / 1000)),
): Promise<{ ok: true; signature: "valid" | "unverified" } | { ok: false; reason: ExactReason }> {
  if (payment.scheme !== "exact") return { ok: false, reason: "invalid_scheme" };
  if (payment.network !== terms.network) return { ok: false, reason: "invalid_network" };
  const auth = payment.authorization;
  if (!isAddressEqual(auth.to, terms.payTo)) return { ok: false, reason: "invalid_exact_evm_payload_recipient_mismatch" };
  const accepted = payment.accepted;
  if (accepted) {
    if (!accepted.asset || !isAddress(accepted.asset, { strict: false }) || !isAddressEqual(accepted.asset as Address, terms.usdc))
      return { ok: false, reason: "invalid_payment_requirements" };
    if (!accepted.payTo || !isAddress(accepted.payTo, { strict: false }) || !isAddressEqual(accepted.payTo as Address, terms.payTo))
      return { ok: false, reason: "invalid_payment_requirements" };
  }
  if (auth.value < terms.minimumAtomic) return { ok: false, reason: "invalid_exact_evm_payload_authorization_value" };
  if (auth.validBefore < nowSeconds + VALID_BEFORE_MARGIN_SECONDS)
    return { ok: false, reason: "invalid_exact_evm_payload_authorization_valid_before" };
  if (auth.validAfter > nowSeconds) return { ok: false, reason: "invalid_exact_evm_payload_authorization_valid_after" };
  let valid = false;
  try {
    valid = await verifyTypedData({ address: auth.from, signature: payment.signature, ...typedData(auth, terms) });
  } catch {
    valid = false;
  }
  return { ok: true, signature: valid ? "valid" : "unverified" };
}

/** The EIP-712 typed data of an authorization under this service's terms. */
export function typedData(auth: Authorization, terms: Pick<ExactTerms, "chainId" | "usdc">) {
  return {
    domain: { name: USDC_EIP712.name, version: USDC_EIP712.version, chainId: terms.chainId, verifyingContract: terms.usdc },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization" as const,
    message: {
      from: auth.from,
      to: auth.to,
      value: auth.value,
      validAfter: auth.validAfter,
      validBefore: auth.validBefore,
      nonce: auth.nonce,
    },
  };
}

/**
 * The checks that read the chain: a contract wallet's signature (ERC-1271), the nonce
 * (`authorizationState`), the balance, and an `eth_call` of `transferWithAuthorization` from
 * the settler (what would revert is not submitted).
 */
export async function verifyOnChain(
  client: PublicClient,
  payment: ExactPayment,
  terms: ExactTerms,
  settler: Address,
  signature: "valid" | "unverified",
): Promise<Verification> {
  const auth = payment.authorization;
  try {
    if (signature === "unverified") {
      const code = await client.getCode({ address: auth.from });
      const valid =
        code !== undefined &&
        code !== "0x" &&
        (await client.verifyTypedData({ address: auth.from, signature: payment.signature, ...typedData(auth, terms) }).catch(() => false));
      if (!valid) return { ok: false, reason: "invalid_exact_evm_payload_signature" };
    }
    const used = await client.readContract({
      address: terms.usdc,
      abi: EIP3009_ABI,
      functionName: "authorizationState",
      args: [auth.from, auth.nonce],
    });
    if (used) return { ok: false, reason: "invalid_exact_evm_nonce_already_used" };
    const balance = await client.readContract({ address: terms.usdc, abi: EIP3009_ABI, functionName: "balanceOf", args: [auth.from] });
    if (balance < auth.value) return { ok: false, reason: "insufficient_funds" };
  } catch (error) {
    return { ok: false, reason: "chain_unavailable", detail: describeRpcError(error) };
  }
  try {
    await client.simulateContract({ ...transferCall(payment, terms.usdc), account: settler });
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => (e as { name?: string }).name === "ContractFunctionRevertedError"))
      return { ok: false, reason: revertReason(error), detail: describeRpcError(error) };
    return { ok: false, reason: "chain_unavailable", detail: describeRpcError(error) };
  }
  return { ok: true };
}

/** The `transferWithAuthorization` call (bytes-signature form, which also carries ERC-1271 signatures). */
export function transferCall(payment: ExactPayment, usdc: Address) {
  const a = payment.authorization;
  return {
    address: usdc,
    abi: EIP3009_ABI,
    functionName: "transferWithAuthorization" as const,
    args: [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce, payment.signature] as const,
  };
}

/** Maps a revert message of USDC (FiatTokenV2) to the x402 reason (as @x402/evm's facilitator does). */
export function revertReason(error: unknown): ExactReason {
  const msg = error instanceof Error ? error.message : String(error);
  if (/authorization is expired|valid before/i.test(msg)) return "invalid_exact_evm_payload_authorization_valid_before";
  if (/not yet valid/i.test(msg)) return "invalid_exact_evm_payload_authorization_valid_after";
  // "authorization" … "used", each try read up to the next "authorization" (not to the end, once per mention).
  if (/used or canceled|authorization(?:(?!authorization).)*?used/i.test(msg)) return "invalid_exact_evm_nonce_already_used";
  if (/exceeds balance|insufficient|TestUsdc: balance/i.test(msg)) return "insufficient_funds";
  if (/invalid signature/i.test(msg)) return "invalid_exact_evm_payload_signature";
  return "invalid_exact_evm_transaction_simulation_failed";
}
