import { ConfigError, resolveConfig, type FlagValues } from "../config.ts";
import { createLiveConfig, type LiveConfig } from "../live-config.ts";
import { publishRunningSettings } from "../running-settings.ts";
import { createLogger, type Logger } from "../log.ts";
import { openDb, SchemaTooNewError, describeStore, type Db } from "../store/db.ts";
import { releaseStaleReservations, startLeaseKeeper } from "../store/leases.ts";
import { DATABASE_URL_FLAG, databaseUrlOf } from "./store-args.ts";
import { createApp } from "../server/app.ts";
import { createServices } from "../server/services.ts";
import { assertAddressFree } from "./listen-check.ts";
import { VERSION } from "../version.ts";
import { dataDirProblem, parseFlags, type CommandContext } from "./args.ts";
import { serveHelp } from "./serve-help.ts";

export const SERVE_HELP = serveHelp();

export interface RunningServer {
  url: string;
  port: number;
  live: LiveConfig;
  db: Db;
  log: Logger;
  /** Stops accepting, drains in-flight requests up to the deadline, closes pool and database. */
  stop(reason?: string): Promise<void>;
}

/**
 * Starts vellum: resolves and validates the configuration (stored settings included) before
 * anything listens, opens the store, releases calls left in flight by a dead process, starts
 * the worker pool and the HTTP server.
 * @throws ConfigError naming the bad setting.
 */
export async function startServer(
  flags: FlagValues,
  env: Record<string, string | undefined>,
  options: { log?: Logger } = {},
): Promise<RunningServer> {
  // The data dir decides where stored settings live, so it is resolved first from flags/env alone.
  const early = resolveConfig(flags, env, {});
  // --http is not a stored setting, so it is final here: a busy address stops the start before the
  // store is opened (see listen-check.ts for why Bun would otherwise share the port).
  await assertAddressFree(early.config.http.host, early.config.http.port);
  const log = options.log ?? createLogger({ format: early.config.logFormat });
  const databaseUrl = databaseUrlOf((flags as Record<string, unknown>)["database-url"], env);
  const leaseMs = env.VELLUM_RESERVATION_LEASE_MS ? Number(env.VELLUM_RESERVATION_LEASE_MS) : undefined;
  if (leaseMs !== undefined && !(Number.isInteger(leaseMs) && leaseMs >= 300))
    throw new ConfigError(
      `VELLUM_RESERVATION_LEASE_MS: expected a whole number of milliseconds ≥ 300, got "${env.VELLUM_RESERVATION_LEASE_MS}"`,
    );
  let db: Db;
  try {
    db = await openDb(early.config.dir, { databaseUrl, leaseMs });
  } catch (err) {
    if (err instanceof SchemaTooNewError) throw new ConfigError(err.message);
    // A data dir that cannot be made or opened: a sentence naming --dir and the fix, not a stack.
    if (!databaseUrl && typeof (err as { code?: unknown }).code === "string")
      throw dataDirProblem(
        early.config.dir,
        early.sources.dir === "flag" ? "--dir" : early.sources.dir === "env" ? "VELLUM_DIR" : "the default",
        err,
      );
    throw err;
  }
  let live: LiveConfig;
  try {
    live = await createLiveConfig({ flags, env, db, log });
  } catch (err) {
    await db.close();
    throw err;
  }
  const config = live.current;

  // SQLite: one server per data dir, so whatever is in flight belongs to a dead process. PostgreSQL:
  // several instances share the ledger; only calls whose owner's lease expired are given back, at
  // start and then by the lease keeper while serving (src/store/leases.ts).
  const released = await releaseStaleReservations(db, { everyOwner: db.backend === "sqlite" });
  if (released.free + released.paid > 0) log.warn("released calls left in flight by a previous process", released);
  const leases = startLeaseKeeper(
    db,
    (r) => log.warn("released calls left in flight by a previous process", r),
    (err) => log.error("could not renew reservation leases", { error: (err as Error).message }),
  );

  const services = await createServices({ live, log, db });
  if (config.payTo) {
    // A treasury on the wrong chain would take payments vellum can never see: refuse to start.
    const check = await services.chain().checkChainId();
    if (!check.ok && check.reason === "mismatch") {
      await services.close();
      leases.stop();
      await db.close();
      throw new ConfigError(check.message);
    }
    if (!check.ok) log.warn("the RPC could not be reached at start; redeems answer 503 until it can", { reason: check.message });
  }
  const app = createApp({ db, live, log, ...services.appDeps });
  app.listen({ hostname: config.http.host, port: config.http.port, idleTimeout: 120 });
  const server = app.server!;
  const host = config.http.host.includes(":") ? `[${config.http.host}]` : config.http.host;
  const url = `http://${host}:${server.port}`;
  // The CLI and the console read what this server really uses (flags and env included) from here.
  const published = publishRunningSettings({ db, live, url, log });
  log.info("vellum listening", {
    version: VERSION,
    url,
    dir: config.dir,
    store: describeStore(config.dir, databaseUrl),
    workers: config.workers,
    payTo: config.payTo ?? "(not configured: no calls are sold)",
  });

  let stopped: Promise<void> | null = null;
  const stop = (reason = "stop") =>
    (stopped ??= (async () => {
      log.info("stopping: draining in-flight requests", { reason, deadlineMs: live.current.drainTimeoutMs });
      const drained = server.stop(false).then(() => true);
      const timedOut = new Promise<boolean>((r) => setTimeout(() => r(false), live.current.drainTimeoutMs).unref());
      if (!(await Promise.race([drained, timedOut]))) {
        log.warn("drain deadline passed; closing the remaining connections");
        await server.stop(true);
      }
      await services.close();
      await published.stop();
      live.stop();
      leases.stop();
      await db.close();
      log.info("stopped");
    })());
  return { url, port: server.port!, live, db, log, stop };
}

/** `vellum serve`: start, then wait for SIGTERM/SIGINT and drain. */
export async function serve(ctx: CommandContext): Promise<number> {
  const flags: FlagValues = parseFlags(ctx.args, "serve", DATABASE_URL_FLAG);
  const running = await startServer(flags, ctx.env);
  return await new Promise<number>((resolve) => {
    const onSignal = (signal: string) => void running.stop(signal).then(() => resolve(0));
    process.on("SIGTERM", () => onSignal("SIGTERM"));
    process.on("SIGINT", () => onSignal("SIGINT"));
  });
}
