import { Elysia, t } from "elysia";
import { parseTargetUrl } from "../../extract/target-url.ts";
import { ApiError, errorResponse } from "../errors.ts";
import { createPaidRoute } from "../paid-route.ts";
import { freeTrialSubject, resolveClientIp } from "../client-ip.ts";
import { cidrMatcher } from "../../net/ip.ts";
import {
  ErrorBody,
  EXTRACT_ERRORS,
  ExtractBody,
  ExtractGetQuery,
  ExtractOptions,
  ExtractResult,
  FreeFlag,
  PaymentRequired,
} from "../schemas.ts";
import type { AppDeps } from "../deps.ts";
import { deliverArticle, parseCallOptions, rawOptionsFromQuery, resultFields, wantsFresh, type RawOptions } from "../extraction.ts";
import { cacheHeaders, markdownResponse } from "../markdown-response.ts";
import { logRequest, pathOf, requestInfo } from "../request-context.ts";
import { callSignal, enforceFailureBudget, failureClient, noteFailedCall, refuseFreeFloodEarly } from "../call-limits.ts";
import { withCallSignal } from "../../extract/service.ts";
import { STREAM_ABOVE_CHARS, streamedJsonResponse } from "../json-stream.ts";

const responses = {
  200: ExtractResult,
  400: ErrorBody(EXTRACT_ERRORS[400], "The url is missing or not an acceptable http(s) URL"),
  402: PaymentRequired,
  403: ErrorBody(EXTRACT_ERRORS[403], "robots.txt disallows the URL, or it resolves to a private address"),
  413: ErrorBody(EXTRACT_ERRORS[413], "The target's body is over 5 MiB (declared or decoded), or the request's JSON body is over 64 KiB"),
  422: ErrorBody(EXTRACT_ERRORS[422], "No article content (a PDF without a text layer included), or a type other than HTML, PDF or text"),
  429: ErrorBody(EXTRACT_ERRORS[429], "This key or IP made too many failed calls in the current window; retry after Retry-After seconds"),
  502: ErrorBody(EXTRACT_ERRORS[502], "The target could not be fetched"),
  503: ErrorBody(
    EXTRACT_ERRORS[503],
    "No worker or queue place, or the call's overall deadline passed; or an x402 payment or SIGN-IN-WITH-X proof cannot be checked or settled now (nothing charged). Retry after Retry-After seconds",
  ),
};

/** The slice of Elysia's context a call needs (kept structural so both routes can share it). */
type Ctx = {
  request: Request;
  set: { headers: Record<string, string | number> };
};

const headers = t.Object({
  authorization: t.Optional(t.String({ description: "Bearer vk_… (paid call)" })),
  "x-free-trial": t.Optional(t.String({ description: "1 to use the free trial" })),
  "payment-signature": t.Optional(
    t.String({ description: "x402 v2 payment: base64 JSON of an `exact` EIP-3009 authorization (settled by this service)" }),
  ),
  "x-payment": t.Optional(t.String({ description: "x402 v1 payment (same content as PAYMENT-SIGNATURE)" })),
  "sign-in-with-x": t.Optional(
    t.String({ description: "base64 JSON SIWX proof of a 402's sign-in-with-x challenge: spends the wallet's calls" }),
  ),
  accept: t.Optional(t.String({ description: "text/markdown for the Markdown answer (YAML front matter + Markdown); JSON otherwise" })),
  "cache-control": t.Optional(t.String({ description: "no-cache forces a fresh fetch instead of a cached answer" })),
});

export function extractRoutes(deps: AppDeps) {
  const { live } = deps;
  // The reserve → 402 → settle → charge flow of a paid route (src/server/paid-route.ts).
  const paid = createPaidRoute(deps, { path: "/extract" });
  let trusted = { source: [] as string[], match: cidrMatcher([]) };
  const isTrusted = (ip: string) => {
    const list = live.current.trustedProxies;
    if (list !== trusted.source) trusted = { source: list, match: cidrMatcher(list) };
    return trusted.match(ip);
  };

  /**
   * The unpaid fast path, run before Elysia parses and validates anything: a request to /extract
   * that carries no key and no free flag can only end in 400 (bad url) or 402, so it is answered
   * here with the checks the route applies (parseTargetUrl, parseCallOptions, and the paid route's
   * offersNothing and 402). This is the path every new client and crawler hits first; it runs at
   * close to a bare server's speed.
   */
  const unpaidFastPath = async (request: Request): Promise<Response | undefined> => {
    if (pathOf(request.url) !== "/extract" || (request.method !== "GET" && request.method !== "POST")) return;
    if (!paid.offersNothing(request)) return;
    const q = request.url.indexOf("?");
    const params = q >= 0 ? new URLSearchParams(request.url.slice(q + 1)) : null;
    const free = params?.get("free") ?? null;
    const fail = (message: string) =>
      errorResponse(new ApiError(400, "invalid_request", message), { "x-request-id": requestInfo(request).id });
    if (free !== null) return fail('Invalid request: free: the only value is "1".');
    let rawUrl: unknown;
    let rawOptions: RawOptions = {};
    if (request.method === "GET") {
      rawUrl = params?.get("url") ?? undefined;
      if (params) rawOptions = rawOptionsFromQuery(params);
    } else {
      try {
        const body = (await request.json()) as ({ url?: unknown } & RawOptions) | null;
        rawUrl = body?.url;
        rawOptions = { ...(params ? rawOptionsFromQuery(params) : {}), ...(body && typeof body === "object" ? body : {}) };
      } catch {
        return fail("Invalid request: the body is not valid JSON.");
      }
    }
    const target = parseTargetUrl(rawUrl);
    if (!target.ok) return fail(target.message);
    // Bad options are a 400 whoever pays, as on the paid path (extraction.ts names the selector).
    const parsed = await parseCallOptions(rawOptions, request.headers.get("accept"));
    if (!parsed.ok) return fail(parsed.message);
    return paid.paymentRequired(request, "payment_required");
  };

  /** One call: validate, decide who pays, extract, settle. Shared by GET and POST. */
  const handle = async (ctx: Ctx, rawUrl: unknown, rawOptions: RawOptions) => {
    const { request } = ctx;
    const info = requestInfo(request);
    const target = parseTargetUrl(rawUrl);
    if (!target.ok) throw new ApiError(400, "invalid_request", target.message);
    // Options are checked before anyone is charged: a bad selector is the caller's 400, never a paid call.
    const parsed = await parseCallOptions(rawOptions, request.headers.get("accept"));
    if (!parsed.ok) throw new ApiError(400, "invalid_request", parsed.message);
    const { options } = parsed;

    const config = live.current;
    const clientIp = resolveClientIp(info.peer, request.headers, isTrusted);
    // Failed calls are refunded, so their number is limited per key or IP: 429 before anything else.
    const who = failureClient(request, freeTrialSubject(clientIp));
    await enforceFailureBudget(deps, who);
    const free = { subject: freeTrialSubject(clientIp), callsPerDay: config.freeCallsPerDay };
    await refuseFreeFloodEarly(deps, request, who, free);
    const reserved = await paid.reserve(request, free);
    // A 402 (or, after a settled payment, its PAYMENT-RESPONSE with the refusal) is a ready Response.
    if (!reserved.ok) return reserved.response as unknown as typeof ExtractResult.static;
    const { charge } = reserved;
    Object.assign(ctx.set.headers, charge.headers);

    let delivered = false;
    try {
      // A cached answer is delivered, so it is charged like any other (docs/decisions.md "Additions (second round)").
      // One signal over robots.txt, fetch, queue and worker: the client's hang-up or the deadline.
      const signal = callSignal(deps, request);
      // The pool shares its places and workers fairly between clients (pool.ts).
      const outcome = await withCallSignal(signal, who.client, () =>
        deliverArticle(deps, target.url, options, wantsFresh(request.headers.get("cache-control"))),
      );
      // A client that hung up is released, not charged, even if the article came back in time.
      if (outcome.ok && request.signal.aborted) throw new ApiError(499, "aborted", "The client went away.");
      if (!outcome.ok) {
        await noteFailedCall(deps, who, outcome.code);
        throw new ApiError(
          outcome.status,
          outcome.code,
          outcome.message,
          outcome.upstreamStatus !== undefined ? { upstreamStatus: outcome.upstreamStatus } : {},
          outcome.retryAfterSeconds,
        );
      }
      const { delivery } = outcome;
      delivered = true;
      // A ready Response: the headers set so far (the payment's) go on it explicitly.
      if (options.format === "markdown")
        return markdownResponse(delivery, charge, charge.headers) as unknown as typeof ExtractResult.static;
      const fields = { ...resultFields(delivery), ms: Math.round(performance.now() - info.startedAt), usage: paid.usage(charge) };
      // A long article is serialised piece by piece while it is sent (json-stream.ts), so the
      // server's thread never stops tens of milliseconds for one answer.
      if (delivery.article.markdown.length > STREAM_ABOVE_CHARS) {
        const streamed = streamedJsonResponse(fields, "markdown", { ...charge.headers, ...cacheHeaders(delivery) });
        return streamed as unknown as typeof ExtractResult.static;
      }
      Object.assign(ctx.set.headers, cacheHeaders(delivery));
      return fields;
    } finally {
      await paid.finish(charge, delivered);
    }
  };

  const detail = (method: string) => ({
    summary: `Extract an article as Markdown (${method})`,
    description:
      "Paid from the first source that can pay: a Bearer key with calls left ($0.01 per call); a SIGN-IN-WITH-X proof from a wallet with calls left; an x402 `exact` payment (PAYMENT-SIGNATURE or X-PAYMENT) settled on-chain by this service when its operator enabled it, credited to the paying wallet (the answer carries PAYMENT-RESPONSE, and the wallet's new key once in X-Vellum-Api-Key); else the free trial flag with allowance left; else 402 with x402 v2 terms and a sign-in-with-x challenge. Only a delivered article is charged.",
    tags: ["extract"],
    // The key is optional: without one the free flag or a 402 applies.
    security: [{ bearerAuth: [] }, {}] as Record<string, string[]>[],
  });

  return (
    new Elysia()
      .onRequest(async ({ request }) => {
        const early = await unpaidFastPath(request);
        // Answered before routing, so Elysia's afterResponse hook does not see it: log it here.
        if (early) logRequest(deps.log, request, early.status, early);
        return early;
      })
      // HEAD never fetches, extracts or charges (request-guards.ts answers it before routing); the
      // route is here so the document shows it.
      .head(
        "/extract",
        ({ set }) => {
          set.status = 405;
          set.headers.allow = "GET, POST";
          return { error: "method_not_allowed" as const, message: "HEAD is not allowed on /extract; use GET or POST." };
        },
        {
          response: {
            405: ErrorBody(EXTRACT_ERRORS[405], "HEAD is never served (it would fetch and charge for no body): Allow: GET, POST"),
          },
          detail: { summary: "Not allowed: 405 with Allow: GET, POST", tags: ["extract"] },
        },
      )
      .get("/extract", (ctx) => handle(ctx, ctx.query.url, rawOptionsFromQuery(new URL(ctx.request.url).searchParams)), {
        query: ExtractGetQuery,
        headers,
        response: responses,
        detail: detail("GET"),
      })
      // Options may also sit in the query string (?format=markdown); the body's win.
      .post(
        "/extract",
        (ctx) => handle(ctx, ctx.body.url, { ...rawOptionsFromQuery(new URL(ctx.request.url).searchParams), ...(ctx.body as RawOptions) }),
        {
          body: ExtractBody,
          query: t.Object({ free: FreeFlag, ...ExtractOptions }),
          headers,
          response: responses,
          detail: detail("POST"),
        },
      )
  );
}
