import { hashSecret } from "../payments/secrets.ts";
import { freeCallsRemaining } from "../store/free-trial.ts";
import { paymentOffer, utcDay } from "./billing.ts";
import { checkFailureBudget, recordFailedCall, type FailureBudget } from "../store/failure-budget.ts";
import { BUSY_RETRY_AFTER_SECONDS, type ExtractErrorCode } from "../extract/service.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError } from "./errors.ts";
import { requestInfo } from "./request-context.ts";

/**
 * The per-call limits of /extract (issue 11) that sit around "who pays": the failed-call budget and
 * the one overall deadline. Kept out of the route so the route stays a sequence of steps.
 */

/**
 * Whose failures a call counts on: its key when it sends one; else, for a call that pays another way
 * (an x402 payment or a SIGN-IN-WITH-X proof), its IP as a paying client (`pay:`); else its IP as a
 * free client (`ip:`, IPv6: /64), which the pool limits to its share of workers.
 */
export function failureClient(request: Request, ipSubject: string): { client: string; paid: boolean } {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (bearer) return { client: `key:${hashSecret(bearer)}`, paid: true };
  const h = request.headers;
  if (h.has("payment-signature") || h.has("x-payment") || h.has("sign-in-with-x")) return { client: `pay:${ipSubject}`, paid: true };
  return { client: `ip:${ipSubject}`, paid: false };
}

function budgetFor(deps: Pick<AppDeps, "live">, paid: boolean): FailureBudget {
  const c = deps.live.current;
  return { limit: paid ? c.paidFailedCalls : c.freeFailedCalls, windowMs: c.failedCallsWindowS * 1000 };
}

/**
 * Refuses the call fast (429 too_many_failures with Retry-After) when its client has used up its
 * failed-call budget: before anyone is charged and before anything is fetched.
 */
export async function enforceFailureBudget(deps: Pick<AppDeps, "db" | "live">, who: { client: string; paid: boolean }): Promise<void> {
  const verdict = await checkFailureBudget(deps.db, who.client, budgetFor(deps, who.paid));
  if (!verdict.ok) {
    throw new ApiError(
      429,
      "too_many_failures",
      `Too many failed calls from this ${who.paid ? "key" : "address"}; failed calls are not charged, so their number is limited. Retry after ${verdict.retryAfterSeconds} s.`,
      {},
      verdict.retryAfterSeconds,
    );
  }
}

/**
 * Counts an undelivered call against its client's budget. Refusals that are ours (503 busy: no room
 * or no time) are not the caller's doing and are not counted.
 */
export async function noteFailedCall(
  deps: Pick<AppDeps, "db" | "live">,
  who: { client: string },
  code: ExtractErrorCode | string,
): Promise<void> {
  if (code === "busy") return;
  await recordFailedCall(deps.db, who.client, deps.live.current.failedCallsWindowS * 1000);
}

/**
 * The call's one signal: aborts when the client goes away, or with a TimeoutError when
 * --request-timeout-ms has passed since the request arrived (extractUrl then answers 503 busy).
 */
export function callSignal(deps: Pick<AppDeps, "live">, request: Request): AbortSignal {
  const elapsed = performance.now() - requestInfo(request).startedAt;
  const remaining = Math.max(1, Math.round(deps.live.current.requestTimeoutMs - elapsed));
  return AbortSignal.any([request.signal, AbortSignal.timeout(remaining)]);
}

/**
 * 503 busy at once when the pool has no place for this client (a cheap check, no database access).
 * /extract reserves the payment first, so a caller without allowance learns that (402) rather than
 * "busy"; the pool's own admission (extractUrl) then refuses without fetching.
 */
export function enforcePoolRoom(deps: Pick<AppDeps, "extract">, who: { client: string }): void {
  if (!deps.extract.pool.hasRoomFor(who.client, who.client.startsWith("ip:"))) {
    throw new ApiError(503, "busy", "All extraction workers are busy; retry shortly.", {}, BUSY_RETRY_AFTER_SECONDS);
  }
}

/**
 * The free flood's fast refusal: a free call (the free flag, no key, payment or SIWX proof) from a
 * client that has no place left in the pool but still has free calls today is refused 503 busy
 * before anything is written, since reserving and releasing its free call would be two writes for
 * nothing. Every other call (and a client without allowance, who must learn 402) takes the normal
 * path, whose admission answers the same way after the reservation.
 */
export async function refuseFreeFloodEarly(
  deps: Pick<AppDeps, "extract" | "db">,
  request: Request,
  who: { client: string; paid: boolean },
  free: { subject: string; callsPerDay: number },
): Promise<void> {
  if (who.paid || !paymentOffer(request).freeFlag) return;
  if (request.headers.has("payment-signature") || request.headers.has("x-payment") || request.headers.has("sign-in-with-x")) return;
  if (deps.extract.pool.hasRoomFor(who.client, true)) return;
  if ((await freeCallsRemaining(deps.db, free.subject, utcDay(new Date()), free.callsPerDay)) <= 0) return;
  throw new ApiError(503, "busy", "All extraction workers are busy; retry shortly.", {}, BUSY_RETRY_AFTER_SECONDS);
}
