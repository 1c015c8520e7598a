import { rmSync } from "node:fs";
import type { FlagValues } from "../../src/config.ts";
import { createLiveConfig, type LiveConfig } from "../../src/live-config.ts";
import { createLogger, silentLogger, type Logger } from "../../src/log.ts";
import { createApp } from "../../src/server/app.ts";
import { createServices } from "../../src/server/services.ts";
import { openDb, type Db } from "../../src/store/db.ts";
import { tempDir } from "./temp.ts";

/** The origin of requests handled in process (no socket: app.handle). */
export const TEST_ORIGIN = "http://vellum.test";

export interface TestApp {
  dir: string;
  db: Db;
  live: LiveConfig;
  /** Handles a request without a socket; `path` may be absolute (an URL the app handed out) or start with "/". */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** The same calls as TestService's (tests/helpers/service.ts), so a test can switch between them. */
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The app the server runs (createApp with the real store, live configuration and services), driven
 * through `app.handle(new Request(…))`: for route tests that need no real socket. The clock and
 * the settings poll interval can be injected, so a test never sleeps for a fixed time.
 * Tests that need a socket (peer address, streaming, the process) use startTestService.
 */
export async function startTestApp(
  flags: FlagValues = {},
  options: { now?: () => number; settingsPollMs?: number; env?: Record<string, string>; log?: Logger } = {},
): Promise<TestApp> {
  const dir = typeof flags.dir === "string" ? flags.dir : tempDir();
  const log = options.log ?? (process.env.VELLUM_TEST_LOG ? createLogger({ format: "json" }) : silentLogger);
  const db = await openDb(dir);
  const live = await createLiveConfig({
    flags: { workers: "1", ...flags, dir },
    env: options.env ?? {},
    db,
    log,
    pollMs: options.settingsPollMs,
  });
  const services = await createServices({ live, log, db });
  const app = createApp({ db, live, log, ...services.appDeps, now: options.now });
  const request = (path: string, init?: RequestInit) => {
    const built = new Request(path.startsWith("/") ? TEST_ORIGIN + path : path, init);
    // A socket's request always carries Host (the server refuses one without); a built one does not.
    if (!built.headers.has("host")) built.headers.set("host", new URL(built.url).host);
    return app.handle(built);
  };
  return {
    dir,
    db,
    live,
    request,
    get: (path, init) => request(path, init),
    post: (path, body, init) =>
      request(path, {
        method: "POST",
        ...init,
        headers: { "content-type": "application/json", ...(init?.headers as Record<string, string>) },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    close: async () => {
      await services.close();
      live.stop();
      await db.close();
      if (typeof flags.dir !== "string") rmSync(dir, { recursive: true, force: true });
    },
  };
}
