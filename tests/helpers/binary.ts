import { existsSync } from "node:fs";
import { join } from "node:path";

export const BINARY = join(import.meta.dir, "../../dist/vellum");

/** The compiled binary must exist: `npm test` builds it first (`bun run build`). */
export function requireBinary(): string {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run 'bun run build' first (npm test does)`);
  return BINARY;
}

// Shared with the benchmarks, which may not import tests/ (ARCHITECTURE.md, "Dependency direction").
export { spawnServer, type SpawnedServer } from "../../scripts/lib/spawn-server.ts";
