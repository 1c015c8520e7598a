import { expect, test } from "bun:test";
import { AEB_DIR, aebDir, BenchDataAbsentError } from "./bench-data.ts";
import { tempDir } from "./temp.ts";

test("a missing benchmark folder is named in a sentence, not an ENOENT", () => {
  const missing = `${tempDir("vellum-no-bench-")}/aeb`;
  expect(() => aebDir(missing)).toThrow(BenchDataAbsentError);
  expect(() => aebDir(missing)).toThrow(`benchmark data is absent: this test reads the article-extraction-benchmark pages from ${missing}`);
});

test("the benchmark folder beside the repository is found when present", () => {
  expect(aebDir()).toBe(AEB_DIR);
});
