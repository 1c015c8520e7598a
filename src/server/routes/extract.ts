import { Elysia, type status, t } from "elysia";
import { extractUrl } from "../../extract/service.ts";
import { parseTargetUrl } from "../../extract/target-url.ts";
import { encodePaymentHeader, paymentRequired, type PaymentReason } from "../../payments/terms.ts";
import { MIN_PURCHASE_ATOMIC } from "../../payments/amounts.ts";
import { ApiError, errorResponse } from "../errors.ts";
import { NO_FREE_ALLOWANCE, offersNothing, paymentOffer, reserveCharge, settleCharge, usageOf } from "../billing.ts";
import { freeTrialSubject, resolveClientIp } from "../client-ip.ts";
import { cidrMatcher } from "../../net/ip.ts";
import { ErrorBody, EXTRACT_ERRORS, ExtractBody, ExtractGetQuery, ExtractResult, FreeFlag, PaymentRequired } from "../schemas.ts";
import { bazaarExtension, siteUrls } from "../x402-discovery.ts";
import type { AppDeps } from "../deps.ts";
import { logRequest, pathOf, publicBase, requestInfo } from "../request-context.ts";

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
});

export function extractRoutes(deps: AppDeps) {
  const { db, live } = deps;
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
    const offer = paymentOffer(request);
    if (!offersNothing(offer)) return;
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
    const charge = await reserveCharge(db, offer, NO_FREE_ALLOWANCE);
    if (charge.kind === "refused") return termsResponse(request, charge.reason);
  };

  /** One call: validate, decide who pays, extract, settle. Shared by GET and POST. */
  const handle = async (ctx: Ctx, rawUrl: unknown) => {
    const { request } = ctx;
    const info = requestInfo(request);
    const target = parseTargetUrl(rawUrl);
    if (!target.ok) throw new ApiError(400, "invalid_request", target.message);

    const config = live.current;
    const clientIp = resolveClientIp(info.peer, request.headers, isTrusted);
    const charge = await reserveCharge(db, paymentOffer(request), { subject: freeTrialSubject(clientIp), callsPerDay: config.freeCallsPerDay });
    if (charge.kind === "refused") return paymentRequiredResponse(ctx, charge.reason);

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
        usage: usageOf(charge),
      };
      delivered = true;
      return body;
    } finally {
      await settleCharge(db, charge, delivered);
    }
  };

  /**
   * The 402 answer. Its body depends only on the configuration, the reason, the method and the
   * public base, so it is built once per combination and served as ready bytes: the 402 path is
   * the one every unpaid client hits. (The contract tests validate it against its schema.)
   */
  const terms = new WeakMap<object, Map<string, { body: string; header: string }>>();
  const termsResponse = (request: Request, reason: PaymentReason): Response => {
    const c = live.current;
    const base = publicBase(live, request);
    let byConfig = terms.get(c);
    if (!byConfig) terms.set(c, (byConfig = new Map()));
    const key = `${reason} ${request.method} ${base}`;
    let cached = byConfig.get(key);
    if (!cached) {
      const body = paymentRequired({
        network: c.network,
        usdc: c.usdc,
        payTo: c.payTo,
        minimumAtomic: MIN_PURCHASE_ATOMIC,
        ...siteUrls(base),
        reason,
        extensions: { bazaar: bazaarExtension(request.method) },
      });
      cached = { body: JSON.stringify(body), header: encodePaymentHeader(body) };
      if (byConfig.size < 64) byConfig.set(key, cached); // bounded: the base comes from the Host header
    }
    return new Response(cached.body, {
      status: 402,
      headers: { "content-type": "application/json", "cache-control": "no-store", "payment-required": cached.header },
    });
  };
  // Typed as the schema'd 402 so Elysia's route typing accepts the prebuilt Response.
  const paymentRequiredResponse = ({ request }: Ctx, reason: PaymentReason) =>
    termsResponse(request, reason) as unknown as ReturnType<typeof status<402, typeof PaymentRequired.static>>;

  const detail = (method: string) => ({
    summary: `Extract an article as Markdown (${method})`,
    description:
      "Paid from the first source that can pay: a Bearer key with calls left ($0.01 per call), else the free trial flag with allowance left, else 402 with x402 v2 terms. Only a delivered article is charged.",
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
