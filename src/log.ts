/**
 * Logs go to stderr: JSON lines when stderr is not a TTY (for journald and collectors), readable
 * lines on a TTY (Caddy's rule). Callers pass a request id in `fields.req` for request lines.
 * Never log a key, token, signature or an RPC URL (they may carry credentials).
 */
import { writeSync } from "node:fs";

export type Level = "debug" | "info" | "warn" | "error";
export type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
}

const COLORS: Record<Level, string> = { debug: "\x1b[90m", info: "\x1b[36m", warn: "\x1b[33m", error: "\x1b[31m" };

/**
 * Writes lines to stderr in batches: one write per event-loop turn instead of one per line, so a
 * log line per request stays cheap under load. Flushed synchronously at exit, so nothing logged
 * before a normal exit (or SIGTERM drain) is lost.
 */
function batchedStderr(): (line: string) => void {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("\n") + "\n";
    pending = [];
    try {
      writeSync(2, text);
    } catch {
      // stderr closed (EPIPE): logs have nowhere to go; serving goes on.
    }
  };
  process.once("exit", flush);
  return (line) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

let sharedWriter: ((line: string) => void) | null = null;

export function createLogger(options: { format?: "json" | "pretty" | null; write?: (line: string) => void } = {}): Logger {
  const format = options.format ?? (process.stderr.isTTY ? "pretty" : "json");
  const write = options.write ?? (sharedWriter ??= batchedStderr());
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

/** A logger that drops everything, for unit tests. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
