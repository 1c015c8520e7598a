import { t, type TSchema } from "elysia";

/**
 * The schemas that validate requests and shape responses; @elysiajs/openapi generates
 * /openapi.json from these same objects, so the document cannot drift from the code.
 */
export const ErrorBody = (codes: readonly string[], description: string) =>
  t.Object(
    {
      error: t.UnionEnum(codes as [string, ...string[]], { description: "stable snake_case error code" }),
      message: t.String({ description: "one human sentence" }),
      retryAfterSeconds: t.Optional(t.Integer({ minimum: 0 })),
      upstreamStatus: t.Optional(t.Integer()),
    },
    { description, additionalProperties: true },
  );

export const PaymentAccept = t.Object({
  scheme: t.Literal("exact"),
  network: t.String({ examples: ["eip155:8453"] }),
  amount: t.String({ description: "atomic USDC units (6 decimals); the minimum purchase" }),
  maxAmountRequired: t.String({ description: "same as amount" }),
  asset: t.String({ description: "USDC contract address" }),
  payTo: t.String({ description: "treasury address" }),
  maxTimeoutSeconds: t.Integer(),
  extra: t.Object({ name: t.String(), version: t.String() }),
});

export const PaymentRequired = t.Object(
  {
    x402Version: t.Literal(2),
    error: t.UnionEnum(["payment_required", "invalid_api_key", "credits_exhausted", "free_trial_exhausted", "x402_settlement_unsupported"]),
    message: t.String(),
    resource: t.Object({ url: t.String(), description: t.String(), mimeType: t.String() }),
    accepts: t.Array(PaymentAccept),
    extensions: t.Record(t.String(), t.Unknown()),
  },
  { description: "x402 v2 PaymentRequired; also base64-encoded in the PAYMENT-REQUIRED header" },
);

const Nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);

export const FreeUsage = t.Object({ mode: t.Literal("free"), freeCallsRemainingToday: t.Integer({ minimum: 0 }) });
export const PaidUsage = t.Object({ mode: t.Literal("paid"), callsRemaining: t.Integer({ minimum: 0 }), chargedUsd: t.Number() });

export const ExtractResult = t.Object({
  url: t.String({ description: "the URL that was extracted (after redirects)" }),
  title: Nullable(t.String()),
  byline: Nullable(t.String()),
  siteName: Nullable(t.String()),
  excerpt: Nullable(t.String()),
  lang: Nullable(t.String()),
  publishedTime: Nullable(t.String({ description: "ISO 8601 when the page states it" })),
  words: t.Integer({ minimum: 0, description: "words of the article text" }),
  length: t.Integer({ minimum: 0, description: "characters of the Markdown" }),
  markdown: t.String(),
  ms: t.Integer({ minimum: 0, description: "duration of the call in milliseconds" }),
  usage: t.Union([FreeUsage, PaidUsage]),
});

export const TargetUrl = t.String({ description: "http(s) URL of the page, at most 2048 characters", format: "uri", maxLength: 2048 });
export const FreeFlag = t.Optional(t.UnionEnum(["1"], { description: "use the free trial (5 calls per IP per UTC day)" }));

export const Health = t.Object({
  ok: t.Boolean(),
  service: t.String(),
  version: t.String(),
  x402Version: t.Integer(),
  now: t.String({ description: "ISO 8601" }),
  endpoints: t.Array(t.String()),
  pricing: t.Object({
    pricePerCallUsd: t.Number(),
    minimumPurchaseUsd: t.Number(),
    freeCallsPerDay: t.Integer(),
    kitPriceUsd: t.Number(),
    currency: t.String(),
  }),
  payTo: Nullable(t.String()),
  network: t.String(),
  asset: t.Object({ address: t.String(), symbol: t.String(), name: t.String(), decimals: t.Integer(), network: t.String() }),
});

export const EXTRACT_ERRORS = {
  400: ["invalid_request"],
  403: ["robots_disallowed", "private_address"],
  413: ["too_large"],
  422: ["no_content", "unsupported_content_type"],
  502: ["upstream_failed", "upstream_timeout"],
  503: ["busy"],
} as const;
