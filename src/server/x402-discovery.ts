import type { Static } from "elysia";
import { EXTRACT_RESOURCE, X402_VERSION, paymentAccepts, type TermsInput } from "../payments/terms.ts";
import { PRICE_PER_CALL_USD, formatUsd } from "../payments/amounts.ts";
import { ExtractBody, ExtractGetQuery, type BazaarExtension, type DiscoveryDocument, type DiscoveryResource } from "./schemas.ts";

/**
 * What x402 crawlers and agents read about /extract, besides the terms themselves: the bazaar
 * extension every 402 carries and the entries of /.well-known/x402.json. Both are built from the
 * TypeBox schemas that validate the requests (so they cannot drift from what the route accepts)
 * and from `paymentAccepts`, the function the 402 uses.
 */

export const ICON_PATH = "/icon.svg";

/** This instance's absolute URLs, from --public-url or the request's own origin. */
export function siteUrls(base: string) {
  return {
    resourceUrl: `${base}/extract`,
    iconUrl: `${base}${ICON_PATH}`,
    docsUrl: `${base}/docs`,
    redeemUrl: `${base}/redeem`,
  };
}

/** A schema as plain JSON (TypeBox keeps its metadata under symbols, which JSON drops). */
const plainSchema = (schema: object): Record<string, unknown> => JSON.parse(JSON.stringify(schema));

/** JSON Schema of the POST /extract body: required `url`, a string in URI format. */
export const EXTRACT_INPUT_SCHEMA = plainSchema(ExtractBody);
const EXTRACT_QUERY_SCHEMA = plainSchema(ExtractGetQuery);

/**
 * The sample call crawlers show: the article of the test site's /article-simple page
 * (tests/fixtures via tests/helpers/target-site.ts), its Markdown cut short so a 402 header stays
 * small. A constant on purpose: the server never reads what a tool generated to build an answer
 * (ARCHITECTURE.md, "Dependency direction"). tests/contract/openapi.test.ts checks it still
 * agrees with the captured real response.
 */
export const SAMPLE_INPUT = { url: "https://blog.example.com/article-simple" };
export const OUTPUT_EXAMPLE: Static<typeof DiscoveryResource>["outputExample"] = {
  title: "Parsing Pipelines in Practice",
  markdown:
    "Most parsers start life as a single function that grows until nobody dares to touch it. This article walks through a different shape: a pipeline of small stages, each of which does one thing and can be tested on its own. The [second part of this guide](https://blog.example.com/blog/guide/part-2.html) covers error recovery, and the [team page](https://blog.example.com/about/team) lists who to ask …",
  words: 283,
};

const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";

const OUTPUT_SCHEMA = {
  type: "object",
  properties: { type: { type: "string" }, example: { type: "object" } },
  required: ["type"],
};

/**
 * The x402 `bazaar` extension for a 402 answered to `method` (coinbase/x402 extensions/bazaar,
 * createBodyDiscoveryExtension / createQueryDiscoveryExtension): POST takes a JSON body, GET the
 * same URL as a query parameter. `info` always validates against `schema`.
 */
export function bazaarExtension(method: string): Static<typeof BazaarExtension> {
  const output = { type: "json", example: OUTPUT_EXAMPLE };
  // The schema of `info`: only the description of the input differs between GET and POST.
  const schemaOf = (input: { properties: Record<string, unknown>; required: string[] }) => ({
    $schema: DRAFT_2020,
    type: "object",
    properties: {
      input: {
        type: "object",
        properties: { type: { type: "string", const: "http" }, ...input.properties },
        required: input.required,
        additionalProperties: false,
      },
      output: OUTPUT_SCHEMA,
    },
    required: ["input"],
  });
  if (method.toUpperCase() === "GET") {
    return {
      info: { input: { type: "http", method: "GET", queryParams: SAMPLE_INPUT }, output },
      schema: schemaOf({
        properties: { method: { type: "string", enum: ["GET", "HEAD", "DELETE"] }, queryParams: EXTRACT_QUERY_SCHEMA },
        required: ["type", "method"],
      }),
    };
  }
  return {
    info: { input: { type: "http", method: "POST", bodyType: "json", body: SAMPLE_INPUT }, output },
    schema: schemaOf({
      properties: {
        method: { type: "string", enum: ["POST", "PUT", "PATCH"] },
        bodyType: { type: "string", enum: ["json", "form-data", "text"] },
        body: EXTRACT_INPUT_SCHEMA,
      },
      required: ["type", "method", "bodyType", "body"],
    }),
  };
}

export interface DiscoveryInput extends TermsInput {
  /** --public-url, else the request's origin. */
  base: string;
  confirmations: number;
  /** Unix seconds when the terms last changed. */
  lastUpdated: number;
  /** This instance settles x402 `exact` payments itself (a settler is configured). */
  x402Settlement?: boolean;
}

/** How a buyer settles without a facilitator (docs/api-contract.md §5's payment flow, with this instance's facts). */
export function settlementInstructions(input: DiscoveryInput): string {
  const urls = siteUrls(input.base);
  if (!input.payTo) return "This instance sells nothing yet: its operator has not configured a pay-to address.";
  return (
    `Self-serve, no facilitator: send at least ${formatUsd(input.minimumAtomic)} USDC (${input.minimumAtomic} atomic units of ${input.usdc}) ` +
    `on ${input.network} to ${input.payTo}, wait for ${input.confirmations} confirmations, then POST {"txHash":"0x…"} to ${urls.redeemUrl} ` +
    `for an API key worth floor(amount / $${PRICE_PER_CALL_USD}) calls, and call ${urls.resourceUrl} with "Authorization: Bearer <key>". ` +
    `A transaction hash is public: anyone watching the chain can redeem a transfer first, so send the payer's signature (redeemRequireSignature) or pay with x402, where the payer is proven by signature. ` +
    (input.x402Settlement
      ? `Or pay with any x402 client: an \`exact\` EIP-3009 authorization in PAYMENT-SIGNATURE is settled on-chain by this service and credited to the paying wallet, whose later calls need only a SIGN-IN-WITH-X proof (the sign-in-with-x extension of every 402).`
      : `x402 payment signatures are not settled by this instance.`)
  );
}

/** The one paid resource of this service, as a discovery entry (docs/api-contract.md §2.6). */
export function discoveryResource(input: DiscoveryInput): Static<typeof DiscoveryResource> {
  const urls = siteUrls(input.base);
  return {
    resource: urls.resourceUrl,
    type: "http",
    x402Version: X402_VERSION,
    method: "POST",
    serviceName: EXTRACT_RESOURCE.serviceName,
    description: EXTRACT_RESOURCE.description,
    tags: [...EXTRACT_RESOURCE.tags],
    iconUrl: urls.iconUrl,
    mimeType: EXTRACT_RESOURCE.mimeType,
    accepts: paymentAccepts(input),
    inputSchema: EXTRACT_INPUT_SCHEMA,
    outputExample: OUTPUT_EXAMPLE,
    lastUpdated: input.lastUpdated,
    metadata: { category: "content-extraction", provider: EXTRACT_RESOURCE.serviceName, pricePerCallUsd: PRICE_PER_CALL_USD },
    settlement: settlementInstructions(input),
    docs: urls.docsUrl,
  };
}

/** One page of the discovery document; `resources` and `items` hold the same entries. */
export function discoveryDocument(
  entries: Static<typeof DiscoveryResource>[],
  page: { limit: number; offset: number },
): Static<typeof DiscoveryDocument> {
  const slice = entries.slice(page.offset, page.offset + page.limit);
  return {
    x402Version: X402_VERSION,
    resources: slice,
    items: slice,
    pagination: { limit: page.limit, offset: page.offset, total: entries.length },
  };
}
