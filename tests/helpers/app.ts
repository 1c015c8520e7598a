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
  return {
    dir,
    db,
    live,
    request: (path, init) => {
      const request = new Request(path.startsWith("/") ? TEST_ORIGIN + path : path, init);
      // A socket's request always carries Host (the server refuses one without); a built one does not.
      if (!request.headers.has("host")) request.headers.set("host", new URL(request.url).host);
      return app.handle(request);
    },
    close: async () => {
      await services.close();
      live.stop();
      await db.close();
      if (typeof flags.dir !== "string") rmSync(dir, { recursive: true, force: true });
    },
  };
}
