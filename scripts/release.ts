/**
 * `bun run release`: one archive per platform, each holding the `vellum` executable, the README
 * and the operator files (systemd unit, Caddy and nginx examples), plus `checksums.txt` (SHA-256,
 * the format `sha256sum -c` reads). Cross-compiled Bun runtimes come from the npm registry.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import pkg from "../package.json" with { type: "json" };
import { compile } from "./build.ts";

export const TARGETS = [
  { name: "linux-x64", target: "bun-linux-x64-modern" },
  { name: "linux-x64-baseline", target: "bun-linux-x64-baseline" },
  { name: "linux-arm64", target: "bun-linux-arm64" },
  { name: "darwin-arm64", target: "bun-darwin-arm64" },
] as const;

const ROOT = join(import.meta.dir, "..");

export async function release(outDir = join(ROOT, "dist/release")) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const sums: string[] = [];
  for (const { name, target } of TARGETS) {
    const stage = join(outDir, `vellum-${pkg.version}-${name}`);
    mkdirSync(stage, { recursive: true });
    await compile({ outfile: join(stage, "vellum"), target: target as Bun.Build.CompileTarget });
    // Source maps stay out of the archives (they only serve local debugging).
    for (const map of new Bun.Glob("*.map").scanSync({ cwd: stage })) rmSync(join(stage, map), { force: true });
    cpSync(join(ROOT, "README.md"), join(stage, "README.md"));
    cpSync(join(ROOT, "scripts/deploy"), join(stage, "deploy"), { recursive: true });
    const archive = `vellum-${pkg.version}-${name}.tar.gz`;
    const tar = Bun.spawnSync(["tar", "-czf", archive, `vellum-${pkg.version}-${name}`], { cwd: outDir });
    if (tar.exitCode !== 0) throw new Error(`tar failed for ${name}: ${tar.stderr.toString()}`);
    rmSync(stage, { recursive: true, force: true });
    const digest = createHash("sha256")
      .update(await Bun.file(join(outDir, archive)).bytes())
      .digest("hex");
    sums.push(`${digest}  ${archive}`);
    console.log(`built ${archive}`);
  }
  writeFileSync(join(outDir, "checksums.txt"), sums.join("\n") + "\n");
  return outDir;
}
