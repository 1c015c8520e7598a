import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers/temp.ts";

const MAIN = join(import.meta.dir, "../../src/main.ts");
let dirs: string[] = [];

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

async function runAdmin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const proc = Bun.spawn([process.execPath, MAIN, "admin", ...args], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "" },
  });
  proc.stdin.end();
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, stdout, stderr };
}

describe("vellum admin without a terminal", () => {
  test("exits 2 with one sentence naming the non-interactive subcommands, and touches no data dir", async () => {
    const parent = tempDir();
    dirs.push(parent);
    const dir = join(parent, "data");
    const { code, stdout, stderr } = await runAdmin(["--dir", dir]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    const message = stderr.trim();
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toContain("needs an interactive terminal");
    for (const sub of ["vellum config get|set|list", "vellum keys list|create|show|credit|revoke", "vellum kit import", "vellum backup"]) {
      expect(message).toContain(sub);
    }
    expect(existsSync(dir)).toBe(false);
  });

  test("an unknown flag is a usage error (exit 2)", async () => {
    const { code, stderr } = await runAdmin(["--nope"]);
    expect(code).toBe(2);
    expect(stderr).toContain("vellum admin:");
    expect(stderr).toContain("--nope");
  });

  test("--help describes the screens and keys and needs no terminal", async () => {
    const { code, stdout } = await runAdmin(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: vellum admin [--dir DIR]");
    expect(stdout).toContain("1 Treasury");
    expect(stdout).toContain("4 RPC");
  });
});
