/**
 * The release script's checks (scripts/release.ts), run for real where this machine allows: two
 * x64 binaries built from the installed Bun runtime report their own targets, the header check
 * tells the platforms apart, and a "baseline" runtime identical to the modern one is refused.
 * Fetching the other platforms' runtimes (npm pack, ~40 MB each) is left to `bun run release`.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compile } from "../../scripts/build.ts";
import { binaryFormat, checkBinary, checkRuntimesDiffer, fetchRuntime, ReleaseError, TARGETS } from "../../scripts/release.ts";
import { requireBinary } from "../helpers/binary.ts";
import { tempDir } from "../helpers/temp.ts";

const ROOT = join(import.meta.dir, "../..");
const work = tempDir("vellum-release-");
afterAll(() => rmSync(work, { recursive: true, force: true }));

const target = (name: string) => TARGETS.find((t) => t.name === name)!;

describe("release script", () => {
  test("is its own entry point: release.ts imports build.ts, build.ts imports nothing of release.ts", async () => {
    const scan = (file: string) =>
      new Bun.Transpiler({ loader: "ts" }).scanImports(readFileSync(join(ROOT, file), "utf8")).map((i) => i.path);
    expect(scan("scripts/release.ts")).toContain("./build.ts");
    expect(scan("scripts/build.ts").some((p) => p.includes("release"))).toBe(false);
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.release).toBe("bun scripts/release.ts");
    expect(pkg.scripts.build).toBe("bun scripts/build.ts");
  });

  test("tells platforms apart by the executable's header", () => {
    expect(binaryFormat(readFileSync(requireBinary()).subarray(0, 64))).toBe("elf-x64");
    const elf = (machine: number) => {
      const h = new Uint8Array(64);
      h.set([0x7f, 0x45, 0x4c, 0x46, 2, 1]);
      new DataView(h.buffer).setUint16(18, machine, true);
      return h;
    };
    expect(binaryFormat(elf(0xb7))).toBe("elf-arm64");
    expect(binaryFormat(elf(0x28))).toBeNull(); // 32-bit ARM
    const macho = new Uint8Array(64);
    new DataView(macho.buffer).setUint32(0, 0xfeedfacf, true);
    new DataView(macho.buffer).setUint32(4, 0x0100000c, true);
    expect(binaryFormat(macho)).toBe("macho-arm64");
    new DataView(macho.buffer).setUint32(4, 0x01000007, true); // x86-64 Mac
    expect(binaryFormat(macho)).toBeNull();
    expect(binaryFormat(new TextEncoder().encode("#!/bin/sh\n"))).toBeNull();
  });

  test("refuses a baseline runtime that is byte-identical to the modern one", () => {
    const modern = join(work, "modern");
    const same = join(work, "same");
    const other = join(work, "other");
    writeFileSync(modern, "runtime A");
    writeFileSync(same, "runtime A");
    writeFileSync(other, "runtime B");
    expect(() => checkRuntimesDiffer({ "linux-x64": modern, "linux-x64-baseline": same })).toThrow(ReleaseError);
    expect(() => checkRuntimesDiffer({ "linux-x64": modern, "linux-x64-baseline": same })).toThrow(/byte-identical/);
    expect(() => checkRuntimesDiffer({ "linux-x64": modern, "linux-x64-baseline": other })).not.toThrow();
  });

  test("a runtime from the operator's own mirror is used as given (no download)", () => {
    const t = target("linux-x64-baseline");
    expect(fetchRuntime(t, work, { VELLUM_RELEASE_RUNTIME_linux_x64_baseline: "/opt/bun-baseline" })).toBe("/opt/bun-baseline");
  });

  test("each x64 binary reports the target it was built for; the check catches a binary under the wrong name", async () => {
    const modern = await compile({
      outfile: join(work, "build-x64", "vellum"),
      target: "bun-linux-x64-modern",
      executablePath: process.execPath,
      buildTarget: "linux-x64",
      sourcemap: false,
    });
    const baseline = await compile({
      outfile: join(work, "build-x64-baseline", "vellum"),
      target: "bun-linux-x64-baseline",
      executablePath: process.execPath,
      buildTarget: "linux-x64-baseline",
      sourcemap: false,
    });
    expect(() => checkBinary(modern, target("linux-x64"))).not.toThrow();
    expect(() => checkBinary(baseline, target("linux-x64-baseline"))).not.toThrow();
    const said = Bun.spawnSync([baseline, "version"]).stdout.toString();
    expect(said).toMatch(/^vellum \d+\.\d+\.\d+\nbuilt for linux-x64-baseline\n$/);
    // The old bug, as the check sees it: the modern build shipped as the baseline one.
    expect(() => checkBinary(modern, target("linux-x64-baseline"))).toThrow(/not "built for linux-x64-baseline"/);
    expect(() => checkBinary(modern, target("linux-arm64"))).toThrow(/built for elf-x64, not elf-arm64/);
    // The two files differ, and not only in the name they report.
    expect(Bun.hash(readFileSync(modern))).not.toBe(Bun.hash(readFileSync(baseline)));
  }, 180_000);
});
