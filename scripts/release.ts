/**
 * `bun run release`: one archive per platform, each holding the `vellum` executable, the README
 * and the operator files (in `deploy/`: systemd unit, Caddy and nginx examples, copied from
 * scripts/deploy/ in the source tree), plus `checksums.txt` (SHA-256, the format `sha256sum -c`
 * reads).
 *
 * Each platform's Bun runtime is fetched explicitly (`npm pack @oven/bun-<platform>@<bun version>`,
 * the registry's ordinary client) and embedded with `executablePath`, so the script knows which
 * runtime went into which archive and checks, before writing anything:
 *   - the linux-x64 and linux-x64-baseline runtimes differ (a "baseline" archive holding the
 *     AVX2 runtime would crash with SIGILL on exactly the CPUs it is meant for);
 *   - each binary's header names its CPU and OS (ELF x86-64 / AArch64, Mach-O arm64);
 *   - each binary this machine can run reports its own target (`vellum version`).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { compile } from "./build.ts";

export interface ReleaseTarget {
  /** Archive and `vellum version` name. */
  name: string;
  target: Bun.Build.CompileTarget;
  /** The npm package holding this platform's Bun runtime (bin/bun). */
  runtimePackage: string;
  /** What the executable's header must say. */
  format: BinaryFormat;
}

export type BinaryFormat = "elf-x64" | "elf-arm64" | "macho-arm64";

export const TARGETS: readonly ReleaseTarget[] = [
  { name: "linux-x64", target: "bun-linux-x64-modern", runtimePackage: "@oven/bun-linux-x64", format: "elf-x64" },
  { name: "linux-x64-baseline", target: "bun-linux-x64-baseline", runtimePackage: "@oven/bun-linux-x64-baseline", format: "elf-x64" },
  { name: "linux-arm64", target: "bun-linux-arm64", runtimePackage: "@oven/bun-linux-aarch64", format: "elf-arm64" },
  { name: "darwin-arm64", target: "bun-darwin-arm64", runtimePackage: "@oven/bun-darwin-aarch64", format: "macho-arm64" },
];

const ROOT = join(import.meta.dir, "..");

export class ReleaseError extends Error {}

/**
 * The CPU and OS an executable is for, from its first bytes: ELF e_machine (0x3E x86-64,
 * 0xB7 AArch64) or a 64-bit Mach-O's cputype (0x0100000C arm64); null for anything else.
 */
export function binaryFormat(head: Uint8Array): BinaryFormat | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length >= 20 && head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) {
    const machine = view.getUint16(18, head[5] === 1); // EI_DATA 1 = little-endian
    return machine === 0x3e ? "elf-x64" : machine === 0xb7 ? "elf-arm64" : null;
  }
  if (head.length >= 8 && view.getUint32(0, true) === 0xfeedfacf) return view.getUint32(4, true) === 0x0100000c ? "macho-arm64" : null;
  return null;
}

/**
 * Refuses a release whose baseline runtime is the modern one (the archives would differ only by
 * name). @param runtimes target name → path of the Bun runtime embedded for it
 * @throws ReleaseError naming both files and their common SHA-256.
 */
export function checkRuntimesDiffer(runtimes: Record<string, string>): void {
  const modern = runtimes["linux-x64"];
  const baseline = runtimes["linux-x64-baseline"];
  if (!modern || !baseline) return;
  const [a, b] = [sha256(readFileSync(modern)), sha256(readFileSync(baseline))];
  if (a === b)
    throw new ReleaseError(
      `the linux-x64-baseline runtime (${baseline}) is byte-identical to the linux-x64 one (${modern}, sha256 ${a}): ` +
        "the registry served the modern build under the baseline name, and a baseline archive made from it would crash on CPUs without AVX2. " +
        "Not releasing; fetch the baseline runtime from another mirror (VELLUM_RELEASE_RUNTIME_linux_x64_baseline=PATH) and run again.",
    );
}

/**
 * Checks one built executable: its header names the target's CPU and OS, and when this machine
 * can run it, `vellum version` reports the target it was built for.
 * @throws ReleaseError saying what is wrong.
 */
export function checkBinary(path: string, target: ReleaseTarget): void {
  const format = binaryFormat(readFileSync(path).subarray(0, 64));
  if (format !== target.format)
    throw new ReleaseError(`${path}: built for ${format ?? "an unknown platform"}, not ${target.format} (${target.name})`);
  if (!canRunHere(target)) return;
  const run = Bun.spawnSync([path, "version"], { stdout: "pipe", stderr: "pipe", env: { PATH: process.env.PATH ?? "" } });
  const said = run.stdout.toString();
  if (run.exitCode !== 0 || !said.includes(`built for ${target.name}\n`))
    throw new ReleaseError(
      `${path}: 'vellum version' says ${JSON.stringify(said || run.stderr.toString())}, not "built for ${target.name}"`,
    );
}

/** Linux x64 runs both x64 builds (a modern one only on an AVX2 CPU, which the check then needs). */
export function canRunHere(target: ReleaseTarget): boolean {
  return process.platform === "linux" && process.arch === "x64" && target.format === "elf-x64";
}

/**
 * The Bun runtime for a target: VELLUM_RELEASE_RUNTIME_<name with _> when set (an operator's own
 * mirror), else `npm pack <package>@<this Bun's version>` into `cacheDir`, extracted once.
 */
export function fetchRuntime(target: ReleaseTarget, cacheDir: string, env = process.env): string {
  const override = env[`VELLUM_RELEASE_RUNTIME_${target.name.replace(/-/g, "_")}`];
  if (override) return override;
  const dir = join(cacheDir, `${target.runtimePackage.replace("/", "+")}-${Bun.version}`);
  const bin = join(dir, "package", "bin", "bun");
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  const pack = Bun.spawnSync(["npm", "pack", `${target.runtimePackage}@${Bun.version}`, "--pack-destination", dir, "--silent"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  if (pack.exitCode !== 0)
    throw new ReleaseError(`could not fetch ${target.runtimePackage}@${Bun.version} with npm pack: ${pack.stderr.toString().trim()}`);
  const tarball = join(dir, pack.stdout.toString().trim().split("\n").at(-1)!);
  const tar = Bun.spawnSync(["tar", "-xzf", tarball, "-C", dir], { stderr: "pipe" });
  if (tar.exitCode !== 0 || !existsSync(bin)) throw new ReleaseError(`${tarball} holds no package/bin/bun: ${tar.stderr.toString()}`);
  return bin;
}

export async function release(outDir = join(ROOT, "dist/release"), cacheDir = join(ROOT, "dist/runtimes")) {
  const runtimes: Record<string, string> = {};
  for (const t of TARGETS) runtimes[t.name] = fetchRuntime(t, cacheDir);
  checkRuntimesDiffer(runtimes);

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const sums: string[] = [];
  for (const t of TARGETS) {
    const folder = `vellum-${pkg.version}-${t.name}`;
    const stage = join(outDir, folder);
    mkdirSync(stage, { recursive: true });
    const binary = join(stage, "vellum");
    await compile({ outfile: binary, target: t.target, executablePath: runtimes[t.name], buildTarget: t.name, sourcemap: false });
    checkBinary(binary, t);
    cpSync(join(ROOT, "README.md"), join(stage, "README.md"));
    // In an archive the operator files sit in deploy/ (scripts/deploy/ in the source tree).
    cpSync(join(ROOT, "scripts/deploy"), join(stage, "deploy"), { recursive: true });
    const archive = `${folder}.tar.gz`;
    const tar = Bun.spawnSync(["tar", "-czf", archive, folder], { cwd: outDir, stderr: "pipe" });
    if (tar.exitCode !== 0) throw new ReleaseError(`tar failed for ${t.name}: ${tar.stderr.toString()}`);
    rmSync(stage, { recursive: true, force: true });
    sums.push(`${sha256(readFileSync(join(outDir, archive)))}  ${archive}`);
    console.log(`built ${archive}`);
  }
  writeFileSync(join(outDir, "checksums.txt"), `${sums.join("\n")}\n`);
  return outDir;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

if (import.meta.main) {
  try {
    console.log(`release in ${await release()}`);
  } catch (err) {
    if (!(err instanceof ReleaseError)) throw err;
    console.error(`release refused: ${err.message}`);
    process.exit(1);
  }
}
