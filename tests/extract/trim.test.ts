import { describe, expect, test } from "bun:test";
import { trimEndUnless, trimEndWhile } from "../../src/extract/trim.ts";

describe("trimming the end of a string in linear time", () => {
  const ALPHABET = ["a", "Z", "7", ".", "!", " ", ",", "é", "😀", "𝟘", "-", "\n"];
  /** Strings of 0-11 characters drawn from ALPHABET by a fixed generator (the test is repeatable). */
  const samples = (() => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    return Array.from({ length: 2000 }, () => Array.from({ length: next() % 12 }, () => ALPHABET[next() % ALPHABET.length]).join(""));
  })();

  test("trimEndUnless gives what the pattern /[^…]+$/u gives, astral characters included", () => {
    for (const s of samples) expect(trimEndUnless(s, /^[\p{L}\p{N}.]$/u)).toBe(s.replace(/[^\p{L}\p{N}.]+$/u, ""));
  });

  test("trimEndWhile drops the run of matching code units only", () => {
    for (const s of samples) expect(trimEndWhile(s, (c) => c === 10 || c === 32)).toBe(s.replace(/[\n ]+$/, ""));
  });

  test("a long run that is not at the end costs one pass", () => {
    const run = `a${"!".repeat(400_000)}b`;
    expect(trimEndUnless(run, /^[\p{L}\p{N}.]$/u)).toBe(run);
    expect(trimEndUnless(`${run}${"!".repeat(400_000)}`, /^[\p{L}\p{N}.]$/u)).toBe(run);
  }, 5_000);
});
