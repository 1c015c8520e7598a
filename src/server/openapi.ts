import { Elysia } from "elysia";
import { openapi } from "@elysiajs/openapi";
// Bun embeds `type: "file"` imports in the compiled binary: /docs never needs a CDN.
import swaggerBundlePath from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import swaggerCssPath from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import { API_VERSION, SERVICE_NAME } from "../version.ts";
import capturedExamples from "./openapi-examples.json" with { type: "json" };
import type { LiveConfig } from "../live-config.ts";
import { ANSWER_HEADERS, MARKDOWN_HEADERS, markdownDocument } from "./markdown-response.ts";
import { snippetsMarkdown } from "./snippets.ts";

/**
 * /openapi.json and /docs. @elysiajs/openapi generates the document from the route schemas (the
 * same objects that validate requests and shape responses); `completeDocument` then does, in
 * this one place, what the generator cannot: response headers, the examples captured from real
 * responses (openapi-examples.json, refreshed by `npm run openapi:examples`: data only this file reads), the servers entry,
 * and three corrections of the generator's output (integers published as integers, a string
 * answer under its own media type, no body on HEAD). It never restates a schema.
 */
export const SPEC_PATH = "/openapi.json";
export const DOCS_PATH = "/docs";
/** Relative to the /docs page, so a reverse proxy that mounts vellum under a prefix still works. */
const ASSETS = { bundle: "docs/assets/swagger-ui-bundle.js", css: "docs/assets/swagger-ui.css" };

const DESCRIPTION = [
  "Turns an article URL into clean Markdown with its metadata (title, byline, site name, excerpt, language, word count).",
  "",
  "**Paying for a call.** A call is paid from the first source that can pay: an API key (`Authorization: Bearer vk_…`) with calls left ($0.01 each);",
  "a `SIGN-IN-WITH-X` proof from a wallet with calls left; an x402 payment (`PAYMENT-SIGNATURE`, or `X-PAYMENT` for x402 v1) when the operator",
  "enabled settlement; else the free trial (`free=1` or `X-Free-Trial: 1`, 5 calls per client IP per UTC day); else the answer is 402 with x402 v2",
  "payment terms, in the body and base64-encoded in the `PAYMENT-REQUIRED` header, and a fresh `sign-in-with-x` challenge. Only a delivered",
  "article is charged. `/health` says which ways to pay are open (`payments`).",
  "",
  "**Buying calls, two ways.** (1) x402: a stock x402 client signs an `exact` EIP-3009 authorization for the terms' amount; the service verifies it,",
  "settles it on-chain itself (no facilitator), credits floor(amount / $0.01) calls to the paying wallet and serves the call with `PAYMENT-RESPONSE`",
  "(base64 `{success, transaction, network, payer}`); the wallet's first settlement returns its key once in `X-Vellum-Api-Key`. Later calls sign the",
  "402's `sign-in-with-x` challenge instead of paying. A refused payment is a 402 whose `error` is the x402 reason; nothing is charged.",
  "(2) Send at least $1.00 of USDC to the `payTo` address, wait for the confirmations, then POST the transaction hash to `/redeem` for an API key.",
  "A transaction hash is public: anyone watching the chain can redeem it first, so send the payer's signature with it, or pay with x402.",
  "",
  "**Errors.** Every error other than 402 is `{ error, message }` with a stable snake_case `error` code listed per status below;",
  "425, 429 and a retryable 503 also send `Retry-After`.",
  "",
  "**Formats, PDFs, aiming, the cache.** `format=markdown` (or `Accept: text/markdown`) answers `text/markdown` with a YAML front matter",
  "(url, title, byline, siteName, lang, publishedTime, pageType, words) and the billing in `X-Usage-Mode`, `X-Calls-Remaining`, `X-Charged-Usd` or",
  "`X-Free-Calls-Remaining-Today`. PDFs (text layer; title, author and date from the document info) and text/plain or text/markdown documents",
  "are extracted like pages. `include` / `exclude` take CSS selectors, `mode=full` converts the whole page, `maxChars` cuts at a block",
  'boundary (`truncated: true`). Answers are cached per URL and options (`cache: "hit"`, `X-Cache`, `X-Cache-Age`; charged like any call);',
  "`Cache-Control: no-cache` fetches again.",
  "",
  "**Agents.** `/mcp` is an MCP server (Streamable HTTP) with the tools `extract` and `balance`, billed like /extract; `/llms.txt` says the",
  "same for language models.",
  "",
  "## Client snippets",
  "",
  snippetsMarkdown("###"),
].join("\n");

export const DOCUMENTATION = {
  // The plugin copies info.description unescaped into the /docs page's <meta> tags, where the snippets'
  // quotes would end the attribute: the page gets a one-line summary, /openapi.json (rendered by Swagger
  // UI) the full description, set in completeDocument.
  info: {
    title: `${SERVICE_NAME} API`,
    version: API_VERSION,
    description: "Article URL to clean Markdown with metadata, paid per call in USDC",
  },
  tags: [
    { name: "extract", description: "Article URL to Markdown" },
    { name: "payments", description: "Buying calls with USDC and checking what is left" },
    { name: "kit", description: "The seller kit: a one-time downloadable tarball" },
    { name: "discovery", description: "Machine-readable descriptions of this service" },
    { name: "service", description: "Status and pricing" },
  ],
  components: {
    securitySchemes: {
      bearerAuth: {
        type: "http" as const,
        scheme: "bearer",
        bearerFormat: "vk_…",
        description: "An API key from POST /redeem, sent as `Authorization: Bearer vk_…`.",
      },
      signInWithX: {
        type: "apiKey" as const,
        in: "header" as const,
        name: "SIGN-IN-WITH-X",
        description: "A SIGN-IN-WITH-X proof (base64) by the wallet that paid with x402: spends that wallet's calls.",
      },
    },
  },
  // The plugin hides its own two routes; the contract lists them (docs/api-contract.md §4.9), so they are declared here.
  paths: {
    [SPEC_PATH]: {
      get: {
        operationId: "getOpenapiJson",
        summary: "This OpenAPI 3.1 document",
        tags: ["discovery"],
        responses: { 200: { description: "The OpenAPI document", content: { "application/json": { schema: { type: "object" } } } } },
      },
    },
    [DOCS_PATH]: {
      get: {
        operationId: "getDocs",
        summary: "Browsable API reference (works offline)",
        tags: ["discovery"],
        responses: { 200: { description: "HTML page", content: { "text/html": { schema: { type: "string" } } } } },
      },
    },
  },
};

type Json = Record<string, unknown>;
type Examples = {
  requests: Record<string, unknown>;
  responses: Record<string, Record<string, Record<string, { summary?: string; value: unknown }>>>;
};

/** Response headers by status, for every operation that can answer it. */
const STATUS_HEADERS: Record<string, Json> = {
  "402": {
    "PAYMENT-REQUIRED": {
      description: "The same x402 v2 PaymentRequired object as the body, as standard base64 (no line breaks) of its JSON.",
      required: true,
      schema: { type: "string", contentEncoding: "base64", contentMediaType: "application/json" },
    },
    "Cache-Control": { description: "Payment terms are never cached.", required: true, schema: { type: "string", const: "no-store" } },
  },
  "425": { "Retry-After": { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer", minimum: 1 } } },
  "429": { "Retry-After": { description: "Seconds to wait before retrying.", required: true, schema: { type: "integer", minimum: 1 } } },
  "503": {
    "Retry-After": {
      description: "Seconds to wait before retrying; sent when retrying can help (busy, chain_unavailable).",
      required: false,
      schema: { type: "integer", minimum: 1 },
    },
  },
};

/** Headers of one operation's answer (the kit download's file headers). */
const KIT_FILE_HEADERS: Json = {
  "Content-Length": { description: "Size of the tarball in bytes.", required: true, schema: { type: "integer", minimum: 0 } },
  "Content-Disposition": { description: 'attachment; filename="<name>-<version>.tar.gz"', required: true, schema: { type: "string" } },
  ETag: { description: "The quoted hex SHA-256 of the tarball.", required: true, schema: { type: "string", pattern: '^"[0-9a-f]{64}"$' } },
  "X-Downloads-Remaining": {
    description: "Downloads the order has left after this one.",
    required: true,
    schema: { type: "integer", minimum: 0 },
  },
  "Cache-Control": {
    description: "The URL carries a secret; nothing may cache it.",
    required: true,
    schema: { type: "string", const: "no-store" },
  },
};
/** A delivered /extract answer: the cache's headers always, the billing ones on the Markdown answer. */
const EXTRACT_200_HEADERS: Json = {
  ...ANSWER_HEADERS,
  ...Object.fromEntries(
    Object.entries(MARKDOWN_HEADERS)
      .filter(([name]) => !(name in ANSWER_HEADERS))
      .map(([name, h]) => [name, { ...h, required: false, description: `Markdown answer only. ${h.description}` }]),
  ),
};
/** A call paid by an x402 payment the service settled (src/server/paid-route.ts). */
const SETTLEMENT_HEADERS: Json = {
  "PAYMENT-RESPONSE": {
    description:
      "Calls paid by an x402 payment only: base64 JSON `{success, transaction, network, payer}` of the settlement (also as X-PAYMENT-RESPONSE for an x402 v1 X-PAYMENT).",
    required: false,
    schema: { type: "string" },
  },
  "X-Vellum-Api-Key": {
    description: "The paying wallet's first settlement only: its `vk_` key, shown once (SIGN-IN-WITH-X spends the same calls).",
    required: false,
    schema: { type: "string", pattern: "^vk_" },
  },
};
const OPERATION_HEADERS: Record<string, Record<string, Json>> = {
  "get /extract": { "200": { ...EXTRACT_200_HEADERS, ...SETTLEMENT_HEADERS } },
  "post /extract": { "200": { ...EXTRACT_200_HEADERS, ...SETTLEMENT_HEADERS } },
  "get /kit/download": { "200": KIT_FILE_HEADERS },
  "head /kit/download": { "200": KIT_FILE_HEADERS },
};

/**
 * A string answer that states its media type (`contentMediaType`, e.g. the kit's application/gzip)
 * is published under that type; the generator files every string under text/plain.
 */
function contentUnderItsMediaType(content: Record<string, Json>): Record<string, Json> {
  const plain = content["text/plain"];
  const declared = (plain?.schema as Json | undefined)?.contentMediaType;
  if (!plain || typeof declared !== "string" || declared === "text/plain") return content;
  const { "text/plain": _, ...rest } = content;
  return { ...rest, [declared]: plain };
}

/**
 * Elysia's `t.Integer` accepts a string of digits too (it is also used for query strings), so the
 * generator writes `anyOf: [{ type: string, format: integer }, { type: integer }]`. What goes over
 * the wire in a JSON body, and what a query parameter means, is the integer: keep that branch.
 */
function collapseCoercions(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(collapseCoercions);
  if (!node || typeof node !== "object") return node;
  const { anyOf, ...rest } = node as Json;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const coerced = anyOf.findIndex((s: Json) => s?.type === "string" && (s.format === "integer" || s.format === "numeric"));
    if (coerced !== -1) return collapseCoercions({ ...rest, ...(anyOf[1 - coerced] as Json) });
  }
  return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, collapseCoercions(v)]));
}

/**
 * The Markdown answer of /extract (format=markdown or Accept: text/markdown): its examples are the
 * captured JSON answers rendered by the same function the route uses.
 */
function markdownContent(captured: Record<string, { summary?: string; value: unknown }>): Json {
  const examples: Record<string, Json> = {};
  for (const [name, example] of Object.entries(captured)) {
    const v = example.value as Parameters<typeof markdownDocument>[0]["article"] & {
      url: string;
      truncated?: boolean;
      cache?: "hit" | "miss";
    };
    if (typeof v?.markdown !== "string") continue;
    examples[name] = {
      summary: example.summary,
      value: markdownDocument({ finalUrl: v.url, article: v, truncated: v.truncated === true, cache: v.cache ?? "miss", ageSeconds: 0 }),
    };
  }
  return {
    schema: {
      type: "string",
      description:
        "YAML front matter (url, title, byline, siteName, lang, publishedTime, pageType, words; truncated when cut), then the Markdown",
    },
    examples,
  };
}

/**
 * The published document: the generated one plus response headers, captured examples and
 * servers. Pure; the generated object is not modified.
 */
export function completeDocument(generated: Json, options: { publicUrl: string | null; examples?: Examples }): Json {
  const examples = options.examples ?? (capturedExamples as unknown as Examples);
  const doc = collapseCoercions(generated) as Json & { paths: Record<string, Record<string, Json>> };
  doc.info = { ...(doc.info as Json), description: DESCRIPTION };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method} ${path}`;
      // Swagger UI shows a parameter's own description and example, not its schema's: lift them.
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        const schema = parameter.schema as Json | undefined;
        if (schema?.description && !parameter.description) parameter.description = schema.description;
        const schemaExamples = schema?.examples;
        if (Array.isArray(schemaExamples) && schemaExamples.length > 0 && parameter.example === undefined)
          parameter.example = schemaExamples[0];
      }
      const requestExample = examples.requests[key];
      const requestContent = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content?.["application/json"];
      if (requestExample !== undefined && requestContent) requestContent.example = requestExample;
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [status, response] of Object.entries(responses)) {
        const headers = { ...STATUS_HEADERS[status], ...OPERATION_HEADERS[key]?.[status] };
        if (Object.keys(headers).length > 0) response.headers = { ...(response.headers as Json | undefined), ...headers };
        if (response.content) response.content = contentUnderItsMediaType(response.content as Record<string, Json>);
        // A HEAD answer has the GET's status and headers but never a body.
        if (method === "head") delete response.content;
        const captured = examples.responses[key]?.[status];
        const content = (response.content as Record<string, Json> | undefined)?.["application/json"];
        if (captured && content) content.examples = captured;
        if (captured && content && status === "200" && (key === "get /extract" || key === "post /extract"))
          (response.content as Record<string, Json>)["text/markdown"] = markdownContent(captured);
      }
    }
  }
  if (options.publicUrl) doc.servers = [{ url: options.publicUrl }];
  return doc;
}

/** The plugin, configured: /openapi.json (completed) and /docs with its assets served locally. */
export function openapiPlugin({ live }: { live: LiveConfig }) {
  let memo: { generated: unknown; publicUrl: string | null; doc: Json } | null = null;
  const published = (generated: Json) => {
    const publicUrl = live.current.publicUrl;
    if (memo?.generated !== generated || memo.publicUrl !== publicUrl)
      memo = { generated, publicUrl, doc: completeDocument(generated, { publicUrl }) };
    return memo.doc;
  };
  const asset = (path: string, type: string) => () =>
    new Response(Bun.file(path), { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });

  return (
    new Elysia({ name: "vellum-openapi" })
      // The page's asset URLs are relative to /docs; from /docs/ they would miss.
      .onRequest(({ request }) => {
        if (new URL(request.url).pathname === `${DOCS_PATH}/`)
          return new Response(null, { status: 308, headers: { location: `../${DOCS_PATH.slice(1)}` } });
      })
      .onAfterHandle(({ request, response }) => {
        if (new URL(request.url).pathname === SPEC_PATH && response && typeof response === "object") return published(response as Json);
      })
      .use(
        openapi({
          path: DOCS_PATH,
          specPath: SPEC_PATH,
          openapiVersion: "3.1.0",
          provider: "swagger-ui",
          // The default skips every path with a dot, which would drop /.well-known/x402.json.
          exclude: { staticFile: false },
          documentation: DOCUMENTATION as NonNullable<Parameters<typeof openapi>[0]>["documentation"],
          swagger: {
            cdn: ASSETS.bundle,
            theme: ASSETS.css,
            // Swagger UI would otherwise load a badge from validator.swagger.io.
            validatorUrl: null,
            deepLinking: true,
            defaultModelsExpandDepth: 0,
          } as Record<string, unknown>,
        }),
      )
      .get(`/${ASSETS.bundle}`, asset(swaggerBundlePath, "text/javascript; charset=utf-8"), { detail: { hide: true } })
      .get(`/${ASSETS.css}`, asset(swaggerCssPath, "text/css; charset=utf-8"), { detail: { hide: true } })
  );
}
