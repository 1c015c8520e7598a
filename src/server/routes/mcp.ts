import { Elysia } from "elysia";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { withCallSignal } from "../../extract/service.ts";
import { parseTargetUrl } from "../../extract/target-url.ts";
import { callSignal, enforceFailureBudget, enforcePoolRoom, failureClient, noteFailedCall } from "../call-limits.ts";
import { cidrMatcher } from "../../net/ip.ts";
import { hashSecret, looksLikeSecret } from "../../payments/secrets.ts";
import { freeCallsRemaining } from "../../store/free-trial.ts";
import { findKeyByHash } from "../../store/keys.ts";
import { utcDay } from "../billing.ts";
import { freeTrialSubject, resolveClientIp } from "../client-ip.ts";
import type { AppDeps } from "../deps.ts";
import { deliverArticle, parseCallOptions, resultFields, wantsFresh } from "../extraction.ts";
import { markdownDocument } from "../markdown-response.ts";
import { createPaidRoute } from "../paid-route.ts";
import { requestInfo } from "../request-context.ts";
import { ApiError, errorResponse } from "../errors.ts";
import { ErrorBody } from "../schemas.ts";
import { VERSION } from "../../version.ts";

/**
 * /mcp: a remote MCP server (Streamable HTTP, the official TypeScript SDK's web-standard transport,
 * stateless: one server and transport per HTTP request, JSON answers). Tools:
 * - `extract`: the same call as /extract, billed the same way: the Bearer key of the HTTP request,
 *   else the caller's free allowance (no flag needed: an MCP client has no query string to set),
 *   else a tool error carrying the x402 402 terms. Only a delivered article is charged.
 * - `balance`: calls left on the key, or free calls left today.
 */
export const MCP_PATH = "/mcp";

const selectorList = z.union([z.string(), z.array(z.string())]);

const EXTRACT_INPUT = {
  url: z.string().describe("http(s) URL of the page, PDF or text document"),
  format: z
    .enum(["markdown", "json"])
    .optional()
    .describe("markdown (default): YAML front matter + Markdown; json: the /extract JSON result"),
  include: selectorList.optional().describe("CSS selectors of the only elements to convert (no main-content detection)"),
  exclude: selectorList.optional().describe("CSS selectors of elements to remove first (e.g. nav, footer)"),
  mode: z.enum(["article", "full"]).optional().describe("article (default): main content; full: the whole body"),
  maxChars: z.number().int().optional().describe("cut the Markdown at a block boundary to at most this many characters"),
  fresh: z.boolean().optional().describe("true: fetch again instead of answering from the cache"),
};

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: "text", text: value }],
  ...(isError ? { isError } : {}),
});

/** A refusal /extract would answer with an HTTP status (429, 503), as a tool error saying the same. */
const refusal = (error: ApiError): CallToolResult => ({
  isError: true,
  content: [{ type: "text", text: `${error.code}: ${error.message}` }],
  structuredContent: {
    status: error.status,
    error: error.code,
    message: error.message,
    ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  },
});

export function mcpRoutes(deps: AppDeps) {
  const { db, live } = deps;
  const paid = createPaidRoute(deps, { path: "/extract" });
  let trusted = { source: [] as string[], match: cidrMatcher([]) };
  const isTrusted = (ip: string) => {
    const list = live.current.trustedProxies;
    if (list !== trusted.source) trusted = { source: list, match: cidrMatcher(list) };
    return trusted.match(ip);
  };
  const freeAllowance = (request: Request) => ({
    subject: freeTrialSubject(resolveClientIp(requestInfo(request).peer, request.headers, isTrusted)),
    callsPerDay: live.current.freeCallsPerDay,
  });

  /** The tools, bound to one HTTP request (its key and client address pay). */
  const serverFor = (request: Request): McpServer => {
    const server = new McpServer({ name: "vellum", version: VERSION }, { capabilities: { tools: {} } });

    server.registerTool(
      "extract",
      {
        title: "Extract a web page, PDF or text document as Markdown",
        description:
          "Fetches the URL (robots.txt respected, private addresses refused, 5 MiB cap) and returns its main content as Markdown with metadata. $0.01 per delivered call from the Bearer key of this MCP connection, else the free daily allowance; otherwise the tool error carries x402 payment terms.",
        inputSchema: EXTRACT_INPUT,
      },
      async (args): Promise<CallToolResult> => {
        const target = parseTargetUrl(args.url);
        if (!target.ok) return text(target.message, true);
        const parsed = await parseCallOptions({ ...args, format: args.format ?? "markdown" });
        if (!parsed.ok) return text(parsed.message, true);
        // The same limits as /extract (src/server/call-limits.ts): the failed-call budget, room in the pool.
        const who = failureClient(request, freeAllowance(request).subject);
        try {
          await enforceFailureBudget(deps, who);
        } catch (error) {
          if (error instanceof ApiError) return refusal(error);
          throw error;
        }
        // The free allowance needs no flag here: the request is re-read with it set.
        const offerHeaders = new Headers(request.headers);
        offerHeaders.set("x-free-trial", "1");
        const offer = new Request(request.url, { method: "POST", headers: offerHeaders });
        const reserved = await paid.reserve(offer, freeAllowance(request));
        if (!reserved.ok) {
          const terms = await reserved.response.json().catch(() => null);
          return {
            isError: true,
            content: [
              {
                type: "text",
                text: `Payment required (HTTP ${reserved.response.status}): ${(terms as { message?: string } | null)?.message ?? "no calls left"}\n${JSON.stringify(terms)}`,
              },
            ],
            structuredContent: { status: reserved.response.status, paymentRequired: terms },
          };
        }
        const { charge } = reserved;
        let delivered = false;
        try {
          // Room in the pool is checked after the payment, as /extract does: a caller with nothing to pay
          // with learns that (the terms above), not "busy". The finally releases the reservation.
          try {
            enforcePoolRoom(deps, who);
          } catch (error) {
            if (error instanceof ApiError) return refusal(error);
            throw error;
          }
          const fresh = args.fresh === true || wantsFresh(request.headers.get("cache-control"));
          const outcome = await withCallSignal(callSignal(deps, request), who.client, () =>
            deliverArticle(deps, target.url, parsed.options, fresh),
          );
          if (!outcome.ok) {
            await noteFailedCall(deps, who, outcome.code);
            return text(`${outcome.code}: ${outcome.message}`, true);
          }
          delivered = true;
          const usage = paid.usage(charge);
          const { delivery } = outcome;
          if (parsed.options.format === "markdown") {
            return { content: [{ type: "text", text: markdownDocument(delivery) }], _meta: { usage, cache: delivery.cache } };
          }
          return { content: [{ type: "text", text: JSON.stringify({ ...resultFields(delivery), usage }) }] };
        } finally {
          await paid.finish(charge, delivered);
        }
      },
    );

    server.registerTool(
      "balance",
      {
        title: "Calls left",
        description: "With a Bearer key: the calls left on it. Without: the free calls left today for this client.",
        inputSchema: {},
      },
      async (): Promise<CallToolResult> => {
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
        if (bearer) {
          const key = looksLikeSecret(bearer, "vk") ? await findKeyByHash(db, hashSecret(bearer)) : null;
          if (!key || key.revokedAt !== null) return text("unauthorized: unknown, malformed or revoked key", true);
          return text(JSON.stringify({ mode: "paid", callsRemaining: key.callsRemaining }));
        }
        const free = freeAllowance(request);
        const left = await freeCallsRemaining(db, free.subject, utcDay(new Date()), free.callsPerDay);
        return text(JSON.stringify({ mode: "free", freeCallsRemainingToday: left, freeCallsPerDay: free.callsPerDay }));
      },
    );
    return server;
  };

  const handle = async (request: Request): Promise<Response> => {
    // Stateless: no session, so no server-to-client stream to open (GET) or session to end (DELETE).
    if (request.method !== "POST") {
      return errorResponse(
        new ApiError(405, "method_not_allowed", `${request.method} is not allowed on ${MCP_PATH}: POST JSON-RPC messages.`),
        {
          allow: "POST",
          "x-request-id": requestInfo(request).id,
        },
      );
    }
    const server = serverFor(request);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      // With JSON answers the response is complete here; closing frees the per-request server.
      void server.close();
    }
  };

  const description =
    "A remote Model Context Protocol server. POST JSON-RPC messages (initialize, tools/list, tools/call); answers are JSON (no session, no stream). Send `Authorization: Bearer vk_…` to pay with a key; without one, `extract` uses the free daily allowance, then answers a tool error carrying the x402 payment terms.";
  const notAllowed = ErrorBody(["method_not_allowed"], "The endpoint is stateless: only POST; Allow: POST");
  return new Elysia()
    .post(MCP_PATH, ({ request }) => handle(request), {
      parse: "none",
      detail: {
        summary: "MCP endpoint (Streamable HTTP): tools extract and balance",
        description,
        tags: ["extract"],
        security: [{ bearerAuth: [] }, {}],
        requestBody: {
          description: "A JSON-RPC 2.0 message or batch (MCP)",
          content: { "application/json": { schema: { type: "object" }, example: { jsonrpc: "2.0", id: 1, method: "tools/list" } } },
        },
        responses: {
          200: { description: "The JSON-RPC answer", content: { "application/json": { schema: { type: "object" } } } },
          202: { description: "A notification or response was accepted (no body)" },
        },
      },
    })
    .get(MCP_PATH, ({ request }) => handle(request), {
      response: { 405: notAllowed },
      detail: { summary: "Not allowed: the MCP endpoint is stateless (no server-sent event stream)", tags: ["extract"] },
    })
    .delete(MCP_PATH, ({ request }) => handle(request), {
      response: { 405: notAllowed },
      detail: { summary: "Not allowed: the MCP endpoint is stateless (no session to end)", tags: ["extract"] },
    });
}
