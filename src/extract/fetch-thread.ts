// Entry of the fetch thread (a Bun Worker owned by fetcher.ts): target pages are downloaded here, not
// on the server's thread. Parsing the HTTP response, undoing its Content-Encoding and assembling up
// to 5 MiB of body took about a third of the server's thread under a flood of large pages (issue 11),
// and every other call waited behind it. Each download is guardedFetch (guarded-fetch.ts) exactly as
// in-process; the redirect hops' robots.txt check stays with the server (it owns the robots cache)
// and is asked for by message. Compiled builds list this file as an entrypoint (scripts/build.ts).
import { guardedFetch, type FetchFailure, type FetchPolicy, type FetchSuccess } from "./guarded-fetch.ts";
import { FETCH_NICE, lowerThreadPriority } from "./thread-priority.ts";

/** The policy fields that cross the thread boundary (functions and signals stay on the server's side). */
export type PortablePolicy = Omit<FetchPolicy, "resolve" | "signal" | "checkHop">;

export type FetchThreadRequest =
  | { type: "fetch"; id: number; url: string; policy: PortablePolicy; checkHops: boolean }
  | { type: "abort"; id: number; timeout: boolean }
  | { type: "hop-answer"; hopId: number; failure: FetchFailure | null };

export type FetchThreadReply =
  | { type: "done"; id: number; result: FetchSuccess | FetchFailure }
  | { type: "hop"; id: number; hopId: number; url: string };

declare const self: Worker;

// Downloads yield the CPU to the server's own thread (thread-priority.ts).
lowerThreadPriority(FETCH_NICE);

const running = new Map<number, AbortController>();
const hops = new Map<number, (failure: FetchFailure | null) => void>();
let nextHop = 1;

/** The abort reasons guardedFetch tells apart: a TimeoutError reports as upstream_timeout. */
function reason(timeout: boolean): Error {
  const error = new Error(timeout ? "deadline exceeded" : "cancelled");
  error.name = timeout ? "TimeoutError" : "AbortError";
  return error;
}

async function fetchOne(request: Extract<FetchThreadRequest, { type: "fetch" }>) {
  const controller = new AbortController();
  running.set(request.id, controller);
  const checkHop = (hop: URL) =>
    new Promise<FetchFailure | null>((resolve) => {
      const hopId = nextHop++;
      hops.set(hopId, resolve);
      self.postMessage({ type: "hop", id: request.id, hopId, url: hop.href } satisfies FetchThreadReply);
    });
  let result: FetchSuccess | FetchFailure;
  try {
    result = await guardedFetch(new URL(request.url), {
      ...request.policy,
      signal: controller.signal,
      ...(request.checkHops ? { checkHop } : {}),
    });
  } finally {
    running.delete(request.id);
  }
  // The body moves to the server's thread (readDecodedBody gives an array owning its buffer).
  const transfer = result.ok ? [result.body.buffer as ArrayBuffer] : [];
  self.postMessage({ type: "done", id: request.id, result } satisfies FetchThreadReply, transfer);
}

self.onmessage = (event: MessageEvent<FetchThreadRequest>) => {
  const message = event.data;
  switch (message.type) {
    case "fetch":
      void fetchOne(message);
      return;
    case "abort":
      running.get(message.id)?.abort(reason(message.timeout));
      return;
    case "hop-answer": {
      const resolve = hops.get(message.hopId);
      hops.delete(message.hopId);
      resolve?.(message.failure);
      return;
    }
  }
};
