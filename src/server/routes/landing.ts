import { Elysia, t } from "elysia";
import { MIN_PURCHASE_ATOMIC, PRICE_PER_CALL_ATOMIC, atomicToUsd } from "../../payments/amounts.ts";
import { SERVICE_NAME, VERSION } from "../../version.ts";
import type { AppDeps } from "../deps.ts";
import { publicBase } from "../request-context.ts";
import { DEFAULT_ENDPOINT, SNIPPETS } from "../snippets.ts";

/**
 * GET / and GET /llms.txt: where an agent builder (or an agent) starts. `/` is a small landing
 * answer, HTML for browsers and JSON otherwise, pointing to the reference; `/llms.txt` follows the
 * llms.txt convention (an H1, a one-line summary in a quote, then sections of links and notes) and
 * says what vellum does, how to call it and how to pay, with the tested client snippets.
 */
const SUMMARY = "Turns a URL (article, PDF or text document) into clean Markdown with its metadata, for $0.01 a call in USDC.";

const Landing = t.Object(
  {
    service: t.String(),
    version: t.String(),
    description: t.String(),
    docs: t.String({ description: "browsable API reference" }),
    openapi: t.String({ description: "the OpenAPI 3.1 document" }),
    llmsTxt: t.String({ description: "llms.txt: how to call and pay, for language models" }),
    mcp: t.String({ description: "the MCP endpoint (Streamable HTTP)" }),
    extract: t.String(),
    health: t.String(),
    x402Discovery: t.String(),
  },
  { additionalProperties: false, description: "Where to start" },
);

function links(base: string) {
  return {
    docs: `${base}/docs`,
    openapi: `${base}/openapi.json`,
    llmsTxt: `${base}/llms.txt`,
    mcp: `${base}/mcp`,
    extract: `${base}/extract`,
    health: `${base}/health`,
    x402Discovery: `${base}/.well-known/x402.json`,
  };
}

/** The snippets (src/server/snippets.ts) with this instance's address as the default endpoint. */
export function withBase(code: string, base: string): string {
  return code.replaceAll(DEFAULT_ENDPOINT, base);
}

export function llmsTxt(base: string, freeCallsPerDay: number): string {
  const price = atomicToUsd(PRICE_PER_CALL_ATOMIC);
  const minimum = atomicToUsd(MIN_PURCHASE_ATOMIC);
  const l = links(base);
  return `# ${SERVICE_NAME}

> ${SUMMARY}

${SERVICE_NAME} fetches a page (robots.txt respected, private addresses refused, 5 MiB cap), finds its main content and answers Markdown with title, byline, site name, language, published time and word count. PDFs (text layer) and text/plain or text/markdown documents are read too.

## Call it

- [GET or POST /extract](${l.docs}): \`url\` (required); \`format=markdown\` or \`Accept: text/markdown\` for a Markdown answer with YAML front matter (JSON otherwise); \`include\` / \`exclude\` CSS selectors; \`mode=full\` for the whole page; \`maxChars\` to cut at a block boundary (\`truncated: true\`). Answers are cached (\`cache: "hit"\`, header \`X-Cache\`); send \`Cache-Control: no-cache\` for a fresh fetch.
- [MCP server](${l.mcp}): Streamable HTTP, tools \`extract\` and \`balance\`; send \`Authorization: Bearer vk_…\` to pay with a key.
- [OpenAPI 3.1 document](${l.openapi}) and [browsable reference](${l.docs}).

## Pay

- Free trial: \`free=1\` or \`X-Free-Trial: 1\`, ${freeCallsPerDay} calls per client IP per UTC day (the MCP \`extract\` tool uses it without a flag).
- API key: send at least $${minimum.toFixed(2)} of USDC to the \`payTo\` of [/health](${l.health}), then POST the transaction hash to /redeem for a key worth $${price} a call; send it as \`Authorization: Bearer vk_…\`.
- x402: without a key or the free flag, /extract answers 402 with x402 v2 payment terms ([discovery](${l.x402Discovery})); a stock x402 client pays them when the operator enabled settlement (\`payments\` in /health). Only a delivered article is charged; a cached answer is charged like any other.

## Examples

${SNIPPETS.map((s) => `### ${s.title}\n\n\`\`\`${s.language}\n${withBase(s.code, base)}\n\`\`\``).join("\n\n")}
`;
}

function landingHtml(base: string): string {
  const l = links(base);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SERVICE_NAME}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem}code{background:#f3f3f3;padding:0 .2em}</style>
</head><body>
<h1>${SERVICE_NAME}</h1>
<p>${esc(SUMMARY)}</p>
<pre><code>curl "${esc(base)}/extract?free=1&amp;format=markdown&amp;url=https://example.com/"</code></pre>
<ul>
<li><a href="${esc(l.docs)}">API reference</a> (<a href="${esc(l.openapi)}">OpenAPI</a>)</li>
<li><a href="${esc(l.llmsTxt)}">llms.txt</a>: how to call and pay, for agents</li>
<li>MCP: <code>${esc(l.mcp)}</code> (Streamable HTTP, tools <code>extract</code> and <code>balance</code>)</li>
<li><a href="${esc(l.health)}">Status and pricing</a></li>
</ul>
</body></html>
`;
}

/** True when the client prefers an HTML page (a browser), by its Accept header. */
function wantsHtml(accept: string | null): boolean {
  return !!accept && /\btext\/html\b/i.test(accept);
}

export function landingRoutes({ live }: AppDeps) {
  return new Elysia()
    .get(
      "/",
      ({ request, set }) => {
        const base = publicBase(live, request);
        set.headers.vary = "Accept";
        if (wantsHtml(request.headers.get("accept")))
          return new Response(landingHtml(base), {
            headers: { "content-type": "text/html; charset=utf-8", vary: "Accept" },
          }) as unknown as typeof Landing.static;
        return { service: SERVICE_NAME, version: VERSION, description: SUMMARY, ...links(base) };
      },
      {
        response: { 200: Landing },
        detail: {
          summary: "Landing: what this is and where to start",
          description: "JSON by default; a browser (Accept: text/html) gets a small HTML page with the same links.",
          tags: ["discovery"],
        },
      },
    )
    .get(
      "/llms.txt",
      ({ request }) =>
        new Response(llmsTxt(publicBase(live, request), live.current.freeCallsPerDay), {
          headers: { "content-type": "text/plain; charset=utf-8" },
        }),
      {
        detail: {
          summary: "llms.txt: what vellum does, how to call it and how to pay (Markdown, for language models)",
          tags: ["discovery"],
          responses: {
            200: { description: "Markdown in the llms.txt convention", content: { "text/plain": { schema: { type: "string" } } } },
          },
        },
      },
    );
}
