import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh directory under the system's temporary folder (benchmarks and tests). */
export function tempDir(prefix = "vellum-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
