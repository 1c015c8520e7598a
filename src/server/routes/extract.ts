import { Elysia, status, t } from "elysia";
import { extractUrl } from "../../extract/service.ts";
import { parseTargetUrl } from "../../extract/target-url.ts";
import { encodePaymentHeader, paymentRequired, type PaymentReason } from "../../payments/terms.ts";
import { MIN_PURCHASE_ATOMIC } from "../../payments/amounts.ts";
import { ApiError } from "../errors.ts";
import { reserveCharge, settleCharge, usageOf } from "../billing.ts";
import { cidrMatcher, freeTrialSubject, resolveClientIp } from "../client-ip.ts";
import { ErrorBody, EXTRACT_ERRORS, ExtractBody, ExtractGetQuery, ExtractResult, FreeFlag, PaymentRequired } from "../schemas.ts";
import { bazaarExtension, siteUrls } from "../x402-discovery.ts";
import { publicBase, requestInfo, type AppDeps } from "../app.ts";

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

  /** One call: validate, decide who pays, extract, settle. Shared by GET and POST. */
  const handle = async (ctx: Ctx, rawUrl: unknown) => {
    const { request } = ctx;
    const info = requestInfo(request);
    const target = parseTargetUrl(rawUrl);
    if (!target.ok) throw new ApiError(400, "invalid_request", target.message);

    const config = live.current;
    const query = request.url.indexOf("?");
    const clientIp = resolveClientIp(info.peer, request.headers, isTrusted);
    const charge = reserveCharge(db, {
      authorization: request.headers.get("authorization"),
      // Read from the raw query: the validated one gets schema defaults filled in.
      freeFlag: (query >= 0 && new URLSearchParams(request.url.slice(query + 1)).get("free") === "1") || request.headers.get("x-free-trial") === "1",
      freeSubject: freeTrialSubject(clientIp),
      freeCallsPerDay: config.freeCallsPerDay,
      x402Payment: request.headers.has("payment-signature") || request.headers.has("x-payment"),
    });
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
      settleCharge(db, charge, delivered);
    }
  };

  /**
   * The 402 answer. Its body depends only on the configuration, the reason, the method and the
   * public base, so it is built once per combination and served as ready bytes: the 402 path is
   * the one every unpaid client hits. (The contract tests validate it against its schema.)
   */
  const terms = new WeakMap<object, Map<string, { body: string; header: string }>>();
  const paymentRequiredResponse = ({ request }: Ctx, reason: PaymentReason) => {
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
    const response = new Response(cached.body, {
      status: 402,
      headers: { "content-type": "application/json", "cache-control": "no-store", "payment-required": cached.header },
    });
    // Typed as the schema'd 402 so Elysia's route typing accepts the prebuilt Response.
    return response as unknown as ReturnType<typeof status<402, typeof PaymentRequired.static>>;
  };

  const detail = (method: string) => ({
    summary: `Extract an article as Markdown (${method})`,
    description:
      "Paid from the first source that can pay: a Bearer key with calls left ($0.01 per call), else the free trial flag with allowance left, else 402 with x402 v2 terms. Only a delivered article is charged.",
    tags: ["extract"],
    // The key is optional: without one the free flag or a 402 applies.
    security: [{ bearerAuth: [] }, {}] as Record<string, string[]>[],
  });

  return new Elysia()
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
