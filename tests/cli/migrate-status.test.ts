// `vellum migrate status` is a status command: it must not write (issue 11).
import { afterAll, expect, test } from "bun:test";
import { chmodSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { DB_FILE, openDb } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

const MAIN = join(import.meta.dir, "../../src/main.ts");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function vellum(args: string[]) {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
    env: { PATH: process.env.PATH ?? "" },
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { out, err, code };
}

test("migrate status leaves the data dir's mode, files and database untouched", async () => {
  const dir = tempDir("vellum-migrate-status-");
  dirs.push(dir);
  await (await openDb(dir)).close();
  chmodSync(dir, 0o750);
  const path = join(dir, DB_FILE);
  const files = readdirSync(dir).sort();
  const mtime = statSync(path).mtimeMs;

  const result = await vellum(["migrate", "status", "--dir", dir]);
  expect(result.code).toBe(0);
  expect(result.out).toContain("schema version");
  expect((statSync(dir).mode & 0o777).toString(8)).toBe("750");
  expect(readdirSync(dir).sort()).toEqual(files);
  expect(statSync(path).mtimeMs).toBe(mtime);
});

test("migrate status on a dir without a database creates nothing", async () => {
  const parent = tempDir("vellum-migrate-status-");
  dirs.push(parent);
  const dir = join(parent, "absent");
  const result = await vellum(["migrate", "status", "--dir", dir]);
  expect(result.code).not.toBe(0);
  expect(result.err).toContain("no database at");
  expect(existsSync(dir)).toBe(false);
});
