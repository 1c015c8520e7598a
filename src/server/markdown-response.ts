import type { Charge } from "./billing.ts";
import { usageOf } from "./billing.ts";
import type { Delivery } from "./extraction.ts";

/**
 * The Markdown answer (`Accept: text/markdown` or `format=markdown`): a YAML front-matter block with
 * the article's metadata, then the Markdown. What the JSON answer says beside the article (billing,
 * cache, truncation) moves to response headers, listed in ANSWER_HEADERS for the OpenAPI document.
 */

/** A YAML scalar: JSON's double-quoted strings are valid YAML, and so are null, numbers and booleans. */
function yamlValue(value: string | number | boolean | null): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** The front matter and the Markdown, as one text/markdown document. */
export function markdownDocument(delivery: Delivery): string {
  const a = delivery.article;
  const fields: [string, string | number | boolean | null][] = [
    ["url", delivery.finalUrl],
    ["title", a.title],
    ["byline", a.byline],
    ["siteName", a.siteName],
    ["lang", a.lang],
    ["publishedTime", a.publishedTime],
    ["pageType", a.pageType ?? null],
    ["words", a.words],
  ];
  if (delivery.truncated) fields.push(["truncated", true]);
  return `---\n${fields.map(([k, v]) => `${k}: ${yamlValue(v)}`).join("\n")}\n---\n\n${a.markdown}\n`;
}

/** Headers every delivered answer carries (JSON and Markdown): the cache's verdict and its age. */
export function cacheHeaders(delivery: Delivery): Record<string, string> {
  // Age is HTTP's own word for the seconds an answer spent in a cache (RFC 9111 §5.1).
  const age = String(delivery.ageSeconds);
  return { "x-cache": delivery.cache, ...(delivery.cache === "hit" ? { "x-cache-age": age, age } : {}) };
}

/** Billing as headers (the Markdown answer has no JSON body to carry `usage`). */
export function usageHeaders(charge: Charge): Record<string, string> {
  const usage = usageOf(charge);
  if (usage.mode === "paid")
    return { "x-usage-mode": "paid", "x-calls-remaining": String(usage.callsRemaining), "x-charged-usd": String(usage.chargedUsd) };
  return { "x-usage-mode": "free", "x-free-calls-remaining-today": String(usage.freeCallsRemainingToday) };
}

export function markdownResponse(delivery: Delivery, charge: Charge, extra: Record<string, string> = {}): Response {
  return new Response(markdownDocument(delivery), {
    status: 200,
    headers: {
      "content-type": "text/markdown; charset=utf-8",
      vary: "Accept",
      ...cacheHeaders(delivery),
      ...(delivery.truncated ? { "x-truncated": "true" } : {}),
      ...usageHeaders(charge),
      ...extra,
    },
  });
}

/** The headers above, as the OpenAPI document describes them (src/server/openapi.ts). */
export const ANSWER_HEADERS = {
  "X-Cache": {
    description: "`hit` when the answer came from the extraction cache (no fetch), `miss` when it was extracted now.",
    required: true,
    schema: { type: "string", enum: ["hit", "miss"] },
  },
  Age: {
    description: "On a cache hit: seconds since the answer was extracted (the same as X-Cache-Age).",
    required: false,
    schema: { type: "integer", minimum: 0 },
  },
  "X-Cache-Age": {
    description: "On a cache hit: seconds since the answer was extracted.",
    required: false,
    schema: { type: "integer", minimum: 0 },
  },
} as const;

export const MARKDOWN_HEADERS = {
  ...ANSWER_HEADERS,
  "X-Truncated": {
    description: "`true` when maxChars (or the PDF page limit) cut the Markdown.",
    required: false,
    schema: { type: "string", const: "true" },
  },
  "X-Usage-Mode": {
    description: "Who paid: `paid` (an API key) or `free` (the free trial).",
    required: true,
    schema: { type: "string", enum: ["paid", "free"] },
  },
  "X-Calls-Remaining": {
    description: "Paid calls: calls left on the key after this one.",
    required: false,
    schema: { type: "integer", minimum: 0 },
  },
  "X-Charged-Usd": { description: "Paid calls: what this call cost, in USD.", required: false, schema: { type: "number" } },
  "X-Free-Calls-Remaining-Today": {
    description: "Free calls: free calls left today for this client.",
    required: false,
    schema: { type: "integer", minimum: 0 },
  },
} as const;
