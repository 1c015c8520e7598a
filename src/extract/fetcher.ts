// The server's side of the fetch thread (fetch-thread.ts): `fetch(url, policy)` has guardedFetch's
// contract, but the download runs on another thread and only the finished body (transferred, not
// copied) comes back. One thread serves every download at once: its work is network I/O, HTTP
// parsing and decompression, never the DOM.
import { threadEntryUrl } from "./entry-url.ts";
import type { FetchThreadReply, FetchThreadRequest, PortablePolicy } from "./fetch-thread.ts";
import { guardedFetch, type FetchFailure, type FetchPolicy, type FetchSuccess } from "./guarded-fetch.ts";

export type FetchResult = FetchSuccess | FetchFailure;

interface Pending {
  resolve: (result: FetchResult) => void;
  checkHop: FetchPolicy["checkHop"];
  signal: AbortSignal | undefined;
  onAbort: (() => void) | null;
}

const LOST: FetchFailure = { ok: false, code: "upstream_failed", status: 502, message: "The target could not be reached." };

export class FetchThread {
  private worker: Bun.Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  /** The thread starts now (loading node:http and the guard takes a moment the first call should not pay). */
  constructor(private readonly entry: URL | string = threadEntryUrl("fetch-thread")) {
    this.thread();
  }

  /**
   * guardedFetch(url, policy) on the fetch thread. Never rejects. A policy with its own DNS resolver
   * (a function: tests only) cannot cross threads and runs here instead. When `policy.signal` aborts
   * the download is stopped there and the result says why (upstream_timeout for a TimeoutError).
   */
  fetch(url: URL, policy: FetchPolicy): Promise<FetchResult> {
    if (policy.resolve || this.closed) return guardedFetch(url, policy);
    const { resolve: _resolve, signal, checkHop, ...portable } = policy;
    const id = this.nextId++;
    const worker = this.thread();
    return new Promise<FetchResult>((resolve) => {
      const pending: Pending = { resolve, checkHop, signal, onAbort: null };
      this.pending.set(id, pending);
      worker.ref();
      this.send({ type: "fetch", id, url: url.href, policy: portable satisfies PortablePolicy, checkHops: checkHop !== undefined });
      if (signal) {
        pending.onAbort = () => {
          const why: unknown = signal.reason;
          this.send({ type: "abort", id, timeout: why instanceof Error && why.name === "TimeoutError" });
        };
        if (signal.aborted) pending.onAbort();
        else signal.addEventListener("abort", pending.onAbort, { once: true });
      }
    });
  }

  /** Downloads in flight (for tests and stats). */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Stops the thread; downloads still in flight end as upstream_failed, later ones run in-process. */
  close(): void {
    this.closed = true;
    this.lost();
  }

  private thread(): Bun.Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry) as unknown as Bun.Worker;
    worker.unref();
    worker.addEventListener("message", (event) => this.onReply((event as MessageEvent<FetchThreadReply>).data));
    // A thread that fails or exits takes its downloads with it: they fail, the next one starts a new thread.
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      if (this.worker === worker) this.lost();
    });
    worker.addEventListener("close", () => {
      if (this.worker === worker) this.lost();
    });
    this.worker = worker;
    return worker;
  }

  private send(message: FetchThreadRequest) {
    this.worker?.postMessage(message);
  }

  private onReply(reply: FetchThreadReply) {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    if (reply.type === "hop") {
      const check = pending.checkHop ?? (async () => null);
      void check(new URL(reply.url)).then(
        (failure) => this.send({ type: "hop-answer", hopId: reply.hopId, failure }),
        () => this.send({ type: "hop-answer", hopId: reply.hopId, failure: LOST }),
      );
      return;
    }
    this.settle(reply.id, reply.result);
  }

  private settle(id: number, result: FetchResult) {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (pending.onAbort) pending.signal?.removeEventListener("abort", pending.onAbort);
    if (this.pending.size === 0) this.worker?.unref();
    pending.resolve(result);
  }

  private lost() {
    const worker = this.worker;
    this.worker = null;
    worker?.terminate();
    for (const id of [...this.pending.keys()]) this.settle(id, LOST);
  }
}
