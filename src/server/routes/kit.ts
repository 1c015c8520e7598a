import { statSync } from "node:fs";
import { Elysia, t } from "elysia";
import type { Config } from "../../config.ts";
import { ALREADY_REDEEMED } from "../../payments/redeem.ts";
import { atomicToUsd, formatUsd, parseUsdToAtomic } from "../../payments/amounts.ts";
import { generateSecret, hashSecret, looksLikeSecret } from "../../payments/secrets.ts";
import { kitFilePath } from "../../kit/import.ts";
import { currentKit, findOrderByTokenHash, redeemForKitOrder, useDownload, type KitOrderRow, type KitRow } from "../../store/kit.ts";
import { ApiError } from "../errors.ts";
import { Closed, ErrorBody } from "../schemas.ts";
import type { AppDeps } from "../deps.ts";
import { publicBase, requestInfo } from "../request-context.ts";
import { REDEEM_ERRORS, RedeemBody, refuse, verifyRedemption } from "../redemption.ts";

/**
 * Retry-After of a 429 download_limit_reached. The limit is per order and never resets, so no
 * wait makes the request succeed; every 429 of this API carries Retry-After (docs/decisions.md "The kit"), and a
 * day keeps a retrying client from hammering the endpoint. The message says the limit is final.
 */
export const DOWNLOAD_LIMIT_RETRY_AFTER_SECONDS = 86_400;

export const KIT_ERRORS = {
  redeem: { ...REDEEM_ERRORS, 503: [...REDEEM_ERRORS[503], "kit_unavailable"] },
  download: { 403: ["invalid_token"], 429: ["download_limit_reached"], 503: ["kit_unavailable"] },
} as const;

export const KitInfo = t.Object(
  {
    available: t.Boolean({ description: "false until the seller imports a kit; the file fields are then absent" }),
    name: t.Optional(t.String()),
    version: t.Optional(t.String()),
    priceUsd: t.Number({ description: "the minimum payment in USD" }),
    priceAtomic: t.String({ description: "the minimum payment in atomic USDC units (6 decimals)" }),
    asset: t.String({ description: "USDC contract address" }),
    network: t.String({ examples: ["eip155:8453"] }),
    payTo: t.Union([t.String(), t.Null()], { description: "treasury address; null while the operator has not configured one" }),
    sizeBytes: t.Optional(t.Integer({ minimum: 0 })),
    sha256: t.Optional(t.String({ description: "hex SHA-256 of the .tar.gz; also the download's ETag" })),
    contents: t.Optional(t.Array(t.String(), { description: "paths of the files inside the tarball" })),
    downloadsPerOrder: t.Integer({ minimum: 1 }),
    howToBuy: t.Array(t.String(), { description: "the purchase steps, in order" }),
  },
  { ...Closed, description: "The kit on sale, its price and how to buy it" },
);

export const KitRedeemResult = t.Object(
  {
    ok: t.Boolean(),
    downloadToken: t.String({ description: "dl_… — shown once; only its SHA-256 is stored" }),
    downloadUrl: t.String({ description: "absolute URL of /kit/download with the token" }),
    downloadsAllowed: t.Integer({ minimum: 1 }),
    downloadsRemaining: t.Integer({ minimum: 0 }),
    sha256: t.String({ description: "hex SHA-256 of the kit the token downloads now" }),
    sizeBytes: t.Integer({ minimum: 0 }),
    payer: t.String({ description: "the address that sent the USDC" }),
    amountUsd: t.Number({ description: "USD value of the USDC paid (any excess over the price is not converted to credits)" }),
  },
  { ...Closed, description: "A download token for the kit" },
);

const DownloadQuery = t.Object({
  // Optional in the schema so a missing token is answered 403 invalid_token, as docs/api-contract.md §7 says.
  token: t.Optional(t.String({ description: "dl_… token from POST /kit/redeem" })),
});

const downloadResponses = {
  200: t.String({
    contentMediaType: "application/gzip",
    description:
      "The current kit as application/gzip, with Content-Length, Content-Disposition: attachment and ETag (the quoted SHA-256). X-Downloads-Remaining says how many downloads the order has left.",
  }),
  403: ErrorBody(KIT_ERRORS.download[403], "The token is missing or unknown"),
  429: ErrorBody(
    KIT_ERRORS.download[429],
    `The order has used all of its downloads. The limit is per order and does not reset; Retry-After is ${DOWNLOAD_LIMIT_RETRY_AFTER_SECONDS} only because every 429 carries one`,
  ),
  503: ErrorBody(KIT_ERRORS.download[503], "No kit file can be served right now"),
};

function kitPriceAtomic(config: Config): bigint {
  // Validated when the configuration was resolved.
  return parseUsdToAtomic(config.kitPriceUsd)!;
}

/** The buyer's steps, with this instance's own values. */
function howToBuy(config: Config, base: string, kit: KitRow | null): string[] {
  if (!kit) {
    return [
      "No kit is on sale yet: do not send a payment for it. POST /kit/redeem answers 503 kit_unavailable until the seller publishes one.",
    ];
  }
  if (!config.payTo) return ["The operator has not configured a pay-to address yet, so the kit cannot be bought right now."];
  const price = kitPriceAtomic(config);
  const n = config.confirmations;
  const signature = config.redeemRequireSignature
    ? `, "signature":"0x…"} where signature is the paying address's EIP-191 personal signature of the text "vellum redeem <txHash in lowercase>" (this service requires it)`
    : "}";
  return [
    `Send at least ${formatUsd(price)} USDC (${price} atomic units) to ${config.payTo} on ${config.network} (USDC contract ${config.usdc}) in one transaction. Paying more still buys one kit; the excess is not converted to credits.`,
    `Wait for ${n} confirmation${n === 1 ? "" : "s"} of that transaction.`,
    `POST ${base}/kit/redeem with the JSON body {"txHash":"0x…"${signature}. The answer holds a download token (dl_…) and a downloadUrl, shown once: keep them.`,
    `GET ${base}/kit/download?token=dl_… downloads the kit (${kit.sizeBytes} bytes, SHA-256 ${kit.sha256}). Each order allows ${config.kitDownloads} downloads and always serves the current version of the kit.`,
  ];
}

/** Download file name: `<name>-<version>.tar.gz`, restricted to characters safe in the header. */
function downloadFileName(kit: KitRow): string {
  return `${kit.name}-${kit.version}.tar.gz`.replace(/[^A-Za-z0-9._+-]/g, "_");
}

/** /kit/info, /kit/redeem and /kit/download (GET and HEAD). */
export function kitRoutes(deps: AppDeps) {
  const { db, live, log } = deps;

  /**
   * The order of a token and the kit file it downloads now. Nothing is counted here. A re-import
   * can switch kits between reading the record and looking at the file; the old file then
   * disappears (after a grace period), so a missing file means: read the current kit again.
   */
  const locate = async (
    token: string | undefined,
    request: Request,
  ): Promise<{ order: KitOrderRow; tokenHash: string; kit: KitRow; path: string }> => {
    if (!token || !looksLikeSecret(token, "dl"))
      throw new ApiError(403, "invalid_token", "A valid download token (dl_…) from POST /kit/redeem is required.");
    const tokenHash = hashSecret(token);
    const order = await findOrderByTokenHash(db, tokenHash);
    if (!order) throw new ApiError(403, "invalid_token", "This download token is unknown.");
    for (let attempt = 0; attempt < 3; attempt++) {
      const kit = await currentKit(db);
      if (!kit) break;
      const path = kitFilePath(live.current.dir, kit);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        continue;
      }
      if (size !== kit.sizeBytes) {
        log.error("the kit file's size differs from its record; refusing to serve it", {
          req: requestInfo(request).id,
          file: kit.fileName,
          expected: kit.sizeBytes,
          actual: size,
        });
        break;
      }
      return { order, tokenHash, kit, path };
    }
    log.error("no kit file can be served", { req: requestInfo(request).id });
    throw new ApiError(503, "kit_unavailable", "The kit cannot be served right now; no download was used. Try again later.");
  };

  const fileHeaders = (kit: KitRow, remaining: number): Record<string, string> => ({
    "content-type": "application/gzip",
    "content-length": String(kit.sizeBytes),
    "content-disposition": `attachment; filename="${downloadFileName(kit)}"`,
    etag: `"${kit.sha256}"`,
    // The URL carries a secret and every GET costs a download: no cache may keep or replay it.
    "cache-control": "no-store",
    // A resumed (ranged) download would cost a download too; say so rather than half-support it.
    "accept-ranges": "none",
    "x-downloads-remaining": String(remaining),
  });

  const limitReached = (order: Pick<KitOrderRow, "downloadsAllowed">) =>
    new ApiError(
      429,
      "download_limit_reached",
      `This order has used all of its ${order.downloadsAllowed} downloads; the limit is per order and does not reset.`,
      {},
      DOWNLOAD_LIMIT_RETRY_AFTER_SECONDS,
    );

  return new Elysia()
    .get(
      "/kit/info",
      async ({ request }) => {
        const c = live.current;
        const kit = await currentKit(db);
        const price = kitPriceAtomic(c);
        const steps = howToBuy(c, publicBase(live, request), kit);
        const terms = { priceUsd: atomicToUsd(price), priceAtomic: price.toString(), asset: c.usdc, network: c.network, payTo: c.payTo };
        if (!kit) return { available: false, ...terms, downloadsPerOrder: c.kitDownloads, howToBuy: steps };
        return {
          available: true,
          name: kit.name,
          version: kit.version,
          ...terms,
          sizeBytes: kit.sizeBytes,
          sha256: kit.sha256,
          contents: kit.contents,
          downloadsPerOrder: c.kitDownloads,
          howToBuy: steps,
        };
      },
      {
        response: { 200: KitInfo },
        detail: {
          summary: "The seller kit: price, contents, SHA-256 and how to buy it",
          description: "`available` is false (and the file fields absent) until the seller imports a kit.",
          tags: ["kit"],
        },
      },
    )
    .post(
      "/kit/redeem",
      async ({ body, request, set }) => {
        const c = live.current;
        // Before any chain read: with nothing to sell, the hash must stay redeemable.
        if (!(await currentKit(db))) {
          throw new ApiError(
            503,
            "kit_unavailable",
            "No kit is on sale yet; nothing was redeemed, so this transaction can still be redeemed later.",
          );
        }
        const check = await verifyRedemption(deps, request, body, kitPriceAtomic(c));
        const { transfer } = check;
        const token = generateSecret("dl");
        const saved = await redeemForKitOrder(db, {
          chainId: c.chainId,
          txHash: check.txHash,
          payer: transfer.payer,
          amountAtomic: transfer.amountAtomic,
          blockNumber: transfer.blockNumber,
          tokenHash: token.hash,
          downloadsAllowed: c.kitDownloads,
        });
        if (!saved.ok) refuse(deps, request, ALREADY_REDEEMED);
        const { order } = saved;
        log.info("redeemed for the kit", {
          req: requestInfo(request).id,
          order: order.id,
          payer: order.payer,
          amountAtomic: order.amountAtomic,
        });
        // Re-read: a kit imported during the chain check is the one this token downloads.
        const kit = (await currentKit(db))!;
        set.headers["cache-control"] = "no-store";
        return {
          ok: true,
          downloadToken: token.value,
          downloadUrl: `${publicBase(live, request)}/kit/download?token=${token.value}`,
          downloadsAllowed: order.downloadsAllowed,
          downloadsRemaining: order.downloadsAllowed - order.downloadsUsed,
          sha256: kit.sha256,
          sizeBytes: kit.sizeBytes,
          payer: order.payer,
          amountUsd: atomicToUsd(order.amountAtomic),
        };
      },
      {
        body: RedeemBody,
        response: {
          200: KitRedeemResult,
          400: ErrorBody(
            KIT_ERRORS.redeem[400],
            "Bad hash, no USDC transfer to the treasury, amount below the kit price, reverted, or bad signature",
          ),
          409: ErrorBody(KIT_ERRORS.redeem[409], "The transaction was already redeemed (here or at /redeem)"),
          413: ErrorBody(["too_large"], "The JSON body is over 64 KiB (or of unknown length); refused before it is read"),
          425: ErrorBody(KIT_ERRORS.redeem[425], "Not mined or not confirmed yet; retry after Retry-After seconds"),
          503: ErrorBody(KIT_ERRORS.redeem[503], "No kit is on sale, payments are not configured, or the chain cannot be read now"),
        },
        detail: {
          summary: "Redeem a USDC payment for a kit download token",
          description:
            "Send at least the kit price (see /kit/info) in USDC to payTo, wait for the confirmations, then post the transaction hash. " +
            "A hash is redeemable once, here or at /redeem. Paying more than the price buys the kit; the excess is not converted to credits.",
          tags: ["kit"],
        },
      },
    )
    .get(
      "/kit/download",
      async ({ query, request }) => {
        const { order, tokenHash, kit, path } = await locate(query.token, request);
        const used = await useDownload(db, tokenHash);
        if (!used.ok) {
          if (used.reason === "invalid_token") throw new ApiError(403, "invalid_token", "This download token is unknown.");
          throw limitReached(order);
        }
        log.info("kit download", {
          req: requestInfo(request).id,
          order: order.id,
          kit: kit.id,
          downloadsUsed: used.downloadsUsed,
          downloadsAllowed: used.downloadsAllowed,
        });
        // A Bun.file body is sent with sendfile and a Content-Length; a ReadableStream would lose it.
        return new Response(Bun.file(path), { headers: fileHeaders(kit, used.downloadsRemaining) });
      },
      {
        query: DownloadQuery,
        response: downloadResponses,
        detail: {
          summary: "Download the kit (uses one of the order's downloads)",
          description:
            "Streams the current kit: an update reaches earlier buyers. Each 200 uses one download of the order; HEAD answers the same headers without using one. " +
            `When none are left the answer is 429 download_limit_reached, which is final for the order (its Retry-After of ${DOWNLOAD_LIMIT_RETRY_AFTER_SECONDS} s is only a courtesy). Range requests are not supported.`,
          tags: ["kit"],
        },
      },
    )
    .head(
      "/kit/download",
      async ({ query, request }) => {
        const { order, kit } = await locate(query.token, request);
        const remaining = order.downloadsAllowed - order.downloadsUsed;
        if (remaining <= 0) throw limitReached(order);
        return new Response(null, { headers: fileHeaders(kit, remaining) });
      },
      {
        query: DownloadQuery,
        response: downloadResponses,
        detail: { summary: "The kit download's headers, without using a download", tags: ["kit"] },
      },
    );
}
