import { Elysia } from "elysia";
import { ApiError, errorResponse } from "./errors.ts";
import { CORS_HEADERS, logRequest, pathOf, requestInfo } from "./request-context.ts";
import type { AppDeps } from "./deps.ts";

/**
 * Answers that need no route, given before any route or body parser runs (issue 11):
 * - a request whose URL does not parse (a Host header such as `a b`, `example.com:99999` or `[::1`,
 *   HTTP/1.0 without Host, CONNECT) is a 400 invalid_request, not a 500 with a stack trace from the
 *   first `new URL(request.url)` further on;
 * - `HEAD /extract` is a 405 with `Allow: GET, POST`: it never fetches, extracts or charges;
 * - a JSON body declared larger than {@link MAX_JSON_BODY_BYTES} is a 413 too_large before a byte of
 *   it is read; so is a body sent without Content-Length (chunked), whose size cannot be known
 *   before reading it. Every request body vellum accepts is JSON (/extract, /redeem, /kit/redeem).
 */

/** The largest JSON request body accepted (/extract, /redeem, /kit/redeem, /mcp): 64 KiB. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Null when the request is acceptable so far, else the answer to give at once. */
export function guardRequest(request: Request): ApiError | { status: 405; allow: string } | null {
  if (request.method === "CONNECT") return new ApiError(400, "invalid_request", "Invalid request: CONNECT is not supported.");
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return new ApiError(400, "invalid_request", "Invalid request: the Host header or request target is malformed.");
  }
  // Bun fills in a placeholder host for an HTTP/1.0 request without Host; treat it like a bad one.
  if (!request.headers.has("host") || url.hostname === "") {
    return new ApiError(400, "invalid_request", "Invalid request: a Host header is required.");
  }
  if (request.method === "HEAD" && url.pathname === "/extract") return { status: 405, allow: "GET, POST" };
  if (METHODS_WITH_BODY.has(request.method)) {
    const declared = request.headers.get("content-length");
    if (declared !== null && Number(declared) > MAX_JSON_BODY_BYTES) {
      return new ApiError(413, "too_large", `The request body is larger than ${MAX_JSON_BODY_BYTES} bytes, the limit for JSON bodies.`);
    }
    if (declared === null && request.body !== null && request.headers.has("transfer-encoding")) {
      return new ApiError(
        413,
        "too_large",
        `A request body must declare its Content-Length (at most ${MAX_JSON_BODY_BYTES} bytes); a body of unknown length is not read.`,
      );
    }
  }
  return null;
}

export function requestGuards(deps: Pick<AppDeps, "log">) {
  return new Elysia({ name: "request-guards" }).onRequest(({ request }) => {
    const verdict = guardRequest(request);
    if (verdict === null) return;
    const headers: Record<string, string> = { ...CORS_HEADERS, "x-request-id": requestInfo(request).id };
    let response: Response;
    if (verdict instanceof ApiError) {
      // A refused body is never read: the connection is closed after the answer so the client stops sending.
      if (verdict.status === 413) headers.connection = "close";
      response = errorResponse(verdict, headers);
    } else {
      response = errorResponse(
        new ApiError(405, "method_not_allowed", `${request.method} is not allowed on ${pathOf(request.url)}; use GET or POST.`),
        { ...headers, allow: verdict.allow },
      );
    }
    // Answered before routing, so Elysia's afterResponse hook does not see it: log it here.
    logRequest(deps.log, request, response.status, response);
    return response;
  });
}
