import net from "node:net";
import { ConfigError } from "../config.ts";

/**
 * Refuses to start on an address something already listens on (issue 11). Elysia starts Bun with
 * `reusePort`, so a second `vellum serve` on a busy port would start silently and the kernel would
 * split connections between the two processes (two databases, each granting the free allowance).
 * A plain exclusive bind fails with EADDRINUSE in that case, and is released at once otherwise.
 * Port 0 (an ephemeral port) cannot be in use and is not checked.
 * @throws ConfigError naming the address.
 */
export async function assertAddressFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const shown = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  const problem = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (problem === null) return;
  if (problem.code === "EADDRINUSE")
    throw new ConfigError(
      `cannot listen on ${shown}: the address is already in use (another vellum or program is listening there); stop it or choose another --http`,
    );
  if (problem.code === "EACCES") throw new ConfigError(`cannot listen on ${shown}: permission denied (ports below 1024 need privileges)`);
  if (problem.code === "EADDRNOTAVAIL") throw new ConfigError(`cannot listen on ${shown}: no network interface has that address`);
  throw new ConfigError(`cannot listen on ${shown}: ${problem.message}`);
}
