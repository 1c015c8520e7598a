import type { LiveConfig } from "../live-config.ts";
import type { Logger } from "../log.ts";

/**
 * The per-request context every route shares: the request id, when the request started and the
 * socket peer's address, plus the headers and the log line every answer carries. It lives here,
 * not in the composition root (src/server/app.ts), so routes depend on it without loading the app.
 */
export interface RequestInfo {
  id: string;
  startedAt: number;
  peer: string;
  /** The client as resolved through --trusted-proxies (X-Forwarded-For / X-Real-IP from a trusted peer). */
  client: string;
  /** The `error` code of the answer, when the app's error handler made it. */
  errorCode?: string;
}

const requests = new WeakMap<Request, RequestInfo>();

/** Request ids: a random prefix per process and a counter; unique per process, cheap per request. */
const BOOT_ID = crypto.randomUUID().slice(0, 4);
let requestCounter = 0;

/** Opens the context of a request as it arrives (the app's onRequest hook). */
export function beginRequest(request: Request, peer: string, client = peer): RequestInfo {
  const info: RequestInfo = { id: `${BOOT_ID}${(++requestCounter).toString(36)}`, startedAt: performance.now(), peer, client };
  requests.set(request, info);
  return info;
}

export function requestInfo(request: Request): RequestInfo {
  return requests.get(request) ?? { id: "-", startedAt: performance.now(), peer: "127.0.0.1", client: "127.0.0.1" };
}

/** The absolute base URL for links: --public-url, else the request's own origin. */
export function publicBase(live: LiveConfig, request: Request): string {
  return live.current.publicUrl ?? new URL(request.url).origin;
}

export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  // @x402/fetch sends Access-Control-Expose-Headers as a request header with its PAYMENT-SIGNATURE
  // retry; without it here a browser's preflight fails and the client never reads our 402's reason.
  // Cache-Control (no-cache: a fresh fetch) and the MCP client's headers are not CORS-safelisted;
  // SIGN-IN-WITH-X is @x402/extensions' proof header, and a settled call answers with PAYMENT-RESPONSE
  // (X-PAYMENT-RESPONSE for x402 v1) and, once, the wallet's key in X-Vellum-Api-Key (src/server/paid-route.ts).
  "access-control-allow-headers":
    "Authorization, Content-Type, X-Free-Trial, PAYMENT-SIGNATURE, X-PAYMENT, SIGN-IN-WITH-X, Access-Control-Expose-Headers, Cache-Control, Mcp-Protocol-Version, Mcp-Session-Id",
  "access-control-allow-methods": "GET, POST, HEAD, OPTIONS",
  // The Markdown answer's billing and the cache's verdict are headers (src/server/markdown-response.ts).
  "access-control-expose-headers":
    "PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE, X-Vellum-Api-Key, Retry-After, X-Request-Id, X-Cache, X-Cache-Age, Age, X-Truncated, X-Usage-Mode, X-Calls-Remaining, X-Charged-Usd, X-Free-Calls-Remaining-Today",
  "access-control-max-age": "600",
};

/** The path of a request URL without building a URL object (hot path). */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return start < 0 ? "/" : end < 0 ? url.slice(start) : url.slice(start, end);
}

/** Error codes of the answers made by errorResponse and the 402 terms, for the request log line. */
const errorCodes = new WeakMap<Response, string>();

/** Marks `response` as carrying `{ error: code }`, so the request's log line names the code. */
export function tagErrorCode<R extends Response>(response: R, code: string): R {
  errorCodes.set(response, code);
  return response;
}

/** Longest User-Agent kept in a log line: enough to tell clients apart, not a place to store blobs. */
const MAX_USER_AGENT = 200;

/**
 * The one log line per request (Elysia's afterResponse, and answers given before routing): the
 * client as resolved through the trusted proxies, the error code of a refused call, the key's
 * public prefix (the 10 characters `vellum keys` searches by, never the key) and the user agent.
 */
export function logRequest(log: Logger, request: Request, status: number, response?: unknown): void {
  const info = requests.get(request);
  if (!info) return;
  const auth = request.headers.get("authorization");
  const key = auth && /^Bearer vk_/i.test(auth) ? auth.slice(7, 17) : undefined;
  const error = info.errorCode ?? (response instanceof Response ? errorCodes.get(response) : undefined);
  const ua = request.headers.get("user-agent");
  log.info("request", {
    req: info.id,
    method: request.method,
    path: pathOf(request.url),
    status,
    ms: Math.round(performance.now() - info.startedAt),
    client: info.client,
    ...(error ? { error } : {}),
    ...(key ? { key } : {}),
    ...(ua ? { ua: ua.length > MAX_USER_AGENT ? `${ua.slice(0, MAX_USER_AGENT)}…` : ua } : {}),
  });
}
