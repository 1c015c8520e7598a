import { rmSync } from "node:fs";
import type { FlagValues } from "../../src/config.ts";
import { startServer, type RunningServer } from "../../src/cli/serve.ts";
import { createLogger, silentLogger } from "../../src/log.ts";

import { tempDir } from "./temp.ts";

export interface TestService extends RunningServer {
  dir: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  post(path: string, body: unknown, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts the real server (same code as `vellum serve`) on 127.0.0.1 with an ephemeral port and a
 * fresh temporary data dir. Environment variables are NOT inherited, so the developer's
 * VELLUM_* never leak into a test.
 */
export async function startTestService(flags: FlagValues = {}, env: Record<string, string> = {}): Promise<TestService> {
  const dir = typeof flags.dir === "string" ? flags.dir : tempDir();
  const running = await startServer({ http: "127.0.0.1:0", workers: "1", ...flags, dir }, env, {
    log: process.env.VELLUM_TEST_LOG ? createLogger({ format: "json" }) : silentLogger,
  });
  return {
    ...running,
    dir,
    get: (path, init) => fetch(running.url + path, init),
    post: (path, body, init) =>
      fetch(running.url + path, {
        method: "POST",
        ...init,
        headers: { "content-type": "application/json", ...(init?.headers as Record<string, string>) },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    close: async () => {
      await running.stop("test");
      if (typeof flags.dir !== "string") rmSync(dir, { recursive: true, force: true });
    },
  };
}
