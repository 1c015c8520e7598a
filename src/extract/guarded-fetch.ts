/**
 * The only way vellum fetches a target: DNS resolved and vetted here, sockets pinned to the vetted
 * address, redirects followed by hand and re-vetted, one deadline over everything, and a cap on the
 * decoded body.
 *
 * Why node:http(s) and not fetch(): `request({ lookup })` lets us hand the connection the address we
 * already vetted, so there is no second DNS query for a rebinding attacker to answer differently, while
 * the Host header, TLS SNI and certificate check still use the URL's name. Bun implements that option by
 * connecting to the looked-up address itself (verified in tests/extract/guarded-fetch.test.ts), and its
 * node:http client does not consult HTTP_PROXY/HTTPS_PROXY, which would otherwise move the connection
 * (and the address check) to a proxy.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { Writable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { classifyAddress, isAllowed, parseIp, type AllowList } from "./address-guard.ts";
import { effectivePort, parseTargetUrl } from "./target-url.ts";

/** How one guarded fetch behaves; the server builds it from config, tests build it by hand. */
export interface FetchPolicy {
  /** Exemptions from the private-address refusal (`--allow-private-targets`). */
  allow: AllowList;
  /** One deadline, in milliseconds, over DNS, every hop and the whole body. */
  timeoutMs: number;
  /** Cap on the decoded body, in bytes (5 MiB = 5 * 1024 * 1024 in production). */
  maxBytes: number;
  /** Redirects followed before giving up (5 in production). */
  maxRedirects: number;
  userAgent: string;
  /** Accept header; defaults to HTML first. */
  accept?: string;
  /** DNS resolution, injectable for tests; defaults to the system resolver (all A and AAAA answers). */
  resolve?: (host: string) => Promise<string[]>;
  /** Cancels the fetch early (e.g. the client went away); a TimeoutError reason reports as a timeout. */
  signal?: AbortSignal;
  /**
   * Vets every redirect target before it is requested (the first URL is the caller's to check):
   * service.ts checks the hop origin's robots.txt here, so a page its site disallows cannot be
   * reached through a redirect from an allowed site. A failure ends the fetch with it.
   */
  checkHop?: (url: URL) => Promise<FetchFailure | null>;
  /** Extra trusted CA certificates (PEM). Only for tests against a self-signed HTTPS target. */
  tlsCa?: string | string[];
}

/** A fetched 2xx response with its decoded body. */
export type FetchSuccess = {
  ok: true;
  /** The URL of the last hop, after redirects. */
  finalUrl: string;
  status: number;
  contentType: string | null;
  contentLanguage: string | null;
  /** The body after Content-Encoding was undone; at most `maxBytes` long. */
  body: Uint8Array;
  redirects: number;
};

/** Why a fetch failed, already shaped as the API's error code and status. */
export type FetchFailure = {
  ok: false;
  code: "private_address" | "too_large" | "upstream_failed" | "upstream_timeout" | "invalid_request" | "robots_disallowed";
  status: 403 | 413 | 502 | 400;
  message: string;
  /** The target's status when it answered with a non-2xx. */
  upstreamStatus?: number;
};

const DEFAULT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const fail = {
  privateAddress: (message: string): FetchFailure => ({ ok: false, code: "private_address", status: 403, message }),
  tooLarge: (maxBytes: number): FetchFailure => ({
    ok: false,
    code: "too_large",
    status: 413,
    message: `The target's response is larger than ${maxBytes} bytes.`,
  }),
  upstream: (message: string, upstreamStatus?: number): FetchFailure => ({
    ok: false,
    code: "upstream_failed",
    status: 502,
    message,
    ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
  }),
  timeout: (): FetchFailure => ({
    ok: false,
    code: "upstream_timeout",
    status: 502,
    message: "The target did not respond in time.",
  }),
  invalid: (message: string): FetchFailure => ({ ok: false, code: "invalid_request", status: 400, message }),
};

/** The deadline's abort reason, told apart from the caller's own signal and from network errors. */
class DeadlineExceeded extends Error {
  override name = "TimeoutError";
}

/** Thrown by the body sink when the decoded body passes `maxBytes`. */
class BodyTooLarge extends Error {}

/** Thrown when a Content-Encoding we did not offer arrives. */
class UnsupportedEncoding extends Error {}

/**
 * Fetches `url` under `policy`. Never throws: every outcome is a `FetchSuccess` or a `FetchFailure`.
 * - 400 invalid_request: `url` itself is not an acceptable target URL.
 * - 403 private_address: the host (or any redirect hop) resolves to a refused address not on the allow list.
 * - 413 too_large: declared Content-Length or decoded body over `maxBytes`.
 * - 502 upstream_failed: DNS, connect, TLS, protocol errors, too many redirects, non-2xx (`upstreamStatus`).
 * - 502 upstream_timeout: the deadline passed, or `policy.signal` aborted with a TimeoutError.
 */
export async function guardedFetch(url: URL, policy: FetchPolicy): Promise<FetchSuccess | FetchFailure> {
  const target = parseTargetUrl(url.href);
  if (!target.ok) return fail.invalid(target.message);
  const deadline = startDeadline(policy.timeoutMs, policy.signal);
  try {
    return await followRedirects(target.url, policy, deadline.signal);
  } catch (error) {
    return failureFromError(error, deadline.signal, policy.maxBytes);
  } finally {
    deadline.stop();
  }
}

/** Combines the timeout with the caller's signal into one signal that every step listens to. */
function startDeadline(timeoutMs: number, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded("deadline exceeded")), timeoutMs);
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener("abort", forward, { once: true });
  return {
    signal: controller.signal,
    stop() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", forward);
    },
  };
}

function failureFromError(error: unknown, signal: AbortSignal, maxBytes: number): FetchFailure {
  if (error instanceof BodyTooLarge) return fail.tooLarge(maxBytes);
  if (error instanceof UnsupportedEncoding) return fail.upstream(error.message);
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const timedOut = reason instanceof Error && reason.name === "TimeoutError";
    return timedOut ? fail.timeout() : fail.upstream("The fetch was cancelled.");
  }
  // Network details (addresses, syscalls) stay out of the message: it may reach a 5xx body.
  return fail.upstream("The target could not be reached.");
}

async function followRedirects(start: URL, policy: FetchPolicy, signal: AbortSignal): Promise<FetchSuccess | FetchFailure> {
  let current = start;
  for (let redirects = 0; ; redirects++) {
    const pinned = await resolveAndVet(current, policy, signal);
    if (!Array.isArray(pinned)) return pinned;
    const response = await sendRequest(current, pinned, policy, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;

    if (REDIRECT_STATUSES.has(status) && location !== undefined) {
      response.destroy();
      if (redirects >= policy.maxRedirects) {
        return fail.upstream(`The target redirected more than ${policy.maxRedirects} times.`);
      }
      const next = resolveLocation(location, current);
      if (next === null) return fail.upstream("The target redirected to an unsupported URL.");
      current = next;
      if (policy.checkHop) {
        const refused = await abortable(policy.checkHop(current), signal);
        if (refused) return refused;
      }
      continue;
    }
    if (status < 200 || status > 299) {
      response.destroy();
      return fail.upstream(`The target answered with HTTP ${status}.`, status);
    }
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > policy.maxBytes) {
      // Refuse on the header alone, before a single body byte is read.
      response.destroy();
      return fail.tooLarge(policy.maxBytes);
    }
    const body = await readDecodedBody(response, policy.maxBytes, signal);
    return {
      ok: true,
      finalUrl: current.href,
      status,
      contentType: headerValue(response.headers["content-type"]),
      contentLanguage: headerValue(response.headers["content-language"]),
      body,
      redirects,
    };
  }
}

/** Resolves a Location header against the hop it came from, with the same rules as the client's URL. */
function resolveLocation(location: string, base: URL): URL | null {
  let absolute: URL;
  try {
    absolute = new URL(location, base);
  } catch {
    return null;
  }
  const parsed = parseTargetUrl(absolute.href);
  return parsed.ok ? parsed.url : null;
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

/**
 * Resolves the URL's host and checks every answer: one refused answer refuses the target, since a
 * connection might use any of them. Returns the vetted addresses to pin, or a failure.
 */
async function resolveAndVet(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<string[] | FetchFailure> {
  const hostname = bareHostname(url);
  let addresses: string[];
  if (parseIp(hostname) !== null) {
    addresses = [hostname];
  } else {
    try {
      addresses = await abortable((policy.resolve ?? resolveSystem)(hostname), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return fail.upstream(`The target's host name ${hostname} could not be resolved.`);
    }
    if (addresses.length === 0) return fail.upstream(`The target's host name ${hostname} has no addresses.`);
  }
  const port = effectivePort(url);
  for (const address of addresses) {
    const refusal = classifyAddress(address);
    if (refusal !== null && !isAllowed(policy.allow, address, url.hostname, port)) {
      // One message for every kind of refused address (loopback, private, cloud metadata…) and without
      // the resolved address: telling them apart would map the internal DNS for an outsider.
      return fail.privateAddress("The target resolves to an address vellum does not fetch (private, local or reserved).");
    }
  }
  return addresses;
}

/** The system resolver, all answers of both families (what a connection could otherwise pick from). */
async function resolveSystem(host: string): Promise<string[]> {
  const answers = await dnsLookup(host, { all: true });
  return answers.map((answer) => answer.address);
}

/** URL.hostname without IPv6 brackets, the form sockets and DNS expect. */
function bareHostname(url: URL): string {
  const { hostname } = url;
  return hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
}

/** Rejects with the signal's reason as soon as it aborts, for work (DNS) that cannot be cancelled. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A `lookup` for node:http that answers with the vetted addresses only: no second DNS query. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const answers: LookupAddress[] = addresses.map((address) => ({
    address,
    family: parseIp(address)?.family ?? 4,
  }));
  return (_hostname, options, callback) => {
    if (options.all) callback(null, answers);
    else callback(null, answers[0]!.address, answers[0]!.family);
  };
}

/** Sends one GET to `url` over a socket pinned to `addresses`; resolves once the response head arrives. */
function sendRequest(url: URL, addresses: string[], policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = bareHostname(url);
  const isHttps = url.protocol === "https:";
  const transport = isHttps ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = transport.request(
      {
        protocol: url.protocol,
        host: hostname,
        port: effectivePort(url),
        path: `${url.pathname}${url.search}`,
        method: "GET",
        headers: {
          // url.host omits a default port, as browsers do; some servers route on the exact value.
          Host: url.host,
          "User-Agent": policy.userAgent,
          Accept: policy.accept ?? DEFAULT_ACCEPT,
          "Accept-Encoding": "gzip, deflate, br",
        },
        agent: false, // no pooled socket: each hop connects to its own vetted address
        lookup: pinnedLookup(addresses),
        // SNI and the certificate check use the name, never the pinned address (no SNI for IP literals).
        ...(isHttps && parseIp(hostname) === null ? { servername: hostname } : {}),
        ...(policy.tlsCa === undefined ? {} : { ca: policy.tlsCa }),
      },
      (response) => {
        signal.removeEventListener("abort", onAbort);
        resolve(response);
      },
    );
    // Bun's client swallows its own AbortError, so the deadline rejects this promise itself.
    const onAbort = () => {
      request.destroy();
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    request.on("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      reject(error);
    });
    request.end();
  });
}

/** Decoders that undo Content-Encoding, outermost last in the header so undone first. */
function contentDecoders(header: string | string[] | undefined): Transform[] {
  const codings = (headerValue(header) ?? "")
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
  return codings.reverse().map((coding) => {
    switch (coding) {
      case "gzip":
      case "x-gzip":
        return zlib.createGunzip();
      case "deflate":
        return zlib.createInflate();
      case "br":
        return zlib.createBrotliDecompress();
      default:
        throw new UnsupportedEncoding(`The target used an unsupported content encoding (${coding}).`);
    }
  });
}

/**
 * Streams the body through its decoders into memory, counting decoded bytes: past `maxBytes` the whole
 * pipeline is torn down, so a small gzip bomb never inflates further than the cap.
 */
async function readDecodedBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  let decoders: Transform[];
  try {
    decoders = contentDecoders(response.headers["content-encoding"]);
  } catch (error) {
    response.destroy();
    throw error;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      total += chunk.byteLength;
      if (total > maxBytes) return callback(new BodyTooLarge());
      chunks.push(chunk);
      callback();
    },
  });
  await pipeline([response, ...decoders, sink], { signal });
  // Copy into a fresh array: small Buffers share Node's pool, and a caller may hand `.buffer` on.
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
