import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The benchmark pages some tests read (the article-extraction-benchmark set: ground-truth.json and
 * html/<id>.html.gz). They are not in this repository: they sit beside it, in ../shared/bench/aeb
 * (CONTRIBUTING.md, "Benchmark data"). Tests that need them call `aebDir()` inside the test, so a
 * checkout without them fails those tests with this sentence, and every other test still runs.
 */
export const AEB_DIR = resolve(import.meta.dir, "../../../shared/bench/aeb");

export class BenchDataAbsentError extends Error {
  constructor(dir: string) {
    super(
      `benchmark data is absent: this test reads the article-extraction-benchmark pages from ${dir} ` +
        '(ground-truth.json and html/<id>.html.gz), which sit beside the repository, not in it; see CONTRIBUTING.md, "Benchmark data"',
    );
    this.name = "BenchDataAbsentError";
  }
}

/** The benchmark folder, or a BenchDataAbsentError naming it when it is not there. */
export function aebDir(dir = AEB_DIR): string {
  if (!existsSync(join(dir, "ground-truth.json")) || !existsSync(join(dir, "html"))) throw new BenchDataAbsentError(dir);
  return dir;
}
