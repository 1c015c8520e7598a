import { Elysia } from "elysia";
import { paymentAccepts } from "../../payments/terms.ts";
import { MIN_PURCHASE_ATOMIC } from "../../payments/amounts.ts";
import { DiscoveryDocument, DiscoveryQuery, ErrorBody } from "../schemas.ts";
import { ICON_PATH, discoveryDocument, discoveryResource } from "../x402-discovery.ts";
import type { AppDeps } from "../deps.ts";
import { publicBase } from "../request-context.ts";

/** docs/api-contract.md §8: discovery pagination defaults to limit 20, offset 0. */
export const DISCOVERY_DEFAULT_LIMIT = 20;

/** The icon the discovery entries and the 402's resource point at (a quill over a page). */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="12" fill="#3b2f63"/>
<path d="M18 14h20l8 8v28H18z" fill="#f6f1e7"/>
<path d="M38 14v8h8" fill="#d9cfbb"/>
<path d="M24 30h16M24 36h16M24 42h10" stroke="#3b2f63" stroke-width="2.5" stroke-linecap="round"/>
</svg>
`;

/** GET /.well-known/x402.json (docs/api-contract.md §2.6) and the icon its entries name. */
export function discoveryRoutes({ live, settler, now = Date.now }: AppDeps) {
  const termsNow = () => {
    const c = live.current;
    return { network: c.network, usdc: c.usdc, payTo: c.payTo, minimumAtomic: MIN_PURCHASE_ATOMIC };
  };
  // lastUpdated: when the terms last changed as this process saw them (start, or a live
  // change of pay-to, network or token), so a crawler can tell a stale copy from a fresh one.
  let terms = { key: JSON.stringify(paymentAccepts(termsNow())), since: Math.floor(now() / 1000) };
  const lastUpdated = (key: string) => {
    if (key !== terms.key) terms = { key, since: Math.floor(now() / 1000) };
    return terms.since;
  };

  return new Elysia()
    .get(
      "/.well-known/x402.json",
      ({ request, query }) => {
        const input = termsNow();
        const entry = discoveryResource({
          ...input,
          base: publicBase(live, request),
          confirmations: live.current.confirmations,
          x402Settlement: (settler?.() ?? null) !== null,
          lastUpdated: lastUpdated(JSON.stringify(paymentAccepts(input))),
        });
        return discoveryDocument([entry], { limit: query.limit ?? DISCOVERY_DEFAULT_LIMIT, offset: query.offset ?? 0 });
      },
      {
        query: DiscoveryQuery,
        response: {
          200: DiscoveryDocument,
          400: ErrorBody(["invalid_request"], "limit is not an integer in 1..100, or offset is not an integer of at least 0"),
        },
        detail: {
          operationId: "getX402Discovery",
          summary: "x402 payment discovery document",
          description:
            "The paid resources of this service for x402 crawlers and agents: the same payment terms (accepts) every 402 carries, the input schema, an output example and how to settle. resources and items hold the same entries.",
          tags: ["discovery"],
        },
      },
    )
    .get(
      ICON_PATH,
      () => new Response(ICON_SVG, { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" } }),
      {
        detail: {
          operationId: "getIcon",
          summary: "The service icon (iconUrl of the discovery entries)",
          tags: ["discovery"],
          responses: { 200: { description: "SVG image", content: { "image/svg+xml": { schema: { type: "string" } } } } },
        },
      },
    );
}
