/**
 * Logs go to stderr: JSON lines when stderr is not a TTY (for journald and collectors), readable
 * lines on a TTY (Caddy's rule). Callers pass a request id in `fields.req` for request lines.
 * Never log a key, token, signature or an RPC URL (they may carry credentials).
 */
import { write as writeAsync, writeSync } from "node:fs";

export type Level = "debug" | "info" | "warn" | "error";
export type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
}

const COLORS: Record<Level, string> = { debug: "\x1b[90m", info: "\x1b[36m", warn: "\x1b[33m", error: "\x1b[31m" };

/** Log text held while a write is still in flight (stderr not read fast enough); more is dropped. */
export const MAX_PENDING_LOG_BYTES = 4 * 1024 * 1024;

/** How the stderr writer reaches the file descriptor; injected by unit tests. */
export interface LogOutput {
  /** Writes asynchronously (off the event loop), calling back with the bytes written or an error. */
  write(data: Uint8Array, done: (error: Error | null, written: number) => void): void;
  /** Writes synchronously: only at exit, for what is still pending. */
  writeSync(data: Uint8Array): void;
}

const STDERR: LogOutput = {
  write: (data, done) => writeAsync(2, data, 0, data.byteLength, null, (error, written) => done(error, written ?? 0)),
  writeSync: (data) => {
    writeSync(2, data);
  },
};

/**
 * Writes lines to stderr without ever blocking the event loop (issue 11): lines are batched (one write
 * per event-loop turn) and written asynchronously, one write in flight at a time. A reader that is
 * slow or stalled (a busy log collector, a full pipe) used to block the server's thread inside a
 * synchronous write, and with it /health and every call. While a write is in flight new lines wait,
 * up to MAX_PENDING_LOG_BYTES; past that they are dropped and counted, and the count is logged
 * (`droppedNotice`) once the output moves again. What is pending at exit is written synchronously, so
 * nothing logged before a normal exit (or SIGTERM drain) is lost.
 */
export function stderrWriter(droppedNotice: (dropped: number) => string, out: LogOutput = STDERR): (line: string) => void {
  let pending: string[] = [];
  let pendingBytes = 0;
  let dropped = 0;
  let inFlight = false;
  let scheduled = false;
  let broken = false;
  const take = () => {
    if (dropped > 0) pending.push(droppedNotice(dropped));
    dropped = 0;
    const text = `${pending.join("\n")}\n`;
    pending = [];
    pendingBytes = 0;
    return Buffer.from(text);
  };
  const send = (data: Uint8Array) => {
    inFlight = true;
    out.write(data, (error, written) => {
      if (error) {
        // stderr closed (EPIPE): logs have nowhere to go; serving goes on.
        inFlight = false;
        broken = true;
        pending = [];
        pendingBytes = 0;
        return;
      }
      if (written < data.byteLength) return send(data.subarray(written));
      inFlight = false;
      if (pending.length > 0 || dropped > 0) flush();
    });
  };
  const flush = () => {
    scheduled = false;
    if (inFlight || broken || (pending.length === 0 && dropped === 0)) return;
    send(take());
  };
  process.once("exit", () => {
    if (broken || (pending.length === 0 && dropped === 0)) return;
    try {
      out.writeSync(take());
    } catch {
      // stderr closed: nothing to do at exit.
    }
  });
  return (line) => {
    if (broken) return;
    if (pendingBytes + line.length + 1 > MAX_PENDING_LOG_BYTES) {
      dropped++;
      return;
    }
    pending.push(line);
    pendingBytes += line.length + 1;
    if (!scheduled && !inFlight) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let sharedWriter: ((line: string) => void) | null = null;

export function createLogger(options: { format?: "json" | "pretty" | null; write?: (line: string) => void } = {}): Logger {
  const format = options.format ?? (process.stderr.isTTY ? "pretty" : "json");
  const write = options.write ?? (sharedWriter ??= stderrWriter((dropped) => droppedLine(format, dropped)));
  const emit = (level: Level, msg: string, fields: Fields = {}) => {
    const time = new Date().toISOString();
    if (format === "json") {
      write(JSON.stringify({ time, level, msg, ...fields }, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
      return;
    }
    const extra = Object.entries(fields)
      .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x))}`)
      .join(" ");
    write(`${time.slice(11, 23)} ${COLORS[level]}${level.toUpperCase().padEnd(5)}\x1b[0m ${msg}${extra ? ` \x1b[90m${extra}\x1b[0m` : ""}`);
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

/** The line that says how many log lines a stalled stderr reader cost, in the logger's format. */
function droppedLine(format: "json" | "pretty", dropped: number): string {
  const msg = "log lines dropped: stderr was not read fast enough";
  const time = new Date().toISOString();
  if (format === "json") return JSON.stringify({ time, level: "warn", msg, dropped });
  return `${time.slice(11, 23)} ${COLORS.warn}WARN \x1b[0m ${msg} \x1b[90mdropped=${dropped}\x1b[0m`;
}

/** A logger that drops everything, for unit tests. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
