/**
 * The HTTP boundary's error: routes throw or return it; the app's onError turns it into
 * `{ error, message, ...extra }` with its status (and Retry-After for 425/429/503 with a hint).
 * A 5xx body never carries the cause: that goes to the log.
 */
import { tagErrorCode } from "./request-context.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export function errorBody(err: ApiError): Record<string, unknown> {
  return {
    error: err.code,
    message: err.message,
    ...(err.retryAfterSeconds !== undefined ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
    ...err.extra,
  };
}

export function errorResponse(err: ApiError, headers: Record<string, string> = {}): Response {
  const h: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store", ...headers };
  if (err.retryAfterSeconds !== undefined) h["retry-after"] = String(err.retryAfterSeconds);
  return tagErrorCode(new Response(JSON.stringify(errorBody(err)), { status: err.status, headers: h }), err.code);
}
