import { Elysia } from "elysia";
import type { Server } from "bun";
import type { LiveConfig } from "../live-config.ts";
import type { Logger } from "../log.ts";
import type { Db } from "../store/db.ts";
import type { ExtractDeps } from "../extract/service.ts";
import { ApiError, errorResponse } from "./errors.ts";
import { extractRoutes } from "./routes/extract.ts";
import { healthRoutes } from "./routes/health.ts";
import { creditRoutes } from "./routes/credits.ts";
import { kitRoutes } from "./routes/kit.ts";
import { discoveryRoutes } from "./routes/discovery.ts";
import { openapiPlugin } from "./openapi.ts";
import type { ChainReader } from "../payments/chain.ts";

export interface AppDeps {
  db: Db;
  live: LiveConfig;
  log: Logger;
  extract: Omit<ExtractDeps, "policy"> & { policy: () => ExtractDeps["policy"] };
  /** The chain reader for the current RPC settings (rebuilt when they change). */
  chain: () => ChainReader;
}

/** Per-request facts the routes share: the request id and the socket peer's address. */
export interface RequestInfo {
  id: string;
  startedAt: number;
  peer: string;
}

const requests = new WeakMap<Request, RequestInfo>();

export function requestInfo(request: Request): RequestInfo {
  return requests.get(request) ?? { id: "-", startedAt: performance.now(), peer: "127.0.0.1" };
}

/** The absolute base URL for links: --public-url, else the request's own origin. */
export function publicBase(live: LiveConfig, request: Request): string {
  return live.current.publicUrl ?? new URL(request.url).origin;
}

export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  // @x402/fetch sends Access-Control-Expose-Headers as a request header with its PAYMENT-SIGNATURE
  // retry; without it here a browser's preflight fails and the client never reads our 402's reason.
  "access-control-allow-headers": "Authorization, Content-Type, X-Free-Trial, PAYMENT-SIGNATURE, X-PAYMENT, Access-Control-Expose-Headers",
  "access-control-allow-methods": "GET, POST, HEAD, OPTIONS",
  "access-control-expose-headers": "PAYMENT-REQUIRED, PAYMENT-RESPONSE, Retry-After, X-Request-Id",
  "access-control-max-age": "600",
};

/** Request ids: a random prefix per process and a counter; unique per process, cheap per request. */
const BOOT_ID = crypto.randomUUID().slice(0, 4);
let requestCounter = 0;

/** The path of a request URL without building a URL object (hot path). */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.indexOf("?", start);
  return start < 0 ? "/" : end < 0 ? url.slice(start) : url.slice(start, end);
}

/** The one log line per request (Elysia's afterResponse, and answers given before routing). */
export function logRequest(log: Logger, request: Request, status: number): void {
  const info = requests.get(request);
  if (!info) return;
  log.info("request", {
    req: info.id,
    method: request.method,
    path: pathOf(request.url),
    status,
    ms: Math.round(performance.now() - info.startedAt),
  });
}

export function createApp(deps: AppDeps) {
  const { log } = deps;
  return (
    new Elysia()
      // Static headers are compiled into every response by Elysia: cheaper than setting them per request.
      .headers(CORS_HEADERS)
      .onRequest(({ request, server, set }) => {
        const info: RequestInfo = {
          id: `${BOOT_ID}${(++requestCounter).toString(36)}`,
          startedAt: performance.now(),
          peer: (server as Server<unknown> | null)?.requestIP(request)?.address ?? "127.0.0.1",
        };
        requests.set(request, info);
        set.headers["x-request-id"] = info.id;
        if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS_HEADERS });
      })
      .onError(({ code, error, request, set }) => {
        const info = requestInfo(request);
        const headers = { ...CORS_HEADERS, "x-request-id": info.id };
        let apiError: ApiError;
        if (error instanceof ApiError) apiError = error;
        else if (code === "VALIDATION" || code === "PARSE") {
          const detail = code === "VALIDATION" ? validationSummary(error) : "the body is not valid JSON";
          apiError = new ApiError(400, "invalid_request", `Invalid request: ${detail}.`);
        } else if (code === "NOT_FOUND") apiError = new ApiError(404, "not_found", "No such endpoint; see /openapi.json.");
        else {
          log.error("unhandled error", { req: info.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
          apiError = new ApiError(500, "internal_error", "Something went wrong on our side; the call was not charged.");
        }
        set.status = apiError.status; // for the request log line
        return errorResponse(apiError, headers);
      })
      .onAfterResponse(({ request, set, responseValue }) => {
        // A route may return a ready Response (402 terms, errors): its status is the one sent.
        logRequest(
          log,
          request,
          responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200,
        );
      })
      .use(healthRoutes(deps))
      .use(extractRoutes(deps))
      .use(creditRoutes(deps))
      .use(kitRoutes(deps))
      .use(discoveryRoutes(deps))
      .use(openapiPlugin(deps))
  );
}

function validationSummary(error: unknown): string {
  const e = error as { valueError?: { path?: string; message?: string }; message?: string };
  if (e.valueError) {
    const field = e.valueError.path?.replace(/^\//, "") || "request";
    return `${field}: ${e.valueError.message ?? "invalid"}`;
  }
  return "the request does not match the schema";
}
