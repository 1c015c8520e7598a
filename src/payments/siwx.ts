/**
 * Sign-In-With-X (x402's `sign-in-with-x` extension, CAIP-122 / EIP-4361 messages for EVM
 * wallets): how a wallet that paid once comes back without paying again.
 *
 * Every 402 declares the extension with a fresh challenge ({@link siwxExtension}): this
 * instance's domain and resource URI, a random nonce, the issue time and an expiry. The client
 * (`@x402/extensions`' `createSIWxClientExtension`, registered with `@x402/fetch`) signs the
 * EIP-4361 text of it and retries with the `SIGN-IN-WITH-X` header (standard base64 of the JSON
 * proof). {@link verifySiwxProof} checks the proof: bound to this origin, for this chain, recent
 * and unexpired, signed by `address` (EOA by ecrecover, a contract wallet by ERC-1271 via the
 * chain), and its nonce never used before (stored, single use). The wallet's credits are then
 * the key it owns (src/store/settlements.ts).
 */
import { getAddress, isAddress, isHex, verifyMessage, type Address, type Hex, type PublicClient } from "viem";
import type { Db } from "../store/db.ts";
import { consumeSiwxNonce } from "../store/settlements.ts";
import { describeRpcError } from "./chain.ts";

export const SIGN_IN_WITH_X = "sign-in-with-x";
/** The request header carrying a proof. */
export const SIWX_HEADER = "sign-in-with-x";
/** How long a challenge (and a proof of it) stays valid. */
export const SIWX_MAX_AGE_MS = 5 * 60 * 1000;
/** Clock skew tolerated for a proof's `issuedAt` in the future. */
const SKEW_MS = 60_000;
export const SIWX_STATEMENT = "Sign in to vellum to spend this wallet's prepaid calls.";
/** Largest header accepted, in characters. */
export const MAX_SIWX_HEADER = 8_192;

/** The JSON Schema of a proof, as @x402/extensions publishes it (buildSIWxSchema). */
const SIWX_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    domain: { type: "string" },
    address: { type: "string" },
    statement: { type: "string" },
    uri: { type: "string", format: "uri" },
    version: { type: "string" },
    chainId: { type: "string" },
    type: { type: "string" },
    nonce: { type: "string" },
    issuedAt: { type: "string", format: "date-time" },
    expirationTime: { type: "string", format: "date-time" },
    notBefore: { type: "string", format: "date-time" },
    requestId: { type: "string" },
    resources: { type: "array", items: { type: "string", format: "uri" } },
    signature: { type: "string" },
  },
  required: ["domain", "address", "uri", "version", "chainId", "type", "nonce", "issuedAt", "signature"],
};

export interface SiwxExtension {
  info: {
    domain: string;
    uri: string;
    statement: string;
    version: "1";
    nonce: string;
    issuedAt: string;
    expirationTime: string;
    resources: string[];
  };
  supportedChains: { chainId: string; type: "eip191" }[];
  schema: typeof SIWX_SCHEMA;
}

/**
 * A fresh challenge for a 402: `resourceUrl` is this instance's absolute URL of the route (its
 * host is the SIWX domain; clients check it against the URL they called).
 */
export function siwxExtension(resourceUrl: string, network: string, now = Date.now()): SiwxExtension {
  const url = new URL(resourceUrl);
  return {
    info: {
      domain: url.host,
      uri: resourceUrl,
      statement: SIWX_STATEMENT,
      version: "1",
      nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex"),
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + SIWX_MAX_AGE_MS).toISOString(),
      resources: [resourceUrl],
    },
    supportedChains: [{ chainId: network, type: "eip191" }],
    schema: SIWX_SCHEMA,
  };
}

/** A proof as the header carries it. */
export interface SiwxProof {
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: string;
  type: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
  signature: string;
}

export type SiwxReason =
  | "invalid_siwx_payload"
  | "invalid_siwx_domain_mismatch"
  | "invalid_siwx_uri_mismatch"
  | "invalid_siwx_chain_id"
  | "invalid_siwx_issued_at"
  | "invalid_siwx_expired"
  | "invalid_siwx_not_yet_valid"
  | "invalid_siwx_signature"
  | "invalid_siwx_nonce";

export type SiwxCheck =
  | { ok: true; address: Address }
  | { ok: false; reason: SiwxReason }
  | { ok: false; reason: "chain_unavailable"; detail: string };

/** Decodes the header: standard base64 of a JSON object with the proof's string fields. */
export function parseSiwxHeader(header: string): SiwxProof | null {
  if (header.length > MAX_SIWX_HEADER || !/^[A-Za-z0-9+/]+={0,2}$/.test(header.trim())) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(header.trim(), "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null) return null;
  const p = json as Record<string, unknown>;
  for (const k of ["domain", "address", "uri", "version", "chainId", "type", "nonce", "issuedAt", "signature"])
    if (typeof p[k] !== "string") return null;
  for (const k of ["statement", "expirationTime", "notBefore", "requestId"])
    if (p[k] !== undefined && typeof p[k] !== "string") return null;
  if (
    p.resources !== undefined &&
    (!Array.isArray(p.resources) || p.resources.some((r) => typeof r !== "string") || p.resources.length > 16)
  )
    return null;
  return p as unknown as SiwxProof;
}

/**
 * The EIP-4361 text the wallet signed (the same bytes @x402/extensions' formatSIWEMessage
 * produces through the `siwe` library; tests/payments/siwx.test.ts compares them).
 */
export function siweMessage(p: SiwxProof, chainId: number): string {
  const lines = [`${p.domain} wants you to sign in with your Ethereum account:`, p.address, ""];
  if (p.statement) lines.push(p.statement, "");
  else lines.push("");
  lines.push(`URI: ${p.uri}`, `Version: ${p.version}`, `Chain ID: ${chainId}`, `Nonce: ${p.nonce}`, `Issued At: ${p.issuedAt}`);
  if (p.expirationTime) lines.push(`Expiration Time: ${p.expirationTime}`);
  if (p.notBefore) lines.push(`Not Before: ${p.notBefore}`);
  if (p.requestId) lines.push(`Request ID: ${p.requestId}`);
  if (p.resources?.length) lines.push("Resources:", ...p.resources.map((r) => `- ${r}`));
  return lines.join("\n");
}

/**
 * Verifies a proof for `resourceUrl` (this instance's absolute URL of the route) on `network`
 * (`eip155:N`), and consumes its nonce. Order: shape, binding, time, signature, nonce — the nonce
 * is only spent by a proof that is otherwise valid.
 */
export async function verifySiwxProof(
  db: Db,
  client: () => PublicClient,
  header: string,
  expected: { resourceUrl: string; network: string },
  now = Date.now(),
): Promise<SiwxCheck> {
  const p = parseSiwxHeader(header);
  if (!p || !isAddress(p.address, { strict: false }) || !isHex(p.signature) || !/^[A-Za-z0-9]{8,128}$/.test(p.nonce) || p.version !== "1")
    return { ok: false, reason: "invalid_siwx_payload" };
  const origin = new URL(expected.resourceUrl);
  if (p.domain !== origin.host) return { ok: false, reason: "invalid_siwx_domain_mismatch" };
  try {
    if (new URL(p.uri).origin !== origin.origin) return { ok: false, reason: "invalid_siwx_uri_mismatch" };
  } catch {
    return { ok: false, reason: "invalid_siwx_uri_mismatch" };
  }
  if (p.chainId !== expected.network || p.type !== "eip191") return { ok: false, reason: "invalid_siwx_chain_id" };
  const issuedAt = Date.parse(p.issuedAt);
  if (!Number.isFinite(issuedAt) || now - issuedAt > SIWX_MAX_AGE_MS || issuedAt - now > SKEW_MS)
    return { ok: false, reason: "invalid_siwx_issued_at" };
  let expiresAt = issuedAt + SIWX_MAX_AGE_MS;
  if (p.expirationTime !== undefined) {
    const exp = Date.parse(p.expirationTime);
    if (!Number.isFinite(exp) || exp <= now) return { ok: false, reason: "invalid_siwx_expired" };
    expiresAt = Math.min(expiresAt, exp);
  }
  if (p.notBefore !== undefined) {
    const nb = Date.parse(p.notBefore);
    if (!Number.isFinite(nb) || nb > now + SKEW_MS) return { ok: false, reason: "invalid_siwx_not_yet_valid" };
  }
  const address = getAddress(p.address);
  const message = siweMessage(p, Number(expected.network.split(":")[1]));
  let valid = false;
  try {
    valid = await verifyMessage({ address, message, signature: p.signature as Hex });
  } catch {
    valid = false;
  }
  if (!valid) {
    // A contract wallet signs by ERC-1271 (or ERC-6492 before deployment): only the chain can tell.
    try {
      valid = await client().verifyMessage({ address, message, signature: p.signature as Hex });
    } catch (error) {
      return { ok: false, reason: "chain_unavailable", detail: describeRpcError(error) };
    }
  }
  if (!valid) return { ok: false, reason: "invalid_siwx_signature" };
  if (!(await consumeSiwxNonce(db, p.nonce, address, expiresAt))) return { ok: false, reason: "invalid_siwx_nonce" };
  return { ok: true, address };
}
