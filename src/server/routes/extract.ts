import { Elysia, t } from "elysia";
import { extractUrl } from "../../extract/service.ts";
import { parseTargetUrl } from "../../extract/target-url.ts";
import { ApiError, errorResponse } from "../errors.ts";
import { createPaidRoute } from "../paid-route.ts";
import { freeTrialSubject, resolveClientIp } from "../client-ip.ts";
import { cidrMatcher } from "../../net/ip.ts";
import { ErrorBody, EXTRACT_ERRORS, ExtractBody, ExtractGetQuery, ExtractResult, FreeFlag, PaymentRequired } from "../schemas.ts";
import type { AppDeps } from "../deps.ts";
import { logRequest, pathOf, requestInfo } from "../request-context.ts";

const responses = {
  200: ExtractResult,
  400: ErrorBody(EXTRACT_ERRORS[400], "The url is missing or not an acceptable http(s) URL"),
  402: PaymentRequired,
  403: ErrorBody(EXTRACT_ERRORS[403], "robots.txt disallows the URL, or it resolves to a private address"),
  413: ErrorBody(EXTRACT_ERRORS[413], "The target's body is over 5 MiB (declared or decoded)"),
  422: ErrorBody(EXTRACT_ERRORS[422], "No article content, or not an HTML page"),
  502: ErrorBody(EXTRACT_ERRORS[502], "The target could not be fetched"),
  503: ErrorBody(EXTRACT_ERRORS[503], "The extraction queue is full; retry after Retry-After seconds"),
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
   * here with the same checks (parseTargetUrl, paymentOffer, reserveCharge) the route applies. This is the path
   * every new client and crawler hits first; it runs at close to a bare server's speed.
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
    if (request.method === "GET") {
      rawUrl = params?.get("url") ?? undefined;
    } else {
      try {
        rawUrl = ((await request.json()) as { url?: unknown } | null)?.url;
      } catch {
        return fail("Invalid request: the body is not valid JSON.");
      }
    }
    const target = parseTargetUrl(rawUrl);
    if (!target.ok) return fail(target.message);
    return paid.paymentRequired(request, "payment_required");
  };

  /** One call: validate, decide who pays, extract, settle. Shared by GET and POST. */
  const handle = async (ctx: Ctx, rawUrl: unknown) => {
    const { request } = ctx;
    const info = requestInfo(request);
    const target = parseTargetUrl(rawUrl);
    if (!target.ok) throw new ApiError(400, "invalid_request", target.message);

    const config = live.current;
    const clientIp = resolveClientIp(info.peer, request.headers, isTrusted);
    const reserved = await paid.reserve(request, { subject: freeTrialSubject(clientIp), callsPerDay: config.freeCallsPerDay });
    // A 402 (or, after a settled payment, its PAYMENT-RESPONSE with the refusal) is a ready Response.
    if (!reserved.ok) return reserved.response as unknown as typeof ExtractResult.static;
    const { charge } = reserved;
    Object.assign(ctx.set.headers, charge.headers);

    let delivered = false;
    try {
      const outcome = await extractUrl(target.url, { ...deps.extract, policy: deps.extract.policy() });
      if (!outcome.ok) {
        throw new ApiError(
          outcome.status,
          outcome.code,
          outcome.message,
          outcome.upstreamStatus !== undefined ? { upstreamStatus: outcome.upstreamStatus } : {},
          outcome.retryAfterSeconds,
        );
      }
      const { article } = outcome;
      const body = {
        url: outcome.finalUrl,
        title: article.title,
        byline: article.byline,
        siteName: article.siteName,
        excerpt: article.excerpt,
        lang: article.lang,
        publishedTime: article.publishedTime,
        words: article.words,
        length: article.markdown.length,
        markdown: article.markdown,
        ms: Math.round(performance.now() - info.startedAt),
        usage: paid.usage(charge),
      };
      delivered = true;
      return body;
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

  return new Elysia()
    .onRequest(async ({ request }) => {
      const early = await unpaidFastPath(request);
      // Answered before routing, so Elysia's afterResponse hook does not see it: log it here.
      if (early) logRequest(deps.log, request, early.status);
      return early;
    })
    .get("/extract", (ctx) => handle(ctx, ctx.query.url), {
      query: ExtractGetQuery,
      headers,
      response: responses,
      detail: detail("GET"),
    })
    .post("/extract", (ctx) => handle(ctx, ctx.body.url), {
      body: ExtractBody,
      query: t.Object({ free: FreeFlag }),
      headers,
      response: responses,
      detail: detail("POST"),
    });
}
