import type { Subprocess } from "bun";

/**
 * A vellum server as a child process, for the benchmarks (scripts/bench.ts) and the tests
 * (tests/helpers/binary.ts re-exports it): tests may import scripts/, scripts never import tests/.
 */

export interface SpawnedServer {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  /** Every stderr line so far, parsed as JSON. */
  logs: Record<string, unknown>[];
  stop(signal?: NodeJS.Signals): Promise<number>;
}

/**
 * Spawns `vellum serve` (compiled binary or `bun src/main.ts`) on an ephemeral port and waits for
 * its "vellum listening" log line, which carries the URL.
 */
export async function spawnServer(
  cmd: string[],
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string> /** false: after start, drain stderr without parsing (benchmarks) */;
    collectLogs?: boolean;
  } = {},
): Promise<SpawnedServer> {
  const proc = Bun.spawn([...cmd, "serve", "--http", "127.0.0.1:0", "--log-format", "json", ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...options.env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const logs: Record<string, unknown>[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start; logs: ${JSON.stringify(logs)}`)), 20_000);
    (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      let listening = false;
      for await (const chunk of proc.stderr) {
        if (listening && options.collectLogs === false) continue;
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          try {
            const entry = JSON.parse(line);
            logs.push(entry);
            if (entry.msg === "vellum listening") {
              listening = true;
              clearTimeout(timer);
              resolve(entry.url);
            }
          } catch {
            logs.push({ raw: line });
          }
        }
      }
      clearTimeout(timer);
      reject(new Error(`server exited before listening: ${JSON.stringify(logs)}`));
    })();
  });
  return {
    proc,
    url,
    logs,
    stop: async (signal = "SIGTERM") => {
      proc.kill(signal);
      return await proc.exited;
    },
  };
}
