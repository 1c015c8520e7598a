import { Elysia } from "elysia";
import type { Server } from "bun";
import { ApiError, errorResponse } from "./errors.ts";
import { extractRoutes } from "./routes/extract.ts";
import { healthRoutes } from "./routes/health.ts";
import { requestGuards } from "./request-guards.ts";
import { creditRoutes } from "./routes/credits.ts";
import { kitRoutes } from "./routes/kit.ts";
import { discoveryRoutes } from "./routes/discovery.ts";
import { mcpRoutes } from "./routes/mcp.ts";
import { landingRoutes } from "./routes/landing.ts";
import { openapiPlugin } from "./openapi.ts";
import type { AppDeps } from "./deps.ts";
import { beginRequest, CORS_HEADERS, logRequest, requestInfo } from "./request-context.ts";
import { resolveClientIp } from "./client-ip.ts";
import { cidrMatcher } from "../net/ip.ts";

/** The composition root: the request-wide hooks, then every route. Nothing imports this but the CLI and tests. */
export function createApp(deps: AppDeps) {
  const { log, live } = deps;
  // The client of each request's log line, resolved through the trusted proxies in effect.
  let trusted = { source: [] as string[], match: cidrMatcher([]) };
  const isTrusted = (ip: string) => {
    const list = live.current.trustedProxies;
    if (list !== trusted.source) trusted = { source: list, match: cidrMatcher(list) };
    return trusted.match(ip);
  };
  return (
    new Elysia()
      // Static headers are compiled into every response by Elysia: cheaper than setting them per request.
      .headers(CORS_HEADERS)
      .onRequest(({ request, server, set }) => {
        const peer = (server as Server<unknown> | null)?.requestIP(request)?.address ?? "127.0.0.1";
        const info = beginRequest(request, peer, resolveClientIp(peer, request.headers, isTrusted));
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
        info.errorCode = apiError.code;
        return errorResponse(apiError, headers);
      })
      .onAfterResponse(({ request, set, responseValue }) => {
        // A route may return a ready Response (402 terms, errors): its status is the one sent.
        logRequest(
          log,
          request,
          responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200,
          responseValue,
        );
      })
      // Malformed requests, HEAD /extract and oversized JSON bodies are answered before any route.
      .use(requestGuards(deps))
      .use(healthRoutes(deps))
      .use(extractRoutes(deps))
      .use(creditRoutes(deps))
      .use(kitRoutes(deps))
      .use(discoveryRoutes(deps))
      .use(mcpRoutes(deps))
      .use(landingRoutes(deps))
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
