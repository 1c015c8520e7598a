import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { requireBinary, spawnServer } from "./helpers/binary.ts";
import { startTargetSite, SIMPLE_ARTICLE, type TargetSite } from "./helpers/target-site.ts";
import { tempDir } from "./helpers/temp.ts";

/** The compiled executable, driven as an operator and a user would. */
let site: TargetSite;
let work: string;
let binary: string;

beforeAll(async () => {
  binary = requireBinary();
  site = await startTargetSite();
  work = tempDir("vellum-bin-");
});
afterAll(async () => {
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

async function run(args: string[], cwd = work) {
  const proc = Bun.spawn([binary, ...args], { cwd, stdout: "pipe", stderr: "pipe", env: { PATH: process.env.PATH ?? "" } });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { out, err, code };
}

describe("the compiled binary", () => {
  test("serves an extraction on the free trial and stops cleanly on SIGTERM", async () => {
    const dir = join(work, "data");
    const server = await spawnServer([binary], ["--dir", dir, "--allow-private-targets", site.allowEntry], { cwd: work });
    const res = await fetch(`${server.url}/extract?free=1&url=${encodeURIComponent(site.url("/article-simple"))}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.title).toBe(SIMPLE_ARTICLE.title);
    expect(body.markdown.length).toBeGreaterThan(200);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.logs.some((l) => l.msg === "stopped")).toBe(true);
    expect(server.logs.filter((l) => l.msg === "request").every((l) => typeof l.req === "string")).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  test("version and /health agree", async () => {
    const { out, code } = await run(["version"]);
    expect(code).toBe(0);
    const version = out.split("\n")[0]!.replace(/^vellum /, "");
    const server = await spawnServer([binary], ["--dir", join(work, "v")], { cwd: work });
    const health = await (await fetch(`${server.url}/health`)).json();
    expect(health.version).toBe(version);
    expect(await server.stop()).toBe(0);
  });

  test("ignores a bunfig.toml and .env in its working directory", async () => {
    const cwd = tempDir("vellum-cwd-");
    writeFileSync(join(cwd, ".env"), "VELLUM_FREE_CALLS_PER_DAY=77\n");
    writeFileSync(join(cwd, "bunfig.toml"), 'preload = ["./nope.ts"]\n');
    const server = await spawnServer([binary], ["--dir", join(cwd, "d")], { cwd });
    const health = await (await fetch(`${server.url}/health`)).json();
    expect(health.pricing.freeCallsPerDay).toBe(5);
    expect(await server.stop()).toBe(0);
    rmSync(cwd, { recursive: true, force: true });
  });

  test("a bad flag value stops the start with a message naming it", async () => {
    const { err, code } = await run(["serve", "--dir", join(work, "bad"), "--confirmations", "zero"]);
    expect(code).toBe(1);
    expect(err).toContain('--confirmations: expected a whole number from 1 to 1000, got "zero"');
  });

  test("--help works for every subcommand without touching the data dir", async () => {
    const cwd = tempDir("vellum-help-");
    for (const cmd of ["serve", "admin", "version", "config", "keys", "kit", "backup", "migrate"]) {
      const { out, code } = await run([cmd, "--help"], cwd);
      expect(code).toBe(0);
      expect(out).toContain("Usage");
    }
    expect((await run(["--help"], cwd)).code).toBe(0);
    expect(Array.from(new Bun.Glob("**").scanSync({ cwd, onlyFiles: false }))).toEqual([]);
    rmSync(cwd, { recursive: true, force: true });
  });
});
