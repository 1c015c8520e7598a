// A fixed-size pool of extraction workers. The DOM and Readability need up to a second and hundreds of
// MB on the largest pages, so extraction never runs on the server's thread: the server awaits `run()`
// and stays free to answer /health and other requests while the workers are saturated.
//
// - Bounded queue: when every worker is busy and `queueLimit` jobs already wait, `run()` answers
//   'busy' at once (the server maps it to 503 + Retry-After) instead of letting latency grow unbounded.
// - Deadline: a job still running after `jobTimeoutMs` has its worker terminated (the only way to stop
//   synchronous DOM work) and a fresh worker takes the slot.
// - Recycling: each reply carries the worker's JavaScript heap size after the job (bun:jsc heapSize(),
//   per worker since every Worker has its own VM; a full GC runs first after large pages). A worker
//   whose heap stays above `recycleAfterBytes`, or that has served `recycleAfterJobs` jobs, is replaced
//   between jobs, so leaks or fragmentation in a long-lived DOM library cannot accumulate.
import { threadEntryUrl } from "./entry-url.ts";
import type { Article } from "./html-to-article.ts";
import type { WorkerJob, WorkerReady, WorkerReply } from "./worker.ts";

export interface ExtractionJob {
  /** The decoded document; empty when `bytes` holds it undecoded (decoded in the worker). */
  html: string;
  /** The response's Content-Type, for the charset of undecoded `bytes`. */
  contentType?: string | null;
  /** The page's final URL (after redirects). */
  url: string;
  contentLanguage?: string | null;
  /** Non-HTML targets and aiming options, passed to the worker as they are (see WorkerJob). */
  kind?: WorkerJob["kind"];
  bytes?: Uint8Array;
  mediaType?: string;
  aim?: WorkerJob["aim"];
}

/** A place in the pool taken before the download (ExtractionPool.admit). */
export interface PoolTicket {
  run(job: ExtractionJob, signal?: AbortSignal): Promise<PoolResult>;
  release(): void;
}

export type PoolFailure = "busy" | "timeout" | "no_content" | "failed";
export type PoolResult = { ok: true; article: Article } | { ok: false; code: PoolFailure };

export interface PoolOptions {
  /** Number of workers; default: the CPU count. */
  size?: number;
  /** Jobs allowed to wait for a worker; more are refused with 'busy'. Default: 4 per worker. */
  queueLimit?: number;
  /** Deadline for one job once a worker has it, in ms. Default 20 000. */
  jobTimeoutMs?: number;
  /** Replace a worker whose heap after a job exceeds this many bytes. Default 512 MiB. */
  recycleAfterBytes?: number;
  /** Replace a worker after this many jobs. Default 500. */
  recycleAfterJobs?: number;
  /** The worker entry; default: found next to this module or inside the compiled binary. */
  workerUrl?: URL | string;
  /** Receives failures and recycling events, for the log (never sent to clients). */
  onEvent?: (event: PoolEvent) => void;
}

export type PoolEvent =
  | { type: "timeout"; url: string; ms: number }
  | { type: "failed"; url: string; error: string }
  | { type: "recycled"; reason: "memory" | "jobs"; heapBytes: number; jobs: number }
  | { type: "worker_error"; error: string };

export interface PoolStats {
  size: number;
  busy: number;
  idle: number;
  queued: number;
  /** Places taken by admitted calls still downloading their page (tickets not yet run or released). */
  admitted: number;
  completed: number;
  timedOut: number;
  failed: number;
  recycled: number;
}

interface Pending {
  job: WorkerJob;
  signal: AbortSignal | undefined;
  /** Who asked (a key or an IP; "" when unknown), for the fair pick of the next job. */
  client: string;
  /** Jobs of this client that may run at once (limited clients: half the workers). */
  maxRunning: number;
  /** A limited (free-trial) client's job: it waits behind paying callers' jobs (see pickNext). */
  limited: boolean;
  resolve: (result: PoolResult) => void;
  onAbort: (() => void) | null;
}

// Bun's Worker (with ref/unref); the DOM lib's Worker type, which tsconfig also loads, lacks them.
type BunWorker = Bun.Worker;

interface Slot {
  worker: BunWorker | null;
  running: Pending | null;
  timer: ReturnType<typeof setTimeout> | null;
  jobs: number;
  /** The worker has loaded its modules and extracted a warm-up page (its first message); until then a job's deadline waits. */
  ready: boolean;
}

/** Places a limited (free) client may always hold, if the pool has that many: see placesFor(). */
const LIMITED_CLIENT_MIN_PLACES = 8;

/**
 * Share of the pool's places that limited (free-trial) clients may hold together. A free flood from
 * many addresses (each within its own fair share) would otherwise take every place and refuse every
 * paying caller with 503 busy; the rest is kept for keys, payments and sign-in proofs (issue 11).
 */
const LIMITED_CLIENTS_MAX_SHARE = 0.75;

/** Extra time a job gets while its worker is still starting (loading linkedom, Readability, unpdf, and its warm-up page). */
const STARTUP_ALLOWANCE_MS = 10_000;

/** The extraction worker's entry (see entry-url.ts for how it is found in a checkout and in a binary). */
export function defaultWorkerUrl(): URL {
  return threadEntryUrl("worker");
}

export class ExtractionPool {
  readonly size: number;
  readonly queueLimit: number;
  readonly jobTimeoutMs: number;
  readonly recycleAfterBytes: number;
  readonly recycleAfterJobs: number;
  private readonly workerUrl: URL | string;
  private readonly onEvent: (event: PoolEvent) => void;
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private held = 0;
  private readonly places = new Map<string, number>();
  /** Places held by limited clients together (see LIMITED_CLIENTS_MAX_SHARE). */
  private limitedHeld = 0;
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private closing: Promise<void> | null = null;
  private closed = false;
  private drained: (() => void) | null = null;
  private counters = { completed: 0, timedOut: 0, failed: 0, recycled: 0 };

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? navigator.hardwareConcurrency ?? 1));
    this.queueLimit = Math.max(0, Math.floor(options.queueLimit ?? this.size * 4));
    this.jobTimeoutMs = options.jobTimeoutMs ?? 20_000;
    this.recycleAfterBytes = options.recycleAfterBytes ?? 512 * 1024 * 1024;
    this.recycleAfterJobs = options.recycleAfterJobs ?? 500;
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
    this.onEvent = options.onEvent ?? (() => {});
    this.slots = Array.from({ length: this.size }, () => ({ worker: null, running: null, timer: null, jobs: 0, ready: false }));
    // Workers start now: loading the DOM and Readability takes ~200 ms, which should not be paid by
    // the first requests. Replacements also start as soon as a worker is retired.
    for (const slot of this.slots) this.spawn(slot);
  }

  /**
   * Extracts one page in a worker. Never rejects: 'busy' when the queue is full or the pool is
   * closing, 'timeout' past the deadline or when `signal` aborts (the worker is then terminated),
   * 'no_content' when the page has no article, 'failed' when the worker crashed or threw.
   */
  run(job: ExtractionJob, signal?: AbortSignal): Promise<PoolResult> {
    if (!this.hasRoom()) return Promise.resolve({ ok: false, code: "busy" });
    return this.enqueue(job, signal);
  }

  /**
   * Takes a place in the pool before the page is even downloaded (issue 11: admission before
   * download). A place is a worker or a queue entry; places held by tickets count against the same
   * `size + queueLimit`, so at most that many target bodies are in memory or on their way at once,
   * and a caller is refused with 'busy' before a single byte is fetched. Null: no room, refuse.
   * The ticket is spent by `ticket.run()` or handed back by `ticket.release()` (both idempotent).
   */
  admit(client?: string, limited = false): PoolTicket | null {
    // Fair share: one client (a key or an IP) holds at most half the places, so a flood from it
    // leaves room for everyone else; its jobs then run as workers free up (see next()). Limited
    // clients together hold at most LIMITED_CLIENTS_MAX_SHARE of them.
    if (!this.hasRoomFor(client, limited)) return null;
    this.held++;
    if (client !== undefined) this.places.set(client, (this.places.get(client) ?? 0) + 1);
    if (limited) this.limitedHeld++;
    let spent = false;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      if (limited) this.limitedHeld--;
      if (client === undefined) return;
      const n = (this.places.get(client) ?? 1) - 1;
      if (n <= 0) this.places.delete(client);
      else this.places.set(client, n);
    };
    const spend = () => {
      if (spent) return false;
      spent = true;
      this.held--;
      return true;
    };
    return {
      run: (job, signal) => {
        if (!spend() || this.closing) {
          leave();
          return Promise.resolve({ ok: false, code: "busy" });
        }
        return this.enqueue(job, signal, client, limited ? this.maxRunningPerLimitedClient : Number.POSITIVE_INFINITY).finally(leave);
      },
      release: () => {
        if (spend()) {
          leave();
          this.checkDrained();
        }
      },
    };
  }

  /** Whether `admit(client)` would succeed now: a cheap check before any other work is done. */
  hasRoomFor(client?: string, limited = false): boolean {
    if (!this.hasRoom()) return false;
    if (limited && this.limitedHeld >= this.maxLimitedPlaces) return false;
    return client === undefined || (this.places.get(client) ?? 0) < this.placesFor(limited);
  }

  /** Places all limited (free-trial) clients may hold together: the rest is kept for paying callers. */
  get maxLimitedPlaces(): number {
    return Math.max(1, Math.floor((this.size + this.queueLimit) * LIMITED_CLIENTS_MAX_SHARE));
  }

  /**
   * Places one client may hold: half of them; a limited client, which runs on few workers, at most
   * twice its share of workers or 8 (enough for a day's default free calls at once): more would only
   * hold downloaded pages waiting for its share, past the call's deadline.
   */
  private placesFor(limited: boolean): number {
    if (!limited) return this.maxPlacesPerClient;
    return Math.min(this.maxPlacesPerClient, Math.max(LIMITED_CLIENT_MIN_PLACES, 2 * this.maxRunningPerLimitedClient));
  }

  /**
   * Workers a limited client (the free trial's IP or /64) may occupy at once: half of them, at least
   * one. The rest stay free for everyone else even while that client has a backlog, so one free
   * caller's hostile pages cannot make every other caller wait for a worker.
   */
  get maxRunningPerLimitedClient(): number {
    return Math.max(1, Math.floor(this.size / 2));
  }

  /** Places (downloading, queued or running) one client may hold: half of workers + queue, at least one. */
  get maxPlacesPerClient(): number {
    return Math.max(1, Math.ceil((this.size + this.queueLimit) / 2));
  }

  private hasRoom(): boolean {
    if (this.closing) return false;
    const busy = this.slots.filter((s) => s.running !== null).length;
    return busy + this.queue.length + this.held < this.size + this.queueLimit;
  }

  private enqueue(job: ExtractionJob, signal?: AbortSignal, client = "", maxRunning = Number.POSITIVE_INFINITY): Promise<PoolResult> {
    if (signal?.aborted) return Promise.resolve({ ok: false, code: "timeout" });
    // A client seen for the first time counts as served just before the latest turn: behind every
    // client whose last turn was earlier, ahead of the one served last. Counted as never served, a
    // flood from many new addresses would always be picked before a returning caller (issue 11: a
    // normal caller waited 19 s in the queue under 240 attacking IPs).
    if (!this.lastServed.has(client)) {
      if (this.lastServed.size > 10_000) this.lastServed.clear(); // bounded: clients are keys and IPs
      this.lastServed.set(client, this.served - 0.5);
    }
    const limited = maxRunning !== Number.POSITIVE_INFINITY;
    const free =
      this.runningOf(client) < maxRunning && (!limited || this.limitedMayTakeWorker(client))
        ? this.slots.find((s) => s.running === null)
        : undefined;

    return new Promise<PoolResult>((resolve) => {
      const pending: Pending = {
        job: { ...job, id: this.nextId++, contentLanguage: job.contentLanguage ?? null },
        signal,
        client,
        maxRunning,
        limited,
        resolve,
        onAbort: null,
      };
      if (signal) {
        pending.onAbort = () => this.abort(pending);
        signal.addEventListener("abort", pending.onAbort, { once: true });
      }
      if (free) this.dispatch(free, pending);
      else this.queue.push(pending);
    });
  }

  stats(): PoolStats {
    const busy = this.slots.filter((s) => s.running !== null).length;
    return { size: this.size, busy, idle: this.size - busy, queued: this.queue.length, admitted: this.held, ...this.counters };
  }

  /** Stops taking jobs, lets queued and running jobs finish, then terminates every worker. */
  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.drained = resolve;
      this.checkDrained();
    }).then(() => {
      this.closed = true;
      for (const slot of this.slots) this.retire(slot);
    });
    return this.closing;
  }

  private checkDrained() {
    if (this.drained && this.queue.length === 0 && this.slots.every((s) => s.running === null)) {
      this.drained();
      this.drained = null;
    }
  }

  private spawn(slot: Slot): BunWorker {
    const worker = new Worker(this.workerUrl) as unknown as BunWorker;
    worker.unref();
    worker.addEventListener("message", (event) => this.onReply(slot, worker, (event as MessageEvent<WorkerReply | WorkerReady>).data));
    // An uncaught error or a failed start: the worker is in an unknown state, replace it.
    worker.addEventListener("error", (event) => {
      const message = (event as ErrorEvent).message;
      event.preventDefault();
      this.onEvent({ type: "worker_error", error: message });
      this.onWorkerLost(slot, worker, message);
    });
    // A worker that exits on its own (e.g. process.exit() in a dependency) must not leave its job
    // hanging; terminate() from this side has already cleared `slot.worker`, so it is not counted.
    worker.addEventListener("close", () => this.onWorkerLost(slot, worker, "worker exited"));
    slot.worker = worker;
    slot.jobs = 0;
    slot.ready = false;
    return worker;
  }

  private dispatch(slot: Slot, pending: Pending) {
    let worker: BunWorker;
    try {
      worker = slot.worker ?? this.spawn(slot);
    } catch (error) {
      this.counters.failed++;
      this.onEvent({ type: "worker_error", error: String(error) });
      pending.resolve({ ok: false, code: "failed" });
      this.next(slot);
      return;
    }
    slot.running = pending;
    slot.jobs++;
    this.lastServed.set(pending.client, ++this.served);
    // A busy worker keeps the process alive; an idle one must not keep a finished CLI or test running.
    worker.ref();
    // The deadline is the job's own: a worker still loading its modules (a replacement after a
    // timeout or recycling) gets STARTUP_ALLOWANCE_MS more, and the clock restarts when it is ready.
    this.startTimer(slot, pending, slot.ready ? this.jobTimeoutMs : this.jobTimeoutMs + STARTUP_ALLOWANCE_MS);
    worker.postMessage(pending.job, transferable(pending.job.bytes));
  }

  private startTimer(slot: Slot, pending: Pending, ms: number) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      this.counters.timedOut++;
      this.onEvent({ type: "timeout", url: pending.job.url, ms: this.jobTimeoutMs });
      this.finish(slot, { ok: false, code: "timeout" });
      this.retire(slot);
      this.next(slot);
    }, ms);
  }

  private onReply(slot: Slot, worker: BunWorker, reply: WorkerReply | WorkerReady) {
    if ("ready" in reply) {
      if (slot.worker !== worker) return;
      slot.ready = true;
      if (slot.running) this.startTimer(slot, slot.running, this.jobTimeoutMs);
      return;
    }
    const running = slot.running;
    if (slot.worker !== worker || running?.job.id !== reply.id) return; // a late reply from a retired worker
    this.counters.completed++;
    if (reply.ok) {
      this.finish(slot, reply.article ? { ok: true, article: reply.article } : { ok: false, code: "no_content" });
    } else {
      this.counters.failed++;
      this.onEvent({ type: "failed", url: running.job.url, error: reply.error });
      this.finish(slot, { ok: false, code: "failed" });
    }
    const overMemory = reply.heapBytes > this.recycleAfterBytes;
    if (overMemory || slot.jobs >= this.recycleAfterJobs) {
      this.counters.recycled++;
      this.onEvent({ type: "recycled", reason: overMemory ? "memory" : "jobs", heapBytes: reply.heapBytes, jobs: slot.jobs });
      this.retire(slot);
    } else {
      worker.unref();
    }
    this.next(slot);
  }

  private onWorkerLost(slot: Slot, worker: BunWorker, error: string) {
    if (slot.worker !== worker) return;
    const hadJob = slot.running !== null;
    if (slot.running) {
      this.counters.failed++;
      this.onEvent({ type: "failed", url: slot.running.job.url, error });
      this.finish(slot, { ok: false, code: "failed" });
    }
    // A worker that dies without a job (most likely it could not even start) is not replaced at once,
    // or a broken entry would respawn in a tight loop; the next job starts one and reports a failure.
    this.retire(slot, hadJob);
    this.next(slot);
  }

  /** The caller gave up: drop the job from the queue, or stop the worker computing it. */
  private abort(pending: Pending) {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      pending.resolve({ ok: false, code: "timeout" });
      this.checkDrained();
      return;
    }
    const slot = this.slots.find((s) => s.running === pending);
    if (!slot) return;
    this.finish(slot, { ok: false, code: "timeout" });
    this.retire(slot);
    this.next(slot);
  }

  private finish(slot: Slot, result: PoolResult) {
    const pending = slot.running;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.running = null;
    if (!pending) return;
    if (pending.onAbort) pending.signal?.removeEventListener("abort", pending.onAbort);
    pending.resolve(result);
  }

  /** Terminates the slot's worker and, unless the pool is closed, starts its replacement. */
  private retire(slot: Slot, respawn = true) {
    const worker = slot.worker;
    slot.worker = null;
    worker?.terminate();
    if (respawn && !this.closed) {
      try {
        this.spawn(slot);
      } catch (error) {
        // Left empty: dispatch() tries again and reports the failure on the job.
        this.onEvent({ type: "worker_error", error: String(error) });
      }
    }
  }

  /**
   * The next job for a free worker: paying callers' jobs before free-trial ones; then the oldest
   * queued job of the client with the fewest jobs running and, among equals, served longest ago, so
   * one client's backlog (hostile pages, a flood of large downloads) cannot keep others waiting
   * behind it, and neither can a crowd of new clients. With one client it is plain first-in,
   * first-out.
   */
  private pickNext(): Pending | undefined {
    if (this.queue.length === 0) return undefined;
    const running = new Map<string, number>();
    for (const s of this.slots) if (s.running) running.set(s.running.client, (running.get(s.running.client) ?? 0) + 1);
    const limitedMayRun = this.limitedMayTakeWorker();
    // Paying first; then fewest jobs running; then the client served longest ago (a new client: as
    // if served just before the latest turn when its first job arrived); among equals, the oldest job.
    // A limited client already at its share of workers waits, even with a worker idle, and so does
    // every limited job while a crowd of them may not take the last worker (limitedMayTakeWorker).
    let best = -1;
    let bestKey = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let i = 0; i < this.queue.length; i++) {
      const { client, maxRunning, limited } = this.queue[i]!;
      if ((running.get(client) ?? 0) >= maxRunning) continue;
      if (limited && !limitedMayRun) continue;
      const key = [limited ? 1 : 0, running.get(client) ?? 0, this.lastServed.get(client) ?? -1];
      if (isBefore(key, bestKey)) {
        best = i;
        bestKey = key;
      }
    }
    return best < 0 ? undefined : this.queue.splice(best, 1)[0];
  }

  /**
   * Whether a free-trial job may take an idle worker now. When free-trial jobs from more distinct
   * clients than there are workers are waiting or running (a crowd, as in a flood from many
   * addresses), they run on every worker but one: the last stays free for paying callers, who
   * otherwise would wait behind a crowd of free calls that cannot be told apart from abuse (issue
   * 11). With fewer free clients (one attacker and a normal free caller) every worker serves them.
   * `arriving`: a client about to queue a job.
   */
  private limitedMayTakeWorker(arriving?: string): boolean {
    if (this.size < 2) return true;
    let limitedRunning = 0;
    const clients = new Set<string>();
    for (const s of this.slots) {
      if (!s.running?.limited) continue;
      limitedRunning++;
      clients.add(s.running.client);
    }
    if (limitedRunning < this.size - 1) return true;
    for (const p of this.queue) if (p.limited) clients.add(p.client);
    if (arriving !== undefined) clients.add(arriving);
    return clients.size <= this.size;
  }

  private runningOf(client: string): number {
    let n = 0;
    for (const s of this.slots) if (s.running?.client === client) n++;
    return n;
  }

  /**
   * Gives the freed slot its next job, then every other idle slot too: a job that had to wait while
   * the slot was taken (a crowd's last worker, a client at its share) may run now elsewhere.
   */
  private next(slot: Slot) {
    for (const s of [slot, ...this.slots.filter((other) => other !== slot)]) {
      if (s.running !== null) continue;
      const pending = this.pickNext();
      if (!pending) break;
      this.dispatch(s, pending);
    }
    this.checkDrained();
  }
}

/**
 * The page's bytes move to the worker instead of being copied: the server's thread, which also answers
 * /health and every other call, then spends nothing on copying a multi-MB body per job (issue 11). Only
 * an array that owns its whole buffer is moved (a view into a shared buffer is copied), and the job's
 * bytes are not read again on this side after dispatch (a job is never retried).
 */
export function transferable(bytes: Uint8Array | undefined): ArrayBuffer[] {
  if (!bytes || !(bytes.buffer instanceof ArrayBuffer)) return [];
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer] : [];
}

/** Lexicographic order of sort keys. */
function isBefore(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
