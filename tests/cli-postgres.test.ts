import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./helpers/temp.ts";
import { startPostgres, type PostgresServer } from "./helpers/postgres.ts";
import { openDb } from "../src/store/db.ts";
import { SCHEMA_VERSION } from "../src/store/migrations.ts";
import { readSettings } from "../src/store/settings.ts";

/** The operator subcommands against a PostgreSQL store (--database-url / VELLUM_DATABASE_URL), as processes. */
const MAIN = join(import.meta.dir, "../src/main.ts");
let pg: PostgresServer;
const dirs: string[] = [];
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function freshDir() {
  const d = tempDir("vellum-cli-pg-");
  dirs.push(d);
  return d;
}

async function vellum(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
    env: { PATH: "/usr/bin:/bin", ...env },
  });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { out, err, code };
}

describe("operator commands on PostgreSQL", () => {
  test("migrate status names the database (password hidden) and its version; nothing is written to --dir", async () => {
    const url = (await pg.freshDatabase()).replace("postgres@", "postgres:s3cret@");
    const dir = join(freshDir(), "not-created");
    const before = await vellum(["migrate", "status", "--database-url", url, "--dir", dir]);
    expect(before.code).toBe(0);
    expect(before.out).toContain("schema version 0");
    expect(before.out).not.toContain("s3cret");
    expect(existsSync(dir)).toBe(false);
    await (await openDb(dir, { databaseUrl: url })).close();
    const after = await vellum(["migrate", "status", "--dir", dir], { VELLUM_DATABASE_URL: url });
    expect(after.code).toBe(0);
    expect(after.out).toContain(`schema version ${SCHEMA_VERSION}`);
    expect(after.out).toContain("postgres://postgres:***@");
  });

  test("config set/get and keys create/list work on the database, not on a SQLite file", async () => {
    const url = await pg.freshDatabase();
    const dir = freshDir();
    expect((await vellum(["config", "set", "freeCallsPerDay", "9", "--database-url", url, "--dir", dir])).code).toBe(0);
    const got = await vellum(["config", "get", "freeCallsPerDay", "--database-url", url, "--dir", dir]);
    expect(got.out).toContain("9");
    const created = await vellum(["keys", "create", "--calls", "12", "--note", "pg test", "--json"], { VELLUM_DATABASE_URL: url });
    expect(created.code).toBe(0);
    const listed = await vellum(["keys", "list", "--json", "--database-url", url]);
    expect(JSON.parse(listed.out)).toEqual([expect.objectContaining({ callsRemaining: 12 })]);
    const db = await openDb(dir, { databaseUrl: url });
    expect(await readSettings(db)).toEqual({ freeCallsPerDay: 9 });
    await db.close();
    expect(existsSync(join(dir, "vellum.db"))).toBe(false);
  });

  test("an unreachable database is a clear error, not a stack trace", async () => {
    const r = await vellum(["config", "list", "--database-url", "postgres://nobody@127.0.0.1:1/none", "--dir", freshDir()]);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain("cannot reach PostgreSQL at postgres://nobody@127.0.0.1:1/none");
  });

  test("backup without pg_dump on the PATH says to use pg_dump, writes nothing and exits 1", async () => {
    const url = await pg.freshDatabase();
    const dir = freshDir();
    const r = await vellum(["backup", "--dir", dir, "--database-url", url], { PATH: freshDir() });
    expect(r.code).toBe(1);
    expect(r.err).toContain("pg_dump is not on the PATH");
    expect(existsSync(join(dir, "backups"))).toBe(false);
  });

  test("backup runs pg_dump (custom format) into DIR/backups when it is on the PATH, and reports its failure", async () => {
    const url = await pg.freshDatabase();
    const dir = freshDir();
    const bin = freshDir();
    // A stand-in pg_dump that records its arguments and writes the --file it is given.
    const log = join(bin, "args");
    writeFileSync(
      join(bin, "pg_dump"),
      `#!/bin/sh\necho "$@" > ${log}\nfor a in "$@"; do case "$a" in --file=*) echo dump > "\${a#--file=}";; esac; done\n[ -z "$FAIL" ] || { echo "connection refused" >&2; exit 1; }\n`,
    );
    chmodSync(join(bin, "pg_dump"), 0o755);
    const ok = await vellum(["backup", "--dir", dir, "--database-url", url], { PATH: `${bin}:/usr/bin:/bin` });
    expect(ok.code).toBe(0);
    const path = ok.out.trim();
    expect(path).toMatch(new RegExp(`^${join(dir, "backups")}/vellum-\\d{8}T\\d{9}Z\\.dump$`));
    expect(readFileSync(path, "utf8")).toBe("dump\n");
    expect(readFileSync(log, "utf8")).toContain(`--format=custom`);
    expect(readFileSync(log, "utf8")).toContain(`--dbname=${url}`);
    const failed = await vellum(["backup", "--dir", dir, "--database-url", url], { PATH: `${bin}:/usr/bin:/bin`, FAIL: "1" });
    expect(failed.code).toBe(1);
    expect(failed.err).toContain("pg_dump failed (exit 1): connection refused");
  });
});
